// DaemonSets (apps validation ValidateDaemonSet, ValidateDaemonSetUpdate, and the apps/v1 selector rule).
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import type { FieldError } from '../../errors.ts';
import { child, forbidden, isRecord, nonNegative, notSupported, required, withGoValue } from './field.ts';
import { intOrPercentValue, percentValue, positiveIntOrPercent } from './deployment.ts';
import { goIntOrString, goLabelSelector, goQuote, goStringMap } from './gotext.ts';
import { validateLabelSelector } from './labels.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validatePodTemplateSpec } from './podspec.ts';
import { selectorImmutable } from './workload.ts';

type Obj = Record<string, unknown>;

/** ValidateRollingUpdateDaemonSet: exactly one of maxUnavailable and maxSurge is non-zero. */
function validateRollingUpdate(ru: Obj, path: string): FieldError[] {
  const muPath = child(path, 'maxUnavailable'), msPath = child(path, 'maxSurge');
  const errs = [...positiveIntOrPercent(ru.maxUnavailable, muPath), ...positiveIntOrPercent(ru.maxSurge, msPath)];
  for (const [v, p] of [[ru.maxUnavailable, muPath], [ru.maxSurge, msPath]] as const) {
    if ((percentValue(v) ?? 0) > 100) errs.push(withGoValue('Invalid', p, goIntOrString(v), 'must not be greater than 100%'));
  }
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(withGoValue('Invalid', msPath, goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  if (!hasUnavailable && !hasSurge) errs.push(required(muPath, 'cannot be 0 when maxSurge is 0'));
  return errs;
}

function validateUpdateStrategy(strategy: unknown, path: string): FieldError[] {
  const s = isRecord(strategy) ? strategy : {};
  switch (s.type) {
    case 'OnDelete': return [];
    case 'RollingUpdate':
      return isRecord(s.rollingUpdate) ? validateRollingUpdate(s.rollingUpdate, child(path, 'rollingUpdate')) : [required(child(path, 'rollingUpdate'))];
    default: {
      const ru = s.rollingUpdate === undefined || s.rollingUpdate === null ? '(*apps.RollingUpdateDaemonSet)(nil)' : '(*apps.RollingUpdateDaemonSet)(0xc000010000)';
      return [withGoValue('NotSupported', path, `apps.DaemonSetUpdateStrategy{Type:${goQuote(s.type)}, RollingUpdate:${ru}}`, 'supported values: "RollingUpdate", "OnDelete"')];
    }
  }
}

function validateDaemonSetSpec(specIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const path = 'spec';
  const selector = isRecord(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  const errs = validateLabelSelector(selector, child(path, 'selector'));
  const template = isRecord(spec.template) ? spec.template : {};
  const meta = isRecord(template.metadata) ? template.metadata : {};
  let matches: boolean | undefined;
  try {
    matches = selectorFromLabelSelector(selector).matches((meta.labels ?? {}) as Record<string, string>);
  } catch {
    matches = undefined;
  }
  if (matches === false) errs.push(withGoValue('Invalid', child(path, 'template', 'metadata', 'labels'), goStringMap(meta.labels), '`selector` does not match template `labels`'));
  if (selector && Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions ?? []).length === 0) {
    errs.push(withGoValue('Invalid', child(path, 'selector'), goLabelSelector(selector), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validatePodTemplateSpec(template, child(path, 'template')));
  const podSpec = isRecord(template.spec) ? template.spec : {};
  if (podSpec.restartPolicy !== 'Always') errs.push(notSupported(child(path, 'template', 'spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(forbidden(child(path, 'template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  errs.push(...validateUpdateStrategy(spec.updateStrategy, child(path, 'updateStrategy')));
  errs.push(...nonNegative(spec.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  return errs;
}

export function validateDaemonSet(ds: DaemonSet): FieldError[] {
  return [...validateObjectMeta(ds.metadata, nameIsDNSSubdomain), ...validateDaemonSetSpec(ds.spec)];
}

export function validateDaemonSetUpdate(ds: DaemonSet, old: DaemonSet): FieldError[] {
  return [
    ...validateDaemonSet(ds),
    ...validateObjectMetaUpdate(ds.metadata, old.metadata),
    ...validateDaemonSetSpec(ds.spec),
    ...selectorImmutable((ds.spec ?? {}) as Obj, (old.spec ?? {}) as Obj),
  ];
}
