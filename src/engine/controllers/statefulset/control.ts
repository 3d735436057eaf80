// defaultStatefulSetControl (stateful_set_control.go): one pass of the StatefulSet control loop. Revisions
// first, then replicas in ordinal order (OrderedReady: one at a time, each Running and Ready before the next;
// Parallel: all at once), then condemned pods highest ordinal first, then the rolling update from the
// highest ordinal down to the partition.
import type { StatefulSetStatus } from 'kubernetes-types/apps/v1';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { SimClock } from '../../sim/clock.ts';
import { slowStartBatch } from '../expectations.ts';
import type { ControllerHistory } from '../history/history.ts';
import { applyRevision, equalRevision, findEqualRevisions, newControllerRevision, nextRevision, sortControllerRevisions, templatePatch, type Revision } from '../history/revision.ts';
import type { StatefulPodControl } from './podcontrol.ts';
import {
  completeRollingUpdate, descendingOrdinal, endOrdinal, identityMatches, inconsistentStatus, inOrdinalRange, isCreated, isFailed,
  isPending, isRunningAndAvailable, isRunningAndReady, isSucceeded, isTerminating, isUnavailable, newVersionedStatefulSetPod, ordinalOf,
  podRevision, replicaStatus, replicasOf, startOrdinal, storageMatches, type P, type STS,
} from './utils.ts';

interface Revisions { current: Revision; update: Revision; collisionCount: number }

/** newRevision: the set's template as a revision, hashed with the collision count. */
function newRevision(set: STS, revision: number, collisionCount: number): Revision {
  const cr = newControllerRevision(set, set.spec?.template?.metadata?.labels, templatePatch(set), revision, collisionCount);
  if (set.metadata.annotations) cr.metadata.annotations = { ...set.metadata.annotations };
  return cr;
}

