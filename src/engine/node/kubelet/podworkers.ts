// The kubelet's pod workers (pkg/kubelet/pod_workers.go with kuberuntime_manager.go's SyncPod and
// computePodActions): one worker per pod moves it through sandbox, init containers in order, native sidecars,
// the main containers, restarts with CrashLoopBackOff, probes, and termination (preStop, SIGTERM, SIGKILL at the
// grace period, sidecars last), then reports the terminal phase and confirms a deletion.
//
// A worker does one CRI step at a time (busy while it runs). Its sync is level-triggered and idempotent: it runs
// when the pod changes, a container starts or dies, a probe result changes, or a backoff ends; nothing ticks.
// Simplifications: a container restarts exactly when its backoff ends (upstream, at the pod worker's next sync
// after that); the BackOff event is recorded once per crash (upstream, at every sync during the backoff);
// postStart hooks take no time; in-place resize is not run. Ephemeral containers start before the init containers
// (as SyncPod's step 5), one CRI step at a time like the others, and are never restarted.
import type { Container, ContainerStatus, Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store, StoreEvent } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { goDuration, type SimClock, type TimerId } from '../../sim/clock.ts';
import { BEHAVIOR_ANNOTATION, containerBehavior, parseBehavior, type ContainerBehavior, type ParsedBehavior, type ProbeType } from '../runtime/behavior.ts';
import type { ContainerConfig, ContainerStatus as CriStatus, RuntimeEvent } from '../runtime/cri.ts';
import type { SimRuntime } from '../runtime/simruntime.ts';
import { Backoff } from './backoff.ts';
import { apiContainerStatus, fieldPath, type ContainerList, isRestartableInitContainer, limitsOf, preStopMs, securityOf, shouldRestart } from './containers.ts';
import type { EnsureResult, ImageManager } from './imagemanager.ts';
import { podStatus, stored, type StatusInput } from './podstatus.ts';
import { podDNS } from './podfiles/resolvconf.ts';
import type { VolumeManager } from './volumemanager.ts';
import { Prober, type ProbeResult } from './prober.ts';
import { StepQueue } from './stepqueue.ts';

type P = Pod & KubeObject;
type Emit = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string) => void;

/** SIMULATION: time to create a pod sandbox (pause container + network setup). */
export const SANDBOX_SETUP_MS = 500;
/** SIMULATION: a sandbox in the host's network namespace needs no CNI setup, only its pause container. */
export const HOST_NETWORK_SANDBOX_SETUP_MS = 100;
/** SIMULATION: time to stop a pod sandbox (network teardown, pause container) once its containers are gone. */
export const SANDBOX_TEARDOWN_MS = 500;
/** SIMULATION: time for a container to be created and started once its image is present. */
export const CONTAINER_START_MS = 200;
/** The PLEG relists every second: that is how soon the kubelet acts on a container that died or failed to start. */
export const PLEG_RELIST_MS = 1_000;
/** minimumGracePeriodInSeconds: containers always get this long after SIGTERM (unless an override says less). */
export const MIN_GRACE_SECONDS = 2;
/** A pod without the behaviour annotation: shared by every such worker (behaviorOf replaces it, never changes it). */
const NO_BEHAVIOR: PodWorker['behavior'] = { text: undefined, parsed: { settings: new Map(), errors: [] } };
/** No container statuses (the init list of a pod without init containers): shared, never changed. */
const NO_STATUSES: ContainerStatus[] = Object.freeze([]) as unknown as ContainerStatus[];
const NO_CONTAINERS: readonly Container[] = Object.freeze([]);
/** A status write's options: the status is built for it, and stored as it is (handed over). */
const STATUS_WRITE = Object.freeze({ subresource: 'status', handOver: true } as const);
/** workerBackOffPeriod: a pod whose sync failed (network not ready, CNI failure) is synced again this much later. */
const CNI_FAILURE_RETRY_MS = 10_000;

interface ContainerRecord {
  spec: Container;
  init: boolean;
  /** An ephemeral container (kubectl debug's): started once, never restarted, not in the pod's readiness. */
  ephemeral: boolean;
  /** fieldPath(list, name): its events' field path (the name stays when the spec is replaced). */
  path: string;
  sidecar: boolean;
  /** The latest instance, and the one before it (kept for lastState and logs --previous). */
  id?: string;
  previousId?: string;
  restartCount: number;
  waiting?: { reason: string; message?: string };
  /** Do not try to start before this time (a backoff, or the next relist after an error). */
  notBefore: number;
  /** A sidecar whose startup has succeeded once: it no longer blocks initialization. */
  everStarted: boolean;
  /** The instance a BackOff event was recorded for (one per crash). */
  announced?: string;
  /** The instance being stopped. */
  stopping?: string;
  /** Restart at once, whatever the restart policy says (its definition changed). */
  forceRestart?: boolean;
}

interface Termination {
  cause: 'deleted' | 'evicted' | 'deadline' | 'completed';
  /** When the pod's grace period ends. */
  deadline: number;
  /** Eviction's grace period override: honoured exactly. */
  override?: number;
  failure?: { reason: string; message: string; disruption?: PodCondition };
}

