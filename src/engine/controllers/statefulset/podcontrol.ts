// StatefulPodControl (stateful_pod_control.go): creates, repairs and deletes a StatefulSet's pods and their
// claims, with the upstream events ("create Pod web-0 in StatefulSet web successful").
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { EventRecorder } from '../../client/events.ts';
import { claimsFor, identityMatches, storageMatches, updateIdentity, updateStorage, type P, type STS } from './utils.ts';

type Recorder = ReturnType<EventRecorder['forSource']>;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const title = (verb: string): string => verb[0].toUpperCase() + verb.slice(1);

export class StatefulPodControl {
  constructor(private readonly store: Store, private readonly event: Recorder) {}

  /** Claims first, then the pod. An AlreadyExists pod is reported to the caller without an event. */
  createStatefulPod(set: STS, pod: P): void {
    try {
      this.createMissingClaims(set, pod);
    } catch (e) {
      this.recordPodEvent('create', set, pod, e);
      throw e;
    }
    try {
      this.store.create(pod);
    } catch (e) {
      if (isStatusError(e, 'AlreadyExists')) throw e;
      this.recordPodEvent('create', set, pod, e);
      throw e;
    }
    this.recordPodEvent('create', set, pod);
  }

  /** Bring a pod's identity and storage back in line with the set (a pod someone relabelled, say). */
  updateStatefulPod(set: STS, cached: P): void {
    const pod = structuredClone(cached) as P;
    let consistent = true;
    if (!identityMatches(set, pod)) { updateIdentity(set, pod); consistent = false; }
    if (!storageMatches(set, pod)) {
      updateStorage(set, pod);
      consistent = false;
      try {
        this.createMissingClaims(set, pod);
      } catch (e) {
        this.recordPodEvent('update', set, pod, e);
        throw e;
      }
    }
    if (consistent) return;
    try {
      this.store.update(pod);
    } catch (e) {
      this.recordPodEvent('update', set, pod, e);
      throw e;
    }
    this.recordPodEvent('update', set, pod);
  }

  deleteStatefulPod(set: STS, pod: P): void {
    try {
      this.store.delete('Pod', pod.metadata.namespace, pod.metadata.name!);
    } catch (e) {
      this.recordPodEvent('delete', set, pod, e);
      throw e;
    }
    this.recordPodEvent('delete', set, pod);
  }

  /**
   * createPersistentVolumeClaims for a pod that is new or still Pending.
   * Simplification: claims are never re-owned for persistentVolumeClaimRetentionPolicy: every policy behaves as Retain.
   */
  createMissingClaims(set: STS, pod: P): void {
    const errs: string[] = [];
    for (const { claim } of claimsFor(set, pod)) {
      const existing = this.store.tryGet<PersistentVolumeClaim>('PersistentVolumeClaim', claim.metadata.namespace, claim.metadata.name!);
      if (existing) {
        if (existing.metadata.deletionTimestamp) errs.push(`pvc ${claim.metadata.name} is being deleted`);
        continue;
      }
      try {
        this.store.create(claim);
        this.recordClaimEvent(set, pod, claim);
      } catch (e) {
        errs.push(`failed to create PVC ${claim.metadata.name}: ${message(e)}`);
        if (!isStatusError(e, 'AlreadyExists')) this.recordClaimEvent(set, pod, claim, e);
      }
    }
    if (errs.length) throw new Error(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
  }

  private recordPodEvent(verb: string, set: STS, pod: P, err?: unknown): void {
    const name = pod.metadata.name, setName = set.metadata.name;
    if (err === undefined) this.event(set, 'Normal', `Successful${title(verb)}`, `${verb} Pod ${name} in StatefulSet ${setName} successful`);
    else this.event(set, 'Warning', `Failed${title(verb)}`, `${verb} Pod ${name} in StatefulSet ${setName} failed error: ${message(err)}`);
  }

  private recordClaimEvent(set: STS, pod: P, claim: PersistentVolumeClaim, err?: unknown): void {
    const c = claim.metadata?.name, p = pod.metadata.name, s = set.metadata.name;
    if (err === undefined) this.event(set, 'Normal', 'SuccessfulCreate', `create Claim ${c} Pod ${p} in StatefulSet ${s} success`);
    else this.event(set, 'Warning', 'FailedCreate', `create Claim ${c} for Pod ${p} in StatefulSet ${s} failed error: ${message(err)}`);
  }
}
