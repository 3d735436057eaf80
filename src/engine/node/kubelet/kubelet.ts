// The kubelet of one simulated node: registers the Node, renews its Lease, and runs the pods bound to it through
// its pod workers on a simulated CRI runtime; it watches memory for node-pressure eviction and answers the
// logs and metrics reads that `kubectl logs` and `kubectl top` make.
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Container, ContainerImage, Node, NodeCondition, Pod, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { Quantity } from '../../api/quantity.ts';
import { sameJson } from '../../api/samejson.ts';
import type { Store } from '../../apiserver/store.ts';
import type { EventRecorder } from '../../client/events.ts';
import { Informer } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import type { SeededRng } from '../../sim/rng.ts';
import type { LogLine } from '../runtime/logs.ts';
import { SimRuntime } from '../runtime/simruntime.ts';
import { containerLogs } from './containerlogs.ts';
import { execInContainer, type ExecOutcome } from './exec.ts';
import type { NetProbe } from '../runtime/nettools/probe.ts';
import { EvictionManager, SYSTEM_CPU_MILLI } from './eviction.ts';
import { DiskManager, diskPressureCondition } from './diskmanager.ts';
import { ImageManager } from './imagemanager.ts';
import { conditions, KUBELET_VERSION, nodeObject, runtimeHandlersOf, type NodeConfig } from './nodestatus.ts';
import { VolumeManager } from './volumemanager.ts';
import { PodFileViews } from './podfiles/kubeletview.ts';
import type { SimCSIDriver } from '../csi/driver.ts';
import { registerCSIDriver } from '../csi/nodeplugin.ts';
import { networkNotReadyError, PodWorkers } from './podworkers.ts';
import { NodeDevices, rejectedPodStatus, type NodeDeviceState } from '../deviceplugin/node.ts';
import type { ResourceClaim, ResourceSlice } from '../../api/resource.ts';
import { gpuResourceSlice, NVIDIA_DRA_DRIVER, preparedGpus } from '../dra/nvidia.ts';

type P = Pod & KubeObject;

/** nodeLeaseDurationSeconds and the renew interval (a quarter of it, as upstream). */
export const NODE_LEASE_DURATION_SECONDS = 40;
export const NODE_LEASE_RENEW_MS = 10_000;
/** nodeStatusReportFrequency: an unchanged status is still posted this often. */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;

