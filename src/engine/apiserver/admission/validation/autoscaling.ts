// HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation): replica bounds, the scale target reference,
// each metric's source and target, and the behavior's scaling rules.
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, HPAScalingRules, MetricSpec, MetricTarget } from 'kubernetes-types/autoscaling/v2';
import type { CrossVersionObjectReference } from 'kubernetes-types/autoscaling/v2';
import { parseQuantity } from '../../../api/quantity.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, index, invalid, isRecord, notSupported, required } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

/** MaxPeriodSeconds and MaxStabilizationWindowSeconds. */
const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
/** The field each metric source type populates. */
const SOURCE_FIELDS: Record<string, 'object' | 'pods' | 'resource' | 'external' | 'containerResource'> = {
  Object: 'object', Pods: 'pods', Resource: 'resource', External: 'external', ContainerResource: 'containerResource',
};

/** path.IsValidPathSegmentName. */
function pathSegmentErrors(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const out: string[] = [];
  if (name.includes('/')) out.push(`may not contain '/'`);
  if (name.includes('%')) out.push(`may not contain '%'`);
  return out;
}

function validateRefName(value: string | undefined, path: string): FieldError[] {
  if (!value) return [required(path)];
  return pathSegmentErrors(value).map((msg) => invalid(path, value, msg));
}

/** ValidateCrossVersionObjectReference. */
function validateReference(ref: CrossVersionObjectReference | undefined, path: string): FieldError[] {
  return [...validateRefName(ref?.kind, child(path, 'kind')), ...validateRefName(ref?.name, child(path, 'name'))];
}

const sign = (q: unknown): number => parseQuantity(q as string).sign();

