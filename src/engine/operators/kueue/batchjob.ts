// Kueue's batch/v1 Job integration (pkg/controller/jobs/job): one pod set "main" of parallelism pods.
import type { Job } from 'kubernetes-types/batch/v1';
import type { KubeObject } from '../../api/object.ts';
import { schedulingPatch, type JobAdapter } from './jobframework.ts';

type J = Job & KubeObject;

const podsCount = (job: J) => {
  const parallelism = job.spec?.parallelism ?? 1;
  const completions = job.spec?.completions;
  return completions !== undefined && completions !== null && completions < parallelism ? completions : parallelism;
};

const condition = (job: J, type: string) => job.status?.conditions?.find((c) => c.type === type && c.status === 'True');

export const batchJobAdapter: JobAdapter<J> = {
  kind: 'Job',
  controllerName: 'kueue-job-controller',
  podSets: (job) => [{ name: 'main', count: podsCount(job), template: structuredClone(job.spec!.template) }],
  isSuspended: (job) => job.spec?.suspend === true,
  suspendPatch: (suspend) => ({ spec: { suspend } }),
  templatesPatch: (job, [t]) => ({ spec: { template: schedulingPatch(job.spec?.template, t) } }),
  finished(job) {
    if (condition(job, 'Complete')) return { reason: 'Succeeded', message: 'Job finished successfully' };
    const failed = condition(job, 'Failed');
    return failed ? { reason: 'Failed', message: failed.message ?? 'Job failed' } : undefined;
  },
  isActive: (job) => (job.status?.active ?? 0) > 0,
  resetStatusPatch: (job) => (job.status?.startTime ? { status: { startTime: null } } : undefined),
  priorityClassName: (job) => job.spec?.template?.spec?.priorityClassName,
};
