// The map's traffic edges (placement, tones) and the request trace as the panel reads `sim trace request`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import { mustExec } from '../../engine/testing/fixtures.ts';
import type { ServiceEndpointsView, TrafficSeries } from '../../worker/dataplane.ts';
import { WEB } from '../../worker/testing/dataplaneFixtures.ts';
import { BADGE_LIFT, BADGE_SPACING, edgeTone, trafficBadges } from './edges.ts';
import { parseTrace, traceCommand } from './trace.ts';

const sample = (rps: number, errorRate = 0) => ({ t: 0, rps, p50Ms: 1, p99Ms: 2, errorRate });

function service(key: string, pods: string[]): ServiceEndpointsView {
  return { key, type: 'ClusterIP', ports: [], endpoints: pods.map((pod, i) => ({ ip: `10.0.0.${i}`, port: 80, pod, ready: true, serving: true, terminating: false, portName: '' })) };
}

describe('trafficBadges', () => {
  it('draws one edge per endpoint pod on the map, coloured by its error rate', () => {
    const at = { 'default/a': { x: 0, y: 200 }, 'default/b': { x: 100, y: 200 } } as Record<string, { x: number; y: number }>;
    const series: TrafficSeries[] = [{ scope: 'service', key: 'default/web', samples: [sample(30, 0.05)] }];
    const [b] = trafficBadges([service('default/web', ['default/a', 'default/b', 'default/gone'])], series,
      { 'default/a': sample(20), 'default/b': sample(10, 0.5) }, (p) => at[p], 100);
    expect(b.at).toEqual({ x: 50, y: 100 - BADGE_LIFT });
    expect(b.edges.map((e) => [e.pod, e.rps, e.tone])).toEqual([['default/a', 20, 'ok'], ['default/b', 10, 'bad']]);
  });

  it('leaves out Services without traffic or without pods on the map', () => {
    const series: TrafficSeries[] = [{ scope: 'service', key: 'default/idle', samples: [sample(0)] }, { scope: 'service', key: 'default/off', samples: [sample(5)] }];
    expect(trafficBadges([service('default/idle', ['default/a']), service('default/off', ['default/x'])], series, {}, (p) => (p === 'default/a' ? { x: 0, y: 0 } : undefined), 0)).toEqual([]);
  });

  it('keeps badges at least BADGE_SPACING apart, whatever the pods', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -2000, max: 2000 }), { minLength: 1, maxLength: 12 }), (xs) => {
      const services = xs.map((_, i) => service(`ns/s${i}`, [`ns/p${i}`]));
      const series = xs.map((_, i) => ({ scope: 'service' as const, key: `ns/s${i}`, samples: [sample(1)] }));
      const badges = trafficBadges(services, series, {}, (p) => ({ x: xs[Number(p.slice(4))], y: 0 }), 0);
      expect(badges).toHaveLength(xs.length);
      for (let i = 1; i < badges.length; i++) expect(badges[i].at.x - badges[i - 1].at.x).toBeGreaterThanOrEqual(BADGE_SPACING);
      for (const b of badges) for (const e of b.edges) expect(e.from).toEqual(b.at);
    }));
  });

  it.each([[0, 'ok'], [0.01, 'warn'], [0.1, 'bad'], [1, 'bad']] as const)('error rate %s is %s', (rate, tone) => {
    expect(edgeTone(rate)).toBe(tone);
  });
});

describe('parseTrace', () => {
  it('reads the steps and result of a real request, and of a failed one', { timeout: 60_000 }, () => {
    const c = createCluster({ seed: 2 });
    mustExec(c, 'sim node add w1 --cpu 8 --memory 32Gi');
    mustExec(c, 'kubectl apply -f -', WEB);
    c.advance(60);
    const ok = parseTrace(mustExec(c, traceCommand('http://web/', 'default/client')));
    expect(ok.ok).toBe(true);
    expect(ok.steps.length).toBeGreaterThan(2);
    expect(ok.steps[0]).toMatch(/^client: /);
    expect(ok.result).toMatch(/^200 OK from pod default\/web-/);
    const bad = parseTrace(mustExec(c, traceCommand('http://web/', 'external')));
    expect(bad).toEqual({ steps: ['client: external client (203.0.113.10)'], result: 'curl: (6) Could not resolve host: web', ok: false });
  });

  it('builds the command: external clients need no --from', () => {
    expect(traceCommand('http://web/', 'external')).toBe('sim trace request http://web/');
    expect(traceCommand('http://web/', 'default/client')).toBe('sim trace request http://web/ --from default/client');
  });
});
