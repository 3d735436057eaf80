// Pacing the change feed: what waits, what a frame takes, and that the page ends up with exactly what it would
// have had from applying every batch at once.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EventView, NodeView, PodView, ViewBatch } from '../../worker/protocol.ts';
import { ClusterViewStore, initialState, reduceBatch } from './clusterStore.ts';
import { CARD_COST, EVENTS_EVERY_MS, FEED_SHARE, INITIAL_BUDGET, MAX_BUDGET, MAX_REST_MS, MIN_BUDGET, nextBudget, PendingDelta, restAfter, TARGET_FRAME_MS, type Pacing } from './feedPacer.ts';

function pod(name: string, status = 'Running'): PodView {
  return {
    key: `default/${name}`, namespace: 'default', name, uid: name, nodeName: 'w1', phase: 'Running', status, ready: '1/1',
    restarts: 0, ownerKind: '', ownerName: '', cpuMilli: 100, memoryBytes: 1, podIP: '', terminating: false, createdMs: 0,
  };
}

const event = (name: string, count = 1): EventView => ({ key: `default/${name}`, type: 'Normal', reason: 'Pulled', object: `Pod/${name}`, message: '', count, lastMs: 0 });

const batch = (seq: number, b: Partial<ViewBatch>): ViewBatch => ({
  seq, reset: false,
  pods: { upserts: [], deletes: [] }, nodes: { upserts: [], deletes: [] }, events: { upserts: [], deletes: [] },
  clock: { nowMs: seq * 100, startMs: 0, playing: true, speed: 1 }, persist: { savedAt: 0, dirty: true }, ...b,
});

/**
 * Frames run when the test says, at the wall times it says, and are drawn `tookMs` later (run: both; frames and
 * draw: one step at a time). Waits (after) end at the first frames() at or past their time, just before its frames.
 */
function manualPacing(): Pacing & { run(atMs: number, tookMs?: number): void; frames(atMs: number): void; draw(tookMs: number): void; waiting(): number } {
  let queue: (() => void)[] = [];
  let measures: ((drawMs: number) => void)[] = [];
  let timers: { at: number; fn: () => void }[] = [];
  let now = 0;
  const pacing = {
    frame: (publish: () => void) => void queue.push(publish),
    rendered: (measure: (drawMs: number) => void) => void measures.push(measure),
    after: (ms: number, fn: () => void) => void timers.push({ at: now + ms, fn }),
    now: () => now,
    frames(atMs: number) {
      now = atMs;
      const ended = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of ended) t.fn();
      const due = queue;
      queue = [];
      for (const f of due) f();
    },
    draw(tookMs: number) {
      now += tookMs;
      const drawn = measures;
      measures = [];
      for (const m of drawn) m(tookMs);
    },
    run(atMs: number, tookMs = 0) {
      pacing.frames(atMs);
      pacing.draw(tookMs);
    },
    /** Frames asked for, and waits still running (each ends in one). */
    waiting: () => queue.length + timers.length,
  };
  return pacing;
}

describe('pending changes', () => {
  it('keeps the latest change of each key, in the order keys first changed', () => {
    const pending = new PendingDelta<PodView>((p) => p.key);
    pending.add({ upserts: [pod('a', 'Pending'), pod('b')], deletes: [] });
    pending.add({ upserts: [pod('a', 'Running')], deletes: ['default/b', 'default/c'] });
    expect(pending.size).toBe(3);
    const first = pending.take(2);
    expect(first.upserts.map((p) => [p.name, p.status])).toEqual([['a', 'Running']]);
    expect(first.deletes).toEqual(['default/b']);
    expect(pending.take(10)).toEqual({ upserts: [], deletes: ['default/c'] });
    expect(pending.size).toBe(0);
  });

  it('a delete and a re-create in one batch end as the re-created object', () => {
    const pending = new PendingDelta<PodView>((p) => p.key);
    pending.add({ upserts: [pod('a')], deletes: ['default/a'] });
    expect(pending.take(5)).toEqual({ upserts: [pod('a')], deletes: [] });
  });
});

describe('frame budget', () => {
  it.each([
    [400, TARGET_FRAME_MS, 400],
    [400, TARGET_FRAME_MS * 2, 200],
    [400, TARGET_FRAME_MS * 10, 200], // never below half at once
    [400, TARGET_FRAME_MS / 2, 800],
    [400, 1, 800], // never above double at once
    [MIN_BUDGET, 1000, MIN_BUDGET],
    [MAX_BUDGET, 1, MAX_BUDGET],
  ])('budget %i after a full frame of %f ms → %i', (budget, frameMs, next) => expect(nextBudget(budget, frameMs)).toBe(next));
});

