// The Gateway API CRDs of the standard channel, v1.2.1 (config/crd/standard): GatewayClass, Gateway and HTTPRoute
// (v1 stored, v1beta1 served) and ReferenceGrant (v1beta1), with upstream's short names, category, printer columns,
// defaults (including the status a new object starts with: "Waiting for controller"), enums, patterns, limits and
// the CEL rules of the fields modelled here.
// Simplification: TLS, infrastructure, addresses requests, timeouts, RequestMirror, CORS and the other route kinds
// (GRPCRoute, TLSRoute …) keep what they are given (x-kubernetes-preserve-unknown-fields).
import type { CustomResourceColumnDefinition, CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { Stored } from '../../api/object.ts';
import { GATEWAY_GROUP } from './types.ts';

type JSONSchemaProps = Record<string, unknown>;

const open: JSONSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const str = (extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'string', ...extra });
const DNS_NAME = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';
const HOSTNAME = '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';
const SECTION_NAME = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';
const GROUP = str({ maxLength: 253, pattern: '^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' });
const KIND = (def?: string) => str({ maxLength: 63, minLength: 1, pattern: '^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$', ...(def ? { default: def } : {}) });
const NAME = str({ maxLength: 253, minLength: 1 });
const NAMESPACE = str({ maxLength: 63, minLength: 1, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' });
const PORT = { type: 'integer', format: 'int32', maximum: 65535, minimum: 1 };
const AGE: CustomResourceColumnDefinition = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const pending = (types: string[]) => ({ conditions: types.map((type) => ({ type, status: 'Unknown', reason: 'Pending', message: 'Waiting for controller', lastTransitionTime: '1970-01-01T00:00:00Z' })) });
const status = (def?: JSONSchemaProps): JSONSchemaProps => ({ ...open, ...(def ? { default: def } : {}) });

function crd(kind: string, plural: string, scope: 'Cluster' | 'Namespaced', shortNames: string[], versions: string[], columns: CustomResourceColumnDefinition[], spec: JSONSchemaProps, st?: JSONSchemaProps): Stored<CustomResourceDefinition> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${GATEWAY_GROUP}`, annotations: { 'api-approved.kubernetes.io': 'https://github.com/kubernetes-sigs/gateway-api/pull/3328', 'gateway.networking.k8s.io/bundle-version': 'v1.2.1', 'gateway.networking.k8s.io/channel': 'standard' } },
    spec: {
      group: GATEWAY_GROUP, scope,
      names: { kind, plural, singular: kind.toLowerCase(), listKind: `${kind}List`, categories: ['gateway-api'], ...(shortNames.length ? { shortNames } : {}) },
      versions: versions.map((name, i) => ({
        name, served: true, storage: i === 0,
        ...(st ? { subresources: { status: {} } } : {}),
        additionalPrinterColumns: columns,
        schema: { openAPIV3Schema: { type: 'object', required: ['spec'], properties: { apiVersion: str(), kind: str(), metadata: { type: 'object' }, spec: { type: 'object', ...spec }, ...(st ? { status: st } : {}) } } as never },
      })),
    },
  };
}

export const GATEWAYCLASS_CRD = crd('GatewayClass', 'gatewayclasses', 'Cluster', ['gc'], ['v1', 'v1beta1'], [
  { name: 'Controller', type: 'string', jsonPath: '.spec.controllerName' },
  { name: 'Accepted', type: 'string', jsonPath: '.status.conditions[?(@.type=="Accepted")].status' },
  AGE,
  { name: 'Description', type: 'string', jsonPath: '.spec.description', priority: 1 },
], {
  required: ['controllerName'],
  properties: {
    controllerName: str({ maxLength: 253, minLength: 1, pattern: "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\\/[A-Za-z0-9\\/\\-._~%!$&'()*+,;=:]+$", 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'Value is immutable' }] }),
    description: str({ maxLength: 64 }),
    parametersRef: open,
  },
}, status(pending(['Accepted'])));

const allowedRoutes: JSONSchemaProps = {
  type: 'object', default: { namespaces: { from: 'Same' } },
  properties: {
    namespaces: {
      type: 'object', default: { from: 'Same' },
      properties: { from: str({ enum: ['All', 'Selector', 'Same'], default: 'Same' }), selector: open },
    },
    kinds: { type: 'array', maxItems: 8, items: { type: 'object', required: ['kind'], properties: { group: { ...GROUP, default: GATEWAY_GROUP }, kind: KIND() } } },
  },
};

const listener: JSONSchemaProps = {
  type: 'object', required: ['name', 'port', 'protocol'],
  properties: {
    name: str({ maxLength: 253, minLength: 1, pattern: SECTION_NAME }),
    hostname: str({ maxLength: 253, minLength: 1, pattern: HOSTNAME }),
    port: PORT,
    protocol: str({ maxLength: 255, minLength: 1, pattern: '^[a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?$|[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\\/[A-Za-z0-9]+$' }),
    tls: open,
    allowedRoutes,
  },
};

export const GATEWAY_CRD = crd('Gateway', 'gateways', 'Namespaced', ['gtw'], ['v1', 'v1beta1'], [
  { name: 'Class', type: 'string', jsonPath: '.spec.gatewayClassName' },
  { name: 'Address', type: 'string', jsonPath: '.status.addresses[*].value' },
  { name: 'Programmed', type: 'string', jsonPath: '.status.conditions[?(@.type=="Programmed")].status' },
  AGE,
], {
  required: ['gatewayClassName', 'listeners'],
  properties: {
    gatewayClassName: str({ maxLength: 253, minLength: 1 }),
    listeners: {
      type: 'array', minItems: 1, maxItems: 64, items: listener,
      'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-validations': [
        { rule: "self.all(l, l.protocol in ['HTTP', 'TCP', 'UDP'] ? !has(l.tls) : true)", message: 'tls must not be specified for protocols [\'HTTP\', \'TCP\', \'UDP\']' },
        { rule: "self.all(l, l.protocol in ['HTTPS', 'TLS'] ? has(l.tls) : true)", message: 'tls mode must be set for protocol HTTPS' },
        { rule: "self.all(l, l.protocol in ['TCP', 'UDP'] ? (!has(l.hostname) || l.hostname == '') : true)", message: 'hostname must not be specified for protocols [\'TCP\', \'UDP\']' },
        { rule: 'self.all(l1, self.exists_one(l2, l1.name == l2.name))', message: 'Listener name must be unique within the Gateway' },
        { rule: 'self.all(l1, self.exists_one(l2, l1.port == l2.port && l1.protocol == l2.protocol && (has(l1.hostname) && has(l2.hostname) ? l1.hostname == l2.hostname : !has(l1.hostname) && !has(l2.hostname))))', message: 'Combination of port, protocol and hostname must be unique for each listener' },
      ],
    },
    addresses: { type: 'array', maxItems: 16, items: open },
    infrastructure: open,
  },
}, status(pending(['Accepted', 'Programmed'])));

const parentRef: JSONSchemaProps = {
  type: 'object', required: ['name'],
  properties: { group: { ...GROUP, default: GATEWAY_GROUP }, kind: KIND('Gateway'), namespace: NAMESPACE, name: NAME, sectionName: str({ maxLength: 253, minLength: 1, pattern: SECTION_NAME }), port: PORT },
};

const pathMatch: JSONSchemaProps = {
  type: 'object', default: { type: 'PathPrefix', value: '/' },
  properties: { type: str({ enum: ['Exact', 'PathPrefix', 'RegularExpression'], default: 'PathPrefix' }), value: str({ maxLength: 1024, default: '/' }) },
  'x-kubernetes-validations': [
    { rule: "(self.type in ['Exact','PathPrefix']) ? self.value.startsWith('/') : true", message: "value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']" },
    { rule: "(self.type in ['Exact','PathPrefix']) ? !self.value.contains('//') : true", message: "must not contain '//' when type one of ['Exact', 'PathPrefix']" },
    { rule: "(self.type in ['Exact','PathPrefix']) ? !self.value.contains('/./') : true", message: "must not contain '/./' when type one of ['Exact', 'PathPrefix']" },
    { rule: "(self.type in ['Exact','PathPrefix']) ? !self.value.contains('/../') : true", message: "must not contain '/../' when type one of ['Exact', 'PathPrefix']" },
  ],
};
const nameValueMatch: JSONSchemaProps = {
  type: 'array', maxItems: 16, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
  items: { type: 'object', required: ['name', 'value'], properties: { type: str({ enum: ['Exact', 'RegularExpression'], default: 'Exact' }), name: str({ maxLength: 256, minLength: 1, pattern: "^[A-Za-z0-9!#$%&'*+\\-.^_\\x60|~]+$" }), value: str({ maxLength: 4096, minLength: 1 }) } },
};
const match: JSONSchemaProps = {
  type: 'object',
  properties: { path: pathMatch, headers: nameValueMatch, queryParams: nameValueMatch, method: str({ enum: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] }) },
};
const header = { type: 'object', required: ['name', 'value'], properties: { name: str({ maxLength: 256, minLength: 1 }), value: str({ maxLength: 4096, minLength: 1 }) } };
const headerModifier: JSONSchemaProps = { type: 'object', properties: { set: { type: 'array', maxItems: 16, items: header }, add: { type: 'array', maxItems: 16, items: header }, remove: { type: 'array', maxItems: 16, items: str() } } };
const pathModifier: JSONSchemaProps = {
  type: 'object', required: ['type'],
  properties: { type: str({ enum: ['ReplaceFullPath', 'ReplacePrefixMatch'] }), replaceFullPath: str({ maxLength: 1024 }), replacePrefixMatch: str({ maxLength: 1024 }) },
  'x-kubernetes-validations': [
    { rule: "self.type == 'ReplaceFullPath' ? has(self.replaceFullPath) : true", message: 'replaceFullPath must be specified when type is set to \'ReplaceFullPath\'' },
    { rule: "self.type == 'ReplacePrefixMatch' ? has(self.replacePrefixMatch) : true", message: 'replacePrefixMatch must be specified when type is set to \'ReplacePrefixMatch\'' },
  ],
};
const filter: JSONSchemaProps = {
  type: 'object', required: ['type'],
  properties: {
    type: str({ enum: ['RequestHeaderModifier', 'ResponseHeaderModifier', 'RequestMirror', 'RequestRedirect', 'URLRewrite', 'ExtensionRef'] }),
    requestHeaderModifier: headerModifier, responseHeaderModifier: headerModifier, requestMirror: open, extensionRef: open,
    requestRedirect: { type: 'object', properties: { scheme: str({ enum: ['http', 'https'] }), hostname: str({ maxLength: 253, minLength: 1, pattern: DNS_NAME }), path: pathModifier, port: PORT, statusCode: { type: 'integer', enum: [301, 302], default: 302 } } },
    urlRewrite: { type: 'object', properties: { hostname: str({ maxLength: 253, minLength: 1, pattern: DNS_NAME }), path: pathModifier } },
  },
  'x-kubernetes-validations': [
    { rule: "!(has(self.requestHeaderModifier) && self.type != 'RequestHeaderModifier')", message: 'filter.requestHeaderModifier must be nil if the filter.type is not RequestHeaderModifier' },
    { rule: "!(!has(self.requestHeaderModifier) && self.type == 'RequestHeaderModifier')", message: 'filter.requestHeaderModifier must be specified for RequestHeaderModifier filter.type' },
    { rule: "!(has(self.requestRedirect) && self.type != 'RequestRedirect')", message: 'filter.requestRedirect must be nil if the filter.type is not RequestRedirect' },
    { rule: "!(!has(self.requestRedirect) && self.type == 'RequestRedirect')", message: 'filter.requestRedirect must be specified for RequestRedirect filter.type' },
    { rule: "!(has(self.urlRewrite) && self.type != 'URLRewrite')", message: 'filter.urlRewrite must be nil if the filter.type is not URLRewrite' },
    { rule: "!(!has(self.urlRewrite) && self.type == 'URLRewrite')", message: 'filter.urlRewrite must be specified for URLRewrite filter.type' },
  ],
};
const filters: JSONSchemaProps = {
  type: 'array', maxItems: 16, items: filter,
  'x-kubernetes-validations': [
    { rule: "!(self.exists(f, f.type == 'RequestRedirect') && self.exists(f, f.type == 'URLRewrite'))", message: 'May specify either httpRouteFilterRequestRedirect or httpRouteFilterRequestRewrite, but not both' },
    { rule: "self.filter(f, f.type == 'RequestHeaderModifier').size() <= 1", message: 'RequestHeaderModifier filter cannot be repeated' },
    { rule: "self.filter(f, f.type == 'ResponseHeaderModifier').size() <= 1", message: 'ResponseHeaderModifier filter cannot be repeated' },
    { rule: "self.filter(f, f.type == 'RequestRedirect').size() <= 1", message: 'RequestRedirect filter cannot be repeated' },
    { rule: "self.filter(f, f.type == 'URLRewrite').size() <= 1", message: 'URLRewrite filter cannot be repeated' },
  ],
};
const backendRef: JSONSchemaProps = {
  type: 'object', required: ['name'],
  properties: { group: { ...GROUP, default: '' }, kind: KIND('Service'), name: NAME, namespace: NAMESPACE, port: PORT, weight: { type: 'integer', format: 'int32', default: 1, maximum: 1000000, minimum: 0 }, filters },
  'x-kubernetes-validations': [{ rule: "(size(self.group) == 0 && self.kind == 'Service') ? has(self.port) : true", message: 'Must have port for Service reference' }],
};
const DEFAULT_MATCH = [{ path: { type: 'PathPrefix', value: '/' } }];
const rule: JSONSchemaProps = {
  type: 'object',
  properties: { matches: { type: 'array', maxItems: 64, items: match, default: DEFAULT_MATCH }, filters, backendRefs: { type: 'array', maxItems: 16, items: backendRef }, timeouts: open },
  'x-kubernetes-validations': [
    { rule: '(has(self.backendRefs) && size(self.backendRefs) > 0) ? (!has(self.filters) || self.filters.all(f, !has(f.requestRedirect))): true', message: 'RequestRedirect filter must not be used together with backendRefs' },
    { rule: "(has(self.filters) && self.filters.exists_one(f, f.type == 'RequestRedirect' && has(f.requestRedirect.path) && f.requestRedirect.path.type == 'ReplacePrefixMatch' && has(f.requestRedirect.path.replacePrefixMatch))) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true", message: 'When using RequestRedirect filter with path.replacePrefixMatch, exactly one PathPrefix match must be specified' },
    { rule: "(has(self.filters) && self.filters.exists_one(f, f.type == 'URLRewrite' && has(f.urlRewrite.path) && f.urlRewrite.path.type == 'ReplacePrefixMatch' && has(f.urlRewrite.path.replacePrefixMatch))) ? ((size(self.matches) != 1 || !has(self.matches[0].path) || self.matches[0].path.type != 'PathPrefix') ? false : true) : true", message: 'When using URLRewrite filter with path.replacePrefixMatch, exactly one PathPrefix match must be specified' },
  ],
};

export const HTTPROUTE_CRD = crd('HTTPRoute', 'httproutes', 'Namespaced', [], ['v1', 'v1beta1'], [
  { name: 'Hostnames', type: 'string', jsonPath: '.spec.hostnames' },
  AGE,
], {
  properties: {
    parentRefs: { type: 'array', maxItems: 32, items: parentRef },
    hostnames: { type: 'array', maxItems: 16, items: str({ maxLength: 253, minLength: 1, pattern: HOSTNAME }) },
    rules: { type: 'array', maxItems: 16, items: rule, default: [{ matches: DEFAULT_MATCH }] },
  },
}, status());

export const REFERENCEGRANT_CRD = crd('ReferenceGrant', 'referencegrants', 'Namespaced', ['refgrant'], ['v1beta1'], [AGE], {
  required: ['from', 'to'],
  properties: {
    from: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'object', required: ['group', 'kind', 'namespace'], properties: { group: GROUP, kind: KIND(), namespace: NAMESPACE } } },
    to: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'object', required: ['group', 'kind'], properties: { group: GROUP, kind: KIND(), name: NAME } } },
  },
});

export const GATEWAY_API_CRDS = [GATEWAYCLASS_CRD, GATEWAY_CRD, HTTPROUTE_CRD, REFERENCEGRANT_CRD];
