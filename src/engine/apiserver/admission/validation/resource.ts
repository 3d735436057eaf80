// resource.k8s.io/v1beta1 validation (pkg/apis/resource/validation): DeviceClass, ResourceClaim(Template) and
// ResourceSlice. CEL selectors are compiled as the API server does, with the subset api/cel evaluates.
// Simplification: no CEL cost estimate; a claim's status (allocation, reservedFor) is not validated.
import { compileError } from '../../../api/cel/cel.ts';
import type { DeviceClass, DeviceRequest, DeviceSelector, ResourceClaim, ResourceClaimSpec, ResourceClaimTemplate, ResourceSlice } from '../../../api/resource.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, duplicate, index, invalid, isRecord, notSupported, required, tooLong } from './field.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { semanticEqual } from './semantic.ts';

/** resource.CELSelectorExpressionMaxLength. */
const CEL_MAX_LENGTH = 10 * 1024;
const ALLOCATION_MODES = ['All', 'ExactCount'];
/** DeviceRequestsMaxSize, ResourceSliceMaxDevices, ResourceSliceMaxAttributesAndCapacitiesPerDevice. */
const MAX_REQUESTS = 32;
const MAX_DEVICES = 128;
const MAX_ATTRIBUTES = 32;

function dnsLabel(v: unknown, path: string): FieldError[] {
  if (typeof v !== 'string' || v === '') return [required(path)];
  return isDNS1123Label(v).map((m) => invalid(path, v, m));
}

function dnsSubdomain(v: unknown, path: string): FieldError[] {
  if (typeof v !== 'string' || v === '') return [required(path)];
  return isDNS1123Subdomain(v).map((m) => invalid(path, v, m));
}

function validateSelectors(selectors: unknown, path: string): FieldError[] {
  return asArray<DeviceSelector>(selectors).flatMap((s, i) => {
    const p = index(path, i);
    const expr = s?.cel?.expression;
    if (!isRecord(s?.cel)) return [required(child(p, 'cel'))];
    const ep = child(p, 'cel', 'expression');
    if (typeof expr !== 'string' || expr === '') return [required(ep)];
    if (expr.length > CEL_MAX_LENGTH) return [tooLong(ep, CEL_MAX_LENGTH)];
    const err = compileError(expr);
    return err ? [invalid(ep, expr, `compilation failed: ERROR: <input>: ${err}`)] : [];
  });
}

/** validateSet: at most `max` items, each key once. */
function validateSet<T>(items: T[], max: number, path: string, keyOf: (t: T) => string, each: (t: T, p: string) => FieldError[]): FieldError[] {
  const errs: FieldError[] = [];
  if (items.length > max) errs.push({ type: 'TooMany', field: path, detail: `must have at most ${max} items` });
  const seen = new Set<string>();
  items.forEach((t, i) => {
    const p = index(path, i);
    errs.push(...each(t, p));
    const k = keyOf(t);
    if (seen.has(k)) errs.push(duplicate(p, k));
    seen.add(k);
  });
  return errs;
}

function validateRequest(r: DeviceRequest, path: string): FieldError[] {
  const errs = dnsLabel(r?.name, child(path, 'name'));
  errs.push(...dnsSubdomain(r?.deviceClassName, child(path, 'deviceClassName')));
  errs.push(...validateSelectors(r?.selectors, child(path, 'selectors')));
  const mode = r?.allocationMode;
  if (mode === 'All') {
    if (r.count !== undefined && r.count !== 0) errs.push(invalid(child(path, 'count'), r.count, "must not be specified when allocationMode is 'All'"));
  } else if (mode === 'ExactCount') {
    if (!(typeof r.count === 'number' && r.count > 0)) errs.push(invalid(child(path, 'count'), r.count ?? 0, 'must be greater than zero'));
  } else errs.push(notSupported(child(path, 'allocationMode'), mode ?? '', ALLOCATION_MODES));
  return errs;
}

export function validateClaimSpec(spec: ResourceClaimSpec | undefined, path: string): FieldError[] {
  const devices = child(path, 'devices');
  const requests = asArray<DeviceRequest>(spec?.devices?.requests);
  const errs = validateSet(requests, MAX_REQUESTS, child(devices, 'requests'), (r) => String(r?.name), validateRequest);
  const names = new Set(requests.map((r) => r?.name));
  asArray<{ requests?: string[]; matchAttribute?: string }>(spec?.devices?.constraints).forEach((c, i) => {
    const p = index(child(devices, 'constraints'), i);
    asArray<string>(c?.requests).forEach((n, j) => { if (!names.has(n)) errs.push(invalid(index(child(p, 'requests'), j), n, 'must be the name of a request in the claim')); });
    if (!c?.matchAttribute) errs.push(required(child(p, 'matchAttribute')));
  });
  return errs;
}

