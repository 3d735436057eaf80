// Envoy's outlier detection as the traffic simulator runs it: a streak of errors ejects a pod, maxEjectionPercent
// caps how many are out, an ejection lasts baseEjectionTime × times ejected and ends at an interval tick.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OutlierPolicy } from '../../api/mesh.ts';
import { OutlierDetector } from './outlier.ts';

const POLICY: OutlierPolicy = { consecutive5xx: 5, consecutiveGateway: 0, intervalMs: 10_000, baseEjectionMs: 30_000, maxEjectionPercent: 100 };
const bad = { errors: 10, gatewayErrors: 10, successes: 0 };

describe('OutlierDetector', () => {
  it('ejects after consecutive5xx errors and brings the pod back at the first interval tick after baseEjectionTime', () => {
    const d = new OutlierDetector();
    expect(d.observe('p', POLICY, 3, 'a', { errors: 4, gatewayErrors: 4, successes: 0 }, 0)).toBe(false);
    expect(d.observe('p', POLICY, 3, 'a', { errors: 1, gatewayErrors: 1, successes: 0 }, 1000)).toBe(true);
    expect(d.ejected('p', POLICY)).toEqual(new Map([['a', 31_000]]));
    for (let t = 2000; t <= 40_000; t += 1000) d.sweep('p', POLICY, t);
    // Interval ticks at 10, 20, 30 and 40 s: 31 s has passed at the 40 s one.
    expect(d.ejected('p', POLICY).size).toBe(0);
    // A second ejection lasts twice as long.
    d.observe('p', POLICY, 3, 'a', bad, 41_000);
    expect(d.ejected('p', POLICY).get('a')).toBe(41_000 + 60_000);
  });

  it('a success breaks the streak; consecutiveGatewayErrors counts only 502/503/504 and connection failures', () => {
    const d = new OutlierDetector();
    const gw: OutlierPolicy = { ...POLICY, consecutive5xx: 0, consecutiveGateway: 3 };
    d.observe('p', gw, 3, 'a', { errors: 2, gatewayErrors: 2, successes: 0 }, 0);
    d.observe('p', gw, 3, 'a', { errors: 0, gatewayErrors: 0, successes: 1 }, 1000);
    expect(d.observe('p', gw, 3, 'a', { errors: 2, gatewayErrors: 2, successes: 0 }, 2000)).toBe(false);
    expect(d.observe('p', gw, 3, 'b', { errors: 5, gatewayErrors: 0, successes: 0 }, 2000)).toBe(false);
    expect(d.observe('p', gw, 3, 'a', { errors: 1, gatewayErrors: 1, successes: 0 }, 3000)).toBe(true);
  });

  it('does not eject past maxEjectionPercent (Envoy: (ejected + 1) / hosts)', () => {
    const d = new OutlierDetector();
    const p = { ...POLICY, maxEjectionPercent: 50 };
    expect(d.observe('p', p, 4, 'a', bad, 0)).toBe(true);
    expect(d.observe('p', p, 4, 'b', bad, 0)).toBe(true);
    expect(d.observe('p', p, 4, 'c', bad, 0)).toBe(false);
    expect(new OutlierDetector().observe('p', { ...POLICY, maxEjectionPercent: 10 }, 3, 'a', bad, 0)).toBe(false);
  });

  it('property: never more than maxEjectionPercent of the pool is out, and no ejection ends before baseEjectionTime × times', () => {
    const hosts = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 60 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.integer({ min: 1, max: 8 })), { maxLength: 200 }),
      (pct, c5, intervalS, baseS, steps) => {
        const policy: OutlierPolicy = { consecutive5xx: c5, consecutiveGateway: 0, intervalMs: intervalS * 1000, baseEjectionMs: baseS * 1000, maxEjectionPercent: pct };
        const d = new OutlierDetector();
        const since = new Map<string, number>();
        steps.forEach(([h, ok, n], i) => {
          const t = i * 1000;
          d.observe('p', policy, hosts.length, hosts[h], ok ? { errors: 0, gatewayErrors: 0, successes: n } : { errors: n, gatewayErrors: n, successes: 0 }, t);
          d.sweep('p', policy, t);
          const out = d.ejected('p', policy);
          expect((100 * out.size) / hosts.length).toBeLessThanOrEqual(pct);
          for (const [pod, until] of out) if (!since.has(pod)) since.set(pod, until);
          for (const pod of [...since.keys()]) if (!out.has(pod)) { expect(t).toBeGreaterThanOrEqual(since.get(pod)!); since.delete(pod); }
        });
      },
    ), { numRuns: 200 });
  });
});
