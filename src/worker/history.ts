// The cluster's recent past, for the page's timeline: every committed change in order, plus keyframes (all
// objects at one moment) so any past moment is a keyframe and a short replay away. Objects are the store's
// own frozen values, shared between the live state, keyframes and the log, so a keyframe costs one map entry
// per object, not a copy. Bounded by age and by count. Also keeps each object's previous version (the
// drawer's "last change").
import type { KubeObject, WatchEvent } from '../engine/index.ts';

export interface ChangeRecord {
  /** Virtual ms of the change. */
  at: number;
  type: WatchEvent['type'];
  key: string;
  object: KubeObject;
}

interface Keyframe {
  at: number;
  /** Absolute index of the first change after this keyframe. */
  seq: number;
  objects: Map<string, KubeObject>;
}

export interface LastChange {
  at: number;
  type: WatchEvent['type'];
  before: KubeObject | undefined;
  after: KubeObject | undefined;
}

export interface HistoryOptions {
  /** Forget changes older than this (virtual ms). */
  keepMs?: number;
  /** Keep at most this many changes. */
  maxChanges?: number;
  /** A keyframe after this many changes … */
  keyframeEvery?: number;
  /** … or this much virtual time once keyframeEvery changes have come (a quiet cluster needs no new keyframe). */
  keyframeEveryMs?: number;
  /** Previous versions kept (the objects changed most recently). */
  maxPrevious?: number;
}

export interface HistoryStats {
  changes: number;
  keyframes: number;
  keyframeEntries: number;
  objects: number;
  previous: number;
  fromMs: number;
}

export function objectKey(kind: string, namespace: string | undefined, name: string): string {
  return `${kind}/${namespace ?? ''}/${name}`;
}

const keyOf = (o: KubeObject) => objectKey(o.kind, o.metadata?.namespace, o.metadata?.name ?? '');

export class ClusterHistory {
  private readonly keepMs: number;
  private readonly maxChanges: number;
  private readonly keyframeEvery: number;
  private readonly keyframeEveryMs: number;
  private readonly maxPrevious: number;

  private readonly live = new Map<string, KubeObject>();
  private log: ChangeRecord[] = [];
  /** Absolute index of log[0]. */
  private base = 0;
  private keyframes: Keyframe[] = [];
  private readonly previous = new Map<string, LastChange>();

  constructor(opts: HistoryOptions = {}) {
    this.keepMs = opts.keepMs ?? 30 * 60_000;
    this.maxChanges = opts.maxChanges ?? 200_000;
    this.keyframeEvery = opts.keyframeEvery ?? 2_000;
    this.keyframeEveryMs = opts.keyframeEveryMs ?? 60_000;
    this.maxPrevious = opts.maxPrevious ?? 2_000;
  }

  /** Start over from these objects at `at` (a new or restored cluster: its past is not known). */
  reset(objects: Iterable<KubeObject>, at: number): void {
    this.live.clear();
    for (const o of objects) this.live.set(keyOf(o), o);
    this.log = [];
    this.base = 0;
    this.previous.clear();
    this.keyframes = [{ at, seq: 0, objects: new Map(this.live) }];
  }

  record(e: WatchEvent, at: number): void {
    const key = keyOf(e.object);
    const before = this.live.get(key);
    if (e.type === 'DELETED') this.live.delete(key);
    else this.live.set(key, e.object);
    this.log.push({ at, type: e.type, key, object: e.object });
    this.previous.delete(key);
    this.previous.set(key, { at, type: e.type, before, after: e.type === 'DELETED' ? undefined : e.object });
    if (this.previous.size > this.maxPrevious) this.previous.delete(this.previous.keys().next().value!);
    const last = this.keyframes[this.keyframes.length - 1];
    const seq = this.base + this.log.length;
    // A keyframe copies every live object's entry: one per live.size changes costs about what the log does.
    const since = seq - last.seq;
    if (since >= Math.max(this.keyframeEvery, this.live.size) || (since >= this.keyframeEvery && at - last.at >= this.keyframeEveryMs)) {
      this.keyframes.push({ at, seq, objects: new Map(this.live) });
      this.trim(at);
    }
  }

  /** Every object as it was at `at` (clamped to the history kept). */
  stateAt(at: number): KubeObject[] {
    let k = this.keyframes[0];
    for (const f of this.keyframes) if (f.at <= at) k = f;
    const objects = new Map(k.objects);
    for (let i = k.seq - this.base; i < this.log.length; i++) {
      const c = this.log[i];
      if (c.at > at) break;
      if (c.type === 'DELETED') objects.delete(c.key);
      else objects.set(c.key, c.object);
    }
    return [...objects.values()];
  }

  /** The oldest moment that can be shown. */
  get fromMs(): number {
    return this.keyframes[0].at;
  }

  /** Changes from `fromMs` on (the timeline's marks). */
  changesSince(fromMs: number): readonly ChangeRecord[] {
    let lo = 0, hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.log[mid].at < fromMs) lo = mid + 1; else hi = mid;
    }
    return this.log.slice(lo);
  }

  lastChange(kind: string, namespace: string | undefined, name: string): LastChange | undefined {
    return this.previous.get(objectKey(kind, namespace, name));
  }

  stats(): HistoryStats {
    return {
      changes: this.log.length,
      keyframes: this.keyframes.length,
      keyframeEntries: this.keyframes.reduce((n, k) => n + k.objects.size, 0),
      objects: this.live.size,
      previous: this.previous.size,
      fromMs: this.fromMs,
    };
  }

  /** Drop keyframes (and the changes before them) past the age or count bound; one keyframe always stays. */
  private trim(now: number): void {
    const tooOld = (k: Keyframe) => k.at < now - this.keepMs;
    const tooMany = (k: Keyframe) => this.base + this.log.length - k.seq > this.maxChanges;
    while (this.keyframes.length > 1 && (tooOld(this.keyframes[1]) || tooMany(this.keyframes[0]))) this.keyframes.shift();
    const drop = this.keyframes[0].seq - this.base;
    if (drop > 0) {
      this.log = this.log.slice(drop);
      this.base += drop;
    }
  }
}
