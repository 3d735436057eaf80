// The map's traffic edges (placement, tones), the request trace as the page reads `sim trace request -o json`, and
// where the map draws its hops.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import { mustExec } from '../../engine/testing/fixtures.ts';
import type { ServiceEndpointsView, TrafficSeries } from '../../worker/dataplane.ts';
import { WEB } from '../../worker/testing/dataplaneFixtures.ts';
import { BADGE_LIFT, BADGE_SPACING, LABEL_SPACING, badgeWidth, edgePathVia, edgeTone, trafficBadges } from './edges.ts';
import type { Rect } from '../map/geometry.ts';
import { asTraceJson, parseTrace, traceCommand, traceText, type Hop, type TraceResult } from './trace.ts';
import { ROW_LIFT, frameBelow, stopsBounds, traceStops } from './tracePath.ts';

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

  it('property: the rate labels of one badge keep LABEL_SPACING apart in their pods\' order, and each edge runs through its label', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 150, max: 600 }), (xs, y) => {
      const pods = xs.map((_, i) => `ns/p${i}`);
      const series = [{ scope: 'service' as const, key: 'ns/web', samples: [sample(10)] }];
      const [b] = trafficBadges([service('ns/web', pods)], series, {}, (p) => ({ x: xs[Number(p.slice(4))], y }), 100);
      const row = [...b.edges].sort((p, q) => p.to.x - q.to.x || p.pod.localeCompare(q.pod));
      for (let i = 1; i < row.length; i++) expect(row[i].label.x - row[i - 1].label.x).toBeGreaterThanOrEqual(LABEL_SPACING - 1e-9);
      for (const e of row) {
        expect(e.label.y).toBeGreaterThan(b.at.y);
        expect(e.label.y).toBeLessThan(y);
        expect(edgePathVia(e.from, e.label, e.to)).toContain(` ${e.label.x} ${e.label.y} C`);
      }
    }));
  });

  it.each([[0, 'ok'], [0.01, 'warn'], [0.1, 'bad'], [1, 'bad']] as const)('error rate %s is %s', (rate, tone) => {
    expect(edgeTone(rate)).toBe(tone);
  });
});

describe('the traced request as the page reads it', () => {
  it('reads the hops and result of a real request and of a failed one; prints what the plain command prints', { timeout: 60_000 }, () => {
    const c = createCluster({ seed: 2 });
    mustExec(c, 'sim node add w1 --cpu 8 --memory 32Gi');
    mustExec(c, 'kubectl apply -f -', WEB);
    mustExec(c, 'kubectl scale deployment web --replicas=1');
    c.advance(60);
    const ok = parseTrace(mustExec(c, traceCommand('http://web/', 'default/client')))!;
    expect(ok.ok).toBe(true);
    expect(ok.hops.map((h) => h.kind)).toEqual(['client', 'dns', 'dns', 'proxy', 'service', 'endpoint', 'pod']);
    expect(ok.hops[0]).toMatchObject({ pod: 'default/client', node: 'w1' });
    expect(ok.hops[4].service).toBe('default/web');
    expect(ok.hops[6].pod).toMatch(/^default\/web-/);
    expect(ok.result).toMatch(/^200 OK from pod default\/web-/);
    // One endpoint: the plain command takes the same path, so its text is the JSON's text.
    expect(traceText(ok)).toBe(mustExec(c, 'sim trace request http://web/ --from default/client'));
    const bad = parseTrace(mustExec(c, traceCommand('http://web/', 'external')));
    expect(bad).toEqual({ url: 'http://web/', from: 'external', ok: false, failure: 'dns', result: 'curl: (6) Could not resolve host: web', hops: [{ kind: 'client', text: 'client: external client (203.0.113.10)' }] });
    expect(c.exec('sim trace request http://web/ -o yaml').stderr).toBe('error: unable to match a printer suitable for the output format "yaml", allowed formats are: json\n');
  });

  it.each([
    ['{"nope": 1}'], ['not json'], ['{"ok": true, "result": "x", "hops": [{"kind": "teleport", "text": "?"}]}'],
  ])('refuses what is not a trace: %s', (text) => {
    expect(parseTrace(text)).toBeUndefined();
  });

  it.each([
    ['sim trace request http://web/', 'sim trace request http://web/ -o json'],
    ['  sim trace request http://web/ --from client ', 'sim trace request http://web/ --from client -o json'],
    ['sim trace request http://web/ -o json', undefined],
    ['sim trace request http://web/ --output=json', undefined],
    ['sim dns lookup web', undefined],
    ['kubectl get pods', undefined],
  ])('the terminal draws %j as %j', (line, json) => {
    expect(asTraceJson(line)).toBe(json);
  });

  it('builds the command: external clients need no --from', () => {
    expect(traceCommand('http://web/', 'external')).toBe('sim trace request http://web/ -o json');
    expect(traceCommand('http://web/', 'default/client')).toBe('sim trace request http://web/ --from default/client -o json');
  });
});

