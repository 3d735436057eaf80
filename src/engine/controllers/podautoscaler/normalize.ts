// Turning a metric's recommendation into the next replica count (horizontal.go normalizeDesiredReplicas*):
// stabilization windows over past recommendations, then the scaling rate limits. Without spec.behavior the fixed
// rules apply (a 5 minute downscale window; up to max(2×current, 4)); with it, its windows and policies.
import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from 'kubernetes-types/autoscaling/v2';

/** --horizontal-pod-autoscaler-downscale-stabilization. */
export const DOWNSCALE_STABILIZATION_MS = 5 * 60_000;
const SCALE_UP_LIMIT_FACTOR = 2;
const SCALE_UP_LIMIT_MINIMUM = 4;

interface Timestamped { replicas: number; at: number }
interface ScaleEvent { change: number; at: number; outdated: boolean }

/** The controller's memory for one HPA (lost when the controller-manager restarts, as upstream). */
export interface HPAHistory { recommendations: Timestamped[]; scaleUp: ScaleEvent[]; scaleDown: ScaleEvent[] }
export const newHistory = (currentReplicas: number, now: number): HPAHistory => ({ recommendations: [{ replicas: currentReplicas, at: now }], scaleUp: [], scaleDown: [] });

export interface Limited { replicas: number; reason: string; message: string }
export interface Normalized {
  replicas: number;
  /** The AbleToScale reason and message for the stabilized recommendation. */
  able: { reason: string; message: string };
  /** ScalingLimited: whether the rules cut the recommendation, and why (or DesiredWithinRange). */
  limited: { status: boolean; reason: string; message: string };
}

