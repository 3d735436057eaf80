// Job conditions (pkg/controller/job/util and the condition helpers of job_controller.go).
import type { Job, JobCondition } from 'kubernetes-types/batch/v1';

export type ConditionType = 'Complete' | 'Failed' | 'Suspended' | 'FailureTarget' | 'SuccessCriteriaMet';

export function newCondition(type: ConditionType, status: 'True' | 'False', reason: string, message: string, now: string): JobCondition {
  return { type, status, lastProbeTime: now, lastTransitionTime: now, ...(reason ? { reason } : {}), ...(message ? { message } : {}) };
}

export function findCondition(list: JobCondition[] | undefined, type: ConditionType): JobCondition | undefined {
  return list?.find((c) => c.type === type);
}

export function isConditionTrue(list: JobCondition[] | undefined, type: ConditionType): boolean {
  return findCondition(list, type)?.status === 'True';
}

/** util.FinishedCondition: Complete=True or Failed=True, the first found. */
export function finishedConditionType(job: Job): 'Complete' | 'Failed' | undefined {
  const c = job.status?.conditions?.find((x) => (x.type === 'Complete' || x.type === 'Failed') && x.status === 'True');
  return c?.type as 'Complete' | 'Failed' | undefined;
}

export function isJobFinished(job: Job): boolean {
  return finishedConditionType(job) !== undefined;
}

export function isJobSucceeded(job: Job): boolean {
  return isConditionTrue(job.status?.conditions, 'Complete');
}

/**
 * ensureJobConditionStatus: replace a condition of this type whose status, reason or message differ, or append
 * one (never a new False one). Returns the list and whether it changed.
 */
export function ensureJobConditionStatus(list: JobCondition[], type: ConditionType, status: 'True' | 'False', reason: string, message: string, now: string): [JobCondition[], boolean] {
  const i = list.findIndex((c) => c.type === type);
  if (i >= 0) {
    const c = list[i];
    if (c.status !== status || (c.reason ?? '') !== reason || (c.message ?? '') !== message) {
      const next = [...list];
      next[i] = newCondition(type, status, reason, message, now);
      return [next, true];
    }
    return [list, false];
  }
  if (status !== 'False') return [[...list, newCondition(type, status, reason, message, now)], true];
  return [list, false];
}
