// The simulated machines: one kubelet per node, each with its own address and random stream.
import type { Node } from 'kubernetes-types/core/v1';
import type { Store } from '../apiserver/store.ts';
import type { EventRecorder } from '../client/events.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { formatIp, parseCidr } from '../api/cidr.ts';
import { Kubelet } from './kubelet/kubelet.ts';
import type { NodeConfig } from './kubelet/nodestatus.ts';

/** SIMULATION: node InternalIPs are handed out in order from this range. */
export const NODE_NETWORK = '172.18.0.0/16';
const DEFAULT_LABELS = new Set(['beta.kubernetes.io/arch', 'beta.kubernetes.io/os', 'kubernetes.io/arch', 'kubernetes.io/hostname', 'kubernetes.io/os']);

export class NodeManager {
  private readonly kubelets = new Map<string, Kubelet>();
  private nextIP = 2;

  constructor(private readonly store: Store, private readonly clock: SimClock, private readonly recorder: EventRecorder, private readonly rng: SeededRng) {}

  has(name: string): boolean { return this.kubelets.has(name); }
  configs(): NodeConfig[] { return [...this.kubelets.values()].map((k) => k.config); }

  add(cfg: Omit<NodeConfig, 'internalIP' | 'ephemeralStorage'> & Partial<Pick<NodeConfig, 'internalIP' | 'ephemeralStorage'>>): Kubelet {
    const base = parseCidr(NODE_NETWORK).base;
    const full: NodeConfig = { ephemeralStorage: '100Gi', internalIP: formatIp(base + this.nextIP++), ...cfg };
    const k = new Kubelet(this.store, this.clock, this.recorder, this.rng.fork(`kubelet/${cfg.name}`), full);
    this.kubelets.set(cfg.name, k);
    k.start();
    return k;
  }

  /** After a restore: start a kubelet for every Node object, configured from what the Node reports. */
  resume(nodes: Node[]): void {
    for (const n of nodes) {
      const ip = n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
      if (ip) this.nextIP = Math.max(this.nextIP, ipIndex(ip) + 1);
      const labels = Object.fromEntries(Object.entries(n.metadata?.labels ?? {}).filter(([k]) => !DEFAULT_LABELS.has(k)));
      const cap = (n.status?.capacity ?? {}) as Record<string, string>;
      this.add({
        name: n.metadata!.name!, cpu: cap.cpu ?? '1', memory: cap.memory ?? '1Gi', pods: Number(cap.pods ?? 110),
        ephemeralStorage: cap['ephemeral-storage'] ?? '100Gi', labels, taints: n.spec?.taints ?? [], internalIP: ip,
      });
    }
  }
}

function ipIndex(ip: string): number {
  return parseCidr(`${ip}/32`).base - parseCidr(NODE_NETWORK).base;
}
