// Kueue's job framework (pkg/controller/jobframework): one reconciler per integrated kind. A job with the
// queue-name label gets a Workload (its pod sets, counts and priority); the job stays suspended until the
// Workload is admitted, then starts with the flavors' node labels and tolerations injected into its pod templates;
// an evicted Workload stops the job (suspended again, templates restored) and, once the job's pods are gone, gives
// its quota back; a finished job finishes its Workload, which releases the quota.
// Simplification: a Workload is not recreated when the job's pod sets change after it was created.
import type { PodTemplateSpec, Toleration } from 'kubernetes-types/core/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { sha256Hex } from '../../api/sha256.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { AdmissionPlugin } from '../../apiserver/admission/index.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer } from '../../client/informer.ts';
import { controllerRef, type OperatorDeps } from '../operator.ts';
import {
  findCondition, hasQuota, isEvicted, isFinished, isTrue, KUEUE_API, QUEUE_LABEL, setCondition, WL,
  type PodSet, type ResourceFlavor, type Workload,
} from './types.ts';

/** What Kueue needs to know about one kind of job (jobframework.GenericJob). */
export interface JobAdapter<J extends KubeObject> {
  kind: string;
  controllerName: string;
  podSets(job: J): PodSet[];
  isSuspended(job: J): boolean;
  /** A merge patch that suspends (or resumes) the job. */
  suspendPatch(suspend: boolean): object;
  /** A merge patch that sets each pod set's template (in podSets order). */
  templatesPatch(job: J, templates: PodTemplateSpec[]): object;
  /** The job's status once it ended. */
  finished(job: J): { reason: 'Succeeded' | 'Failed'; message: string } | undefined;
  /** Whether the job still has running pods. */
  isActive(job: J): boolean;
  /** A status patch that lets the scheduling directives change again (ResetStatus), or undefined. */
  resetStatusPatch?(job: J): object | undefined;
  priorityClassName(job: J): string | undefined;
}

export const isQueued = (o: KubeObject) => !!o.metadata.labels?.[QUEUE_LABEL];

/** GetWorkloadNameForOwnerWithGVK: `<kind>-<name>-<hash>`. Simplification: the hash is over kind and name with SHA-256. */
export function workloadName(kind: string, name: string): string {
  return `${kind.toLowerCase()}-${name}`.slice(0, 57) + '-' + sha256Hex(`${kind}/${name}`).slice(0, 5);
}

/** The webhook: a queued job is created suspended, so that nothing runs before admission. */
export function suspendOnCreate<J extends KubeObject>(adapter: JobAdapter<J>): AdmissionPlugin {
  return {
    name: `kueue-${adapter.kind.toLowerCase()}-webhook`,
    admit(a) {
      if (a.operation !== 'CREATE' || a.kind.kind !== adapter.kind || !isQueued(a.object)) return;
      mergeInto(a.object as unknown as Record<string, unknown>, adapter.suspendPatch(true) as Record<string, unknown>);
    },
  };
}

function mergeInto(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (!target[k] || typeof target[k] !== 'object') target[k] = {};
      mergeInto(target[k] as Record<string, unknown>, v as Record<string, unknown>);
    } else target[k] = v;
  }
}

