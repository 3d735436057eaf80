// StatefulSets (apps validation ValidateStatefulSet, ValidateStatefulSetUpdate). Upstream validates only the
// template's labels and annotations here, not its pod spec: a bad container surfaces when pods are created.
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import type { FieldError } from '../../errors.ts';
import { child, forbidden, invalid, isRecord, nonNegative, notSupported, required, withGoValue } from './field.ts';
import { positiveIntOrPercent, intOrPercentValue, percentValue } from './deployment.ts';
import { goIntOrString, goLabelSelector, goQuote, goStringMap } from './gotext.ts';
import { validateAnnotations, validateLabels, validateLabelSelector } from './labels.ts';
import { nameIsDNSLabel, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { semanticEqual } from './semantic.ts';

type Obj = Record<string, unknown>;

const goPointer = (type: string, v: unknown): string => (v === undefined || v === null ? `(*${type})(nil)` : `(*${type})(0xc000010000)`);

function goRollingUpdate(ru: Obj): string {
  return `apps.RollingUpdateStatefulSetStrategy{Partition:${typeof ru.partition === 'number' ? ru.partition : 0}, MaxUnavailable:${goPointer('intstr.IntOrString', ru.maxUnavailable)}}`;
}

function validateRollingUpdate(ru: Obj, path: string): FieldError[] {
  const errs = nonNegative(ru.partition, child(path, 'partition'));
  const mu = ru.maxUnavailable;
  if (mu !== undefined && mu !== null) {
    const muPath = child(path, 'maxUnavailable');
    errs.push(...positiveIntOrPercent(mu, muPath));
    if (intOrPercentValue(mu) === 0) errs.push(withGoValue('Invalid', muPath, goIntOrString(mu), 'cannot be 0'));
    if ((percentValue(mu) ?? 0) > 100) errs.push(withGoValue('Invalid', muPath, goIntOrString(mu), 'must not be greater than 100%'));
  }
  return errs;
}

function validateUpdateStrategy(strategy: unknown, path: string): FieldError[] {
  const s = isRecord(strategy) ? strategy : {};
  const ru = isRecord(s.rollingUpdate) ? s.rollingUpdate : undefined;
  switch (s.type ?? '') {
    case '': return [required(path)];
    case 'OnDelete':
      return ru ? [withGoValue('Invalid', child(path, 'rollingUpdate'), goRollingUpdate(ru), "only allowed for updateStrategy 'RollingUpdate'")] : [];
    case 'RollingUpdate':
      return ru ? validateRollingUpdate(ru, child(path, 'rollingUpdate')) : [];
    default:
      return [withGoValue('Invalid', path, `apps.StatefulSetUpdateStrategy{Type:${goQuote(s.type)}, RollingUpdate:${goPointer('apps.RollingUpdateStatefulSetStrategy', ru)}}`, "must be 'RollingUpdate' or 'OnDelete'")];
  }
}

function validateRetentionPolicy(policy: unknown, path: string): FieldError[] {
  if (!isRecord(policy)) return [];
  const errs: FieldError[] = [];
  for (const field of ['whenDeleted', 'whenScaled']) {
    const v = policy[field] ?? '';
    if (v !== 'Retain' && v !== 'Delete') errs.push(notSupported(child(path, field), v, ['Retain', 'Delete']));
  }
  return errs;
}

/** ValidatePodTemplateSpecForStatefulSet. */
function validateTemplate(template: Obj, selector: LabelSelector | undefined, path: string): FieldError[] {
  const meta = isRecord(template.metadata) ? template.metadata : {};
  const errs: FieldError[] = [];
  const sel = selectorFromLabelSelector(selector);
  if (!sel.empty() && !sel.matches((meta.labels ?? {}) as Record<string, string>)) {
    errs.push(withGoValue('Invalid', child(path, 'metadata', 'labels'), goStringMap(meta.labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validateLabels(meta.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(meta.annotations, child(path, 'annotations')));
  return errs;
}

function validateStatefulSetSpec(specIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const path = 'spec';
  const errs: FieldError[] = [];
  const pmp = spec.podManagementPolicy ?? '';
  if (pmp === '') errs.push(required(child(path, 'podManagementPolicy')));
  else if (pmp !== 'OrderedReady' && pmp !== 'Parallel') errs.push(invalid(child(path, 'podManagementPolicy'), pmp, "must be 'OrderedReady' or 'Parallel'"));
  errs.push(...validateUpdateStrategy(spec.updateStrategy, child(path, 'updateStrategy')));
  errs.push(...validateRetentionPolicy(spec.persistentVolumeClaimRetentionPolicy, child(path, 'persistentVolumeClaimRetentionPolicy')));
  errs.push(...nonNegative(spec.replicas, child(path, 'replicas')));
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  if (isRecord(spec.ordinals)) errs.push(...nonNegative(spec.ordinals.start, child(path, 'ordinals.start')));

  const selPath = child(path, 'selector');
  const selector = isRecord(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  if (!selector) errs.push(required(selPath));
  else {
    errs.push(...validateLabelSelector(selector, selPath));
    if (Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions ?? []).length === 0) {
      errs.push(withGoValue('Invalid', selPath, goLabelSelector(selector), 'empty selector is invalid for statefulset'));
    }
  }
  const template = isRecord(spec.template) ? spec.template : {};
  try {
    errs.push(...validateTemplate(template, selector, child(path, 'template')));
  } catch {
    errs.push(withGoValue('Invalid', selPath, goLabelSelector(selector)));
  }
  const podSpec = isRecord(template.spec) ? template.spec : {};
  if (podSpec.restartPolicy !== 'Always') errs.push(notSupported(child(path, 'template', 'spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(forbidden(child(path, 'template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  return errs;
}

export function validateStatefulSet(set: StatefulSet): FieldError[] {
  return [...validateObjectMeta(set.metadata, nameIsDNSLabel), ...validateStatefulSetSpec(set.spec)];
}

/** The spec fields an update may change; everything else is fixed at creation. */
const MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

export function validateStatefulSetUpdate(set: StatefulSet, old: StatefulSet): FieldError[] {
  const errs = [...validateObjectMetaUpdate(set.metadata, old.metadata), ...validateStatefulSetSpec(set.spec)];
  const fixed = (spec: unknown) => Object.fromEntries(Object.entries(isRecord(spec) ? spec : {}).filter(([k]) => !MUTABLE.includes(k)));
  if (!semanticEqual(fixed(set.spec), fixed(old.spec))) {
    errs.push(forbidden('spec', "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"));
  }
  return errs;
}
