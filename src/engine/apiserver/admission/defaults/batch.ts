// Job and CronJob defaults (pkg/apis/batch/v1 SetDefaults_Job, SetDefaults_CronJob,
// SetDefaults_PodFailurePolicyOnPodConditionsPattern), with PodSpec defaults for their pod templates.
import { setPodSpecDefaults } from './podspec.ts';
import { ensureObj, isObj, type Obj } from './objects.ts';

const absent = (v: unknown): boolean => v === undefined || v === null;
const MAX_INT32 = 2147483647;

/** What every JobSpec gets, in a Job or in a CronJob's jobTemplate: pod template and pod failure policy defaults. */
function setJobSpecTemplateDefaults(spec: Obj): void {
  setPodSpecDefaults(ensureObj(ensureObj(spec, 'template'), 'spec'));
  const pfp = spec.podFailurePolicy;
  if (!isObj(pfp) || !Array.isArray(pfp.rules)) return;
  for (const rule of pfp.rules) {
    if (!isObj(rule) || !Array.isArray(rule.onPodConditions)) continue;
    for (const pattern of rule.onPodConditions) if (isObj(pattern) && (absent(pattern.status) || pattern.status === '')) pattern.status = 'True';
  }
}

/** SetDefaults_Job; `metadata` is the Job's, whose empty labels take the pod template's. */
export function setJobDefaults(metadata: Obj, spec: Obj): void {
  if (absent(spec.completions) && absent(spec.parallelism)) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  if (absent(spec.parallelism)) spec.parallelism = 1;
  if (absent(spec.backoffLimit)) spec.backoffLimit = absent(spec.backoffLimitPerIndex) ? 6 : MAX_INT32;
  copyTemplateLabels(metadata, spec);
  if (absent(spec.completionMode)) spec.completionMode = 'NonIndexed';
  if (absent(spec.suspend)) spec.suspend = false;
  if (absent(spec.podReplacementPolicy)) spec.podReplacementPolicy = absent(spec.podFailurePolicy) ? 'TerminatingOrFailed' : 'Failed';
  if (absent(spec.manualSelector)) spec.manualSelector = false;
  setJobSpecTemplateDefaults(spec);
}

/** A Job without labels of its own carries its pod template's (applied again whenever the Job is read). */
export function copyTemplateLabels(metadata: Obj, spec: Obj): void {
  const template = isObj(spec.template) ? spec.template : {};
  const labels = isObj(template.metadata) ? template.metadata.labels : undefined;
  if (isObj(labels) && !(isObj(metadata.labels) && Object.keys(metadata.labels).length > 0)) metadata.labels = { ...labels };
}

/** SetDefaults_CronJob. The job template gets no Job defaults: those apply when the controller creates a Job. */
export function setCronJobDefaults(spec: Obj): void {
  if (absent(spec.concurrencyPolicy) || spec.concurrencyPolicy === '') spec.concurrencyPolicy = 'Allow';
  if (absent(spec.suspend)) spec.suspend = false;
  if (absent(spec.successfulJobsHistoryLimit)) spec.successfulJobsHistoryLimit = 3;
  if (absent(spec.failedJobsHistoryLimit)) spec.failedJobsHistoryLimit = 1;
  setJobSpecTemplateDefaults(ensureObj(ensureObj(spec, 'jobTemplate'), 'spec'));
}
