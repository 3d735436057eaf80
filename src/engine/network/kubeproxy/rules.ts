// The programmed rules: an immutable table per sync, shared by every kube-proxy that synced to it (a node whose
// kube-proxy cannot reach the API server keeps pointing at the last table it saw).
import type { ProxyService, ProxyServicePort } from '../types.ts';

export interface RuleTarget { svc: ProxyService; port: ProxyServicePort }

export class RuleTable {
  constructor(
    readonly version: number,
    readonly services: ReadonlyMap<string, ProxyService>,
    /** "ip:port/PROTO" for ClusterIPs, external IPs and load-balancer IPs. */
    private readonly byAddress: ReadonlyMap<string, RuleTarget>,
    /** "port/PROTO" for NodePorts. */
    private readonly byNodePort: ReadonlyMap<string, RuleTarget>,
  ) {}

  static empty(): RuleTable { return new RuleTable(0, new Map(), new Map(), new Map()); }

  /** A new table with the given Services replaced (undefined removes). Copy-on-write: the old table stays valid. */
  with(version: number, changes: ReadonlyMap<string, ProxyService | undefined>): RuleTable {
    const services = new Map(this.services);
    const byAddress = new Map(this.byAddress);
    const byNodePort = new Map(this.byNodePort);
    for (const [key, next] of changes) {
      const old = services.get(key);
      if (old) {
        for (const [k, p] of addressKeys(old)) if (byAddress.get(k)?.svc === old && byAddress.get(k)?.port === p) byAddress.delete(k);
        for (const p of old.ports) if (p.nodePort && byNodePort.get(`${p.nodePort}/${p.protocol}`)?.svc === old) byNodePort.delete(`${p.nodePort}/${p.protocol}`);
        services.delete(key);
      }
      if (!next) continue;
      services.set(key, next);
      for (const [k, p] of addressKeys(next)) byAddress.set(k, { svc: next, port: p });
      for (const p of next.ports) if (p.nodePort) byNodePort.set(`${p.nodePort}/${p.protocol}`, { svc: next, port: p });
    }
    return new RuleTable(version, services, byAddress, byNodePort);
  }

  byIP(ip: string, port: number, protocol = 'TCP'): RuleTarget | undefined { return this.byAddress.get(`${ip}:${port}/${protocol}`); }
  nodePort(port: number, protocol = 'TCP'): RuleTarget | undefined { return this.byNodePort.get(`${port}/${protocol}`); }
  get size(): number { return this.services.size; }
}

function addressKeys(svc: ProxyService): [string, ProxyServicePort][] {
  const ips = [svc.clusterIP, ...svc.externalIPs, ...svc.loadBalancerIPs].filter((x): x is string => !!x);
  const out: [string, ProxyServicePort][] = [];
  for (const ip of ips) for (const p of svc.ports) out.push([`${ip}:${p.port}/${p.protocol}`, p]);
  return out;
}
