// The kubelet of one simulated node: registers the Node, renews its Lease, and runs the pods bound to it
// through sandbox, image pull, create and start, then stops them when they are deleted.
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Container, Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { isPodTerminal } from '../../api/pod.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { EventRecorder } from '../../client/events.ts';
import { Informer } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import type { SeededRng } from '../../sim/rng.ts';
import { formatIp, parseCidr } from '../../api/cidr.ts';
import { imageDigest, imageSize, parseImage, pullDurationMs } from '../runtime/images.ts';
import { nodeObject, type NodeConfig } from './nodestatus.ts';
import { containerStatus, podStatus, type ContainerPhase } from './podstatus.ts';

type P = Pod & KubeObject;

/** nodeLeaseDurationSeconds and the renew interval (a quarter of it, as upstream). */
export const NODE_LEASE_DURATION_SECONDS = 40;
export const NODE_LEASE_RENEW_MS = 10_000;
/** nodeStatusReportFrequency: an unchanged status is still posted this often. */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;
/** SIMULATION: time to create a pod sandbox (pause container + network setup). */
export const SANDBOX_SETUP_MS = 500;
/** SIMULATION: time for a container to be created and started once its image is present. */
export const CONTAINER_START_MS = 200;
/** SIMULATION: a container exits this long after SIGTERM (well-behaved processes stop quickly). */
export const CONTAINER_STOP_MS = 1_000;

interface PodWorker {
  uid: string;
  podIP?: string;
  containers: Map<string, ContainerPhase>;
  terminating: boolean;
}

