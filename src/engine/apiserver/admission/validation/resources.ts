// Container resource requirements (core validation ValidateResourceRequirements and the resource-name rules).
import { Quantity } from '../../../api/quantity.ts';
import { isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { child, invalid, isRecord, key, required, sortedEntries } from './field.ts';

// helper.IsStandardResourceName: the resources quota and containers know without a domain.
const standardResources = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers',
  'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims', 'storage', 'requests.storage',
  'services.nodeports', 'services.loadbalancers',
]);
const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);

const isHugePages = (name: string): boolean => name.startsWith('hugepages-');
/** helper.IsNativeResource: no domain, or a kubernetes.io domain. */
const isNative = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/');
/** helper.IsExtendedResourceName: outside kubernetes.io, not a quota "requests." name, and a valid quota key. */
export function isExtendedResourceName(name: string): boolean {
  if (isNative(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}
/** helper.IsOvercommitAllowed: only native, non-hugepages resources may request less than their limit. */
const isOvercommitAllowed = (name: string): boolean => isNative(name) && !isHugePages(name);
const isIntegerResource = (name: string): boolean => isExtendedResourceName(name);

function validateResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => invalid(path, name, msg));
  if (errs.length) return errs;
  if (!name.includes('/') && !standardResources.has(name) && !isHugePages(name)) {
    errs.push(invalid(path, name, 'must be a standard resource type or fully qualified'));
  }
  return errs;
}

function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!standardContainerResources.has(name) && !isHugePages(name)) errs.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNative(name) && !isExtendedResourceName(name)) {
    errs.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

function parse(v: unknown): Quantity | undefined {
  try {
    return Quantity.parse(typeof v === 'number' ? String(v) : (v as string));
  } catch {
    return undefined; // a bad quantity was already rejected when the object was decoded
  }
}

const ZERO = (): Quantity => Quantity.parse('0');

function validateQuantityValue(name: string, q: Quantity, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (q.cmp(ZERO()) < 0) errs.push(invalid(path, q.toString(), 'must be greater than or equal to 0'));
  if (isIntegerResource(name) && q.milliValue() % 1000 !== 0) errs.push(invalid(path, q.toString(), 'must be an integer'));
  return errs;
}

/** ValidateResourceRequirements for a container's `resources` (or the pod overhead, given as limits). */
export function validateResourceRequirements(resources: unknown, path: string): FieldError[] {
  const r = isRecord(resources) ? resources : {};
  const limits = isRecord(r.limits) ? r.limits : {};
  const requests = isRecord(r.requests) ? r.requests : {};
  const limPath = child(path, 'limits');
  const reqPath = child(path, 'requests');
  const errs: FieldError[] = [];
  let limCpuOrMemory = false;
  let reqCpuOrMemory = false;
  let hugePages = false;
  for (const [name, value] of sortedEntries(limits)) {
    const p = key(limPath, name);
    errs.push(...validateContainerResourceName(name, p));
    const q = parse(value);
    if (q) errs.push(...validateQuantityValue(name, q, p));
    if (isHugePages(name)) hugePages = true;
    if (name === 'cpu' || name === 'memory') limCpuOrMemory = true;
  }
  for (const [name, value] of sortedEntries(requests)) {
    const p = key(reqPath, name);
    errs.push(...validateContainerResourceName(name, p));
    const q = parse(value);
    if (q) errs.push(...validateQuantityValue(name, q, p));
    const lim = name in limits ? parse(limits[name]) : undefined;
    if (q && lim) {
      if (q.cmp(lim) !== 0 && !isOvercommitAllowed(name)) {
        errs.push(invalid(reqPath, q.toString(), `must be equal to ${name} limit of ${lim.toString()}`));
      } else if (q.cmp(lim) > 0) {
        errs.push(invalid(reqPath, q.toString(), `must be less than or equal to ${name} limit of ${lim.toString()}`));
      }
    } else if (!(name in limits) && !isOvercommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePages(name)) hugePages = true;
    if (name === 'cpu' || name === 'memory') reqCpuOrMemory = true;
  }
  if (hugePages && !limCpuOrMemory && !reqCpuOrMemory) errs.push({ type: 'Forbidden', field: path, detail: 'HugePages require cpu or memory' });
  return errs;
}
