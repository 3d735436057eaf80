// The simulated container runtime of one node (a containerd stand-in behind the CRI): sandboxes with their
// network (set up and torn down by the node's CNI network, see ../cni/network.ts), images, and containers as state machines on the SimClock. A running container has at most
// one timer: the next thing that will happen to it by itself (its process exits, it is OOMKilled, or the SIGKILL
// after a stop). Usage, logs and file checks are computed from the container's behaviour when asked.
import { formatIp, parseCidr } from '../../api/cidr.ts';
import type { SimClock, TimerId } from '../../sim/clock.ts';
import { hashString, type SeededRng } from '../../sim/rng.ts';
import { cniDaemonOf, CniNetwork, NODE_IMAGE_CNI_AGENTS, type NetworkStatus } from '../cni/network.ts';
import type { ProbeType } from './behavior.ts';
import type {
  ContainerConfig, ContainerStats, ContainerStatus, ExecSyncResponse, Image, ImageService, PodSandboxConfig,
  PodSandboxStatus, ProbeTarget, PullResult, RuntimeEvent, RuntimeService,
} from './cri.ts';
import { DEFAULT_RUNTIME_HANDLER } from './cri.ts'; // a value, beside the types above
import { imageDigest, imageExists, imageSize, notFoundError, parseImage, PULL_BASE_MS, PULL_NOT_FOUND_MS, pullDurationMs, shortRepository } from './images.ts';
import { LOG_BUFFER_LINES, LogBuffer, probeAccessLine, serverStartLines, serverStopLines, type LogLine } from './logs.ts';
import { expand, fileExists, passGate, timelineLogs, type Env, type Timeline } from './shell.ts';
import { runNetTool } from './nettools/index.ts';
import { runExec, type ExecResult } from './exec.ts';
import type { ContainerFS } from './fs/commands.ts';
import type { FileNode, WrittenFile } from './fs/tree.ts';
import { scriptWrites } from './fs/writes.ts';
import type { NetProbe } from './nettools/probe.ts';
import { mayOpenRawSockets } from './capabilities.ts';

/** SIMULATION: a container whose idle memory is already above its limit is OOMKilled this soon after start. */
export const OOM_AT_START_MS = 500;
/** SIMULATION: a process started with a broken device fails this soon (its CUDA initialisation). */
export const DEVICE_FAILURE_MS = 1_000;
/** Memory is used in whole pages. */
const PAGE_BYTES = 4096;
const pages = (bytes: number) => Math.ceil(bytes / PAGE_BYTES) * PAGE_BYTES;

/** SIMULATION: every image's PATH (the Debian and busybox default). */
const CONTAINER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** Exit code of a process killed by SIGKILL (128 + 9), as the runtime reports it. */
export const SIGKILL_EXIT_CODE = 137;

interface SimContainer {
  id: string;
  sandboxId: string;
  config: ContainerConfig;
  state: ContainerStatus['state'];
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: string;
  timer?: TimerId;
  /** The next check of the gate the process waits at (watchGate). */
  gateTimer?: TimerId;
  /** When SIGTERM was sent. */
  stoppingAt?: number;
  logs: LogBuffer;
  /** What the process does (its behavior's timeline), moved on when the process passes a gate (shell.ts). */
  timeline: Timeline;
  /** What the network commands of a gate's checks printed: each ahead of the lines of the round it starts. */
  gateLogs?: LogBuffer;
  /** 0..1, stable per container: idle use varies a little between containers. */
  jitter: number;
  /**
   * The status as last built, until the container starts or exits: the kubelet reads it at every sync and status
   * build, the eviction manager for every container at every change on the node.
   */
  status?: ContainerStatus;
}