const READY = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };
const DOWN_STABILIZED = { reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' };
const UP_STABILIZED = { reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation' };
const WITHIN = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
const TOO_FEW = { reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
const TOO_MANY = { reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
const UP_LIMIT = { reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
const DOWN_LIMIT = { reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' };

/** Record a sample, reusing the slot of one that fell out of every window. */
function record(h: HPAHistory, replicas: number, now: number, oldIndex: number | undefined): void {
  if (oldIndex !== undefined) h.recommendations[oldIndex] = { replicas, at: now };
  else h.recommendations.push({ replicas, at: now });
}

/** normalizeDesiredReplicas: the highest recommendation of the downscale window, then min, max and the fixed rate. */
export function normalizeWithoutBehavior(h: HPAHistory, now: number, current: number, desired: number, min: number, max: number): Normalized {
  let stabilized = desired;
  let oldIndex: number | undefined;
  const cutoff = now - DOWNSCALE_STABILIZATION_MS;
  h.recommendations.forEach((r, i) => {
    if (r.at < cutoff) oldIndex = i;
    else if (r.replicas > stabilized) stabilized = r.replicas;
  });
  record(h, desired, now, oldIndex);
  const able = stabilized !== desired ? DOWN_STABILIZED : READY;
  const upLimit = Math.max(SCALE_UP_LIMIT_FACTOR * current, SCALE_UP_LIMIT_MINIMUM);
  const [maxAllowed, overMax] = max > upLimit ? [upLimit, UP_LIMIT] : [max, TOO_MANY];
  let out: Limited;
  if (stabilized < min) out = { replicas: min, ...TOO_FEW };
  else if (stabilized > maxAllowed) out = { replicas: maxAllowed, ...overMax };
  else out = { replicas: stabilized, ...WITHIN };
  return { replicas: out.replicas, able, limited: { status: out.replicas !== stabilized, reason: out.reason, message: out.message } };
}

/** getReplicasChangePerPeriod: the replicas added (or removed) by events within the last period. */
function changeInPeriod(periodSeconds: number, events: ScaleEvent[], now: number): number {
  const cutoff = now - periodSeconds * 1000;
  let sum = 0;
  for (const e of events) if (e.at > cutoff) sum += e.change;
  return sum;
}

/** calculateScaleUpLimitWithScalingRules: what the policies allow, from the count at the start of each period. */
export function scaleUpLimit(current: number, h: HPAHistory, rules: HPAScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pick = rules.selectPolicy === 'Min' ? Math.min : Math.max;
  let result = rules.selectPolicy === 'Min' ? Infinity : -Infinity;
  for (const p of rules.policies ?? []) {
    const start = current - changeInPeriod(p.periodSeconds, h.scaleUp, now) + changeInPeriod(p.periodSeconds, h.scaleDown, now);
    // A percentage rounds up, or a small target could never grow.
    const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** calculateScaleDownLimitWithBehaviors: for scaling down the smallest change ('Min') is the largest count. */
export function scaleDownLimit(current: number, h: HPAHistory, rules: HPAScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
  let result = rules.selectPolicy === 'Min' ? -Infinity : Infinity;
  for (const p of rules.policies ?? []) {
    const start = current - changeInPeriod(p.periodSeconds, h.scaleUp, now) + changeInPeriod(p.periodSeconds, h.scaleDown, now);
    const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** normalizeDesiredReplicasWithBehaviors: both stabilization windows, then the policies' rate. */
export function normalizeWithBehavior(h: HPAHistory, now: number, current: number, desired: number, min: number, max: number, behavior: HorizontalPodAutoscalerBehavior): Normalized {
  const up = behavior.scaleUp!;
  // maybeInitScaleDownStabilizationWindow: the API leaves the down window unset; the controller's flag fills it.
  const down = { ...behavior.scaleDown!, stabilizationWindowSeconds: behavior.scaleDown?.stabilizationWindowSeconds ?? DOWNSCALE_STABILIZATION_MS / 1000 };
  const upCutoff = now - (up.stabilizationWindowSeconds ?? 0) * 1000;
  const downCutoff = now - down.stabilizationWindowSeconds * 1000;
  let upRec = desired;
  let downRec = desired;
  let oldIndex: number | undefined;
  h.recommendations.forEach((r, i) => {
    if (r.at > upCutoff) upRec = Math.min(r.replicas, upRec);
    if (r.at > downCutoff) downRec = Math.max(r.replicas, downRec);
    if (r.at < upCutoff && r.at < downCutoff) oldIndex = i;
  });
  let stabilized = current;
  if (stabilized < upRec) stabilized = upRec;
  if (stabilized > downRec) stabilized = downRec;
  record(h, desired, now, oldIndex);
  const able = stabilized !== desired ? (desired >= current ? UP_STABILIZED : DOWN_STABILIZED) : READY;

  let out: Limited = { replicas: stabilized, ...WITHIN };
  if (stabilized > current) {
    const limit = Math.max(scaleUpLimit(current, h, up, now), current);
    const [maxAllowed, why] = max > limit ? [limit, UP_LIMIT] : [max, TOO_MANY];
    if (stabilized > maxAllowed) out = { replicas: maxAllowed, ...why };
  } else if (stabilized < current) {
    const limit = Math.min(scaleDownLimit(current, h, down, now), current);
    const [minAllowed, why] = min < limit ? [limit, DOWN_LIMIT] : [min, TOO_FEW];
    if (stabilized < minAllowed) out = { replicas: minAllowed, ...why };
  }
  return { replicas: out.replicas, able, limited: { status: out.replicas !== stabilized, reason: out.reason, message: out.message } };
}

/** storeScaleEvent: remember a rescale for the policies' periods (only with a behavior). */
export function storeScaleEvent(h: HPAHistory, behavior: HorizontalPodAutoscalerBehavior | undefined, prev: number, next: number, now: number): void {
  if (!behavior) return;
  const up = next > prev;
  const rules = up ? behavior.scaleUp : behavior.scaleDown;
  const events = up ? h.scaleUp : h.scaleDown;
  const longest = Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds));
  for (const e of events) if (e.at < now - longest * 1000) e.outdated = true;
  const entry = { change: Math.abs(next - prev), at: now, outdated: false };
  const slot = events.findIndex((e) => e.outdated);
  if (slot >= 0) events[slot] = entry; else events.push(entry);
}
