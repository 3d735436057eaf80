// Job controller (pkg/controller/job/job_controller.go): runs pods until enough succeed, replaces failed ones after
// an exponential backoff, and fails the Job on its backoff limit, active deadline or pod failure policy. Pods are
// tracked with a finalizer until counted in .status, through .status.uncountedTerminatedPods.
import type { Job, JobCondition } from 'kubernetes-types/batch/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import type { LabelSelector, OwnerReference } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector, type Selector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import { controllerOf, isPodReady } from '../../api/pod.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import { ExponentialRateLimiter } from '../../client/workqueue.ts';
import type { SimClock } from '../../sim/clock.ts';
import { ControllerExpectations } from '../expectations.ts';
import { controllerRefTo, isPodActive, podFromTemplate } from '../podcontrol.ts';
import { isResync } from '../refmanager.ts';
import { BackoffStore, podFinishedTime, remainingBackoff, type BackoffRecord } from './backoff.ts';
import { ensureJobConditionStatus, findCondition, isConditionTrue, isJobFinished, newCondition } from './conditions.ts';
import {
  activePodsOrder, addCompletionIndexEnv, byCompletionIndex, completionIndex, duplicatedIndexPods, failedIndexes, firstPendingIndexes,
  generateNameWithIndex, has, hasBackoffLimitPerIndex, indexAbsoluteFailureCount, indexesOf, indexFailureCount, indexIgnoredFailureCount,
  intervalsToString, isIndexedJob, JOB_COMPLETION_INDEX_ANNOTATION, JOB_INDEX_FAILURE_COUNT_ANNOTATION, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION,
  merge, succeededIndexes, total, UNKNOWN_INDEX, withIndexes, type Intervals,
} from './indexed.ts';
import { matchPodFailurePolicy, matchSuccessPolicy } from './policies.ts';
import { serializeStatus, workingStatus, type WorkingStatus } from './status.ts';
import { hasJobTrackingFinalizer, isPodFailed, isPodTerminating, JOB_TRACKING_FINALIZER, onlyReplaceFailedPods, UidTrackingExpectations } from './tracking.ts';

type J = Job & KubeObject;
type P = Pod & KubeObject;

/** syncJobBatchPeriod: pod events and status updates sync the Job a second later, in one go. */
const SYNC_JOB_BATCH_PERIOD_MS = 1000;
/** DefaultJobApiBackOff and MaxJobApiBackOff: the retry backoff of failed syncs. */
const DEFAULT_JOB_API_BACKOFF_MS = 1000;
const MAX_JOB_API_BACKOFF_MS = 60_000;
/** MaxUncountedPods and MaxPodCreateDeletePerSync. */
const MAX_UNCOUNTED_PODS = 500;
const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
/** The value of spec.managedBy that names this controller. */
const JOB_CONTROLLER_NAME = 'kubernetes.io/job-controller';
/**
 * Simplification: orphan pods still holding the tracking finalizer share the Job queue under this key prefix;
 * upstream has a second queue (orphanQueue) with the same rate limits.
 */
const ORPHAN_KEY = 'orphan-pod:';

interface SyncCtx {
  key: string;
  job: J;
  status: WorkingStatus;
  pods: P[];
  activePods: P[];
  finishedCondition?: JobCondition;
  succeeded: number;
  failed: number;
  prevSucceededIndexes: Intervals;
  succeededIndexes: Intervals;
  failedIndexes?: Intervals;
  newBackoffRecord: BackoffRecord;
  expectedRmFinalizers: Set<string>;
  uncounted: { succeeded: Set<string>; failed: Set<string> };
  podsWithDelayedDeletionPerIndex: Map<number, P>;
  terminating: number;
  ready: number;
}

const isManagedExternally = (job: Job): boolean => typeof job.spec?.managedBy === 'string' && job.spec.managedBy !== JOB_CONTROLLER_NAME;
const isSuccessCriteriaMet = (c: JobCondition | undefined): boolean => c?.type === 'SuccessCriteriaMet' && c.status === 'True';
const suspended = (job: Job): boolean => job.spec?.suspend === true;
const parseTime = (ts: string | undefined): number | undefined => (ts ? Date.parse(ts) : undefined);

