import { describe, expect, it } from 'vitest';
import type { SavedCluster } from '../storage/db.ts';
import { DEFAULT_SCENARIO, EngineHost, type SnapshotStore } from './host.ts';
import type { NodeView, PodView, ViewBatch } from './protocol.ts';
import { EPOCH, FakeCluster, pod } from './testing/fakeCluster.ts';

/** A manual wall clock and ticker. */
function harness(opts: { saved?: SavedCluster; failSave?: boolean; saveTakesMs?: number; advanceTakesMs?: number; tickBudgetMs?: number } = {}) {
  let wall = 1_000_000;
  let tick: (() => void) | undefined;
  const clusters: FakeCluster[] = [];
  const saves: Omit<SavedCluster, 'id'>[] = [];
  const store: SnapshotStore = {
    load: async () => opts.saved,
    save: async (r) => {
      if (opts.failSave) throw new Error('quota');
      wall += opts.saveTakesMs ?? 0;
      saves.push(r);
    },
    clear: async () => undefined,
  };
  const logs: string[] = [];
  const host = new EngineHost({
    createCluster: (o) => {
      const c = new FakeCluster(o.snapshot);
      const advance = c.advance.bind(c);
      c.advance = (seconds) => {
        wall += opts.advanceTakesMs ?? 0;
        advance(seconds);
      };
      clusters.push(c);
      return c.asCluster();
    },
    store,
    wallNow: () => wall,
    every: (_ms, fn) => {
      tick = fn;
      return () => (tick = undefined);
    },
    log: (m) => logs.push(m),
    tickBudgetMs: opts.tickBudgetMs,
  });
  const batches: ViewBatch[] = [];
  const state = { pods: new Map<string, PodView>(), nodes: new Map<string, NodeView>() };
  const listen = (b: ViewBatch) => {
    batches.push(structuredClone(b));
    if (b.reset) {
      state.pods.clear();
      state.nodes.clear();
    }
    for (const k of b.pods.deletes) state.pods.delete(k);
    for (const p of b.pods.upserts) state.pods.set(p.key, p);
    for (const k of b.nodes.deletes) state.nodes.delete(k);
    for (const n of b.nodes.upserts) state.nodes.set(n.name, n);
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    host, clusters, saves, batches, state, listen, logs,
    cluster: () => clusters[clusters.length - 1],
    /** Move the wall clock and run one tick. */
    async wallTick(ms: number) {
      wall += ms;
      tick?.();
      await settle();
      await settle();
    },
  };
}

