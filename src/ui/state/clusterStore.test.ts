import { describe, expect, it } from 'vitest';
import { ClusterViewStore, NOTIFY_MS, type NotifyClock } from './clusterStore.ts';
import type { ViewBatch } from '../../worker/protocol.ts';

/** A manual clock: `later` callbacks run when time is moved past them. */
function manualClock() {
  let now = 0;
  let queue: { at: number; fn: () => void }[] = [];
  const clock: NotifyClock = { now: () => now, later: (fn, ms) => void queue.push({ at: now + ms, fn }) };
  const advance = (ms: number) => {
    now += ms;
    const due = queue.filter((q) => q.at <= now);
    queue = queue.filter((q) => q.at > now);
    for (const q of due) q.fn();
  };
  return { clock, advance };
}

function batch(seq: number, pods: string[], reset = false): ViewBatch {
  const pod = (name: string) => ({ key: `default/${name}`, name }) as unknown as ViewBatch['pods']['upserts'][number];
  return {
    seq, reset,
    pods: { upserts: pods.map(pod), deletes: [] },
    nodes: { upserts: [], deletes: [] },
    events: { upserts: [], deletes: [] },
    clock: { nowMs: seq, startMs: 0, playing: true, speed: 100 },
    persist: { savedAt: 0, dirty: false },
  };
}

describe('ClusterViewStore', () => {
  it('takes every batch but tells its readers at most every NOTIFY_MS, with the latest state', () => {
    const { clock, advance } = manualClock();
    const store = new ClusterViewStore(clock);
    let notified = 0;
    store.subscribe(() => notified++);
    store.apply(batch(1, ['a'], true));
    expect(store.getState().ready).toBe(false); // not yet published
    advance(0);
    expect(notified).toBe(1);
    expect(store.getState().seq).toBe(1);
    // Three batches 50 ms apart: one notification, NOTIFY_MS after the previous one, carrying all three.
    for (const [i, name] of ['b', 'c', 'd'].entries()) {
      store.apply(batch(2 + i, [name]));
      advance(NOTIFY_MS / 3 - 1);
    }
    expect(notified).toBe(1);
    advance(3);
    expect(notified).toBe(2);
    expect(store.getState().seq).toBe(4);
    expect([...store.getState().pods.keys()]).toEqual(['default/a', 'default/b', 'default/c', 'default/d']);
    // Quiet for a while: the next batch is told at once.
    advance(1000);
    store.apply(batch(5, ['e']));
    advance(0);
    expect(notified).toBe(3);
  });
});