/** A running container's memory use `ageSec` after its start: its idle use (varied a little), its growth, its limit. */
function memoryBytes(c: SimContainer, ageSec: number): number {
  const b = c.config.behavior;
  const vary = b.explicitUsage ? 1 : 0.8 + 0.4 * c.jitter;
  const limit = c.config.memoryLimitBytes;
  const memory = pages(b.memoryBytes * vary + b.memoryGrowPerSec * ageSec);
  return limit !== undefined ? Math.min(memory, limit) : memory;
}

/** `$(cat …/serviceaccount/namespace)`: the pod's namespace, as the projected service account volume holds it. */
const SERVICE_ACCOUNT_NAMESPACE = /\$\(\s*cat\s+\/var\/run\/secrets\/kubernetes\.io\/serviceaccount\/namespace\s*\)/g;

export class SimRuntime implements RuntimeService, ImageService, ProbeTarget {
  /** Each sandbox's status, replaced (never changed) when it changes. */
  private readonly sandboxes = new Map<string, PodSandboxStatus>();
  private readonly containers = new Map<string, SimContainer>();
  private readonly images = new Map<string, Image>();
  private readonly pulls = new Map<string, ((r: PullResult) => void)[]>();
  private readonly listeners: ((e: RuntimeEvent) => void)[] = [];
  /** SIMULATION: broken devices (CDI name) and what a process started with one prints before it exits. */
  private readonly brokenDevices = new Map<string, string>();
  private podCIDR: string | undefined;
  /** Files commands run by `kubectl exec` wrote, per sandbox: made at the first such write. */
  private readonly execWrites = new Map<string, WrittenFile[]>();
  /** The node's CNI side: configuration, plugins, and the pod addresses they hand out. */
  readonly network = new CniNetwork();
  /** What a sandbox's pod sees of the cluster network (the kubelet sets it), for processes that wait on it. */
  netFor: ((podSandboxId: string) => NetProbe | undefined) | undefined;

  /** handlers: the runtimes containerd is configured with (RunPodSandbox's runtime_handler picks one). */
  constructor(private readonly clock: SimClock, private readonly rng: SeededRng, private readonly kubeletVersion: string,
    private readonly handlers: readonly string[] = [DEFAULT_RUNTIME_HANDLER]) {
    for (const { image, size } of NODE_IMAGE_CNI_AGENTS) this.adoptImage(image, size);
  }

  onEvent(listener: (e: RuntimeEvent) => void): void { this.listeners.push(listener); }

  /** UpdateRuntimeConfig: the node's podCIDR, from which the CNI plugin hands out addresses. */
  updateRuntimeConfig(podCIDR: string | undefined): void {
    this.podCIDR = podCIDR;
    this.network.setPodCIDR(podCIDR);
  }
  /** Status's NetworkReady condition. */
  networkStatus(): NetworkStatus { return this.network.status(); }

  // ---- images ----

  pullImage(image: string, done: (r: PullResult) => void): void {
    const key = parseImage(image).name;
    const waiting = this.pulls.get(key);
    // Two pods asking for the same image share one pull, as containerd's content store does.
    if (waiting) { waiting.push(done); return; }
    this.pulls.set(key, [done]);
    const found = imageExists(image);
    const ms = !found ? PULL_NOT_FOUND_MS : this.images.has(key) ? PULL_BASE_MS : pullDurationMs(image);
    this.clock.after(ms, () => {
      const callbacks = this.pulls.get(key) ?? [];
      this.pulls.delete(key);
      let r: PullResult;
      if (found) {
        const img: Image = { id: imageDigest(image), repoTags: [key], size: imageSize(image) };
        this.images.set(key, img);
        r = { ok: true, imageRef: img.id, size: img.size, durationMs: ms };
      } else r = { ok: false, error: notFoundError(image) };
      for (const cb of callbacks) cb(r);
    });
  }

  imageStatus(image: string): Image | undefined { return this.images.get(parseImage(image).name); }
  listImages(): Image[] { return [...this.images.values()]; }
  /** Images a restored node reports as present. */
  adoptImage(name: string, size: number): void {
    const key = parseImage(name).name;
    if (!this.images.has(key)) this.images.set(key, { id: imageDigest(name), repoTags: [key], size });
  }

