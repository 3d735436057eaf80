// client-go's EventCorrelator (tools/record/events_cache.go), in the order it runs:
// 1. aggregate: more than 10 distinct messages for the same (source, object, type, reason) within 10 minutes
//    become one event "(combined from similar events): <latest message>";
// 2. observe (the eventLogger): a repeat of the same key bumps the existing Event's count instead of creating a
//    new one;
// 3. spam filter: a token bucket per (source, object) — burst 25, refilled one token per 5 minutes.
// The three caches are kept per (source, object) so that the long source+object part of every key is stored once
// per object rather than once per key and cache (150,000 pods make 750,000 events). Upstream each cache is an LRU
// of maxLruCacheEntries (4096) keys; here the least recently used objects beyond 4096 are forgotten.
// Simplification: pairs are told apart by the object's uid (the joined reference when it has none), not by the
// joined reference; kind, namespace, name and apiVersion never change for one uid.
// Simplification: the LRU bound counts (source, object) pairs, not the keys of each cache, so an object's
// aggregation, dedupe and spam state are forgotten together.
import type { ObjectReference } from 'kubernetes-types/core/v1';
import { flat } from '../api/flat.ts';
import type { SimClock } from '../sim/clock.ts';

export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const SPAM_BURST = 25;
export const SPAM_REFILL_MS = 300_000; // qps 1/300
/** maxLruCacheEntries: how many (source, object) pairs the correlator remembers. */
export const MAX_LRU_CACHE_ENTRIES = 4096;

/** The involved object as the correlator tells objects apart. */
export interface CorrelatedObject { kind?: string; apiVersion?: string; metadata: { namespace?: string; name?: string; uid?: string } }

/**
 * The Event an earlier occurrence was written as: the stored Event itself, as created, rather than a record of
 * its name, message and fieldPath (a kubelet keeps one per Event of each of its pods; a record took 56 bytes).
 * Those never change: a count bump stores a new version, and this one then lives on here alone until forgotten.
 */
export interface LoggedEvent {
  readonly metadata: { readonly namespace?: string; readonly name?: string };
  readonly message?: string;
  readonly involvedObject: { readonly fieldPath?: string };
}

/**
 * What correlate decided: the correlator's one result object, overwritten by its next correlate (one a call was
 * 150,000 short-lived objects for as many pods). Pass state, key and fieldPath to remember() once the Event is written.
 */
export interface Correlation {
  skip: boolean;
  /** The message to record (possibly combined). */
  message: string;
  /** The Event to bump instead of creating one, if an earlier occurrence was written. */
  existing: LoggedEvent | undefined;
  /** The correlated object's state, where the recorder keeps its last involved-object reference. */
  object: ReferenceSlot;
  state: ReasonState;
  fieldPath: string;
  key: string | undefined;
}

/** Where a recorder keeps the involved-object reference it wrote last for a (source, object) pair. */
export interface ReferenceSlot { ref: ObjectReference | undefined }

/** One (type, reason) of an object: the aggregator's distinct messages and the eventLogger's Events written. */
export interface ReasonState {
  type: string;
  reason: string;
  /**
   * The distinct messages seen within the aggregation interval, at most AGGREGATE_MAX_EVENTS: at that many the
   * reason is combined for the rest of the interval, so further messages would change nothing.
   */
  messages: Few<string>;
  last: number;
  /** The Events written with their occurrence's message, told apart by message and fieldPath. */
  logged: Few<LoggedEvent>;
  /** The Event written with the combined message (fieldPath ''). */
  combined: LoggedEvent | undefined;
  /** The object's next reason: its reasons are a list, with no array grown by a copy for each new reason. */
  next: ReasonState | undefined;
}

/**
 * A list that most often holds one item (a pod's reasons each see one message and write one Event): kept as the
 * item itself, as an array from two items on, and undefined when empty. A kubelet keeps four reasons for each of
 * its pods, so the two one-item arrays per reason add up to about 400 bytes a pod.
 */
type Few<T> = T | T[] | undefined;