export class Kubelet {
  private readonly workers = new Map<string, PodWorker>();
  private readonly usedIPs = new Set<string>();
  private readonly images = new Set<string>();
  private podInformer: Informer<P> | undefined;
  private stopHeartbeat: (() => void) | undefined;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    recorder: EventRecorder,
    private readonly rng: SeededRng,
    readonly config: NodeConfig,
  ) {
    this.event = recorder.forSource({ component: 'kubelet', host: config.name });
  }

  get nodeName(): string { return this.config.name; }

  /** Register the Node (or adopt the existing one after a restore), start heartbeats and the pod watch. */
  start(): void {
    const name = this.config.name;
    let node = this.store.tryGet<Node>('Node', undefined, name);
    if (!node) {
      const now = this.clock.nowRFC3339();
      node = this.store.create(nodeObject(this.config, now, this.rng.uuid().replace(/-/g, ''), this.rng.uuid()));
      this.event(node, 'Normal', 'Starting', 'Starting kubelet.');
      for (const s of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) this.event(node, 'Normal', s, `Node ${name} status is now: ${s}`);
      this.event(node, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
      this.event(node, 'Normal', 'NodeReady', `Node ${name} status is now: NodeReady`);
    }
    for (const img of node.status?.images ?? []) for (const n of img.names ?? []) this.images.add(n);
    this.renewLease();
    const stopLease = this.clock.every(NODE_LEASE_RENEW_MS, () => this.renewLease());
    const stopStatus = this.clock.every(NODE_STATUS_REPORT_MS, () => this.postHeartbeat());
    this.stopHeartbeat = () => { stopLease(); stopStatus(); };
    this.podInformer = new Informer<P>(this.store, this.clock, 'Pod', { nodeName: name });
    this.podInformer.addEventHandler({
      add: (p) => this.syncPod(p),
      update: (_o, p) => this.syncPod(p),
      delete: (p) => this.cleanup(p),
    });
    this.podInformer.run();
  }

  stop(): void {
    this.stopHeartbeat?.();
    this.podInformer?.stop();
  }

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

  // ---- pods ----

  private syncPod(pod: P): void {
    const uid = pod.metadata.uid!;
    let w = this.workers.get(uid);
    if (pod.metadata.deletionTimestamp) {
      if (!w) w = this.adopt(pod);
      if (!w.terminating) this.killPod(pod, w);
      return;
    }
    if (w || isPodTerminal(pod)) return;
    // A pod the kubelet finds already running (after a restore) keeps running; anything else starts now.
    if (pod.status?.phase === 'Running' && pod.status.podIP) { this.adopt(pod); return; }
    w = { uid, containers: new Map(), terminating: false };
    this.workers.set(uid, w);
    for (const c of pod.spec?.containers ?? []) w.containers.set(c.name, { state: 'waiting', reason: 'ContainerCreating' });
    this.writeStatus(pod, w);
    this.clock.after(SANDBOX_SETUP_MS, () => this.createSandbox(uid));
  }

  private adopt(pod: P): PodWorker {
    const w: PodWorker = { uid: pod.metadata.uid!, podIP: pod.status?.podIP, containers: new Map(), terminating: false };
    if (w.podIP) this.usedIPs.add(w.podIP);
    for (const cs of pod.status?.containerStatuses ?? []) {
      w.containers.set(cs.name, cs.state?.running
        ? { state: 'running', startedAt: cs.state.running.startedAt!, imageID: cs.imageID, containerID: cs.containerID ?? '' }
        : { state: 'waiting', reason: cs.state?.waiting?.reason ?? 'ContainerCreating' });
    }
    this.workers.set(w.uid, w);
    return w;
  }

  private current(uid: string): P | undefined {
    const cached = this.podInformer?.list().find((p) => p.metadata.uid === uid);
    if (!cached) return undefined;
    return this.store.tryGet<Pod>('Pod', cached.metadata.namespace, cached.metadata.name!) as P | undefined;
  }

  private createSandbox(uid: string): void {
    const w = this.workers.get(uid);
    const pod = this.current(uid);
    if (!w || !pod || w.terminating) return;
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    const cidr = node?.spec?.podCIDR;
    if (!cidr) {
      // The node IPAM controller has not assigned a podCIDR yet: the network plugin cannot set up the sandbox.
      this.clock.after(1_000, () => this.createSandbox(uid));
      return;
    }
    const ip = this.allocateIP(cidr);
    if (!ip) {
      this.event(pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: plugin type="host-local" failed (add): failed to allocate for range 0: no IP addresses available in range set: ${cidr}`);
      this.clock.after(10_000, () => this.createSandbox(uid));
      return;
    }
    w.podIP = ip;
    this.writeStatus(pod, w);
    this.startContainers(uid, pod.spec?.containers ?? [], 0);
  }

  /** Containers start in order; each image is pulled first unless present (and the policy allows). */
  private startContainers(uid: string, containers: Container[], i: number): void {
    const w = this.workers.get(uid);
    const pod = this.current(uid);
    if (!w || !pod || w.terminating || i >= containers.length) return;
    const c = containers[i];
    const image = c.image ?? '';
    const ref = parseImage(image);
    const fieldPath = `spec.containers{${c.name}}`;
    const present = this.images.has(ref.name);
    const policy = c.imagePullPolicy ?? (ref.tag === 'latest' ? 'Always' : 'IfNotPresent');
    let delay = CONTAINER_START_MS;
    if (policy === 'Never' || (present && policy === 'IfNotPresent')) {
      this.event(pod, 'Normal', 'Pulled', `Container image "${image}" already present on machine`, fieldPath);
    } else {
      const pull = pullDurationMs(image);
      this.event(pod, 'Normal', 'Pulling', `Pulling image "${image}"`, fieldPath);
      this.clock.after(pull, () => {
        const p = this.current(uid);
        if (!p) return;
        this.images.add(ref.name);
        const secs = (pull / 1000).toFixed(3).replace(/\.?0+$/, '');
        this.event(p, 'Normal', 'Pulled', `Successfully pulled image "${image}" in ${secs}s (${secs}s including waiting). Image size: ${imageSize(image)} bytes.`, fieldPath);
        this.recordImage(image);
      });
      delay += pull;
    }
    this.clock.after(delay, () => {
      const p = this.current(uid);
      const wk = this.workers.get(uid);
      if (!p || !wk || wk.terminating) return;
      this.event(p, 'Normal', 'Created', `Created container: ${c.name}`, fieldPath);
      this.event(p, 'Normal', 'Started', `Started container ${c.name}`, fieldPath);
      wk.containers.set(c.name, { state: 'running', startedAt: this.clock.nowRFC3339(), imageID: imageDigest(image), containerID: `containerd://${this.containerId()}` });
      this.writeStatus(p, wk);
      this.startContainers(uid, containers, i + 1);
    });
  }

  private killPod(pod: P, w: PodWorker): void {
    w.terminating = true;
    for (const c of pod.spec?.containers ?? []) {
      if (w.containers.get(c.name)?.state === 'running') this.event(pod, 'Normal', 'Killing', `Stopping container ${c.name}`, `spec.containers{${c.name}}`);
    }
    const grace = (pod.metadata.deletionGracePeriodSeconds ?? 30) * 1000;
    this.clock.after(Math.min(grace, CONTAINER_STOP_MS), () => {
      const p = this.store.tryGet<Pod>('Pod', pod.metadata.namespace, pod.metadata.name!);
      if (!p || p.metadata.uid !== w.uid) return;
      // The status manager confirms the deletion once every container has stopped.
      try {
        this.store.delete('Pod', p.metadata.namespace, p.metadata.name!, { gracePeriodSeconds: 0 });
      } catch (e) {
        if (!isStatusError(e, 'NotFound')) throw e;
      }
    });
  }

  private cleanup(pod: P): void {
    const w = this.workers.get(pod.metadata.uid!);
    if (w?.podIP) this.usedIPs.delete(w.podIP);
    this.workers.delete(pod.metadata.uid!);
  }

  private writeStatus(pod: P, w: PodWorker): void {
    const containers = (pod.spec?.containers ?? []).map((c) => containerStatus(c.name, c.image ?? '', w.containers.get(c.name) ?? { state: 'waiting', reason: 'ContainerCreating' }));
    const status = podStatus(pod, { now: this.clock.nowRFC3339(), hostIP: this.config.internalIP, podIP: w.podIP, sandboxReady: !!w.podIP, containers });
    try {
      this.store.update({ ...pod, status } as P, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /** host-local IPAM: the first free address of the node's range, skipping network, gateway and broadcast. */
  private allocateIP(cidr: string): string | undefined {
    const c = parseCidr(cidr);
    const size = 2 ** (32 - c.prefix);
    for (let i = 2; i < size - 1; i++) {
      const ip = formatIp(c.base + i);
      if (!this.usedIPs.has(ip)) {
        this.usedIPs.add(ip);
        return ip;
      }
    }
    return undefined;
  }

  private recordImage(image: string): void {
    const node = this.store.tryGet<Node>('Node', undefined, this.config.name);
    if (!node) return;
    const names = [imageDigest(image), parseImage(image).name];
    const images = [...(node.status?.images ?? []).filter((i) => !i.names?.includes(names[1])), { names, sizeBytes: imageSize(image) }];
    this.store.update({ ...node, status: { ...node.status, images } } as KubeObject, { subresource: 'status' });
  }

  private containerId(): string {
    let s = '';
    while (s.length < 64) s += this.rng.nextUint32().toString(16).padStart(8, '0');
    return s;
  }
}
