// The worker host on top of the real engine: the journey the page takes, without a browser.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import type { SavedCluster } from '../storage/db.ts';
import { DEFAULT_DOCUMENT_TEXT } from '../storage/defaults.ts';
import { EngineHost } from './host.ts';
import type { NodeView, PodView, ViewBatch } from './protocol.ts';

function setup(saved?: SavedCluster) {
  let wall = 0;
  let tick: (() => void) | undefined;
  const store = {
    record: saved,
    load: async () => store.record,
    save: async (r: Omit<SavedCluster, 'id'>) => {
      store.record = { id: 'current', ...structuredClone(r) };
    },
    clear: async () => {
      store.record = undefined;
    },
  };
  const host = new EngineHost({
    createCluster,
    store,
    wallNow: () => wall,
    every: (_ms, fn) => {
      tick = fn;
      return () => (tick = undefined);
    },
  });
  const pods = new Map<string, PodView>();
  const nodes = new Map<string, NodeView>();
  let batches = 0;
  host.subscribe((b: ViewBatch) => {
    batches++;
    if (b.reset) {
      pods.clear();
      nodes.clear();
    }
    for (const k of b.pods.deletes) pods.delete(k);
    for (const p of b.pods.upserts) pods.set(p.key, p);
    for (const k of b.nodes.deletes) nodes.delete(k);
    for (const n of b.nodes.upserts) nodes.set(n.name, n);
  });
  return {
    host, store, pods, nodes, batches: () => batches,
    /** Play for `ms` of wall time in 50 ms ticks. */
    async play(ms: number) {
      for (let t = 0; t < ms; t += 50) {
        wall += 50;
        tick?.();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
  };
}

describe('EngineHost with the real engine', () => {
  it('runs the journey: 3 nodes, 5 replicas Running, scale to 2, restore the same moment', async () => {
    const a = setup();
    await a.host.init();
    expect([...a.nodes.keys()].sort()).toEqual(['w1', 'w2', 'w3']);
    expect([...a.nodes.values()].every((n) => n.capacity.cpuMilli === 4000)).toBe(true);

    const applied = await a.host.apply(DEFAULT_DOCUMENT_TEXT.replace('replicas: 3', 'replicas: 5'));
    expect(applied.code).toBe(0);
    expect(applied.documents[0]).toMatchObject({ ok: true, startLine: 1, message: 'deployment.apps/web created' });

    await a.host.play(100);
    await a.play(1000); // 100 virtual seconds
    expect([...a.nodes.values()].every((n) => n.ready)).toBe(true);
    // Add-on pods (CNI, DNS, kube-proxy) run in their own namespaces; the Deployment's are in default.
    const web = () => [...a.pods.values()].filter((p) => p.namespace === 'default');
    const running = web().filter((p) => p.status === 'Running');
    expect(running).toHaveLength(5);
    expect(running.every((p) => p.ready === '1/1' && p.ownerKind === 'ReplicaSet' && p.nodeName && p.cpuMilli === 100)).toBe(true);
    // Each node accounts for exactly the requests of the pods bound to it.
    const onNodes = (f: (p: PodView) => number) => [...a.pods.values()].filter((p) => p.nodeName).reduce((s, p) => s + f(p), 0);
    expect([...a.nodes.values()].reduce((s, n) => s + n.requested.cpuMilli, 0)).toBe(onNodes((p) => p.cpuMilli));

    expect((await a.host.exec('kubectl scale deployment web --replicas=2')).stdout).toContain('scaled');
    await a.play(1000);
    expect(web()).toHaveLength(2);
    expect([...a.nodes.values()].reduce((s, n) => s + n.requested.pods, 0)).toBe(onNodes(() => 1));

    await a.host.pause();
    const saved = a.store.record!;
    expect(saved.playing).toBe(false);
    const now = (await a.host.init()).clock.nowMs;
    a.host.dispose();

    const b = setup(structuredClone(saved));
    const r = await b.host.init();
    expect(r.restored).toBe(true);
    expect(r.clock.nowMs).toBe(saved.snapshot.nowMs);
    expect(Math.abs(r.clock.nowMs - now)).toBeLessThan(1000);
    expect([...b.pods.keys()].sort()).toEqual([...a.pods.keys()].sort());
    expect((await b.host.exec('kubectl get deployment web')).stdout).toMatch(/web\s+2\/2/);
    b.host.dispose();
  });

  it('reports a bad document with its lines', async () => {
    const a = setup();
    await a.host.init();
    const text = `${DEFAULT_DOCUMENT_TEXT}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: broken\nspec:\n  replicas: -1\n`;
    const r = await a.host.apply(text);
    expect(r.code).toBe(1);
    const bad = r.documents.find((d) => !d.ok)!;
    expect(bad.startLine).toBeGreaterThan(25);
    expect(bad.message).toContain('spec.replicas: Invalid value: -1');
    a.host.dispose();
  });

  it('resets with another pod CIDR, refuses a bad one with the field named, and keeps the running cluster', async () => {
    const a = setup();
    await a.host.init();
    await a.host.reset({ clusterCIDR: '10.100.0.0/22', nodeCIDRMaskSize: 24 });
    await a.play(2000);
    const cni = (await a.host.dataPlane()).cni;
    expect(cni.podCIDRs).toEqual({ clusterCIDR: '10.100.0.0/22', nodeCIDRMaskSize: 24, capacity: 4, allocated: 3 });
    expect(cni.nodes.map((n) => n.podCIDR)).toEqual(['10.100.0.0/24', '10.100.1.0/24', '10.100.2.0/24']);
    await expect(a.host.reset({ clusterCIDR: '10.100.0.0/22', nodeCIDRMaskSize: 20 }))
      .rejects.toThrow('nodeCIDRMaskSize: Invalid value: 20: mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/22 > 20)');
    await expect(a.host.reset({ clusterCIDR: '10.100.0.0/33' })).rejects.toThrow('clusterCIDR: Invalid value: "10.100.0.0/33": must be a valid IPv4 CIDR value, (e.g. 10.244.0.0/16)');
    expect((await a.host.dataPlane()).cni.podCIDRs.clusterCIDR).toBe('10.100.0.0/22');
    expect(a.pods.size).toBeGreaterThan(0);
    // The setting lives in the saved snapshot, so a reload keeps it.
    const b = setup(a.store.record);
    await b.host.init();
    expect((await b.host.dataPlane()).cni.podCIDRs).toMatchObject({ clusterCIDR: '10.100.0.0/22', allocated: 3 });
    a.host.dispose();
    b.host.dispose();
  });
});
