// kubectl get jobs: NAME STATUS COMPLETIONS DURATION AGE, wide CONTAINERS IMAGES SELECTOR (printers.go printJob).
import type { Job, JobCondition } from 'kubernetes-types/batch/v1';
import { humanDuration } from '../duration.ts';
import { formatSelector } from '../selector.ts';
import { parseTime, translateTimestampSince } from '../time.ts';
import { containerCells, typed, type TableDef } from './column.ts';

/** hasJobCondition: the first condition of the type decides. */
function hasCondition(conditions: JobCondition[] | undefined, type: string): boolean {
  return conditions?.find((c) => c.type === type)?.status === 'True';
}

function jobStatus(job: Job): string {
  const conditions = job.status?.conditions;
  if (hasCondition(conditions, 'Complete')) return 'Complete';
  if (hasCondition(conditions, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  if (hasCondition(conditions, 'Suspended')) return 'Suspended';
  if (hasCondition(conditions, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** "2/5"; without completions "1/1", or "0/1 of 3" when several pods run in parallel. */
function completions(job: Job): string {
  const succeeded = job.status?.succeeded ?? 0;
  if (typeof job.spec?.completions === 'number') return `${succeeded}/${job.spec.completions}`;
  const parallelism = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** Since the start: until completion when complete, else until now; empty before the Job starts. */
function duration(job: Job, now: number): string {
  const start = parseTime(job.status?.startTime);
  if (start === undefined) return '';
  return humanDuration((parseTime(job.status?.completionTime) ?? now) - start);
}

export const jobTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Status' }, { name: 'Completions' }, { name: 'Duration' }, { name: 'Age' },
    { name: 'Containers', wide: true }, { name: 'Images', wide: true }, { name: 'Selector', wide: true },
  ],
  row(obj, { now }) {
    const job = typed<Job>(obj);
    const [names, images] = containerCells(job.spec?.template?.spec?.containers);
    return [
      job.metadata?.name ?? '', jobStatus(job), completions(job), duration(job, now), translateTimestampSince(job.metadata?.creationTimestamp, now),
      names, images, formatSelector(job.spec?.selector),
    ];
  },
};
