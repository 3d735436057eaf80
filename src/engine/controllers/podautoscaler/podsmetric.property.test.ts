// Invariant of the Pods-metric path: whatever the pods' queue lengths, the replica calculator's proposal passed
// through the normalization (stabilization, rate limits, bounds) stays within [minReplicas, maxReplicas].
import type { HorizontalPodAutoscalerBehavior } from 'kubernetes-types/autoscaling/v2';
import type { Pod } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScaleDownRules, defaultScaleUpRules } from '../../apiserver/admission/defaults/autoscaling.ts';
import type { PodMetricsInfo } from './metrics.ts';
import { newHistory, normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent } from './normalize.ts';
import { rawResourceReplicas } from './replicas.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const pod = (i: number): Pod => ({ metadata: { name: `p${i}` }, status: { phase: 'Running' } });

describe('Pods metric scaling', () => {
  it('property: every step keeps the replica count within [min, max]', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 20_000 }), fc.boolean(),
      fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 20 }),
      (min, span, target, withBehavior, steps) => {
        const max = min + span;
        const behavior = withBehavior ? ({ scaleUp: defaultScaleUpRules(), scaleDown: defaultScaleDownRules() } as HorizontalPodAutoscalerBehavior) : undefined;
        let current = min;
        const h = newHistory(current, NOW);
        steps.forEach((levels, step) => {
          const now = NOW + (step + 1) * 15_000;
          const pods = Array.from({ length: current }, (_, i) => pod(i));
          const metrics: PodMetricsInfo = new Map();
          for (let i = 0; i < current; i++) { const v = levels[i % levels.length]; if (v !== undefined) metrics.set(`p${i}`, { value: v, timestamp: now, windowMs: 15_000 }); }
          if (!metrics.size) return; // no sample at all: the HPA keeps the count (FailedGetPodsMetric)
          const desired = rawResourceReplicas(current, target, '', pods, metrics, now).replicas;
          expect(desired).toBeGreaterThanOrEqual(0);
          const n = behavior ? normalizeWithBehavior(h, now, current, desired, min, max, behavior) : normalizeWithoutBehavior(h, now, current, desired, min, max);
          expect(n.replicas).toBeGreaterThanOrEqual(min);
          expect(n.replicas).toBeLessThanOrEqual(max);
          if (n.replicas !== current) storeScaleEvent(h, behavior, current, n.replicas, now);
          current = n.replicas;
        });
      },
    ));
  });
});
