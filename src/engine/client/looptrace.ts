// The control loop made visible: per controller, what its informer handlers received, what its workqueue did,
// each sync with the API reads and writes it made, in a bounded ring with virtual timestamps. Counters (syncs,
// errors, last sync) are always kept; the ring fills only while someone traces the controller, so an unwatched
// loop pays a branch per event. The drop-events fault lives here too: it swallows watch events at the
// controller's handlers, as a broken watch connection would, until the informer's resync re-delivers them.
import type { KubeObject } from '../api/object.ts';
import { objectKey } from '../api/object.ts';
import type { StoreEvent } from '../apiserver/store.ts';
import type { SimClock } from '../sim/clock.ts';
import type { EventHandlers } from './informer.ts';
import type { WorkQueue } from './workqueue.ts';

/** How many loop events a traced controller keeps. */
export const LOOP_TRACE_CAPACITY = 2000;

export type InformerOp = 'add' | 'update' | 'delete';
export type QueueOp = 'add' | 'addRateLimited' | 'addAfter' | 'get' | 'done' | 'forget';

export type LoopEventBody =
  /** A watch (or resync) delivery reached the controller's handler; `dropped` when the fault swallowed it. */
  | { type: 'informer'; kind: string; key: string; op: InformerOp; source: 'watch' | 'resync'; dropped?: boolean }
  /** The informer's periodic resync started re-delivering its cache (once per tick and kind). */
  | { type: 'resync'; kind: string; nextAt: number }
  /** delayMs: the backoff of addRateLimited (requeues: failures so far), or the delay of addAfter. */
  | { type: 'queue'; op: QueueOp; key: string; depth: number; delayMs?: number; requeues?: number }
  | { type: 'sync-start'; key: string }
  | { type: 'sync-end'; key: string; result: 'ok' | 'error'; error?: string }
  /**
   * A lister (informer cache) read during sync.
   * Simplification: the few direct API GETs a sync makes (e.g. the ReplicaSet's fresh copy before its status
   * update) are not recorded; writes are, from the API server's commits.
   */
  | { type: 'read'; key: string; verb: 'get' | 'list'; kind: string; target?: string }
  /** A write committed during sync. */
  | { type: 'write'; key: string; verb: 'create' | 'update' | 'delete'; kind: string; target: string };

export type LoopEvent = LoopEventBody & { seq: number; t: number };

export interface LoopStats {
  name: string;
  queueDepth: number;
  syncs: number;
  errors: number;
  /** Virtual ms of the last sync's end; undefined before the first. */
  lastSyncAt?: number;
  tracing: boolean;
  /** Watch events the drop-events fault still swallows. */
  pendingDrops: number;
  paused: boolean;
}

/** A pending drop-events fault (part of the cluster snapshot). */
export interface DropFault { count: number; kind?: string }

/** The tap whose sync is running: reads and writes made now belong to it (syncs never nest or interleave). */
let activeSync: { tap: LoopTap; key: string } | undefined;
type Tapper = <T extends KubeObject>(kind: string, h: EventHandlers<T>, install: (h: EventHandlers<T>) => void, resync?: ResyncSchedule) => void;
/** Wraps the handlers of the controller that is registering them now (Controller.start runs inside). */
let registering: Tapper | undefined;

/** Informers report lister reads through here; a no-op unless a traced sync is running. */
export function recordCacheRead(verb: 'get' | 'list', kind: string, target?: string): void {
  if (activeSync) activeSync.tap.record({ type: 'read', key: activeSync.key, verb, kind, target });
}

/** An index list read: its target "index=value" is built only when it is recorded (handlers list on every event). */
export function recordIndexRead(kind: string, index: string, value: string): void {
  if (activeSync) recordCacheRead('list', kind, `${index}=${value}`);
}

/**
 * Informers tap each handler registered while a controller starts, so that its deliveries can be seen and
 * dropped: `install` puts what the informer is to call in the handler's place (the handler itself while the
 * controller is neither traced nor dropping events).
 */
export function tapHandlers<T extends KubeObject>(kind: string, h: EventHandlers<T>, install: (h: EventHandlers<T>) => void, resync?: ResyncSchedule): void {
  registering?.(kind, h, install, resync);
}