const MEMORY_PRESSURE_TAINT: Taint = { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' };

/** The events the kubelet's condition setters record when a condition turns to a status. */
const CONDITION_EVENTS: Record<string, string> = {
  'MemoryPressure=False': 'NodeHasSufficientMemory', 'MemoryPressure=True': 'NodeHasInsufficientMemory',
  'DiskPressure=False': 'NodeHasNoDiskPressure', 'DiskPressure=True': 'NodeHasDiskPressure', 'PIDPressure=False': 'NodeHasSufficientPID', 'Ready=True': 'NodeReady',
  'Ready=False': 'NodeNotReady',
};

export interface ContainerUsage { name: string; cpuMilli: number; memoryBytes: number; cpuThrottledSeconds: number }
export interface PodUsage { namespace: string; name: string; containers: ContainerUsage[] }

export class Kubelet {
  readonly runtime: SimRuntime;
  /** The device manager and, on a GPU machine, its GPUs and the NVIDIA device plugin. */
  readonly devices: NodeDevices;
  /** The CSI driver whose node plugin this machine runs (set before start()). */
  csiDriver: SimCSIDriver | undefined;
  /** Whether the DynamicResourceAllocation gate is on (the kubelet's DRA manager and plugins run). */
  draEnabled: () => boolean = () => false;
  private readonly volumes: VolumeManager;
  /** What exec'd commands see of the pods' files (nothing is kept until someone looks). */
  private readonly files: PodFileViews;
  private readonly pods: PodWorkers;
  private readonly eviction: EvictionManager;
  private readonly disk: DiskManager;
  private podInformer: Informer<P> | undefined;
  private stopHeartbeat: (() => void) | undefined;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    recorder: EventRecorder,
    private readonly rng: SeededRng,
    readonly config: NodeConfig,
    deviceState?: NodeDeviceState,
  ) {
    this.event = recorder.forSource({ component: 'kubelet', host: config.name });
    this.runtime = new SimRuntime(clock, rng.fork('runtime'), KUBELET_VERSION, runtimeHandlersOf(config));
    this.devices = new NodeDevices(config.name, config.gpus, deviceState, { capacityChanged: () => this.postDeviceCapacity(), runtime: this.runtime });
    const images = new ImageManager(clock, this.runtime, this.event, (image, size) => this.recordImage(image, size));
    this.eviction = new EvictionManager(clock, this.runtime, Quantity.parse(config.memory).value(), {
      candidates: () => [...this.pods.all()].filter((w) => w.state === 'syncing').map((w) => ({ uid: w.uid, pod: w.pod, containers: w.containers.filter((r) => !r.init || r.sidecar).map((r) => ({ spec: r.spec, id: r.id })) })),
      evict: (uid, message, grace) => this.evict(uid, message, grace),
      setMemoryPressure: (on) => this.setMemoryPressure(on),
    });
    this.disk = new DiskManager({
      store, clock, runtime: this.runtime, nodeName: config.name, capacityBytes: Quantity.parse(config.ephemeralStorage).value(), emit: this.event,
      candidates: () => [...this.pods.all()].filter((w) => w.state === 'syncing').map((w) => ({ uid: w.uid, pod: w.pod, containers: w.containers.map((r) => ({ spec: r.spec, id: r.id })) })),
      evict: (uid, message, grace) => { const w = this.pods.get(uid); if (w) this.event(w.pod, 'Warning', 'Evicted', message); this.pods.evict(uid, message, grace); },
    });
    this.disk.start();
    this.volumes = new VolumeManager({ clock, store, emit: this.event, nodeName: config.name, csi: () => this.csiDriver });
    this.files = new PodFileViews({ store, clock, nodeName: config.name, nodeIP: config.internalIP });
    this.pods = new PodWorkers({
      volumes: this.volumes,
      clock, store, runtime: this.runtime, images, emit: this.event, nodeName: config.name, hostIP: config.internalIP,
      podCIDR: () => this.store.tryGet<Node>('Node', undefined, config.name)?.spec?.podCIDR,
      usageChanged: () => {
        this.eviction.changed();
        this.disk.changed();
        this.devices.podsChanged(this.activePodUIDs);
      },
      admit: (pod) => this.admitPod(pod),
      deviceConfig: (uid, container) => this.containerDevices(uid, container),
    });
    this.runtime.network.onChange(() => this.clock.defer(() => this.networkChanged()));
  }

  get nodeName(): string { return this.config.name; }

  /** The DRA driver's ResourceSlice for this machine's GPUs, once, while the gate is on (node/dra/nvidia.ts). */
  publishResourceSlices(): void {
    const hw = this.devices.gpus;
    if (!hw || hw.config.driver !== 'dra' || !this.draEnabled()) return;
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    if (this.store.list<ResourceSlice>('ResourceSlice').some((s) => s.spec.nodeName === this.config.name && s.spec.driver === NVIDIA_DRA_DRIVER)) return;
    this.store.create(gpuResourceSlice(node, hw) as unknown as KubeObject);
  }

  /** A container's devices: the device plugins' and the DRA driver's (NodePrepareResources of its claims). */
  private containerDevices(uid: string, container: string): ReturnType<NodeDevices['containerConfig']> {
    const plugin = this.devices.containerConfig(uid, container);
    const hw = this.devices.gpus;
    const pod = hw?.config.driver === 'dra' && this.draEnabled() ? this.podByUID(uid) : undefined;
    const dra = pod && preparedGpus(pod, container, hw!, (name) => this.store.tryGet<ResourceClaim>('ResourceClaim', pod.metadata!.namespace, name));
    if (!dra) return plugin;
    return { envs: [...(plugin.envs ?? []), ...dra.envs], cdiDevices: [...(plugin.cdiDevices ?? []), ...dra.cdiDevices] };
  }

  /** Register the Node (or adopt the existing one after a restore), start heartbeats and the pod watch. */
  start(): void {
    const name = this.config.name;
    let node = this.store.tryGet<Node>('Node', undefined, name);
    if (!node) {
      const now = this.clock.nowRFC3339();
      node = this.store.create(nodeObject({ ...this.config, labels: { ...this.devices.labels(), ...this.config.labels } }, now, this.rng.uuid().replace(/-/g, ''), this.rng.uuid(), this.networkError()));
      this.event(node, 'Normal', 'Starting', 'Starting kubelet.');
      for (const s of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) this.event(node, 'Normal', s, `Node ${name} status is now: ${s}`);
      this.event(node, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
      if (!this.networkError()) this.event(node, 'Normal', 'NodeReady', `Node ${name} status is now: NodeReady`);
    }
    if (this.csiDriver) registerCSIDriver(this.store, this.csiDriver, node);
    for (const img of node.status?.images ?? []) for (const n of img.names ?? []) if (!n.includes('@')) this.runtime.adoptImage(n, img.sizeBytes ?? 0);
    this.devices.start();
    this.publishResourceSlices();
    this.renewLease();
    this.updatePodCIDR();
    // The node status loop runs as often as the lease is renewed; it also hands the runtime the node's podCIDR.
    const stopLease = this.clock.every(NODE_LEASE_RENEW_MS, () => { this.renewLease(); this.updatePodCIDR(); });
    const stopStatus = this.clock.every(NODE_STATUS_REPORT_MS, () => this.postHeartbeat());
    this.stopHeartbeat = () => { stopLease(); stopStatus(); };
    this.podInformer = new Informer<P>(this.store, this.clock, 'Pod', { nodeName: name });
    this.podInformer.addEventHandler({
      add: (p) => this.pods.podUpdated(p),
      update: (_o, p) => this.pods.podUpdated(p),
      delete: (p) => this.pods.podDeleted(p),
    });
    this.podInformer.run();
  }

  stop(): void {
    this.stopHeartbeat?.();
    this.podInformer?.stop();
    this.devices.stop();
  }

  /**
   * Back after stop(): the machine runs again (`sim node start`) or the API server is reachable again. The
   * kubelet posts its own node conditions over the Unknown ones the node lifecycle controller may have set,
   * resumes heartbeats and the pod watch, and reconciles the pods it kept running meanwhile: those deleted in
   * the API are killed, every other one has its status posted again.
   */
  reconnect(): void {
    this.start();
    this.postOwnConditions();
    this.pods.resync(new Set(this.podInformer!.list().map((p) => p.metadata.uid!)));
  }

  /** `sim pod kill`: the pod's running containers die as if the node killed them (the restart policy applies). */
  killPodContainers(uid: string): number {
    const sandbox = this.pods.get(uid)?.sandboxId;
    const running = sandbox ? this.runtime.listContainers(sandbox).filter((c) => c.state === 'CONTAINER_RUNNING') : [];
    for (const c of running) this.runtime.kill(c.id);
    return running.length;
  }

  /** `sim container crash`: the named running container of the pod exits with an error; false if none runs. */
  crashContainer(uid: string, container: string): boolean {
    const sandbox = this.pods.get(uid)?.sandboxId;
    const running = sandbox ? this.runtime.listContainers(sandbox).find((c) => c.state === 'CONTAINER_RUNNING' && c.name === container) : undefined;
    if (running) this.runtime.crash(running.id);
    return !!running;
  }

  // ---- reads for kubectl logs / top ----

  /** The pod a worker runs (the pods the device manager names by UID). */
  podByUID(uid: string): Pod | undefined { return this.pods.get(uid)?.pod ?? this.podInformer?.list().find((p) => p.metadata.uid === uid); }

  /** The lines of one container of a pod on this node (throws ContainerLogError like the kubelet refuses). */
  logs(pod: Pod, container: string, previous: boolean): LogLine[] {
    return containerLogs(this.runtime, pod, container, previous);
  }

  /** `kubectl exec` in a container of a pod on this node. */
  exec(pod: Pod, container: string, cmd: string[], net?: NetProbe, stdin?: string): ExecOutcome {
    const sandboxId = this.pods.get(pod.metadata?.uid ?? '')?.sandboxId;
    const files = (id: string, spec: Container) => sandboxId && this.files.tree(pod, spec, id, this.runtime.podSandboxStatus(sandboxId)?.metadata.hostname ?? '',
      this.runtime.writtenFiles(sandboxId), (uid, cid) => !!this.pods.get(uid) && (!cid || !!this.runtime.containerStatus(cid)));
    return execInContainer(this.runtime, { configMap: (ns, n) => this.store.tryGet('ConfigMap', ns, n), secret: (ns, n) => this.store.tryGet('Secret', ns, n) }, pod, container, cmd, (id, spec) => files(id, spec) || undefined, net, stdin);
  }

  /** Current use of every running pod (metrics-server's view of this node's summary API). */
  podUsage(): PodUsage[] {
    const out: PodUsage[] = [];
    for (const w of this.pods.all()) {
      if (w.state === 'terminated') continue;
      const containers: ContainerUsage[] = [];
      for (const r of w.containers) {
        const s = r.id ? this.runtime.containerStats(r.id) : undefined;
        if (s) containers.push({ name: r.spec.name, cpuMilli: s.cpuMilli, memoryBytes: s.memoryBytes, cpuThrottledSeconds: s.cpuThrottledSeconds });
      }
      if (containers.length) out.push({ namespace: w.pod.metadata.namespace ?? 'default', name: w.pod.metadata.name!, containers });
    }
    return out;
  }

  /**
   * SIMULATION: whether the pod's server answers a connection now (network/traffic's request model): 'gone' when
   * no container of it runs, 'refused' while its readiness behaviour fails (the app is not up), else 'serving'.
   */
  podAnswers(uid: string): 'serving' | 'refused' | 'gone' {
    const w = this.pods.get(uid);
    const running = (w?.containers ?? []).filter((r) => r.id && this.runtime.containerStatus(r.id)?.state === 'CONTAINER_RUNNING');
    if (!running.length) return 'gone';
    return running.every((r) => this.runtime.answers(r.id!, 'readiness')) ? 'serving' : 'refused';
  }

  /** The node's use: its pods and the system. */
  nodeUsage(): { cpuMilli: number; memoryBytes: number } {
    let cpu = SYSTEM_CPU_MILLI;
    for (const p of this.podUsage()) for (const c of p.containers) cpu += c.cpuMilli;
    return { cpuMilli: cpu, memoryBytes: this.eviction.observe().usedBytes };
  }

  // ---- node ----

  private renewLease(): void {
    const name = this.config.name;
    const renewTime = new Date(this.clock.now()).toISOString().replace('Z', '000Z');
    const existing = this.store.tryGet<Lease>('Lease', 'kube-node-lease', name);
    if (existing) {
      this.store.update({ ...existing, spec: { ...existing.spec, renewTime } } as KubeObject);
      return;
    }
    const node = this.store.tryGet('Node', undefined, name);
    this.store.create({
      apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
      metadata: {
        name, namespace: 'kube-node-lease',
        ...(node ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid! }] } : {}),
      },
      spec: { holderIdentity: name, leaseDurationSeconds: NODE_LEASE_DURATION_SECONDS, renewTime },
    });
  }

  private postHeartbeat(): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    const now = this.clock.nowRFC3339();
    const conditions = (node.status?.conditions ?? []).map((c) => ({ ...c, lastHeartbeatTime: now }));
    this.store.update({ ...node, status: { ...node.status, conditions } } as KubeObject, { subresource: 'status' });
  }

  /** The condition setters' view (memory pressure from the eviction manager), with an event per transition. */
  private postOwnConditions(): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    const now = this.clock.nowRFC3339();
    const notReady = this.networkError();
    const own = (notReady ? conditions(now, false, notReady) : conditions(now, true)).map((c) => (c.type === 'MemoryPressure' && this.eviction.underPressure()
      ? { ...c, status: 'True', reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available' } : c))
      .map((c) => (c.type === 'DiskPressure' ? { ...c, ...diskPressureCondition(this.disk.underPressure()) } : c));
    const old = node.status?.conditions ?? [];
    const transitions: string[] = [];
    const merged = own.map((c) => {
      const prev = old.find((o) => o.type === c.type);
      if (prev?.status === c.status) return { ...c, lastTransitionTime: prev.lastTransitionTime };
      transitions.push(CONDITION_EVENTS[`${c.type}=${c.status}`]);
      return c;
    });
    const next = [...old.map((o) => merged.find((c) => c.type === o.type) ?? o), ...merged.filter((c) => !old.some((o) => o.type === c.type))];
    this.store.update({ ...node, status: { ...node.status, conditions: next } } as KubeObject, { subresource: 'status' });
    for (const reason of transitions) this.event(node, 'Normal', reason, `Node ${this.config.name} status is now: ${reason}`);
  }

  /** The runtime's network error for the Ready condition, or undefined when NetworkReady=true. */
  private networkError(): string | undefined {
    const net = this.runtime.networkStatus();
    return net.ready ? undefined : networkNotReadyError(net);
  }

  /** updatePodCIDR: the runtime (and its CNI) learns the node's podCIDR once the IPAM controller set it. */
  private updatePodCIDR(): void {
    const cidr = this.store.tryGet<Node>('Node', undefined, this.config.name)?.spec?.podCIDR;
    if (cidr) this.runtime.updateRuntimeConfig(cidr);
  }

  /**
   * NetworkReady changed (a CNI configuration appeared or went): the Ready condition follows, and pods waiting
   * for the network are synced.
   * Simplification: the kubelet notices at once, not at its next runtime status check (every 5 s).
   */
  private networkChanged(): void {
    this.postOwnConditions();
    if (this.runtime.networkStatus().ready) this.pods.networkReady();
  }

  private evict(uid: string, message: string, graceSeconds: number): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (node) this.event(node, 'Warning', 'EvictionThresholdMet', 'Attempting to reclaim memory');
    const w = this.pods.get(uid);
    if (w) this.event(w.pod, 'Warning', 'Evicted', message);
    this.pods.evict(uid, message, graceSeconds);
  }

  /** The MemoryPressure condition, its node event, and the memory-pressure taint. */
  private setMemoryPressure(on: boolean): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    const now = this.clock.nowRFC3339();
    const reason = on ? 'KubeletHasInsufficientMemory' : 'KubeletHasSufficientMemory';
    const message = on ? 'kubelet has insufficient memory available' : 'kubelet has sufficient memory available';
    const conditions: NodeCondition[] = (node.status?.conditions ?? []).map((c) => (c.type === 'MemoryPressure'
      ? { ...c, status: on ? 'True' : 'False', reason, message, lastHeartbeatTime: now, lastTransitionTime: now } : c));
    const updated = this.store.update({ ...node, status: { ...node.status, conditions } } as KubeObject, { subresource: 'status' }) as Node & KubeObject;
    const taints = (updated.spec?.taints ?? []).filter((t) => !(t.key === MEMORY_PRESSURE_TAINT.key && t.effect === MEMORY_PRESSURE_TAINT.effect));
    if (on) taints.push(MEMORY_PRESSURE_TAINT);
    const { taints: _old, ...spec } = updated.spec ?? {};
    this.store.update({ ...updated, spec: taints.length ? { ...spec, taints } : spec } as KubeObject);
    const status = on ? 'NodeHasInsufficientMemory' : 'NodeHasSufficientMemory';
    this.event(updated, 'Normal', status, `Node ${this.config.name} status is now: ${status}`);
  }

  /** The device plugin resources' capacity and allocatable, in the node status. */
  private postDeviceCapacity(): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    const status = node && this.devices.nodeStatus(node.status);
    if (status) this.store.update({ ...node, status } as KubeObject, { subresource: 'status' });
  }

  /** The device manager's activePods: pods bound here that have not finished (none until the pod list is in). */
  private activePods(): P[] | undefined {
    if (!this.podInformer?.hasSynced()) return undefined;
    return this.podInformer.list().filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && this.pods.get(p.metadata.uid!)?.state !== 'terminated');
  }

  /**
   * canAdmitPod's device allocation and extended resource fit; a rejected pod gets an event and a Failed status
   * (rejectPod). `cur` is the pod as stored now.
   */
  private admitPod(cur: P): boolean {
    // An older event of a pod already rejected is not admitted twice.
    if (cur.status?.phase === 'Failed') return false;
    // The Node is read only for a pod that asks for devices or extended resources.
    const r = this.devices.admit(cur, this.activePodList, this.allocatable);
    if (r.admit) return true;
    this.event(cur, 'Warning', r.reason!, r.message!);
    this.store.update({ ...cur, status: rejectedPodStatus(cur, r.reason!, r.message!, this.clock.nowRFC3339()) } as KubeObject, { subresource: 'status' });
    return false;
  }

  /** The device manager's read of the active pods' UIDs, made only on a node with devices (a closure made once). */
  private readonly activePodUIDs = (): ReadonlySet<string> | undefined => {
    const active = this.activePods();
    return active && new Set(active.map((p) => p.metadata.uid!));
  };

  // admitPod's reads, made only for a pod that asks for devices or extended resources (closures made once).
  private readonly activePodList = (): P[] => this.activePods() ?? [];
  private readonly allocatable = () => (this.store.tryGet<Node>('Node', undefined, this.config.name)?.status?.allocatable ?? {}) as Record<string, string>;

  private recordImage(image: string, size: number): void {
    this.disk.changed();
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    const present = this.runtime.imageStatus(image);
    const digest = present?.id ?? image;
    const name = present?.repoTags[0] ?? image;
    const had = node.status?.images ?? [];
    // The pods that waited for one pull each record it: after the first, the list already ends with it and no
    // other entry names it, so the write would change nothing (and cost two comparisons of the whole Node).
    if (endsWithImage(had, digest, name, size)) return;
    const images = [...had.filter((i) => !i.names?.includes(name)), { names: [digest, name], sizeBytes: size }];
    this.store.update({ ...node, status: { ...node.status, images } } as KubeObject, { subresource: 'status' });
  }
}

/** Whether recordImage's list would be `images` itself: its last entry is { names: [digest, name], sizeBytes: size }, alone in naming `name`. */
export function endsWithImage(images: ContainerImage[], digest: string, name: string, size: number): boolean {
  const last = images[images.length - 1];
  if (!last || !sameJson(last, { names: [digest, name], sizeBytes: size })) return false;
  for (let i = 0; i < images.length - 1; i++) if (images[i].names?.includes(name)) return false;
  return true;
}
