// The page's copy of the cluster views, kept by applying the worker's batches. Each collection is a view
// (mapView.ts) replaced only when it changes, so components re-render only for what they show. Batches are
// published once per frame, pod changes within a budget (feedPacer.ts), Events at most every EVENTS_EVERY_MS.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ClockView, EventView, NodeView, PersistView, PodView, ViewBatch } from '../../worker/protocol.ts';
import { MapView } from './mapView.ts';
import { browserPacing, EVENTS_EVERY_MS, INITIAL_BUDGET, nextBudget, PendingDelta, restAfter, type Pacing } from './feedPacer.ts';

export interface ClusterViewState {
  pods: MapView<PodView>;
  nodes: MapView<NodeView>;
  events: MapView<EventView>;
  clock: ClockView;
  persist: PersistView;
  /** A first (reset) batch has arrived. */
  ready: boolean;
  seq: number;
}

/** A state of its own: its maps change in place, so no two stores may share them. */
export function initialState(): ClusterViewState {
  return {
    pods: new MapView(),
    nodes: new MapView(),
    events: new MapView(),
    clock: { nowMs: 0, startMs: 0, playing: false, speed: 1 },
    persist: { savedAt: 0, dirty: false },
    ready: false,
    seq: 0,
  };
}

function sameClock(a: ClockView, b: ClockView): boolean {
  return a.nowMs === b.nowMs && a.startMs === b.startMs && a.playing === b.playing && a.speed === b.speed && a.liveMs === b.liveMs;
}

/** The state after batch `b`: `state`'s maps change in place and the changed collections get new views. */
export function reduceBatch(state: ClusterViewState, b: ViewBatch): ClusterViewState {
  return {
    pods: state.pods.apply(b.pods, (p) => p.key, b.reset),
    nodes: state.nodes.apply(b.nodes, (n) => n.name, b.reset),
    events: state.events.apply(b.events, (e) => e.key, b.reset),
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
  /** Frames that published something. */
  frames?: number;
}

declare global {
  var __kubesimFeedStats: FeedStats | undefined;
}

export class ClusterViewStore {
  private state: ClusterViewState = initialState();
  private readonly listeners = new Set<() => void>();
  // A pod's card is its node's (or the unscheduled lane); a deleted pod's is the node it was drawn on.
  private readonly pods = new PendingDelta<PodView>((p) => p.key, (key, p) => (p ?? this.state.pods.get(key))?.nodeName ?? '');
  private readonly nodes = new PendingDelta<NodeView>((n) => n.name);
  private readonly events = new PendingDelta<EventView>((e) => e.key);
  private latest: ViewBatch | undefined;
  /** The batch whose clock the page shows: a frame with nothing new since publishes nothing. */
  private published: ViewBatch | undefined;
  /** When Events were last published. */
  private eventsAt = -Infinity;
  private scheduled = false;
  /**
   * A frame's pod changes are still being drawn, or the feed rests after them (FEED_SHARE): the next frame waits, so
   * the page draws at most one frame's budget at a time and the other threads (the worker, raster, the compositor)
   * and the page's other work get their turn.
   */
  private drawing = false;
  private budget = INITIAL_BUDGET;

  constructor(private readonly pacing: Pacing = browserPacing) {}

  getState = (): ClusterViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A reset replaces everything at once; other batches wait for the next frame. */
  apply = (batch: ViewBatch): void => {
    const stats = globalThis.__kubesimFeedStats;
    const t0 = stats ? performance.now() : 0;
    if (batch.reset) {
      for (const pending of [this.pods, this.nodes, this.events]) pending.clear();
      this.latest = undefined;
      this.published = batch;
      this.eventsAt = this.pacing.now();
      this.publish(reduceBatch(this.state, batch));
    } else {
      this.pods.add(batch.pods);
      this.nodes.add(batch.nodes);
      this.events.add(batch.events);
      this.latest = batch;
      this.schedule();
    }
    if (stats) {
      stats.batches = (stats.batches ?? 0) + 1;
      stats.upserts = (stats.upserts ?? 0) + batch.pods.upserts.length + batch.pods.deletes.length;
      stats.reduceMs = (stats.reduceMs ?? 0) + performance.now() - t0;
    }
  };

  private schedule(): void {
    if (this.scheduled || this.drawing) return;
    this.scheduled = true;
    this.pacing.frame(this.frame);
  }

  private readonly frame = (): void => {
    this.scheduled = false;
    const latest = this.latest;
    if (!latest) return;
    const stats = globalThis.__kubesimFeedStats;
    const t0 = stats ? performance.now() : 0;
    const now = this.pacing.now();
    const pods = this.pods.take(this.budget);
    if (pods.upserts.length || pods.deletes.length) {
      // A frame that took the whole budget says by how long it took to draw what the next one may take; any frame
      // with pod changes, by how long the feed rests before the next (FEED_SHARE).
      const limited = this.pods.size > 0;
      this.drawing = true;
      this.pacing.rendered((drawMs) => {
        if (limited) this.budget = nextBudget(this.budget, drawMs);
        const rest = restAfter(drawMs);
        if (rest > 0) this.pacing.after(rest, this.rested);
        else this.rested();
      });
    }
    const eventsDue = this.events.size > 0 && now - this.eventsAt >= EVENTS_EVERY_MS;
    if (eventsDue) this.eventsAt = now;
    const events = this.events.take(eventsDue ? Infinity : 0);
    const nodes = this.nodes.take(Infinity);
    const batch: ViewBatch = { ...latest, reset: false, pods, nodes, events };
    if (this.pods.size > 0 || this.events.size > 0) this.schedule();
    else this.latest = undefined;
    if (latest === this.published && [pods, nodes, events].every((d) => d.upserts.length === 0 && d.deletes.length === 0)) return;
    this.published = latest;
    this.publish(reduceBatch(this.state, batch));
    if (stats) {
      stats.frames = (stats.frames ?? 0) + 1;
      stats.reduceMs = (stats.reduceMs ?? 0) + performance.now() - t0;
    }
  };

  private readonly rested = (): void => {
    this.drawing = false;
    if (this.latest) this.schedule();
  };

  private publish(state: ClusterViewState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }
}

export function useClusterView<T>(store: ClusterViewStore, select: (s: ClusterViewState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/**
 * useClusterView, but the component hears of changes at most once per `ms` of wall time (the latest value always
 * lands): for what may lag a little, such as the Events pane's ages, which at 100x change with every frame.
 */
export function useClusterViewEvery<T>(store: ClusterViewStore, select: (s: ClusterViewState) => T, ms: number): T {
  const latest = useRef({ select, value: select(store.getState()), at: -Infinity, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  latest.current.select = select;
  const subscribe = useCallback((listener: () => void) => {
    const s = latest.current;
    const land = () => {
      s.timer = undefined;
      s.at = browserPacing.now();
      s.value = s.select(store.getState());
      listener();
    };
    const unsubscribe = store.subscribe(() => {
      if (s.timer !== undefined) return;
      const wait = s.at + ms - browserPacing.now();
      if (wait <= 0) land();
      else s.timer = setTimeout(land, wait);
    });
    // A change between the first render and this subscription.
    if (!Object.is(s.select(store.getState()), s.value)) land();
    return () => {
      unsubscribe();
      clearTimeout(s.timer);
      s.timer = undefined;
    };
  }, [store, ms]);
  return useSyncExternalStore(subscribe, () => latest.current.value);
}
