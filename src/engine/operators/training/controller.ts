// The PyTorchJob controller (Kubeflow Training Operator, pkg/controller.v1/pytorch and common/job.go): one pod
// per replica of each role, named <job>-<role>-<index>, with the distributed-training environment (MASTER_ADDR,
// MASTER_PORT, WORLD_SIZE, RANK); a headless Service for the master; a PodGroup so that the gang scheduler
// starts all of them or none; the job's conditions (Created, Running, Restarting, Succeeded, Failed) and
// replica counts; the restart policy (ExitCode: a pod that exits with a retryable code is recreated), the
// backoff limit and the pod cleanup policy once the job ends.
// runPolicy.suspend deletes the pods until the job is resumed (how Kueue holds a queued job).
// Simplification: activeDeadlineSeconds and elastic policies are not enforced.
import type { Pod, PodTemplateSpec, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { POD_GROUP_LABEL, type PodGroup } from '../../api/podgroup.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer } from '../../client/informer.ts';
import { controllerRef, type Condition, type OperatorDeps } from '../operator.ts';

export const GANG_SCHEDULER = 'scheduler-plugins-scheduler';
const MASTER_PORT = 23456;
const ROLES = ['Master', 'Worker'] as const;
type Role = typeof ROLES[number];

interface ReplicaSpec { replicas?: number; restartPolicy?: 'Always' | 'OnFailure' | 'Never' | 'ExitCode'; template?: PodTemplateSpec }
interface RunPolicy { suspend?: boolean; backoffLimit?: number; cleanPodPolicy?: 'All' | 'Running' | 'None'; schedulingPolicy?: { minAvailable?: number; scheduleTimeoutSeconds?: number; priorityClass?: string } }
interface ReplicaStatus { active?: number; succeeded?: number; failed?: number }
interface JobStatus { conditions?: Condition[]; replicaStatuses?: Partial<Record<Role, ReplicaStatus>>; startTime?: string; completionTime?: string; lastReconcileTime?: string }
export type PyTorchJob = KubeObject & { spec: { pytorchReplicaSpecs?: Partial<Record<Role, ReplicaSpec>>; runPolicy?: RunPolicy }; status?: JobStatus };
type P = Pod & KubeObject;

export const LABELS = {
  jobName: 'training.kubeflow.org/job-name',
  operator: 'training.kubeflow.org/operator-name',
  replicaType: 'training.kubeflow.org/replica-type',
  replicaIndex: 'training.kubeflow.org/replica-index',
  jobRole: 'training.kubeflow.org/job-role',
};

/** Exit codes the ExitCode policy retries (train_util.IsRetryableExitCode: signals, 128+n). */
const isRetryable = (code: number) => code >= 128;

export class PyTorchJobController extends Controller {
  private readonly jobs: Informer<PyTorchJob>;
  private readonly pods: Informer<P>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly deps: OperatorDeps) {
    super('pytorchjob-controller', deps.clock);
    this.jobs = deps.informers.informerFor<PyTorchJob>('PyTorchJob');
    this.pods = deps.informers.informerFor<P>('Pod');
    this.pods.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.event = deps.recorder.forSource({ component: 'pytorchjob-controller' });
  }

  start(): void {
    this.jobs.addEventHandler({ add: (j) => this.queue.add(objectKey(j)), update: (_o, j) => this.queue.add(objectKey(j)) });
    const owner = (p: P) => {
      const ref = p.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'PyTorchJob');
      if (ref) this.queue.add(`${p.metadata.namespace}/${ref.name}`);
    };
    this.pods.addEventHandler({ add: owner, update: (_o, p) => owner(p), delete: owner });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const job = this.jobs.getByName(namespace, name);
    if (!job || job.metadata.deletionTimestamp) return;
    const now = this.deps.clock.nowRFC3339();
    const status: JobStatus = structuredClone(job.status ?? {});
    status.conditions ??= [];
    if (!status.conditions.length) {
      status.conditions = setJobCondition(status.conditions, 'Created', 'PyTorchJobCreated', `PyTorchJob ${name} is created.`, now);
    }
    const pods = this.pods.listByIndex(CONTROLLER_INDEX, job.metadata.uid!);
    const specs = job.spec.pytorchReplicaSpecs ?? {};
    const finished = status.conditions.some((c) => (c.type === 'Succeeded' || c.type === 'Failed') && c.status === 'True');
    if (finished) {
      this.cleanup(job, pods);
    } else if (job.spec.runPolicy?.suspend) {
      this.suspend(job, status, pods, now);
    } else {
      if (hasTrue(status.conditions, 'Suspended')) {
        status.conditions = status.conditions.map((c) => (c.type === 'Suspended' ? { ...c, status: 'False', reason: 'PyTorchJobResumed', message: `PyTorchJob ${name} is resumed.`, lastUpdateTime: now, lastTransitionTime: now } : c));
        this.event(job, 'Normal', 'PyTorchJobResumed', `PyTorchJob ${name} is resumed.`);
      }
      this.ensurePodGroup(job, specs);
      for (const role of ROLES) if (specs[role]) this.reconcilePods(job, role, specs[role]!, pods);
      if (specs.Master) this.ensureService(job);
      status.startTime ??= now;
      this.updateConditions(job, status, pods, now);
    }
    status.replicaStatuses = {};
    for (const role of ROLES) {
      if (!specs[role]) continue;
      const mine = pods.filter((p) => p.metadata.labels?.[LABELS.replicaType] === role.toLowerCase());
      const count = (phase: string) => mine.filter((p) => p.status?.phase === phase).length;
      status.replicaStatuses[role] = stripZero({ active: count('Running'), succeeded: count('Succeeded'), failed: count('Failed') });
    }
    if (jsonEqual(status, job.status ?? {})) return;
    this.deps.store.update({ ...job, status }, { subresource: 'status' });
  }

  private ensurePodGroup(job: PyTorchJob, specs: Partial<Record<Role, ReplicaSpec>>): void {
    const ns = job.metadata.namespace, name = job.metadata.name!;
    if (this.deps.store.tryGet('PodGroup', ns, name)) return;
    const total = ROLES.reduce((n, r) => n + (specs[r]?.replicas ?? 0), 0);
    const sp = job.spec.runPolicy?.schedulingPolicy;
    const pg: PodGroup & KubeObject = {
      apiVersion: 'scheduling.x-k8s.io/v1alpha1', kind: 'PodGroup',
      metadata: { name, namespace: ns, ownerReferences: [controllerRef(job)] },
      spec: { minMember: sp?.minAvailable ?? total, ...(sp?.scheduleTimeoutSeconds ? { scheduleTimeoutSeconds: sp.scheduleTimeoutSeconds } : {}) },
    };
    this.deps.store.create(pg);
  }

  private reconcilePods(job: PyTorchJob, role: Role, spec: ReplicaSpec, all: P[]): void {
    const rt = role.toLowerCase();
    const pods = all.filter((p) => p.metadata.labels?.[LABELS.replicaType] === rt);
    const replicas = spec.replicas ?? 1;
    for (let i = 0; i < replicas; i++) {
      const pod = pods.find((p) => p.metadata.labels?.[LABELS.replicaIndex] === String(i));
      if (!pod) {
        this.createPod(job, role, i, spec);
        continue;
      }
      // ExitCode: a pod that failed with a retryable code is deleted; the next sync creates it again.
      const code = pod.status?.containerStatuses?.find((c) => c.name === 'pytorch')?.state?.terminated?.exitCode;
      if (spec.restartPolicy === 'ExitCode' && pod.status?.phase === 'Failed' && code !== undefined && isRetryable(code) && !pod.metadata.deletionTimestamp) {
        this.event(job, 'Warning', 'ExitedWithCode', `Pod: ${pod.metadata.namespace}.${pod.metadata.name} exited with code ${code}`);
        this.deletePod(pod);
      }
    }
    for (const p of pods) if (Number(p.metadata.labels?.[LABELS.replicaIndex]) >= replicas) this.deletePod(p);
  }

  private createPod(job: PyTorchJob, role: Role, index: number, spec: ReplicaSpec): void {
    const name = job.metadata.name!;
    const rt = role.toLowerCase();
    const specs = job.spec.pytorchReplicaSpecs ?? {};
    const world = ROLES.reduce((n, r) => n + (specs[r]?.replicas ?? 0), 0);
    const rank = role === 'Master' ? 0 : index + (specs.Master ? 1 : 0);
    const template = structuredClone(spec.template ?? {});
    const podSpec = template.spec ?? { containers: [] };
    podSpec.restartPolicy = spec.restartPolicy === 'ExitCode' ? 'Never' : spec.restartPolicy ?? 'OnFailure';
    podSpec.schedulerName ??= GANG_SCHEDULER;
    const pc = job.spec.runPolicy?.schedulingPolicy?.priorityClass;
    if (pc) podSpec.priorityClassName ??= pc;
    const env = [
      { name: 'MASTER_PORT', value: String(MASTER_PORT) },
      { name: 'MASTER_ADDR', value: specs.Master ? `${name}-master-0` : 'localhost' },
      { name: 'WORLD_SIZE', value: String(world) },
      { name: 'RANK', value: String(rank) },
      { name: 'PYTHONUNBUFFERED', value: '1' },
    ];
    for (const c of podSpec.containers ?? []) if (c.name === 'pytorch') c.env = [...(c.env ?? []), ...env];
    const labels: Record<string, string> = {
      ...(template.metadata?.labels ?? {}),
      [LABELS.jobName]: name, [LABELS.operator]: 'pytorchjob-controller', [LABELS.replicaType]: rt, [LABELS.replicaIndex]: String(index),
      [POD_GROUP_LABEL]: name,
    };
    if (role === 'Master') labels[LABELS.jobRole] = 'master';
    const pod: P = {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `${name}-${rt}-${index}`, namespace: job.metadata.namespace, labels, ...(template.metadata?.annotations ? { annotations: template.metadata.annotations } : {}), ownerReferences: [controllerRef(job)] },
      spec: podSpec,
    };
    try {
      this.deps.store.create(pod);
      this.event(job, 'Normal', 'SuccessfulCreatePod', `Created pod: ${pod.metadata.name}`);
    } catch (e) {
      if (isStatusError(e, 'AlreadyExists')) return;
      this.event(job, 'Warning', 'FailedCreatePod', `Error creating: ${(e as Error).message}`);
      throw e;
    }
  }

  private ensureService(job: PyTorchJob): void {
    const name = `${job.metadata.name}-master-0`;
    if (this.deps.store.tryGet('Service', job.metadata.namespace, name)) return;
    const svc: Service & KubeObject = {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name, namespace: job.metadata.namespace, labels: { [LABELS.jobName]: job.metadata.name! }, ownerReferences: [controllerRef(job)] },
      spec: {
        clusterIP: 'None',
        selector: { [LABELS.jobName]: job.metadata.name!, [LABELS.replicaType]: 'master', [LABELS.replicaIndex]: '0' },
        ports: [{ name: 'pytorchjob-port', port: MASTER_PORT, targetPort: MASTER_PORT }],
      },
    };
    this.deps.store.create(svc);
    this.event(job, 'Normal', 'SuccessfulCreateService', `Created service: ${name}`);
  }

  private deletePod(p: P): void {
    try {
      this.deps.store.delete('Pod', p.metadata.namespace, p.metadata.name!);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /** Running, Restarting, Succeeded or Failed from the pods (pytorch's UpdateJobStatus). */
  private updateConditions(job: PyTorchJob, status: JobStatus, pods: P[], now: string): void {
    const ns = job.metadata.namespace, name = job.metadata.name!;
    const specs = job.spec.pytorchReplicaSpecs ?? {};
    const backoffLimit = job.spec.runPolicy?.backoffLimit;
    const restarts = pods.reduce((n, p) => n + (p.status?.containerStatuses ?? []).reduce((m, c) => m + (c.restartCount ?? 0), 0), 0);
    if (backoffLimit !== undefined && restarts > backoffLimit) {
      const msg = `PyTorchJob ${name} has failed because it has reached the specified backoff limit`;
      this.finish(job, status, 'Failed', 'PyTorchJobFailed', msg, now);
      return;
    }
    for (const role of ROLES) {
      const spec = specs[role];
      if (!spec) continue;
      const mine = pods.filter((p) => p.metadata.labels?.[LABELS.replicaType] === role.toLowerCase());
      const running = mine.filter((p) => p.status?.phase === 'Running').length;
      const succeeded = mine.filter((p) => p.status?.phase === 'Succeeded').length;
      const failed = mine.filter((p) => p.status?.phase === 'Failed');
      const expected = (spec.replicas ?? 1) - succeeded;
      // The master decides success when there is one; otherwise every worker must succeed.
      const decides = role === 'Master' || !specs.Master;
      if (decides && expected === 0 && (spec.replicas ?? 1) > 0) {
        this.finish(job, status, 'Succeeded', 'PyTorchJobSucceeded', `PyTorchJob ${ns}/${name} successfully completed.`, now);
        return;
      }
      if (running > 0 && decides && !hasTrue(status.conditions, 'Running')) {
        status.conditions = setJobCondition(status.conditions, 'Running', 'PyTorchJobRunning', `PyTorchJob ${ns}/${name} is running.`, now);
        this.event(job, 'Normal', 'PyTorchJobRunning', `PyTorchJob ${ns}/${name} is running.`);
      }
      if (failed.length) {
        const retrying = spec.restartPolicy === 'ExitCode' && failed.every((p) => isRetryable(p.status?.containerStatuses?.find((c) => c.name === 'pytorch')?.state?.terminated?.exitCode ?? 0));
        if (retrying) {
          const msg = `PyTorchJob ${name} is restarting because ${failed.length} ${role} replica(s) failed.`;
          status.conditions = setJobCondition(status.conditions, 'Restarting', 'PyTorchJobRestarting', msg, now);
          this.event(job, 'Warning', 'PyTorchJobRestarting', msg);
        } else {
          this.finish(job, status, 'Failed', 'PyTorchJobFailed', `PyTorchJob ${ns}/${name} has failed because ${failed.length} ${role} replica(s) failed.`, now);
          return;
        }
      }
    }
  }

  private finish(job: PyTorchJob, status: JobStatus, type: 'Succeeded' | 'Failed', reason: string, message: string, now: string): void {
    status.conditions = setJobCondition(status.conditions, type, reason, message, now);
    status.completionTime ??= now;
    this.event(job, type === 'Failed' ? 'Warning' : 'Normal', reason, message);
  }

  /** runPolicy.suspend (as Kueue sets it until the job is admitted): no pods, the start time cleared, a Suspended condition. */
  private suspend(job: PyTorchJob, status: JobStatus, pods: P[], now: string): void {
    for (const p of pods) if (!p.metadata.deletionTimestamp) this.deletePod(p);
    delete status.startTime;
    if (hasTrue(status.conditions, 'Suspended')) return;
    const msg = `PyTorchJob ${job.metadata.name} is suspended.`;
    status.conditions = setJobCondition(status.conditions, 'Suspended', 'PyTorchJobSuspended', msg, now)
      .map((c) => (c.type === 'Running' && c.status === 'True' ? { ...c, status: 'False' as const, lastUpdateTime: now, lastTransitionTime: now } : c));
    this.event(job, 'Normal', 'PyTorchJobSuspended', msg);
  }

  /** CleanPodPolicy once the job has ended: All deletes every pod, Running the ones still running, None none. */
  private cleanup(job: PyTorchJob, pods: P[]): void {
    const policy = job.spec.runPolicy?.cleanPodPolicy ?? 'None';
    if (policy === 'None') return;
    for (const p of pods) {
      if (p.metadata.deletionTimestamp) continue;
      if (policy === 'All' || p.status?.phase === 'Running' || p.status?.phase === 'Pending') this.deletePod(p);
    }
  }
}

const hasTrue = (list: Condition[] | undefined, type: string) => !!list?.some((c) => c.type === type && c.status === 'True');

function stripZero(s: ReplicaStatus): ReplicaStatus {
  const out: ReplicaStatus = {};
  for (const k of ['active', 'succeeded', 'failed'] as const) if (s[k]) out[k] = s[k];
  return out;
}

/**
 * The Training Operator's setCondition: the new condition goes last (the State column shows the last one);
 * Running and Restarting replace each other; Succeeded or Failed turn Running False.
 */
export function setJobCondition(list: Condition[] | undefined, type: string, reason: string, message: string, now: string): Condition[] {
  const cur = list?.find((c) => c.type === type);
  if (cur && cur.status === 'True' && cur.reason === reason && cur.message === message) return list!;
  const out: Condition[] = [];
  for (const c of list ?? []) {
    if (c.type === type) continue;
    if ((type === 'Restarting' && c.type === 'Running') || (type === 'Running' && c.type === 'Restarting')) continue;
    out.push((type === 'Succeeded' || type === 'Failed') && c.type === 'Running' ? { ...c, status: 'False', lastUpdateTime: now, lastTransitionTime: now } : c);
  }
  out.push({ type, status: 'True', reason, message, lastUpdateTime: now, lastTransitionTime: cur?.status === 'True' ? cur.lastTransitionTime : now });
  return out;
}
