// The pods/eviction subresource (pkg/registry/core/pod/storage/eviction.go): delete a pod unless that would take
// its PodDisruptionBudget below what it must keep; an allowed eviction is recorded in the budget's
// status.disruptedPods so that the disruption controller does not count the pod while it goes.
import type { Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { Condition } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../../api/object.ts';
import { isPodReady } from '../../api/pod.ts';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import type { SimClock } from '../../sim/clock.ts';
import { forbidden, StatusError } from '../errors.ts';
import type { Store } from '../store.ts';

type PDB = PodDisruptionBudget & KubeObject;

/** MaxDisruptedPodSize: evictions the disruption controller has not yet confirmed. */
const MAX_DISRUPTED_POD_SIZE = 2000;
const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';
const VIOLATES_BUDGET = "Cannot evict pod as it would violate the pod's disruption budget.";

export interface EvictOptions {
  dryRun?: boolean;
  gracePeriodSeconds?: number;
}

/** errors.NewTooManyRequests with a DisruptionBudget cause. */
function tooManyRequests(retryAfterSeconds: number, cause: string): StatusError {
  return new StatusError({
    reason: 'TooManyRequests', code: 429, message: VIOLATES_BUDGET,
    details: { causes: [{ reason: DISRUPTION_BUDGET_CAUSE, message: cause, field: '' }], retryAfterSeconds },
  });
}

/** apimeta.SetStatusCondition: the transition time moves only when the status changes. */
export function setCondition(conditions: Condition[], c: Omit<Condition, 'lastTransitionTime'>, now: string): Condition[] {
  const old = conditions.find((x) => x.type === c.type);
  const next: Condition = { ...c, lastTransitionTime: old && old.status === c.status ? old.lastTransitionTime : now };
  return old ? conditions.map((x) => (x === old ? next : x)) : [...conditions, next];
}

/** pdbhelper.UpdateDisruptionAllowedCondition: DisruptionAllowed True (SufficientPods) or False (InsufficientPods). */
export function withDisruptionAllowedCondition(status: NonNullable<PodDisruptionBudget['status']>, now: string): NonNullable<PodDisruptionBudget['status']> {
  const allowed = status.disruptionsAllowed > 0;
  const conditions = setCondition(status.conditions ?? [], {
    type: 'DisruptionAllowed', status: allowed ? 'True' : 'False', reason: allowed ? 'SufficientPods' : 'InsufficientPods',
    message: '', observedGeneration: status.observedGeneration,
  }, now);
  return { ...status, conditions };
}

/** canIgnorePDB: a pod that is terminal, Pending or already being deleted disrupts nothing. */
function canIgnorePDB(pod: Pod & KubeObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** checkAndDecrement: take one disruption from the budget, or refuse with 429. */
function checkAndDecrement(store: Store, clock: SimClock, podName: string, pdb: PDB, dryRun: boolean): void {
  const status = pdb.status!;
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    throw tooManyRequests(10, `The disruption budget ${pdb.metadata.name} is still being processed by the server.`);
  }
  const pdbInfo = store.info('PodDisruptionBudget');
  const singular = { ...pdbInfo, plural: 'poddisruptionbudget' };
  if (status.disruptionsAllowed < 0) throw forbidden(singular, pdb.metadata.name!, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    throw forbidden(singular, pdb.metadata.name!, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (status.disruptionsAllowed === 0) {
    throw tooManyRequests(0, `The disruption budget ${pdb.metadata.name} needs ${status.desiredHealthy} healthy pods and has ${status.currentHealthy} currently`);
  }
  const now = clock.nowRFC3339();
  let next = { ...status, disruptionsAllowed: status.disruptionsAllowed - 1 };
  if (next.disruptionsAllowed === 0) next = withDisruptionAllowedCondition(next, now);
  if (dryRun) return;
  next.disruptedPods = { ...status.disruptedPods, [podName]: now };
  store.update({ ...pdb, status: next } as PDB, { subresource: 'status' });
}

/** The DisruptionTarget condition the eviction puts on the pod before deleting it (PodDisruptionConditions). */
function markDisruptionTarget(store: Store, clock: SimClock, pod: Pod & KubeObject): void {
  const conditions: PodCondition[] = (pod.status?.conditions ?? []).filter((c) => c.type !== 'DisruptionTarget');
  conditions.push({ type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting', lastProbeTime: null as unknown as string, lastTransitionTime: clock.nowRFC3339() });
  store.update({ ...pod, status: { ...pod.status, conditions } } as Pod & KubeObject, { subresource: 'status' });
}

function deletePod(store: Store, clock: SimClock, pod: Pod & KubeObject, opts: EvictOptions): void {
  if (!opts.dryRun) markDisruptionTarget(store, clock, pod);
  store.delete('Pod', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: opts.gracePeriodSeconds, dryRun: opts.dryRun });
}

/**
 * Evict a pod: at once if it is terminal, Pending or already terminating; else only if the one budget that selects
 * it allows a disruption (an unready pod may go while the budget is met). Throws 429 TooManyRequests when the
 * budget forbids it. Simplification: the pod's resourceVersion precondition on the delete is implicit (the
 * simulated API server handles one request at a time).
 */
export function evictPod(store: Store, clock: SimClock, namespace: string, name: string, opts: EvictOptions = {}): void {
  const pod = store.get<Pod>('Pod', namespace, name);
  if (canIgnorePDB(pod)) return deletePod(store, clock, pod, opts);
  const pdbs = store.list<PodDisruptionBudget>('PodDisruptionBudget', { namespace }).filter((pdb) => {
    try {
      return selectorFromLabelSelector(pdb.spec?.selector).matches(pod.metadata.labels);
    } catch {
      return false; // an invalid selector matches no pod
    }
  });
  if (pdbs.length > 1) {
    // Simplification: upstream answers with a Status of code 500 and no reason; errors here carry one.
    throw new StatusError({ reason: 'InternalError', code: 500, message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' });
  }
  const pdb = pdbs[0];
  if (pdb) {
    const status = pdb.status;
    const unhealthyMayGo = !isPodReady(pod) && (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow'
      || ((status?.currentHealthy ?? 0) >= (status?.desiredHealthy ?? 0) && (status?.desiredHealthy ?? 0) > 0));
    if (!unhealthyMayGo) checkAndDecrement(store, clock, pod.metadata.name!, pdb, !!opts.dryRun);
  }
  deletePod(store, clock, pod, opts);
}
