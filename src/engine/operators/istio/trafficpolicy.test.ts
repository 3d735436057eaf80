// DestinationRule trafficPolicy: how Istio's fields and defaults read, and outlier detection in a running mesh
// (scenario 24's broken payments-next Pod is ejected from the shop's pool and gets no requests while it is out).
import { describe, expect, it } from 'vitest';
import { GALLERY_SOURCES } from '../../scenario/gallery.generated.ts';
import { loadScenario, parseScenario } from '../../scenario/index.ts';
import { mustExec } from '../../testing/fixtures.ts';
import { trafficPolicy } from './trafficpolicy.ts';

describe('trafficPolicy', () => {
  it('fills outlierDetection with Istio\'s defaults and reads durations', () => {
    expect(trafficPolicy('d/r', { outlierDetection: {} })?.outlier).toEqual({ consecutive5xx: 5, consecutiveGateway: 0, intervalMs: 10_000, baseEjectionMs: 30_000, maxEjectionPercent: 10 });
    expect(trafficPolicy('d/r', { outlierDetection: { consecutiveGatewayErrors: 2, consecutive5xxErrors: 0, interval: '1s', baseEjectionTime: '3m', maxEjectionPercent: 150 } })?.outlier)
      .toEqual({ consecutive5xx: 0, consecutiveGateway: 2, intervalMs: 1000, baseEjectionMs: 180_000, maxEjectionPercent: 100 });
  });

  it('lets a subset\'s policy replace the rule\'s field by field', () => {
    const p = trafficPolicy('d/r', { outlierDetection: { consecutive5xxErrors: 7 } }, { outlierDetection: { consecutive5xxErrors: 1 } });
    expect(p?.outlier?.consecutive5xx).toBe(1);
    expect(trafficPolicy('d/r', {})).toBeUndefined();
  });
});

describe('outlier detection in the mesh', () => {
  it('ejects the Pod that refuses connections: no request reaches it while it is out, and the errors stop', () => {
    const { cluster: c } = loadScenario(parseScenario(GALLERY_SOURCES['24-mesh-resilience']));
    c.advance(60);
    const trace = () => JSON.parse(mustExec(c, 'sim trace request http://payments:8000/get --from shop -o json')) as { hops: { kind: string; pod?: string; text: string }[] };
    const reached = (t: ReturnType<typeof trace>) => t.hops.some((h) => h.kind === 'endpoint' && h.pod?.includes('payments-next'));
    expect(Array.from({ length: 30 }, trace).some(reached)).toBe(true);
    mustExec(c, 'kubectl apply -f -', `apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: payments}
spec:
  host: payments
  trafficPolicy:
    outlierDetection: {consecutive5xxErrors: 3, interval: 5s, baseEjectionTime: 30s, maxEjectionPercent: 50}
`);
    c.advance(2);
    for (let i = 0; i < 20; i++) {
      c.advance(1);
      const t = trace();
      expect(reached(t)).toBe(false);
      expect(t.hops.some((h) => /^outlier detection \(DestinationRule default\/payments\): pod default\/payments-next-\S+ ejected until /.test(h.text))).toBe(true);
    }
    expect(mustExec(c, 'sim traffic list')).toMatch(/shop\s+default\/shop\s+\S+\s+30\s+30\s+\S+\s+\S+\s+0\.0%/);
  });
});
