// The Job strategy's create step (pkg/registry/batch/job/strategy.go PrepareForCreate, generateSelector).
import type { KubeObject } from '../../api/object.ts';
import { copyTemplateLabels } from '../admission/defaults/batch.ts';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL } from '../admission/validation/job.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function ensureObj(parent: Obj, key: string): Obj {
  if (!isObj(parent[key])) parent[key] = {};
  return parent[key] as Obj;
}

/**
 * generateSelector: labels unique to this Job on its pod template (the job-name labels for people, the
 * controller-uid ones for uniqueness) and a selector on the uid. Labels the user already set are kept: a conflict
 * is then reported by validation.
 */
function generateSelector(job: KubeObject, spec: Obj): void {
  const labels = ensureObj(ensureObj(ensureObj(spec, 'template'), 'metadata'), 'labels');
  const name = job.metadata.name ?? '';
  const uid = job.metadata.uid ?? '';
  for (const k of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(k in labels)) labels[k] = name;
  for (const k of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(k in labels)) labels[k] = uid;
  const matchLabels = ensureObj(ensureObj(spec, 'selector'), 'matchLabels');
  if (!(CONTROLLER_UID_LABEL in matchLabels)) matchLabels[CONTROLLER_UID_LABEL] = uid;
}

/**
 * Simplification: a batch/v1 Job deleted without a propagation policy orphans its pods upstream
 * (DefaultGarbageCollectionPolicy); here the store's default applies. kubectl and the controllers always send one.
 */
export function prepareJobForCreate(job: KubeObject): void {
  const spec = isObj(job.spec) ? job.spec : (job.spec = {});
  if (spec.manualSelector !== true) generateSelector(job, spec);
  // The defaults run again whenever a Job is read: a Job without labels shows its template's, generated ones included.
  copyTemplateLabels(job.metadata as Obj, spec);
  job.status = {};
}
