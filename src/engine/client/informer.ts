// Shared informers: list, then watch from the list's resourceVersion into an indexed cache, and hand every
// change to the registered handlers. Delivery is asynchronous on the simulated clock, like a real watch.
import type { KubeObject } from '../api/object.ts';
import { objectKey } from '../api/object.ts';
import type { SimClock } from '../sim/clock.ts';
import type { Store, StoreEvent, WatchOptions } from '../apiserver/store.ts';
import { recordCacheRead, recordIndexRead, tapHandlers } from './looptrace.ts';

export interface EventHandlers<T> {
  add?(obj: T): void;
  update?(oldObj: T, newObj: T): void;
  delete?(obj: T): void;
}

/** An object's values in an index. The result is only read: index functions may hand out shared arrays. */
export type IndexFunc = (obj: KubeObject) => readonly string[];

/**
 * Index functions that read nothing but an object's spec and its metadata's labels, annotations and
 * ownerReferences (and its namespace and name, which its key fixes), marked by ignoresStatus: an update that
 * left those alone (a pod's status writes, three of its four updates) leaves their values as they were, and the
 * informer does not compute them again for it.
 */
const statusBlindFuncs = new WeakSet<IndexFunc>();
export function ignoresStatus(fn: IndexFunc): IndexFunc {
  statusBlindFuncs.add(fn);
  return fn;
}

/**
 * Whether what ignoresStatus functions read is the same in a and b. Stored objects share every subtree a write
 * left alone (apiserver/intern.ts), so identity decides: an equal copy counts as a change, which only costs the
 * work this saves.
 */
function sameSpecAndOwnership(a: KubeObject, b: KubeObject): boolean {
  const x = a.metadata, y = b.metadata;
  return (a as { spec?: unknown }).spec === (b as { spec?: unknown }).spec && x.labels === y.labels
    && x.ownerReferences === y.ownerReferences && x.annotations === y.annotations;
}

/** No values. */
export const NO_INDEX_VALUES: readonly string[] = Object.freeze([]);
const singleValues = new Map<string, readonly string[]>();
/**
 * [value], one shared array per value: an update that keeps an object's value (a pod's namespace or node on each
 * status write) is then seen by identity, and nothing is allocated. For values that are few (namespaces, nodes),
 * not one per object: the arrays are kept for good.
 */
export function indexValue(value: string): readonly string[] {
  let v = singleValues.get(value);
  if (!v) singleValues.set(value, (v = Object.freeze([value])));
  return v;
}

/**
 * Index of objects by their controller's uid; objects without a controller are under "orphan:<namespace>".
 * Workload controllers find their pods through it instead of scanning the namespace.
 */
export const CONTROLLER_INDEX = 'controller';
export const controllerIndexFunc = ignoresStatus((o: KubeObject): readonly string[] => {
  const refs = o.metadata.ownerReferences;
  if (!refs) return orphanValue(o.metadata.namespace ?? '');
  let v = controllerValues.get(refs);
  if (v) return v;
  const ref = refs.find((r) => r.controller);
  if (!ref) return orphanValue(o.metadata.namespace ?? '');
  v = [ref.uid];
  if (Object.isFrozen(refs)) controllerValues.set(refs, v);
  return v;
});
/**
 * [controller uid] per stored (frozen) owner references: a controller's pods share theirs (apiserver/intern.ts),
 * so a pod's every write finds the same array. Kept only as long as the references are.
 */
const controllerValues = new WeakMap<object, readonly string[]>();
const orphanValues = new Map<string, readonly string[]>();
function orphanValue(namespace: string): readonly string[] {
  let v = orphanValues.get(namespace);
  if (!v) orphanValues.set(namespace, (v = indexValue(`orphan:${namespace}`)));
  return v;
}

/** Every informer's index of its objects by namespace. */
const NAMESPACE_INDEX = 'namespace';
const namespaceIndexFunc = ignoresStatus((o) => (o.metadata.namespace ? indexValue(o.metadata.namespace) : NO_INDEX_VALUES));

/** DEFAULT_RESYNC: controllers' informers resync on this period unless they ask for another. */
export const DEFAULT_RESYNC_MS = 10 * 60_000;