function fewCount<T>(f: Few<T>): number {
  return f === undefined ? 0 : Array.isArray(f) ? f.length : 1;
}

// The searches below take what they compare rather than a callback: a callback closing over the event's message
// would be allocated on every event (correlate runs once per Event written, 150,000 times for as many pods).

/** messages with text added after the others, unless it is there. */
function withMessage(f: Few<string>, text: string): Few<string> {
  if (f === undefined) return text;
  if (!Array.isArray(f)) return f === text ? f : [f, text];
  return f.includes(text) ? f : append(f, text);
}

function isFor(l: LoggedEvent, message: string, fieldPath: string): boolean {
  return l.message === message && (l.involvedObject.fieldPath ?? '') === fieldPath;
}

/** The Event written for (message, fieldPath), if any. */
function findLogged(f: Few<LoggedEvent>, message: string, fieldPath: string): LoggedEvent | undefined {
  if (f === undefined) return undefined;
  if (!Array.isArray(f)) return isFor(f, message, fieldPath) ? f : undefined;
  for (let i = 0; i < f.length; i++) if (isFor(f[i], message, fieldPath)) return f[i];
  return undefined;
}

/** f with entry replacing the one for the same (message, fieldPath), or added after the others. */
function withLogged(f: Few<LoggedEvent>, entry: LoggedEvent, message: string, fieldPath: string): Few<LoggedEvent> {
  if (f === undefined) return entry;
  if (!Array.isArray(f)) return isFor(f, message, fieldPath) ? entry : [f, entry];
  for (let i = 0; i < f.length; i++) {
    if (isFor(f[i], message, fieldPath)) {
      f[i] = entry;
      return f;
    }
  }
  return append(f, entry);
}

function fewFilter<T>(f: Few<T>, keep: (x: T) => boolean): Few<T> {
  if (f === undefined) return undefined;
  if (!Array.isArray(f)) return keep(f) ? f : undefined;
  const kept = f.filter(keep);
  return kept.length === 0 ? undefined : kept.length === 1 ? kept[0] : kept;
}

/**
 * Everything the correlator keeps about one (source, object). Small lists searched in order rather than maps
 * with joined string keys: an object has a handful of reasons, and 150,000 pods' kubelets keep one of these each.
 */
interface ObjectState extends ReferenceSlot {
  /** The spam filter's token bucket. */
  tokens: number;
  last: number;
  /** The first of the object's reasons (the newest; a kubelet's four reasons for a pod took 272 bytes of arrays). */
  reasons: ReasonState | undefined;
  /** Where the state is filed (its source's map, its key there) and its neighbours in the LRU list. */
  bySource: Map<string, ObjectState>;
  key: string;
  older: ObjectState | undefined;
  newer: ObjectState | undefined;
}

/**
 * The (source, object) pairs are filed per source, by the object's uid: no key is built per event from the
 * source's and the object's names (the uid is the stored object's own string, hashed once). The pairs form one
 * list from least to most recently used, for the LRU bound.
 * Upstream keys by the joined reference (kind, namespace, name, uid, apiVersion); the uid alone tells the same
 * objects apart, since the others never change for one uid. An object without a uid is keyed by the rest.
 */
export class EventCorrelator {
  private readonly sources = new Map<string, Map<string, ObjectState>>();
  private size = 0;
  private oldest: ObjectState | undefined;
  private newest: ObjectState | undefined;
  private readonly result: Correlation = { skip: false, message: '', existing: undefined, object: { ref: undefined }, state: undefined as unknown as ReasonState, fieldPath: '', key: undefined };

  constructor(private readonly clock: SimClock) {}

