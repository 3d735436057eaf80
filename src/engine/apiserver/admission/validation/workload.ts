// What Deployments and ReplicaSets share: selector, pod template (ValidatePodTemplateSpecForReplicaSet) and the
// apps/v1 rule that a selector never changes.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, isRecord, notSupported, nonNegative, required, withGoValue } from './field.ts';
import { goLabelSelector, goStringMap } from './gotext.ts';
import { validateLabelSelector } from './labels.ts';
import { FIELD_IMMUTABLE } from './objectmeta.ts';
import { validatePodTemplateSpec } from './podspec.ts';
import { semanticEqual } from './semantic.ts';

type Obj = Record<string, unknown>;

/** The selector as labels.Selector sees it: null is Nothing (matches no labels), {} is Everything. */
type Matcher = { empty: boolean; matches(labels: Record<string, string>): boolean };

function toMatcher(sel: unknown): Matcher | 'invalid' {
  if (!isRecord(sel)) return { empty: false, matches: () => false };
  try {
    const s = selectorFromLabelSelector(sel as LabelSelector);
    return { empty: s.empty(), matches: (l) => s.matches(l) };
  } catch {
    return 'invalid';
  }
}

/**
 * replicas, the selector (required, valid, not empty) and the template that must match it. `emptyWord` is the
 * kind named in the empty-selector message: upstream says "deployment" for ReplicaSets too.
 */
export function validateReplicasSelectorTemplate(spec: Obj, path: string, emptyWord: string, activeDeadlineKind: string): FieldError[] {
  const errs: FieldError[] = [];
  const sel = spec.selector;
  const selPath = child(path, 'selector');
  if (sel === undefined || sel === null) errs.push(required(selPath));
  else {
    errs.push(...validateLabelSelector(sel as LabelSelector, selPath));
    const s = isRecord(sel) ? sel : {};
    const n = (isRecord(s.matchLabels) ? Object.keys(s.matchLabels).length : 0) + asArray(s.matchExpressions).length;
    if (n === 0) errs.push(withGoValue('Invalid', selPath, goLabelSelector(s), `empty selector is invalid for ${emptyWord}`));
  }
  const matcher = toMatcher(sel);
  if (matcher === 'invalid') {
    errs.push(withGoValue('Invalid', selPath, goLabelSelector(sel as LabelSelector), 'invalid label selector'));
    return errs;
  }
  const tplPath = child(path, 'template');
  const template = isRecord(spec.template) ? spec.template : {};
  const meta = isRecord(template.metadata) ? template.metadata : {};
  const labels = isRecord(meta.labels) ? (meta.labels as Record<string, string>) : undefined;
  if (!matcher.empty && !matcher.matches(labels ?? {})) {
    errs.push(withGoValue('Invalid', child(tplPath, 'metadata', 'labels'), goStringMap(labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, tplPath));
  const podSpec = isRecord(template.spec) ? template.spec : {};
  if (podSpec.restartPolicy !== 'Always') {
    errs.push(notSupported(child(tplPath, 'spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  }
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(forbidden(child(tplPath, 'spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${activeDeadlineKind} is not Supported`));
  }
  return errs;
}

export function validateReplicas(spec: Obj, path: string): FieldError[] {
  return nonNegative(spec.replicas, child(path, 'replicas'));
}

/** apps/v1 registry strategies: spec.selector is immutable (ValidateImmutableField). */
export function selectorImmutable(spec: Obj, oldSpec: Obj): FieldError[] {
  if (semanticEqual(spec.selector, oldSpec.selector)) return [];
  const sel = spec.selector;
  // A nil pointer prints as "null", a set selector as the struct it points to.
  if (!isRecord(sel)) return [{ type: 'Invalid', field: 'spec.selector', value: 'null', detail: FIELD_IMMUTABLE }];
  return [withGoValue('Invalid', 'spec.selector', goLabelSelector(sel as LabelSelector), FIELD_IMMUTABLE)];
}
