// ResourceQuotas and LimitRanges (core validation ValidateResourceQuota, ValidateLimitRange).
import type { LimitRange, ResourceQuota } from 'kubernetes-types/core/v1';
import { isQualifiedName } from '../../../api/validation.ts';
import { Quantity } from '../../../api/quantity.ts';
import type { FieldError } from '../../errors.ts';
import { child, forbidden, index, invalid, key, sortedEntries } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { isExtendedResourceName } from './resources.ts';

const STANDARD_QUOTA_RESOURCES = new Set([
  'pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.storage', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'persistentvolumeclaims', 'configmaps', 'replicationcontrollers',
  'resourcequotas', 'secrets', 'services', 'services.nodeports', 'services.loadbalancers',
]);
const INTEGER_RESOURCES = new Set([
  'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets', 'configmaps', 'persistentvolumeclaims',
  'services.nodeports', 'services.loadbalancers',
]);

/** ValidateResourceQuotaResourceName: a qualified name, and a standard quota resource unless it has a prefix. */
function quotaResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => invalid(path, name, msg));
  if (errs.length) return errs;
  const standard = STANDARD_QUOTA_RESOURCES.has(name) || name.startsWith('hugepages-') || name.startsWith('requests.hugepages-');
  if (!name.includes('/') && !standard) errs.push(invalid(path, name, 'must be a standard resource for quota'));
  return errs;
}

/**
 * ValidateResourceQuantityValue. Simplification: a non-integer count shows the quantity's string as the bad value
 * (upstream prints the Quantity struct).
 */
function quantityValue(name: string, value: string, path: string): FieldError[] {
  const q = Quantity.parse(value);
  const errs: FieldError[] = [];
  if (q.sign() < 0) errs.push(invalid(path, q.toString(), 'must be greater than or equal to 0'));
  if ((INTEGER_RESOURCES.has(name) || isExtendedResourceName(name)) && q.milliValueBig() % 1000n !== 0n) errs.push(invalid(path, q.toString(), 'must be an integer'));
  return errs;
}

/** Simplification: spec.scopes and spec.scopeSelector are not validated. */
function validateQuotaSpec(rq: ResourceQuota): FieldError[] {
  const errs: FieldError[] = [];
  for (const [name, v] of sortedEntries(rq.spec?.hard as Record<string, string> | undefined)) {
    const path = key('spec.hard', name);
    errs.push(...quotaResourceName(name, path), ...quantityValue(name, v, path));
  }
  return errs;
}

export function validateResourceQuota(rq: ResourceQuota): FieldError[] {
  return [...validateObjectMeta(rq.metadata, nameIsDNSSubdomain), ...validateQuotaSpec(rq)];
}

export function validateResourceQuotaUpdate(rq: ResourceQuota, old: ResourceQuota): FieldError[] {
  return [...validateObjectMetaUpdate(rq.metadata, old.metadata), ...validateQuotaSpec(rq)];
}

type Lists = Record<string, string> | undefined;

/**
 * ValidateLimitRange's rules between min, max, default, defaultRequest and maxLimitRequestRatio. Simplification: the
 * bad values print as the quantity's string, and resource names are not checked against the container resources.
 */
function validateLimits(lr: LimitRange): FieldError[] {
  const errs: FieldError[] = [];
  (lr.spec?.limits ?? []).forEach((item, i) => {
    const p = index('spec.limits', i);
    const parse = (l: Lists) => Object.fromEntries(Object.entries(l ?? {}).map(([k, v]) => [k, Quantity.parse(v)]));
    const [min, max, ratio] = [parse(item.min as Lists), parse(item.max as Lists), parse(item.maxLimitRequestRatio as Lists)];
    let [def, defReq] = [parse(item.default as Lists), parse(item.defaultRequest as Lists)];
    if (item.type === 'Pod') {
      if (Object.keys(def).length) errs.push(forbidden(child(p, 'default'), "may not be specified when `type` is 'Pod'"));
      if (Object.keys(defReq).length) errs.push(forbidden(child(p, 'defaultRequest'), "may not be specified when `type` is 'Pod'"));
      [def, defReq] = [{}, {}];
    }
    for (const [k, q] of Object.entries(ratio).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (q.cmp(Quantity.fromValue(1)) < 0) errs.push(invalid(key(child(p, 'maxLimitRequestRatio'), k), q.toString(), 'ratio must be greater than or equal to 1'));
    }
    const names = new Set([...Object.keys(min), ...Object.keys(max), ...Object.keys(def), ...Object.keys(defReq), ...Object.keys(ratio)]);
    for (const k of [...names].sort()) {
      const [mn, mx, d, dr] = [min[k], max[k], def[k], defReq[k]];
      const bad = (field: string, value: Quantity, msg: string) => errs.push(invalid(key(child(p, field), k), value.toString(), msg));
      if (mn && mx && mn.cmp(mx) > 0) bad('min', mn, `min value ${mn} is greater than max value ${mx}`);
      if (dr && mn && mn.cmp(dr) > 0) bad('defaultRequest', dr, `min value ${mn} is greater than default request value ${dr}`);
      if (dr && mx && dr.cmp(mx) > 0) bad('defaultRequest', dr, `default request value ${dr} is greater than max value ${mx}`);
      if (dr && d && dr.cmp(d) > 0) bad('defaultRequest', dr, `default request value ${dr} is greater than default limit value ${d}`);
      if (d && mn && mn.cmp(d) > 0) bad('default', mn, `min value ${mn} is greater than default value ${d}`);
      if (d && mx && d.cmp(mx) > 0) bad('default', mx, `default value ${d} is greater than max value ${mx}`);
    }
  });
  return errs;
}

export function validateLimitRange(lr: LimitRange): FieldError[] {
  return [...validateObjectMeta(lr.metadata, nameIsDNSSubdomain), ...validateLimits(lr)];
}

export function validateLimitRangeUpdate(lr: LimitRange, old: LimitRange): FieldError[] {
  return [...validateObjectMetaUpdate(lr.metadata, old.metadata), ...validateLimits(lr)];
}
