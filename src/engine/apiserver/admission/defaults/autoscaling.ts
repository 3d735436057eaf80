// autoscaling/v2 defaults (SetDefaults_HorizontalPodAutoscaler): minReplicas 1, a cpu target of 80% when no metric
// is given, and a behavior's unset rules filled from the defaults that reproduce the older fixed scaling rates.
import { canonicalQuantity } from '../../../api/quantity.ts';
import { isObj, type Obj } from './objects.ts';

/** autoscaling.DefaultCPUUtilization. */
export const DEFAULT_CPU_UTILIZATION = 80;

/** Scale up: no stabilization; per 15 s at most 4 pods or 100% more, whichever is larger. */
export function defaultScaleUpRules(): Obj {
  return {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
  };
}

/** Scale down: 100% per 15 s; the window stays unset (the controller applies its --horizontal-pod-autoscaler-downscale-stabilization, 300 s). */
export function defaultScaleDownRules(): Obj {
  return { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

/** copyHPAScalingRules: the set fields of `from` over the defaults. */
function fillRules(from: unknown, defaults: Obj): Obj {
  if (!isObj(from)) return defaults;
  for (const f of ['selectPolicy', 'stabilizationWindowSeconds', 'policies']) {
    if (from[f] !== undefined && from[f] !== null) defaults[f] = from[f];
  }
  return defaults;
}

export function setHorizontalPodAutoscalerDefaults(spec: Obj): void {
  if (spec.minReplicas === undefined || spec.minReplicas === null) spec.minReplicas = 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  // Only a behavior that is present is filled in; without one the controller keeps its fixed rules.
  if (isObj(spec.behavior)) {
    spec.behavior.scaleUp = fillRules(spec.behavior.scaleUp, defaultScaleUpRules());
    spec.behavior.scaleDown = fillRules(spec.behavior.scaleDown, defaultScaleDownRules());
  }
}

/** The decoder's canonical form for the quantities of each metric target (value, averageValue). */
export function canonicalizeMetricTargets(spec: Obj): void {
  if (!Array.isArray(spec.metrics)) return;
  for (const m of spec.metrics) {
    if (!isObj(m)) continue;
    for (const source of Object.values(m)) {
      if (!isObj(source) || !isObj(source.target)) continue;
      for (const f of ['value', 'averageValue']) {
        const v = source.target[f];
        if (typeof v === 'string' || typeof v === 'number') source.target[f] = canonicalQuantity(v);
      }
    }
  }
}
