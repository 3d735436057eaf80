// Container helpers of the kubelet: sidecars, restart rules, limits, preStop hooks, and the API form of a
// container's status (convertToAPIContainerStatuses).
import type { Container, ContainerState, ContainerStateTerminated, ContainerStatus, Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../api/object.ts';
import { resourceAmount } from '../../api/pod.ts';
import { toRFC3339 } from '../../sim/clock.ts';
import type { ContainerStatus as CriStatus, ProcessSecurity } from '../runtime/cri.ts';
import { qualifiedReference } from '../runtime/images.ts';
import { sleepMs } from '../runtime/shell.ts';

/** A native sidecar: an init container with restartPolicy Always. */
export function isRestartableInitContainer(c: Container | undefined): boolean {
  return c?.restartPolicy === 'Always';
}

/** Whether an exited container is started again (sidecars always; others by the pod's restartPolicy). */
export function shouldRestart(pod: Pod, c: Container, init: boolean, exitCode: number): boolean {
  if (init && isRestartableInitContainer(c)) return true;
  const policy = pod.spec?.restartPolicy ?? 'Always';
  if (init) return policy !== 'Never' && exitCode !== 0;
  return policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0);
}

/** Which of a pod's container lists a container is in. */
export type ContainerList = 'initContainers' | 'containers' | 'ephemeralContainers';

export function fieldPath(list: ContainerList, name: string): string {
  return `spec.${list}{${name}}`;
}

/** The cgroup limits of a container: cpu in millicores, memory in bytes (only those it has, in this order). */
export function limitsOf(c: Container): Readonly<Limits> {
  const l = c.resources?.limits as Record<string, string> | undefined;
  // Most containers have neither: one shared empty answer, no objects made to be spread into the CRI config.
  if (l?.cpu === undefined && l?.memory === undefined) return NO_LIMITS;
  const out: Limits = {};
  if (l.cpu !== undefined) out.cpuLimitMilli = resourceAmount('cpu', l.cpu);
  if (l.memory !== undefined) out.memoryLimitBytes = resourceAmount('memory', l.memory);
  return out;
}
interface Limits { cpuLimitMilli?: number; memoryLimitBytes?: number }
const NO_LIMITS: Readonly<Limits> = Object.freeze({});

/**
 * The CRI security context of a container: privileged, its user (the container's runAsUser over the pod's) and its
 * capability changes. Most pods set none: one shared empty answer, as limitsOf.
 */
export function securityOf(pod: Pod, c: Container): Readonly<{ security?: ProcessSecurity }> {
  const sc = c.securityContext;
  const runAsUser = sc?.runAsUser ?? pod.spec?.securityContext?.runAsUser;
  if (!sc?.privileged && runAsUser === undefined && !sc?.capabilities) return NO_SECURITY;
  return { security: { privileged: sc?.privileged, runAsUser, capabilities: sc?.capabilities } };
}
const NO_SECURITY: Readonly<{ security?: ProcessSecurity }> = Object.freeze({});

/** SIMULATION: how long the preStop hook takes: `sleep N` (exec, or the sleep action); other hooks are quick. */
export function preStopMs(c: Container): number {
  const h = c.lifecycle?.preStop;
  if (!h) return 0;
  if (h.sleep) return h.sleep.seconds * 1000;
  const cmd = h.exec?.command ?? [];
  if (!cmd.length) return 0;
  const name = cmd[0].slice(cmd[0].lastIndexOf('/') + 1);
  if (name === 'sleep') return finite(sleepMs(cmd.slice(1)));
  const script = ['sh', 'bash', 'ash'].includes(name) && cmd[1]?.includes('c') ? cmd[2] ?? '' : '';
  const m = /(?:^|[;&|\s])sleep\s+(\S+)/.exec(script);
  return m ? finite(sleepMs([m[1]])) : 0;
}

const finite = (ms: number) => (Number.isFinite(ms) ? ms : 3_600_000);

export const runtimeId = (id: string) => `containerd://${id}`;

export function terminatedOf(s: CriStatus): ContainerStateTerminated {
  return {
    exitCode: s.exitCode ?? 0,
    reason: s.reason,
    ...(s.message ? { message: s.message } : {}),
    startedAt: toRFC3339(s.startedAt ?? s.createdAt),
    finishedAt: toRFC3339(s.finishedAt ?? s.createdAt),
    containerID: runtimeId(s.id),
  };
}

export interface StatusParts {
  spec: Container;
  /** The latest instance, and the one before it (for lastState). */
  current?: CriStatus;
  previous?: CriStatus;
  /** Why the next instance has not started (ErrImagePull, CrashLoopBackOff …). */
  waiting?: { reason: string; message?: string };
  defaultReason: 'ContainerCreating' | 'PodInitializing';
  restartCount: number;
  ready: boolean;
  started: boolean;
}

// The states most containers are in, frozen and shared: every stored container status keeps its state and last
// state, and the containers of a rollout are in the same ones (no last state, running since the same second).
const NO_STATE: ContainerState = Object.freeze({});
const CONTAINER_CREATING: ContainerState = deepFreeze({ waiting: { reason: 'ContainerCreating' } });
const POD_INITIALIZING: ContainerState = deepFreeze({ waiting: { reason: 'PodInitializing' } });
let lastRunning: ContainerState = deepFreeze({ running: { startedAt: '' } });

/** { running: { startedAt } }, the one made last when it started in the same second. */
function runningSince(startedAt: string): ContainerState {
  if (lastRunning.running!.startedAt !== startedAt) lastRunning = deepFreeze({ running: { startedAt } });
  return lastRunning;
}

/** One entry of containerStatuses / initContainerStatuses. */
export function apiContainerStatus(p: StatusParts): ContainerStatus {
  const cur = p.current;
  let state: ContainerState;
  let last: ContainerState = p.previous?.state === 'CONTAINER_EXITED' ? { terminated: terminatedOf(p.previous) } : NO_STATE;
  if (p.waiting && (!cur || cur.state === 'CONTAINER_EXITED')) {
    state = { waiting: { reason: p.waiting.reason, ...(p.waiting.message ? { message: p.waiting.message } : {}) } };
    if (cur) last = { terminated: terminatedOf(cur) };
  } else if (cur?.state === 'CONTAINER_RUNNING') state = runningSince(toRFC3339(cur.startedAt!));
  else if (cur?.state === 'CONTAINER_EXITED') state = { terminated: terminatedOf(cur) };
  else if (cur) state = { waiting: {} };
  else state = p.defaultReason === 'ContainerCreating' ? CONTAINER_CREATING : POD_INITIALIZING;
  const running = !!state.running;
  // Optional fields assigned in their place rather than spread in (a spread inside a literal is a runtime call,
  // and this runs for every container on every status flush).
  const status: ContainerStatus = {
    name: p.spec.name,
    state,
    lastState: last,
    ready: p.ready,
    restartCount: p.restartCount,
    image: cur ? qualifiedReference(cur.image) : p.spec.image ?? '',
    imageID: cur?.imageRef ?? '',
  };
  if (cur) status.containerID = runtimeId(cur.id);
  status.started = running && p.started;
  // No lists made for a container without mounts (most): the status is built at every flush.
  const mounts = p.spec.volumeMounts;
  if (mounts?.length) {
    status.volumeMounts = mounts.map((m) => ({
      name: m.name, mountPath: m.mountPath, ...(m.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}),
    }));
  }
  return status;
}
