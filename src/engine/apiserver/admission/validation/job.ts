// Jobs (batch validation ValidateJob, ValidateJobUpdate, validateGeneratedSelector and the JobSpec rules a
// CronJob's jobTemplate shares).
import type { Job } from 'kubernetes-types/batch/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import { isDNS1123Label, isDNS1123Subdomain, regexError } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { child, invalid, isRecord, key, nonNegative, notSupported, required, tooLong, withGoValue } from './field.ts';
import { goLabelSelector, goStringMap } from './gotext.ts';
import { validatePodFailurePolicy, validatePodReplacementPolicy, validateSuccessPolicy } from './jobpolicies.ts';
import { validateLabelSelector } from './labels.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validatePodTemplateSpec } from './podspec.ts';
import { semanticEqual } from './semantic.ts';

type Obj = Record<string, unknown>;

/** The label keys of a generated selector (batch.LegacyControllerUidLabel … batch.JobNameLabel). */
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';

const MAX_PARALLELISM_FOR_INDEXED_JOB = 100_000;
const MAX_FAILED_INDEXES_FOR_INDEXED_JOB = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_MANAGED_BY_LENGTH = 63;

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const templateLabels = (spec: Obj): Record<string, string> | undefined => {
  const t = isRecord(spec.template) ? spec.template : {};
  const m = isRecord(t.metadata) ? t.metadata : {};
  return isRecord(m.labels) ? (m.labels as Record<string, string>) : undefined;
};

/** ValidateHasLabel. */
function hasLabel(labels: Record<string, string> | undefined, path: string, k: string, expected: string): FieldError[] {
  const p = key(child(path, 'labels'), k);
  const actual = labels?.[k];
  if (actual === undefined) return [required(p, `must be '${expected}'`)];
  return actual === expected ? [] : [withGoValue('Invalid', p, goStringMap(labels), `must be '${expected}'`)];
}

/** validateGeneratedSelector: a generated selector and the template labels it relies on are as the API server made them. */
function validateGeneratedSelector(job: Job, requirePrefixedLabels: boolean): FieldError[] {
  const spec = (job.spec ?? {}) as Obj;
  if (spec.manualSelector === true || !isRecord(spec.selector)) return [];
  const errs: FieldError[] = [];
  const uid = job.metadata?.uid ?? '';
  const name = job.metadata?.name ?? '';
  if (!uid) errs.push(required('metadata.uid'));
  const labels = templateLabels(spec);
  const path = 'spec.template.metadata';
  errs.push(...hasLabel(labels, path, LEGACY_CONTROLLER_UID_LABEL, uid), ...hasLabel(labels, path, LEGACY_JOB_NAME_LABEL, name));
  const expected: Record<string, string> = {};
  if (requirePrefixedLabels) {
    errs.push(...hasLabel(labels, path, CONTROLLER_UID_LABEL, uid), ...hasLabel(labels, path, JOB_NAME_LABEL, name));
    expected[CONTROLLER_UID_LABEL] = uid;
    expected[JOB_NAME_LABEL] = name;
  }
  expected[LEGACY_CONTROLLER_UID_LABEL] = uid;
  expected[LEGACY_JOB_NAME_LABEL] = name;
  try {
    if (!selectorFromLabelSelector(spec.selector as LabelSelector).matches(expected)) {
      errs.push(withGoValue('Invalid', 'spec.selector', goLabelSelector(spec.selector as LabelSelector), '`selector` not auto-generated'));
    }
  } catch {
    // An unparsable selector is reported by the selector's own validation.
  }
  return errs;
}

const httpPathRe = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

/** IsDomainPrefixedPath, for spec.managedBy. */
function domainPrefixedPath(path: string, value: string): FieldError[] {
  if (value === '') return [required(path)];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host === '' || rest === '') return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => invalid(path, host, msg));
  if (!httpPathRe.test(rest)) errs.push(invalid(path, rest, regexError('Invalid path', "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+")));
  return errs;
}