export class Informer<T extends KubeObject = KubeObject> {
  private readonly items = new Map<string, T>();
  /** The indexes by name, and the same in registration order (put and remove walk them on every change). */
  private readonly indices = new Map<string, Index>();
  private readonly indexList: Index[] = [];
  private readonly handlers: EventHandlers<T>[] = [];
  /**
   * Each handler's functions, read when it is installed: a watch event's delivery then reads no handler property.
   * The handlers are object literals of a dozen shapes, so reading h.update on every delivery was megamorphic.
   */
  private readonly adds: (((obj: T) => void) | undefined)[] = [];
  private readonly updates: (((oldObj: T, newObj: T) => void) | undefined)[] = [];
  private readonly deletes: (((obj: T) => void) | undefined)[] = [];
  /**
   * Watch events not yet applied: the first pendingCount of pending. Two arrays take turns, each kept with its
   * length and overwritten: a new one per flush grew again by copying, to thousands of events for the Pod
   * informer, and lived long enough to be copied by the young-generation GC too.
   */
  private pending: (StoreEvent | undefined)[] = [];
  private pendingCount = 0;
  private spare: (StoreEvent | undefined)[] = [];
  private flushScheduled = false;
  private started = false;
  private synced = false;
  private stopWatch: (() => void) | undefined;
  private lastRV = 0;
  private nextResyncAt = 0;
  /** Bumped on every change of the cache's contents: sorted lists are kept until it moves. */
  private revision = 0;
  private readonly sorted = new Map<(a: T, b: T) => number, { revision: number; items: readonly T[] }>();

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    readonly kind: string,
    private readonly watchOpts: Omit<WatchOptions, 'resourceVersion'> = {},
    private readonly resyncMs = 0,
  ) {}

  /**
   * Add an index; a second registration under the same name (another controller) shares the first. The
   * "namespace" index is every informer's own.
   */
  addIndexer(name: string, fn: IndexFunc): void {
    if (!this.indices.has(name) && name !== NAMESPACE_INDEX) this.build(name, fn);
  }

  private build(name: string, fn: IndexFunc): Index {
    const index: Index = { fn, byValue: new Map(), ignoresStatus: statusBlindFuncs.has(fn) };
    this.indices.set(name, index);
    this.indexList.push(index);
    for (const [key, obj] of this.items) for (const v of fn(obj)) addTo(index.byValue, v, key);
    return index;
  }

  /**
   * The index by name. The namespace index is built when it is first asked for, then kept like the others: a
   * kubelet's informer of its own pods never lists by namespace, and kept one for nothing (a change to walk on
   * every write, an entry per pod). Built late, it lists in the same order: an object's namespace is part of its
   * key, so each key is in it from its insertion in the cache on, as it would have been all along.
   */
  private index(name: string): Index | undefined {
    return this.indices.get(name) ?? (name === NAMESPACE_INDEX ? this.build(name, namespaceIndexFunc) : undefined);
  }

  addEventHandler(handlers: EventHandlers<T>): void {
    const i = this.handlers.length;
    this.install(i, handlers);
    // A controller's handlers are tapped (loop trace, drop-events) when it registers them in start(): the tap puts
    // its wrapper in their place while it needs one. Deliveries look the handler up when they run.
    tapHandlers(this.kind, handlers, (h) => this.install(i, h), { periodMs: this.resyncMs, nextAt: () => this.nextResyncAt });
    // A handler added after start sees the current contents as adds (client-go does the same).
    if (this.synced) for (const obj of this.items.values()) this.clock.defer(() => this.handlers[i].add?.(obj));
  }

  private install(i: number, h: EventHandlers<T>): void {
    this.handlers[i] = h;
    this.adds[i] = h.add;
    this.updates[i] = h.update;
    this.deletes[i] = h.delete;
  }

  hasSynced(): boolean { return this.synced; }

  /** List then watch. The initial list is delivered to handlers as adds on the next clock step. */
  run(): void {
    if (this.started) return;
    this.started = true;
    this.relist();
    if (this.resyncMs > 0) {
      this.nextResyncAt = this.clock.now() + this.resyncMs;
      this.clock.every(this.resyncMs, () => {
        this.nextResyncAt = this.clock.now() + this.resyncMs;
        for (const obj of this.items.values()) for (const h of this.handlers) h.update?.(obj, obj);
      });
    }
  }

  stop(): void {
    this.stopWatch?.();
    this.stopWatch = undefined;
  }

  // ---- lister ----

  get(key: string): T | undefined { recordCacheRead('get', this.kind, key); return this.items.get(key); }
  getByName(namespace: string | undefined, name: string): T | undefined {
    const key = namespace ? `${namespace}/${name}` : name;
    recordCacheRead('get', this.kind, key);
    return this.items.get(key);
  }
  list(): T[] { recordCacheRead('list', this.kind); return [...this.items.values()]; }
  /** list() sorted by compare, shared until the cache changes (a sync over every node need not sort them again). */
  listSorted(compare: (a: T, b: T) => number): readonly T[] {
    recordCacheRead('list', this.kind);
    const memo = this.sorted.get(compare);
    if (memo?.revision === this.revision) return memo.items;
    const items = [...this.items.values()].sort(compare);
    this.sorted.set(compare, { revision: this.revision, items });
    return items;
  }
  listByIndex(index: string, value: string): T[] {
    recordIndexRead(this.kind, index, value);
    const keys = this.index(index)?.byValue.get(value);
    if (keys === undefined) return [];
    if (typeof keys === 'string') return [this.items.get(keys)!];
    // Sized at once: grown by push, a ReplicaSet's list of 1,000 pods (each of its syncs) was copied ~8 times.
    const out = new Array<T>(keys.size);
    let i = 0;
    for (const k of keys) out[i++] = this.items.get(k)!;
    return out;
  }
  /** How many objects listByIndex would return: a handler's cheap "none of mine" before it lists anything. */
  countByIndex(index: string, value: string): number {
    recordIndexRead(this.kind, index, value);
    const keys = this.index(index)?.byValue.get(value);
    return keys === undefined ? 0 : typeof keys === 'string' ? 1 : keys.size;
  }
  get size(): number { return this.items.size; }

  // ---- internals ----

  private relist(): void {
    const listed = this.store.list<T>(this.kind, { namespace: this.watchOpts.namespace })
      .filter((o) => this.watchOpts.nodeName === undefined || (o as { spec?: { nodeName?: string } }).spec?.nodeName === this.watchOpts.nodeName);
    this.lastRV = this.store.resourceVersion;
    const seen = new Set<string>();
    for (const obj of listed) {
      const key = objectKey(obj);
      seen.add(key);
      const old = this.items.get(key);
      this.put(key, obj, old);
      for (let i = 0; i < this.handlers.length; i++) this.clock.defer(() => (old ? this.handlers[i].update?.(old, obj) : this.handlers[i].add?.(obj)));
    }
    for (const [key, obj] of [...this.items]) {
      if (seen.has(key)) continue;
      this.remove(key, obj);
      for (let i = 0; i < this.handlers.length; i++) this.clock.defer(() => this.handlers[i].delete?.(obj));
    }
    this.synced = true;
    this.stopWatch = this.store.watch(this.kind, { ...this.watchOpts, resourceVersion: this.lastRV }, (e) => this.enqueue(e));
  }

  private enqueue(e: StoreEvent): void {
    this.pending[this.pendingCount++] = e;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.clock.defer(this.flushPending);
  }

  /** flush, bound once: an informer flushes after nearly every write of its kind. */
  private readonly flushPending = () => this.flush();

  private flush(): void {
    this.flushScheduled = false;
    // Events that come while the batch is applied (handlers' own writes) wait for the next flush.
    const batch = this.pending, n = this.pendingCount;
    this.pending = this.spare;
    this.pendingCount = 0;
    for (let i = 0; i < n; i++) {
      const e = batch[i]!;
      batch[i] = undefined;
      this.apply(e);
    }
    this.spare = batch;
  }

  private apply(e: StoreEvent): void {
    if (e.resourceVersion <= this.lastRV) return;
    this.lastRV = e.resourceVersion;
    const obj = e.object as T;
    const key = e.key;
    const old = this.items.get(key);
    const stillMatches = this.watchOpts.nodeName === undefined || (obj as { spec?: { nodeName?: string } }).spec?.nodeName === this.watchOpts.nodeName;
    const handlers = this.handlers;
    if (e.type === 'DELETED' || !stillMatches) {
      if (!old) return;
      this.remove(key, old);
      const deletes = this.deletes;
      for (let i = 0; i < deletes.length; i++) deletes[i]?.call(handlers[i], obj);
      return;
    }
    this.put(key, obj, old);
    if (old) {
      const updates = this.updates;
      for (let i = 0; i < updates.length; i++) updates[i]?.call(handlers[i], old, obj);
    } else {
      const adds = this.adds;
      for (let i = 0; i < adds.length; i++) adds[i]?.call(handlers[i], obj);
    }
  }

  /** `old`: what the cache holds under key now (the caller looked it up already: one lookup per change). */
  // put and unindex run for every change and index: indexed loops, since for-of over the index values (frozen,
  // shared arrays) allocated an iterator result per step (put <next>: 24 MB over 30k pods going Running).
  private put(key: string, obj: T, old: T | undefined): void {
    this.items.set(key, obj);
    this.revision++;
    const indexList = this.indexList;
    let unchanged: boolean | undefined;
    for (let i = 0; i < indexList.length; i++) {
      const { fn, byValue: idx, ignoresStatus } = indexList[i];
      if (old && ignoresStatus && (unchanged ??= sameSpecAndOwnership(old, obj))) continue;
      const values = fn(obj);
      if (old) {
        const oldValues = fn(old);
        // As client-go's updateIndices: values that did not change leave the index alone (client-go checks the
        // common case of one value; here any unchanged list, such as a pod's label pairs on a status update).
        if (sameValues(values, oldValues)) continue;
        for (let j = 0; j < oldValues.length; j++) removeFrom(idx, oldValues[j], key);
      }
      for (let j = 0; j < values.length; j++) addTo(idx, values[j], key);
    }
  }

  private remove(key: string, obj: T): void {
    this.unindex(key, obj);
    this.items.delete(key);
    this.revision++;
  }

  private unindex(key: string, obj: T): void {
    const indexList = this.indexList;
    for (let i = 0; i < indexList.length; i++) {
      const { fn, byValue } = indexList[i];
      const values = fn(obj);
      for (let j = 0; j < values.length; j++) removeFrom(byValue, values[j], key);
    }
  }
}

