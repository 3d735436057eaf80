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
import { flat } from '../api/flat.ts';
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

/** One (type, reason) of an object: the aggregator's distinct messages and the eventLogger's Events written. */
interface ReasonState {
  type: string;
  reason: string;
  /**
   * The distinct messages seen within the aggregation interval, at most AGGREGATE_MAX_EVENTS: at that many the
   * reason is combined for the rest of the interval, so further messages would change nothing.
   */
  messages: string[];
  last: number;
  /** The Events written, by fieldPath and message (message undefined: the combined Event). */
  logged: LoggedEntry[];
}

interface LoggedEntry extends LoggedEvent { fieldPath: string; message: string | undefined }

/**
 * Everything the correlator keeps about one (source, object). Small arrays searched in order rather than maps
 * with joined string keys: an object has a handful of reasons, and 150,000 pods' kubelets keep one of these each.
 * The arrays grow by copying (see `append`), so each is exactly as long as it needs to be.
 */
interface ObjectState {
  /** The spam filter's token bucket. */
  tokens: number;
  last: number;
  reasons: ReasonState[];
}

export class EventCorrelator {
  private readonly objects = new Map<string, ObjectState>();
  /**
   * The least recently used end of `objects`, kept between calls: every entry it has passed was deleted, so its
   * next key is the oldest live one. A fresh keys().next() would step over all the holes that deletions left at
   * the front of the Map each time (thousands per call until the Map compacts).
   */
  private oldest: MapIterator<string> | undefined;

  constructor(private readonly clock: SimClock) {}

  correlate(e: CorrelatorInput): CorrelatorResult {
    const now = this.clock.now();
    let st = this.objects.get(e.spamKey);
    // Map order is the LRU order: a used object moves to the end, the first one is the least recently used.
    if (st) this.objects.delete(e.spamKey);
    else st = { tokens: SPAM_BURST, last: now, reasons: [] };
    this.objects.set(e.spamKey, st);
    if (this.objects.size > MAX_LRU_CACHE_ENTRIES) this.objects.delete((this.oldest ??= this.objects.keys()).next().value!);
    const r = st.reasons.find((x) => x.type === e.type && x.reason === e.reason) ?? addReason(st, e.type, e.reason, now);
    if (now - r.last > AGGREGATE_INTERVAL_MS) r.messages = [];
    r.last = now;
    const text = flat(e.message);
    if (r.messages.length < AGGREGATE_MAX_EVENTS && !r.messages.includes(text)) r.messages = append(r.messages, text);
    const combined = r.messages.length >= AGGREGATE_MAX_EVENTS;
    const message = combined ? `(combined from similar events): ${text}` : text;
    const fieldPath = combined ? '' : e.fieldPath;
    const key = combined ? undefined : text;
    const existing = r.logged.find((l) => l.message === key && l.fieldPath === fieldPath);
    return {
      skip: !take(st, now), message, existing,
      remember: (ev) => {
        const entry = { namespace: ev.namespace, name: ev.name, fieldPath, message: key };
        const i = r.logged.findIndex((l) => l.message === key && l.fieldPath === fieldPath);
        if (i >= 0) r.logged[i] = entry; else r.logged = append(r.logged, entry);
      },
    };
  }

  /**
   * Forget state older than the aggregation interval, logged Events that no longer exist, and objects left with
   * a full bucket and nothing else (bounded memory, like the LRU).
   */
  prune(exists: (e: LoggedEvent) => boolean): void {
    const now = this.clock.now();
    for (const [k, st] of this.objects) {
      for (const r of st.reasons) {
        if (now - r.last > AGGREGATE_INTERVAL_MS) r.messages = [];
        r.logged = r.logged.filter(exists);
      }
      st.reasons = st.reasons.filter((r) => r.messages.length || r.logged.length);
      // A full bucket is the same as a new one, so it can go with the rest.
      const full = st.tokens + Math.floor((now - st.last) / SPAM_REFILL_MS) >= SPAM_BURST;
      if (full && !st.reasons.length) this.objects.delete(k);
    }
  }
}

function addReason(st: ObjectState, type: string, reason: string, now: number): ReasonState {
  const r: ReasonState = { type, reason, messages: [], last: now, logged: [] };
  st.reasons = append(st.reasons, r);
  return r;
}

/** A copy with one more element: an array grown by push keeps room for about sixteen more. */
function append<T>(a: T[], v: T): T[] {
  const out = new Array<T>(a.length + 1);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  out[a.length] = v;
  return out;
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
