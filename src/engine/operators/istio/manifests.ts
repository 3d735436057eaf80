// What installing Istio 1.24 (the default profile's istiod) creates: the istio-system namespace, istiod's
// ServiceAccount, Deployment and Service, and the istio-sidecar-injector MutatingWebhookConfiguration whose four
// webhooks (the default revision's, and the revision-labelled ones) decide which new pods istiod's /inject sees.
// The default profile's istio-ingressgateway comes with it: a Deployment of Envoy (proxyv2 `proxy router`) and a
// LoadBalancer Service on 80, 443 and 15021 (the load-balancer controller gives it an address), selected by
// Gateway objects with `istio: ingressgateway`.
// Simplification: no egress gateway, no istio-validator webhook, no RBAC objects and no mesh ConfigMap.
import type { MutatingWebhook } from 'kubernetes-types/admissionregistration/v1';
import type { LabelSelectorRequirement } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../../api/object.ts';
import { INJECT_LABEL, ISTIO_HUB, ISTIO_NAMESPACE, ISTIO_VERSION } from './types.ts';

export const ISTIOD = 'istiod';
export const INJECTOR_WEBHOOK_CONFIG = 'istio-sidecar-injector';
export const INJECT_PATH = '/inject';
const ISTIOD_LABELS = { app: 'istiod', istio: 'pilot' };
const COMMON_LABELS = { 'app.kubernetes.io/name': 'istiod', 'app.kubernetes.io/part-of': 'istio', 'app.kubernetes.io/version': ISTIO_VERSION, 'istio.io/rev': 'default', 'install.operator.istio.io/owning-resource': 'unknown', 'operator.istio.io/component': 'Pilot', release: 'istio' };

const req = (key: string, operator: string, values?: string[]): LabelSelectorRequirement => ({ key, operator, ...(values ? { values } : {}) });

function webhook(name: string, namespaceSelector: LabelSelectorRequirement[], objectSelector: LabelSelectorRequirement[]): MutatingWebhook {
  return {
    name, admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Fail', reinvocationPolicy: 'Never', timeoutSeconds: 10,
    clientConfig: { service: { name: ISTIOD, namespace: ISTIO_NAMESPACE, path: INJECT_PATH, port: 443 } },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] } as never],
    namespaceSelector: { matchExpressions: namespaceSelector },
    objectSelector: { matchExpressions: objectSelector },
  };
}

/** The injector's webhooks as the istio-discovery chart writes them for the default revision. */
export function injectorWebhooks(): MutatingWebhook[] {
  return [
    webhook('rev.namespace.sidecar-injector.istio.io', [req('istio.io/rev', 'In', ['default']), req('istio-injection', 'DoesNotExist')], [req(INJECT_LABEL, 'NotIn', ['false'])]),
    webhook('rev.object.sidecar-injector.istio.io', [req('istio.io/rev', 'DoesNotExist'), req('istio-injection', 'DoesNotExist')], [req(INJECT_LABEL, 'NotIn', ['false']), req('istio.io/rev', 'In', ['default'])]),
    webhook('namespace.sidecar-injector.istio.io', [req('istio-injection', 'In', ['enabled'])], [req(INJECT_LABEL, 'NotIn', ['false'])]),
    webhook('object.sidecar-injector.istio.io', [req('istio-injection', 'DoesNotExist'), req('istio.io/rev', 'DoesNotExist')], [req(INJECT_LABEL, 'In', ['true']), req('istio.io/rev', 'DoesNotExist')]),
  ];
}

export const INGRESS_GATEWAY = 'istio-ingressgateway';
const GATEWAY_LABELS = { app: INGRESS_GATEWAY, istio: 'ingressgateway' };
const GATEWAY_COMMON = { ...GATEWAY_LABELS, 'app.kubernetes.io/name': INGRESS_GATEWAY, 'app.kubernetes.io/part-of': 'istio', 'app.kubernetes.io/version': ISTIO_VERSION, 'istio.io/rev': 'default', 'install.operator.istio.io/owning-resource': 'unknown', 'operator.istio.io/component': 'IngressGateways', release: 'istio' };