export class JobController extends Controller {
  private readonly jobInformer: Informer<J>;
  private readonly podInformer: Informer<P>;
  private readonly expectations: ControllerExpectations;
  private readonly finalizerExpectations = new UidTrackingExpectations();
  private readonly backoffStore = new BackoffStore();
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('job-controller', clock, new ExponentialRateLimiter(DEFAULT_JOB_API_BACKOFF_MS, MAX_JOB_API_BACKOFF_MS));
    this.jobInformer = informers.informerFor<J>('Job');
    this.podInformer = informers.informerFor<P>('Pod');
    this.podInformer.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.expectations = new ControllerExpectations(clock);
    this.event = recorder.forSource({ component: 'job-controller' });
  }

  start(): void {
    this.jobInformer.addEventHandler({
      add: (j) => this.queue.add(objectKey(j)),
      update: (o, j) => this.updateJob(o, j),
      delete: (j) => {
        this.queue.add(objectKey(j));
        this.cleanupPodFinalizers(j);
      },
    });
    this.podInformer.addEventHandler({
      add: (p) => this.addPod(p),
      update: (o, p) => this.updatePod(o, p),
      delete: (p) => this.deletePod(p, true),
    });
  }

  // ---- event handlers ----

  private enqueueBatched(job: J, delayMs = SYNC_JOB_BATCH_PERIOD_MS): void {
    this.queue.addAfter(objectKey(job), Math.max(delayMs, SYNC_JOB_BATCH_PERIOD_MS));
  }

  private enqueueOrphanPod(p: P): void {
    this.queue.add(ORPHAN_KEY + objectKey(p));
  }

  private updateJob(old: J, cur: J): void {
    const key = objectKey(cur);
    // A spec change syncs at once; status updates (mostly caused by pod events) are batched.
    if (cur.metadata.generation === old.metadata.generation) this.enqueueBatched(cur);
    else this.queue.add(key);
    if (isJobFinished(cur)) this.cleanupPodFinalizers(cur);
    const start = parseTime(cur.status?.startTime);
    const ads = cur.spec?.activeDeadlineSeconds;
    if (start !== undefined && typeof ads === 'number' && old.spec?.activeDeadlineSeconds !== ads) {
      this.queue.addAfter(key, ads * 1000 - (this.clock.now() - start));
    }
  }

  /** The Job a controller reference names, if it is still that Job. */
  private resolveControllerRef(namespace: string | undefined, ref: OwnerReference): J | undefined {
    if (ref.kind !== 'Job') return undefined;
    const job = this.jobInformer.getByName(namespace, ref.name);
    return job && job.metadata.uid === ref.uid ? job : undefined;
  }

  /** GetPodJobs: the Jobs whose selector matches an orphan pod (they may adopt it). */
  private podJobs(p: P): J[] {
    return this.jobInformer.listByIndex('namespace', p.metadata.namespace!).filter((j) => {
      try {
        const sel = selectorFromLabelSelector(j.spec?.selector);
        return !sel.empty() && sel.matches(p.metadata.labels);
      } catch {
        return false;
      }
    });
  }

  private addPod(p: P): void {
    if (p.metadata.deletionTimestamp) {
      // A pod already being deleted when first seen (a restart) is no creation to observe.
      this.deletePod(p, false);
      return;
    }
    const ref = controllerOf(p);
    if (ref) {
      const job = this.resolveControllerRef(p.metadata.namespace, ref);
      if (!job) return;
      this.expectations.creationObserved(objectKey(job));
      this.enqueueBatched(job);
      return;
    }
    if (hasJobTrackingFinalizer(p)) this.enqueueOrphanPod(p);
    for (const job of this.podJobs(p)) this.enqueueBatched(job);
  }

  private updatePod(old: P, cur: P): void {
    if (isResync(old, cur)) return;
    if (cur.metadata.deletionTimestamp) {
      // Graceful deletion: the Job may replace the pod now rather than when it is gone.
      this.deletePod(cur, false);
      return;
    }
    const finalizerRemoved = !hasJobTrackingFinalizer(cur);
    const curRef = controllerOf(cur);
    const oldRef = controllerOf(old);
    const refChanged = !jsonEqual(curRef, oldRef);
    if (refChanged && oldRef) {
      const job = this.resolveControllerRef(old.metadata.namespace, oldRef);
      if (job) {
        if (finalizerRemoved) this.finalizerExpectations.finalizerRemovalObserved(objectKey(job), cur.metadata.uid!);
        this.enqueueBatched(job);
      }
    }
    if (curRef) {
      const job = this.resolveControllerRef(cur.metadata.namespace, curRef);
      if (!job) return;
      if (finalizerRemoved) this.finalizerExpectations.finalizerRemovalObserved(objectKey(job), cur.metadata.uid!);
      this.enqueueBatched(job);
      return;
    }
    if (hasJobTrackingFinalizer(cur)) this.enqueueOrphanPod(cur);
    const labelsChanged = JSON.stringify(cur.metadata.labels ?? {}) !== JSON.stringify(old.metadata.labels ?? {});
    if (labelsChanged || refChanged) for (const job of this.podJobs(cur)) this.enqueueBatched(job);
  }

  /** `final`: the pod is gone (not just marked for deletion). */
  private deletePod(p: P, final: boolean): void {
    const ref = controllerOf(p);
    const withFinalizer = hasJobTrackingFinalizer(p);
    if (!ref) {
      if (withFinalizer) this.enqueueOrphanPod(p);
      return;
    }
    const job = this.resolveControllerRef(p.metadata.namespace, ref);
    if (!job || isJobFinished(job)) {
      // syncJob will not remove this finalizer.
      if (withFinalizer) this.enqueueOrphanPod(p);
      return;
    }
    const key = objectKey(job);
    this.expectations.deletionObserved(key);
    if (final || !withFinalizer) this.finalizerExpectations.finalizerRemovalObserved(key, p.metadata.uid!);
    this.enqueueBatched(job);
  }

  /** The pods of a finished or deleted Job that still hold the finalizer lose it through the orphan path. */
  private cleanupPodFinalizers(job: J): void {
    let sel: Selector;
    try {
      sel = selectorFromLabelSelector(job.spec?.selector);
    } catch {
      return;
    }
    for (const p of this.podInformer.listByIndex(CONTROLLER_INDEX, job.metadata.uid!)) {
      if (sel.matches(p.metadata.labels) && hasJobTrackingFinalizer(p)) this.enqueueOrphanPod(p);
    }
  }

  // ---- sync ----

  protected sync(key: string): void {
    if (key.startsWith(ORPHAN_KEY)) this.syncOrphanPod(key.slice(ORPHAN_KEY.length));
    else this.syncJob(key);
  }

  /** syncOrphanPod: drop the tracking finalizer of a pod no unfinished Job of ours controls. */
  private syncOrphanPod(podKey: string): void {
    const pod = this.podInformer.get(podKey);
    if (!pod) return;
    const ref = controllerOf(pod);
    if (ref) {
      if (ref.kind !== 'Job' || ref.apiVersion !== 'batch/v1') return;
      const job = this.resolveControllerRef(pod.metadata.namespace, ref);
      if (job && (isManagedExternally(job) || !isJobFinished(job))) return;
    }
    this.removeTrackingFinalizer(pod);
  }

  /** Remove the finalizer from the pod as stored; false when the pod is already gone. */
  private removeTrackingFinalizer(pod: P): boolean {
    const cur = this.store.tryGet<Pod>('Pod', pod.metadata.namespace, pod.metadata.name!);
    if (!cur || cur.metadata.uid !== pod.metadata.uid) return false;
    if (!hasJobTrackingFinalizer(cur)) return true;
    const rest = (cur.metadata.finalizers ?? []).filter((f) => f !== JOB_TRACKING_FINALIZER);
    try {
      this.store.patch('Pod', cur.metadata.namespace, cur.metadata.name!, { metadata: { finalizers: rest.length ? rest : null } });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
      return false;
    }
    return true;
  }

  /**
   * getPodsForJob with ClaimPods: the Job's pods, adopting matching orphans (owner reference and tracking finalizer
   * in one patch) and releasing owned pods that no longer match.
   */
  private podsForJob(job: J): P[] {
    const ns = job.metadata.namespace!;
    const uid = job.metadata.uid!;
    let selector: Selector;
    try {
      selector = selectorFromLabelSelector(job.spec?.selector as LabelSelector);
    } catch {
      return [];
    }
    const candidates = [...this.podInformer.listByIndex(CONTROLLER_INDEX, uid), ...this.podInformer.listByIndex(CONTROLLER_INDEX, `orphan:${ns}`)];
    const out: P[] = [];
    for (const p of candidates) {
      const ref = controllerOf(p);
      const matches = selector.matches(p.metadata.labels);
      if (ref) {
        if (ref.uid !== uid) continue;
        if (matches) out.push(p);
        else if (!job.metadata.deletionTimestamp) this.releasePod(p, uid);
        continue;
      }
      if (job.metadata.deletionTimestamp || !matches || p.metadata.deletionTimestamp) continue;
      const fresh = this.store.tryGet<Job>('Job', ns, job.metadata.name!);
      if (!fresh || fresh.metadata.uid !== uid || fresh.metadata.deletionTimestamp) continue;
      const finalizers = [...(p.metadata.finalizers ?? [])];
      if (!finalizers.includes(JOB_TRACKING_FINALIZER)) finalizers.push(JOB_TRACKING_FINALIZER);
      out.push(this.store.patch<Pod>('Pod', ns, p.metadata.name!, {
        metadata: { ownerReferences: [...(p.metadata.ownerReferences ?? []), controllerRefTo(job)], finalizers },
      }) as P);
    }
    return out;
  }

  private releasePod(p: P, uid: string): void {
    const refs = (p.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
    const finalizers = (p.metadata.finalizers ?? []).filter((f) => f !== JOB_TRACKING_FINALIZER);
    try {
      this.store.patch('Pod', p.metadata.namespace, p.metadata.name!, {
        metadata: { ownerReferences: refs.length ? refs : null, finalizers: finalizers.length ? finalizers : null },
      });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  private syncJob(key: string): void {
    const shared = this.jobInformer.get(key);
    if (!shared) {
      this.expectations.forget(key);
      this.finalizerExpectations.delete(key);
      this.backoffStore.remove(key);
      return;
    }
    if (isManagedExternally(shared)) return;
    if (isJobFinished(shared)) {
      this.backoffStore.remove(key);
      return;
    }
    const job = structuredClone(shared) as J;
    const mode = job.spec?.completionMode;
    if (mode !== undefined && mode !== 'NonIndexed' && mode !== 'Indexed') {
      this.event(job, 'Warning', 'UnknownCompletionMode', 'Skipped Job sync because completion mode is unknown');
      return;
    }
    const status = workingStatus(job.status);
    // Expectations first: a pod created after this check is only missed until the next sync.
    const satisfied = this.expectations.satisfied(key);
    const pods = this.podsForJob(job);
    const activePods = pods.filter(isPodActive);
    const ctx: SyncCtx = {
      key, job, status, pods, activePods,
      succeeded: 0, failed: 0, prevSucceededIndexes: [], succeededIndexes: [],
      newBackoffRecord: { key, failuresAfterLastSuccess: 0 },
      expectedRmFinalizers: this.finalizerExpectations.expectedUIDs(key),
      uncounted: { succeeded: new Set(status.uncountedTerminatedPods.succeeded), failed: new Set(status.uncountedTerminatedPods.failed) },
      podsWithDelayedDeletionPerIndex: new Map(),
      terminating: pods.filter(isPodTerminating).length,
      ready: activePods.filter(isPodReady).length,
    };
    let active = activePods.length;
    const [newSucceeded, newFailed] = this.newFinishedPods(ctx);
    ctx.succeeded = (status.succeeded ?? 0) + newSucceeded.length + ctx.uncounted.succeeded.size;
    ctx.failed = (status.failed ?? 0) + newFailed.filter((p) => matchPodFailurePolicy(job.spec?.podFailurePolicy, p).countFailed).length + ctx.uncounted.failed.size;
    // The Job's first start; a suspended Job has not started.
    if (!status.startTime && !suspended(job)) status.startTime = this.clock.nowRFC3339();
    ctx.newBackoffRecord = this.backoffStore.next(key, newSucceeded, newFailed);

    this.judgeFinish(ctx);

    let manageError: unknown;
    let suspendChanged = false;
    if (ctx.finishedCondition) {
      // Failed or succeeded by policy: remove what still runs, keeping finalizers to count the pods.
      const { deletedReady, deleted, error } = this.deleteActivePods(job, ctx.activePods);
      if (deleted !== active || !satisfied) ctx.finishedCondition = undefined;
      active -= deleted;
      ctx.terminating += deleted;
      ctx.ready -= deletedReady;
      manageError = error;
    } else {
      let managed = false;
      if (satisfied && !job.metadata.deletionTimestamp) {
        ({ active, error: manageError } = this.manageJob(ctx));
        managed = true;
      }
      const completions = job.spec?.completions;
      const complete = completions === undefined || completions === null
        ? ctx.succeeded > 0 && active === 0
        : ctx.succeeded >= completions && active === 0;
      if (complete) {
        ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods', this.clock.nowRFC3339());
      } else if (managed) {
        suspendChanged = this.updateSuspendCondition(job, status);
      }
    }
    const needsStatusUpdate = suspendChanged || active !== (status.active ?? 0) || ctx.ready !== status.ready || ctx.terminating !== status.terminating;
    status.active = active;
    status.ready = ctx.ready;
    status.terminating = ctx.terminating;
    this.trackJobStatusAndRemoveFinalizers(ctx, needsStatusUpdate);
    if (manageError) throw manageError;
  }

  /** The Suspended condition (and its events) follows spec.suspend; resuming restarts the active deadline. */
  private updateSuspendCondition(job: J, status: WorkingStatus): boolean {
    const now = this.clock.nowRFC3339();
    const conditions = status.conditions ?? [];
    if (suspended(job)) {
      const [next, updated] = ensureJobConditionStatus(conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', now);
      status.conditions = next;
      if (updated) this.event(job, 'Normal', 'Suspended', 'Job suspended');
      return updated;
    }
    const [next, updated] = ensureJobConditionStatus(conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', now);
    status.conditions = next;
    if (updated) {
      this.event(job, 'Normal', 'Resumed', 'Job resumed');
      status.startTime = now;
    }
    return updated;
  }

  /** getNewFinishedPods: finished pods not yet in the counters (they still hold the finalizer). */
  private newFinishedPods(ctx: SyncCtx): [P[], P[]] {
    const valid = (uncounted: Set<string>, filter: (p: P) => boolean) => ctx.pods.filter((p) => {
      const uid = p.metadata.uid!;
      if (!hasJobTrackingFinalizer(p) || uncounted.has(uid) || ctx.expectedRmFinalizers.has(uid)) return false;
      if (isIndexedJob(ctx.job)) {
        const ix = completionIndex(p);
        if (ix === UNKNOWN_INDEX || ix >= (ctx.job.spec?.completions ?? 0)) return false;
      }
      return filter(p);
    });
    return [valid(ctx.uncounted.succeeded, (p) => p.status?.phase === 'Succeeded'), valid(ctx.uncounted.failed, (p) => isPodFailed(p, ctx.job))];
  }

  /** The failure (or early success) conditions, in upstream's order of precedence. */
  private judgeFinish(ctx: SyncCtx): void {
    const { job, status } = ctx;
    const now = this.clock.nowRFC3339();
    const scm = findCondition(status.conditions, 'SuccessCriteriaMet');
    ctx.finishedCondition = scm?.status === 'True' ? scm : undefined;
    if (!ctx.finishedCondition) {
      const target = findCondition(status.conditions, 'FailureTarget');
      if (target?.status === 'True') ctx.finishedCondition = newCondition('Failed', 'True', target.reason ?? '', target.message ?? '', now);
      else {
        const message = this.failJobMessage(job, ctx.pods);
        if (message !== undefined) ctx.finishedCondition = newCondition('FailureTarget', 'True', 'PodFailurePolicy', message, now);
      }
    }
    if (!ctx.finishedCondition) {
      const ads = job.spec?.activeDeadlineSeconds;
      if (ctx.failed > (job.spec?.backoffLimit ?? 6) || this.pastBackoffLimitOnFailure(job, ctx.pods)) {
        ctx.finishedCondition = newCondition('FailureTarget', 'True', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', now);
      } else if (this.pastActiveDeadline(job, status)) {
        ctx.finishedCondition = newCondition('FailureTarget', 'True', 'DeadlineExceeded', 'Job was active longer than specified deadline', now);
      } else if (typeof ads === 'number' && !suspended(job)) {
        this.queue.addAfter(ctx.key, ads * 1000 - (this.clock.now() - (parseTime(status.startTime) ?? this.clock.now())));
      }
    }
    if (!isIndexedJob(job)) return;
    const completions = job.spec?.completions ?? 0;
    [ctx.prevSucceededIndexes, ctx.succeededIndexes] = succeededIndexes(job, ctx.pods, hasJobTrackingFinalizer);
    ctx.succeeded = total(ctx.succeededIndexes);
    if (hasBackoffLimitPerIndex(job)) {
      ctx.failedIndexes = failedIndexes(job, ctx.pods, hasJobTrackingFinalizer, (p) => this.isIndexFailed(job, p));
      if (!ctx.finishedCondition) {
        const maxFailed = job.spec?.maxFailedIndexes;
        const failedCount = total(ctx.failedIndexes);
        if (typeof maxFailed === 'number' && failedCount > maxFailed) {
          ctx.finishedCondition = newCondition('FailureTarget', 'True', 'MaxFailedIndexesExceeded', 'Job has exceeded the specified maximal number of failed indexes', now);
        } else if (failedCount > 0 && failedCount + total(ctx.succeededIndexes) >= completions) {
          ctx.finishedCondition = newCondition('FailureTarget', 'True', 'FailedIndexes', 'Job has failed indexes', now);
        }
      }
      ctx.podsWithDelayedDeletionPerIndex = this.podsWithDelayedDeletionPerIndex(ctx);
    }
    if (!ctx.finishedCondition) {
      const message = matchSuccessPolicy(job.spec?.successPolicy, completions, ctx.succeededIndexes);
      if (message !== undefined) ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'True', 'SuccessPolicy', message, now);
    }
  }

  /** getFailJobMessage: the message of the first failed pod a FailJob rule matches. */
  private failJobMessage(job: J, pods: P[]): string | undefined {
    if (!job.spec?.podFailurePolicy) return undefined;
    for (const p of pods) {
      if (!isPodFailed(p, job)) continue;
      const m = matchPodFailurePolicy(job.spec.podFailurePolicy, p).failJobMessage;
      if (m !== undefined) return m;
    }
    return undefined;
  }

  /** pastBackoffLimitOnFailure: with restartPolicy OnFailure, container restarts count as failures. */
  private pastBackoffLimitOnFailure(job: J, pods: P[]): boolean {
    if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
    let restarts = 0;
    for (const p of pods) {
      if (p.status?.phase !== 'Running' && p.status?.phase !== 'Pending') continue;
      for (const cs of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) restarts += cs.restartCount ?? 0;
    }
    const limit = job.spec?.backoffLimit ?? 6;
    return limit === 0 ? restarts > 0 : restarts >= limit;
  }

  private pastActiveDeadline(job: J, status: WorkingStatus): boolean {
    const ads = job.spec?.activeDeadlineSeconds;
    const start = parseTime(status.startTime);
    if (typeof ads !== 'number' || start === undefined || suspended(job)) return false;
    return this.clock.now() - start >= ads * 1000;
  }

  /** isIndexFailed: the index used up backoffLimitPerIndex, or a FailIndex rule matched its pod. */
  private isIndexFailed(job: J, p: Pod): boolean {
    if (!isPodFailed(p, job)) return false;
    const m = matchPodFailurePolicy(job.spec?.podFailurePolicy, p);
    if (m.action === 'FailIndex') return true;
    return m.countFailed && indexFailureCount(p) >= (job.spec?.backoffLimitPerIndex ?? 0);
  }

  /**
   * getPodsWithDelayedDeletionPerIndex: per index with no pod running, succeeded or failed for good, the latest
   * failed pod; it keeps its finalizer until its replacement carries the index's failure count.
   */
  private podsWithDelayedDeletionPerIndex(ctx: SyncCtx): Map<number, P> {
    const out = new Map<number, P>();
    const activeIndexes = indexesOf(ctx.activePods);
    const completions = ctx.job.spec?.completions ?? 0;
    for (const p of ctx.pods) {
      const uid = p.metadata.uid!;
      if (!hasJobTrackingFinalizer(p) || ctx.expectedRmFinalizers.has(uid) || !isPodFailed(p, ctx.job)) continue;
      const ix = completionIndex(p);
      if (ix === UNKNOWN_INDEX || ix >= completions) continue;
      if (has(ctx.succeededIndexes, ix) || has(ctx.failedIndexes ?? [], ix) || activeIndexes.has(ix)) continue;
      const last = out.get(ix);
      if (!last || (indexAbsoluteFailureCount(last) <= indexAbsoluteFailureCount(p) && podFinishedTime(p) >= podFinishedTime(last))) out.set(ix, p);
    }
    return out;
  }

  // ---- pods ----

  /**
   * manageJob: as many active pods as parallelism and the remaining completions allow, none while suspended,
   * and no replacements before the failure backoff has passed. Deletions and creations never mix in one sync.
   */
  private manageJob(ctx: SyncCtx): { active: number; error?: unknown } {
    const { job, key } = ctx;
    let active = ctx.activePods.length;
    const parallelism = job.spec?.parallelism ?? 1;
    if (suspended(job)) {
      const toDelete = this.activePodsForRemoval(job, ctx.activePods, active);
      this.expectations.expect(key, 0, toDelete.length);
      const { deletedReady, deleted, error } = this.deleteJobPods(job, key, toDelete);
      ctx.terminating += deleted;
      ctx.ready -= deletedReady;
      return { active: active - deleted, error };
    }
    const completions = job.spec?.completions;
    let wantActive: number;
    if (completions === undefined || completions === null) wantActive = ctx.succeeded > 0 ? active : parallelism;
    else wantActive = Math.max(0, Math.min(completions - ctx.succeeded, parallelism));

    const toDelete = this.activePodsForRemoval(job, ctx.activePods, Math.max(0, active - wantActive)).slice(0, MAX_POD_CREATE_DELETE_PER_SYNC);
    if (toDelete.length > 0) {
      this.expectations.expect(key, 0, toDelete.length);
      const { deletedReady, deleted, error } = this.deleteJobPods(job, key, toDelete);
      ctx.terminating += deleted;
      ctx.ready -= deletedReady;
      return { active: active - deleted, error };
    }

    const terminating = onlyReplaceFailedPods(job) ? ctx.terminating : 0;
    let diff = wantActive - terminating - active;
    if (diff <= 0) return { active };
    const perIndex = hasBackoffLimitPerIndex(job);
    const now = this.clock.now();
    let remaining = perIndex ? 0 : remainingBackoff(ctx.newBackoffRecord.failuresAfterLastSuccess, ctx.newBackoffRecord.lastFailureTime, now);
    if (remaining > 0) {
      this.enqueueBatched(job, remaining);
      // As upstream: a Job waiting out its backoff reports no active pods.
      return { active: 0 };
    }
    diff = Math.min(diff, MAX_POD_CREATE_DELETE_PER_SYNC);
    let indexesToAdd: number[] = [];
    if (isIndexedJob(job)) {
      indexesToAdd = firstPendingIndexes(diff, completions ?? 0, this.nonPendingIndexes(ctx));
      if (perIndex) {
        [indexesToAdd, remaining] = this.indexesReadyForCreation(indexesToAdd, ctx.podsWithDelayedDeletionPerIndex, now);
        if (remaining > 0) {
          this.enqueueBatched(job, remaining);
          return { active: 0 };
        }
      }
      diff = indexesToAdd.length;
    }
    this.expectations.expect(key, diff, 0);
    active += diff;
    const template = structuredClone(job.spec!.template!);
    if (isIndexedJob(job)) addCompletionIndexEnv(template);
    template.metadata = { ...template.metadata, finalizers: [...new Set([...(template.metadata?.finalizers ?? []), JOB_TRACKING_FINALIZER])] };
    let error: unknown;
    // Slow start: batches of 1, 2, 4 … so that a systematic failure costs one call, not hundreds.
    for (let batch = Math.min(diff, 1); diff > 0; batch = Math.min(2 * batch, diff)) {
      let failedInBatch = false;
      for (let i = 0; i < batch; i++) {
        const ix = indexesToAdd.length ? indexesToAdd.shift()! : UNKNOWN_INDEX;
        try {
          this.createPod(job, template, ix, ctx.podsWithDelayedDeletionPerIndex.get(ix));
        } catch (e) {
          if (!isStatusError(e)) throw e;
          // The informer will never see this pod.
          this.expectations.creationObserved(key);
          active--;
          error ??= e;
          failedInBatch = true;
        }
      }
      const skipped = diff - batch;
      if (failedInBatch && skipped > 0) {
        active -= skipped;
        for (let i = 0; i < skipped; i++) this.expectations.creationObserved(key);
        break;
      }
      diff -= batch;
    }
    return { active, error };
  }

  /** The indexes that have a pod running, succeeded, or failed for good (and terminating ones, when waited for). */
  private nonPendingIndexes(ctx: SyncCtx): Intervals {
    const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
    let nonPending = withIndexes(ctx.succeededIndexes, sorted(indexesOf(ctx.activePods)));
    if (onlyReplaceFailedPods(ctx.job)) nonPending = withIndexes(nonPending, sorted(indexesOf(ctx.pods.filter(isPodTerminating))));
    if (ctx.failedIndexes) nonPending = merge(nonPending, ctx.failedIndexes);
    return nonPending;
  }

  /** getPodCreationInfoForIndependentIndexes: the indexes past their own backoff, else the shortest wait. */
  private indexesReadyForCreation(indexes: number[], delayed: Map<number, P>, now: number): [number[], number] {
    const ready: number[] = [];
    let minWait: number | undefined;
    for (const ix of indexes) {
      const last = delayed.get(ix);
      const wait = last ? remainingBackoff(indexAbsoluteFailureCount(last) + 1, podFinishedTime(last), now) : 0;
      if (wait === 0) ready.push(ix);
      else if (minWait === undefined || wait < minWait) minWait = wait;
    }
    return ready.length ? [ready, 0] : [ready, minWait ?? 0];
  }

  private createPod(job: J, template: NonNullable<Job['spec']>['template'], ix: number, replaced: P | undefined): void {
    const tpl = ix === UNKNOWN_INDEX ? template : structuredClone(template);
    let generateName: string | undefined;
    if (ix !== UNKNOWN_INDEX) {
      const name = job.metadata.name!;
      tpl.metadata = {
        ...tpl.metadata,
        annotations: { ...tpl.metadata?.annotations, [JOB_COMPLETION_INDEX_ANNOTATION]: String(ix) },
        labels: { ...tpl.metadata?.labels, [JOB_COMPLETION_INDEX_ANNOTATION]: String(ix) },
      };
      tpl.spec = { ...tpl.spec!, hostname: `${name}-${ix}` };
      generateName = generateNameWithIndex(name, ix);
      if (hasBackoffLimitPerIndex(job)) this.addIndexFailureCounts(job, tpl, replaced);
    }
    const pod = podFromTemplate(tpl, job);
    if (generateName) pod.metadata.generateName = generateName;
    pod.metadata.finalizers = [...(tpl.metadata?.finalizers ?? [])];
    try {
      const created = this.store.create(pod);
      this.event(job, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name}`);
    } catch (e) {
      // A namespace being torn down refuses every create: no event for that.
      if (isStatusError(e) && !(e.reason === 'Forbidden' && e.message.includes('is being terminated'))) {
        this.event(job, 'Warning', 'FailedCreate', `Error creating: ${e.message}`);
      }
      throw e;
    }
  }

  /** addIndexFailureCountAnnotation: the replacement inherits its index's failure counts, one more. */
  private addIndexFailureCounts(job: J, tpl: NonNullable<Job['spec']>['template'], replaced: P | undefined): void {
    let failures = 0;
    let ignored = 0;
    if (replaced) {
      failures = indexFailureCount(replaced);
      ignored = indexIgnoredFailureCount(replaced);
      if (matchPodFailurePolicy(job.spec?.podFailurePolicy, replaced).countFailed) failures++;
      else ignored++;
    }
    const annotations: Record<string, string> = { ...tpl.metadata?.annotations, [JOB_INDEX_FAILURE_COUNT_ANNOTATION]: String(failures) };
    if (ignored > 0) annotations[JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = String(ignored);
    tpl.metadata = { ...tpl.metadata, annotations };
  }

  /** activePodsForRemoval: duplicated or out-of-range indexes first, then the pods least far along. */
  private activePodsForRemoval(job: J, pods: P[], rmAtLeast: number): P[] {
    let rm: P[] = [];
    let left: P[] = pods;
    if (isIndexedJob(job)) [rm, left] = duplicatedIndexPods(pods, job.spec?.completions ?? 0) as [P[], P[]];
    if (rm.length < rmAtLeast) rm = [...rm, ...[...left].sort(activePodsOrder).slice(0, rmAtLeast - rm.length)];
    return rm;
  }

  /** deleteJobPods: pods removed without being counted (suspend, scale down): finalizer off, then delete. */
  private deleteJobPods(job: J, key: string, pods: P[]): { deletedReady: number; deleted: number; error?: unknown } {
    let deleted = 0;
    let deletedReady = 0;
    let error: unknown;
    for (const p of pods) {
      try {
        this.removeTrackingFinalizer(p);
        this.deletePodOf(job, p);
        deleted++;
      } catch (e) {
        this.expectations.deletionObserved(key);
        if (!isStatusError(e, 'NotFound')) error ??= e;
        else deleted++;
      }
      if (isPodReady(p)) deletedReady++;
    }
    return { deletedReady, deleted, error };
  }

  /** deleteActivePods: pods of a finished Job go with their finalizers, to be counted when they terminate. */
  private deleteActivePods(job: J, pods: P[]): { deletedReady: number; deleted: number; error?: unknown } {
    let deleted = 0;
    let deletedReady = 0;
    let error: unknown;
    for (const p of pods) {
      try {
        this.deletePodOf(job, p);
        deleted++;
      } catch (e) {
        if (isStatusError(e, 'NotFound')) deleted++;
        else error ??= e;
      }
      if (isPodReady(p)) deletedReady++;
    }
    return { deletedReady, deleted, error };
  }

  /** RealPodControl.DeletePod with its events. */
  private deletePodOf(job: J, p: P): void {
    try {
      this.store.delete('Pod', p.metadata.namespace, p.metadata.name!);
    } catch (e) {
      if (isStatusError(e) && e.reason !== 'NotFound') this.event(job, 'Warning', 'FailedDelete', `Error deleting: ${e.message}`);
      throw e;
    }
    this.event(job, 'Normal', 'SuccessfulDelete', `Deleted pod: ${p.metadata.name}`);
  }

  // ---- status ----

  /**
   * trackJobStatusAndRemoveFinalizers: finished pods go to .status.uncountedTerminatedPods (written first), lose
   * their finalizer, then move into the counters; the terminal condition comes once nothing is left uncounted or
   * terminating.
   */
  private trackJobStatusAndRemoveFinalizers(ctx: SyncCtx, needsFlushIn: boolean): void {
    const { job, status } = ctx;
    let needsFlush = needsFlushIn;
    const indexed = isIndexedJob(job);
    const completions = job.spec?.completions ?? 0;
    if (indexed) ctx.pods.sort(byCompletionIndex);
    const withFinalizer = new Set(ctx.pods.filter((p) => hasJobTrackingFinalizer(p) && !ctx.expectedRmFinalizers.has(p.metadata.uid!)).map((p) => p.metadata.uid!));
    if (cleanUncounted(status, withFinalizer)) needsFlush = true;
    const toRemove: P[] = [];
    const newSucceededIndexes: number[] = [];
    let reachedMaxUncounted = false;
    for (const p of ctx.pods) {
      const uid = p.metadata.uid!;
      if (!hasJobTrackingFinalizer(p) || ctx.expectedRmFinalizers.has(uid)) continue;
      const failed = isPodFailed(p, job);
      if (!this.canRemoveFinalizer(ctx, p, failed)) continue;
      toRemove.push(p);
      const ix = completionIndex(p);
      if (p.status?.phase === 'Succeeded' && !ctx.uncounted.failed.has(uid)) {
        if (indexed) {
          if (ix !== UNKNOWN_INDEX && ix < completions && !has(ctx.prevSucceededIndexes, ix)) {
            newSucceededIndexes.push(ix);
            needsFlush = true;
          }
        } else if (!ctx.uncounted.succeeded.has(uid)) {
          status.uncountedTerminatedPods.succeeded.push(uid);
          needsFlush = true;
        }
      } else if (failed || (ctx.finishedCondition && !isSuccessCriteriaMet(ctx.finishedCondition))) {
        // Once the Job is finished, every pod that did not succeed counts as failed.
        if (!ctx.uncounted.failed.has(uid) && (!indexed || (ix !== UNKNOWN_INDEX && ix < completions))) {
          if (matchPodFailurePolicy(job.spec?.podFailurePolicy, p).countFailed) {
            status.uncountedTerminatedPods.failed.push(uid);
            needsFlush = true;
          }
        }
      }
      const u = status.uncountedTerminatedPods;
      if (newSucceededIndexes.length + u.succeeded.length + u.failed.length >= MAX_UNCOUNTED_PODS) {
        // Keep .status small and let other Jobs sync; the next sync goes on.
        reachedMaxUncounted = true;
        break;
      }
    }
    if (indexed) {
      ctx.succeededIndexes = withIndexes(ctx.succeededIndexes, [...newSucceededIndexes].sort((a, b) => a - b));
      const text = intervalsToString(ctx.succeededIndexes);
      if (text !== (status.completedIndexes ?? '')) needsFlush = true;
      status.succeeded = total(ctx.succeededIndexes);
      status.completedIndexes = text;
      const failedText = ctx.failedIndexes ? intervalsToString(ctx.failedIndexes) : undefined;
      if (failedText !== status.failedIndexes) {
        status.failedIndexes = failedText;
        needsFlush = true;
      }
    }
    const now = this.clock.nowRFC3339();
    if (ctx.finishedCondition?.type === 'FailureTarget') {
      // The interim FailureTarget is recorded before the finalizers go; Failed follows when all is counted.
      status.conditions = [...(status.conditions ?? []), ctx.finishedCondition];
      needsFlush = true;
      ctx.finishedCondition = newCondition('Failed', 'True', ctx.finishedCondition.reason ?? '', ctx.finishedCondition.message ?? '', now);
    }
    if (isSuccessCriteriaMet(ctx.finishedCondition)) {
      if (!isConditionTrue(status.conditions, 'SuccessCriteriaMet')) {
        status.conditions = [...(status.conditions ?? []), ctx.finishedCondition!];
        needsFlush = true;
      }
      ctx.finishedCondition = newCondition('Complete', 'True', ctx.finishedCondition!.reason ?? '', ctx.finishedCondition!.message ?? '', now);
    }
    needsFlush = this.flushUncountedAndRemoveFinalizers(ctx, toRemove, withFinalizer, needsFlush);
    const finished = !reachedMaxUncounted && this.enactJobFinished(ctx);
    if (finished) needsFlush = true;
    if (needsFlush) {
      this.updateStatus(ctx);
      if (finished) this.recordJobFinished(ctx);
    }
  }

  /**
   * canRemoveFinalizer: when the Job is finishing or deleted, when the pod succeeded, or when it failed (unless it
   * must wait for its index's replacement to carry the failure count).
   */
  private canRemoveFinalizer(ctx: SyncCtx, p: P, failed: boolean): boolean {
    if (ctx.job.metadata.deletionTimestamp || ctx.finishedCondition || p.status?.phase === 'Succeeded') return true;
    if (!failed) return false;
    if (hasBackoffLimitPerIndex(ctx.job)) {
      const delayed = ctx.podsWithDelayedDeletionPerIndex.get(completionIndex(p));
      if (delayed && delayed.metadata.uid === p.metadata.uid) return false;
    }
    return true;
  }

  /** flushUncountedAndRemoveFinalizers: write the uncounted pods, drop their finalizers, move them to the counters. */
  private flushUncountedAndRemoveFinalizers(ctx: SyncCtx, toRemove: P[], withFinalizer: Set<string>, needsFlushIn: boolean): boolean {
    let needsFlush = needsFlushIn;
    if (needsFlush) {
      this.updateStatus(ctx);
      this.backoffStore.update(ctx.newBackoffRecord);
      needsFlush = false;
    }
    if (toRemove.length > 0) {
      this.finalizerExpectations.expectFinalizersRemoved(ctx.key, toRemove.map((p) => p.metadata.uid!));
      let error: unknown;
      for (const p of toRemove) {
        try {
          this.removeTrackingFinalizer(p);
          withFinalizer.delete(p.metadata.uid!);
        } catch (e) {
          // No update will show this removal.
          this.finalizerExpectations.finalizerRemovalObserved(ctx.key, p.metadata.uid!);
          error ??= e;
        }
      }
      if (cleanUncounted(ctx.status, withFinalizer)) needsFlush = true;
      if (error) {
        if (needsFlush) this.updateStatus(ctx);
        throw error;
      }
      return needsFlush;
    }
    if (cleanUncounted(ctx.status, withFinalizer)) needsFlush = true;
    return needsFlush;
  }

  /** enactJobFinished: the Complete or Failed condition, once no pod is uncounted or terminating. */
  private enactJobFinished(ctx: SyncCtx): boolean {
    const cond = ctx.finishedCondition;
    if (!cond) return false;
    const u = ctx.status.uncountedTerminatedPods;
    if (u.succeeded.length + u.failed.length > 0 || ctx.terminating > 0) return false;
    const [next] = ensureJobConditionStatus(ctx.status.conditions ?? [], cond.type as 'Complete' | 'Failed', 'True', cond.reason ?? '', cond.message ?? '', this.clock.nowRFC3339());
    ctx.status.conditions = next;
    if (cond.type === 'Complete') ctx.status.completionTime = findCondition(next, 'Complete')!.lastTransitionTime;
    return true;
  }

  private recordJobFinished(ctx: SyncCtx): void {
    const { job, status } = ctx;
    const cond = ctx.finishedCondition!;
    if (cond.type === 'Complete') {
      const completions = job.spec?.completions;
      if (typeof completions === 'number' && (status.succeeded ?? 0) > completions) {
        this.event(job, 'Warning', 'TooManySucceededPods', 'Too many succeeded pods running after completion count reached');
      }
      this.event(job, 'Normal', 'Completed', 'Job completed');
    } else {
      this.event(job, 'Warning', cond.reason ?? '', cond.message ?? '');
    }
  }

  /** UpdateStatus with the Job's resourceVersion: a conflict fails the sync, which retries. */
  private updateStatus(ctx: SyncCtx): void {
    const updated = this.store.update({ ...ctx.job, status: serializeStatus(ctx.status) } as J, { subresource: 'status' });
    ctx.job = structuredClone(updated) as J;
  }
}

/**
 * cleanUncountedPodsWithoutFinalizers: uncounted pods whose finalizer is gone move into the succeeded and failed
 * counters. Returns whether anything changed.
 */
function cleanUncounted(status: WorkingStatus, withFinalizer: Set<string>): boolean {
  const u = status.uncountedTerminatedPods;
  const succeeded = u.succeeded.filter((uid) => withFinalizer.has(uid));
  const failed = u.failed.filter((uid) => withFinalizer.has(uid));
  let changed = false;
  if (succeeded.length !== u.succeeded.length) {
    status.succeeded = (status.succeeded ?? 0) + u.succeeded.length - succeeded.length;
    u.succeeded = succeeded;
    changed = true;
  }
  if (failed.length !== u.failed.length) {
    status.failed = (status.failed ?? 0) + u.failed.length - failed.length;
    u.failed = failed;
    changed = true;
  }
  return changed;
}
