// The page's copy of the cluster views, kept by applying the worker's batches. Each collection is an
// immutable Map replaced only when it changes, so components re-render only for what they show.
import { useSyncExternalStore } from 'react';
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

export class ClusterViewStore {
  private state: ClusterViewState = INITIAL_STATE;
  private readonly listeners = new Set<() => void>();

  getState = (): ClusterViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  apply = (batch: ViewBatch): void => {
    const stats = globalThis.__kubesimFeedStats;
    const t0 = stats ? performance.now() : 0;
    this.state = reduceBatch(this.state, batch);
    for (const l of this.listeners) l();
    if (stats) {
      stats.batches = (stats.batches ?? 0) + 1;
      stats.upserts = (stats.upserts ?? 0) + batch.pods.upserts.length + batch.pods.deletes.length;
      stats.reduceMs = (stats.reduceMs ?? 0) + performance.now() - t0;
    }
  };
}

export function useClusterView<T>(store: ClusterViewStore, select: (s: ClusterViewState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