/** validateJobSpec: what a Job and a CronJob's jobTemplate both check. */
export function validateJobSpecFields(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex']) {
    errs.push(...nonNegative(spec[f], child(path, f)));
  }
  const completions = num(spec.completions);
  const parallelism = num(spec.parallelism);
  const maxFailed = num(spec.maxFailedIndexes);
  const perIndex = num(spec.backoffLimitPerIndex);
  if (maxFailed !== undefined) {
    errs.push(...nonNegative(maxFailed, child(path, 'maxFailedIndexes')));
    if (perIndex === undefined) errs.push(required(child(path, 'backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  if (typeof spec.managedBy === 'string') {
    errs.push(...domainPrefixedPath(child(path, 'managedBy'), spec.managedBy));
    if (spec.managedBy.length > MAX_MANAGED_BY_LENGTH) errs.push(tooLong(child(path, 'managedBy'), MAX_MANAGED_BY_LENGTH));
  }
  const mode = spec.completionMode;
  if (mode !== undefined && mode !== null) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(notSupported(child(path, 'completionMode'), mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (completions === undefined) errs.push(required(child(path, 'completions'), 'when completion mode is Indexed'));
      if (parallelism !== undefined && parallelism > MAX_PARALLELISM_FOR_INDEXED_JOB) {
        errs.push(invalid(child(path, 'parallelism'), parallelism, `must be less than or equal to ${MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed`));
      }
      if (completions !== undefined && maxFailed !== undefined && maxFailed > completions) {
        errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, 'must be less than or equal to completions'));
      }
      if (maxFailed !== undefined && maxFailed > MAX_FAILED_INDEXES_FOR_INDEXED_JOB) {
        errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, `must be less than or equal to ${MAX_FAILED_INDEXES_FOR_INDEXED_JOB}`));
      }
      if (completions !== undefined && completions > COMPLETIONS_SOFT_LIMIT && perIndex !== undefined) {
        const why = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
        if (maxFailed === undefined) errs.push(required(child(path, 'maxFailedIndexes'), `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`));
        if (parallelism !== undefined && parallelism > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS) {
          errs.push(invalid(child(path, 'parallelism'), parallelism, `must be less than or equal to ${PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS} ${why}`));
        }
        if (maxFailed !== undefined && maxFailed > MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS) {
          errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, `must be less than or equal to ${MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS} ${why}`));
        }
      }
    }
  }
  if (mode === undefined || mode === null || mode === 'NonIndexed') {
    if (perIndex !== undefined) errs.push(invalid(child(path, 'backoffLimitPerIndex'), perIndex, 'requires indexed completion mode'));
    if (maxFailed !== undefined) errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, 'requires indexed completion mode'));
  }
  if (isRecord(spec.podFailurePolicy)) errs.push(...validatePodFailurePolicy(spec, spec.podFailurePolicy, child(path, 'podFailurePolicy')));
  if (isRecord(spec.successPolicy)) errs.push(...validateSuccessPolicy(spec, spec.successPolicy, child(path, 'successPolicy')));
  errs.push(...validatePodReplacementPolicy(spec, child(path, 'podReplacementPolicy')));
  errs.push(...validatePodTemplateSpec(spec.template, child(path, 'template')));
  // The pod defaults turn an unset restartPolicy into Always, so both mean "not set for a Job".
  const template = isRecord(spec.template) ? spec.template : {};
  const restartPolicy = isRecord(template.spec) ? template.spec.restartPolicy : undefined;
  const rpPath = child(path, 'template', 'spec', 'restartPolicy');
  if (restartPolicy === 'Always' || restartPolicy === undefined || restartPolicy === null || restartPolicy === '') {
    errs.push(required(rpPath, 'valid values: "OnFailure", "Never"'));
  } else if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') {
    errs.push(notSupported(rpPath, restartPolicy, ['OnFailure', 'Never']));
  } else if (isRecord(spec.podFailurePolicy) && restartPolicy !== 'Never') {
    errs.push(invalid(rpPath, restartPolicy, 'only "Never" is supported when podFailurePolicy is specified'));
  }
  return errs;
}

