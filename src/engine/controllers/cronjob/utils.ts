// Schedule arithmetic and Job construction of the CronJob controller (pkg/controller/cronjob/utils.go).
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { ObjectReference } from 'kubernetes-types/core/v1';
import { formatRFC3339In, ZERO_TIME } from '../../api/cron/civil.ts';
import type { Schedule } from '../../api/cron/schedule.ts';
import { loadLocation, UTC } from '../../api/cron/timezone.ts';
import type { KubeObject } from '../../api/object.ts';
import { controllerRefTo } from '../podcontrol.ts';

/** nextScheduleDelta: requeues aim 100 ms past the schedule, against clock skew. */
export const NEXT_SCHEDULE_DELTA_MS = 100;
/** Above this many missed start times the controller warns (and no longer cares how many exactly). */
const MANY_MISSED = 100;
export const CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

export type Missed = 'none' | 'few' | 'many';

export interface MostRecent {
  /** The last schedule time, else the CronJob's creation (or the starting deadline, when later). */
  earliest: number;
  /** The latest schedule time not after now, if any came since `earliest`. */
  mostRecent?: number;
  missed: Missed;
  error?: string;
}

const parse = (ts: string | undefined | null): number | undefined => (ts ? Date.parse(ts) : undefined);

/**
 * mostRecentScheduleTime: the latest activation in (earliest, now]. The number of missed activations is
 * estimated from the interval between the first two, as upstream does, so a decades-old CronJob costs no more.
 */
export function mostRecentScheduleTime(cj: CronJob, now: number, schedule: Schedule, includeStartingDeadline: boolean): MostRecent {
  let earliest = parse(cj.status?.lastScheduleTime) ?? parse(cj.metadata?.creationTimestamp) ?? now;
  const sds = cj.spec?.startingDeadlineSeconds;
  if (includeStartingDeadline && typeof sds === 'number') {
    // The controller will not schedule anything before this point.
    earliest = Math.max(earliest, now - sds * 1000);
  }
  const t1 = schedule.next(earliest);
  const t2 = schedule.next(t1);
  if (now < t1) return { earliest, missed: 'none' };
  if (now < t2) return { earliest, mostRecent: t1, missed: 'none' };
  // An impossible schedule such as "59 23 31 2 *" yields Go's zero time twice.
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const elapsed = Math.trunc((now - t1) / 1000);
  const missedCount = Math.floor(elapsed / between) + 1;
  // Back from the estimate by one interval, then let the schedule find the exact times (they need not be regular).
  let mostRecent: number | undefined;
  const potentialEarliest = t1 + (missedCount - 2) * between * 1000;
  for (let t = schedule.next(potentialEarliest); t <= now && t !== ZERO_TIME; t = schedule.next(t)) mostRecent = t;
  const missed: Missed = missedCount > MANY_MISSED ? 'many' : missedCount > 0 ? 'few' : 'none';
  return { earliest, mostRecent, missed };
}

/** nextScheduleTimeDuration: how long until the activation after the most recent one, plus the delta. */
export function nextScheduleTimeDuration(cj: CronJob, now: number, schedule: Schedule): number {
  const r = mostRecentScheduleTime(cj, now, schedule, false);
  let from: number;
  if (r.error) from = now;
  else if (r.mostRecent !== undefined) from = r.mostRecent;
  else from = r.missed === 'none' ? r.earliest : now;
  return schedule.next(from) + NEXT_SCHEDULE_DELTA_MS - now;
}

/** nextScheduleTime: the activation to start now (within the starting deadline), with how many were missed. */
export function nextScheduleTime(cj: CronJob, now: number, schedule: Schedule): { time?: number; missed: Missed; error?: string } {
  const r = mostRecentScheduleTime(cj, now, schedule, true);
  if (r.mostRecent === undefined || r.mostRecent > now) return { missed: r.missed, error: r.error };
  return { time: r.mostRecent, missed: r.missed, error: r.error };
}

/** getJobName: the CronJob's name and the scheduled time in minutes since the epoch. */
export function jobName(cj: CronJob, scheduledTime: number): string {
  return `${cj.metadata?.name}-${Math.floor(scheduledTime / 60_000)}`;
}

/**
 * getJobFromTemplate2: the job template's labels, annotations (plus the scheduled time in the CronJob's zone) and
 * spec, named after the scheduled minute so that a start is never made twice.
 */
export function jobFromTemplate(cj: CronJob & KubeObject, scheduledTime: number): Job & KubeObject {
  const template = cj.spec?.jobTemplate;
  const zone = loadLocation(cj.spec?.timeZone ?? '');
  const labels = { ...(template?.metadata?.labels ?? {}) };
  const annotations = {
    ...(template?.metadata?.annotations ?? {}),
    [CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION]: formatRFC3339In(scheduledTime, 'error' in zone ? UTC : zone),
  };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: jobName(cj, scheduledTime),
      namespace: cj.metadata.namespace,
      ...(Object.keys(labels).length ? { labels } : {}),
      annotations,
      ownerReferences: [controllerRefTo(cj)],
    },
    spec: structuredClone(template?.spec ?? {}) as Job['spec'],
  };
}

/** ref.GetReference of a Job, as .status.active lists it. */
export function jobReference(job: Job & KubeObject): ObjectReference {
  return {
    apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, namespace: job.metadata.namespace,
    resourceVersion: job.metadata.resourceVersion, uid: job.metadata.uid,
  };
}

/** byJobStartTime: started Jobs oldest first, then those not started; names break ties. */
export function byJobStartTime(a: Job, b: Job): number {
  const sa = parse(a.status?.startTime);
  const sb = parse(b.status?.startTime);
  if (sa === undefined && sb !== undefined) return 1;
  if (sa !== undefined && sb === undefined) return -1;
  if (sa === sb) return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : (a.metadata?.name ?? '') > (b.metadata?.name ?? '') ? 1 : 0;
  return sa! - sb!;
}