  /** CRI RemoveImage (the kubelet's image garbage collection). */
  removeImage(id: string): void {
    for (const [key, img] of this.images) if (img.id === id) this.images.delete(key);
  }

  /**
   * SIMULATION: what each container (running or exited, until it is removed) holds in its writable layer, from its
   * behaviour's disk use and growth while it ran; and the image it runs.
   */
  writableLayers(): { id: string; sandboxId: string; imageRef: string; bytes: number; growPerSec: number }[] {
    const now = this.clock.now();
    // Made at its size, without a copy of the container list to map: the disk manager asks at every change.
    const out = new Array<{ id: string; sandboxId: string; imageRef: string; bytes: number; growPerSec: number }>(this.containers.size);
    let i = 0;
    for (const c of this.containers.values()) {
      const b = c.config.behavior;
      const ran = c.startedAt === undefined ? 0 : ((c.finishedAt ?? now) - c.startedAt) / 1000;
      const running = c.state === 'CONTAINER_RUNNING';
      out[i++] = { id: c.id, sandboxId: c.sandboxId, imageRef: c.config.imageRef, bytes: Math.round((b.diskBytes ?? 0) + (b.diskGrowPerSec ?? 0) * ran), growPerSec: running ? b.diskGrowPerSec ?? 0 : 0 };
    }
    return out;
  }

  // ---- sandboxes ----

  /**
   * A sandbox in the host's network namespace gets no address of its own (the kubelet reports the node's).
   * runtimeHandler: the RuntimeClass's handler, '' for the default runtime; containerd refuses one it lacks.
   */
  runPodSandbox(config: PodSandboxConfig, runtimeHandler = ''): string {
    if (runtimeHandler && !this.handlers.includes(runtimeHandler)) {
      throw new Error(`rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "${runtimeHandler}" is configured`);
    }
    const id = this.newId();
    const ip = config.hostNetwork ? '' : this.network.setUp(id, config).ip;
    return this.addSandbox(id, config, ip);
  }

  /** After a restore: the sandbox a pod already had, with its address. */
  adoptSandbox(config: PodSandboxConfig, ip: string): string {
    const id = this.newId();
    if (!config.hostNetwork) this.network.adopt(id, ip);
    return this.addSandbox(id, config, config.hostNetwork ? '' : ip);
  }

  private addSandbox(id: string, config: PodSandboxConfig, ip: string): string {
    this.sandboxes.set(id, { id, state: 'SANDBOX_READY', createdAt: this.clock.now(), ip, metadata: config });
    return id;
  }

  stopPodSandbox(podSandboxId: string): void {
    const sb = this.sandboxes.get(podSandboxId);
    if (!sb || sb.state === 'SANDBOX_NOTREADY') return;
    for (const c of this.containers.values()) if (c.sandboxId === podSandboxId && c.state === 'CONTAINER_RUNNING') this.exit(c, SIGKILL_EXIT_CODE, 'Error');
    this.sandboxes.set(podSandboxId, { ...sb, state: 'SANDBOX_NOTREADY' });
    if (!sb.metadata.hostNetwork) this.network.tearDown(podSandboxId, sb.metadata);
  }

  removePodSandbox(podSandboxId: string): void {
    this.stopPodSandbox(podSandboxId);
    for (const c of [...this.containers.values()]) if (c.sandboxId === podSandboxId) this.removeContainer(c.id);
    this.sandboxes.delete(podSandboxId);
    this.execWrites.delete(podSandboxId);
  }

  podSandboxStatus(podSandboxId: string): PodSandboxStatus | undefined { return this.sandboxes.get(podSandboxId); }

  // ---- containers ----

