// DestinationRule trafficPolicy: how Istio's fields and defaults read, and outlier detection in a running mesh
// (scenario 24's broken payments-next Pod is ejected from the shop's pool and gets no requests while it is out).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GALLERY_SOURCES } from '../../scenario/gallery.generated.ts';
import { loadScenario, parseScenario } from '../../scenario/index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
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

describe('DestinationRule loadBalancer', () => {
  const rule = (lb: string) => `apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: web}
spec: {host: web, trafficPolicy: {loadBalancer: ${lb}}}
`;
  const meshWithWeb = () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'sim operator install istio');
    c.advance(30);
    mustExec(c, 'kubectl label namespace default istio-injection=enabled');
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=3 --port=80');
    mustExec(c, 'kubectl expose deployment web --port=80');
    mustExec(c, 'kubectl run client --image=curlimages/curl -- sleep infinity');
    c.advance(40);
    return c;
  };
  const picked = (c: ReturnType<typeof meshWithWeb>, header = '') => {
    const t = JSON.parse(mustExec(c, `sim trace request http://web/ --from client -o json${header}`)) as { pod?: string; hops: { text: string }[] };
    return t.pod!;
  };

  it('property: ROUND_ROBIN gives each of the pool\'s pods exactly k of k × pods requests, whatever the start', () => {
    const c = meshWithWeb();
    mustExec(c, 'kubectl apply -f -', rule('{simple: ROUND_ROBIN}'));
    c.advance(1);
    fc.assert(fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 4 }), (skip, k) => {
      for (let i = 0; i < skip; i++) picked(c);
      const counts = new Map<string, number>();
      for (let i = 0; i < 3 * k; i++) { const p = picked(c); counts.set(p, (counts.get(p) ?? 0) + 1); }
      expect([...counts.values()]).toEqual([k, k, k]);
    }), { numRuns: 10 });
    expect(mustExec(c, 'sim trace request http://web/ --from client')).toMatch(/the proxy balances over 3 endpoint\(s\), ROUND_ROBIN\)/);
  });

  it('consistentHash on a header keeps a value on one pod; the trace names the header', () => {
    const c = meshWithWeb();
    mustExec(c, 'kubectl apply -f -', rule('{consistentHash: {httpHeaderName: x-user}}'));
    c.advance(1);
    const alice = new Set(Array.from({ length: 10 }, () => picked(c, " -H 'x-user: alice'")));
    expect(alice.size).toBe(1);
    const users = new Set(['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((u) => picked(c, ` -H 'x-user: ${u}'`)));
    expect(users.size).toBeGreaterThan(1);
    expect(mustExec(c, "sim trace request http://web/ --from client -H 'x-user: alice'")).toContain('consistent hash on header x-user ("alice")');
  });
});
