// client-go's EventCorrelator (tools/record/events_cache.go), in the order it runs:
// 1. aggregate: more than 10 distinct messages for the same (source, object, type, reason) within 10 minutes
//    become one event "(combined from similar events): <latest message>";
// 2. observe: a repeat of the same key bumps the existing Event's count instead of creating a new one;
// 3. spam filter: a token bucket per (source, object) — burst 25, refilled one token per 5 minutes.
import type { SimClock } from '../sim/clock.ts';

export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const SPAM_BURST = 25;
export const SPAM_REFILL_MS = 300_000; // qps 1/300

export interface CorrelatorInput {
  /** source.component, source.host, involvedObject kind/namespace/name/uid/apiVersion, joined. */
  spamKey: string;
  /** The spam key plus type and reason (getEventKey without fieldPath and message). */
  aggregateKey: string;
  fieldPath: string;
  message: string;
}

export interface CorrelatorResult {
  skip: boolean;
  /** The message to record (possibly combined). */
  message: string;
  /** The key under which an existing Event is deduplicated. */
  dedupeKey: string;
}

interface Aggregate { messages: Set<string>; last: number }
interface Bucket { tokens: number; last: number }

export class EventCorrelator {
  private readonly aggregates = new Map<string, Aggregate>();
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: SimClock) {}

  correlate(e: CorrelatorInput): CorrelatorResult {
    const now = this.clock.now();
    let agg = this.aggregates.get(e.aggregateKey);
    if (!agg || now - agg.last > AGGREGATE_INTERVAL_MS) this.aggregates.set(e.aggregateKey, (agg = { messages: new Set(), last: now }));
    agg.last = now;
    agg.messages.add(e.message);
    const combined = agg.messages.size >= AGGREGATE_MAX_EVENTS;
    const message = combined ? `(combined from similar events): ${e.message}` : e.message;
    const dedupeKey = combined ? e.aggregateKey : `${e.aggregateKey}\u0000${e.fieldPath}\u0000${e.message}`;
    return { skip: !this.take(e.spamKey, now), message, dedupeKey };
  }

  private take(key: string, now: number): boolean {
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { tokens: SPAM_BURST, last: now }));
    const refill = Math.floor((now - b.last) / SPAM_REFILL_MS);
    if (refill > 0) {
      b.tokens = Math.min(SPAM_BURST, b.tokens + refill);
      b.last += refill * SPAM_REFILL_MS;
    }
    if (b.tokens <= 0) return false;
    if (b.tokens === SPAM_BURST) b.last = now;
    b.tokens--;
    return true;
  }

  /** Forget state older than the aggregation interval and full buckets (bounded memory, like the LRU). */
  prune(): void {
    const now = this.clock.now();
    for (const [k, a] of this.aggregates) if (now - a.last > AGGREGATE_INTERVAL_MS) this.aggregates.delete(k);
    for (const [k, b] of this.buckets) if (b.tokens + Math.floor((now - b.last) / SPAM_REFILL_MS) >= SPAM_BURST) this.buckets.delete(k);
  }
}
