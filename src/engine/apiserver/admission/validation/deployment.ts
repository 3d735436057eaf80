// Deployments (apps validation ValidateDeployment, ValidateDeploymentUpdate, and the registry's selector rule).
import type { Deployment } from 'kubernetes-types/apps/v1';
import { regexError } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { child, forbidden, invalid, isRecord, nonNegative, required, withGoValue } from './field.ts';
import { goDeploymentStrategy, goIntOrString } from './gotext.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { selectorImmutable, validateReplicas, validateReplicasSelectorTemplate } from './workload.ts';

type Obj = Record<string, unknown>;

const percentRe = /^[0-9]+%$/;

/** getPercentValue: the number in "25%", or undefined when not a valid percent string. */
export function percentValue(v: unknown): number | undefined {
  return typeof v === 'string' && percentRe.test(v) ? Number(v.slice(0, -1)) : undefined;
}

/** getIntOrPercentValue: a percent's number, else IntValue() (a non-numeric string is 0). */
export function intOrPercentValue(v: unknown): number {
  const p = percentValue(v);
  if (p !== undefined) return p;
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^[+-]?[0-9]+$/.test(v)) return Number(v);
  return 0;
}

/** ValidatePositiveIntOrPercent. */
export function positiveIntOrPercent(v: unknown, path: string): FieldError[] {
  if (typeof v === 'string') {
    if (percentRe.test(v)) return [];
    return [withGoValue('Invalid', path, goIntOrString(v), regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%'))];
  }
  if (typeof v === 'number') return nonNegative(v, path);
  return [];
}

function validateRollingUpdate(ru: Obj, path: string): FieldError[] {
  const unPath = child(path, 'maxUnavailable');
  const errs = positiveIntOrPercent(ru.maxUnavailable, unPath);
  errs.push(...positiveIntOrPercent(ru.maxSurge, child(path, 'maxSurge')));
  if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
    errs.push(withGoValue('Invalid', unPath, goIntOrString(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  const p = percentValue(ru.maxUnavailable);
  if (p !== undefined && p > 100) errs.push(withGoValue('Invalid', unPath, goIntOrString(ru.maxUnavailable), 'must not be greater than 100%'));
  return errs;
}

function validateStrategy(strategy: unknown, path: string): FieldError[] {
  const s = isRecord(strategy) ? strategy : {};
  const ru = s.rollingUpdate;
  switch (s.type) {
    case 'Recreate':
      return ru !== undefined && ru !== null ? [forbidden(child(path, 'rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate':
      return isRecord(ru) ? validateRollingUpdate(ru, child(path, 'rollingUpdate')) : [required(child(path, 'rollingUpdate'), 'this should be defaulted and never be nil')];
    default:
      return [withGoValue('NotSupported', path, goDeploymentStrategy(s), 'supported values: "Recreate", "RollingUpdate"')];
  }
}

function validateDeploymentSpec(specIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const path = 'spec';
  const errs = validateReplicas(spec, path);
  errs.push(...validateReplicasSelectorTemplate(spec, path, 'deployment', 'ReplicaSet'));
  errs.push(...validateStrategy(spec.strategy, child(path, 'strategy')));
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  errs.push(...nonNegative(spec.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  const pds = spec.progressDeadlineSeconds;
  if (typeof pds === 'number') {
    errs.push(...nonNegative(pds, child(path, 'progressDeadlineSeconds')));
    const minReady = typeof spec.minReadySeconds === 'number' ? spec.minReadySeconds : 0;
    if (pds <= minReady) errs.push(invalid(child(path, 'progressDeadlineSeconds'), pds, 'must be greater than minReadySeconds'));
  }
  return errs;
}

export function validateDeployment(d: Deployment): FieldError[] {
  return [...validateObjectMeta(d.metadata, nameIsDNSSubdomain), ...validateDeploymentSpec(d.spec)];
}

export function validateDeploymentUpdate(d: Deployment, old: Deployment): FieldError[] {
  return [
    ...validateObjectMetaUpdate(d.metadata, old.metadata),
    ...validateDeploymentSpec(d.spec),
    ...selectorImmutable((d.spec ?? {}) as Obj, (old.spec ?? {}) as Obj),
  ];
}