/** An informer's resync: its period and the virtual time of its next tick (0 period: never). */
export interface ResyncSchedule { periodMs: number; nextAt(): number }

/** Handlers registered through a tap: as registered, wrapped, and how to put either where the informer calls it. */
interface TappedHandlers { h: EventHandlers<KubeObject>; wrapped: EventHandlers<KubeObject>; install(h: EventHandlers<KubeObject>): void }

export class LoopTap {
  syncs = 0;
  errors = 0;
  lastSyncAt: number | undefined;
  private ring: LoopEvent[] = [];
  private start = 0;
  private seq = 0;
  private tracing = false;
  private untrace: (() => void) | undefined;
  private drops: DropFault | undefined;
  private lastResync = new Map<string, number>();
  /** Informers' next resync times by kind (set by the informer, read for the resync marker). */
  readonly resyncOf = new Map<string, ResyncSchedule>();
  /** The running sync ends later (deferEnd). */
  private deferred = false;
  private readonly taps: TappedHandlers[] = [];

  constructor(readonly name: string, private readonly clock: SimClock, private readonly queue: WorkQueue) {}

  /** Run Controller.start so that the handlers it registers report to this tap. */
  registerHandlers(fn: () => void): void {
    const prev = registering;
    registering = (kind, h, install, resync) => {
      if (resync) this.resyncOf.set(kind, resync);
      const tap = { h, wrapped: this.wrap(kind, h), install } as unknown as TappedHandlers;
      this.taps.push(tap);
      this.installOne(tap);
    };
    try { fn(); } finally { registering = prev; }
  }

  get isTracing(): boolean { return this.tracing; }

  /** Start recording queue activity and sync reads/writes (`watchWrites` subscribes to the API server's commits). */
  trace(watchWrites: (h: (e: StoreEvent) => void) => () => void): void {
    if (this.tracing) return;
    this.tracing = true;
    const offQueue = this.queue.onActivity((e) => {
      const op: QueueOp = e.type === 'requeue' ? 'addRateLimited' : e.type;
      this.record({ type: 'queue', op, key: e.key, depth: e.depth, delayMs: e.delayMs, requeues: op === 'addRateLimited' ? this.queue.numRequeues(e.key) : undefined });
    });
    const offWrites = watchWrites((e) => {
      if (activeSync?.tap !== this) return;
      const deleting = e.type === 'DELETED' || (!!e.object.metadata.deletionTimestamp && !e.prevObject?.metadata.deletionTimestamp);
      const verb = e.type === 'ADDED' ? 'create' : deleting ? 'delete' : 'update';
      this.record({ type: 'write', key: activeSync.key, verb, kind: e.object.kind, target: objectKey(e.object) });
    });
    this.untrace = () => { offQueue(); offWrites(); };
    this.install();
  }

  untraceAll(): void {
    this.untrace?.();
    this.untrace = undefined;
    this.tracing = false;
    this.install();
  }

  /**
   * The wrapped handlers while the loop is traced or a drop-events fault is pending, else the handlers themselves:
   * an idle tap would only pass each delivery on (a Pod change reaches a dozen tapped handlers).
   */
  private install(): void {
    for (let i = 0; i < this.taps.length; i++) this.installOne(this.taps[i]);
  }

  private installOne(tap: TappedHandlers): void {
    tap.install(this.tracing || this.drops ? tap.wrapped : tap.h);
  }

