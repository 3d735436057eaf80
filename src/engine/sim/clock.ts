// The virtual clock: the engine's only notion of "now" and its only way to wait.
// Every backoff, heartbeat, resync, image pull and grace period is a timer on this queue.

declare const timerHandle: unique symbol;
/** What a maker of a timer holds to cancel it: the timer itself (opaque), so that no id → timer map is kept. */
export type TimerId = { readonly [timerHandle]: true };

interface Timer {
  at: number; // virtual ms
  seq: number; // FIFO among timers due at the same moment
  fn: () => void;
  /** Background timers (heartbeats, resyncs) repeat forever; "run until idle" does not wait for them. */
  background: boolean;
  /** Neither run nor cancelled yet; a timer that is not live stays in the queue until step or peek drops it. */
  live: boolean;
}

/** 2026-01-01T00:00:00Z: a fixed origin so that every run prints the same timestamps. */
export const DEFAULT_START_MS = Date.UTC(2026, 0, 1);

/**
 * A bug that makes components wake each other forever at one instant would hang the page and the tests with
 * no way out (everything is synchronous): past this many timers at one virtual instant the clock throws instead.
 * Far above any real burst (150,000 pods applied at once run a few million).
 */
export const LIVELOCK_STEPS = 20_000_000;

export class SimClock {
  private nowMs: number;
  private seq = 0;
  private heap: Timer[] = [];
  /**
   * The heap's (at, seq) pairs in heap order, beside it: a sift compares these rather than load two timers per
   * level (a cache miss per timer in a heap of ~20,000 at 10k pods: pop was 1.8% of the 30k-pod run).
   */
  private keys = new Float64Array(2048);
  /**
   * Timers due at the moment they were made (defer, after(0)): the bulk of all timers. They already come in
   * (at, seq) order, so a FIFO holds them without the heap's log n sifts; step takes the smaller of both heads.
   */
  private due: Timer[] = [];
  private dueHead = 0;
  /** Live timers (not run, not cancelled). */
  private liveCount = 0;
  private foreground = 0;
  private stepsRun = 0;
  /** Timers run since virtual time last moved (the livelock guard). */
  private stepsAtInstant = 0;
  /** Outside answers being waited for (see hold). */
  private holds = 0;
  /** A timer is running now (a command a scenario's timeline runs): a waiting client cannot move time from in there. */
  private inStep = false;
  private onRelease: (() => void)[] = [];

  constructor(startMs = DEFAULT_START_MS, private readonly livelockSteps = LIVELOCK_STEPS) {
    this.nowMs = startMs;
  }

  now(): number { return this.nowMs; }
  /** RFC 3339 at second precision, as metav1.Time serializes. */
  nowRFC3339(): string { return toRFC3339(this.nowMs); }
  get steps(): number { return this.stepsRun; }
  pending(): number { return this.liveCount; }
  pendingForeground(): number { return this.foreground; }

  /** Run fn after delayMs of virtual time. */
  after(delayMs: number, fn: () => void, opts?: { background?: boolean }): TimerId {
    // opts is optional rather than defaulted: defer, the commonest call, allocates no options object.
    const t: Timer = { at: this.nowMs + Math.max(0, Math.round(delayMs)), seq: ++this.seq, fn, background: !!opts?.background, live: true };
    this.liveCount++;
    if (!t.background) this.foreground++;
    if (t.at === this.nowMs) this.due.push(t);
    else this.push(t);
    return t as unknown as TimerId;
  }

  /** Run fn at the current moment, after everything already due now. */
  defer(fn: () => void): TimerId {
    return this.after(0, fn);
  }