describe('traceStops', () => {
  const grid = { x: 0, y: 100, width: 600, height: 300 };
  const tiles: Record<string, Rect> = { 'default/client': { x: 10, y: 200, width: 18, height: 18 }, 'default/web-a': { x: 300, y: 200, width: 18, height: 18 }, 'default/web-b': { x: 400, y: 200, width: 18, height: 18 } };
  const cards: Record<string, Rect> = { w1: { x: 0, y: 100, width: 264, height: 300 }, w2: { x: 292, y: 100, width: 264, height: 300 } };
  const map = { grid, pod: (k: string) => tiles[k], node: (n: string) => cards[n] };
  const pods = (svc: string) => (svc === 'default/web' ? ['default/web-a', 'default/web-b', 'default/off-map'] : []);
  const trace = (hops: Hop[], ok = true): TraceResult => ({ url: 'http://web/', from: 'default/client', hops, ok, result: ok ? '200 OK' : 'curl: (28)' });

  it('puts each hop at its map object: pod tiles, a hidden pod on its node card, kube-proxy on its card, the Service above its pods', () => {
    const stops = traceStops(trace([
      { kind: 'client', pod: 'default/client', node: 'w1', text: '1' },
      { kind: 'dns', pod: 'kube-system/coredns-x', node: 'w2', text: '2' },
      { kind: 'proxy', node: 'w1', text: '3' },
      { kind: 'service', service: 'default/web', text: '4' },
      { kind: 'endpoint', pod: 'default/web-b', node: 'w2', text: '5' },
      { kind: 'pod', pod: 'default/web-b', node: 'w2', text: '6' },
    ]), map, pods);
    expect(stops.map((s) => [s.step, s.at])).toEqual([
      [1, { x: 19, y: 209 }], [2, { x: 292 + 66, y: 100 }], [3, { x: 165, y: 100 }], [4, { x: 359, y: 100 - ROW_LIFT }], [5, { x: 409, y: 209 }], [6, { x: 409, y: 209 }],
    ]);
    expect(stops[1].box).toBe(cards.w2);
    expect(stops[3].box).toBeUndefined();
    expect(stops.map((s) => s.on)).toEqual(['pod', 'node', 'node', 'row', 'pod', 'pod']);
    expect(stops.some((s) => s.failed)).toBe(false);
  });

  it('marks where a failed request stopped; a drop with no map object stays where the path was', () => {
    const stops = traceStops(trace([
      { kind: 'client', text: 'external' },
      { kind: 'dns', text: 'outside' },
      { kind: 'ingress', text: 'ingress' },
      { kind: 'drop', text: 'backend Service default/gone not found' },
    ], false), map, pods);
    expect(stops.map((s) => s.at.x)).toEqual([40, 150, 260, 260]);
    expect(stops.map((s) => s.failed)).toEqual([false, false, false, true]);
    expect(stopsBounds(stops)).toEqual({ x: 40, y: 100 - ROW_LIFT, width: 220, height: 0 });
  });

  it('property: every hop gets a place and only the last hop of a failed request is marked failed', () => {
    const kinds: Hop['kind'][] = ['client', 'dns', 'ingress', 'proxy', 'service', 'endpoint', 'pod', 'drop'];
    const hop = fc.record({
      kind: fc.constantFrom(...kinds), text: fc.string(),
      pod: fc.option(fc.constantFrom('default/client', 'default/web-a', 'ns/hidden'), { nil: undefined }),
      node: fc.option(fc.constantFrom('w1', 'w2', 'gone'), { nil: undefined }),
      service: fc.option(fc.constantFrom('default/web', 'default/none'), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(hop, { minLength: 1, maxLength: 9 }), fc.boolean(), (hops, ok) => {
      const stops = traceStops(trace(hops as Hop[], ok), map, pods);
      expect(stops).toHaveLength(hops.length);
      for (const s of stops) expect(Number.isFinite(s.at.x) && Number.isFinite(s.at.y)).toBe(true);
      expect(stops.filter((s) => s.failed).map((s) => s.step)).toEqual(ok ? [] : [hops.length]);
    }));
  });
});

describe('frameBelow', () => {
  it('property: the framed bounds sit below the covered top and inside the canvas', () => {
    fc.assert(fc.property(
      fc.record({ x: fc.integer({ min: -2000, max: 2000 }), y: fc.integer({ min: -2000, max: 2000 }), width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }),
      fc.integer({ min: 200, max: 2000 }), fc.integer({ min: 200, max: 1200 }), fc.integer({ min: 0, max: 180 }),
      (b, width, height, coveredTop) => {
        const v = frameBelow(b, width, height, coveredTop);
        const top = b.y * v.zoom + v.y;
        const bottom = (b.y + b.height) * v.zoom + v.y;
        expect(top).toBeGreaterThanOrEqual(coveredTop - 1e-6);
        expect(bottom).toBeLessThanOrEqual(height + 1e-6);
        expect(b.x * v.zoom + v.x).toBeGreaterThanOrEqual(-1e-6);
        expect((b.x + b.width) * v.zoom + v.x).toBeLessThanOrEqual(width + 1e-6);
      },
    ));
  });
});

describe('badge widths', () => {
  it('property: badges of any Service names never overlap, and each is wide enough for its label', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,20}\/[a-z-]{1,40}$/), fc.integer({ min: 0, max: 2000 })), { minLength: 1, maxLength: 6 }), (svcs) => {
      const uniq = [...new Map(svcs.map(([k, x]) => [k, x])).entries()];
      const services: ServiceEndpointsView[] = uniq.map(([key], i) => ({ key, type: 'ClusterIP', ports: [], endpoints: [{ ip: `10.0.0.${i}`, port: 80, pod: `default/p${i}`, ready: true, serving: true, terminating: false, portName: '' }] } as unknown as ServiceEndpointsView));
      const series: TrafficSeries[] = uniq.map(([key]) => ({ scope: 'service', key, samples: [{ t: 0, rps: 1000, errorRate: 0, p50Ms: 1, p99Ms: 1 }] } as unknown as TrafficSeries));
      const badges = trafficBadges(services, series, {}, (p) => ({ x: uniq[Number(p.slice(9))][1], y: 0 }), 0);
      for (const b of badges) expect(b.width).toBeGreaterThanOrEqual(badgeWidth(b.service));
      for (let i = 1; i < badges.length; i++) expect(badges[i].at.x - badges[i].width / 2).toBeGreaterThan(badges[i - 1].at.x + badges[i - 1].width / 2);
    }));
  });
});