  createContainer(podSandboxId: string, config: ContainerConfig): string {
    const id = this.newId();
    this.containers.set(id, { id, sandboxId: podSandboxId, config, state: 'CONTAINER_CREATED', createdAt: this.clock.now(), logs: new LogBuffer(), timeline: config.behavior.timeline, jitter: (hashString(id) % 1000) / 1000 });
    return id;
  }

  startContainer(containerId: string): void {
    const c = this.mustGet(containerId);
    if (c.state !== 'CONTAINER_CREATED') return;
    c.state = 'CONTAINER_RUNNING';
    c.startedAt = this.clock.now();
    c.status = undefined;
    const server = c.config.behavior.server;
    if (server) c.logs.addAll(c.startedAt, serverStartLines(server, this.serverContext(c)));
    this.scheduleOwnExit(c);
    this.daemonCheck(c);
    this.deviceCheck(c);
    this.emit('ContainerStarted', c);
    this.watchGate(c);
  }

  /** After a restore: a container that was running (or had exited) before, with its identity and times. */
  adoptContainer(podSandboxId: string, config: ContainerConfig, status: Pick<ContainerStatus, 'id' | 'state' | 'startedAt' | 'finishedAt' | 'exitCode' | 'reason'>): void {
    const c: SimContainer = {
      id: status.id, sandboxId: podSandboxId, config, state: status.state, createdAt: status.startedAt ?? this.clock.now(),
      startedAt: status.startedAt, finishedAt: status.finishedAt, exitCode: status.exitCode, reason: status.reason,
      logs: new LogBuffer(), timeline: config.behavior.timeline, jitter: (hashString(status.id) % 1000) / 1000,
    };
    this.containers.set(c.id, c);
    if (c.state === 'CONTAINER_RUNNING') { this.scheduleOwnExit(c); this.daemonCheck(c); this.watchGate(c); }
  }

