// The traffic simulator: once per virtual second (while there are sources) every source's requests for that
// second go through the data plane (path.ts) in aggregate: the spread over backends is sampled with the seeded
// RNG instead of routing each request, the pods answer by the request model (model.ts), and the outcome is
// tallied per source, Service, pod and node (a request an ingress gateway routed also for the gateway's Service and pod).
// Simplification: requests are aggregated per one-second tick (a request never spans ticks); a snapshot keeps the
// sources, the CPU window and only the last SNAPSHOT_SAMPLES of each metric series (the traffic panel's window).
import type { Pod } from 'kubernetes-types/core/v1';
import type { SimClock } from '../../sim/clock.ts';
import type { SeededRng } from '../../sim/rng.ts';
import type { TrafficSample, TrafficSeries } from '../types.ts';
import { MetricsStore, Tally } from './metrics.ts';
import { podCapacity, podCores, servePodLoad } from './model.ts';
import { parseURL, type Leg, type RequestPath, type Source } from './path.ts';
import { OutlierDetector, type Observation, type OutlierState } from './outlier.ts';
import { validateSource, type TrafficSource } from './sources.ts';

export const TICK_MS = 1_000;
/** metrics-server's window: CPU from load is the average of this many ticks. */
const CPU_WINDOW_TICKS = 15;
/** Samples per metric series a snapshot keeps: two minutes, what the traffic panel charts. */
export const SNAPSHOT_SAMPLES = 120;

/** What a snapshot keeps of the traffic. */
export interface TrafficState {
  sources: TrafficSource[];
  series: TrafficSeries[];
  /** Per pod: the millicores of the last CPU_WINDOW_TICKS ticks. */
  cpu: Record<string, number[]>;
  /** Per pod: the requests waiting in its queue (model.ts). */
  waiting?: Record<string, number>;
  /** The client proxies' outlier detection (outlier.ts). */
  outliers?: OutlierState;
  /** The client pools' round-robin turns (balancer.ts). */
  roundRobin?: Record<string, number>;
}

export interface TrafficEnv {
  path: RequestPath;
  /** The source of a pod client (undefined when the pod is missing or not running). */
  podSource(key: string): Source | undefined;
  pod(key: string): Pod | undefined;
}

/** A share of a pod's arrivals in a tick: whose (a source's, or a retried try's), and what the client sees. */
interface Part { source?: string; service?: string; n: number; delayMs: number; failAll: boolean; gateway?: Leg['gateway'] }

export interface SourceStatus extends TrafficSource { active: boolean; note?: string; last?: TrafficSample }

export class TrafficSimulator {
  private readonly sources = new Map<string, TrafficSource>();
  private readonly notes = new Map<string, string>();
  readonly metrics = new MetricsStore();
  readonly outliers = new OutlierDetector();
  private readonly roundRobin = new Map<string, number>();
  private readonly cpu = new Map<string, number[]>();
  private readonly waiting = new Map<string, number>();
  private readonly queueLength = new Map<string, number>();
  private stopTicks: (() => void) | undefined;

  constructor(private readonly clock: SimClock, private readonly rng: SeededRng, private readonly env: TrafficEnv) {}

  add(s: TrafficSource): void {
    if (this.sources.has(s.name)) throw new Error(`traffic source "${s.name}" already exists`);
    this.sources.set(s.name, validateSource(s));
    this.ensureTicking();
  }

  remove(name: string): void {
    if (!this.sources.delete(name)) throw new Error(`traffic source "${name}" not found`);
    this.notes.delete(name);
    this.ensureTicking();
  }

  list(): SourceStatus[] {
    return [...this.sources.values()].sort((a, b) => (a.name < b.name ? -1 : 1)).map((s) => ({
      ...s, active: !this.notes.has(s.name), note: this.notes.get(s.name), last: this.metrics.last('source', s.name),
    }));
  }

  /** Saved with the snapshot. */
  state(): TrafficState {
    const outliers = this.outliers.state();
    return { sources: [...this.sources.values()], series: this.metrics.recent(SNAPSHOT_SAMPLES), cpu: Object.fromEntries([...this.cpu].map(([k, w]) => [k, [...w]])), waiting: Object.fromEntries(this.waiting), ...(Object.keys(outliers).length ? { outliers } : {}), ...(this.roundRobin.size ? { roundRobin: Object.fromEntries(this.roundRobin) } : {}) };
  }

  restore(state: Partial<TrafficState>): void {
    this.metrics.restore(state.series ?? []);
    for (const [k, w] of Object.entries(state.cpu ?? {})) this.cpu.set(k, w.slice(-CPU_WINDOW_TICKS));
    for (const [k, n] of Object.entries(state.waiting ?? {})) this.waiting.set(k, n);
    this.outliers.restore(state.outliers);
    for (const [k, n] of Object.entries(state.roundRobin ?? {})) this.roundRobin.set(k, n);
    for (const s of state.sources ?? []) this.add(s);
  }

