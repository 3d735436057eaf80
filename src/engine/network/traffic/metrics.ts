// Traffic metrics over virtual time: a bounded ring of samples per pod, Service, node and source.
import type { TrafficSample, TrafficSeries } from '../types.ts';

/** Samples kept per series: ten minutes of one-second ticks. */
export const SERIES_CAPACITY = 600;

export class Ring {
  private readonly buf: TrafficSample[] = [];
  private start = 0;

  push(s: TrafficSample): void {
    if (this.buf.length < SERIES_CAPACITY) this.buf.push(s);
    else { this.buf[this.start] = s; this.start = (this.start + 1) % SERIES_CAPACITY; }
  }

  all(): TrafficSample[] { return [...this.buf.slice(this.start), ...this.buf.slice(0, this.start)]; }
  last(): TrafficSample | undefined { return this.buf.length ? this.buf[(this.start + this.buf.length - 1) % this.buf.length] : undefined; }
}

/** One tick's tally for one series before it becomes a sample. */
export class Tally {
  requests = 0;
  failed = 0;
  /** A pod's queue length at the end of the tick (pods only). */
  waiting: number | undefined;
  /** Successful requests weighted latencies. */
  private okWeight = 0;
  private p50Sum = 0;
  private p99Max = 0;

  add(requests: number, failed: number, p50: number, p99: number): void {
    this.requests += requests;
    this.failed += failed;
    const ok = requests - failed;
    if (ok > 0) {
      this.okWeight += ok;
      this.p50Sum += ok * p50;
      // The p99 of a mix is driven by its slowest part once that part carries 1% of the requests.
      if (p99 > this.p99Max && ok >= 0.01 * Math.max(1, this.requests)) this.p99Max = p99;
    }
  }

  sample(t: number, seconds: number): TrafficSample {
    const p50 = this.okWeight ? this.p50Sum / this.okWeight : 0;
    return {
      t, rps: round(this.requests / seconds), p50Ms: round(p50), p99Ms: round(Math.max(this.p99Max, p50)),
      errorRate: this.requests ? round(this.failed / this.requests, 4) : 0,
      ...(this.waiting !== undefined ? { waiting: this.waiting } : {}),
    };
  }
}

function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export class MetricsStore {
  private readonly series = new Map<string, { scope: TrafficSeries['scope']; key: string; ring: Ring }>();

  record(scope: TrafficSeries['scope'], key: string, s: TrafficSample): void {
    const id = `${scope}:${key}`;
    let e = this.series.get(id);
    if (!e) this.series.set(id, (e = { scope, key, ring: new Ring() }));
    e.ring.push(s);
  }

  keys(scope: TrafficSeries['scope']): string[] {
    const out: string[] = [];
    for (const e of this.series.values()) if (e.scope === scope) out.push(e.key);
    return out;
  }

  get(scope: TrafficSeries['scope'], key: string): TrafficSample[] { return this.series.get(`${scope}:${key}`)?.ring.all() ?? []; }
  last(scope: TrafficSeries['scope'], key: string): TrafficSample | undefined { return this.series.get(`${scope}:${key}`)?.ring.last(); }

  /** The last `samples` of every series (what a snapshot keeps). */
  recent(samples: number): TrafficSeries[] {
    return this.all().map((s) => ({ ...s, samples: s.samples.slice(-samples) }));
  }

  /** Put saved series back (replacing any of the same scope and key). */
  restore(series: readonly TrafficSeries[]): void {
    for (const s of series) {
      const ring = new Ring();
      for (const x of s.samples.slice(-SERIES_CAPACITY)) ring.push(x);
      this.series.set(`${s.scope}:${s.key}`, { scope: s.scope, key: s.key, ring });
    }
  }

  all(scope?: TrafficSeries['scope']): TrafficSeries[] {
    const out: TrafficSeries[] = [];
    for (const e of this.series.values()) if (!scope || e.scope === scope) out.push({ scope: e.scope, key: e.key, samples: e.ring.all() });
    return out.sort((a, b) => (a.scope + a.key < b.scope + b.key ? -1 : 1));
  }
}
