// Kueue's flavor assignment (pkg/scheduler/flavorassigner): for each pod set, the first flavor of the resource
// group that fits the pod set's requests in the ClusterQueue (borrowing from the cohort when needed); otherwise the
// best the flavors allow (preemption, or no fit) and the reasons, in upstream's words.
// Simplification: flavorFungibility is the default (borrow rather than try the next flavor; try the next flavor
// rather than preempt); node affinity is checked against the pod's nodeSelector only.
import type { Container, PodSpec, Taint } from 'kubernetes-types/core/v1';
import { resourceAmount } from '../../api/pod.ts';
import { findUntoleratedTaint } from '../../api/taints.ts';
import { fr, quantityString, type CQState, type FlavorResource } from './quota.ts';
import type { PodSet, ResourceFlavor, Workload } from './types.ts';

export type Mode = 'fit' | 'preempt' | 'noFit';
const rank: Record<Mode, number> = { fit: 2, preempt: 1, noFit: 0 };
const worse = (a: Mode, b: Mode): Mode => (rank[a] <= rank[b] ? a : b);

export interface PodSetResult { name: string; count: number; flavors: Record<string, string>; requests: Record<string, number>; mode: Mode; reasons: string[] }
export interface Assignment { podSets: PodSetResult[]; mode: Mode; borrowing: boolean; /** Flavor-resources that need preemption to fit. */ preempt: Map<FlavorResource, number> }

type ResourceList = Record<string, string>;

/** One pod's requests (limits stand in for missing requests, as the API server's defaulting does). */
export function podRequests(spec: PodSpec | undefined): Record<string, number> {
  const one = (c: Container) => {
    const list: ResourceList = { ...(c.resources?.limits as ResourceList | undefined), ...(c.resources?.requests as ResourceList | undefined) };
    return Object.fromEntries(Object.entries(list).map(([k, v]) => [k, resourceAmount(k, v)]));
  };
  const sum: Record<string, number> = {};
  for (const c of spec?.containers ?? []) for (const [k, v] of Object.entries(one(c))) sum[k] = (sum[k] ?? 0) + v;
  for (const c of spec?.initContainers ?? []) for (const [k, v] of Object.entries(one(c))) if (v > (sum[k] ?? 0)) sum[k] = v;
  return sum;
}

/** The pod set's total requests: one pod's times the count. */
export function podSetRequests(ps: PodSet): Record<string, number> {
  return Object.fromEntries(Object.entries(podRequests(ps.template.spec)).filter(([, v]) => v > 0).map(([k, v]) => [k, v * ps.count]));
}

const taintString = (t: Taint) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;

/** Why a flavor cannot host the pod set at all (taints, node labels), or undefined. */
function flavorMismatch(flavor: ResourceFlavor | undefined, name: string, spec: PodSpec | undefined): string | undefined {
  if (!flavor) return `flavor ${name} not found`;
  const taint = findUntoleratedTaint(flavor.spec?.nodeTaints, [...(spec?.tolerations ?? []), ...(flavor.spec?.tolerations ?? [])], (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  if (taint) return `untolerated taint ${taintString(taint)} in flavor ${name}`;
  const labels = flavor.spec?.nodeLabels ?? {};
  if (Object.entries(spec?.nodeSelector ?? {}).some(([k, v]) => k in labels && labels[k] !== v)) return `flavor ${name} doesn't match node affinity`;
  return undefined;
}

/** fitsResourceQuota: fit, preemption needed, or no fit, with the reason. */
function fitsQuota(cq: CQState, flavor: string, resource: string, val: number): { mode: Mode; borrow: boolean; reason?: string } {
  const k = fr(flavor, resource);
  const max = cq.potentialAvailable(k);
  if (val > max) return { mode: 'noFit', borrow: false, reason: `insufficient quota for ${resource} in flavor ${flavor}, request > maximum capacity (${quantityString(resource, val)} > ${quantityString(resource, max)})` };
  const borrow = cq.used(k) + val > cq.nominal(k);
  const available = cq.available(k);
  if (val <= available) return { mode: 'fit', borrow };
  return { mode: 'preempt', borrow, reason: `insufficient unused quota for ${resource} in flavor ${flavor}, ${quantityString(resource, val - available)} more needed` };
}

export function assignFlavors(wl: Workload, cq: CQState, flavors: ReadonlyMap<string, ResourceFlavor>): Assignment {
  const out: Assignment = { podSets: [], mode: 'fit', borrowing: false, preempt: new Map() };
  const assigned = new Map<FlavorResource, number>(); // what earlier pod sets of this workload take
  const groups = cq.cq.spec.resourceGroups ?? [];
  for (const ps of wl.spec.podSets) {
    const requests = podSetRequests(ps);
    const res: PodSetResult = { name: ps.name, count: ps.count, flavors: {}, requests, mode: 'fit', reasons: [] };
    const uncovered = Object.keys(requests).filter((r) => !groups.some((g) => g.coveredResources.includes(r)));
    for (const r of uncovered) { res.reasons.push(`resource ${r} unavailable in ClusterQueue`); res.mode = 'noFit'; }
    for (const g of groups) {
      const wanted = g.coveredResources.filter((r) => r in requests);
      if (!wanted.length || res.mode === 'noFit') continue;
      let best: { flavor: string; mode: Mode; borrow: boolean } | undefined;
      const reasons: string[] = [];
      for (const f of g.flavors) {
        const mismatch = flavorMismatch(flavors.get(f.name), f.name, ps.template.spec);
        if (mismatch) { reasons.push(mismatch); continue; }
        let mode: Mode = 'fit', borrow = false;
        for (const r of wanted) {
          const fit = fitsQuota(cq, f.name, r, requests[r] + (assigned.get(fr(f.name, r)) ?? 0));
          mode = worse(mode, fit.mode);
          borrow ||= fit.borrow;
          if (fit.reason) reasons.push(fit.reason);
        }
        if (!best || rank[mode] > rank[best.mode]) best = { flavor: f.name, mode, borrow };
        if (mode === 'fit') break;
      }
      if (!best || best.mode !== 'fit') res.reasons.push(...reasons);
      if (!best) { res.mode = 'noFit'; continue; }
      res.mode = worse(res.mode, best.mode);
      out.borrowing ||= best.borrow;
      for (const r of wanted) {
        res.flavors[r] = best.flavor;
        const k = fr(best.flavor, r);
        assigned.set(k, (assigned.get(k) ?? 0) + requests[r]);
        if (best.mode === 'preempt') out.preempt.set(k, (out.preempt.get(k) ?? 0) + requests[r]);
      }
    }
    out.mode = worse(out.mode, res.mode);
    out.podSets.push(res);
  }
  return out;
}

/** The Pending message: `couldn't assign flavors to pod set main: …`, one clause per pod set that did not fit. */
export function pendingMessage(a: Assignment): string {
  return a.podSets.filter((p) => p.mode !== 'fit').map((p) => `couldn't assign flavors to pod set ${p.name}: ${p.reasons.join(', ')}`).join('; ');
}

/** What the workload would use with the flavors chosen, per flavor-resource. */
export function assignmentUsage(a: Assignment): Map<FlavorResource, number> {
  const need = new Map<FlavorResource, number>();
  for (const p of a.podSets) for (const [r, f] of Object.entries(p.flavors)) need.set(fr(f, r), (need.get(fr(f, r)) ?? 0) + p.requests[r]);
  return need;
}

