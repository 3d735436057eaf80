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
import type { ExecOutcome } from './kubelet/exec.ts';
import { Kubelet, type PodUsage } from './kubelet/kubelet.ts';
import type { NodeConfig } from './kubelet/nodestatus.ts';
import type { LogLine } from './runtime/logs.ts';
import type { SimCSIDriver } from './csi/driver.ts';
import type { NodeDeviceState } from './deviceplugin/node.ts';
import { isGfdLabel } from './deviceplugin/nvidia/labels.ts';
import type { NodeGpuView } from './deviceplugin/view.ts';
import type { CniNetwork } from './cni/network.ts';
import type { NetProbe } from './runtime/nettools/probe.ts';

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
  /** The CSI driver every machine runs the node plugin of (the composition root sets it). */
  csiDriver: SimCSIDriver | undefined;
  /** Whether the DynamicResourceAllocation gate is on (the composition root sets it). */
  draEnabled: () => boolean = () => false;

  constructor(private readonly store: Store, private readonly clock: SimClock, private readonly rng: SeededRng) {}

  has(name: string): boolean { return this.kubelets.has(name); }
  configs(): NodeConfig[] { return [...this.kubelets.values()].map((k) => k.config); }
  isStopped(name: string): boolean { return this.stopped.has(name); }

  /** files: the machine's CNI files when it is restored from a snapshot. */
  add(cfg: Omit<NodeConfig, 'internalIP' | 'ephemeralStorage'> & Partial<Pick<NodeConfig, 'internalIP' | 'ephemeralStorage'>>, files?: Record<string, string>, devices?: NodeDeviceState): Kubelet {
    const base = parseCidr(NODE_NETWORK).base;
    const full: NodeConfig = { ephemeralStorage: '100Gi', internalIP: formatIp(base + this.nextIP++), ...cfg };
    const link = new ApiLink(this.store);
    const recorder = new EventRecorder(link.store, this.clock);
    const k = new Kubelet(link.store, this.clock, recorder, this.rng.fork(`kubelet/${cfg.name}`), full, devices);
    this.kubelets.set(cfg.name, k);
    this.links.set(cfg.name, { link, recorder });
    if (files) k.runtime.network.files.load(files);
    k.csiDriver = this.csiDriver;
    k.draEnabled = this.draEnabled;
    // A process waiting on the network (`until nslookup db; …`) sees it as kubectl exec does.
    k.runtime.netFor = (sandboxId) => {
      const sandbox = k.runtime.podSandboxStatus(sandboxId);
      const pod = sandbox ? k.podByUID(sandbox.metadata.uid) : undefined;
      // The sandbox has its address before the kubelet publishes it in the pod's status (init containers run then).
      return pod && this.netProbe?.(pod, sandbox!.ip);
    };
    k.start();
    return k;
  }

  /** The DynamicResourceAllocation gate turned on: running kubelets publish their DRA drivers' slices. */
  draEnabledChanged(): void {
    for (const [name, k] of this.kubelets) if (!this.stopped.has(name)) k.publishResourceSlices();
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

  /** One container of the pod crashes on its node (exit code 1; the kubelet applies the restart policy). */
  crashContainer(pod: Pod, container: string): boolean {
    const k = pod.spec?.nodeName ? this.kubelets.get(pod.spec.nodeName) : undefined;
    return k ? k.crashContainer(pod.metadata!.uid!, container) : false;
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
  resume(nodes: Node[], files: Record<string, Record<string, string>> = {}, devices: Record<string, NodeDeviceState> = {}, runtimeHandlers: Record<string, string[]> = {}): void {
    for (const n of nodes) {
      const ip = n.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
      if (ip) this.nextIP = Math.max(this.nextIP, ipIndex(ip) + 1);
      const state = devices[n.metadata!.name!];
      const labels = Object.fromEntries(Object.entries(n.metadata?.labels ?? {}).filter(([k]) => !DEFAULT_LABELS.has(k) && !(state?.gpus && isGfdLabel(k))));
      const cap = (n.status?.capacity ?? {}) as Record<string, string>;
      this.add({
        name: n.metadata!.name!, cpu: cap.cpu ?? '1', memory: cap.memory ?? '1Gi', pods: Number(cap.pods ?? 110),
        ephemeralStorage: cap['ephemeral-storage'] ?? '100Gi', labels, taints: n.spec?.taints ?? [], internalIP: ip,
        ...(state?.gpus ? { gpus: state.gpus } : {}),
        ...(runtimeHandlers[n.metadata!.name!] ? { runtimeHandlers: runtimeHandlers[n.metadata!.name!] } : {}),
      }, files[n.metadata!.name!], state);
    }
  }

  // ---- pod network ----

  /** Each machine's CNI side (its configuration, plugins and pod addresses). */
  networks(): { node: string; network: CniNetwork }[] {
    return [...this.kubelets.values()].map((k) => ({ node: k.nodeName, network: k.runtime.network }));
  }

  /** The machines configured with runtimes beyond the defaults, for a snapshot. */
  runtimeHandlers(): Record<string, string[]> {
    return Object.fromEntries([...this.kubelets.values()].filter((k) => k.config.runtimeHandlers?.length).map((k) => [k.nodeName, k.config.runtimeHandlers!]));
  }

  /** Every machine's CNI files, for a snapshot. */
  hostFiles(): Record<string, Record<string, string>> {
    return Object.fromEntries([...this.kubelets.values()].map((k) => [k.nodeName, k.runtime.network.files.dump()]));
  }

  // ---- devices ----

  /** Each machine's devices to keep in a snapshot (machines without GPUs or allocations are left out). */
  deviceStates(): Record<string, NodeDeviceState> {
    const out: Record<string, NodeDeviceState> = {};
    for (const [name, k] of this.kubelets) {
      const s = k.devices.state();
      if (s.gpus || s.checkpoint?.Data.PodDeviceEntries.length) out[name] = s;
    }
    return out;
  }

  /** The GPUs of every GPU machine, in node name order. */
  gpuViews(): NodeGpuView[] {
    return [...this.kubelets.keys()].sort().flatMap((name) => this.gpuView(name) ?? []);
  }

  gpuView(name: string): NodeGpuView | undefined {
    const k = this.machine(name);
    return k.devices.view(name, (uid) => k.podByUID(uid));
  }

  /** `sim gpu fail|heal`: an XID error on one GPU of a machine, or its reset. */
  gpuFault(name: string, index: number, xid: number | 'heal'): void {
    const gpus = this.machine(name).devices.gpus;
    if (!gpus) throw new Error(`node "${name}" has no GPUs`);
    if (xid === 'heal') gpus.heal(index); else gpus.xid(index, xid);
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

  /** `kubectl exec`: the kubelet that runs the pod runs the command (the API server cannot reach a stopped machine). */
  execInContainer(pod: Pod, container: string, cmd: string[], stdin?: string): ExecOutcome {
    const node = pod.spec?.nodeName ?? '';
    const k = this.kubelets.get(node);
    if (!k || this.stopped.has(node)) return { error: `error dialing backend: dial tcp ${k?.config.internalIP ?? node}:10250: i/o timeout` };
    return k.exec(pod, container, cmd, this.netProbe?.(pod), stdin);
  }

  /** The pods whose containers a machine runs, whether or not the machine can reach the API server. */
  machinePods(name: string): string[] {
    return (this.kubelets.get(name)?.podUsage() ?? []).map((p) => p.name).sort();
  }

  /** CPU that traffic puts on a pod (network/traffic), added to what its containers' behaviour uses. */
  loadCpuMilli: ((namespace: string, name: string) => number) | undefined;
  /**
   * The pod network as a pod's programs see it (cluster.ts wires the data plane in), for `kubectl exec curl` ….
   * sandboxIP: the pod's address while its status does not show it yet.
   */
  netProbe: ((pod: Pod, sandboxIP?: string) => NetProbe) | undefined;

  /** metrics-server reaches only the machines that run (a stopped node's row shows <unknown>). */
  podMetrics(): PodUsage[] {
    return this.reachable().flatMap((k) => k.podUsage().map((u) => this.withLoad(u)));
  }

  /** The traffic load goes to the pod's first container. */
  private withLoad(u: PodUsage): PodUsage {
    const extra = this.loadCpuMilli?.(u.namespace, u.name) ?? 0;
    if (!extra || !u.containers.length) return u;
    return { ...u, containers: u.containers.map((c, i) => (i === 0 ? { ...c, cpuMilli: c.cpuMilli + extra } : c)) };
  }

  /** SIMULATION: whether a pod's server answers (see Kubelet.podAnswers); 'gone' on a stopped or unknown machine. */
  podAnswers(pod: Pod): 'serving' | 'refused' | 'gone' {
    const name = pod.spec?.nodeName;
    const k = name ? this.kubelets.get(name) : undefined;
    if (!k || this.stopped.has(name!)) return 'gone';
    return k.podAnswers(pod.metadata!.uid!);
  }

  nodeMetrics(): NodeUsage[] {
    return this.reachable().map((k) => {
      const u = k.nodeUsage();
      const load = k.podUsage().reduce((sum, p) => sum + (this.loadCpuMilli?.(p.namespace, p.name) ?? 0), 0);
      return { name: k.nodeName, ...u, cpuMilli: u.cpuMilli + load };
    });
  }

  private reachable(): Kubelet[] {
    return [...this.kubelets.values()].filter((k) => !this.stopped.has(k.nodeName));
  }
}

function ipIndex(ip: string): number {
  return parseCidr(`${ip}/32`).base - parseCidr(NODE_NETWORK).base;
}
