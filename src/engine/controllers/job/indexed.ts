// Indexed Jobs (pkg/controller/job/indexed_job_utils.go): completion indexes on pods, the compressed interval
// lists of .status.completedIndexes and .status.failedIndexes, and the per-index failure counts.
import type { Job } from 'kubernetes-types/batch/v1';
import type { Container, Pod, PodTemplateSpec } from 'kubernetes-types/core/v1';
import { comparePodsForDeletion } from '../podrank.ts';

export const JOB_COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
export const JOB_INDEX_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
export const JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
const COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';
/** names.MaxGeneratedNameLength: 63 minus the 5 random characters. */
const MAX_GENERATED_NAME_LENGTH = 58;
const MAX_INT32 = 2147483647;

export const UNKNOWN_INDEX = -1;

export type Interval = { first: number; last: number };
export type Intervals = Interval[];

export const isIndexedJob = (job: Job): boolean => job.spec?.completionMode === 'Indexed';
export const hasBackoffLimitPerIndex = (job: Job): boolean => typeof job.spec?.backoffLimitPerIndex === 'number';

/** getCompletionIndex: the annotation as a non-negative integer, else UNKNOWN_INDEX. */
export function completionIndex(pod: Pod): number {
  const v = pod.metadata?.annotations?.[JOB_COMPLETION_INDEX_ANNOTATION];
  if (v === undefined || !/^[+-]?[0-9]+$/.test(v)) return UNKNOWN_INDEX;
  const i = Number(v);
  return i < 0 ? UNKNOWN_INDEX : i;
}

export const byCompletionIndex = (a: Pod, b: Pod): number => completionIndex(a) - completionIndex(b);

export function total(oi: Intervals): number {
  return oi.reduce((n, iv) => n + iv.last - iv.first + 1, 0);
}

export function has(oi: Intervals, ix: number): boolean {
  return oi.some((iv) => iv.first <= ix && ix <= iv.last);
}

/** "0-2,4,6,7": a pair is written with a comma, longer runs with a dash. */
export function intervalsToString(oi: Intervals): string {
  return oi.map((iv) => (iv.last === iv.first ? `${iv.first}` : `${iv.first}${iv.last === iv.first + 1 ? ',' : '-'}${iv.last}`)).join(',');
}

/** merge: the union of two ordered interval lists, adjacent intervals joined. */
export function merge(a: Intervals, b: Intervals): Intervals {
  const out: Intervals = [];
  const push = (iv: Interval) => {
    const last = out[out.length - 1];
    if (!last || iv.first > last.last + 1) out.push({ ...iv });
    else if (last.last < iv.last) last.last = iv.last;
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) push(a[i].first < b[j].first ? a[i++] : b[j++]);
  while (i < a.length) push(a[i++]);
  while (j < b.length) push(b[j++]);
  return out;
}

export function withIndexes(oi: Intervals, sortedIndexes: number[]): Intervals {
  return merge(oi, sortedIndexes.map((ix) => ({ first: ix, last: ix })));
}

/** parseIndexesFromString: corrupt pieces are skipped; indexes at or beyond completions are dropped. */
export function parseIndexes(text: string | undefined, completions: number): Intervals {
  if (!text) return [];
  const out: Intervals = [];
  for (const piece of text.split(',')) {
    const limits = piece.split('-');
    if (!/^[0-9]+$/.test(limits[0])) continue;
    const first = Number(limits[0]);
    if (first >= completions) break;
    let last = first;
    if (limits.length > 1) {
      if (!/^[0-9]+$/.test(limits[1])) continue;
      last = Math.min(Number(limits[1]), completions - 1);
    }
    const prev = out[out.length - 1];
    if (prev && prev.last === first - 1) prev.last = last;
    else out.push({ first, last });
  }
  return out;
}

const sortedSet = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);

/** The indexes of some pods (unknown ones left out). */
export function indexesOf(pods: Pod[]): Set<number> {
  const out = new Set<number>();
  for (const p of pods) {
    const ix = completionIndex(p);
    if (ix !== UNKNOWN_INDEX) out.add(ix);
  }
  return out;
}

/** calculateSucceededIndexes: [the indexes in .status.completedIndexes, those plus the newly succeeded pods']. */
export function succeededIndexes(job: Job, pods: Pod[], hasFinalizer: (p: Pod) => boolean): [Intervals, Intervals] {
  const completions = job.spec?.completions ?? 0;
  const prev = parseIndexes(job.status?.completedIndexes, completions);
  const fresh = new Set<number>();
  for (const p of pods) {
    const ix = completionIndex(p);
    if (p.status?.phase === 'Succeeded' && ix !== UNKNOWN_INDEX && ix < completions && hasFinalizer(p)) fresh.add(ix);
  }
  return [prev, withIndexes(prev, sortedSet(fresh))];
}