export class StatefulSetControl {
  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    private readonly podControl: StatefulPodControl,
    private readonly history: ControllerHistory,
  ) {}

  /** UpdateStatefulSet: returns the status it recorded; history is truncated whether or not the pass failed. */
  updateStatefulSet(set: STS, pods: P[]): StatefulSetStatus {
    const revisions = sortControllerRevisions(this.history.list(set, selectorFromLabelSelector(set.spec?.selector)));
    let revs: Revisions | undefined;
    try {
      revs = this.revisions(set, revisions);
      return this.performUpdate(set, pods, revs);
    } finally {
      this.truncateHistory(set, pods, revisions, revs?.current, revs?.update);
    }
  }

  /** getStatefulSetRevisions: find or create the update revision; a template seen before is renumbered (rollback). */
  private revisions(set: STS, revisions: Revision[]): Revisions {
    const collision = { value: set.status?.collisionCount ?? 0 };
    let update = newRevision(set, nextRevision(revisions), collision.value);
    const equal = findEqualRevisions(revisions, update);
    if (equal.length > 0 && equalRevision(revisions[revisions.length - 1], equal[equal.length - 1])) update = revisions[revisions.length - 1];
    else if (equal.length > 0) update = this.history.update(equal[equal.length - 1], update.revision);
    else update = this.history.create(set, update, collision);
    const current = revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
    return { current, update, collisionCount: collision.value };
  }

  private performUpdate(set: STS, pods: P[], revs: Revisions): StatefulSetStatus {
    const status: StatefulSetStatus = {
      observedGeneration: set.metadata.generation, replicas: 0,
      currentRevision: revs.current.metadata.name, updateRevision: revs.update.metadata.name, collisionCount: revs.collisionCount,
    };
    let error: unknown;
    try {
      this.sync(set, pods, revs, status);
    } catch (e) {
      error = e;
    }
    // The status is recorded even when the pass failed part way.
    this.updateStatus(set, status);
    if (error !== undefined) throw error;
    return status;
  }

  /** updateStatefulSet: fills `status` as it goes. */
  private sync(set: STS, pods: P[], revs: Revisions, status: StatefulSetStatus): void {
    const now = this.clock.now();
    const minReady = set.spec?.minReadySeconds ?? 0;
    const currentSet = applyRevision(set, revs.current);
    const updateSet = applyRevision(set, revs.update);
    replicaStatus(status, pods, minReady, now, revs.current, revs.update);

    const start = startOrdinal(set);
    const replicas: P[] = new Array(replicasOf(set));
    const condemned: P[] = [];
    for (const pod of pods) {
      if (inOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
      else if (ordinalOf(pod) >= 0) condemned.push(pod);
    }
    for (let ord = start; ord <= endOrdinal(set); ord++) {
      if (!replicas[ord - start]) replicas[ord - start] = newVersionedStatefulSetPod(currentSet, updateSet, revs.current.metadata.name!, revs.update.metadata.name!, ord);
    }
    condemned.sort(descendingOrdinal);
    const firstUnavailable = replicas.find((p) => isUnavailable(p, minReady, now)) ?? [...condemned].reverse().find((p) => isUnavailable(p, minReady, now));
    const recount = () => replicaStatus(status, [...replicas, ...condemned], minReady, now, revs.current, revs.update);

    if (set.metadata.deletionTimestamp) return;
    const monotonic = set.spec?.podManagementPolicy !== 'Parallel';
    try {
      if (runForAll(replicas, (i) => this.processReplica(set, updateSet, monotonic, replicas[i], minReady, now), monotonic)) return recount();
      // Simplification: fixPodClaim (re-owning claims of condemned pods for the retention policy) is not run.
      if (runForAll(condemned, (i) => this.processCondemned(set, firstUnavailable, monotonic, condemned[i], minReady, now), monotonic)) return recount();
    } catch (e) {
      recount();
      throw e;
    }
    recount();
    if (set.spec?.updateStrategy?.type === 'OnDelete') return;

    // Rolling update: delete the highest-ordinal pod not at the update revision, one at a time, down to the partition.
    const updateMin = set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
    for (let target = replicas.length - 1; target >= updateMin; target--) {
      const pod = replicas[target];
      if (podRevision(pod) !== revs.update.metadata.name && !isTerminating(pod)) {
        try {
          this.podControl.deleteStatefulPod(set, pod);
        } catch (e) {
          if (!isStatusError(e, 'NotFound')) throw e;
        }
        status.currentReplicas = (status.currentReplicas ?? 0) - 1;
        return;
      }
      if (isUnavailable(pod, minReady, now)) return;
    }
  }

  /** processReplica: true when the pass must stop here (monotonic waits, or a replaced pod). */
  private processReplica(set: STS, updateSet: STS, monotonic: boolean, pod: P, minReady: number, now: number): boolean {
    // A pod that ran to completion (evicted, or its node rebooted) is replaced, whatever its exit code.
    if (isFailed(pod) || isSucceeded(pod)) {
      if (!pod.metadata.deletionTimestamp) this.podControl.deleteStatefulPod(set, pod);
      return true;
    }
    if (!isCreated(pod)) {
      this.podControl.createStatefulPod(set, pod);
      if (monotonic) return true;
    }
    if (isPending(pod)) this.podControl.createMissingClaims(set, pod);
    if (monotonic && (isTerminating(pod) || !isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReady, now))) return true;
    if (identityMatches(set, pod) && storageMatches(set, pod)) return false;
    this.podControl.updateStatefulPod(updateSet, pod);
    return false;
  }

  /** processCondemned: scale down one pod; in OrderedReady only when every other pod is healthy. */
  private processCondemned(set: STS, firstUnavailable: P | undefined, monotonic: boolean, pod: P, minReady: number, now: number): boolean {
    if (isTerminating(pod)) return monotonic;
    if (monotonic && pod !== firstUnavailable && (!isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReady, now))) return true;
    this.podControl.deleteStatefulPod(set, pod);
    return true;
  }

  /** updateStatefulSetStatus: complete a finished rolling update, then write the status if it changed. */
  private updateStatus(set: STS, status: StatefulSetStatus): void {
    completeRollingUpdate(set, status);
    if (!inconsistentStatus(set, status)) return;
    const current = this.store.tryGet<STS>('StatefulSet', set.metadata.namespace, set.metadata.name!);
    if (!current || current.metadata.uid !== set.metadata.uid) return;
    this.store.update({ ...current, status: serializedStatus(status) }, { subresource: 'status' });
  }

  /** truncateHistory: delete the oldest revisions no pod, current or update revision uses, beyond the limit. */
  private truncateHistory(set: STS, pods: P[], revisions: Revision[], current: Revision | undefined, update: Revision | undefined): void {
    const live = new Set<string>(pods.map(podRevision));
    if (current) live.add(current.metadata.name!);
    if (update) live.add(update.metadata.name!);
    const history = revisions.filter((r) => !live.has(r.metadata.name!));
    const limit = set.spec?.revisionHistoryLimit ?? 10;
    if (limit < 0 || history.length <= limit) return;
    for (const r of history.slice(0, history.length - limit)) this.history.delete(r);
  }
}

/**
 * runForAll: OrderedReady stops at the first replica that must wait; Parallel runs them all in slow-start
 * batches. True when the pass must end here. Simplification: a failing batch stops at its first error, where
 * upstream's goroutines finish the batch and aggregate the errors.
 */
function runForAll(pods: P[], fn: (i: number) => boolean, monotonic: boolean): boolean {
  if (monotonic) return pods.some((_, i) => fn(i));
  let next = 0;
  const { error } = slowStartBatch(pods.length, 1, () => { fn(next++); });
  if (error !== undefined) throw error;
  return false;
}

/** StatefulSetStatus as the API serializes it: zero counts omitted, except replicas and availableReplicas. */
function serializedStatus(s: StatefulSetStatus): StatefulSetStatus {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined || v === '') continue;
    if (v === 0 && !['replicas', 'availableReplicas', 'collisionCount'].includes(k)) continue;
    out[k] = v;
  }
  return out as unknown as StatefulSetStatus;
}
