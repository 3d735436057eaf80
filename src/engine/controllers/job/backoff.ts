// The delay before a Job replaces failed pods (pkg/controller/job/backoff_utils.go): 10 s after the first failure
// since the last success, doubling with each further one, capped at 10 minutes.
import type { Pod } from 'kubernetes-types/core/v1';

/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff. */
export const DEFAULT_JOB_POD_FAILURE_BACKOFF_MS = 10_000;
export const MAX_JOB_POD_FAILURE_BACKOFF_MS = 10 * 60_000;

export interface BackoffRecord {
  key: string;
  failuresAfterLastSuccess: number;
  /** Milliseconds since the epoch. */
  lastFailureTime?: number;
}

const parse = (ts: string | undefined | null): number | undefined => {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
};

/** The latest finishedAt when every container (init containers too) has terminated with one. */
function finishTimeFromContainers(p: Pod): number | undefined {
  const statuses = [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])];
  let latest: number | undefined;
  for (const cs of statuses) {
    const t = parse(cs.state?.terminated?.finishedAt);
    if (t === undefined) return undefined;
    if (latest === undefined || t > latest) latest = t;
  }
  return latest;
}

/**
 * getFinishedTime: when the pod finished, from its containers, else from its Ready=False condition, else from its
 * deletion (deletionTimestamp minus the grace period), else its creation.
 */
export function podFinishedTime(p: Pod): number {
  const fromContainers = finishTimeFromContainers(p);
  if (fromContainers !== undefined) return fromContainers;
  const ready = p.status?.conditions?.find((c) => c.type === 'Ready');
  const readyFalse = ready?.status === 'False' ? parse(ready.lastTransitionTime) : undefined;
  if (readyFalse !== undefined) return readyFalse;
  const deletion = parse(p.metadata?.deletionTimestamp);
  if (deletion !== undefined) return deletion - (p.metadata?.deletionGracePeriodSeconds ?? 0) * 1000;
  return parse(p.metadata?.creationTimestamp) ?? 0;
}

const byFinishedTime = (pods: Pod[]): Pod[] => [...pods].sort((a, b) => podFinishedTime(a) - podFinishedTime(b));

/** The backoff records of the Jobs the controller tracks, in memory as upstream's backoffStore. */
export class BackoffStore {
  private readonly records = new Map<string, BackoffRecord>();

  update(record: BackoffRecord): void {
    this.records.set(record.key, { ...record });
  }

  remove(key: string): void {
    this.records.delete(key);
  }

  /**
   * newBackoffRecord: the stored record advanced by the pods that finished since the last sync. A success resets
   * the count to the failures that happened after it.
   */
  next(key: string, newSucceeded: Pod[], newFailed: Pod[]): BackoffRecord {
    const old = this.records.get(key);
    const rec: BackoffRecord = old ? { ...old } : { key, failuresAfterLastSuccess: 0 };
    const failed = byFinishedTime(newFailed);
    if (newSucceeded.length === 0) {
      if (failed.length === 0) return rec;
      rec.failuresAfterLastSuccess += failed.length;
      rec.lastFailureTime = podFinishedTime(failed[failed.length - 1]);
      return rec;
    }
    rec.failuresAfterLastSuccess = 0;
    delete rec.lastFailureTime;
    const succeeded = byFinishedTime(newSucceeded);
    const lastSuccess = podFinishedTime(succeeded[succeeded.length - 1]);
    for (let i = failed.length - 1; i >= 0; i--) {
      const t = podFinishedTime(failed[i]);
      if (t <= lastSuccess) break;
      if (rec.lastFailureTime === undefined) rec.lastFailureTime = t;
      rec.failuresAfterLastSuccess++;
    }
    return rec;
  }
}

/** The backoff after `failures` consecutive failures: base × 2^(failures-1), capped. */
export function backoffDuration(failures: number, baseMs = DEFAULT_JOB_POD_FAILURE_BACKOFF_MS, maxMs = MAX_JOB_POD_FAILURE_BACKOFF_MS): number {
  let d = baseMs;
  for (let i = 1; i < failures; i++) {
    d *= 2;
    if (d >= maxMs) return maxMs;
  }
  return d;
}

/** getRemainingTimeForFailuresCount: how long pod creation must still wait, 0 when it may go ahead. */
export function remainingBackoff(failures: number, lastFailureTime: number | undefined, now: number, baseMs = DEFAULT_JOB_POD_FAILURE_BACKOFF_MS, maxMs = MAX_JOB_POD_FAILURE_BACKOFF_MS): number {
  if (failures === 0 || lastFailureTime === undefined) return 0;
  const d = backoffDuration(failures, baseMs, maxMs);
  const elapsed = now - lastFailureTime;
  return d < elapsed ? 0 : d - elapsed;
}