  /** A client pool's round-robin turn: its picks so far (one traced request takes one). */
  nextRoundRobin(pool: string): number {
    const n = this.roundRobin.get(pool) ?? 0;
    this.roundRobin.set(pool, n + 1);
    return n;
  }

  /** The pod's num_requests_waiting gauge for the last second (0 for a pod without traffic). */
  requestsWaiting(podKey: string): number {
    return this.queueLength.get(podKey) ?? this.waiting.get(podKey) ?? 0;
  }

  /** Millicores the load uses in a pod (average over the metrics window). */
  cpuMilli(podKey: string): number {
    const w = this.cpu.get(podKey);
    if (!w?.length) return 0;
    return Math.round(w.reduce((a, b) => a + b, 0) / CPU_WINDOW_TICKS);
  }

  series(scope?: TrafficSeries['scope']): TrafficSeries[] { return this.metrics.all(scope); }

  private ensureTicking(): void {
    if (this.sources.size && !this.stopTicks) this.stopTicks = this.clock.every(TICK_MS, () => this.tick());
    if (!this.sources.size && this.stopTicks) { this.stopTicks(); this.stopTicks = undefined; this.cpu.clear(); this.waiting.clear(); this.queueLength.clear(); }
  }

  /** Split n requests over weights: the integer parts, then the remainder drawn by weight. */
  private split(n: number, legs: Leg[]): number[] {
    const counts = legs.map((l) => Math.floor(n * l.weight));
    let rest = n - counts.reduce((a, b) => a + b, 0);
    while (rest-- > 0) {
      let r = this.rng.next();
      let i = 0;
      for (; i < legs.length - 1; i++) { r -= legs[i].weight; if (r < 0) break; }
      counts[i]++;
    }
    return counts;
  }

