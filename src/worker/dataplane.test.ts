// The page's data-plane view, read from a real headless cluster: GPUs and their holders, the pod network,
// Services with endpoints, traffic sources and the trimmed metric series.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { mustExec } from '../engine/testing/fixtures.ts';
import { dataPlaneView, SERVICE_SAMPLES } from './dataplane.ts';
import { CUDA, WEB } from './testing/dataplaneFixtures.ts';

describe('dataPlaneView', { timeout: 60_000 }, () => {
  it('shows GPU slots filling as a GPU Deployment scales', () => {
    const c = createCluster({ seed: 3 });
    mustExec(c, 'sim node add g1 --gpus 4 --gpu-model A100-80GB');
    c.advance(10);
    const held = () => dataPlaneView(c).gpus.flatMap((n) => n.devices.filter((d) => d.pod));
    expect(dataPlaneView(c).gpus.map((n) => [n.node, n.devices.length])).toEqual([['g1', 4]]);
    expect(held()).toHaveLength(0);
    mustExec(c, 'kubectl apply -f -', CUDA(1));
    c.advance(30);
    expect(held()).toHaveLength(1);
    mustExec(c, 'kubectl scale deployment train --replicas=3');
    c.advance(30);
    expect(held().map((d) => d.pod?.split('/')[0])).toEqual(['default', 'default', 'default']);
    expect(new Set(held().map((d) => d.pod)).size).toBe(3);
  });

  it('reports the pod network: none, then flannel with every node ready', () => {
    const c = createCluster({ seed: 4, cni: 'none' });
    mustExec(c, 'sim node add w1');
    c.advance(20);
    let v = dataPlaneView(c).cni;
    expect(v.installed).toEqual([]);
    expect(v.nodes.map((n) => [n.node, n.ready])).toEqual([['w1', false]]);
    mustExec(c, 'sim cni install flannel');
    c.advance(60);
    v = dataPlaneView(c).cni;
    expect(v.installed).toEqual(['flannel']);
    expect(v.nodes.map((n) => [n.node, n.ready, n.plugin])).toEqual([['w1', true, 'flannel']]);
  });

  it('carries endpoints, sources, per-pod rates and at most SERVICE_SAMPLES samples per Service', () => {
    const c = createCluster({ seed: 5 });
    mustExec(c, 'sim node add w1 --cpu 8 --memory 32Gi');
    mustExec(c, 'kubectl apply -f -', WEB);
    c.advance(60);
    mustExec(c, 'sim traffic add load http://web/ --rps 40 --from client');
    c.advance(SERVICE_SAMPLES * 2);
    const v = dataPlaneView(c);
    const svc = v.services.find((s) => s.key === 'default/web');
    expect(svc?.endpoints.filter((e) => e.ready)).toHaveLength(2);
    expect(v.sources.map((s) => [s.name, s.url, s.rps, s.from])).toEqual([['load', 'http://web/', 40, 'default/client']]);
    expect(v.sources[0].last?.errorRate).toBe(0);
    const series = v.serviceTraffic.find((s) => s.key === 'default/web');
    expect(series?.samples.length).toBeGreaterThan(0);
    expect(series?.samples.length).toBeLessThanOrEqual(SERVICE_SAMPLES);
    const full = c.trafficMetrics('service').find((s) => s.key === 'default/web')!.samples;
    expect(series?.samples).toEqual(full.slice(-SERVICE_SAMPLES));
    const pods = svc!.endpoints.map((e) => e.pod!);
    const total = pods.reduce((sum, p) => sum + (v.podTraffic[p]?.rps ?? 0), 0);
    expect(total).toBeCloseTo(series!.samples.at(-1)!.rps, 0);
  });
});
