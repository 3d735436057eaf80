// Ingress (networking/validation ValidateIngressCreate) and EndpointSlice (discovery/validation) rules.
// Simplification: TLS sections, resource backends and IngressClass parameters are not checked.
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { Ingress, IngressBackend } from 'kubernetes-types/networking/v1';
import type { FieldError } from '../../errors.ts';
import { child, index, invalid, notSupported, required } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'] as const;
const ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'] as const;
/** maxEndpoints of an EndpointSlice. */
export const MAX_ENDPOINTS_PER_SLICE_API = 1000;

const tooMany = (field: string, actual: number, max: number): FieldError => ({ type: 'TooMany', field, value: actual, detail: `must have at most ${max} items` });

function validateBackend(b: IngressBackend | undefined, path: string): FieldError[] {
  if (!b?.service) return b?.resource ? [] : [required(child(path, 'service'))];
  const errs: FieldError[] = [];
  if (!b.service.name) errs.push(required(child(path, 'service', 'name')));
  const port = b.service.port;
  if (!port || (port.number === undefined && !port.name)) errs.push(required(child(path, 'service', 'port'), 'port name or number is required'));
  return errs;
}

function validateIngressSpec(ing: Ingress): FieldError[] {
  const errs: FieldError[] = [];
  const spec = ing.spec ?? {};
  if (!spec.defaultBackend && !(spec.rules ?? []).length) errs.push(invalid('spec', (spec.rules ?? []), 'either `defaultBackend` or `rules` must be specified'));
  if (spec.defaultBackend) errs.push(...validateBackend(spec.defaultBackend, 'spec.defaultBackend'));
  (spec.rules ?? []).forEach((rule, i) => {
    const rp = index('spec.rules', i);
    (rule.http?.paths ?? []).forEach((p, j) => {
      const pp = index(child(rp, 'http', 'paths'), j);
      if (!p.pathType) errs.push(required(child(pp, 'pathType'), 'pathType must be specified'));
      else if (!(PATH_TYPES as readonly string[]).includes(p.pathType)) errs.push(notSupported(child(pp, 'pathType'), p.pathType, PATH_TYPES));
      if (p.path !== undefined && p.path !== '' && !p.path.startsWith('/')) errs.push(invalid(child(pp, 'path'), p.path, 'must be an absolute path'));
      errs.push(...validateBackend(p.backend, child(pp, 'backend')));
    });
  });
  return errs;
}

export function validateIngress(ing: Ingress): FieldError[] {
  return [...validateObjectMeta(ing.metadata, nameIsDNSSubdomain), ...validateIngressSpec(ing)];
}

export function validateIngressUpdate(ing: Ingress, old: Ingress): FieldError[] {
  return [...validateObjectMetaUpdate(ing.metadata, old.metadata), ...validateIngressSpec(ing)];
}

function validateSliceBody(slice: EndpointSlice): FieldError[] {
  const errs: FieldError[] = [];
  if (!slice.addressType) errs.push(required('addressType'));
  else if (!(ADDRESS_TYPES as readonly string[]).includes(slice.addressType)) errs.push(notSupported('addressType', slice.addressType, ADDRESS_TYPES));
  const endpoints = slice.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS_PER_SLICE_API) errs.push(tooMany('endpoints', endpoints.length, MAX_ENDPOINTS_PER_SLICE_API));
  endpoints.forEach((ep, i) => {
    const n = ep.addresses?.length ?? 0;
    if (n !== 1) errs.push(invalid(child(index('endpoints', i), 'addresses'), n, 'must contain exactly 1 address'));
  });
  return errs;
}

export function validateEndpointSlice(slice: EndpointSlice): FieldError[] {
  return [...validateObjectMeta(slice.metadata, nameIsDNSSubdomain), ...validateSliceBody(slice)];
}

export function validateEndpointSliceUpdate(slice: EndpointSlice, old: EndpointSlice): FieldError[] {
  const errs = [...validateObjectMetaUpdate(slice.metadata, old.metadata), ...validateSliceBody(slice)];
  if (slice.addressType !== old.addressType) errs.push(invalid('addressType', slice.addressType, 'field is immutable'));
  return errs;
}