interface PodWorker {
  uid: string;
  pod: P;
  /**
   * The pod as stored now (undefined once it is gone), kept by the node's pod watch: what the status manager
   * reads before each write, without a lookup in the store's map of every pod (five per pod).
   */
  stored: P | undefined;
  /** When the kubelet took the pod (the probes' tick grid). */
  epoch: number;
  containers: ContainerRecord[];
  sandboxId?: string;
  podIP?: string;
  busy: boolean;
  /** The container the CRI step under way creates and starts once CONTAINER_START_MS have passed, and its image. */
  starting?: ContainerRecord;
  startingImageRef: string;
  state: 'syncing' | 'terminating' | 'terminated';
  termination?: Termination;
  syncQueued: boolean;
  statusQueued: boolean;
  wakeAt: number;
  wakeTimer?: TimerId;
  deadlineTimer?: TimerId;
  /** The status last sent (the one stored, once the write went through): an unchanged status is not sent again. */
  lastStatus?: Pod['status'];
  /**
   * Counts changes to what the status is built from besides the pod (containers and their instances, probe
   * results, sandbox, termination): a flush that finds the pod it last wrote and no change since has nothing to do.
   */
  changes: number;
  /** The stored pod the last status write gave back, and `changes` then. */
  published?: P;
  publishedChanges: number;
  behavior: { text: string | undefined; parsed: ParsedBehavior };
}

export interface PodWorkersConfig {
  clock: SimClock;
  store: Store;
  runtime: SimRuntime;
  images: ImageManager;
  emit: Emit;
  nodeName: string;
  hostIP: string;
  /** The node's podCIDR, once the IPAM controller has assigned it. */
  podCIDR(): string | undefined;
  /** Something that changes the node's resource use happened (for the eviction manager). */
  usageChanged(): void;
  /** The volume manager: a pod's sandbox starts once its volumes are mounted; they are unmounted when it ends. */
  volumes?: VolumeManager;
  /**
   * Admission before the pod gets a worker (device allocation, extended resources) of the pod as stored now (the
   * worker's first stored version): false when it was rejected.
   */
  admit?(stored: P): boolean;
  /** CRI config a container gets from the devices it holds (envs, CDI devices). */
  deviceConfig?(podUID: string, container: string): Pick<ContainerConfig, 'envs' | 'cdiDevices'>;
}

export class PodWorkers {
  private readonly workers = new Map<string, PodWorker>();
  /**
   * The pods of this node that have no worker (yet), as stored now, kept by the pod watch: a pod is bound before
   * the kubelet's informer hands it over, and admission reads this rather than the store's map of every pod.
   */
  private readonly unclaimed = new Map<string, P>();
  readonly crashBackoff: Backoff;
  readonly prober: Prober;
  // The workers' steps, each queue with its one delay (see StepQueue).
  private readonly syncs: StepQueue<PodWorker>;
  private readonly flushes: StepQueue<PodWorker>;
  private readonly sandboxes: StepQueue<PodWorker>;
  private readonly hostNetworkSandboxes: StepQueue<PodWorker>;
  private readonly containerStarts: StepQueue<PodWorker>;

  constructor(private readonly cfg: PodWorkersConfig) {
    this.syncs = new StepQueue(cfg.clock, 0, (w) => this.sync(w));
    this.flushes = new StepQueue(cfg.clock, 0, (w) => this.flushStatus(w));
    this.sandboxes = new StepQueue(cfg.clock, SANDBOX_SETUP_MS, (w) => this.sandboxCreated(w));
    this.hostNetworkSandboxes = new StepQueue(cfg.clock, HOST_NETWORK_SANDBOX_SETUP_MS, (w) => this.sandboxCreated(w));
    this.containerStarts = new StepQueue(cfg.clock, CONTAINER_START_MS, (w) => this.containerStartDue(w));
    this.crashBackoff = new Backoff(cfg.clock);
    this.prober = new Prober(cfg.clock, cfg.runtime, (pod, type, reason, message, path) => cfg.emit(pod, type, reason, message, path), {
      resultChanged: (uid, id, type, result) => this.probeResult(uid, id, type, result),
    });
    cfg.runtime.onEvent((e) => this.runtimeEvent(e));
    // Synchronous, unlike the kubelet's informer: every commit of a pod of this node, as it happens. Never
    // stopped: a stopped kubelet's workers still read the store (its pods' other writers go on).
    cfg.store.watch('Pod', { nodeName: cfg.nodeName }, (e) => this.podStored(e));
  }

  private podStored(e: StoreEvent): void {
    const uid = e.object.metadata.uid!;
    const w = this.workers.get(uid);
    if (w) w.stored = e.type === 'DELETED' ? undefined : e.object as P;
    else if (e.type === 'DELETED') this.unclaimed.delete(uid);
    else this.unclaimed.set(uid, e.object as P);
  }

  get(uid: string): PodWorker | undefined { return this.workers.get(uid); }
  all(): IterableIterator<PodWorker> { return this.workers.values(); }

  // ---- pod updates (from the kubelet's informer) ----

  podUpdated(pod: P): void {
    const uid = pod.metadata.uid!;
    let w = this.workers.get(uid);
    if (!w) {
      if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') return;
      const stored = this.unclaimedNow(pod);
      if (!pod.status?.startTime && this.cfg.admit && (!stored || !this.cfg.admit(stored))) return;
      w = this.newWorker(pod, stored);
      this.behaviorOf(w);
      if (pod.status?.startTime) this.adopt(w);
      this.requestSync(w);
      return;
    }
    const old = w.pod;
    w.pod = pod;
    if (!relevantChange(old, pod)) return;
    for (const rec of w.containers) {
      const spec = (rec.init ? pod.spec?.initContainers : pod.spec?.containers)?.find((c) => c.name === rec.spec.name) ?? rec.spec;
      const cur = this.current(rec);
      if (spec.image !== rec.spec.image && cur?.state === 'CONTAINER_RUNNING' && w.state === 'syncing') {
        rec.forceRestart = true;
        this.killContainer(w, rec, this.graceOf(pod), `Container ${rec.spec.name} definition changed, will be restarted`);
      }
      rec.spec = spec;
    }
    // Ephemeral containers the ephemeralcontainers subresource added since.
    for (const ec of pod.spec?.ephemeralContainers ?? NO_CONTAINERS) {
      if (!w.containers.some((r) => r.ephemeral && r.spec.name === ec.name)) w.containers.push(newRecord(ec as Container, false, true));
    }
    // Published by the sync requested below.
    w.changes++;
    this.scheduleDeadline(w);
    this.requestSync(w);
  }

