// A kind's stored objects by key, in the order their keys were added: the subset of Map the store uses, with
// the same order (a key set again keeps its place; deleted and added again, it goes last).
// Why not a Map: a Map looks a key up by walking a bucket's chain and comparing the key with every candidate
// key string, one random memory read for each entry and each string; 750,000 Events are a table far beyond the
// caches, where creating one cost about 1 µs in the lookup alone (a third of store.create at 30,000 pods,
// measured). Here a lookup probes one typed array that keeps each key's hash beside its entry, and reads a
// stored key only when its hash matches.

/** Slots per key at most: a probe sequence then stays within a cache line or two. */
const LOAD = 2;

export class ObjectTable<V extends object> {
  /** The entries in insertion order; a deleted entry's value is undefined until the entries are compacted. */
  private keys: string[] = [];
  private vals: (V | undefined)[] = [];
  private live = 0;
  /** Open addressing with linear probing: per slot, a key's hash and its entry's index + 1 (0: empty). */
  private slots = new Int32Array(2 * 16);
  private mask = 15;
  /** The key hashed last and its hash: a create looks its key up, then adds it (the same string). */
  private lastKey = '';
  private lastHash = hashKey('');

  get size(): number { return this.live; }

  get(key: string): V | undefined {
    const e = this.find(key, this.hash(key));
    return e < 0 ? undefined : this.vals[e];
  }

  /**
   * The stored key "namespace/name" (or "name" without a namespace) and its value, found without building the
   * key: a write looks its object up by namespace and name, then hands the stored key on (to set and to the
   * watchers, whose maps hashed that very string when it was added).
   */
  entry(namespace: string | undefined, name: string): { key: string; value: V } | undefined {
    if (!namespace) {
      const e = this.find(name, this.hash(name));
      return e < 0 ? undefined : { key: this.keys[e], value: this.vals[e]! };
    }
    const h = this.hashIn(namespace, name);
    const s = this.slots;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const e = s[2 * i + 1] - 1;
      if (e < 0) return undefined;
      const key = this.keys[e];
      if (s[2 * i] === h && key.length === namespace.length + 1 + name.length && key.charCodeAt(namespace.length) === SLASH && key.startsWith(namespace) && key.endsWith(name)) {
        this.lastKey = key;
        this.lastHash = h;
        return { key, value: this.vals[e]! };
      }
    }
  }

  has(key: string): boolean {
    return this.find(key, this.hash(key)) >= 0;
  }

  set(key: string, value: V): void {
    const h = this.hash(key);
    const e = this.find(key, h);
    if (e >= 0) {
      this.vals[e] = value;
      return;
    }
    if (LOAD * (this.keys.length + 1) > this.mask + 1) this.resize();
    this.place(h, this.keys.length);
    this.keys.push(key);
    this.vals.push(value);
    this.live++;
  }

  delete(key: string): boolean {
    let i = this.slotOf(key, this.hash(key));
    if (i < 0) return false;
    const s = this.slots;
    const e = s[2 * i + 1] - 1;
    this.vals[e] = undefined;
    this.keys[e] = '';
    this.live--;
    // Backward-shift deletion: later slots of the probe run move up, so that no lookup stops early at the hole.
    for (let j = (i + 1) & this.mask; s[2 * j + 1] !== 0; j = (j + 1) & this.mask) {
      const home = s[2 * j] & this.mask;
      // The entry at j may fill the hole at i unless its home lies cyclically in (i, j].
      if (i <= j ? home > i && home <= j : home > i || home <= j) continue;
      s[2 * i] = s[2 * j];
      s[2 * i + 1] = s[2 * j + 1];
      i = j;
    }
    s[2 * i] = 0;
    s[2 * i + 1] = 0;
    return true;
  }

  *values(): IterableIterator<V> {
    const vals = this.vals;
    for (let e = 0; e < vals.length; e++) {
      const v = vals[e];
      if (v !== undefined) yield v;
    }
  }

  protected hash(key: string): number {
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.lastHash = hashKey(key);
    }
    return this.lastHash;
  }

  /** hash(`${namespace}/${name}`), without the string. */
  protected hashIn(namespace: string, name: string): number {
    return mix(hashChars(hashChars(hashChars(FNV_OFFSET, namespace), '/'), name));
  }

  /** The entry index of key, or -1. */
  private find(key: string, h: number): number {
    const i = this.slotOf(key, h);
    return i < 0 ? -1 : this.slots[2 * i + 1] - 1;
  }

  /** The slot of key, or -1. */
  private slotOf(key: string, h: number): number {
    const s = this.slots;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const e = s[2 * i + 1];
      if (e === 0) return -1;
      if (s[2 * i] === h && this.keys[e - 1] === key) return i;
    }
  }

  private place(h: number, e: number): void {
    const s = this.slots;
    let i = h & this.mask;
    while (s[2 * i + 1] !== 0) i = (i + 1) & this.mask;
    s[2 * i] = h;
    s[2 * i + 1] = e + 1;
  }

  /**
   * Room for more keys: deleted entries dropped, and a quarter of the slots or fewer used, so that as many keys
   * as there are live ones can be added before the next rebuild (its cost is spread over them).
   */
  private resize(): void {
    const old = this.slots;
    const oldKeys = this.keys;
    const oldVals = this.vals;
    let size = 16;
    while (size < 2 * LOAD * (this.live + 1)) size *= 2;
    const moved = new Int32Array(oldKeys.length);
    const keys: string[] = [];
    const vals: V[] = [];
    for (let e = 0; e < oldKeys.length; e++) {
      const v = oldVals[e];
      if (v === undefined) continue;
      moved[e] = keys.length + 1;
      keys.push(oldKeys[e]);
      vals.push(v);
    }
    this.keys = keys;
    this.vals = vals;
    this.slots = new Int32Array(2 * size);
    this.mask = size - 1;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.place(old[i], moved[old[i + 1] - 1] - 1);
  }
}

const FNV_OFFSET = 0x811c9dc5;
const SLASH = 47;

/** FNV-1a of the key's UTF-16 code units, with a final mix so that the low bits (the home slot) see them all. */
export function hashKey(key: string): number {
  return mix(hashChars(FNV_OFFSET, key));
}

function hashChars(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

function mix(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}
