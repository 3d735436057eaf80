// CronJob controller v2 (pkg/controller/cronjob/cronjob_controllerv2.go): creates a Job for each scheduled time,
// honours the concurrency policy, starting deadline and suspend, keeps the history limits, and requeues itself on
// a clock timer for the next scheduled time (never by polling).
import type { CronJob, CronJobStatus, Job } from 'kubernetes-types/batch/v1';
import type { ObjectReference } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import { formatRFC1123ZUTC } from '../../api/cron/civil.ts';
import { CronParseError, parseStandard } from '../../api/cron/parser.ts';
import type { Schedule } from '../../api/cron/schedule.ts';
import { loadLocation } from '../../api/cron/timezone.ts';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import { controllerOf } from '../../api/pod.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import { toRFC3339, type SimClock } from '../../sim/clock.ts';
import { finishedConditionType, isJobFinished, isJobSucceeded } from '../job/conditions.ts';
import { byJobStartTime, jobFromTemplate, jobName, jobReference, nextScheduleTime, nextScheduleTimeDuration } from './utils.ts';

type CJ = CronJob & KubeObject;
type J = Job & KubeObject;

interface SyncResult { requeueAfter?: number; updateStatus: boolean; error?: unknown }

const inActiveList = (status: CronJobStatus, uid: string | undefined): boolean => !!status.active?.some((r) => r.uid === uid);
const removeFromActive = (status: CronJobStatus, uid: string | undefined): void => {
  status.active = (status.active ?? []).filter((r) => r.uid !== uid);
};