/** The default profile's ingress gateway (the istio/gateway chart's defaults as istioctl installs them). */
function ingressGateway(): KubeObject[] {
  const sa = `${INGRESS_GATEWAY}-service-account`;
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: ISTIO_NAMESPACE, labels: GATEWAY_COMMON } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: INGRESS_GATEWAY, namespace: ISTIO_NAMESPACE, labels: GATEWAY_COMMON },
      spec: {
        replicas: 1,
        selector: { matchLabels: GATEWAY_LABELS },
        strategy: { rollingUpdate: { maxSurge: '100%', maxUnavailable: '25%' } },
        template: {
          metadata: { labels: { ...GATEWAY_LABELS, 'sidecar.istio.io/inject': 'false', 'service.istio.io/canonical-name': INGRESS_GATEWAY, 'service.istio.io/canonical-revision': 'latest', 'istio.io/rev': 'default', 'operator.istio.io/component': 'IngressGateways' }, annotations: { 'prometheus.io/path': '/stats/prometheus', 'prometheus.io/port': '15020', 'prometheus.io/scrape': 'true', 'sidecar.istio.io/inject': 'false' } },
          spec: {
            serviceAccountName: sa,
            containers: [{
              name: 'istio-proxy', image: `${ISTIO_HUB}/proxyv2:${ISTIO_VERSION}`,
              args: ['proxy', 'router', '--domain', '$(POD_NAMESPACE).svc.cluster.local', '--proxyLogLevel=warning', '--proxyComponentLogLevel=misc:error', '--log_output_level=default:info'],
              ports: [
                { containerPort: 15021, protocol: 'TCP' }, { containerPort: 8080, protocol: 'TCP' }, { containerPort: 8443, protocol: 'TCP' },
                { containerPort: 15090, name: 'http-envoy-prom', protocol: 'TCP' },
              ],
              readinessProbe: { httpGet: { path: '/healthz/ready', port: 15021, scheme: 'HTTP' }, initialDelaySeconds: 1, periodSeconds: 2, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 30 },
              env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'ISTIO_META_ROUTER_MODE', value: 'standard' }, { name: 'ISTIO_META_CLUSTER_ID', value: 'Kubernetes' }],
              resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '2', memory: '1Gi' } },
              securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: 1337, runAsGroup: 1337, capabilities: { drop: ['ALL'] } },
            }],
          },
        },
      },
    } as KubeObject,
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: INGRESS_GATEWAY, namespace: ISTIO_NAMESPACE, labels: GATEWAY_COMMON },
      spec: {
        type: 'LoadBalancer',
        selector: GATEWAY_LABELS,
        ports: [
          { name: 'status-port', port: 15021, targetPort: 15021, protocol: 'TCP' },
          { name: 'http2', port: 80, targetPort: 8080, protocol: 'TCP' },
          { name: 'https', port: 443, targetPort: 8443, protocol: 'TCP' },
        ],
      },
    } as KubeObject,
  ];
}

export function istioManifests(): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ISTIO_NAMESPACE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { app: 'istiod', release: 'istio' } } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { ...COMMON_LABELS, ...ISTIOD_LABELS } },
      spec: {
        replicas: 1,
        selector: { matchLabels: { istio: 'pilot' } },
        strategy: { rollingUpdate: { maxSurge: '100%', maxUnavailable: '25%' } },
        template: {
          metadata: { labels: { ...ISTIOD_LABELS, 'istio.io/rev': 'default', 'sidecar.istio.io/inject': 'false', 'operator.istio.io/component': 'Pilot' }, annotations: { 'prometheus.io/port': '15014', 'prometheus.io/scrape': 'true', 'sidecar.istio.io/inject': 'false' } },
          spec: {
            serviceAccountName: ISTIOD,
            containers: [{
              name: 'discovery', image: `${ISTIO_HUB}/pilot:${ISTIO_VERSION}`,
              args: ['discovery', '--monitoringAddr=:15014', '--log_output_level=default:info', '--domain', 'cluster.local', '--keepaliveMaxServerConnectionAge', '30m'],
              ports: [{ containerPort: 8080, protocol: 'TCP' }, { containerPort: 15010, protocol: 'TCP' }, { containerPort: 15017, protocol: 'TCP' }],
              readinessProbe: { httpGet: { path: '/ready', port: 8080 }, initialDelaySeconds: 1, periodSeconds: 3, timeoutSeconds: 5 },
              env: [{ name: 'REVISION', value: 'default' }, { name: 'PILOT_CERT_PROVIDER', value: 'istiod' }, { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } }, { name: 'PILOT_TRACE_SAMPLING', value: '1' }, { name: 'CLUSTER_ID', value: 'Kubernetes' }],
              resources: { requests: { cpu: '500m', memory: '2Gi' } },
              securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
            }],
          },
        },
      },
    } as KubeObject,
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: ISTIOD, namespace: ISTIO_NAMESPACE, labels: { ...COMMON_LABELS, ...ISTIOD_LABELS } },
      spec: {
        selector: ISTIOD_LABELS,
        ports: [
          { name: 'grpc-xds', port: 15010, protocol: 'TCP' },
          { name: 'https-dns', port: 15012, protocol: 'TCP' },
          { name: 'https-webhook', port: 443, targetPort: 15017, protocol: 'TCP' },
          { name: 'http-monitoring', port: 15014, protocol: 'TCP' },
        ],
      },
    } as KubeObject,
    {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration',
      metadata: { name: INJECTOR_WEBHOOK_CONFIG, labels: { app: 'sidecar-injector', 'app.kubernetes.io/part-of': 'istio', 'istio.io/rev': 'default', release: 'istio' } },
      webhooks: injectorWebhooks(),
    } as KubeObject,
    ...ingressGateway(),
  ];
}
