// Kueue's classical preemption (pkg/scheduler/preemption): which admitted workloads to evict so that a pending one
// fits. Candidates are workloads of the same ClusterQueue that policy withinClusterQueue lets it preempt, and workloads
// of other ClusterQueues in the cohort that are borrowing, as reclaimWithinCohort allows (only while the preemptor
// stays within its own nominal quota). Candidates from other ClusterQueues go first, then lower priority, then the
// most recently admitted; they are removed until the preemptor fits, then any not needed are put back.
import { fitsWithFlavors, type Assignment } from './flavorassigner.ts';
import type { CQState, FlavorResource } from './quota.ts';
import { workloadUsage } from './quota.ts';
import { findCondition, WL, type Workload } from './types.ts';

export interface Target { key: string; wl: Workload; cq: CQState; reason: 'InClusterQueue' | 'InCohortReclamation' }

export const priorityOf = (wl: Workload) => wl.spec.priority ?? 0;
const reservedAt = (wl: Workload) => findCondition(wl.status?.conditions, WL.quotaReserved)?.lastTransitionTime ?? '';
const created = (wl: Workload) => wl.metadata.creationTimestamp ?? '';

function usesAny(wl: Workload, needed: ReadonlyMap<FlavorResource, number>): boolean {
  for (const k of workloadUsage(wl).keys()) if (needed.has(k)) return true;
  return false;
}

function withinCQAllows(policy: string | undefined, preemptor: Workload, victim: Workload): boolean {
  if (policy === 'LowerPriority') return priorityOf(victim) < priorityOf(preemptor);
  if (policy === 'LowerOrNewerEqualPriority') return priorityOf(victim) < priorityOf(preemptor) || (priorityOf(victim) === priorityOf(preemptor) && created(victim) > created(preemptor));
  return false;
}

export function findTargets(preemptor: Workload, a: Assignment, cq: CQState): Target[] {
  const needed = a.preempt;
  const policy = cq.cq.spec.preemption ?? {};
  const candidates: Target[] = [];
  for (const [key, wl] of cq.workloads) {
    if (usesAny(wl, needed) && withinCQAllows(policy.withinClusterQueue, preemptor, wl)) candidates.push({ key, wl, cq, reason: 'InClusterQueue' });
  }
  const reclaim = policy.reclaimWithinCohort ?? 'Never';
  const withinNominal = [...needed].every(([k, v]) => cq.used(k) - ownCandidateUsage(candidates, k) + v <= cq.nominal(k));
  if (cq.cohort && reclaim !== 'Never' && withinNominal) {
    for (const other of cq.cohort.members) {
      if (other === cq) continue;
      if (![...needed.keys()].some((k) => other.borrowing(k))) continue;
      for (const [key, wl] of other.workloads) {
        if (!usesAny(wl, needed)) continue;
        if (reclaim === 'LowerPriority' && priorityOf(wl) >= priorityOf(preemptor)) continue;
        candidates.push({ key, wl, cq: other, reason: 'InCohortReclamation' });
      }
    }
  }
  candidates.sort((x, y) => Number(x.cq === cq) - Number(y.cq === cq) || priorityOf(x.wl) - priorityOf(y.wl) || reservedAt(y.wl).localeCompare(reservedAt(x.wl)) || x.key.localeCompare(y.key));
  const targets: Target[] = [];
  let fits = false;
  for (const t of candidates) {
    // A borrowing ClusterQueue is reclaimed from only while it still borrows.
    if (t.cq !== cq && ![...needed.keys()].some((k) => t.cq.borrowing(k))) continue;
    t.cq.add(t.key, t.wl, -1);
    targets.push(t);
    if ((fits = fitsWithFlavors(a, cq))) break;
  }
  if (!fits) {
    for (const t of targets) t.cq.add(t.key, t.wl);
    return [];
  }
  // Put back the ones the preemptor does not need gone (the last one removed is needed).
  for (let i = targets.length - 2; i >= 0; i--) {
    const t = targets[i];
    t.cq.add(t.key, t.wl);
    if (fitsWithFlavors(a, cq)) continue;
    t.cq.add(t.key, t.wl, -1);
  }
  const chosen = targets.filter((t) => !t.cq.workloads.has(t.key));
  for (const t of chosen) t.cq.add(t.key, t.wl); // the snapshot keeps them until their quota is released
  return chosen;
}

function ownCandidateUsage(candidates: Target[], k: FlavorResource): number {
  return candidates.reduce((n, t) => n + (workloadUsage(t.wl).get(k) ?? 0), 0);
}
