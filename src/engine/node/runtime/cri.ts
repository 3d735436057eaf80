// The Container Runtime Interface (k8s.io/cri-api runtime/v1) as the kubelet uses it: RuntimeService for sandboxes
// and containers, ImageService for images. The shapes follow the CRI messages, trimmed to what the simulation
// needs. Calls that block in a real runtime until something happens (a pull, a container stopping) return at
// once here and report the outcome later, on the SimClock: pulls through their callback, container state
// changes through the runtime's event listener (what the kubelet's PLEG would notice when it relists).
import type { ContainerBehavior, ProbeType } from './behavior.ts';
import type { LogLine } from './logs.ts';

export type PodSandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED';

export interface PodSandboxConfig {
  uid: string; name: string; namespace: string; attempt: number; hostname: string;
  /** NamespaceOption.network NODE: the pod shares the host's network namespace (no CNI). */
  hostNetwork?: boolean;
}

/** containerd's default runtime: what a sandbox asking for no handler ('') runs with. */
export const DEFAULT_RUNTIME_HANDLER = 'runc';

export interface PodSandboxStatus {
  id: string;
  state: PodSandboxState;
  createdAt: number;
  ip: string;
  metadata: PodSandboxConfig;
}

export interface ContainerConfig {
  name: string;
  /** The restart count this instance carries (io.kubernetes.container.restartCount). */
  attempt: number;
  image: string;
  imageRef: string;
  /** SIMULATION: stands in for command, args, env and the program itself (see behavior.ts). */
  behavior: ContainerBehavior;
  /** From resources.limits: the cgroup's cpu quota and memory limit. */
  cpuLimitMilli?: number;
  memoryLimitBytes?: number;
  /** Environment the kubelet adds (device plugins' envs, e.g. NVIDIA_VISIBLE_DEVICES). */
  envs?: { key: string; value: string }[];
  /** CDI devices the runtime injects (CDI_devices: fully qualified names such as nvidia.com/gpu=GPU-…). */
  cdiDevices?: { name: string }[];
  /** The processes' user and privileges (LinuxContainerSecurityContext), when the pod asks for any. */
  security?: ProcessSecurity;
}

/** What a container's securityContext (over its pod's) makes of its processes. */
export interface ProcessSecurity {
  privileged?: boolean;
  runAsUser?: number;
  capabilities?: { add?: string[]; drop?: string[] };
}

export interface ContainerStatus {
  id: string;
  name: string;
  attempt: number;
  state: ContainerState;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  /** "Completed", "Error" or "OOMKilled", as containerd reports them. */
  reason?: string;
  message?: string;
  image: string;
  imageRef: string;
}

export interface ExecSyncResponse { exitCode: number; stdout: string }

/** Per-container usage, what cAdvisor and the summary API report. */
export interface ContainerStats {
  cpuMilli: number;
  memoryBytes: number;
  /** Growth of memory use per second right now (the simulation's own knowledge, for planning). */
  memoryGrowPerSec: number;
  /** cpu.stat throttled_usec, in seconds. */
  cpuThrottledSeconds: number;
}

export interface RuntimeService {
  /** runtimeHandler: the RuntimeClass handler to run the sandbox with; empty for the default runtime. */
  runPodSandbox(config: PodSandboxConfig, runtimeHandler?: string): string;
  stopPodSandbox(podSandboxId: string): void;
  removePodSandbox(podSandboxId: string): void;
  podSandboxStatus(podSandboxId: string): PodSandboxStatus | undefined;
  createContainer(podSandboxId: string, config: ContainerConfig): string;
  startContainer(containerId: string): void;
  /** SIGTERM (the image's stop signal), SIGKILL after timeoutSeconds; the exit is reported as an event. */
  stopContainer(containerId: string, timeoutSeconds: number): void;
  removeContainer(containerId: string): void;
  containerStatus(containerId: string): ContainerStatus | undefined;
  listContainers(podSandboxId?: string): ContainerStatus[];
  execSync(containerId: string, cmd: string[], timeoutSeconds: number): ExecSyncResponse;
  containerStats(containerId: string): ContainerStats | undefined;
  /** The container's log, oldest first (kubelet reads the CRI log files; this returns the lines). */
  readLogs(containerId: string): LogLine[];
}

export type PullResult = { ok: true; imageRef: string; size: number; durationMs: number } | { ok: false; error: string };

export interface Image { id: string; repoTags: string[]; size: number }

export interface ImageService {
  pullImage(image: string, done: (r: PullResult) => void): void;
  imageStatus(image: string): Image | undefined;
  listImages(): Image[];
}

export type RuntimeEvent = { type: 'ContainerStarted' | 'ContainerDied'; containerId: string; podSandboxId: string };

/** SIMULATION: how a probe of the given type is answered, beyond what CRI offers (HTTP and TCP go over the network). */
export interface ProbeTarget {
  /** Whether the process answers probes of this type now (behaviour annotation; default yes). */
  answers(containerId: string, type: ProbeType): boolean;
  /** Exec probes see the annotation too: they run in the container. */
  execProbe(containerId: string, cmd: string[], type: ProbeType): ExecSyncResponse;
  /** Let the container write an access-log line for an HTTP probe it answered. */
  logProbeRequest(containerId: string, path: string, status: number): void;
}
