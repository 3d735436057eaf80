// ResourceQuota admission (k8s.io/apiserver/pkg/admission/plugin/resourcequota): an object is admitted only if what
// it uses fits every quota of its namespace that covers it; admitted usage is charged to the quotas' status.used at
// once, so that the next request sees it before the quota controller recalculates.
import type { ResourceQuota } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type Attributes } from './plugin.ts';
import { QuotaRegistry, quotaMatches, type Evaluator } from './quota/evaluators.ts';
import {
  add, equals, exceeding, formatResourceList, isZero, mask, negatives, parseResourceList, prettyPrint, subtractNonNegative,
  type ResourceList,
} from './quota/resources.ts';

type Quota = ResourceQuota & KubeObject;

interface Charge { quota: Quota; used: ResourceList }

/** hasUsageStats: every tracked hard resource has a used value. */
function hasUsageStats(q: Quota, tracked: string[]): boolean {
  return tracked.every((r) => !(r in (q.status?.hard ?? {})) || r in (q.status?.used ?? {}));
}

/**
 * CheckRequest for one object against the namespace's quotas: the new used values of the quotas it changes, or a
 * Forbidden error. Simplification: no AdmissionConfiguration limitedResources (nothing is limited by default).
 */
function checkRequest(a: Attributes, ev: Evaluator, quotas: Quota[], now: number): Charge[] {
  const interesting: Quota[] = [];
  for (const q of quotas) {
    if (!quotaMatches(ev, q, a.object)) continue;
    const tracked = ev.matchingResources(Object.keys(q.status?.hard ?? {}));
    const why = ev.constraints(tracked, a.object);
    if (why) throw forbiddenFor(a, `failed quota: ${q.metadata.name}: ${why}`);
    if (!hasUsageStats(q, tracked)) {
      throw forbiddenFor(a, `status unknown for quota: ${q.metadata.name}, resources: ${[...tracked].sort().join(',')}`);
    }
    interesting.push(q);
  }
  let delta = ev.usage(a.object, now);
  const negative = negatives(delta);
  if (negative.length) throw forbiddenFor(a, `quota usage is negative for resource(s): ${negative.sort().join(',')}`);
  if (a.operation === 'UPDATE' && a.oldObject) delta = subtractNonNegative(delta, ev.usage(a.oldObject, now));
  if (isZero(delta)) return [];
  const charges: Charge[] = [];
  for (const q of interesting) {
    const hard = parseResourceList(q.status?.hard as Record<string, string>);
    const used = parseResourceList(q.status?.used as Record<string, string>);
    const requested = mask(delta, Object.keys(hard));
    const next = add(used, requested);
    const over = exceeding(mask(next, Object.keys(requested)), hard);
    if (over.length) {
      throw forbiddenFor(a, `exceeded quota: ${q.metadata.name}, requested: ${prettyPrint(mask(requested, over))}, used: ${prettyPrint(mask(used, over))}, limited: ${prettyPrint(mask(hard, over))}`);
    }
    if (!equals(next, used)) charges.push({ quota: q, used: next });
  }
  return charges;
}

export function resourceQuotaAdmission({ store, clock }: AdmissionHost): AdmissionPlugin {
  const registry = new QuotaRegistry(store.kinds);
  return {
    name: 'ResourceQuota',
    validate(a) {
      const ev = a.namespace ? registry.get(a.kind.kind) : undefined;
      if (!ev || !ev.handles(a.operation)) return;
      const quotas = store.list<ResourceQuota>('ResourceQuota', { namespace: a.namespace })
        .sort((x, y) => ((x.metadata.name ?? '') < (y.metadata.name ?? '') ? -1 : 1));
      if (quotas.length === 0) return;
      const charges = checkRequest(a, ev, quotas, clock.now());
      if (a.dryRun) return;
      for (const { quota, used } of charges) {
        store.update({ ...quota, status: { ...quota.status, used: formatResourceList(used) } } as Quota, { subresource: 'status' });
      }
    },
  };
}
