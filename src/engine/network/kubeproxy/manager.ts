// Every node's kube-proxy. One change tracker compiles the Services that changed into a new rule table after
// --iptables-min-sync-period (1 s); each node's proxy takes it if it can reach the API server, and every
// --iptables-sync-period (30 s) a proxy that could not catches up. A proxy that cannot reach the API server (it
// is stopped, or its node is) keeps routing by the last rules it programmed, stale or not.
// Simplification: the kube-proxy process is modelled per Node object, whether or not its DaemonSet pod runs.
import type { Node } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import type { SeededRng } from '../../sim/rng.ts';
import type { ProxyService } from '../types.ts';
import { KubeProxy, type ProxyMode } from './proxier.ts';
import { RuleTable } from './rules.ts';
import { ServiceChangeTracker } from './servicechange.ts';

export const MIN_SYNC_PERIOD_MS = 1_000;
export const SYNC_PERIOD_MS = 30_000;

export interface ProxyReachability {
  /** Whether the kube-proxy on this node can reach the API server now. */
  reachable(nodeName: string): boolean;
}

export class KubeProxyManager {
  readonly tracker: ServiceChangeTracker;
  private readonly nodes: Informer<Node & KubeObject>;
  private readonly proxies = new Map<string, KubeProxy>();
  /** The newest compiled rules (what CoreDNS's cache and an up-to-date proxy hold). */
  private latest = RuleTable.empty();
  private syncScheduled = false;
  private version = 0;
  /** Wall-clock-free cost accounting for the benchmark: Services compiled so far. */
  compiledServices = 0;

  constructor(informers: SharedInformerFactory, private readonly clock: SimClock, private readonly rng: SeededRng, private readonly reach: ProxyReachability, public mode: ProxyMode = 'iptables') {
    this.tracker = new ServiceChangeTracker(informers);
    this.nodes = informers.informerFor<Node & KubeObject>('Node');
    this.tracker.onChange(() => this.scheduleSync());
    this.nodes.addEventHandler({ add: (n) => this.ensure(n), update: (_o, n) => this.ensure(n), delete: (n) => this.proxies.delete(n.metadata.name!) });
    clock.every(SYNC_PERIOD_MS, () => this.syncProxies());
  }

  proxy(nodeName: string): KubeProxy | undefined { return this.proxies.get(nodeName); }
  all(): KubeProxy[] { return [...this.proxies.values()]; }
  /** The newest rules compiled from the informers. */
  rules(): RuleTable { return this.latest; }

  /** Switch every proxy's mode (kube-proxy --proxy-mode); rules are kept. */
  setMode(mode: ProxyMode): void {
    this.mode = mode;
    for (const [name, p] of this.proxies) {
      const next = new KubeProxy(name, p.nodeIP, mode, this.rng.fork(`kube-proxy/${name}`));
      next.table = p.table;
      next.syncedAt = p.syncedAt;
      this.proxies.set(name, next);
    }
  }

  /** Compile what changed and program every reachable proxy now (also the periodic sync's work). */
  syncNow(): void {
    this.syncScheduled = false;
    const keys = this.tracker.drain();
    if (keys.length) {
      const changes = new Map<string, ProxyService | undefined>();
      for (const k of keys) changes.set(k, this.tracker.compile(k));
      this.compiledServices += keys.length;
      this.latest = this.latest.with(++this.version, changes);
    }
    this.syncProxies();
  }

  private ensure(n: Node & KubeObject): void {
    const name = n.metadata.name!;
    const ip = n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '';
    const p = this.proxies.get(name);
    if (p && p.nodeIP === ip) return;
    const next = new KubeProxy(name, ip, this.mode, this.rng.fork(`kube-proxy/${name}`));
    if (p) { next.table = p.table; next.syncedAt = p.syncedAt; }
    this.proxies.set(name, next);
    this.scheduleSync();
  }

  private scheduleSync(): void {
    if (this.syncScheduled) return;
    this.syncScheduled = true;
    this.clock.after(MIN_SYNC_PERIOD_MS, () => this.syncNow());
  }

  private syncProxies(): void {
    for (const p of this.proxies.values()) {
      if (p.table === this.latest || !this.reach.reachable(p.nodeName)) continue;
      p.table = this.latest;
      p.syncedAt = this.clock.now();
      p.expire(this.clock.now());
    }
  }
}
