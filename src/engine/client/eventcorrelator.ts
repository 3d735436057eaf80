// client-go's EventCorrelator (tools/record/events_cache.go), in the order it runs:
// 1. aggregate: more than 10 distinct messages for the same (source, object, type, reason) within 10 minutes
//    become one event "(combined from similar events): <latest message>";
// 2. observe (the eventLogger): a repeat of the same key bumps the existing Event's count instead of creating a
//    new one;
// 3. spam filter: a token bucket per (source, object) — burst 25, refilled one token per 5 minutes.
// The three caches are kept per (source, object) so that the long source+object part of every key is stored once
// per object rather than once per key and cache (150,000 pods make 750,000 events). Upstream each cache is an LRU
// of maxLruCacheEntries (4096) keys; here the least recently used objects beyond 4096 are forgotten.
// Simplification: the LRU bound counts (source, object) pairs, not the keys of each cache, so an object's
// aggregation, dedupe and spam state are forgotten together.
import type { SimClock } from '../sim/clock.ts';

export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const SPAM_BURST = 25;
export const SPAM_REFILL_MS = 300_000; // qps 1/300
/** maxLruCacheEntries: how many (source, object) pairs the correlator remembers. */
export const MAX_LRU_CACHE_ENTRIES = 4096;

export interface CorrelatorInput {
  /** source.component, source.host, involvedObject kind/namespace/name/uid/apiVersion, joined. */
  spamKey: string;
  type: string;
  reason: string;
  fieldPath: string;
  message: string;
}

/** The Event an earlier occurrence was written as. */
export interface LoggedEvent { namespace: string; name: string }

export interface CorrelatorResult {
  skip: boolean;
  /** The message to record (possibly combined). */
  message: string;
  /** The Event to bump instead of creating one, if an earlier occurrence was written. */
  existing: LoggedEvent | undefined;
  /** Remember the Event this occurrence was written as (the next repeat bumps it). */
  remember(e: LoggedEvent): void;
}

interface Aggregate { messages: Set<string>; last: number }

/** Everything the correlator keeps about one (source, object). */
interface ObjectState {
  /** The spam filter's token bucket. */
  tokens: number;
  last: number;
  /** type + reason → the distinct messages seen (the aggregator). */
  aggregates: Map<string, Aggregate>;
  /** type + reason [+ fieldPath + message] → the Event written (the eventLogger). */
  logged: Map<string, LoggedEvent>;
}

export class EventCorrelator {
  private readonly objects = new Map<string, ObjectState>();

  constructor(private readonly clock: SimClock) {}

  correlate(e: CorrelatorInput): CorrelatorResult {
    const now = this.clock.now();
    let st = this.objects.get(e.spamKey);
    // Map order is the LRU order: a used object moves to the end, the first one is the least recently used.
    if (st) this.objects.delete(e.spamKey);
    else st = { tokens: SPAM_BURST, last: now, aggregates: new Map(), logged: new Map() };
    this.objects.set(e.spamKey, st);
    if (this.objects.size > MAX_LRU_CACHE_ENTRIES) this.objects.delete(this.objects.keys().next().value!);
    const aggregateKey = `${e.type}\u0000${e.reason}`;
    let agg = st.aggregates.get(aggregateKey);
    if (!agg || now - agg.last > AGGREGATE_INTERVAL_MS) st.aggregates.set(aggregateKey, (agg = { messages: new Set(), last: now }));
    agg.last = now;
    agg.messages.add(e.message);
    const combined = agg.messages.size >= AGGREGATE_MAX_EVENTS;
    const message = combined ? `(combined from similar events): ${e.message}` : e.message;
    const dedupeKey = combined ? aggregateKey : `${aggregateKey}\u0000${e.fieldPath}\u0000${e.message}`;
    const logged = st.logged;
    return { skip: !take(st, now), message, existing: logged.get(dedupeKey), remember: (ev) => logged.set(dedupeKey, ev) };
  }

  /**
   * Forget state older than the aggregation interval, logged Events that no longer exist, and objects left with
   * a full bucket and nothing else (bounded memory, like the LRU).
   */
  prune(exists: (e: LoggedEvent) => boolean): void {
    const now = this.clock.now();
    for (const [k, st] of this.objects) {
      for (const [a, agg] of st.aggregates) if (now - agg.last > AGGREGATE_INTERVAL_MS) st.aggregates.delete(a);
      for (const [d, ev] of st.logged) if (!exists(ev)) st.logged.delete(d);
      // A full bucket is the same as a new one, so it can go with the rest.
      const full = st.tokens + Math.floor((now - st.last) / SPAM_REFILL_MS) >= SPAM_BURST;
      if (full && !st.aggregates.size && !st.logged.size) this.objects.delete(k);
    }
  }
}

function take(b: ObjectState, now: number): boolean {
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