export class CronJobController extends Controller {
  private readonly cronJobInformer: Informer<CJ>;
  private readonly jobInformer: Informer<J>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('cronjob-controller', clock);
    this.cronJobInformer = informers.informerFor<CJ>('CronJob');
    this.jobInformer = informers.informerFor<J>('Job');
    this.event = recorder.forSource({ component: 'cronjob-controller' });
  }

  start(): void {
    this.jobInformer.addEventHandler({
      add: (j) => this.enqueueOwner(j),
      update: (o, j) => {
        if (o.metadata.resourceVersion === j.metadata.resourceVersion) return;
        if (JSON.stringify(controllerOf(o)) !== JSON.stringify(controllerOf(j))) this.enqueueOwner(o);
        this.enqueueOwner(j);
      },
      delete: (j) => this.enqueueOwner(j),
    });
    this.cronJobInformer.addEventHandler({
      add: (cj) => this.queue.add(objectKey(cj)),
      update: (o, cj) => this.updateCronJob(o, cj),
      delete: (cj) => this.queue.add(objectKey(cj)),
    });
  }

  private resolveControllerRef(namespace: string | undefined, ref: OwnerReference): CJ | undefined {
    if (ref.kind !== 'CronJob') return undefined;
    const cj = this.cronJobInformer.getByName(namespace, ref.name);
    return cj && cj.metadata.uid === ref.uid ? cj : undefined;
  }

  private enqueueOwner(job: J): void {
    const ref = controllerOf(job);
    const cj = ref && this.resolveControllerRef(job.metadata.namespace, ref);
    if (cj) this.queue.add(objectKey(cj));
  }

  /** A changed schedule or time zone requeues for the new next time; any other change syncs now. */
  private updateCronJob(old: CJ, cur: CJ): void {
    if (old.spec?.schedule === cur.spec?.schedule && old.spec?.timeZone === cur.spec?.timeZone) {
      this.queue.add(objectKey(cur));
      return;
    }
    let sched: Schedule;
    try {
      sched = parseStandard(this.formatSchedule(cur, false));
    } catch (e) {
      if (!(e instanceof CronParseError)) throw e;
      this.event(cur, 'Warning', 'UnParseableCronJobSchedule', `unparseable schedule for cronjob: ${cur.spec?.schedule}`);
      return;
    }
    this.queue.addAfter(objectKey(cur), nextScheduleTimeDuration(cur, this.clock.now(), sched));
  }

  /** formatSchedule: spec.timeZone becomes a TZ= prefix; a TZ already in the schedule is warned about. */
  private formatSchedule(cj: CJ, warn: boolean): string {
    const schedule = cj.spec?.schedule ?? '';
    if (schedule.includes('TZ')) {
      if (warn) {
        this.event(cj, 'Warning', 'UnsupportedSchedule', `CRON_TZ or TZ used in schedule "${schedule}" is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`);
      }
      return schedule;
    }
    const tz = cj.spec?.timeZone;
    if (typeof tz === 'string' && !('error' in loadLocation(tz))) return `TZ=${tz} ${schedule}`;
    return schedule;
  }

  protected sync(key: string): void {
    const cronJob = this.cronJobInformer.get(key);
    if (!cronJob) return;
    // All status changes of one sync go out in one update.
    const cj = structuredClone(cronJob) as CJ;
    const status: CronJobStatus = cj.status ?? {};
    cj.status = status;
    const jobs = this.jobInformer.listByIndex('namespace', cj.metadata.namespace!).filter((j) => controllerOf(j)?.name === cj.metadata.name);
    const cleaned = this.cleanupFinishedJobs(cj, status, jobs);
    const result = this.syncCronJob(cj, status, jobs);
    if (cleaned || result.updateStatus) {
      this.store.update({ ...cj, status: serializeStatus(status) } as CJ, { subresource: 'status' });
    }
    if (result.requeueAfter !== undefined) {
      this.queue.addAfter(key, result.requeueAfter);
      return;
    }
    if (result.error) throw result.error;
  }

  private syncCronJob(cj: CJ, status: CronJobStatus, jobs: J[]): SyncResult {
    const now = this.clock.now();
    let updateStatus = false;
    const children = new Set<string>();
    for (const j of jobs) {
      const uid = j.metadata.uid!;
      children.add(uid);
      const found = inActiveList(status, uid);
      if (!found && !isJobFinished(j)) {
        // The status update that listed it may not have reached the cache yet. Simplification: upstream then goes on
        // with the fresh CronJob as its working copy; here the working copy stays.
        const fresh = this.store.tryGet<CronJob>('CronJob', cj.metadata.namespace, cj.metadata.name!);
        if (fresh && inActiveList(fresh.status ?? {}, uid)) continue;
        this.event(cj, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`);
      } else if (found && isJobFinished(j)) {
        removeFromActive(status, uid);
        this.event(cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, status: ${finishedConditionType(j)}`);
        updateStatus = true;
      } else if (isJobSucceeded(j)) {
        // A Job need not be active to count: its completion time is processed either way.
        const done = j.status?.completionTime;
        if (done && (!status.lastSuccessfulTime || Date.parse(done) > Date.parse(status.lastSuccessfulTime))) {
          status.lastSuccessfulTime = done;
          updateStatus = true;
        }
      }
    }
    // A Job that is gone from the API leaves the active list; otherwise the CronJob could stay active for ever.
    for (const ref of [...(status.active ?? [])]) {
      if (children.has(ref.uid!)) continue;
      if (!this.store.tryGet('Job', ref.namespace, ref.name!)) {
        this.event(cj, 'Normal', 'MissingJob', `Active job went missing: ${ref.name}`);
        removeFromActive(status, ref.uid);
        updateStatus = true;
      }
    }
    if (cj.metadata.deletionTimestamp) return { updateStatus };
    const tz = cj.spec?.timeZone;
    if (typeof tz === 'string') {
      const loc = loadLocation(tz);
      if ('error' in loc) {
        this.event(cj, 'Warning', 'UnknownTimeZone', `invalid timeZone: "${tz}": ${loc.error}`);
        return { updateStatus };
      }
    }
    if (cj.spec?.suspend) return { updateStatus };
    let sched: Schedule;
    try {
      sched = parseStandard(this.formatSchedule(cj, true));
    } catch (e) {
      if (!(e instanceof CronParseError)) throw e;
      this.event(cj, 'Warning', 'UnparseableSchedule', `unparseable schedule: "${cj.spec?.schedule}" : ${e.message}`);
      return { updateStatus };
    }
    const next = () => nextScheduleTimeDuration(cj, now, sched);
    const { time: scheduledTime, missed, error } = nextScheduleTime(cj, now, sched);
    if (scheduledTime !== undefined && missed === 'many') {
      this.event(cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    }
    if (error) {
      this.event(cj, 'Warning', 'InvalidSchedule', `invalid schedule: ${cj.spec?.schedule} : ${error}`);
      return { updateStatus };
    }
    if (scheduledTime === undefined) return { requeueAfter: next(), updateStatus };
    const sds = cj.spec?.startingDeadlineSeconds;
    if (typeof sds === 'number' && scheduledTime + sds * 1000 < now) {
      this.event(cj, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${formatRFC1123ZUTC(scheduledTime)}`);
      return { requeueAfter: next(), updateStatus };
    }
    const name = jobName(cj, scheduledTime);
    if ((status.active ?? []).some((r) => r.name === name && r.namespace === cj.metadata.namespace) || Date.parse(status.lastScheduleTime ?? '') === scheduledTime) {
      // This scheduled time is already processed.
      return { requeueAfter: next(), updateStatus };
    }
    if (cj.spec?.concurrencyPolicy === 'Forbid' && (status.active ?? []).length > 0) {
      this.event(cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return { requeueAfter: next(), updateStatus };
    }
    if (cj.spec?.concurrencyPolicy === 'Replace') {
      for (const ref of [...(status.active ?? [])]) {
        const job = this.store.tryGet<Job>('Job', ref.namespace, ref.name!);
        if (!job) {
          const error = new Error(`jobs.batch "${ref.name}" not found`);
          this.event(cj, 'Warning', 'FailedGet', `Get job: ${error.message}`);
          return { updateStatus, error };
        }
        if (!this.deleteJob(cj, status, job)) return { updateStatus, error: new Error(`could not replace job ${ref.namespace}/${ref.name}`) };
        updateStatus = true;
      }
    }
    const created = this.createJob(cj, status, scheduledTime);
    if ('error' in created) return { updateStatus, error: created.error };
    if (!created.job) return { updateStatus };
    status.active = [...(status.active ?? []), jobReference(created.job)];
    status.lastScheduleTime = toRFC3339(scheduledTime);
    return { requeueAfter: next(), updateStatus: true };
  }

  /**
   * Create the Job of a scheduled time. A Job of that name that already exists is ours when we control it and it
   * is missing from the active list (we crashed before recording it); anything else leaves the status alone.
   */
  private createJob(cj: CJ, status: CronJobStatus, scheduledTime: number): { job?: J } | { error: unknown } {
    const req = jobFromTemplate(cj, scheduledTime);
    try {
      const job = this.store.create(req);
      this.event(cj, 'Normal', 'SuccessfulCreate', `Created job ${job.metadata.name}`);
      return { job };
    } catch (e) {
      if (isStatusError(e, 'AlreadyExists')) {
        const job = this.store.tryGet<Job>('Job', req.metadata.namespace, req.metadata.name!);
        if (!job || controllerOf(job)?.uid !== cj.metadata.uid || inActiveList(status, job.metadata.uid)) return {};
        return { job };
      }
      // A namespace being torn down refuses every create: no event for that.
      if (!(isStatusError(e, 'Forbidden') && e.message.includes('is being terminated'))) {
        this.event(cj, 'Warning', 'FailedCreate', `Error creating job: ${(e as Error).message}`);
      }
      return { error: e };
    }
  }

  /** deleteJob: the Job with its pods (background propagation), then its active-list entry. */
  private deleteJob(cj: CJ, status: CronJobStatus, job: Job & KubeObject): boolean {
    try {
      this.store.delete('Job', job.metadata.namespace, job.metadata.name!, { propagationPolicy: 'Background' });
    } catch (e) {
      this.event(cj, 'Warning', 'FailedDelete', `Deleted job: ${(e as Error).message}`);
      return false;
    }
    removeFromActive(status, job.metadata.uid);
    this.event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name}`);
    return true;
  }

  /** cleanupFinishedJobs: keep the newest successfulJobsHistoryLimit complete and failedJobsHistoryLimit failed Jobs. */
  private cleanupFinishedJobs(cj: CJ, status: CronJobStatus, jobs: J[]): boolean {
    const successLimit = cj.spec?.successfulJobsHistoryLimit;
    const failedLimit = cj.spec?.failedJobsHistoryLimit;
    if (successLimit === undefined && failedLimit === undefined) return false;
    let changed = false;
    const removeOldest = (list: J[], limit: number | undefined) => {
      if (limit === undefined || list.length <= limit) return;
      const sorted = [...list].sort(byJobStartTime);
      for (const job of sorted.slice(0, sorted.length - limit)) if (this.deleteJob(cj, status, job)) changed = true;
    };
    removeOldest(jobs.filter((j) => finishedConditionType(j) === 'Complete'), successLimit ?? undefined);
    removeOldest(jobs.filter((j) => finishedConditionType(j) === 'Failed'), failedLimit ?? undefined);
    return changed;
  }
}

/** The status as serialized: an empty active list is left out (omitempty). */
function serializeStatus(s: CronJobStatus): CronJobStatus {
  const active: ObjectReference[] = s.active ?? [];
  return {
    ...(active.length ? { active } : {}),
    ...(s.lastScheduleTime ? { lastScheduleTime: s.lastScheduleTime } : {}),
    ...(s.lastSuccessfulTime ? { lastSuccessfulTime: s.lastSuccessfulTime } : {}),
  };
}