describe('EngineHost', () => {
  it('starts the default scenario and sends the full state first', async () => {
    const h = harness();
    h.host.subscribe(h.listen);
    const r = await h.host.init();
    expect(r.restored).toBe(false);
    expect(h.cluster().commands).toEqual(DEFAULT_SCENARIO);
    expect(h.batches[0].reset).toBe(true); // subscribed before init: the first batch is the full state
    const reset = h.batches[0];
    expect(reset.nodes.upserts.map((n) => n.name).sort()).toEqual(['w1', 'w2', 'w3']);
    expect(reset.nodes.upserts[0]).toMatchObject({
      ready: true,
      capacity: { cpuMilli: 4000, memoryBytes: 16 * 2 ** 30, pods: 110 },
      requested: { cpuMilli: 0, memoryBytes: 0, pods: 0 },
    });
    expect(reset.clock).toEqual({ nowMs: EPOCH, startMs: EPOCH, playing: true, speed: 1 });
    h.host.dispose();
  });

  it('a late subscriber starts from a full reset batch', async () => {
    const h = harness();
    await h.host.init();
    h.cluster().put(pod('a', { nodeName: 'w1', phase: 'Running' }));
    h.host.subscribe(h.listen);
    expect(h.batches).toHaveLength(1);
    expect(h.batches[0].reset).toBe(true);
    expect(h.batches[0].pods.upserts.map((p) => p.name)).toEqual(['a']);
    h.host.dispose();
  });

  it('coalesces changes between ticks into one delta and keeps node requests in step', async () => {
    const h = harness();
    await h.host.init();
    await h.host.pause();
    h.host.subscribe(h.listen);
    h.batches.length = 0;
    const c = h.cluster();
    c.put(pod('a'));
    c.put(pod('a', { nodeName: 'w1', phase: 'Pending', waiting: 'ContainerCreating' }));
    c.put(pod('a', { nodeName: 'w1', phase: 'Running', cpu: '250m', memory: '1Gi', owner: 'web-abc' }));
    c.put(pod('gone'));
    c.remove(pod('gone'));
    await h.wallTick(50);
    expect(h.batches).toHaveLength(1);
    const b = h.batches[0];
    expect(b.reset).toBe(false);
    expect(b.pods.upserts).toHaveLength(1); // "a" once, "gone" never
    expect(b.pods.deletes).toEqual([]);
    expect(b.pods.upserts[0]).toMatchObject({
      key: 'default/a', nodeName: 'w1', phase: 'Running', status: 'Running', ready: '1/1',
      ownerKind: 'ReplicaSet', ownerName: 'web-abc', cpuMilli: 250, memoryBytes: 2 ** 30,
    });
    expect(b.nodes.upserts.map((n) => [n.name, n.requested])).toEqual([['w1', { cpuMilli: 250, memoryBytes: 2 ** 30, pods: 1 }]]);

    // Nothing changed: no batch at all.
    await h.wallTick(50);
    expect(h.batches).toHaveLength(1);

    // Terminating, then deleted: the node gives the resources back.
    c.put(pod('a', { nodeName: 'w1', phase: 'Running', deleting: true }));
    await h.wallTick(50);
    expect(h.state.pods.get('default/a')).toMatchObject({ status: 'Terminating', terminating: true });
    c.remove(pod('a'));
    await h.wallTick(50);
    expect(h.batches.at(-1)!.pods.deletes).toEqual(['default/a']);
    expect(h.state.nodes.get('w1')!.requested).toEqual({ cpuMilli: 0, memoryBytes: 0, pods: 0 });
    h.host.dispose();
  });

  it('advances virtual time while playing, by wall time × speed', async () => {
    const h = harness();
    await h.host.init();
    h.host.subscribe(h.listen);
    const total = () => h.cluster().advanced.reduce((a, b) => a + b, 0);
    await h.host.play(10);
    await h.wallTick(50);
    expect(total()).toBeCloseTo(0.5);
    await h.host.play(100);
    await h.wallTick(10_000); // a throttled tab: capped, no hour-long jump
    expect(total()).toBeCloseTo(25.5);
    await h.host.pause();
    const n = h.cluster().advanced.length;
    await h.wallTick(50);
    expect(h.cluster().advanced).toHaveLength(n);
    expect(h.batches.at(-1)!.clock).toMatchObject({ playing: false, speed: 100, nowMs: EPOCH + 25_500 });
    expect(await h.host.step()).toBe(true);
    expect(h.batches.at(-1)!.clock.nowMs).toBe(EPOCH + 26_500);
    await expect(h.host.play(3 as never)).rejects.toThrow(/speed/);
    h.host.dispose();
  });

  it('a tick stops advancing once its wall budget is spent: a busy cluster runs slower, the feed keeps flowing', async () => {
    const h = harness({ advanceTakesMs: 15 });
    await h.host.init();
    h.host.subscribe(h.listen);
    await h.host.play(100);
    const before = h.batches.length;
    await h.wallTick(50); // 5 s of virtual time asked for, its events 100 ms apart taking 15 ms each
    expect(h.cluster().advanced).toEqual([0.1, 0.1, 0.1]);
    expect(h.batches.length).toBe(before + 1);
    expect(h.batches.at(-1)!.clock.nowMs).toBe(EPOCH + 300);
    h.host.dispose();
  });

  it('a smaller tick budget (a two-core machine) stops the tick sooner', async () => {
    const h = harness({ advanceTakesMs: 15, tickBudgetMs: 20 });
    await h.host.init();
    h.host.subscribe(h.listen);
    await h.host.play(100);
    await h.wallTick(50);
    expect(h.cluster().advanced).toEqual([0.1, 0.1]);
    h.host.dispose();
  });

  it('saves at most every two seconds while something changes, and immediately on pause', async () => {
    const h = harness();
    await h.host.init();
    h.host.subscribe(h.listen);
    await h.wallTick(500);
    expect(h.saves).toHaveLength(0);
    await h.wallTick(1600);
    expect(h.saves).toHaveLength(1);
    expect(h.saves[0]).toMatchObject({ startMs: EPOCH, playing: true, speed: 1 });
    expect(h.saves[0].snapshot.objects).toHaveLength(3);
    await h.host.pause();
    expect(h.saves).toHaveLength(2);
    expect(h.saves[1].playing).toBe(false);
    expect(h.batches.at(-1)!.persist.dirty).toBe(false);
    // Paused and idle: nothing to save.
    await h.wallTick(5000);
    await h.host.save();
    expect(h.saves).toHaveLength(2);
    await h.host.exec('kubectl get nodes');
    await h.host.save();
    expect(h.saves).toHaveLength(2);
    // A kubectl config command may change the kubeconfig, which the snapshot keeps and no watch event announces.
    await h.host.exec('kubectl config set-context --current --namespace=dev');
    await h.host.save();
    expect(h.saves).toHaveLength(3);
    h.host.dispose();
  });

  it('saves a cluster that is slow to save less often: at most a twentieth of the wall time', async () => {
    const h = harness({ saveTakesMs: 800 });
    await h.host.init();
    h.host.subscribe(h.listen);
    await h.wallTick(2100);
    expect(h.saves).toHaveLength(1);
    // 800 ms per save → one every 16 s, not every 2 s.
    for (let i = 0; i < 7; i++) await h.wallTick(2100); // 800 + 7 × 2100 = 15.5 s since the save began
    expect(h.saves).toHaveLength(1);
    await h.wallTick(2100);
    expect(h.saves).toHaveLength(2);
    h.host.dispose();
  });

  it('restores a saved cluster at the same moment, with its play state', async () => {
    const first = harness();
    await first.host.init();
    first.cluster().put(pod('a', { nodeName: 'w2', phase: 'Running' }));
    await first.host.play(10);
    await first.wallTick(200);
    await first.host.pause();
    const saved = { id: 'current', ...first.saves.at(-1)! };
    first.host.dispose();

    const h = harness({ saved });
    h.host.subscribe(h.listen);
    const r = await h.host.init();
    expect(r.restored).toBe(true);
    expect(h.cluster().commands).toEqual([]); // no scenario on top of a restored cluster
    expect(r.clock).toEqual({ nowMs: EPOCH + 2000, startMs: EPOCH, playing: false, speed: 10 });
    expect(h.state.pods.get('default/a')).toMatchObject({ nodeName: 'w2', status: 'Running' });
    expect(h.state.nodes.get('w2')!.requested.pods).toBe(1);
    h.host.dispose();
  });

  it('reset() starts over and tells subscribers with a reset batch', async () => {
    const h = harness();
    await h.host.init();
    h.host.subscribe(h.listen);
    h.cluster().put(pod('a', { nodeName: 'w1', phase: 'Running' }));
    await h.wallTick(50);
    expect(h.state.pods.size).toBe(1);
    const before = h.batches.length;
    await h.host.reset();
    expect(h.clusters).toHaveLength(2);
    expect(h.batches[before].reset).toBe(true); // no delta of the new cluster before its full state
    expect(h.state.pods.size).toBe(0);
    expect([...h.state.nodes.keys()].sort()).toEqual(['w1', 'w2', 'w3']);
    h.host.dispose();
  });

  it('passes exec and apply through and reports failures', async () => {
    const h = harness();
    await h.host.init();
    expect(await h.host.exec('kubectl get nodes')).toMatchObject({ code: 0 });
    expect(await h.host.exec('nope')).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown') });
    const bad = await h.host.apply('bad');
    expect(bad.documents[0]).toMatchObject({ ok: false, startLine: 1, endLine: 3 });
    h.host.dispose();
  });

  it('keeps the dirty flag when a save fails', async () => {
    const h = harness({ failSave: true });
    await h.host.init();
    h.host.subscribe(h.listen);
    await h.host.pause();
    expect(h.logs.some((l) => l.includes('could not save'))).toBe(true);
    expect(h.batches.at(-1)!.persist.dirty).toBe(true);
    h.host.dispose();
  });

  it('drops a subscriber whose callback fails (the page went away)', async () => {
    const h = harness();
    await h.host.init();
    let calls = 0;
    h.host.subscribe(() => {
      calls++;
      throw new Error('gone');
    });
    h.cluster().put(pod('a'));
    await h.wallTick(50);
    expect(calls).toBe(1);
    h.host.dispose();
  });
});

describe('EngineHost before init', () => {
  it('a command sent while the cluster is being restored waits for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const host = new EngineHost({
      createCluster: () => new FakeCluster().asCluster(),
      store: { load: async () => (await gate, undefined), save: async () => undefined, clear: async () => undefined },
      wallNow: () => 0,
      every: () => () => undefined,
    });
    const init = host.init();
    const result = host.exec('kubectl get nodes');
    release();
    await init;
    expect((await result).stdout).toContain('w1');
    host.dispose();
  });
});
