// One node's kube-proxy: the rules it last programmed and how a connection to a Service address picks a backend
// (pkg/proxy/topology.go CategorizeEndpoints, the iptables and IPVS proxiers).
// - Usable endpoints are the ready ones; when none is ready, serving terminating ones (ProxyTerminatingEndpoints).
// - internalTrafficPolicy Local (in-cluster clients) and externalTrafficPolicy Local (NodePort and load-balancer
//   traffic) keep only this node's endpoints and drop the connection when there are none.
// - No endpoint at all: the REJECT rule answers "connection refused".
// - iptables mode picks at random (statistic --mode random, probability 1/n, 1/(n-1) …, i.e. uniformly);
//   IPVS mode rotates round robin. sessionAffinity ClientIP pins a client IP to its endpoint for the timeout.
import type { SeededRng } from '../../sim/rng.ts';
import type { ProxyEndpoint, ProxyService, ProxyServicePort } from '../types.ts';
import { RuleTable, type RuleTarget } from './rules.ts';

export type ProxyMode = 'iptables' | 'ipvs';

/** Where a connection goes: a backend, or why it has none. */
export type ProxyDecision =
  | { kind: 'endpoint'; endpoint: ProxyEndpoint; candidates: ProxyEndpoint[]; reason: string }
  | { kind: 'reject'; reason: string }
  | { kind: 'drop'; reason: string }
  | { kind: 'no-rule'; reason: string };

/** The endpoints a connection may use (categorizeEndpoints), and why. */
export function usableEndpoints(svc: ProxyService, port: ProxyServicePort, nodeName: string, external: boolean): { endpoints: ProxyEndpoint[]; local: boolean; note: string } {
  const ready = port.endpoints.filter((e) => e.ready);
  const fallback = ready.length ? ready : port.endpoints.filter((e) => e.serving && e.terminating);
  const local = external ? svc.externalTrafficPolicy === 'Local' : svc.internalTrafficPolicy === 'Local';
  const note = ready.length ? `${ready.length} ready endpoint(s)` : fallback.length ? `no ready endpoint; ${fallback.length} serving terminating endpoint(s)` : 'no usable endpoint';
  if (!local) return { endpoints: fallback, local, note };
  const mine = fallback.filter((e) => e.nodeName === nodeName);
  return { endpoints: mine, local, note: `${external ? 'externalTrafficPolicy' : 'internalTrafficPolicy'}=Local: ${mine.length} on node ${nodeName} (${note})` };
}

export class KubeProxy {
  table: RuleTable = RuleTable.empty();
  /** When this proxy last programmed its rules (virtual ms). */
  syncedAt = 0;
  private readonly rr = new Map<string, number>();
  private readonly affinity = new Map<string, { ip: string; until: number }>();

  constructor(readonly nodeName: string, readonly nodeIP: string, readonly mode: ProxyMode, private readonly rng: SeededRng) {}

  /** The rule that catches dst ip:port from inside the cluster (ClusterIP, external or load-balancer IP), or a NodePort on this node. */
  lookup(ip: string, port: number, protocol = 'TCP'): { target: RuleTarget; external: boolean } | undefined {
    const t = this.table.byIP(ip, port, protocol);
    if (t) return { target: t, external: ip !== t.svc.clusterIP };
    if (ip === this.nodeIP) {
      const np = this.table.nodePort(port, protocol);
      if (np) return { target: np, external: true };
    }
    return undefined;
  }

  /** Pick the backend of one connection from clientIP at `now`. */
  route(ip: string, port: number, clientIP: string, now: number, protocol = 'TCP', externalHint?: boolean): ProxyDecision {
    const hit = this.lookup(ip, port, protocol);
    if (!hit) return { kind: 'no-rule', reason: `no ${this.mode} rule on node ${this.nodeName} for ${ip}:${port}/${protocol}` };
    const { svc, port: sp } = hit.target;
    const external = externalHint ?? hit.external;
    const { endpoints, local, note } = usableEndpoints(svc, sp, this.nodeName, external);
    if (!endpoints.length) {
      if (local && sp.endpoints.length) return { kind: 'drop', reason: `${note}: the packet is dropped` };
      return { kind: 'reject', reason: `Service ${svc.key} has no endpoints: REJECT (connection refused)` };
    }
    const affKey = `${svc.key}:${sp.port}:${clientIP}`;
    if (svc.sessionAffinity === 'ClientIP') {
      const a = this.affinity.get(affKey);
      const still = a && a.until > now ? endpoints.find((e) => e.ip === a.ip) : undefined;
      if (still) {
        this.affinity.set(affKey, { ip: still.ip, until: now + svc.affinityTimeoutSeconds * 1000 });
        return { kind: 'endpoint', endpoint: still, candidates: endpoints, reason: `sessionAffinity ClientIP: ${clientIP} stays on ${still.ip} (${note})` };
      }
    }
    const endpoint = this.pick(`${svc.key}:${sp.port}`, endpoints);
    if (svc.sessionAffinity === 'ClientIP') this.affinity.set(affKey, { ip: endpoint.ip, until: now + svc.affinityTimeoutSeconds * 1000 });
    const how = this.mode === 'ipvs' ? 'IPVS round robin' : `iptables random, probability 1/${endpoints.length}`;
    return { kind: 'endpoint', endpoint, candidates: endpoints, reason: `${how} among ${note}` };
  }

  private pick(key: string, endpoints: ProxyEndpoint[]): ProxyEndpoint {
    if (this.mode === 'iptables') return endpoints[this.rng.int(endpoints.length)];
    const i = (this.rr.get(key) ?? -1) + 1;
    this.rr.set(key, i % endpoints.length);
    return endpoints[i % endpoints.length];
  }

  /** Forget affinity entries that expired (the recent module's timeout). */
  expire(now: number): void {
    for (const [k, a] of this.affinity) if (a.until <= now) this.affinity.delete(k);
  }
}