  /** A repeating background timer (heartbeats, resync). Returns a function that stops it. */
  every(periodMs: number, fn: () => void, firstDelayMs = periodMs): () => void {
    let id: TimerId;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      id = this.after(periodMs, tick, { background: true });
      fn();
    };
    id = this.after(firstDelayMs, tick, { background: true });
    return () => { stopped = true; this.cancel(id); };
  }

  cancel(id: TimerId): void {
    const t = id as unknown as Timer;
    if (!t.live) return;
    this.drop(t);
  }

  /** The timer will not run (it runs now, or it is cancelled); its maker may keep the handle, not what fn holds. */
  private drop(t: Timer): void {
    t.live = false;
    t.fn = NOTHING;
    this.liveCount--;
    if (!t.background) this.foreground--;
  }

  /** Time of the next live timer, or undefined. */
  nextAt(): number | undefined {
    return this.peek()?.at;
  }

  /**
   * Stand still until the returned function is called: the simulation waits for an answer from outside it (a
   * user-written operator's reconcile running in its own worker), so no virtual time passes and no timer runs
   * meanwhile, however long the answer takes in wall time. The same answers then give the same run.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) for (const fn of this.onRelease.splice(0)) fn();
    };
  }

  get held(): boolean { return this.holds > 0; }

  /** Inside a timer's callback: advance would move time under the step that is running. */
  get stepping(): boolean { return this.inStep; }

  /** Resolves once nothing holds the clock. */
  whenReleased(): Promise<void> {
    return this.holds === 0 ? Promise.resolve() : new Promise((resolve) => this.onRelease.push(resolve));
  }

  /** Run the next timer, moving time forward to it. Returns false when nothing is scheduled (or the clock is held). */
  step(): boolean {
    if (this.holds > 0) return false;
    const t = this.peek();
    if (!t) return false;
    if (t === this.heap[0]) this.pop();
    else this.shiftDue();
    const fn = t.fn;
    this.drop(t);
    if (t.at > this.nowMs) { this.nowMs = t.at; this.stepsAtInstant = 0; }
    if (++this.stepsAtInstant > this.livelockSteps) {
      throw new Error(`simulation livelock: more than ${this.livelockSteps} timers ran at ${toRFC3339(this.nowMs)} without virtual time moving`);
    }
    this.stepsRun++;
    const outer = this.inStep;
    this.inStep = true;
    try {
      fn();
    } finally {
      this.inStep = outer;
    }
    return true;
  }

  /**
   * Run every timer due within the next `ms` of virtual time, then stand at now + ms. A hold stops it where it
   * is, and so does `shouldStop` (asked after every timer: the page's worker passes its wall budget, and one read of
   * the wall clock is cheap beside a timer):
   * the ms not run are returned (0 when it got there). Stopping between two timers of one instant and going on
   * later runs the same timers in the same order.
   */
  advance(ms: number, shouldStop?: () => boolean): number {
    const target = this.nowMs + Math.max(0, Math.round(ms));
    for (;;) {
      if (this.holds > 0) return target - this.nowMs;
      const next = this.nextAt();
      if (next === undefined || next > target) break;
      this.step();
      if (shouldStop?.()) return target - this.nowMs;
    }
    this.nowMs = target;
    return 0;
  }

  /**
   * Run until only background timers remain (the cluster has settled), or until `limitMs` of virtual time
   * has passed. Returns true when it settled.
   */
  runUntilIdle(limitMs = 3_600_000): boolean {
    const limit = this.nowMs + limitMs;
    while (this.foreground > 0) {
      if (this.holds > 0) return false;
      const next = this.nextAt();
      if (next === undefined || next > limit) return false;
      this.step();
    }
    return true;
  }

  /** The next live timer (cancelled ones are dropped on the way), left in place. */
  private peek(): Timer | undefined {
    while (this.heap.length && !this.heap[0].live) this.pop();
    while (this.dueHead < this.due.length && !this.due[this.dueHead].live) this.shiftDue();
    const h = this.heap[0];
    const d = this.dueHead < this.due.length ? this.due[this.dueHead] : undefined;
    if (!d) return h;
    return h && less(h, d) ? h : d;
  }

  private shiftDue(): void {
    this.dueHead++;
    // Compact now and then so that the array does not grow for ever.
    if (this.dueHead === this.due.length) { this.due = []; this.dueHead = 0; }
    else if (this.dueHead >= 65_536 && this.dueHead * 2 >= this.due.length) { this.due = this.due.slice(this.dueHead); this.dueHead = 0; }
  }

  private push(t: Timer): void {
    const h = this.heap;
    let i = h.length;
    h.push(t);
    if (2 * h.length > this.keys.length) {
      const grown = new Float64Array(2 * this.keys.length);
      grown.set(this.keys);
      this.keys = grown;
    }
    const keys = this.keys;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keyBefore(keys, p, t.at, t.seq)) break;
      h[i] = h[p];
      moveKey(keys, p, i);
      i = p;
    }
    h[i] = t;
    keys[2 * i] = t.at;
    keys[2 * i + 1] = t.seq;
  }

  private pop(): Timer | undefined {
    const h = this.heap;
    if (!h.length) return undefined;
    const top = h[0];
    const last = h.pop()!;
    const n = h.length;
    if (n) {
      const keys = this.keys;
      const at = keys[2 * n], seq = keys[2 * n + 1];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = l;
        if (l >= n) break;
        if (r < n && keyBefore(keys, r, keys[2 * l], keys[2 * l + 1])) m = r;
        if (!keyBefore(keys, m, at, seq)) break;
        h[i] = h[m];
        moveKey(keys, m, i);
        i = m;
      }
      h[i] = last;
      keys[2 * i] = at;
      keys[2 * i + 1] = seq;
    }
    return top;
  }
}

/** Whether the heap key at index i comes before (at, seq). */
function keyBefore(keys: Float64Array, i: number, at: number, seq: number): boolean {
  return keys[2 * i] < at || (keys[2 * i] === at && keys[2 * i + 1] < seq);
}

function moveKey(keys: Float64Array, from: number, to: number): void {
  keys[2 * to] = keys[2 * from];
  keys[2 * to + 1] = keys[2 * from + 1];
}

const NOTHING = () => {};

function less(a: Timer, b: Timer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** The last second formatted: nearly every call in a burst asks for the same one. */
let lastSecond = NaN;
let lastText = '';

export function toRFC3339(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    // join builds one flat string: every object written in this second shares it.
    lastText = [new Date(second * 1000).toISOString().slice(0, 19), 'Z'].join('');
    lastSecond = second;
  }
  return lastText;
}

/** Parse a duration like "30s", "5m", "1h30m", "500ms" or a bare number of seconds into ms. */
export function parseDuration(text: string): number {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy;
  let total = 0;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
    consumed = re.lastIndex;
  }
  if (consumed !== s.length || s.length === 0) throw new Error(`time: invalid duration "${text}"`);
  return Math.round(total);
}

/** Go's time.Duration.String() at millisecond precision: "0s", "500ms", "30s", "1.5s", "1m0s", "1h0m0s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${abs}ms`;
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = (abs % 60_000) / 1000;
  const secs = `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  if (h) return `${sign}${h}h${m}m${secs}`;
  if (m) return `${sign}${m}m${secs}`;
  return `${sign}${secs}`;
}
