// Kueue's Kubeflow PyTorchJob integration (pkg/controller/jobs/kubeflow): one pod set per replica type, named
// after it in lower case (master, worker), suspended through spec.runPolicy.suspend.
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { PyTorchJob } from '../training/controller.ts';
import { schedulingPatch, type JobAdapter } from './jobframework.ts';

const ROLES = ['Master', 'Worker'] as const;
const roles = (job: PyTorchJob) => ROLES.filter((r) => job.spec.pytorchReplicaSpecs?.[r]);
const lastTrue = (job: PyTorchJob, type: string) => job.status?.conditions?.find((c) => c.type === type && c.status === 'True');

export const pytorchJobAdapter: JobAdapter<PyTorchJob> = {
  kind: 'PyTorchJob',
  controllerName: 'kueue-pytorchjob-controller',
  podSets: (job) => roles(job).map((r) => ({
    name: r.toLowerCase(), count: job.spec.pytorchReplicaSpecs![r]!.replicas ?? 1,
    template: structuredClone(job.spec.pytorchReplicaSpecs![r]!.template ?? {}),
  })),
  isSuspended: (job) => job.spec.runPolicy?.suspend === true,
  suspendPatch: (suspend) => ({ spec: { runPolicy: { suspend } } }),
  templatesPatch: (job, templates) => ({
    spec: { pytorchReplicaSpecs: Object.fromEntries(roles(job).map((r, i) => [r, { template: schedulingPatch(job.spec.pytorchReplicaSpecs![r]!.template, templates[i] as PodTemplateSpec) }])) },
  }),
  finished(job) {
    const ok = lastTrue(job, 'Succeeded');
    if (ok) return { reason: 'Succeeded', message: ok.message ?? 'PyTorchJob succeeded' };
    const failed = lastTrue(job, 'Failed');
    return failed ? { reason: 'Failed', message: failed.message ?? 'PyTorchJob failed' } : undefined;
  },
  isActive: (job) => Object.values(job.status?.replicaStatuses ?? {}).some((s) => (s?.active ?? 0) > 0),
  priorityClassName: (job) => job.spec.runPolicy?.schedulingPolicy?.priorityClass ?? job.spec.pytorchReplicaSpecs?.Master?.template?.spec?.priorityClassName,
};
