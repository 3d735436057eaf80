// Envoy's outlier detection in a client proxy's pool for one destination (source/common/upstream/outlier_detection_impl.cc):
// a pod that answers consecutive5xx errors in a row (connection failures and timeouts count as 503 and 504, Istio
// does not split local-origin errors) or consecutiveGateway 502/503/504s in a row is ejected, unless that would put
// more than maxEjectionPercent of the pool's pods out; it comes back at the first interval tick after
// baseEjectionTime × the times it has been ejected, and each interval tick it spends in the pool lowers that count.
// With every pod ejected the proxy has no healthy upstream (Istio turns Envoy's panic threshold off).
// SIMULATION: the traffic simulator sees a tick's requests at once, so a pod's streak goes on only through ticks in
// which it answered nothing well; a traced request (`sim trace request`) reads the pool and never changes it.
import type { OutlierPolicy } from '../../api/mesh.ts';

interface HostState { c5xx: number; cGw: number; times: number; ejectedAt?: number }
interface PoolState { hosts: Record<string, HostState>; lastSweep: number }

/** A tick's answers of one pod to one pool. */
export interface Observation { errors: number; gatewayErrors: number; successes: number }

export type OutlierState = Record<string, PoolState>;

export class OutlierDetector {
  private readonly pools = new Map<string, PoolState>();

  /** The pool's ejected pods, each with the time it may come back. */
  ejected(pool: string, policy: OutlierPolicy): Map<string, number> {
    const out = new Map<string, number>();
    for (const [pod, h] of Object.entries(this.pools.get(pool)?.hosts ?? {})) if (h.ejectedAt !== undefined) out.set(pod, h.ejectedAt + policy.baseEjectionMs * h.times);
    return out;
  }

  private poolOf(pool: string, now: number): PoolState {
    let p = this.pools.get(pool);
    if (!p) this.pools.set(pool, (p = { hosts: {}, lastSweep: now }));
    return p;
  }

  /** One pod's answers in a tick; `hosts` is the size of the pool (its endpoints). Returns whether it was ejected. */
  observe(pool: string, policy: OutlierPolicy, hosts: number, pod: string, o: Observation, now: number): boolean {
    const p = this.poolOf(pool, now);
    const h = (p.hosts[pod] ??= { c5xx: 0, cGw: 0, times: 0 });
    if (h.ejectedAt !== undefined) return false;
    if (o.successes > 0) { h.c5xx = 0; h.cGw = 0; return false; }
    h.c5xx += o.errors;
    h.cGw = o.gatewayErrors === o.errors ? h.cGw + o.gatewayErrors : 0;
    const tripped = (policy.consecutive5xx > 0 && h.c5xx >= policy.consecutive5xx) || (policy.consecutiveGateway > 0 && h.cGw >= policy.consecutiveGateway);
    if (!tripped) return false;
    const active = Object.values(p.hosts).filter((x) => x.ejectedAt !== undefined).length;
    if ((100 * (active + 1)) / Math.max(1, hosts) > policy.maxEjectionPercent) return false;
    h.ejectedAt = now;
    h.times++;
    h.c5xx = 0;
    h.cGw = 0;
    return true;
  }

  /** The pool's interval timer: pods whose ejection is over come back; pods in the pool lower their count. */
  sweep(pool: string, policy: OutlierPolicy, now: number): void {
    const p = this.pools.get(pool);
    if (!p || now - p.lastSweep < policy.intervalMs) return;
    p.lastSweep = now;
    for (const h of Object.values(p.hosts)) {
      if (h.ejectedAt !== undefined) {
        if (now >= h.ejectedAt + policy.baseEjectionMs * h.times) h.ejectedAt = undefined;
      } else if (h.times > 0) h.times--;
    }
  }

  state(): OutlierState { return Object.fromEntries([...this.pools].map(([k, p]) => [k, structuredClone(p)])); }

  restore(s: OutlierState | undefined): void {
    for (const [k, p] of Object.entries(s ?? {})) this.pools.set(k, structuredClone(p));
  }
}
