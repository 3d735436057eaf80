// Job tracking with finalizers (pkg/controller/job/tracking_utils.go and the pod predicates of job_controller.go):
// every pod a Job creates carries the batch.kubernetes.io/job-tracking finalizer until the controller has counted
// it in .status, so a pod that finishes and is deleted at once is never lost from the counts.
import type { Job } from 'kubernetes-types/batch/v1';
import type { Pod } from 'kubernetes-types/core/v1';

export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';

export function hasJobTrackingFinalizer(pod: Pod): boolean {
  return !!pod.metadata?.finalizers?.includes(JOB_TRACKING_FINALIZER);
}

/** onlyReplaceFailedPods: terminating pods are replaced only once they have failed. */
export function onlyReplaceFailedPods(job: Job): boolean {
  return job.spec?.podReplacementPolicy === 'Failed' || !!job.spec?.podFailurePolicy;
}

/** isPodFailed: Failed, or (when terminating pods are replaced at once) being deleted without having succeeded. */
export function isPodFailed(pod: Pod, job: Job): boolean {
  if (pod.status?.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return !!pod.metadata?.deletionTimestamp && pod.status?.phase !== 'Succeeded';
}

/** controller.FilterTerminatingPods: being deleted, not yet terminal. */
export function isPodTerminating(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return !!pod.metadata?.deletionTimestamp && phase !== 'Failed' && phase !== 'Succeeded';
}

/**
 * uidTrackingExpectations: the pods whose finalizer removal the controller has sent and waits to see, so that a
 * pod still cached with its finalizer is not counted twice.
 */
export class UidTrackingExpectations {
  private readonly items = new Map<string, Set<string>>();

  expectedUIDs(jobKey: string): Set<string> {
    return new Set(this.items.get(jobKey));
  }

  expectFinalizersRemoved(jobKey: string, uids: string[]): void {
    let set = this.items.get(jobKey);
    if (!set) this.items.set(jobKey, (set = new Set()));
    for (const uid of uids) set.add(uid);
  }

  finalizerRemovalObserved(jobKey: string, uid: string): void {
    const set = this.items.get(jobKey);
    if (!set) return;
    set.delete(uid);
    if (set.size === 0) this.items.delete(jobKey);
  }

  delete(jobKey: string): void {
    this.items.delete(jobKey);
  }
}
