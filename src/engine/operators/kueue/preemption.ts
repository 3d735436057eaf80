// Kueue's classical preemption (pkg/scheduler/preemption): which admitted workloads to evict so that a pending one
// fits. Candidates are workloads of the same ClusterQueue that policy withinClusterQueue lets it preempt, and workloads
// of other ClusterQueues in the cohort that are borrowing, as reclaimWithinCohort allows. Candidates from other
// ClusterQueues go first, then lower priority, then the most recently admitted; they are removed until the preemptor
// fits, then any not needed are put back. As upstream's GetTargets: the cohort is reclaimed from only while the
// preemptor's queue is under its nominal quota, and then the preemptor must fit without borrowing; otherwise only its
// own queue's candidates, borrowing allowed.
import { assignmentUsage, type Assignment } from './flavorassigner.ts';
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
  if (cq.cohort && reclaim !== 'Never') {
    for (const other of cq.cohort.members) {
      if (other === cq || !borrowsAny(other, needed)) continue;
      for (const [key, wl] of other.workloads) {
        if (!usesAny(wl, needed)) continue;
        if (reclaim === 'LowerPriority' && priorityOf(wl) >= priorityOf(preemptor)) continue;
        candidates.push({ key, wl, cq: other, reason: 'InCohortReclamation' });
      }
    }
  }
  candidates.sort((x, y) => Number(x.cq === cq) - Number(y.cq === cq) || priorityOf(x.wl) - priorityOf(y.wl) || reservedAt(y.wl).localeCompare(reservedAt(x.wl)) || x.key.localeCompare(y.key));
  const request = assignmentUsage(a);
  const sameQueue = candidates.filter((t) => t.cq === cq);
  if (sameQueue.length === candidates.length) return minimalPreemptions(request, needed, cq, candidates, true);
  // Reclaiming from the cohort only while under the nominal quota, and only so as to fit without borrowing:
  // a preemptor that would borrow again could be reclaimed from in turn, and the two would take turns forever.
  if ([...needed.keys()].every((k) => cq.used(k) < cq.nominal(k))) {
    const targets = minimalPreemptions(request, needed, cq, candidates, false);
    if (targets.length) return targets;
  }
  return minimalPreemptions(request, needed, cq, sameQueue, true);
}

const borrowsAny = (cq: CQState, needed: ReadonlyMap<FlavorResource, number>) => [...needed.keys()].some((k) => cq.borrowing(k));

function workloadFits(request: ReadonlyMap<FlavorResource, number>, cq: CQState, allowBorrowing: boolean): boolean {
  for (const [k, v] of request) {
    if (!allowBorrowing && cq.used(k) + v > cq.nominal(k)) return false;
    if (v > cq.available(k)) return false;
  }
  return true;
}

/** Remove candidates in order until the preemptor fits, then put back those it does not need gone. */
function minimalPreemptions(request: ReadonlyMap<FlavorResource, number>, needed: ReadonlyMap<FlavorResource, number>, cq: CQState, candidates: Target[], allowBorrowing: boolean): Target[] {
  const targets: Target[] = [];
  let fits = false;
  for (const t of candidates) {
    // A borrowing ClusterQueue is reclaimed from only while it still borrows.
    if (t.cq !== cq && !borrowsAny(t.cq, needed)) continue;
    t.cq.add(t.key, t.wl, -1);
    targets.push(t);
    if ((fits = workloadFits(request, cq, allowBorrowing))) break;
  }
  if (!fits) {
    for (const t of targets) t.cq.add(t.key, t.wl);
    return [];
  }
  // The last one removed is needed; try the others back, newest removal first.
  for (let i = targets.length - 2; i >= 0; i--) {
    const t = targets[i];
    t.cq.add(t.key, t.wl);
    if (workloadFits(request, cq, allowBorrowing)) continue;
    t.cq.add(t.key, t.wl, -1);
  }
  const chosen = targets.filter((t) => !t.cq.workloads.has(t.key));
  for (const t of chosen) t.cq.add(t.key, t.wl); // the snapshot keeps them until their quota is released
  return chosen;
}
