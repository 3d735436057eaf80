// LimitRanger (plugin/pkg/admission/limitranger): the namespace's LimitRanges give containers their default requests
// and limits (mutating), then bound containers, pods and claims by min, max and maxLimitRequestRatio (validating).
import type { Container, LimitRange, LimitRangeItem, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { Quantity } from '../../../api/quantity.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type Attributes } from './plugin.ts';
import { podResourceList } from './quota/podresources.ts';
import { parseResourceList, type ResourceList } from './quota/resources.ts';

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

/** resource.MaxMilliValue: above it, comparisons fall back from milli to whole units. */
const MAX_MILLI_VALUE = (2n ** 63n - 1n) / 1000n;

type Lists = Record<string, string>;

/** LimitRange item maps in key order (Go iterates them in random order). */
function entries(list: Lists | undefined): [string, Quantity][] {
  return Object.keys(list ?? {}).sort().map((k) => [k, Quantity.parse(list![k])]);
}

/** requestLimitEnforcedValues: the three at milli precision unless one would overflow it. */
function enforcedValues(req: Quantity | undefined, lim: Quantity | undefined, enforced: Quantity): [bigint, bigint, bigint] {
  const zero = Quantity.fromValue(0);
  const [r, l] = [req ?? zero, lim ?? zero];
  if (r.valueBig() <= MAX_MILLI_VALUE && l.valueBig() <= MAX_MILLI_VALUE && enforced.valueBig() <= MAX_MILLI_VALUE) {
    return [r.milliValueBig(), l.milliValueBig(), enforced.milliValueBig()];
  }
  return [r.valueBig(), l.valueBig(), enforced.valueBig()];
}

function minConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim] = [requests[name], limits[name]];
  const [r, l, e] = enforcedValues(req, lim, enforced);
  if (!req) return `minimum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (r < e) return `minimum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  if (lim && l < e) return `minimum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim] = [requests[name], limits[name]];
  const [r, l, e] = enforcedValues(req, lim, enforced);
  if (!lim) return `maximum ${name} usage per ${type} is ${enforced}.  No limit is specified`;
  if (l > e) return `maximum ${name} usage per ${type} is ${enforced}, but limit is ${lim}`;
  if (req && r > e) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

/** maxRequestConstraint: claims state only requests. */
function maxRequestConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList): string | undefined {
  const req = requests[name];
  const [r, , e] = enforcedValues(req, undefined, enforced);
  if (!req) return `maximum ${name} usage per ${type} is ${enforced}.  No request is specified`;
  if (r > e) return `maximum ${name} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

function ratioConstraint(type: string, name: string, enforced: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const [req, lim] = [requests[name], limits[name]];
  const [r, l] = enforcedValues(req, lim, enforced);
  if (!req || r === 0n) return `${name} max limit to request ratio per ${type} is ${enforced}, but no request is specified or request is 0`;
  if (!lim || l === 0n) return `${name} max limit to request ratio per ${type} is ${enforced}, but no limit is specified or limit is 0`;
  const observed = Number(l) / Number(r);
  const milli = enforced.valueBig() <= MAX_MILLI_VALUE;
  const max = Number(milli ? enforced.milliValueBig() : enforced.valueBig());
  if ((milli ? observed * 1000 : observed) > max) {
    return `${name} max limit to request ratio per ${type} is ${enforced}, but provided ratio is ${observed.toFixed(6)}`;
  }
  return undefined;
}

/** Every min, max and ratio error of one item against one set of requests and limits. */
function checkBounds(item: LimitRangeItem, requests: ResourceList, limits: ResourceList, errs: string[]): void {
  const push = (e: string | undefined) => { if (e) errs.push(e); };
  for (const [k, v] of entries(item.min as Lists)) push(minConstraint(item.type, k, v, requests, limits));
  for (const [k, v] of entries(item.max as Lists)) push(maxConstraint(item.type, k, v, requests, limits));
  for (const [k, v] of entries(item.maxLimitRequestRatio as Lists)) push(ratioConstraint(item.type, k, v, requests, limits));
}