export function validateDeviceClass(dc: DeviceClass): FieldError[] {
  return [...validateObjectMeta(dc.metadata, nameIsDNSSubdomain), ...validateSelectors(dc.spec?.selectors, 'spec.selectors')];
}
export function validateDeviceClassUpdate(dc: DeviceClass, old: DeviceClass): FieldError[] {
  return [...validateObjectMetaUpdate(dc.metadata, old.metadata), ...validateSelectors(dc.spec?.selectors, 'spec.selectors')];
}

export function validateResourceClaim(c: ResourceClaim): FieldError[] {
  return [...validateObjectMeta(c.metadata, nameIsDNSSubdomain), ...validateClaimSpec(c.spec, 'spec')];
}
/** The spec is immutable; status writes (the scheduler's allocation, the controller's reservedFor) go through. */
export function validateResourceClaimUpdate(c: ResourceClaim, old: ResourceClaim): FieldError[] {
  const errs = validateObjectMetaUpdate(c.metadata, old.metadata);
  if (!semanticEqual(c.spec, old.spec)) errs.push(invalid('spec', c.spec, FIELD_IMMUTABLE));
  return errs;
}

export function validateResourceClaimTemplate(t: ResourceClaimTemplate): FieldError[] {
  return [...validateObjectMeta(t.metadata, nameIsDNSSubdomain), ...validateClaimSpec(t.spec?.spec, 'spec.spec')];
}
export function validateResourceClaimTemplateUpdate(t: ResourceClaimTemplate, old: ResourceClaimTemplate): FieldError[] {
  const errs = validateObjectMetaUpdate(t.metadata, old.metadata);
  if (!semanticEqual(t.spec, old.spec)) errs.push(invalid('spec', t.spec, FIELD_IMMUTABLE));
  return errs;
}

const NODE_SELECTION = 'exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required';

export function validateResourceSlice(s: ResourceSlice): FieldError[] {
  const errs = validateObjectMeta(s.metadata, nameIsDNSSubdomain);
  const spec = s.spec ?? ({} as ResourceSlice['spec']);
  errs.push(...dnsSubdomain(spec.driver, 'spec.driver'));
  if (!spec.pool?.name) errs.push(required('spec.pool.name'));
  if (!(typeof spec.pool?.resourceSliceCount === 'number' && spec.pool.resourceSliceCount > 0)) errs.push(invalid('spec.pool.resourceSliceCount', spec.pool?.resourceSliceCount ?? 0, 'must be greater than zero'));
  if (typeof spec.pool?.generation === 'number' && spec.pool.generation < 0) errs.push(invalid('spec.pool.generation', spec.pool.generation, 'must be greater than or equal to zero'));
  const selections = [spec.nodeName ? 'nodeName' : '', spec.nodeSelector ? 'nodeSelector' : '', spec.allNodes ? 'allNodes' : ''].filter(Boolean);
  if (selections.length === 0) errs.push(required('spec', NODE_SELECTION));
  else if (selections.length > 1) errs.push(invalid('spec', `{${selections.map((f) => `\`${f}\``).join(', ')}}`, NODE_SELECTION));
  errs.push(...validateSet(asArray<NonNullable<ResourceSlice['spec']['devices']>[number]>(spec.devices), MAX_DEVICES, 'spec.devices', (d) => String(d?.name), (d, p) => {
    const out = dnsLabel(d?.name, child(p, 'name'));
    const attrs = Object.entries(d?.basic?.attributes ?? {});
    const caps = Object.keys(d?.basic?.capacity ?? {});
    if (attrs.length + caps.length > MAX_ATTRIBUTES) out.push({ type: 'TooMany', field: child(p, 'basic'), detail: `must have at most ${MAX_ATTRIBUTES} items` });
    for (const [k, a] of attrs.sort(([x], [y]) => x.localeCompare(y))) {
      const n = ['int', 'bool', 'string', 'version'].filter((f) => (a as Record<string, unknown>)?.[f] !== undefined).length;
      if (n !== 1) out.push(invalid(`${child(p, 'basic', 'attributes')}[${k}]`, a, 'exactly one value must be specified'));
    }
    return out;
  }));
  return errs;
}
export function validateResourceSliceUpdate(s: ResourceSlice, old: ResourceSlice): FieldError[] {
  const errs = [...validateObjectMetaUpdate(s.metadata, old.metadata), ...validateResourceSlice(s).filter((e) => !e.field.startsWith('metadata'))];
  if ((s.spec?.nodeName ?? '') !== (old.spec?.nodeName ?? '')) errs.push(invalid('spec.nodeName', s.spec?.nodeName ?? '', FIELD_IMMUTABLE));
  if (s.spec?.driver !== old.spec?.driver) errs.push(invalid('spec.driver', s.spec?.driver, FIELD_IMMUTABLE));
  return errs;
}