/** calculateFailedIndexes: .status.failedIndexes plus the indexes whose latest pod used up backoffLimitPerIndex. */
export function failedIndexes(job: Job, pods: Pod[], hasFinalizer: (p: Pod) => boolean, indexFailed: (p: Pod) => boolean): Intervals {
  const completions = job.spec?.completions ?? 0;
  const prev = parseIndexes(job.status?.failedIndexes, completions);
  const fresh = new Set<number>();
  for (const p of pods) {
    const ix = completionIndex(p);
    if (ix !== UNKNOWN_INDEX && ix < completions && hasFinalizer(p) && indexFailed(p)) fresh.add(ix);
  }
  return withIndexes(prev, sortedSet(fresh));
}

/** firstPendingIndexes: the lowest `count` indexes below completions that no pod runs, succeeded or failed. */
export function firstPendingIndexes(count: number, completions: number, nonPending: Intervals): number[] {
  const out: number[] = [];
  if (count === 0) return out;
  let candidate = 0;
  for (const iv of nonPending) {
    for (; candidate < completions && out.length < count && candidate < iv.first; candidate++) out.push(candidate);
    if (candidate < iv.last + 1) candidate = iv.last + 1;
  }
  for (; candidate < completions && out.length < count; candidate++) out.push(candidate);
  return out;
}

/** controller.ActivePods order: the pods to remove first come first. */
export const activePodsOrder = (a: Pod, b: Pod): number => comparePodsForDeletion(a, b, () => 0);

/**
 * appendDuplicatedIndexPodsForRemoval: [pods to remove, pods to keep] among active pods: all without an index or
 * beyond completions, and all but one of each repeated index.
 */
export function duplicatedIndexPods(pods: Pod[], completions: number): [Pod[], Pod[]] {
  const rm: Pod[] = [];
  const left: Pod[] = [];
  const sorted = [...pods].sort(byCompletionIndex);
  let start = 0;
  const flush = (end: number) => {
    const group = sorted.slice(start, end);
    if (group.length === 0) return;
    const ix = completionIndex(group[0]);
    if (ix === UNKNOWN_INDEX) rm.push(...group);
    else if (group.length === 1) left.push(group[0]);
    else {
      group.sort(activePodsOrder);
      rm.push(...group.slice(0, -1));
      left.push(group[group.length - 1]);
    }
  };
  for (let i = 0; i < sorted.length; i++) {
    const ix = completionIndex(sorted[i]);
    if (ix >= completions) {
      flush(i);
      rm.push(...sorted.slice(i));
      return [rm, left];
    }
    if (i > 0 && ix !== completionIndex(sorted[i - 1])) {
      flush(i);
      start = i;
    }
  }
  flush(sorted.length);
  return [rm, left];
}

/** podGenerateNameWithIndex: "<job>-<index>-", the job name cut so that the generated name stays a label. */
export function generateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const prefix = jobName + suffix;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? prefix.slice(0, MAX_GENERATED_NAME_LENGTH - suffix.length) + suffix : prefix;
}

function addIndexEnv(c: Container): void {
  if (c.env?.some((e) => e.name === COMPLETION_INDEX_ENV)) return;
  c.env = [...(c.env ?? []), { name: COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { fieldPath: `metadata.labels['${JOB_COMPLETION_INDEX_ANNOTATION}']` } } }];
}

/** addCompletionIndexEnvVariables: JOB_COMPLETION_INDEX from the pod's index label (PodIndexLabel is GA). */
export function addCompletionIndexEnv(template: PodTemplateSpec): void {
  for (const c of template.spec?.initContainers ?? []) addIndexEnv(c);
  for (const c of template.spec?.containers ?? []) addIndexEnv(c);
}

/** An annotation as a non-negative int32, else 0 (parseIndexFailureCountAnnotation). */
function annotationCount(pod: Pod, key: string): number {
  const v = pod.metadata?.annotations?.[key];
  if (v === undefined || !/^[+-]?[0-9]+$/.test(v)) return 0;
  const n = Number(v);
  return n < 0 || n > MAX_INT32 ? 0 : n;
}

export const indexFailureCount = (pod: Pod): number => annotationCount(pod, JOB_INDEX_FAILURE_COUNT_ANNOTATION);
export const indexIgnoredFailureCount = (pod: Pod): number => annotationCount(pod, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
export const indexAbsoluteFailureCount = (pod: Pod): number => indexFailureCount(pod) + indexIgnoredFailureCount(pod);
