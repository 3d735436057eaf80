import type { HorizontalPodAutoscalerBehavior } from 'kubernetes-types/autoscaling/v2';
import { describe, expect, it } from 'vitest';
import { defaultScaleDownRules, defaultScaleUpRules } from '../../apiserver/admission/defaults/autoscaling.ts';
import { newHistory, normalizeWithBehavior, normalizeWithoutBehavior, scaleDownLimit, scaleUpLimit, storeScaleEvent, type HPAHistory } from './normalize.ts';

const T = 1_000_000_000;
const defaults = (): HorizontalPodAutoscalerBehavior => ({ scaleUp: defaultScaleUpRules(), scaleDown: defaultScaleDownRules() }) as HorizontalPodAutoscalerBehavior;
const empty = (): HPAHistory => ({ recommendations: [], scaleUp: [], scaleDown: [] });

describe('normalizeWithoutBehavior (normalizeDesiredReplicas)', () => {
  // [current, desired, min, max] → [replicas, ScalingLimited reason]; TestNormalizeDesiredReplicas-style cases.
  const cases: [number, number, number, number, number, string][] = [
    [1, 10, 1, 20, 4, 'ScaleUpLimit'], // max(2×1, 4)
    [5, 20, 1, 30, 10, 'ScaleUpLimit'], // 2×5
    [5, 20, 1, 8, 8, 'TooManyReplicas'],
    [3, 0, 2, 10, 2, 'TooFewReplicas'],
    [3, 4, 1, 10, 4, 'DesiredWithinRange'],
  ];
  for (const [current, desired, min, max, want, reason] of cases) {
    it(`${current} → ${desired} within [${min}, ${max}] gives ${want} (${reason})`, () => {
      const n = normalizeWithoutBehavior(empty(), T, current, desired, min, max);
      expect([n.replicas, n.limited.reason, n.limited.status]).toEqual([want, reason, want !== desired]);
    });
  }

  it('keeps the highest recommendation of the last 5 minutes', () => {
    const h = newHistory(5, T);
    const n = normalizeWithoutBehavior(h, T + 60_000, 5, 2, 1, 10);
    expect([n.replicas, n.able.reason]).toEqual([5, 'ScaleDownStabilized']);
    expect(normalizeWithoutBehavior(h, T + 299_000, 5, 2, 1, 10).replicas).toBe(5);
    // Five minutes after the high recommendation the low ones win.
    expect(normalizeWithoutBehavior(h, T + 300_001, 5, 2, 1, 10)).toMatchObject({ replicas: 2, able: { reason: 'ReadyForNewScale' } });
  });
});

describe('scaling policies (calculateScaleUpLimitWithScalingRules, calculateScaleDownLimitWithBehaviors)', () => {
  it('the default scale-up allows max(4 pods, 100%) per 15 s', () => {
    expect(scaleUpLimit(2, empty(), defaultScaleUpRules(), T)).toBe(6);
    expect(scaleUpLimit(10, empty(), defaultScaleUpRules(), T)).toBe(20);
    const h = empty();
    storeScaleEvent(h, defaults(), 2, 6, T);
    // Within the period the count at its start (2) is the base; after it, the current count.
    expect(scaleUpLimit(6, h, defaultScaleUpRules(), T + 10_000)).toBe(6);
    expect(scaleUpLimit(6, h, defaultScaleUpRules(), T + 16_000)).toBe(12);
  });

  it('Min picks the smallest change; percentages round up on the way up and down on the way down', () => {
    const rules = { selectPolicy: 'Min', policies: [{ type: 'Pods', value: 4, periodSeconds: 60 }, { type: 'Percent', value: 10, periodSeconds: 60 }] };
    expect(scaleUpLimit(10, empty(), rules, T)).toBe(11);
    expect(scaleDownLimit(10, empty(), rules, T)).toBe(9);
    expect(scaleDownLimit(10, empty(), { policies: [{ type: 'Percent', value: 15, periodSeconds: 60 }] }, T)).toBe(8);
    expect(scaleDownLimit(10, empty(), { selectPolicy: 'Disabled', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] }, T)).toBe(10);
  });
});

describe('normalizeWithBehavior (normalizeDesiredReplicasWithBehaviors)', () => {
  it('limits the rate by the policies and says why', () => {
    const n = normalizeWithBehavior(empty(), T, 2, 20, 1, 100, defaults());
    expect([n.replicas, n.limited]).toEqual([6, { status: true, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' }]);
    const slowDown = { ...defaults(), scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } } as HorizontalPodAutoscalerBehavior;
    expect(normalizeWithBehavior(empty(), T, 10, 2, 1, 100, slowDown)).toMatchObject({ replicas: 9, limited: { reason: 'ScaleDownLimit' } });
    expect(normalizeWithBehavior(empty(), T, 10, 2, 5, 100, { ...defaults(), scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } } as HorizontalPodAutoscalerBehavior))
      .toMatchObject({ replicas: 5, limited: { reason: 'TooFewReplicas' } });
  });

  it('a scale-up window applies the lowest recent recommendation; the default scale-down window is 300 s', () => {
    const b = { ...defaults(), scaleUp: { ...defaultScaleUpRules(), stabilizationWindowSeconds: 60 } } as HorizontalPodAutoscalerBehavior;
    const h = newHistory(3, T);
    expect(normalizeWithBehavior(h, T + 30_000, 3, 8, 1, 20, b)).toMatchObject({ replicas: 3, able: { reason: 'ScaleUpStabilized' } });
    expect(normalizeWithBehavior(h, T + 95_000, 3, 8, 1, 20, b)).toMatchObject({ replicas: 7, able: { reason: 'ReadyForNewScale' } });
    const d = newHistory(6, T);
    expect(normalizeWithBehavior(d, T + 299_000, 6, 2, 1, 20, defaults())).toMatchObject({ replicas: 6, able: { reason: 'ScaleDownStabilized' } });
    expect(normalizeWithBehavior(newHistory(6, T), T + 301_000, 6, 2, 1, 20, defaults()).replicas).toBe(2);
  });
});