describe('cluster view store pacing', () => {
  it('publishes batches on the next frame, a reset at once', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    let published = 0;
    store.subscribe(() => published++);
    store.apply(batch(1, { reset: true, pods: { upserts: [pod('a')], deletes: [] } }));
    expect(published).toBe(1);
    store.apply(batch(2, { pods: { upserts: [pod('b')], deletes: [] } }));
    store.apply(batch(3, { pods: { upserts: [], deletes: ['default/a'] } }));
    expect([...store.getState().pods.keys()]).toEqual(['default/a']);
    expect(pacing.waiting()).toBe(1); // one frame for both batches
    pacing.run(16);
    expect(published).toBe(2);
    expect([...store.getState().pods.keys()]).toEqual(['default/b']);
    expect(store.getState().seq).toBe(3);
    expect(store.getState().clock.nowMs).toBe(300);
    expect(pacing.waiting()).toBe(0);
  });

  it('a reset drops what was waiting', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    store.apply(batch(1, { pods: { upserts: [pod('old')], deletes: [] } }));
    store.apply(batch(2, { reset: true, pods: { upserts: [pod('new')], deletes: [] } }));
    pacing.run(16);
    expect([...store.getState().pods.keys()]).toEqual(['default/new']);
  });

  it('takes at most the budget of pod changes per frame and halves it after a slow frame', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    const many = Array.from({ length: INITIAL_BUDGET * 3 }, (_, i) => pod(`p${i}`));
    store.apply(batch(1, { pods: { upserts: many, deletes: [] } }));
    // Every pod is on w1: each frame pays for that one card, then one per pod.
    pacing.run(0, TARGET_FRAME_MS * 2); // the full frame took twice the target to draw
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET - CARD_COST);
    // Quick ones (half the target, however long the display waits between frames): the budget doubles each time
    // until the rest fits.
    pacing.run(1000, TARGET_FRAME_MS / 2);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET * 1.5 - 2 * CARD_COST);
    pacing.run(2000, TARGET_FRAME_MS / 2);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET * 2.5 - 3 * CARD_COST);
    pacing.run(3000);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET * 3);
    expect(pacing.waiting()).toBe(0);
  });

  it('draws one budget-limited frame at a time: the next waits until the last is drawn, whatever arrives meanwhile', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    store.apply(batch(1, { pods: { upserts: Array.from({ length: INITIAL_BUDGET * 2 }, (_, i) => pod(`p${i}`)), deletes: [] } }));
    pacing.frames(0);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET - CARD_COST);
    store.apply(batch(2, { pods: { upserts: [pod('late')], deletes: [] } }));
    expect(pacing.waiting()).toBe(0);
    pacing.draw(TARGET_FRAME_MS);
    // Drawn; then the feed rests four times as long before the next frame (FEED_SHARE).
    const rested = TARGET_FRAME_MS + restAfter(TARGET_FRAME_MS);
    pacing.run(rested - 1);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET - CARD_COST);
    pacing.run(rested);
    expect(store.getState().pods.size).toBeGreaterThan(INITIAL_BUDGET - CARD_COST);
    pacing.run(1000);
    expect(store.getState().pods.size).toBe(INITIAL_BUDGET * 2 + 1);
    expect(pacing.waiting()).toBe(0);
  });

  it('rests at most MAX_REST_MS after a frame that took seconds: a node added meanwhile shows a second later', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    store.apply(batch(1, { pods: { upserts: Array.from({ length: INITIAL_BUDGET * 2 }, (_, i) => pod(`p${i}`)), deletes: [] } }));
    pacing.run(0, 4000); // a starved frame: four seconds from its callback until drawn
    const amounts = { cpuMilli: 1000, memoryBytes: 1, pods: 110 };
    const node: NodeView = { name: 'w2', ready: true, roles: [], capacity: amounts, allocatable: amounts, requested: amounts, labels: {}, unschedulable: false, taints: [], createdMs: 0 };
    store.apply(batch(2, { nodes: { upserts: [node], deletes: [] } }));
    pacing.frames(4000 + MAX_REST_MS - 1);
    expect(store.getState().nodes.has('w2')).toBe(false);
    pacing.frames(4000 + MAX_REST_MS);
    expect(store.getState().nodes.has('w2')).toBe(true);
    expect(restAfter(10)).toBe(10 * (1 / FEED_SHARE - 1));
  });

  it('keeps the feed to FEED_SHARE of the main thread while changes keep coming, and every change lands', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    let drawn = 0;
    let frames = 0;
    // A rollout: every 16 ms frame a batch changes 50 more pods, and every frame with pod changes takes 14 ms to draw.
    for (let t = 0, seq = 1; t < 2000; t += 16, seq++) {
      store.apply(batch(seq, { pods: { upserts: Array.from({ length: 50 }, (_, i) => pod(`p${seq}-${i}`)), deletes: [] } }));
      const before = store.getState().pods.size;
      pacing.frames(t);
      if (store.getState().pods.size !== before) {
        frames++;
        drawn += 14;
        pacing.draw(14);
      }
    }
    expect(drawn / 2000).toBeLessThanOrEqual(FEED_SHARE + 0.01);
    // About one frame in five draws (each then rests 56 ms): 2000 / (14 + 56 + up to one frame) ≈ 25–28.
    expect(frames).toBeGreaterThanOrEqual(24);
    for (let t = 2000; pacing.waiting(); t += 100) pacing.run(t, 14);
    expect(store.getState().pods.size).toBe(125 * 50);
  });

  it('charges a frame for each card it redraws: changes spread over many nodes take fewer per frame', () => {
    const pending = new PendingDelta<PodView>((p) => p.key, (_k, p) => p?.nodeName ?? '');
    const spread = Array.from({ length: 100 }, (_, i) => ({ ...pod(`p${i}`), nodeName: `n${i % 10}` }));
    pending.add({ upserts: spread, deletes: [] });
    const first = pending.take(5 * (CARD_COST + 1));
    // The first five pods open five cards and spend the budget.
    expect(first.upserts.map((p) => p.nodeName)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    // A budget of two cards and 20 changes takes every pod of n5 and n6 (10 each), passing over the other nodes'.
    const second = pending.take(2 * CARD_COST + 20);
    expect(new Set(second.upserts.map((p) => p.nodeName))).toEqual(new Set(['n5', 'n6']));
    expect(second.upserts).toHaveLength(20);
    // The oldest change is taken even when one card costs more than the whole budget.
    expect(pending.take(1).upserts).toHaveLength(1);
  });

  it('publishes Events at most every EVENTS_EVERY_MS, pods on every frame; an idle frame publishes nothing', () => {
    const pacing = manualPacing();
    const store = new ClusterViewStore(pacing);
    let published = 0;
    store.subscribe(() => published++);
    store.apply(batch(1, { reset: true }));
    store.apply(batch(2, { pods: { upserts: [pod('a')], deletes: [] }, events: { upserts: [event('a')], deletes: [] } }));
    pacing.run(16);
    expect(store.getState().pods.size).toBe(1);
    expect(store.getState().events.size).toBe(0);
    expect(published).toBe(2);
    pacing.run(32); // the Events are not due yet: nothing new to publish
    expect(published).toBe(2);
    pacing.run(EVENTS_EVERY_MS);
    expect([...store.getState().events.values()]).toEqual([event('a')]);
    expect(published).toBe(3);
    expect(pacing.waiting()).toBe(0);
    store.apply(batch(3, { events: { upserts: [event('a', 2)], deletes: [] } }));
    pacing.run(EVENTS_EVERY_MS + 16);
    expect(store.getState().events.get('default/a')?.count).toBe(1);
    pacing.run(2 * EVENTS_EVERY_MS);
    expect(store.getState().events.get('default/a')?.count).toBe(2);
  });

  it('ends with exactly the state of applying every batch at once, however frames fall', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    // Pods on several nodes, so frames also split by card (CARD_COST).
    const change = fc.record({ ups: fc.array(fc.tuple(key, fc.constantFrom('Pending', 'Running', 'Terminating'), fc.constantFrom('', 'w1', 'w2')), { maxLength: 4 }), dels: fc.array(key, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(change, fc.boolean(), fc.nat(100)), { maxLength: 20 }), (steps) => {
        const pacing = manualPacing();
        const store = new ClusterViewStore(pacing);
        let direct = initialState();
        let wall = 0;
        steps.forEach(([c, frameNow, took], i) => {
          // Keys are unique within an upsert list, as the worker sends them.
          const ups = [...new Map(c.ups.map(([k, status, nodeName]) => [k, { ...pod(k, status), nodeName }])).values()];
          const b = batch(i + 1, {
            pods: { upserts: ups, deletes: c.dels.map((k) => `default/${k}`) },
            events: { upserts: ups.map((p) => event(p.name, i)), deletes: c.dels.slice(1).map((k) => `default/${k}`) },
          });
          store.apply(b);
          direct = reduceBatch(direct, b);
          if (frameNow) pacing.run((wall += took));
        });
        for (let i = 0; i < 100 && pacing.waiting(); i++) pacing.run((wall += 1000));
        const view = (s: typeof direct) => [...[...s.pods.values()].map((p) => `${p.key}=${p.status}@${p.nodeName}`), ...[...s.events.values()].map((e) => `${e.key}#${e.count}`)].sort();
        expect(view(store.getState())).toEqual(view(direct));
      }),
    );
  });
});
