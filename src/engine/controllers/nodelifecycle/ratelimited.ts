// The node lifecycle controller's per-zone tainting queue (nodelifecycle/scheduler.RateLimitedTimedQueue): a
// unique FIFO of node names, drained no faster than a token bucket allows (flowcontrol.NewTokenBucketRateLimiter,
// as golang.org/x/time/rate: starts full, refills at qps up to burst). A qps of 0 never accepts.

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(readonly qps: number, private readonly burst: number, now: number) {
    this.tokens = burst;
    this.last = now;
  }

  tryAccept(now: number): boolean {
    if (this.qps <= 0) return false;
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** When the next token will be there (Infinity when the bucket never refills). */
  nextTokenAt(now: number): number {
    if (this.qps <= 0) return Infinity;
    this.refill(now);
    return this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) / this.qps) * 1000);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
    this.last = now;
  }
}

/** EvictionRateLimiterBurst. */
export const EVICTION_RATE_LIMITER_BURST = 1;

interface TimedValue { value: string; uid: string; processAt: number }

export class RateLimitedTimedQueue {
  private queue: TimedValue[] = [];
  /** Values added and not yet Remove()d: a processed value stays here so that it is not added again. */
  private readonly set = new Set<string>();

  constructor(private limiter: TokenBucket) {}

  get qps(): number { return this.limiter.qps; }
  get length(): number { return this.queue.length; }

  /** Add a value unless it was added before and not removed; true when added. */
  add(value: string, uid: string, now: number): boolean {
    if (this.set.has(value)) return false;
    this.set.add(value);
    this.queue.push({ value, uid, processAt: now });
    this.sort();
    return true;
  }

  /** Forget the value entirely, so that it can be added again. */
  remove(value: string): boolean {
    if (!this.set.delete(value)) return false;
    this.queue = this.queue.filter((v) => v.value !== value);
    return true;
  }

  /**
   * Try: process due values in order while the limiter allows. fn returns true when done with the value,
   * or false and a retry delay.
   */
  try(now: number, fn: (value: string, uid: string) => { done: true } | { done: false; retryMs: number }): void {
    while (this.queue.length) {
      const head = this.queue[0];
      if (!this.limiter.tryAccept(now)) return;
      if (now < head.processAt) return;
      const r = fn(head.value, head.uid);
      this.queue.shift();
      if (!r.done) {
        this.queue.push({ ...head, processAt: now + r.retryMs + 1 });
        this.sort();
      }
    }
  }

  /** When the next value could be processed (Infinity when nothing waits or the limiter never accepts). */
  nextAt(now: number): number {
    if (!this.queue.length) return Infinity;
    return Math.max(this.queue[0].processAt, this.limiter.nextTokenAt(now));
  }

  /** SwapLimiter: a new rate; a bucket that is currently empty hands its emptiness on. */
  swapLimiter(qps: number, now: number): void {
    if (this.limiter.qps === qps) return;
    const next = new TokenBucket(qps, EVICTION_RATE_LIMITER_BURST, now);
    if (qps > 0 && !this.limiter.tryAccept(now)) next.tryAccept(now);
    this.limiter = next;
  }

  private sort(): void {
    this.queue.sort((a, b) => a.processAt - b.processAt);
  }
}
