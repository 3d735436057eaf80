// client-go's rate-limited workqueue: a key is queued once however often it is added (dirty set), never
// processed by two workers at once (processing set), and retried with per-item exponential backoff.
import type { SimClock } from '../sim/clock.ts';

export interface RateLimiter {
  when(key: string): number; // ms to wait
  forget(key: string): void;
  numRequeues(key: string): number;
}

/** ItemExponentialFailureRateLimiter: base × 2^failures, capped (controllers use 5 ms … 1000 s). */
export class ExponentialRateLimiter implements RateLimiter {
  private failures = new Map<string, number>();
  constructor(private readonly baseMs = 5, private readonly maxMs = 1_000_000) {}
  when(key: string): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    return Math.min(this.baseMs * 2 ** n, this.maxMs);
  }
  forget(key: string): void { this.failures.delete(key); }
  numRequeues(key: string): number { return this.failures.get(key) ?? 0; }
}

export type QueueActivity = 'add' | 'addAfter' | 'get' | 'done' | 'requeue' | 'forget';
export type QueueListener = (e: { type: QueueActivity; key: string; depth: number; delayMs?: number }) => void;

export class WorkQueue {
  private readonly queue: string[] = [];
  private head = 0;
  private readonly dirty = new Set<string>();
  /**
   * The key being processed now, and the keys whose sync ended but that stay busy (takes) until their done: together
   * client-go's processing set. Not one set: emptied after nearly every sync, a set shrinks, and reallocates, each time.
   */
  private current: string | undefined;
  private readonly busy = new Set<string>();
  private readonly waiting = new Map<string, number>(); // key → due time of its delayed add
  private scheduled = false;
  private paused = false;
  private listeners: QueueListener[] = [];

  constructor(
    private readonly clock: SimClock,
    /** Process one key; throw to have it retried with backoff. */
    private readonly process: (key: string) => void,
    readonly rateLimiter: RateLimiter = new ExponentialRateLimiter(),
  ) {}

  get depth(): number { return this.queue.length - this.head; }

  /** What the queue holds now: keys waiting for a worker, the one being processed, keys delayed until dueAt. */
  contents(): { queued: string[]; processing: string[]; waiting: { key: string; dueAt: number; requeues: number }[] } {
    return {
      queued: this.queue.slice(this.head),
      processing: this.current === undefined ? [...this.busy] : [...this.busy, this.current],
      waiting: [...this.waiting].map(([key, dueAt]) => ({ key, dueAt, requeues: this.rateLimiter.numRequeues(key) })),
    };
  }

  onActivity(l: QueueListener): () => void {
    this.listeners.push(l);
    return () => { this.listeners = this.listeners.filter((x) => x !== l); };
  }

  add(key: string): void {
    // One lookup, not has then add: most adds are of a key queued already (a ReplicaSet's, on each of its pods'
    // changes), and the others hash a key built for the call.
    const size = this.dirty.size;
    if (this.dirty.add(key).size === size) return;
    if (key === this.current || this.busy.has(key)) return; // re-queued when the current processing is done
    this.queue.push(key);
    this.emit('add', key);
    this.kick();
  }

  addAfter(key: string, delayMs: number): void {
    if (delayMs > 0) this.emit('addAfter', key, delayMs);
    this.delay(key, delayMs);
  }

  private delay(key: string, delayMs: number): void {
    if (delayMs <= 0) return this.add(key);
    const due = this.clock.now() + delayMs;
    const existing = this.waiting.get(key);
    if (existing !== undefined && existing <= due) return;
    this.waiting.set(key, due);
    this.clock.after(delayMs, () => {
      if (this.waiting.get(key) !== due) return;
      this.waiting.delete(key);
      this.add(key);
    });
  }

  addRateLimited(key: string): void {
    const delay = this.rateLimiter.when(key);
    this.emit('requeue', key, delay);
    this.delay(key, delay);
  }

  forget(key: string): void {
    this.rateLimiter.forget(key);
    this.emit('forget', key);
  }

  numRequeues(key: string): number { return this.rateLimiter.numRequeues(key); }

  /** Workers stop taking keys (their process is stopped); adds still queue up and are processed on resume. */
  pause(): void { this.paused = true; }
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.head < this.queue.length) this.kick();
  }
  get isPaused(): boolean { return this.paused; }

  private kick(): void {
    if (this.scheduled || this.paused) return;
    this.scheduled = true;
    this.clock.defer(this.workNext);
  }

  /** work, bound once: a queue is kicked after nearly every add and sync. */
  private readonly workNext = () => this.work();

  /**
   * Called by process: the key stays being processed for `ms` more of virtual time, the sync's own duration.
   * Adds meanwhile only mark it dirty, so a busy key is synced once per duration however often it is added,
   * as on a real controller-manager; other keys go on (upstream runs several workers).
   */
  takes(ms: number): void { this.busyMs = Math.max(this.busyMs, ms); }
  private busyMs = 0;

  /** One worker: take one key, sync it, then yield so other components interleave. */
  private work(): void {
    this.scheduled = false;
    if (this.paused || this.head >= this.queue.length) return;
    const key = this.queue[this.head++];
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.dirty.delete(key);
    this.current = key;
    this.emit('get', key);
    this.busyMs = 0;
    try {
      this.process(key);
      this.forget(key);
    } catch (err) {
      this.onError(key, err);
      this.addRateLimited(key);
    } finally {
      this.current = undefined;
      const busy = Math.round(this.busyMs);
      if (busy > 0) {
        this.busy.add(key);
        this.clock.after(busy, () => this.done(key));
      } else this.done(key);
      if (this.head < this.queue.length) this.kick();
    }
  }

  private done(key: string): void {
    this.busy.delete(key);
    this.emit('done', key);
    if (!this.dirty.has(key)) return;
    this.queue.push(key);
    this.kick();
  }

  /** Hook for the owner to record errors (utilruntime.HandleError). */
  onError: (key: string, err: unknown) => void = () => {};

  private emit(type: QueueActivity, key: string, delayMs?: number): void {
    if (this.listeners.length) for (const l of this.listeners) l({ type, key, depth: this.depth, delayMs });
  }
}