export class JobReconciler<J extends KubeObject> extends Controller {
  private readonly jobs: Informer<J>;
  private readonly workloads: Informer<Workload>;
  private readonly flavors: Informer<ResourceFlavor>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly deps: OperatorDeps, private readonly adapter: JobAdapter<J>) {
    super(adapter.controllerName, deps.clock);
    this.jobs = deps.informers.informerFor<J>(adapter.kind);
    this.workloads = deps.informers.informerFor<Workload>('Workload');
    this.workloads.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.flavors = deps.informers.informerFor<ResourceFlavor>('ResourceFlavor');
    this.event = deps.recorder.forSource({ component: `${adapter.kind.toLowerCase()}-kueue-controller` });
  }

  start(): void {
    const mine = (j: J) => { if (isQueued(j)) this.queue.add(objectKey(j)); };
    this.jobs.addEventHandler({ add: mine, update: (_o, j) => mine(j) });
    const owner = (w: Workload) => {
      const ref = w.metadata.ownerReferences?.find((r) => r.controller && r.kind === this.adapter.kind);
      if (ref) this.queue.add(`${w.metadata.namespace}/${ref.name}`);
    };
    this.workloads.addEventHandler({ add: owner, update: (_o, w) => owner(w), delete: owner });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const job = this.jobs.getByName(namespace, name);
    if (!job || job.metadata.deletionTimestamp || !isQueued(job)) return;
    const a = this.adapter;
    const wl = this.workloads.listByIndex(CONTROLLER_INDEX, job.metadata.uid!)[0];
    const done = a.finished(job);
    if (done) {
      if (wl && !isFinished(wl)) {
        const conditions = setCondition(wl.status?.conditions, { type: WL.finished, status: 'True', reason: done.reason, message: done.message }, this.deps.clock.nowRFC3339());
        this.deps.store.update<Workload>({ ...wl, status: { ...wl.status, conditions } }, { subresource: 'status' });
      }
      return;
    }
    if (!wl) {
      this.createWorkload(job);
      if (!a.isSuspended(job)) this.stop(job, undefined, 'No matching Workload');
      return;
    }
    if (isEvicted(wl)) {
      const msg = findCondition(wl.status?.conditions, WL.evicted)!.message;
      if (!a.isSuspended(job)) this.stop(job, wl, msg);
      else if (hasQuota(wl) && !a.isActive(job)) this.releaseQuota(wl, msg);
      return;
    }
    const admitted = hasQuota(wl) && isTrue(wl.status?.conditions, WL.admitted);
    if (admitted && a.isSuspended(job)) this.startJob(job, wl);
    else if (!admitted && !a.isSuspended(job)) this.stop(job, wl, 'Not admitted by cluster queue');
  }

  private createWorkload(job: J): void {
    const a = this.adapter;
    const pcName = a.priorityClassName(job);
    const pc = pcName ? this.deps.store.tryGet<PriorityClass>('PriorityClass', undefined, pcName) : undefined;
    const wl: Workload = {
      apiVersion: KUEUE_API, kind: 'Workload',
      metadata: { name: workloadName(a.kind, job.metadata.name!), namespace: job.metadata.namespace, labels: { 'kueue.x-k8s.io/job-uid': job.metadata.uid! }, ownerReferences: [controllerRef(job)] },
      spec: {
        queueName: job.metadata.labels![QUEUE_LABEL], podSets: a.podSets(job),
        ...(pc ? { priorityClassName: pcName, priority: pc.value, priorityClassSource: 'scheduling.k8s.io/priorityclass' } : { priority: 0 }),
      },
    };
    try {
      this.deps.store.create(wl);
    } catch (e) {
      if (isStatusError(e, 'AlreadyExists')) return;
      throw e;
    }
    this.event(job, 'Normal', 'CreatedWorkload', `Created Workload: ${job.metadata.namespace}/${wl.metadata.name}`);
  }

  /** StartJob: inject the assigned flavors' node labels and tolerations, then resume. */
  private startJob(job: J, wl: Workload): void {
    const a = this.adapter;
    const templates = wl.spec.podSets.map((ps) => {
      const assignment = wl.status!.admission!.podSetAssignments.find((p) => p.name === ps.name);
      const t = structuredClone(ps.template);
      const spec = t.spec ?? { containers: [] };
      for (const flavorName of new Set(Object.values(assignment?.flavors ?? {}))) {
        const f = this.flavors.getByName(undefined, flavorName);
        if (f?.spec?.nodeLabels) spec.nodeSelector = { ...spec.nodeSelector, ...f.spec.nodeLabels };
        if (f?.spec?.tolerations?.length) spec.tolerations = [...(spec.tolerations ?? []), ...f.spec.tolerations as Toleration[]];
      }
      t.spec = spec;
      return t;
    });
    this.patchJob(job, a.templatesPatch(job, templates));
    this.patchJob(job, a.suspendPatch(false));
    this.event(job, 'Normal', 'Started', `Admitted by clusterQueue ${wl.status!.admission!.clusterQueue}`);
  }

  /** StopJob: suspend, let the scheduling directives change again, restore the templates the Workload keeps. */
  private stop(job: J, wl: Workload | undefined, message: string): void {
    const a = this.adapter;
    this.patchJob(job, a.suspendPatch(true));
    const reset = a.resetStatusPatch?.(job);
    if (reset) this.deps.store.patch(a.kind, job.metadata.namespace, job.metadata.name!, reset, { type: 'merge', subresource: 'status' });
    if (wl) this.patchJob(job, a.templatesPatch(job, wl.spec.podSets.map((p) => p.template)));
    this.event(job, 'Normal', 'Stopped', message);
  }

  /** The evicted workload's job has stopped: its quota goes back and it queues again. */
  private releaseQuota(wl: Workload, message: string): void {
    const now = this.deps.clock.nowRFC3339();
    let conditions = setCondition(wl.status?.conditions, { type: WL.quotaReserved, status: 'False', reason: 'Pending', message }, now);
    conditions = setCondition(conditions, { type: WL.admitted, status: 'False', reason: 'NoReservation', message: 'The workload has no reservation' }, now);
    const status = { ...wl.status, conditions };
    delete status.admission;
    this.deps.store.update<Workload>({ ...wl, status }, { subresource: 'status' });
  }

  private patchJob(job: J, patch: object): void {
    this.deps.store.patch(this.adapter.kind, job.metadata.namespace, job.metadata.name!, patch, { type: 'merge' });
  }
}

/** The merge patch of one pod template's scheduling directives: nodeSelector and tolerations become the desired ones. */
export function schedulingPatch(current: PodTemplateSpec | undefined, desired: PodTemplateSpec): object {
  const nodeSelector: Record<string, string | null> = {};
  for (const k of Object.keys(current?.spec?.nodeSelector ?? {})) nodeSelector[k] = null;
  Object.assign(nodeSelector, desired.spec?.nodeSelector ?? {});
  return { spec: { nodeSelector: Object.keys(nodeSelector).length ? nodeSelector : null, tolerations: desired.spec?.tolerations ?? null } };
}