  stopContainer(containerId: string, timeoutSeconds: number): void {
    const c = this.containers.get(containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING' || c.stoppingAt !== undefined) return;
    const now = this.clock.now();
    c.stoppingAt = now;
    const server = c.config.behavior.server;
    if (server) c.logs.addAll(now, serverStopLines(server, this.serverContext(c)));
    const stop = c.config.behavior.stop;
    const graceMs = Math.max(0, timeoutSeconds) * 1000;
    const own = this.ownExitAt(c);
    const termAt = stop === 'ignore' || stop.ms > graceMs ? Infinity : now + stop.ms;
    const killAt = now + graceMs;
    if (own.at <= Math.min(termAt, killAt)) return; // it is about to exit by itself anyway
    this.clearTimer(c);
    if (termAt <= killAt) c.timer = this.clock.after(termAt - now, () => this.exit(c, (stop as { code: number }).code, undefined));
    else c.timer = this.clock.after(killAt - now, () => this.exit(c, SIGKILL_EXIT_CODE, 'Error'));
  }

  /**
   * SIMULATION: a device fault (see ../deviceplugin/nvidia/hardware.ts). A process given one of these CDI devices
   * logs `message` and exits 1; while `brokenStartMessage` is set, a process started with one fails that way
   * DEVICE_FAILURE_MS after it starts, until deviceRepaired.
   */
  deviceFault(cdiNames: string[], message: string, brokenStartMessage?: string): void {
    if (brokenStartMessage !== undefined) for (const n of cdiNames) this.brokenDevices.set(n, brokenStartMessage);
    for (const c of [...this.containers.values()]) {
      if (c.state === 'CONTAINER_RUNNING' && c.config.cdiDevices?.some((d) => cdiNames.includes(d.name))) this.failOnDevice(c, message);
    }
  }

  deviceRepaired(cdiNames: string[]): void {
    for (const n of cdiNames) this.brokenDevices.delete(n);
  }

  /** SIMULATION: the process crashes on its own (`sim container crash`): it exits with `code`; the PLEG notices. */
  crash(containerId: string, code = 1): void {
    const c = this.containers.get(containerId);
    if (c) this.exit(c, code, undefined);
  }

  /** SIMULATION: the process dies of a SIGKILL from outside the kubelet (`sim pod kill`); the PLEG notices. */
  kill(containerId: string): void {
    const c = this.containers.get(containerId);
    if (c) this.exit(c, SIGKILL_EXIT_CODE, 'Error');
  }

  removeContainer(containerId: string): void {
    const c = this.containers.get(containerId);
    if (!c) return;
    this.clearTimer(c);
    this.containers.delete(containerId);
  }

  containerStatus(containerId: string): ContainerStatus | undefined {
    const c = this.containers.get(containerId);
    return c && this.statusOf(c);
  }

  /** ContainerStatus(verbose)'s info: the config the container was created with (its env, devices). */
  containerConfig(containerId: string): ContainerConfig | undefined {
    return this.containers.get(containerId)?.config;
  }

  listContainers(podSandboxId?: string): ContainerStatus[] {
    const out: ContainerStatus[] = [];
    for (const c of this.containers.values()) if (podSandboxId === undefined || c.sandboxId === podSandboxId) out.push(this.statusOf(c));
    return out;
  }

  execSync(containerId: string, cmd: string[]): ExecSyncResponse {
    const c = this.containers.get(containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING') return { exitCode: 126, stdout: 'OCI runtime exec failed: exec failed: cannot exec in a stopped container: unknown' };
    return this.checkFiles(c, cmd);
  }

  /**
   * `kubectl exec` (CRI Exec): the command runs in the running container with its environment: the image's PATH,
   * HOSTNAME, what the kubelet put in the container config (device envs), the container's env, HOME; network tools
   * reach the pod network through `net`.
   */
  exec(containerId: string, cmd: string[], containerEnv: { key: string; value: string }[], root?: FileNode, net?: NetProbe, stdin?: string): ExecResult {
    const c = this.containers.get(containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING') return { exitCode: 126, stdout: '', stderr: '', startError: 'OCI runtime exec failed: exec failed: cannot exec in a stopped container: unknown' };
    const hostname = this.sandboxes.get(c.sandboxId)?.metadata.hostname ?? '';
    const env = [{ key: 'PATH', value: CONTAINER_PATH }, { key: 'HOSTNAME', value: hostname }, ...(c.config.envs ?? []), ...containerEnv, { key: 'HOME', value: '/root' }];
    const busybox = /(?:^|\/)(?:busybox|alpine)$/.test(shortRepository(c.config.image));
    const fs: ContainerFS | undefined = root && {
      root, busybox, now: this.clock.now(),
      record: (path, data, append) => {
        let list = this.execWrites.get(c.sandboxId);
        if (!list) this.execWrites.set(c.sandboxId, (list = []));
        list.push({ container: c.config.name, containerId: c.id, path, data, append, at: this.clock.now() });
      },
    };
    return runExec({
      env, hostname, now: this.clock.now(), busybox, files: (argv) => this.checkFiles(c, argv), fs, image: c.config.image, stdin,
      ...(net ? { net: { image: c.config.image, probe: net, rawSockets: mayOpenRawSockets(c.config.security) } } : {}),
    }, cmd);
  }

  /** What the processes of a sandbox's containers (their scripts, and commands exec'd in them) have written so far. */
  writtenFiles(podSandboxId: string): WrittenFile[] {
    const out: WrittenFile[] = [];
    const hostname = this.sandboxes.get(podSandboxId)?.metadata.hostname ?? '';
    for (const c of this.containers.values()) {
      if (c.sandboxId !== podSandboxId || c.startedAt === undefined) continue;
      out.push(...scriptWrites(c.timeline, { container: c.config.name, containerId: c.id, startedAt: c.startedAt, until: c.finishedAt ?? this.clock.now(), hostname }));
    }
    return out.concat(this.execWrites.get(podSandboxId) ?? []);
  }

  containerStats(containerId: string): ContainerStats | undefined {
    const c = this.containers.get(containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING') return undefined;
    const b = c.config.behavior;
    const age = (this.clock.now() - c.startedAt!) / 1000;
    const demand = b.explicitUsage ? b.cpuMilli : b.cpuMilli + (b.cpuMilli > 0 && c.jitter > 0.5 ? 1 : 0);
    const cpuLimit = c.config.cpuLimitMilli;
    const throttled = cpuLimit !== undefined && demand > cpuLimit;
    return {
      cpuMilli: throttled ? cpuLimit : demand,
      memoryBytes: memoryBytes(c, age),
      memoryGrowPerSec: b.memoryGrowPerSec,
      cpuThrottledSeconds: throttled ? age * (1 - cpuLimit / demand) : 0,
    };
  }

  /**
   * `from` plus the memory every running container uses now, and its growth: containerStats summed in container
   * order, with no status list and no stats made (the eviction manager looks at every container start and stop).
   */
  memoryUse(from: number): { bytes: number; growPerSec: number } {
    const now = this.clock.now();
    let bytes = from;
    let grow = 0;
    for (const c of this.containers.values()) {
      if (c.state !== 'CONTAINER_RUNNING') continue;
      bytes += memoryBytes(c, (now - c.startedAt!) / 1000);
      grow += c.config.behavior.memoryGrowPerSec;
    }
    return { bytes, growPerSec: grow };
  }

  readLogs(containerId: string): LogLine[] {
    const c = this.containers.get(containerId);
    if (!c || c.startedAt === undefined) return [];
    const until = (c.finishedAt ?? this.clock.now()) - c.startedAt;
    const hostname = this.sandboxes.get(c.sandboxId)?.metadata.hostname ?? '';
    const fromProcess = timelineLogs(c.timeline, c.startedAt, until, hostname, LOG_BUFFER_LINES);
    return [...(c.gateLogs?.all() ?? []), ...fromProcess, ...c.logs.all()].sort((a, b) => a.at - b.at).slice(-LOG_BUFFER_LINES);
  }

  // ---- probes (SIMULATION) ----

  answers(containerId: string, type: ProbeType): boolean {
    const c = this.containers.get(containerId);
    if (!c || c.state !== 'CONTAINER_RUNNING') return false;
    const o = c.config.behavior.probes[type];
    if (!o) return true;
    const age = this.clock.now() - c.startedAt!;
    return !(age >= o.from && age < o.until);
  }

  execProbe(containerId: string, cmd: string[], type: ProbeType): ExecSyncResponse {
    if (!this.answers(containerId, type)) return { exitCode: 1, stdout: '' };
    return this.execSync(containerId, cmd);
  }

  logProbeRequest(containerId: string, path: string, status: number): void {
    const c = this.containers.get(containerId);
    const server = c?.config.behavior.server;
    if (!c || !server || !this.podCIDR) return;
    // The kubelet probes from the node, which reaches the pod through the bridge's gateway address.
    const gateway = formatIp(parseCidr(this.podCIDR).base + 1);
    const line = probeAccessLine(server, { now: this.clock.now(), clientIP: gateway, path, status, kubeletVersion: this.kubeletVersion });
    if (line) c.logs.add(this.clock.now(), line);
  }

  // ---- internals ----

  /** When the process will end by itself: its own exit, or the OOM killer once memory reaches the limit. */
  private ownExitAt(c: SimContainer): { at: number; code: number; reason?: string } {
    const b = c.config.behavior;
    const start = c.startedAt!;
    const end = c.timeline.end;
    let best = end.kind === 'exit' ? { at: start + end.at, code: end.code } as { at: number; code: number; reason?: string } : { at: Infinity, code: 0 };
    const limit = c.config.memoryLimitBytes;
    if (limit !== undefined) {
      const base = b.memoryBytes * (b.explicitUsage ? 1 : 0.8 + 0.4 * c.jitter);
      const oomAt = base >= limit ? start + OOM_AT_START_MS : b.memoryGrowPerSec > 0 ? start + Math.ceil(((limit - base) / b.memoryGrowPerSec) * 1000) : Infinity;
      if (oomAt < best.at) best = { at: oomAt, code: SIGKILL_EXIT_CODE, reason: 'OOMKilled' };
    }
    return best;
  }

  /**
   * A process waiting in a loop on the network (shell.ts Gate): its condition is checked at the start of each
   * round, with the pod's view of the network (netFor); once it holds, the script goes on from there. Without a
   * view of the network (a runtime on its own) the condition holds at once, as other loop conditions do.
   */
  private watchGate(c: SimContainer): void {
    const gate = c.timeline.gate;
    if (!gate || c.state !== 'CONTAINER_RUNNING') return;
    const elapsed = this.clock.now() - c.startedAt!;
    const round = gate.period > 0 ? Math.max(0, Math.ceil((elapsed - gate.at) / gate.period)) : 0;
    const check = () => {
      if (c.state !== 'CONTAINER_RUNNING' || c.timeline.gate !== gate || c.stoppingAt !== undefined) return;
      const net = this.netFor?.(c.sandboxId);
      const done = gate.period > 0 ? Math.round((this.clock.now() - c.startedAt! - gate.at) / gate.period) : 0;
      if (net && !gate.exits((argv, env) => this.netStatus(c, net, argv, env))) { c.gateTimer = this.clock.after(gate.period, check); return; }
      c.gateTimer = undefined;
      c.timeline = passGate(c.timeline, done);
      this.clearTimer(c);
      this.scheduleOwnExit(c);
      this.watchGate(c);
    };
    const at = c.startedAt! + gate.at + round * gate.period;
    if (at <= this.clock.now()) check();
    else c.gateTimer = this.clock.after(at - this.clock.now(), check);
  }

  /**
   * A network command run by the container's script: what it prints goes to the log, its status back to the
   * script; 127 when the image lacks the program, as sh reports it.
   */
  private netStatus(c: SimContainer, probe: NetProbe, argv: string[], env: Env): number {
    const meta = this.sandboxes.get(c.sandboxId)?.metadata;
    const now = this.clock.now();
    // The namespace file every pod's service account volume holds (the docs' init container example reads it).
    const words = argv.map((w) => expand(w.replace(SERVICE_ACCOUNT_NAMESPACE, meta?.namespace ?? 'default'), env, now, meta?.hostname ?? ''));
    const prog = words[0].slice(words[0].lastIndexOf('/') + 1);
    const r = runNetTool({ image: c.config.image, probe, rawSockets: mayOpenRawSockets(c.config.security) }, prog, words.slice(1));
    const logs = (c.gateLogs ??= new LogBuffer());
    if (!r) { logs.add(now, `sh: ${prog}: not found`); return 127; }
    const printed = `${r.stdout}${r.stderr}`.replace(/\n$/, '');
    if (printed) logs.addAll(now, printed.split('\n'));
    return r.exitCode;
  }

  private scheduleOwnExit(c: SimContainer): void {
    const own = this.ownExitAt(c);
    if (own.at === Infinity) return;
    c.timer = this.clock.after(own.at - this.clock.now(), () => this.exit(c, own.code, own.reason));
  }

  private exit(c: SimContainer, code: number, reason: string | undefined): void {
    if (c.state !== 'CONTAINER_RUNNING') return;
    this.clearTimer(c);
    if (c.gateTimer !== undefined) { this.clock.cancel(c.gateTimer); c.gateTimer = undefined; }
    c.state = 'CONTAINER_EXITED';
    c.finishedAt = this.clock.now();
    c.exitCode = code;
    c.reason = reason ?? (code === 0 ? 'Completed' : 'Error');
    c.status = undefined;
    this.emit('ContainerDied', c);
  }

  private clearTimer(c: SimContainer): void {
    if (c.timer !== undefined) this.clock.cancel(c.timer);
    c.timer = undefined;
  }

  private statusOf(c: SimContainer): ContainerStatus {
    return c.status ??= Object.freeze({
      id: c.id, name: c.config.name, attempt: c.config.attempt, state: c.state, createdAt: c.createdAt,
      startedAt: c.startedAt, finishedAt: c.finishedAt, exitCode: c.exitCode, reason: c.reason,
      image: c.config.image, imageRef: c.config.imageRef,
    });
  }

  private emit(type: RuntimeEvent['type'], c: SimContainer): void {
    for (const l of this.listeners) l({ type, containerId: c.id, podSandboxId: c.sandboxId });
  }

  private serverContext(c: SimContainer) {
    return { now: this.clock.now(), podIP: this.sandboxes.get(c.sandboxId)?.ip ?? '', tag: parseImage(c.config.image).tag };
  }

  /** Commands exec probes use to look at files: they fail when the script has removed (or not yet made) the file. */
  private checkFiles(c: SimContainer, cmd: string[]): ExecSyncResponse {
    const argv = ['sh', 'bash', '/bin/sh', '/bin/bash'].includes(cmd[0]) && cmd[1] === '-c' ? (cmd[2] ?? '').trim().split(/\s+/) : cmd;
    const prog = (argv[0] ?? '').slice(argv[0].lastIndexOf('/') + 1);
    const path = argv.slice(1).filter((a) => !a.startsWith('-') && a !== ']' && a !== '!').pop();
    if (!path || !['cat', 'ls', 'stat', 'test', '[', 'head', 'grep'].includes(prog)) return { exitCode: 0, stdout: '' };
    const exists = fileExists(c.timeline, path, this.clock.now() - c.startedAt!);
    if (exists !== false) return { exitCode: 0, stdout: '' };
    const busybox = /(?:^|\/)(?:busybox|alpine)$/.test(shortRepository(c.config.image));
    const messages: Record<string, string> = busybox
      ? { cat: `cat: can't open '${path}': No such file or directory`, ls: `ls: ${path}: No such file or directory`, stat: `stat: can't stat '${path}': No such file or directory`, head: `head: ${path}: No such file or directory`, grep: `grep: ${path}: No such file or directory` }
      : { cat: `cat: ${path}: No such file or directory`, ls: `ls: cannot access '${path}': No such file or directory`, stat: `stat: cannot statx '${path}': No such file or directory`, head: `head: cannot open '${path}' for reading: No such file or directory`, grep: `grep: ${path}: No such file or directory` };
    return { exitCode: prog === 'ls' || prog === 'grep' ? 2 : 1, stdout: messages[prog] ?? '' };
  }

  private mustGet(id: string): SimContainer {
    const c = this.containers.get(id);
    if (!c) throw new Error(`rpc error: code = NotFound desc = an error occurred when try to find container "${id}": not found`);
    return c;
  }

  /** A process started with a broken device fails soon after it starts. */
  private deviceCheck(c: SimContainer): void {
    const broken = c.config.cdiDevices?.find((d) => this.brokenDevices.has(d.name));
    if (!broken) return;
    this.clearTimer(c);
    c.timer = this.clock.after(DEVICE_FAILURE_MS, () => this.failOnDevice(c, this.brokenDevices.get(broken.name)!));
  }

  private failOnDevice(c: SimContainer, message: string): void {
    c.logs.add(this.clock.now(), message);
    this.exit(c, 1, 'Error');
  }

  /** A network's node agent writes its CNI configuration when it starts (the convention of ../cni/network.ts). */
  private daemonCheck(c: SimContainer): void {
    const name = cniDaemonOf(c.config.image);
    if (name) this.network.daemonStarted(name);
  }

  private newId(): string {
    return this.rng.hex(64);
  }
}