  podDeleted(pod: P): void {
    const w = this.workers.get(pod.metadata.uid!);
    if (!w) return;
    // Simplification: a pod removed from the API (force deletion) has its containers killed at once.
    for (const rec of w.containers) for (const id of [rec.id, rec.previousId]) if (id) this.prober.stop(id);
    if (w.sandboxId) this.cfg.runtime.removePodSandbox(w.sandboxId);
    for (const t of [w.wakeTimer, w.deadlineTimer]) if (t !== undefined) this.cfg.clock.cancel(t);
    this.crashBackoff.deleteMatching(`${w.uid}_`);
    this.cfg.images.forgetPod(w.uid);
    this.cfg.volumes?.release(w.uid);
    this.workers.delete(w.uid);
    this.cfg.usageChanged();
  }

  /**
   * After the kubelet was cut off from the API server: pods that are gone from it are killed; every other pod
   * has its status posted again (and a finished deletion confirmed), whatever was lost meanwhile.
   */
  resync(live: ReadonlySet<string>): void {
    for (const w of [...this.workers.values()]) {
      if (!live.has(w.uid)) { this.podDeleted(w.pod); continue; }
      // Posted again even where the pod is still the one last written: the runtime may have changed meanwhile
      // without telling the worker (the disk manager removes a finished pod's exited containers).
      w.lastStatus = undefined;
      w.published = undefined;
      if (w.state === 'terminated') this.finishTermination(w); else this.markDirty(w);
    }
  }