function validateMetricTarget(t: MetricTarget | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = t?.type ?? '';
  if (!type) errs.push(required(child(path, 'type'), 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') errs.push(invalid(child(path, 'type'), type, 'must be either Utilization, Value, or AverageValue'));
  if (t?.value !== undefined && sign(t.value) !== 1) errs.push(invalid(child(path, 'value'), t.value, 'must be positive'));
  if (t?.averageValue !== undefined && sign(t.averageValue) !== 1) errs.push(invalid(child(path, 'averageValue'), t.averageValue, 'must be positive'));
  if (t?.averageUtilization !== undefined && t.averageUtilization < 1) errs.push(invalid(child(path, 'averageUtilization'), t.averageUtilization, 'must be greater than 0'));
  return errs;
}

function validateMetricName(name: string | undefined, path: string): FieldError[] {
  if (!name) return [required(child(path, 'name'), 'must specify a metric name')];
  return pathSegmentErrors(name).map((msg) => invalid(child(path, 'name'), name, msg));
}

/** validateResourceSource and validateContainerResourceSource: a utilization or a raw average, not both. */
function validateUtilizationOrAverage(target: MetricTarget | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (target?.averageUtilization === undefined && target?.averageValue === undefined) {
    errs.push(required(child(path, 'target', 'averageUtilization'), 'must set either a target raw value or a target utilization'));
  }
  if (target?.averageUtilization !== undefined && target?.averageValue !== undefined) {
    errs.push(forbidden(child(path, 'target', 'averageValue'), 'may not set both a target raw value and a target utilization'));
  }
  return errs;
}

function validateSource(m: MetricSpec, field: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  switch (field) {
    case 'object':
      errs.push(...validateReference(m.object?.describedObject, child(path, 'describedObject')), ...validateMetricName(m.object?.metric?.name, child(path, 'metric')), ...validateMetricTarget(m.object?.target, child(path, 'target')));
      if (m.object?.target?.value === undefined && m.object?.target?.averageValue === undefined) errs.push(required(child(path, 'target', 'averageValue'), 'must set either a target value or averageValue'));
      break;
    case 'external':
      errs.push(...validateMetricName(m.external?.metric?.name, child(path, 'metric')), ...validateMetricTarget(m.external?.target, child(path, 'target')));
      if (m.external?.target?.value === undefined && m.external?.target?.averageValue === undefined) errs.push(required(child(path, 'target', 'averageValue'), 'must set either a target value for metric or a per-pod target'));
      if (m.external?.target?.value !== undefined && m.external?.target?.averageValue !== undefined) errs.push(forbidden(child(path, 'target', 'value'), 'may not set both a target value for metric and a per-pod target'));
      break;
    case 'pods':
      errs.push(...validateMetricName(m.pods?.metric?.name, child(path, 'metric')), ...validateMetricTarget(m.pods?.target, child(path, 'target')));
      if (m.pods?.target?.averageValue === undefined) errs.push(required(child(path, 'target', 'averageValue'), 'must specify a positive target averageValue'));
      break;
    case 'resource':
      if (!m.resource?.name) errs.push(required(child(path, 'name'), 'must specify a resource name'));
      errs.push(...validateMetricTarget(m.resource?.target, child(path, 'target')), ...validateUtilizationOrAverage(m.resource?.target, path));
      break;
    case 'containerResource':
      if (!m.containerResource?.name) errs.push(required(child(path, 'name'), 'must specify a resource name'));
      if (!m.containerResource?.container) errs.push(required(child(path, 'container'), 'must specify a container'));
      errs.push(...validateMetricTarget(m.containerResource?.target, child(path, 'target')), ...validateUtilizationOrAverage(m.containerResource?.target, path));
      break;
    default:
  }
  return errs;
}

/** validateMetricSpec: a known type, and exactly the source that type names. */
function validateMetricSpec(m: MetricSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = m.type ?? '';
  if (!type) errs.push(required(child(path, 'type'), 'must specify a metric source type'));
  if (!METRIC_SOURCE_TYPES.includes(type)) errs.push(notSupported(child(path, 'type'), type, METRIC_SOURCE_TYPES));
  const present = (['object', 'external', 'pods', 'resource', 'containerResource'] as const).filter((f) => isRecord(m[f]));
  if (present.length) errs.push(...validateSource(m, present[0], child(path, present[0])));
  const expected = SOURCE_FIELDS[type];
  if (expected && !isRecord(m[expected])) errs.push(required(child(path, expected), 'must populate information for the given metric source'));
  if (!expected) errs.push(notSupported(child(path, 'type'), type, METRIC_SOURCE_TYPES));
  if (present.length !== 1) {
    for (const f of present.filter((f) => f !== expected).sort()) errs.push(forbidden(child(path, f), 'must populate the given metric source only'));
  }
  return errs;
}

function validateScalingRules(rules: HPAScalingRules | undefined, path: string): FieldError[] {
  if (!rules || !isRecord(rules as unknown)) return [];
  const errs: FieldError[] = [];
  const w = rules.stabilizationWindowSeconds;
  if (w !== undefined && w < 0) errs.push(invalid(child(path, 'stabilizationWindowSeconds'), w, 'must be greater than or equal to zero'));
  if (w !== undefined && w > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(invalid(child(path, 'stabilizationWindowSeconds'), w, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (rules.selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(rules.selectPolicy)) errs.push(notSupported(child(path, 'selectPolicy'), rules.selectPolicy, ['Disabled', 'Max', 'Min']));
  const policies = asArray<{ type?: string; value?: number; periodSeconds?: number }>(rules.policies);
  if (!policies.length) errs.push(required(child(path, 'policies'), 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    const pp = index(child(path, 'policies'), i);
    if (p.type !== 'Pods' && p.type !== 'Percent') errs.push(notSupported(child(pp, 'type'), p.type ?? '', ['Percent', 'Pods']));
    if (!((p.value ?? 0) > 0)) errs.push(invalid(child(pp, 'value'), p.value ?? 0, 'must be greater than zero'));
    if (!((p.periodSeconds ?? 0) > 0)) errs.push(invalid(child(pp, 'periodSeconds'), p.periodSeconds ?? 0, 'must be greater than zero'));
    if ((p.periodSeconds ?? 0) > MAX_PERIOD_SECONDS) errs.push(invalid(child(pp, 'periodSeconds'), p.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

/** validateHorizontalPodAutoscalerSpec; minReplicas may be 0 only when the stored object already had 0 (HPAScaleToZero is off). */
function validateSpec(spec: HorizontalPodAutoscalerSpec | undefined, minLowerBound: number): FieldError[] {
  const errs: FieldError[] = [];
  const min = spec?.minReplicas;
  const max = spec?.maxReplicas ?? 0;
  if (min !== undefined && min < minLowerBound) errs.push(invalid('spec.minReplicas', min, `must be greater than or equal to ${minLowerBound}`));
  if (max < 1) errs.push(invalid('spec.maxReplicas', max, 'must be greater than 0'));
  if (min !== undefined && max < min) errs.push(invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateReference(spec?.scaleTargetRef, 'spec.scaleTargetRef'));
  const metrics = asArray<MetricSpec>(spec?.metrics);
  metrics.forEach((m, i) => errs.push(...validateMetricSpec(m, index('spec.metrics', i))));
  if (min === 0 && !metrics.some((m) => m.type === 'Object' || m.type === 'External')) {
    errs.push(forbidden('spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  const behavior = spec?.behavior;
  if (behavior && isRecord(behavior as unknown)) {
    errs.push(...validateScalingRules(behavior.scaleUp, 'spec.behavior.scaleUp'), ...validateScalingRules(behavior.scaleDown, 'spec.behavior.scaleDown'));
  }
  return errs;
}

export function validateHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): FieldError[] {
  return [...validateObjectMeta(hpa.metadata, nameIsDNSSubdomain), ...validateSpec(hpa.spec, 1)];
}

export function validateHorizontalPodAutoscalerUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  const lower = old.spec?.minReplicas === 0 ? 0 : 1;
  return [...validateObjectMetaUpdate(hpa.metadata, old.metadata), ...validateSpec(hpa.spec, lower)];
}