  tick(): void {
    const t = this.clock.now();
    const seconds = TICK_MS / 1000;
    const sourceT = new Map<string, Tally>();
    const serviceT = new Map<string, Tally>();
    const podT = new Map<string, Tally>();
    const nodeT = new Map<string, Tally>();
    const tally = (m: Map<string, Tally>, k: string | undefined) => {
      if (k === undefined) return undefined;
      let x = m.get(k);
      if (!x) m.set(k, (x = new Tally()));
      return x;
    };
    // Pod arrivals first, from every source, then each pod answers once for the second.
    const arrivals = new Map<string, { n: number; parts: Part[]; node?: string }>();
    const arrive = (pod: string, node: string | undefined, part: Part) => {
      let a = arrivals.get(pod);
      if (!a) arrivals.set(pod, (a = { n: 0, parts: [], node }));
      a.n += part.n;
      a.parts.push(part);
    };
    const observed = new Map<string, { policy: NonNullable<Leg['pool']>['policy']; hosts: number; pods: Map<string, Observation> }>();
    const observeLeg = (leg: Leg, c: number) => {
      const pool = leg.pool!;
      let o = observed.get(pool.key);
      if (!o) observed.set(pool.key, (o = { policy: pool.policy, hosts: pool.hosts, pods: new Map() }));
      const at = (pod: string) => { let x = o!.pods.get(pod); if (!x) o!.pods.set(pod, (x = { errors: 0, gatewayErrors: 0, successes: 0 })); return x; };
      for (const e of leg.errored ?? []) { const x = at(e.pod); x.errors += c; if (e.gateway) x.gatewayErrors += c; }
      if (leg.pod && !leg.failure) {
        const status = leg.response?.status ?? 200;
        const x = at(leg.pod);
        if (status < 500) x.successes += c; else { x.errors += c; if ([502, 503, 504].includes(status)) x.gatewayErrors += c; }
      }
    };
    for (const s of this.sources.values()) {
      const st = tally(sourceT, s.name)!;
      const exact = s.rps * seconds;
      const n = Math.floor(exact) + (this.rng.next() < exact - Math.floor(exact) ? 1 : 0);
      const src = s.from === 'external' ? { ip: '203.0.113.10', label: 'external' } as Source : this.env.podSource(s.from);
      if (!src) { this.notes.set(s.name, `client pod ${s.from} is not running`); continue; }
      this.notes.delete(s.name);
      if (!n) continue;
      const legs = this.env.path.legs(src, parseURL(s.url), false);
      const counts = this.split(n, legs);
      legs.forEach((leg, i) => {
        const c = counts[i];
        if (!c) return;
        if (leg.pool) observeLeg(leg, c);
        // Tries the sidecar retried after a pod's error answer are work (and errors) of that pod; mirrored copies are
        // work of the mirror's pods and requests of its Service, never the source's.
        for (const pod of leg.retried ?? []) arrive(pod, this.env.pod(pod)?.spec?.nodeName, { n: c, delayMs: 0, failAll: true });
        for (const m of leg.mirrored ?? []) {
          const copies = Math.round(c * m.share);
          if (copies) arrive(m.pod, m.node, { service: m.service, n: copies, delayMs: 0, failAll: false });
        }
        if (leg.failure || !leg.pod) {
          st.add(c, c, 0, 0);
          tally(serviceT, leg.service)?.add(c, c, 0, 0);
          // What an ingress gateway answered itself (404, 503) is its Service's and its pod's traffic too.
          tally(serviceT, leg.gateway?.service)?.add(c, c, 0, 0);
          tally(podT, leg.gateway?.pod)?.add(c, c, 0, 0);
          return;
        }
        // A sidecar's fault delay and earlier tries, and the server's own time, add to what the client sees, not to
        // the pod's work; a server's 5xx answer is an error.
        arrive(leg.pod, leg.node, { source: s.name, service: leg.service, n: c, delayMs: (leg.delayMs ?? 0) + (leg.response?.delayMs ?? 0), failAll: (leg.response?.status ?? 200) >= 500, ...(leg.gateway ? { gateway: leg.gateway } : {}) });
      });
    }
    // The pools' outlier detection sees this second's answers, then runs its interval timer.
    for (const [pool, o] of observed) {
      for (const [pod, x] of o.pods) this.outliers.observe(pool, o.policy, o.hosts, pod, x, t);
      this.outliers.sweep(pool, o.policy, t);
    }
    // A pod with a queue keeps serving it in a second without new arrivals.
    for (const key of new Set([...this.waiting.keys(), ...this.queueLength.keys()])) if (!arrivals.has(key)) arrivals.set(key, { n: 0, parts: [] });
    const cpuNow = new Map<string, number>();
    for (const [key, a] of [...arrivals].sort(([x], [y]) => (x < y ? -1 : 1))) {
      const pod = this.env.pod(key);
      if (!pod) { this.waiting.delete(key); this.queueLength.delete(key); continue; }
      const r = servePodLoad(a.n, seconds, podCapacity(pod), podCores(pod), this.waiting.get(key));
      cpuNow.set(key, r.cpuMilli);
      if (r.waiting) this.waiting.set(key, r.waiting); else this.waiting.delete(key);
      if (r.queueLength) this.queueLength.set(key, r.queueLength); else this.queueLength.delete(key);
      let failedLeft = r.failed;
      let podFailed = 0;
      a.parts.forEach((p, i) => {
        const overload = i === a.parts.length - 1 ? failedLeft : Math.round((r.failed * p.n) / a.n);
        failedLeft -= overload;
        const f = p.failAll ? p.n : overload;
        podFailed += f;
        tally(sourceT, p.source)?.add(p.n, f, r.p50Ms + p.delayMs, r.p99Ms + p.delayMs);
        tally(serviceT, p.service)?.add(p.n, f, r.p50Ms + p.delayMs, r.p99Ms + p.delayMs);
        // Requests an ingress gateway passed on count for its Service and pod as well (the map's gateway badge).
        tally(serviceT, p.gateway?.service)?.add(p.n, f, r.p50Ms + p.delayMs, r.p99Ms + p.delayMs);
        tally(podT, p.gateway?.pod)?.add(p.n, f, r.p50Ms + p.delayMs, r.p99Ms + p.delayMs);
      });
      const pt = tally(podT, key)!;
      pt.add(a.n, podFailed, r.p50Ms, r.p99Ms);
      pt.waiting = r.queueLength;
      tally(nodeT, a.node ?? pod.spec?.nodeName)?.add(a.n, podFailed, r.p50Ms, r.p99Ms);
    }
    this.recordCpu(cpuNow);
    const record = (scope: TrafficSeries['scope'], m: Map<string, Tally>) => {
      for (const [k, x] of m) this.metrics.record(scope, k, x.sample(t, seconds));
    };
    // Series that had traffic before and none now drop to zero rather than stop.
    for (const scope of ['pod', 'service', 'node', 'source'] as const) {
      const m = { pod: podT, service: serviceT, node: nodeT, source: sourceT }[scope];
      for (const k of this.metrics.keys(scope)) if (!m.has(k) && this.metrics.last(scope, k)?.rps) m.set(k, new Tally());
      record(scope, m);
    }
  }

  private recordCpu(now: Map<string, number>): void {
    for (const k of new Set([...this.cpu.keys(), ...now.keys()])) {
      const w = this.cpu.get(k) ?? [];
      w.push(now.get(k) ?? 0);
      if (w.length > CPU_WINDOW_TICKS) w.shift();
      if (w.every((x) => x === 0)) this.cpu.delete(k); else this.cpu.set(k, w);
    }
  }
}