/** ValidateJobSpec: the fields, then the selector and that it selects the template's labels. */
function validateJobSpec(specIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const errs = validateJobSpecFields(spec, 'spec');
  const sel = spec.selector;
  if (!isRecord(sel)) errs.push(required('spec.selector'));
  else errs.push(...validateLabelSelector(sel as LabelSelector, 'spec.selector'));
  if (isRecord(sel)) {
    try {
      const labels = templateLabels(spec);
      if (!selectorFromLabelSelector(sel as LabelSelector).matches(labels ?? {})) {
        errs.push(withGoValue('Invalid', 'spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
      }
    } catch {
      // Reported by validateLabelSelector.
    }
  }
  return errs;
}

function validate(job: Job, requirePrefixedLabels: boolean): FieldError[] {
  const errs = validateObjectMeta(job.metadata, nameIsDNSSubdomain);
  errs.push(...validateGeneratedSelector(job, requirePrefixedLabels), ...validateJobSpec(job.spec));
  const spec = (job.spec ?? {}) as Obj;
  const completions = num(spec.completions);
  if (spec.completionMode === 'Indexed' && completions !== undefined && completions > 0) {
    // The controller names pods' hosts "<job>-<index>": the largest must be a DNS label.
    const hostname = `${job.metadata?.name ?? ''}-${completions - 1}`;
    if (isDNS1123Label(hostname).length > 0) errs.push(invalid('metadata.name', job.metadata?.name ?? '', `will not able to create pod with invalid DNS label: ${hostname}`));
  }
  return errs;
}

export function validateJob(job: Job): FieldError[] {
  return validate(job, true);
}

/**
 * Simplification: a changed pod template or pod failure policy is reported with an abbreviated Go value
 * (`core.PodTemplateSpec{…}`): upstream prints the whole struct, thousands of characters of zero fields.
 */
function immutable(path: string, value: unknown, oldValue: unknown, goType?: string): FieldError[] {
  if (semanticEqual(value, oldValue)) return [];
  if (goType) return [withGoValue('Invalid', path, `${goType}{…}`, FIELD_IMMUTABLE)];
  return [invalid(path, value ?? null, FIELD_IMMUTABLE)];
}

/** validatePodTemplateUpdate: a suspended Job that never started may change where its pods go. */
function templateImmutable(spec: Obj, oldSpec: Obj, mutableScheduling: boolean): FieldError[] {
  let oldTemplate = oldSpec.template;
  if (mutableScheduling && isRecord(oldTemplate) && isRecord(spec.template)) {
    const t = spec.template;
    const ts = isRecord(t.spec) ? t.spec : {};
    const o = structuredClone(oldTemplate) as Obj;
    const os = (isRecord(o.spec) ? o.spec : (o.spec = {})) as Obj;
    const affinity = isRecord(ts.affinity) ? ts.affinity : undefined;
    const oldAffinity = isRecord(os.affinity) ? os.affinity : undefined;
    if (!affinity && oldAffinity) {
      delete oldAffinity.nodeAffinity;
      if (Object.keys(oldAffinity).length === 0) delete os.affinity;
    } else if (affinity) os.affinity = { ...(oldAffinity ?? {}), nodeAffinity: affinity.nodeAffinity };
    os.nodeSelector = ts.nodeSelector;
    os.tolerations = ts.tolerations;
    os.schedulingGates = ts.schedulingGates;
    const meta = isRecord(t.metadata) ? t.metadata : {};
    o.metadata = { ...(isRecord(o.metadata) ? o.metadata : {}), annotations: meta.annotations, labels: meta.labels };
    oldTemplate = o;
  }
  return immutable('spec.template', spec.template, oldTemplate, 'core.PodTemplateSpec');
}

/** validateCompletions: elastic Indexed Jobs may scale completions together with parallelism. */
function completionsUpdate(spec: Obj, oldSpec: Obj): FieldError[] {
  if (spec.completionMode !== 'Indexed') return immutable('spec.completions', spec.completions, oldSpec.completions);
  if (semanticEqual(spec.completions, oldSpec.completions) || num(spec.completions) === undefined) return [];
  return spec.completions !== spec.parallelism ? [invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism')] : [];
}

/**
 * Simplification: updates of .status are not validated (upstream's JobStatusValidationOptions, which guard status
 * written by external controllers through spec.managedBy), and no create warnings are returned (such as a name that
 * is no DNS label).
 */
export function validateJobUpdate(job: Job, old: Job): FieldError[] {
  const oldSpec = (old.spec ?? {}) as Obj;
  const spec = (job.spec ?? {}) as Obj;
  // Jobs created before the prefixed labels existed keep validating without them.
  const oldLabels = templateLabels(oldSpec) ?? {};
  const requirePrefixed = CONTROLLER_UID_LABEL in oldLabels && JOB_NAME_LABEL in oldLabels;
  const mutableScheduling = oldSpec.suspend === true && !(old.status as Obj | undefined)?.startTime;
  return [
    ...validate(job, requirePrefixed),
    ...validateObjectMetaUpdate(job.metadata, old.metadata),
    ...validateJobSpec(spec),
    ...completionsUpdate(spec, oldSpec),
    ...immutable('spec.selector', spec.selector, oldSpec.selector).map((e) => (isRecord(spec.selector) ? withGoValue('Invalid', e.field, goLabelSelector(spec.selector as LabelSelector), FIELD_IMMUTABLE) : e)),
    ...templateImmutable(spec, oldSpec, mutableScheduling),
    ...immutable('spec.completionMode', spec.completionMode, oldSpec.completionMode),
    ...immutable('spec.podFailurePolicy', spec.podFailurePolicy, oldSpec.podFailurePolicy, 'batch.PodFailurePolicy'),
    ...immutable('spec.backoffLimitPerIndex', spec.backoffLimitPerIndex, oldSpec.backoffLimitPerIndex),
    ...immutable('spec.managedBy', spec.managedBy, oldSpec.managedBy),
    ...immutable('spec.successPolicy', spec.successPolicy, oldSpec.successPolicy, 'batch.SuccessPolicy'),
  ];
}
