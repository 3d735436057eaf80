// The working copy of a Job's status during a sync, and the form it is written in.
import type { JobStatus } from 'kubernetes-types/batch/v1';

export interface WorkingStatus extends JobStatus {
  uncountedTerminatedPods: { succeeded: string[]; failed: string[] };
}

export function workingStatus(s: JobStatus | undefined): WorkingStatus {
  const st = structuredClone(s ?? {}) as JobStatus;
  return {
    ...st,
    uncountedTerminatedPods: { succeeded: [...(st.uncountedTerminatedPods?.succeeded ?? [])], failed: [...(st.uncountedTerminatedPods?.failed ?? [])] },
  };
}

/**
 * The status as the API server serializes it: zero counters and empty lists left out (omitempty), while the
 * pointer fields the controller always sets (ready, terminating, uncountedTerminatedPods) show even when zero.
 */
export function serializeStatus(s: WorkingStatus): JobStatus {
  const u = s.uncountedTerminatedPods;
  return {
    ...(s.conditions?.length ? { conditions: s.conditions } : {}),
    ...(s.startTime ? { startTime: s.startTime } : {}),
    ...(s.completionTime ? { completionTime: s.completionTime } : {}),
    ...(s.active ? { active: s.active } : {}),
    ...(s.succeeded ? { succeeded: s.succeeded } : {}),
    ...(s.failed ? { failed: s.failed } : {}),
    ...(s.completedIndexes ? { completedIndexes: s.completedIndexes } : {}),
    ...(s.failedIndexes !== undefined ? { failedIndexes: s.failedIndexes } : {}),
    terminating: s.terminating ?? 0,
    ready: s.ready ?? 0,
    uncountedTerminatedPods: { ...(u.succeeded.length ? { succeeded: u.succeeded } : {}), ...(u.failed.length ? { failed: u.failed } : {}) },
  };
}
