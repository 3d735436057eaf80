// The page's copy of the cluster views, kept by applying the worker's batches. Each collection is an
// immutable Map replaced only when it changes, so components re-render only for what they show.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { ClockView, Delta, EventView, NodeView, PersistView, PodView, ViewBatch } from '../../worker/protocol.ts';

export interface ClusterViewState {
  pods: ReadonlyMap<string, PodView>;
  nodes: ReadonlyMap<string, NodeView>;
  events: ReadonlyMap<string, EventView>;
  clock: ClockView;
  persist: PersistView;
  /** A first (reset) batch has arrived. */
  ready: boolean;
  seq: number;
}

export const INITIAL_STATE: ClusterViewState = {
  pods: new Map(),
  nodes: new Map(),
  events: new Map(),
  clock: { nowMs: 0, startMs: 0, playing: false, speed: 1 },
  persist: { savedAt: 0, dirty: false },
  ready: false,
  seq: 0,
};

function applyDelta<T>(prev: ReadonlyMap<string, T>, delta: Delta<T>, keyOf: (v: T) => string, reset: boolean): ReadonlyMap<string, T> {
  if (!reset && delta.upserts.length === 0 && delta.deletes.length === 0) return prev;
  const next = reset ? new Map<string, T>() : new Map(prev);
  for (const k of delta.deletes) next.delete(k);
  for (const v of delta.upserts) next.set(keyOf(v), v);
  return next;
}

function sameClock(a: ClockView, b: ClockView): boolean {
  return a.nowMs === b.nowMs && a.startMs === b.startMs && a.playing === b.playing && a.speed === b.speed && a.liveMs === b.liveMs;
}

export function reduceBatch(state: ClusterViewState, b: ViewBatch): ClusterViewState {
  return {
    pods: applyDelta(state.pods, b.pods, (p) => p.key, b.reset),
    nodes: applyDelta(state.nodes, b.nodes, (n) => n.name, b.reset),
    events: applyDelta(state.events, b.events, (e) => e.key, b.reset),
    clock: sameClock(state.clock, b.clock) ? state.clock : b.clock,
    persist: state.persist.savedAt === b.persist.savedAt && state.persist.dirty === b.persist.dirty ? state.persist : b.persist,
    ready: true,
    seq: b.seq,
  };
}

/** Counters a benchmark reads (bench/page.ts sets `window.__kubesimFeedStats = {}` to turn them on). */
export interface FeedStats {
  batches?: number;
  upserts?: number;
  reduceMs?: number;
}

declare global {
  var __kubesimFeedStats: FeedStats | undefined;
}

/**
 * Batches arrive every 50 ms while the simulation runs; each notification makes React render the map, tables and
 * events synchronously (useSyncExternalStore), which at 2,000 changing pods left no frame free. The store takes
 * every batch at once but tells its readers at most every NOTIFY_MS, the latest state each time.
 */
export const NOTIFY_MS = 150;

export interface NotifyClock {
  now(): number;
  later(fn: () => void, ms: number): void;
}

const browserClock: NotifyClock = { now: () => performance.now(), later: (fn, ms) => void setTimeout(fn, ms) };

export class ClusterViewStore {
  private state: ClusterViewState = INITIAL_STATE;
  /** What readers see: the state as of the last notification. */
  private published: ClusterViewState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();
  private notifyPending = false;
  private lastNotify = -Infinity;

  constructor(private readonly clock: NotifyClock = browserClock) {}

  getState = (): ClusterViewState => this.published;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  apply = (batch: ViewBatch): void => {
    const stats = globalThis.__kubesimFeedStats;
    const t0 = stats ? performance.now() : 0;
    this.state = reduceBatch(this.state, batch);
    this.scheduleNotify();
    if (stats) {
      stats.batches = (stats.batches ?? 0) + 1;
      stats.upserts = (stats.upserts ?? 0) + batch.pods.upserts.length + batch.pods.deletes.length;
      stats.reduceMs = (stats.reduceMs ?? 0) + performance.now() - t0;
    }
  };

  private scheduleNotify(): void {
    if (this.notifyPending) return;
    this.notifyPending = true;
    this.clock.later(() => {
      this.notifyPending = false;
      this.lastNotify = this.clock.now();
      this.published = this.state;
      for (const l of this.listeners) l();
    }, Math.max(0, this.lastNotify + NOTIFY_MS - this.clock.now()));
  }
}

/**
 * A slice of the cluster views. Updates render as a transition: React renders them in slices that yield to
 * input and painting, where useSyncExternalStore would render every change in one blocking task (a rollout of
 * 2,000 pods gave ~30 tasks over 50 ms in 8 s). Components may show neighbouring batches for a moment.
 */
export function useClusterView<T>(store: ClusterViewStore, select: (s: ClusterViewState) => T): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    const update = () => startTransition(() => setValue(selectRef.current(store.getState())));
    update(); // what was published between the first render and this subscription
    return store.subscribe(update);
  }, [store]);
  return value;
}
