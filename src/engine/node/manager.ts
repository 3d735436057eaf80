// The simulated machines: one kubelet per node, each with its own address and random stream. It also offers the
// reads that go to a node rather than to the API server: container logs (the kubelet's /containerLogs) and
// resource use (what metrics-server collects from every kubelet's summary API).
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { Store } from '../apiserver/store.ts';
import { badRequest } from '../apiserver/errors.ts';
import { EventRecorder } from '../client/events.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { formatIp, parseCidr } from '../api/cidr.ts';
import { ApiLink } from './apilink.ts';
import { ContainerLogError } from './kubelet/containerlogs.ts';
import { Kubelet, type PodUsage } from './kubelet/kubelet.ts';
import type { NodeConfig } from './kubelet/nodestatus.ts';
import type { LogLine } from './runtime/logs.ts';

/** SIMULATION: node InternalIPs are handed out in order from this range. */
export const NODE_NETWORK = '172.18.0.0/16';
const DEFAULT_LABELS = new Set(['beta.kubernetes.io/arch', 'beta.kubernetes.io/os', 'kubernetes.io/arch', 'kubernetes.io/hostname', 'kubernetes.io/os']);

export interface NodeUsage { name: string; cpuMilli: number; memoryBytes: number }

export class NodeManager {
  private readonly kubelets = new Map<string, Kubelet>();
  /** Each machine's path to the API server, and its kubelet's event recorder (which writes through it). */
  private readonly links = new Map<string, { link: ApiLink; recorder: EventRecorder }>();
  private readonly stopped = new Set<string>();
  private nextIP = 2;

  constructor(private readonly store: Store, private readonly clock: SimClock, private readonly rng: SeededRng) {}

  has(name: string): boolean { return this.kubelets.has(name); }
  configs(): NodeConfig[] { return [...this.kubelets.values()].map((k) => k.config); }
  isStopped(name: string): boolean { return this.stopped.has(name); }

  add(cfg: Omit<NodeConfig, 'internalIP' | 'ephemeralStorage'> & Partial<Pick<NodeConfig, 'internalIP' | 'ephemeralStorage'>>): Kubelet {
    const base = parseCidr(NODE_NETWORK).base;
    const full: NodeConfig = { ephemeralStorage: '100Gi', internalIP: formatIp(base + this.nextIP++), ...cfg };
    const link = new ApiLink(this.store);
    const recorder = new EventRecorder(link.store, this.clock);
    const k = new Kubelet(link.store, this.clock, recorder, this.rng.fork(`kubelet/${cfg.name}`), full);
    this.kubelets.set(cfg.name, k);
    this.links.set(cfg.name, { link, recorder });
    k.start();
    return k;
  }

  // ---- faults ----

  /** The machine goes silent: no heartbeats, no status, no pod watch; its containers keep running. */
  stop(name: string): void {
    const k = this.machine(name);
    if (this.stopped.has(name)) throw new Error(`node "${name}" is already stopped`);
    k.stop();
    this.links.get(name)!.link.up = false;
    this.stopped.add(name);
  }

  /** The machine is back: its kubelet reports again and reconciles its pods (once the API server is up). */
  start(name: string): void {
    const k = this.machine(name);
    if (!this.stopped.has(name)) throw new Error(`node "${name}" is not stopped`);
    this.links.get(name)!.link.up = true;
    this.stopped.delete(name);
    if (this.store.available) k.reconnect();
  }

  /** The machine disappears for good (its Node object is the caller's to delete). */
  remove(name: string): void {
    const k = this.machine(name);
    k.stop();
    this.links.get(name)!.link.up = false;
    this.kubelets.delete(name);
    this.links.delete(name);
    this.stopped.delete(name);
  }

  /** The API server stopped or started: every running machine loses or regains it. */
  apiServerChanged(up: boolean): void {
    for (const [name, k] of this.kubelets) {
      if (this.stopped.has(name)) continue;
      if (up) k.reconnect(); else k.stop();
    }
  }

  /** The pod's running containers die on their node (the kubelet applies the restart policy); how many died. */
  killPod(pod: Pod): number {
    const k = pod.spec?.nodeName ? this.kubelets.get(pod.spec.nodeName) : undefined;
    return k ? k.killPodContainers(pod.metadata!.uid!) : 0;
  }

  /** The --event-ttl pass: the kubelets' recorders forget events that expired. */
  pruneEvents(): void {
    for (const { recorder } of this.links.values()) recorder.prune();
  }

  private machine(name: string): Kubelet {
    const k = this.kubelets.get(name);
    if (!k) throw new Error(`node "${name}" not found`);
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

  // ---- node reads ----

  /** A container's log lines from the kubelet that runs the pod; refusals come back as BadRequest. */
  containerLogs(pod: Pod, container: string, previous: boolean): LogLine[] {
    const k = pod.spec?.nodeName ? this.kubelets.get(pod.spec.nodeName) : undefined;
    if (!k) return [];
    try {
      return k.logs(pod, container, previous);
    } catch (e) {
      if (e instanceof ContainerLogError) throw badRequest(e.message);
      throw e;
    }
  }

  /** The pods whose containers a machine runs, whether or not the machine can reach the API server. */
  machinePods(name: string): string[] {
    return (this.kubelets.get(name)?.podUsage() ?? []).map((p) => p.name).sort();
  }

  /** metrics-server reaches only the machines that run (a stopped node's row shows <unknown>). */
  podMetrics(): PodUsage[] {
    return this.reachable().flatMap((k) => k.podUsage());
  }

  nodeMetrics(): NodeUsage[] {
    return this.reachable().map((k) => ({ name: k.nodeName, ...k.nodeUsage() }));
  }

  private reachable(): Kubelet[] {
    return [...this.kubelets.values()].filter((k) => !this.stopped.has(k.nodeName));
  }
}

function ipIndex(ip: string): number {
  return parseCidr(`${ip}/32`).base - parseCidr(NODE_NETWORK).base;
}