  /** `source`: the source's component and host, joined (EventRecorder.forSource builds it once). */
  correlate(source: string, obj: CorrelatedObject, type: string, reason: string, fieldPath: string, message: string): Correlation {
    const now = this.clock.now();
    const m = obj.metadata;
    const st = this.touch(source, m.uid || `${obj.kind ?? ''}\u0000${m.namespace ?? ''}\u0000${m.name ?? ''}\u0000${obj.apiVersion ?? ''}`, now);
    const r = findReason(st.reasons, type, reason) ?? addReason(st, type, reason, now);
    if (now - r.last > AGGREGATE_INTERVAL_MS) r.messages = undefined;
    r.last = now;
    const text = flat(message);
    if (fewCount(r.messages) < AGGREGATE_MAX_EVENTS) r.messages = withMessage(r.messages, text);
    const combined = fewCount(r.messages) >= AGGREGATE_MAX_EVENTS;
    const key = combined ? undefined : text;
    const fp = combined ? '' : fieldPath;
    const c = this.result;
    c.skip = !take(st, now);
    c.message = combined ? `(combined from similar events): ${text}` : text;
    c.existing = key === undefined ? r.combined : findLogged(r.logged, key, fp);
    c.object = st;
    c.state = r;
    c.fieldPath = fp;
    c.key = key;
    return c;
  }

  /**
   * Remember the Event an occurrence was written as (the next repeat bumps it): the stored Event, as created.
   * state, key and fieldPath: the Correlation's, read before the write (whose watchers might record again).
   */
  remember(state: ReasonState, key: string | undefined, fieldPath: string, ev: LoggedEvent): void {
    if (key === undefined) state.combined = ev;
    else state.logged = withLogged(state.logged, ev, key, fieldPath);
  }

  /**
   * Forget state older than the aggregation interval, logged Events that no longer exist, and objects left with
   * a full bucket and nothing else (bounded memory, like the LRU).
   */
  prune(exists: (e: LoggedEvent) => boolean): void {
    const now = this.clock.now();
    for (let st = this.oldest; st; ) {
      const next = st.newer;
      let kept: ReasonState | undefined;
      for (let r = st.reasons; r; r = r.next) {
        if (now - r.last > AGGREGATE_INTERVAL_MS) r.messages = undefined;
        r.logged = fewFilter(r.logged, exists);
        if (r.combined && !exists(r.combined)) r.combined = undefined;
        if (r.messages === undefined && r.logged === undefined && r.combined === undefined) {
          if (kept) kept.next = r.next; else st.reasons = r.next;
        } else kept = r;
      }
      // A full bucket is the same as a new one, so it can go with the rest.
      const full = st.tokens + Math.floor((now - st.last) / SPAM_REFILL_MS) >= SPAM_BURST;
      if (full && !st.reasons) this.forget(st);
      st = next;
    }
  }

  /** The pair's state, now the most recently used; beyond MAX_LRU_CACHE_ENTRIES the least recently used goes. */
  private touch(source: string, key: string, now: number): ObjectState {
    let bySource = this.sources.get(source);
    if (!bySource) this.sources.set(source, (bySource = new Map()));
    let st = bySource.get(key);
    if (st) {
      if (st === this.newest) return st;
      this.unlink(st);
    } else {
      st = { tokens: SPAM_BURST, last: now, reasons: undefined, bySource, key, older: undefined, newer: undefined, ref: undefined };
      bySource.set(key, st);
      this.size++;
    }
    st.older = this.newest;
    if (this.newest) this.newest.newer = st; else this.oldest = st;
    this.newest = st;
    if (this.size > MAX_LRU_CACHE_ENTRIES) this.forget(this.oldest!);
    return st;
  }

  private forget(st: ObjectState): void {
    this.unlink(st);
    st.bySource.delete(st.key);
    this.size--;
  }

  private unlink(st: ObjectState): void {
    if (st.older) st.older.newer = st.newer; else this.oldest = st.newer;
    if (st.newer) st.newer.older = st.older; else this.newest = st.older;
    st.older = st.newer = undefined;
  }
}

function findReason(first: ReasonState | undefined, type: string, reason: string): ReasonState | undefined {
  for (let r = first; r; r = r.next) if (r.type === type && r.reason === reason) return r;
  return undefined;
}

function addReason(st: ObjectState, type: string, reason: string, now: number): ReasonState {
  const r: ReasonState = { type, reason, messages: undefined, last: now, logged: undefined, combined: undefined, next: st.reasons };
  st.reasons = r;
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