/**
 * The keys of the objects with each value: the one key itself while there is one, a set from the second on. Most
 * values of some indexes belong to one object each (a pod's IP): a set for each (about 150 bytes) stayed alive
 * as long as the object.
 */
type IndexKeys = string | Set<string>;
interface Index { fn: IndexFunc; byValue: Map<string, IndexKeys>; ignoresStatus: boolean }

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function removeFrom(idx: Map<string, IndexKeys>, value: string, key: string): void {
  const keys = idx.get(value);
  if (keys === undefined) return;
  if (typeof keys === 'string') {
    if (keys === key) idx.delete(value);
    return;
  }
  keys.delete(key);
  if (keys.size === 0) idx.delete(value);
}

function addTo(idx: Map<string, IndexKeys>, value: string, key: string): void {
  const keys = idx.get(value);
  if (keys === undefined) idx.set(value, key);
  else if (typeof keys !== 'string') keys.add(key);
  else if (keys !== key) idx.set(value, new Set([keys, key]));
}

/** One informer per kind (and watch options), shared by every component that asks. */
export class SharedInformerFactory {
  private readonly informers = new Map<string, Informer>();
  constructor(private readonly store: Store, private readonly clock: SimClock, private readonly resyncMs = DEFAULT_RESYNC_MS) {}

  informerFor<T extends KubeObject = KubeObject>(kind: string, opts: Omit<WatchOptions, 'resourceVersion'> = {}): Informer<T> {
    const id = `${kind}|${opts.namespace ?? ''}|${opts.nodeName ?? ''}`;
    let inf = this.informers.get(id);
    if (!inf) this.informers.set(id, (inf = new Informer(this.store, this.clock, kind, opts, opts.nodeName === undefined ? this.resyncMs : 0)));
    return inf as unknown as Informer<T>;
  }

  start(): void {
    for (const inf of this.informers.values()) inf.run();
  }
}