  /** The workqueue's process function: counts the sync of key by fn and marks it as the context of reads and writes. */
  sync(key: string, fn: (key: string) => void): void {
    const prev = activeSync;
    activeSync = this.tracing ? { tap: this, key } : undefined;
    if (activeSync) this.record({ type: 'sync-start', key });
    this.deferred = false;
    try {
      fn(key);
      this.syncs++;
      if (this.tracing && !this.deferred) this.record({ type: 'sync-end', key, result: 'ok' });
    } catch (err) {
      this.syncs++;
      this.errors++;
      this.record({ type: 'sync-end', key, result: 'error', error: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      activeSync = prev;
      this.lastSyncAt = this.clock.now();
    }
  }

  /**
   * Called inside a sync whose work finishes later (a user operator's reconcile answered from a worker): the
   * sync's end is recorded by endDeferred, with the writes made then.
   */
  deferEnd(): void { this.deferred = true; }

  /** The end of a deferred sync of key: fn's writes belong to it; fn returns the error, if the reconcile failed. */
  endDeferred(key: string, fn: () => string | undefined): void {
    const prev = activeSync;
    activeSync = this.tracing ? { tap: this, key } : undefined;
    try {
      const error = fn();
      if (error !== undefined) this.errors++;
      if (this.tracing) this.record(error === undefined ? { type: 'sync-end', key, result: 'ok' } : { type: 'sync-end', key, result: 'error', error });
    } finally {
      activeSync = prev;
    }
  }

  dropEvents(fault: DropFault | undefined): void {
    this.drops = fault && fault.count > 0 ? { ...fault } : undefined;
    this.install();
  }
  get pendingDrops(): DropFault | undefined { return this.drops && { ...this.drops }; }

  /**
   * Simplification: the fault drops events at this controller's handlers only; the shared informer's cache
   * (which other controllers read too) stays current, so the cache-replaying resync can repair the miss. A real
   * broken watch would leave the cache stale until a relist. The initial list's adds are labelled "watch".
   */
  private wrap<T extends KubeObject>(kind: string, h: EventHandlers<T>): EventHandlers<T> {
    // The informer's resync re-delivers its cache as update(obj, obj); a watch update carries two versions.
    // Whether the delivery goes on to the handler (the fault swallows it otherwise); no closure per delivery.
    const passes = (op: InformerOp, obj: T, source: 'watch' | 'resync'): boolean => {
      if (source === 'watch' && this.drops && (this.drops.kind === undefined || this.drops.kind === kind)) {
        if (--this.drops.count <= 0) {
          this.drops = undefined;
          this.install();
        }
        this.record({ type: 'informer', kind, key: objectKey(obj), op, source, dropped: true }, true);
        return false;
      }
      if (this.tracing) {
        if (source === 'resync') this.markResync(kind);
        this.record({ type: 'informer', kind, key: objectKey(obj), op, source });
      }
      return true;
    };
    return {
      add: h.add && ((o) => { if (passes('add', o, 'watch')) h.add!(o); }),
      update: h.update && ((o, n) => { if (passes('update', n, o === n ? 'resync' : 'watch')) h.update!(o, n); }),
      delete: h.delete && ((o) => { if (passes('delete', o, 'watch')) h.delete!(o); }),
    };
  }

  private markResync(kind: string): void {
    const now = this.clock.now();
    if (this.lastResync.get(kind) === now) return;
    this.lastResync.set(kind, now);
    const r = this.resyncOf.get(kind);
    this.record({ type: 'resync', kind, nextAt: r ? r.nextAt() : now });
  }

  /** Append to the ring (when tracing, or `always` for what a fault did). */
  record(e: LoopEventBody, always = false): void {
    if (!this.tracing && !always) return;
    const ev = { ...e, seq: ++this.seq, t: this.clock.now() } as LoopEvent;
    if (this.ring.length < LOOP_TRACE_CAPACITY) this.ring.push(ev);
    else {
      this.ring[this.start] = ev;
      this.start = (this.start + 1) % LOOP_TRACE_CAPACITY;
    }
  }

  /** Events after `sinceSeq`, oldest first. */
  events(sinceSeq = 0): LoopEvent[] {
    const all = this.start === 0 ? this.ring : [...this.ring.slice(this.start), ...this.ring.slice(0, this.start)];
    return sinceSeq > 0 ? all.filter((e) => e.seq > sinceSeq) : [...all];
  }

  stats(paused: boolean): LoopStats {
    return {
      name: this.name, queueDepth: this.queue.depth, syncs: this.syncs, errors: this.errors, lastSyncAt: this.lastSyncAt,
      tracing: this.tracing, pendingDrops: this.drops?.count ?? 0, paused,
    };
  }
}