  /** The eviction manager's killPodNow: Failed/Evicted at once, containers stopped within the override. */
  evict(uid: string, message: string, graceSeconds: number): void {
    const w = this.workers.get(uid);
    if (!w || w.state !== 'syncing') return;
    const now = this.cfg.clock.nowRFC3339();
    const disruption: PodCondition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null as unknown as string, lastTransitionTime: now, reason: 'TerminationByKubelet', message };
    this.terminate(w, { cause: 'evicted', override: graceSeconds, failure: { reason: 'Evicted', message, disruption } });
  }

  // ---- sync ----

  private requestSync(w: PodWorker, delayMs = 0): void {
    if (delayMs > 0) { this.wake(w, this.cfg.clock.now() + delayMs); return; }
    if (w.syncQueued) return;
    w.syncQueued = true;
    this.syncs.schedule(w);
  }

  private wake(w: PodWorker, at: number): void {
    if (w.wakeTimer !== undefined && w.wakeAt <= at) return;
    if (w.wakeTimer !== undefined) this.cfg.clock.cancel(w.wakeTimer);
    w.wakeAt = at;
    w.wakeTimer = this.cfg.clock.after(at - this.cfg.clock.now(), () => { w.wakeTimer = undefined; this.sync(w); });
  }

  private sync(w: PodWorker): void {
    w.syncQueued = false;
    this.syncPod(w, true);
  }

  /**
   * SyncPod. `generateStatus`: it publishes the status first, as upstream's SyncPod sets it before the runtime's
   * SyncPod runs; false where the runtime goes on with the SyncPod that created the sandbox (see createSandbox).
   */
  private syncPod(w: PodWorker, generateStatus: boolean): void {
    if (this.workers.get(w.uid) !== w) return;
    if (w.state !== 'syncing') { this.syncTerminating(w); return; }
    if (w.pod.metadata.deletionTimestamp) { this.markDirty(w); this.terminate(w, { cause: 'deleted' }); return; }
    // A sync requested while a CRI step runs waits for it, as an update waits for the pod worker's SyncPod to
    // return: what changed meanwhile is published by the sync that follows the step.
    if (w.busy) return;
    if (generateStatus) this.markDirty(w);
    // WaitForAttachAndMount comes before the sandbox; the volume manager syncs the pod again when they are ready.
    if (!w.sandboxId && this.cfg.volumes && !this.cfg.volumes.waitForAttachAndMount(w.pod, () => this.requestSync(w))) return;
    if (!w.sandboxId) { this.createSandbox(w); return; }
    if (this.startEphemeralContainers(w)) return;
    if (!this.syncInitContainers(w) || w.busy || w.state !== 'syncing') return;
    let allDone = true;
    for (const rec of w.containers) {
      if (rec.init || rec.ephemeral) continue;
      const cur = this.current(rec);
      if (cur && cur.state !== 'CONTAINER_EXITED') { allDone = false; continue; }
      if (cur && !rec.forceRestart && !shouldRestart(w.pod, rec.spec, false, cur.exitCode ?? 0)) continue;
      allDone = false;
      if (cur ? this.restart(w, rec, cur) : this.startWhenDue(w, rec)) return;
    }
    if (allDone) this.terminate(w, { cause: 'completed' });
  }

  /**
   * computePodActions' EphemeralContainersToStart: those that never started (a failed pull is tried again after
   * its backoff); one that exited stays exited. True when the worker became busy starting one.
   */
  private startEphemeralContainers(w: PodWorker): boolean {
    for (const rec of w.containers) {
      if (!rec.ephemeral || rec.id) continue;
      if (this.startWhenDue(w, rec)) return true;
    }
    return false;
  }

  /** Init containers in order; native sidecars start and keep running. True when initialization is done. */
  private syncInitContainers(w: PodWorker): boolean {
    for (const rec of w.containers) {
      if (!rec.init) continue;
      const cur = this.current(rec);
      if (rec.sidecar) {
        if (cur?.state === 'CONTAINER_RUNNING') {
          if (!this.started(cur)) return false;
          rec.everStarted = true;
          continue;
        }
        if (cur?.state === 'CONTAINER_CREATED') return false;
        if (cur) {
          if (this.restart(w, rec, cur) || !rec.everStarted) return false;
          continue;
        }
        this.startWhenDue(w, rec);
        return false;
      }
      if (cur?.state === 'CONTAINER_EXITED' && cur.exitCode === 0) continue;
      if (cur && cur.state !== 'CONTAINER_EXITED') return false;
      if (cur) {
        if (w.pod.spec?.restartPolicy === 'Never') this.terminate(w, { cause: 'completed' });
        else this.restart(w, rec, cur);
        return false;
      }
      this.startWhenDue(w, rec);
      return false;
    }
    return true;
  }

  /** Start a container that never ran, unless a backoff or a relist delay says to wait. True when busy. */
  private startWhenDue(w: PodWorker, rec: ContainerRecord): boolean {
    if (this.cfg.clock.now() < rec.notBefore) { this.wake(w, rec.notBefore); return false; }
    this.startContainer(w, rec);
    return w.busy;
  }

  /** doBackOff, then start again. True when the worker became busy starting it. */
  private restart(w: PodWorker, rec: ContainerRecord, cur: CriStatus): boolean {
    const now = this.cfg.clock.now();
    if (now < rec.notBefore) { this.wake(w, rec.notBefore); return false; }
    if (rec.forceRestart) {
      rec.forceRestart = false;
      this.startContainer(w, rec);
      return w.busy;
    }
    const key = `${w.uid}_${rec.spec.name}`;
    const finishedAt = cur.finishedAt ?? now;
    if (this.crashBackoff.isInBackOffSince(key, finishedAt)) {
      const pod = w.pod;
      const podRef = `${pod.metadata.name}_${pod.metadata.namespace}(${w.uid})`;
      const period = this.crashBackoff.get(key);
      if (rec.announced !== cur.id) {
        rec.announced = cur.id;
        this.cfg.emit(pod, 'Warning', 'BackOff', `Back-off restarting failed container ${rec.spec.name} in pod ${podRef}`, rec.path);
      }
      rec.waiting = { reason: 'CrashLoopBackOff', message: `back-off ${goDuration(period)} restarting failed container=${rec.spec.name} pod=${podRef}` };
      this.changed(w);
      rec.notBefore = finishedAt + period;
      this.wake(w, rec.notBefore);
      return false;
    }
    this.crashBackoff.next(key, finishedAt);
    this.startContainer(w, rec);
    return w.busy;
  }

  /** startContainer: ensure the image, then create and start (CONTAINER_START_MS). */
  private startContainer(w: PodWorker, rec: ContainerRecord): void {
    w.busy = true;
    w.starting = rec;
    this.cfg.images.ensure(w.pod, rec.spec, rec.path, w, this.imageEnsured);
  }

  /** EnsureImageExists answered (at once, or when the pull ended): the container is created, or waits. */
  private readonly imageEnsured = (w: PodWorker, r: EnsureResult): void => {
    if (this.workers.get(w.uid) !== w) return;
    const rec = w.starting!;
    if (!r.ok) {
      w.busy = false;
      w.starting = undefined;
      rec.waiting = { reason: r.reason, message: r.message };
      this.cfg.emit(w.pod, 'Warning', 'Failed', `Error: ${r.reason}`, rec.path);
      rec.notBefore = r.retryAt ?? this.cfg.clock.now() + PLEG_RELIST_MS;
      this.changed(w);
      this.requestSync(w);
      return;
    }
    w.startingImageRef = r.imageRef;
    this.containerStarts.schedule(w);
  };

  private containerStartDue(w: PodWorker): void {
    w.busy = false;
    const rec = w.starting!;
    w.starting = undefined;
    if (this.workers.get(w.uid) !== w) return;
    if (w.state === 'syncing' && w.sandboxId) this.createAndStart(w, rec, w.startingImageRef);
    this.requestSync(w);
  }

  /** The CRI config of one of the pod's containers. */
  private containerConfig(w: PodWorker, spec: Container, attempt: number, imageRef: string, behavior: ContainerBehavior): ContainerConfig {
    return { name: spec.name, attempt, image: spec.image ?? '', imageRef, behavior, ...limitsOf(spec), ...securityOf(w.pod, spec), ...this.cfg.deviceConfig?.(w.uid, spec.name) };
  }

  private createAndStart(w: PodWorker, rec: ContainerRecord, imageRef: string): void {
    const { runtime, clock, emit } = this.cfg;
    const spec = rec.spec;
    const attempt = rec.id ? rec.restartCount + 1 : rec.restartCount;
    const behavior = containerBehavior(spec, this.behaviorOf(w).settings.get(spec.name));
    const id = runtime.createContainer(w.sandboxId!, this.containerConfig(w, spec, attempt, imageRef, behavior));
    const path = rec.path;
    emit(w.pod, 'Normal', 'Created', `Created container: ${spec.name}`, path);
    if (rec.previousId) runtime.removeContainer(rec.previousId);
    rec.previousId = rec.id;
    rec.id = id;
    rec.restartCount = attempt;
    rec.waiting = undefined;
    rec.stopping = undefined;
    runtime.startContainer(id);
    emit(w.pod, 'Normal', 'Started', `Started container ${spec.name}`, path);
    const cur = runtime.containerStatus(id);
    if (cur?.state === 'CONTAINER_RUNNING') this.prober.start(this.proberContext(w, rec), id, clock.now());
    this.changed(w);
  }

  private createSandbox(w: PodWorker): void {
    w.busy = true;
    (w.pod.spec?.hostNetwork ? this.hostNetworkSandboxes : this.sandboxes).schedule(w);
  }

  /** The sandbox's setup time has passed: RunPodSandbox, then on to the containers. */
  private sandboxCreated(w: PodWorker): void {
    const { runtime } = this.cfg;
    w.busy = false;
    if (this.workers.get(w.uid) !== w || w.state !== 'syncing') return;
    runtime.updateRuntimeConfig(this.cfg.podCIDR());
    const pod = w.pod;
    const hostNetwork = !!pod.spec?.hostNetwork;
    // SyncPod: without a ready network only pods in the host's network namespace can start.
    const net = runtime.networkStatus();
    if (!net.ready && !hostNetwork) {
      this.cfg.emit(pod, 'Warning', 'NetworkNotReady', `network is not ready: ${networkNotReadyError(net)}`);
      this.requestSync(w, CNI_FAILURE_RETRY_MS);
      return;
    }
    // GetPodDNS for the sandbox config: only a pod's own dnsConfig can pass the resolver's limits.
    if (pod.spec?.dnsConfig) for (const warning of podDNS(pod).warnings) this.cfg.emit(pod, 'Warning', 'DNSConfigForming', warning);
    try {
      const handler = this.runtimeHandler(pod);
      w.sandboxId = runtime.runPodSandbox({ uid: w.uid, name: pod.metadata.name!, namespace: pod.metadata.namespace ?? 'default', attempt: 0, hostname: pod.spec?.hostname ?? pod.metadata.name!, hostNetwork }, handler);
    } catch (e) {
      this.cfg.emit(pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${e instanceof Error ? e.message : String(e)}`);
      this.requestSync(w, CNI_FAILURE_RETRY_MS);
      return;
    }
    w.podIP = hostNetwork ? this.cfg.hostIP : runtime.podSandboxStatus(w.sandboxId)!.ip;
    this.scheduleDeadline(w);
    // The same SyncPod goes on to the containers, as kuberuntime's SyncPod creates the sandbox and starts them in
    // one call: the pod's IP and PodReadyToStartContainers are published with the containers' start, or with the
    // step that stops it (a failed pull, a backoff), not while the images are pulled.
    w.changes++;
    this.syncPod(w, false);
    if (!w.busy) this.markDirty(w);
  }

  /**
   * The runtime class manager's LookupRuntimeHandler: the handler of the pod's RuntimeClass ('' without one); a
   * class deleted since the pod was admitted fails the sandbox with the lister's NotFound.
   */
  private runtimeHandler(pod: P): string {
    const name = pod.spec?.runtimeClassName;
    if (!name) return '';
    const rc = this.cfg.store.tryGet<RuntimeClass>('RuntimeClass', undefined, name);
    if (!rc) throw new Error(`runtimeclass.node.k8s.io "${name}" not found`);
    return rc.handler;
  }

  /** The runtime's network became ready: pods waiting for it are synced now rather than at their next retry. */
  networkReady(): void {
    for (const w of this.workers.values()) if (w.state === 'syncing' && !w.sandboxId && !w.busy) this.requestSync(w);
  }

  // ---- termination ----

  private terminate(w: PodWorker, t: Omit<Termination, 'deadline'>): void {
    if (w.state !== 'syncing') return;
    const now = this.cfg.clock.now();
    const grace = t.override ?? (t.cause === 'deleted' ? w.pod.metadata.deletionGracePeriodSeconds ?? this.graceOf(w.pod) : this.graceOf(w.pod));
    w.state = 'terminating';
    w.termination = { ...t, deadline: now + grace * 1000 };
    if (w.wakeTimer !== undefined) { this.cfg.clock.cancel(w.wakeTimer); w.wakeTimer = undefined; }
    if (w.deadlineTimer !== undefined) { this.cfg.clock.cancel(w.deadlineTimer); w.deadlineTimer = undefined; }
    for (const rec of w.containers) if (!rec.sidecar) this.killContainer(w, rec, grace, undefined, t.override);
    this.changed(w);
    this.syncTerminating(w);
  }

  /** Regular containers first; once they are all gone, sidecars in reverse order; then the sandbox. */
  private syncTerminating(w: PodWorker): void {
    if (w.state !== 'terminating') return;
    const running = (rec: ContainerRecord) => {
      const s = this.current(rec)?.state;
      return s === 'CONTAINER_RUNNING' || s === 'CONTAINER_CREATED';
    };
    if (w.containers.some((rec) => !rec.sidecar && running(rec))) return;
    const sidecar = [...w.containers].reverse().find((rec) => rec.sidecar && running(rec));
    if (sidecar) {
      const t = w.termination!;
      const remaining = Math.ceil((t.deadline - this.cfg.clock.now()) / 1000);
      this.killContainer(w, sidecar, Math.max(remaining, 0), undefined, t.override);
      return;
    }
    this.finishTermination(w);
  }

  /** Tear the sandbox down (SANDBOX_TEARDOWN_MS), report the terminal phase, and confirm a deletion. */
  private finishTermination(w: PodWorker): void {
    w.state = 'terminated';
    w.changes++;
    for (const rec of w.containers) if (rec.id) this.prober.stop(rec.id);
    this.cfg.clock.after(SANDBOX_TEARDOWN_MS, () => this.confirmTermination(w));
  }

  private confirmTermination(w: PodWorker): void {
    if (this.workers.get(w.uid) !== w) return;
    if (w.sandboxId) this.cfg.runtime.stopPodSandbox(w.sandboxId);
    w.changes++;
    this.cfg.volumes?.release(w.uid);
    this.flushStatus(w);
    this.cfg.usageChanged();
    const pod = this.storedPod(w);
    if (!pod?.metadata.deletionTimestamp) return;
    // The status manager confirms the deletion once every container has stopped.
    try {
      this.cfg.store.delete('Pod', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /** killContainer: Killing event, preStop hook, then SIGTERM with the rest of the grace period. */
  private killContainer(w: PodWorker, rec: ContainerRecord, graceSeconds: number, message?: string, override?: number): void {
    const cur = this.current(rec);
    if (!cur || cur.state !== 'CONTAINER_RUNNING' || rec.stopping === cur.id) return;
    rec.stopping = cur.id;
    const { runtime, clock } = this.cfg;
    this.cfg.emit(w.pod, 'Normal', 'Killing', message ?? `Stopping container ${rec.spec.name}`, rec.path);
    const hook = override === undefined && graceSeconds > 0 ? Math.min(preStopMs(rec.spec), graceSeconds * 1000) : 0;
    const stop = () => runtime.stopContainer(cur.id, override ?? Math.max(Math.ceil(graceSeconds - hook / 1000), MIN_GRACE_SECONDS));
    if (hook > 0) clock.after(hook, stop);
    else stop();
  }

  private graceOf(pod: Pod): number { return pod.spec?.terminationGracePeriodSeconds ?? 30; }

  /** activeDeadlineSeconds, counted from the pod's start time. */
  private scheduleDeadline(w: PodWorker): void {
    if (w.deadlineTimer !== undefined) { this.cfg.clock.cancel(w.deadlineTimer); w.deadlineTimer = undefined; }
    const ads = w.pod.spec?.activeDeadlineSeconds;
    if (ads === undefined || w.state !== 'syncing') return;
    const start = Date.parse(w.pod.status?.startTime ?? '') || w.epoch;
    w.deadlineTimer = this.cfg.clock.after(Math.max(0, start + ads * 1000 - this.cfg.clock.now()), () => {
      w.deadlineTimer = undefined;
      const message = 'Pod was active on the node longer than the specified deadline';
      this.cfg.emit(w.pod, 'Normal', 'DeadlineExceeded', message);
      this.terminate(w, { cause: 'deadline', failure: { reason: 'DeadlineExceeded', message } });
    });
  }

  // ---- events from the runtime and the prober ----

  private runtimeEvent(e: RuntimeEvent): void {
    // The sandbox's metadata names its pod: no map from sandboxes to pods is kept beside the runtime's.
    const uid = this.cfg.runtime.podSandboxStatus(e.podSandboxId)?.metadata.uid;
    const w = uid === undefined ? undefined : this.workers.get(uid);
    this.cfg.usageChanged();
    if (!w || e.type !== 'ContainerDied') return;
    this.prober.stop(e.containerId);
    this.changed(w);
    if (w.state === 'terminating') this.syncTerminating(w);
    else if (w.state === 'syncing') this.requestSync(w, PLEG_RELIST_MS);
  }

  private probeResult(uid: string, containerId: string, type: ProbeType, result: ProbeResult): void {
    const w = this.workers.get(uid);
    if (!w) return;
    this.changed(w);
    const rec = w.containers.find((r) => r.id === containerId);
    if (!rec || w.state !== 'syncing') return;
    if ((type === 'liveness' || type === 'startup') && result === 'failure') {
      const probe = type === 'liveness' ? rec.spec.livenessProbe : rec.spec.startupProbe;
      const willRestart = rec.sidecar || w.pod.spec?.restartPolicy !== 'Never';
      const grace = probe?.terminationGracePeriodSeconds ?? this.graceOf(w.pod);
      this.killContainer(w, rec, grace, `Container ${rec.spec.name} failed ${type} probe${willRestart ? ', will be restarted' : ''}`);
      return;
    }
    if (type === 'startup' && result === 'success') this.requestSync(w);
  }

  // ---- status ----

  /** Something the status is built from changed: it is published at the next flush. */
  private changed(w: PodWorker): void {
    w.changes++;
    this.markDirty(w);
  }

  /** A flush is due; it writes only if something changed (sync marks every time, for what it changes itself). */
  private markDirty(w: PodWorker): void {
    if (w.statusQueued) return;
    w.statusQueued = true;
    this.flushes.schedule(w);
  }

  private flushStatus(w: PodWorker): void {
    w.statusQueued = false;
    if (this.workers.get(w.uid) !== w) return;
    const { store } = this.cfg;
    const pod = this.storedPod(w);
    if (!pod) return;
    if (this.upToDate(w, pod)) return;
    const status = podStatus(pod, this.statusInput(w, pod));
    if (w.lastStatus !== undefined && jsonEqual(status, w.lastStatus)) return;
    w.lastStatus = status;
    try {
      // The status is built for this write: stored as it is (handed over), and kept as stored (frozen, shared).
      const written = store.update({ ...pod, status } as P, STATUS_WRITE);
      w.lastStatus = written.status;
      w.published = written;
      w.publishedChanges = w.changes;
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /**
   * Most syncs change nothing: neither the pod (a stored object is never modified) nor the worker changed since
   * the last write, and a status built again from its own result is the same (`now` is read only where a
   * condition flips).
   */
  private upToDate(w: PodWorker, pod: P): boolean {
    return pod === w.published && w.changes === w.publishedChanges;
  }

  /**
   * A pod without a worker as stored now: the watch's version, else (a pod stored before this kubelet watched, or
   * gone) read from the store (not another pod that took its name since).
   */
  private unclaimedNow(pod: P): P | undefined {
    const kept = this.unclaimed.get(pod.metadata.uid!);
    if (kept) return kept;
    const stored = this.cfg.store.tryGet<P>('Pod', pod.metadata.namespace, pod.metadata.name!);
    return stored?.metadata.uid === pod.metadata.uid ? stored : undefined;
  }

  /** The worker's pod as stored now (not another pod that took its name since). */
  private storedPod(w: PodWorker): P | undefined {
    return w.stored;
  }

  private statusInput(w: PodWorker, pod: P): StatusInput {
    const sandbox = w.sandboxId ? this.cfg.runtime.podSandboxStatus(w.sandboxId) : undefined;
    return {
      now: this.cfg.clock.nowRFC3339(), hostIP: this.cfg.hostIP, podIP: w.podIP,
      sandboxReady: sandbox?.state === 'SANDBOX_READY',
      initContainers: this.containerStatuses(w, pod, 'initContainers'), containers: this.containerStatuses(w, pod, 'containers'),
      ephemeralContainers: this.containerStatuses(w, pod, 'ephemeralContainers'),
      podIsTerminal: w.state === 'terminated', failure: w.termination?.failure,
    };
  }

  /** The init, main or ephemeral containers' statuses; one that did not change is the stored object itself. */
  private containerStatuses(w: PodWorker, pod: P, list: ContainerList): ContainerStatus[] {
    const defaultReason = (pod.spec?.initContainers ?? []).length > 0 ? 'PodInitializing' : 'ContainerCreating';
    const old = list === 'initContainers' ? pod.status?.initContainerStatuses : list === 'containers' ? pod.status?.containerStatuses : pod.status?.ephemeralContainerStatuses;
    let n = 0;
    for (let i = 0; i < w.containers.length; i++) if (listOf(w.containers[i]) === list) n++;
    if (n === 0) return NO_STATUSES;
    // Made at its size: a list grown by push gets spare room, and there is one per status build.
    const out = new Array<ContainerStatus>(n);
    let k = 0;
    for (const rec of w.containers) {
      if (listOf(rec) !== list) continue;
      const cur = this.current(rec);
      const running = cur?.state === 'CONTAINER_RUNNING';
      const started = running && this.started(cur);
      // Nothing probes an ephemeral container: it is never ready, and reports no started.
      const ready = rec.ephemeral ? false : rec.init && !rec.sidecar
        ? cur?.state === 'CONTAINER_EXITED' && cur.exitCode === 0
        : started && (!this.prober.has(cur!.id, 'readiness') || this.prober.result(cur!.id, 'readiness') === 'success');
      const fresh = apiContainerStatus({
        spec: rec.spec, current: cur, previous: rec.previousId ? this.cfg.runtime.containerStatus(rec.previousId) : undefined,
        waiting: rec.waiting, defaultReason, restartCount: rec.restartCount,
        ready: !!ready, started,
      });
      if (rec.ephemeral) delete fresh.started;
      out[k] = stored(fresh, old?.[k]);
      k++;
    }
    return out;
  }

  // ---- helpers ----

  private current(rec: ContainerRecord): CriStatus | undefined {
    return rec.id ? this.cfg.runtime.containerStatus(rec.id) : undefined;
  }

  /** Started: running, and the startup probe (if any) has succeeded. */
  private started(cur: CriStatus | undefined): boolean {
    if (cur?.state !== 'CONTAINER_RUNNING') return false;
    return !this.prober.has(cur.id, 'startup') || this.prober.result(cur.id, 'startup') === 'success';
  }

  private proberContext(w: PodWorker, rec: ContainerRecord) {
    return { pod: w.pod, container: rec.spec, fieldPath: rec.path, podIP: w.podIP ?? '', epoch: w.epoch };
  }

  /** The behaviour annotation, parsed once per version; its mistakes become a Warning event. */
  private behaviorOf(w: PodWorker): ParsedBehavior {
    const text = w.pod.metadata.annotations?.[BEHAVIOR_ANNOTATION];
    if (text === w.behavior.text) return w.behavior.parsed;
    const parsed = parseBehavior(text, w.containers.map((r) => r.spec.name));
    w.behavior = { text, parsed };
    for (const err of parsed.errors) this.cfg.emit(w.pod, 'Warning', 'InvalidBehavior', `${BEHAVIOR_ANNOTATION}: ${err}`);
    return parsed;
  }

  /** `stored`: the pod as stored now. */
  private newWorker(pod: P, stored: P | undefined): PodWorker {
    // Made at its size, without a list per kind spread into it: one per pod.
    const inits = pod.spec?.initContainers ?? NO_CONTAINERS;
    const mains = pod.spec?.containers ?? NO_CONTAINERS;
    const ephemeral = pod.spec?.ephemeralContainers ?? NO_CONTAINERS;
    const containers = new Array<ContainerRecord>(inits.length + mains.length + ephemeral.length);
    for (let i = 0; i < inits.length; i++) containers[i] = newRecord(inits[i], true);
    for (let i = 0; i < mains.length; i++) containers[inits.length + i] = newRecord(mains[i], false);
    for (let i = 0; i < ephemeral.length; i++) containers[inits.length + mains.length + i] = newRecord(ephemeral[i] as Container, false, true);
    // Every field from the start, those set later too: workers then keep one shape as they go through their steps,
    // and the code that reads them sees one shape rather than one per step.
    const w: PodWorker = {
      uid: pod.metadata.uid!, pod, stored, epoch: this.cfg.clock.now(), containers, sandboxId: undefined, podIP: undefined,
      busy: false, starting: undefined, startingImageRef: '', state: 'syncing', termination: undefined,
      syncQueued: false, statusQueued: false, wakeAt: Infinity, wakeTimer: undefined, deadlineTimer: undefined,
      lastStatus: undefined, changes: 0, published: undefined, publishedChanges: 0, behavior: NO_BEHAVIOR,
    };
    this.workers.set(w.uid, w);
    // From now on the watch keeps the worker's version.
    this.unclaimed.delete(w.uid);
    return w;
  }

  /**
   * Simplification: logs written before a restore are not kept; lines a process prints are derived again from
   * its behaviour, so only server start-up and probe lines of earlier instances are missing.
   * After a restore: take over a pod the previous kubelet was running, from what its status says. Running
   * containers keep running (their behaviour continues from their start time); a crash-looping one keeps its
   * backoff; anything else starts again.
   */
  private adopt(w: PodWorker): void {
    const pod = w.pod;
    const { runtime, clock } = this.cfg;
    const ip = pod.status?.podIP;
    if (!ip) return;
    const meta = { uid: w.uid, name: pod.metadata.name!, namespace: pod.metadata.namespace ?? 'default', attempt: 0, hostname: pod.spec?.hostname ?? pod.metadata.name!, hostNetwork: !!pod.spec?.hostNetwork };
    w.sandboxId = runtime.adoptSandbox(meta, ip);
    this.cfg.volumes?.adopt(pod);
    w.podIP = ip;
    const settings = this.behaviorOf(w).settings;
    const all = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])];
    for (const rec of w.containers) {
      const cs = all.find((s) => s.name === rec.spec.name);
      if (!cs) continue;
      rec.restartCount = cs.restartCount ?? 0;
      const config = (attempt: number) => this.containerConfig(w, rec.spec, attempt, cs.imageID ?? '', containerBehavior(rec.spec, settings.get(rec.spec.name)));
      const idOf = (cid: string | undefined) => cid?.replace(/^[a-z]+:\/\//, '');
      const t = (s: string | undefined) => (s ? Date.parse(s) : undefined);
      const last = cs.lastState?.terminated;
      const lastId = idOf(last?.containerID);
      if (last && lastId) {
        runtime.adoptContainer(w.sandboxId, config(Math.max(0, rec.restartCount - 1)), { id: lastId, state: 'CONTAINER_EXITED', startedAt: t(last.startedAt), finishedAt: t(last.finishedAt), exitCode: last.exitCode, reason: last.reason });
        rec.previousId = lastId;
      }
      const running = cs.state?.running;
      const done = cs.state?.terminated;
      const curId = idOf(cs.containerID);
      if (running && curId) {
        runtime.adoptContainer(w.sandboxId, config(rec.restartCount), { id: curId, state: 'CONTAINER_RUNNING', startedAt: t(running.startedAt) });
        rec.id = curId;
        rec.everStarted = !!cs.started;
        this.prober.start(this.proberContext(w, rec), curId, t(running.startedAt) ?? clock.now(), {
          readiness: cs.ready ? 'success' : 'failure', startup: cs.started ? 'success' : 'unknown',
        });
      } else if (done && curId) {
        runtime.adoptContainer(w.sandboxId, config(rec.restartCount), { id: curId, state: 'CONTAINER_EXITED', startedAt: t(done.startedAt), finishedAt: t(done.finishedAt), exitCode: done.exitCode, reason: done.reason });
        rec.id = curId;
      } else if (cs.state?.waiting?.reason && cs.state.waiting.reason !== 'ContainerCreating' && cs.state.waiting.reason !== 'PodInitializing') {
        rec.waiting = { reason: cs.state.waiting.reason, message: cs.state.waiting.message };
        if (rec.previousId) {
          // The exited instance is the latest one: the backoff runs from its end.
          rec.id = rec.previousId;
          rec.previousId = undefined;
          rec.announced = rec.id;
        }
      }
      // The backoff that let the latest instance start: 10 s doubling per restart since the first.
      const latest = rec.id === lastId ? last?.startedAt : running?.startedAt ?? done?.startedAt;
      if (rec.restartCount > 0 && latest) {
        this.crashBackoff.restore(`${w.uid}_${rec.spec.name}`, this.crashBackoff.initialMs * 2 ** (rec.restartCount - 1), t(latest)!);
      }
    }
    w.lastStatus = undefined;
  }
}

/** A container's record before its first start (every field from the start: one shape, as the worker's). */
function newRecord(spec: Container, init: boolean, ephemeral = false): ContainerRecord {
  return {
    spec, init, ephemeral, path: fieldPath(ephemeral ? 'ephemeralContainers' : init ? 'initContainers' : 'containers', spec.name), sidecar: init && isRestartableInitContainer(spec), id: undefined, previousId: undefined,
    restartCount: 0, waiting: undefined, notBefore: 0, everStarted: false, announced: undefined, stopping: undefined, forceRestart: undefined,
  };
}

function listOf(rec: ContainerRecord): ContainerList {
  return rec.ephemeral ? 'ephemeralContainers' : rec.init ? 'initContainers' : 'containers';
}

/** The kubelet's network error, as it appears in the NetworkNotReady event and the node's Ready condition. */
export function networkNotReadyError(net: { reason?: string; message?: string }): string {
  return `container runtime network not ready: NetworkReady=false reason:${net.reason ?? ''} message:${net.message ?? ''}`;
}

/**
 * What in a pod update concerns the worker (its own status writes do not). A status write keeps the stored spec
 * (frozen): the same spec has the same images, and its containers are not walked.
 */
function relevantChange(a: Pod, b: Pod): boolean {
  return a.metadata?.deletionTimestamp !== b.metadata?.deletionTimestamp
    || a.metadata?.deletionGracePeriodSeconds !== b.metadata?.deletionGracePeriodSeconds
    || a.spec?.activeDeadlineSeconds !== b.spec?.activeDeadlineSeconds
    || a.metadata?.annotations?.[BEHAVIOR_ANNOTATION] !== b.metadata?.annotations?.[BEHAVIOR_ANNOTATION]
    || a.spec?.ephemeralContainers?.length !== b.spec?.ephemeralContainers?.length
    || (a.spec !== b.spec && (imageChanged(a.spec?.containers, b.spec?.containers) || imageChanged(a.spec?.initContainers, b.spec?.initContainers)));
}

/** Whether a container of `a` has another image than the one at its index in `b` (or none there). */
function imageChanged(a: readonly Container[] | undefined, b: readonly Container[] | undefined): boolean {
  if (a) for (let i = 0; i < a.length; i++) if (a[i].image !== b?.[i]?.image) return true;
  return false;
}