const containerLists = (c: Container): [ResourceList, ResourceList] =>
  [parseResourceList(c.resources?.requests as Lists), parseResourceList(c.resources?.limits as Lists)];

/** PodValidateLimitFunc. */
function validatePod(lr: LimitRange, pod: Pod): string[] {
  const errs: string[] = [];
  for (const item of lr.spec?.limits ?? []) {
    if (item.type === 'Container') {
      for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) checkBounds(item, ...containerLists(c), errs);
    } else if (item.type === 'Pod') {
      checkBounds(item, podResourceList(pod, 'requests'), podResourceList(pod, 'limits'), errs);
    }
  }
  return errs;
}

/** PersistentVolumeClaimValidateLimitFunc: min and max of spec.resources.requests. */
function validateClaim(lr: LimitRange, pvc: PersistentVolumeClaim): string[] {
  const errs: string[] = [];
  const requests = parseResourceList(pvc.spec?.resources?.requests as Lists);
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const [k, v] of entries(item.min as Lists)) { const e = minConstraint(item.type, k, v, requests, {}); if (e) errs.push(e); }
    for (const [k, v] of entries(item.max as Lists)) { const e = maxRequestConstraint(item.type, k, v, requests); if (e) errs.push(e); }
  }
  return errs;
}

/** mergeContainerResources: fill in what the container does not state; the annotation text of what was set. */
function mergeContainer(c: Container, defaults: { requests: Lists; limits: Lists }, prefix: string): string[] {
  const notes: string[] = [];
  const resources = (c.resources ??= {});
  for (const field of ['requests', 'limits'] as const) {
    const set: string[] = [];
    for (const [k, v] of Object.entries(defaults[field])) {
      const list = (resources[field] ?? {}) as Lists;
      if (k in list) continue;
      resources[field] = { ...list, [k]: v };
      set.push(k);
    }
    if (set.length) notes.push(`${set.sort().join(', ')} ${field === 'requests' ? 'request' : 'limit'} for ${prefix} ${c.name}`);
  }
  return notes;
}

/** PodMutateLimitFunc: defaultRequest and default of the Container items, annotated on the pod. */
function mutatePod(lr: LimitRange, pod: Pod): void {
  const defaults = { requests: {} as Lists, limits: {} as Lists };
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    Object.assign(defaults.requests, item.defaultRequest ?? {});
    Object.assign(defaults.limits, item.default ?? {});
  }
  const notes = [
    ...(pod.spec?.containers ?? []).flatMap((c) => mergeContainer(c, defaults, 'container')),
    ...(pod.spec?.initContainers ?? []).flatMap((c) => mergeContainer(c, defaults, 'init container')),
  ];
  if (notes.length) {
    const meta = pod.metadata!;
    meta.annotations = { ...meta.annotations, [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
  }
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several deduplicated in brackets. */
function aggregate(errs: string[]): string {
  const unique = [...new Set(errs)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

/**
 * SupportsAttributes: pods on create (containers cannot change on update) and claims; never subresources. Objects
 * already being deleted are left alone.
 */
function supports(a: Attributes): boolean {
  if (a.kind.group !== '') return false;
  if (a.kind.kind === 'Pod') return a.operation === 'CREATE';
  return a.kind.kind === 'PersistentVolumeClaim' && !a.oldObject?.metadata.deletionTimestamp;
}

export function limitRanger({ store }: AdmissionHost): AdmissionPlugin {
  const ranges = (a: Attributes) => store.list<LimitRange>('LimitRange', { namespace: a.namespace })
    .sort((x, y) => ((x.metadata.name ?? '') < (y.metadata.name ?? '') ? -1 : 1));
  return {
    name: 'LimitRanger',
    admit(a) {
      if (!supports(a) || a.kind.kind !== 'Pod') return;
      for (const lr of ranges(a)) mutatePod(lr, a.object as Pod & KubeObject);
    },
    validate(a) {
      if (!supports(a)) return;
      for (const lr of ranges(a)) {
        const errs = a.kind.kind === 'Pod' ? validatePod(lr, a.object as Pod) : validateClaim(lr, a.object as PersistentVolumeClaim);
        if (errs.length) throw forbiddenFor(a, aggregate(errs));
      }
    },
  };
}
