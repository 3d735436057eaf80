// The READY, STATUS and RESTARTS cells of `kubectl get pods`, with the rules of upstream printPod
// (pkg/printers/internalversion/printers.go): the phase (or status.reason), overridden by the first failing or
// waiting init container ("Init:1/2", "Init:CrashLoopBackOff", "Init:ExitCode:1"), then by the last container
// that is waiting or terminated ("ContainerCreating", "CrashLoopBackOff", "Completed", "Error", "ExitCode:2"),
// "Terminating" once a deletion timestamp is set, and restarts with the time of the last one ("5 (3m ago)").
import type { Container, ContainerStatus, Pod, PodCondition } from 'kubernetes-types/core/v1';
import { humanDuration } from './duration.ts';
import { parseTime } from './time.ts';

export interface PodRowSummary {
  /** "1/2": ready containers (sidecars included) over containers. */
  ready: string;
  status: string;
  restarts: string;
}

/** A sidecar: an init container with restartPolicy Always. */
export function isRestartableInitContainer(c: Container | undefined): boolean {
  return c?.restartPolicy === 'Always';
}

function conditionTrue(conditions: PodCondition[] | undefined, type: string): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** Initialized condition: the first one of that type decides. */
function initializedTrue(conditions: PodCondition[] | undefined): boolean {
  const c = (conditions ?? []).find((x) => x.type === 'Initialized');
  return c?.status === 'True';
}

function lastTermination(cs: ContainerStatus): number | undefined {
  return parseTime(cs.lastState?.terminated?.finishedAt);
}

export function summarizePod(pod: Pod, now: number): PodRowSummary {
  const spec = pod.spec;
  const status = pod.status ?? {};
  const initSpecs = spec?.initContainers ?? [];
  let restarts = 0;
  let restartableInitRestarts = 0;
  let totalContainers = spec?.containers?.length ?? 0;
  let readyContainers = 0;
  let lastRestart = 0;
  let lastRestartableInitRestart = 0;

  const phase = status.phase ?? '';
  let reason: string = status.reason || phase;

  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initByName = new Map<string, Container>();
  for (const c of initSpecs) {
    initByName.set(c.name, c);
    if (isRestartableInitContainer(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i];
    restarts += cs.restartCount ?? 0;
    const finished = lastTermination(cs);
    if (finished !== undefined && finished > lastRestart) lastRestart = finished;
    const sidecar = isRestartableInitContainer(initByName.get(cs.name));
    if (sidecar) {
      restartableInitRestarts += cs.restartCount ?? 0;
      if (finished !== undefined && finished > lastRestartableInitRestart) lastRestartableInitRestart = finished;
    }
    const terminated = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (terminated && terminated.exitCode === 0) continue;
    if (sidecar && cs.started) {
      if (cs.ready) readyContainers++;
      continue;
    }
    if (terminated) {
      if (!terminated.reason) {
        reason = terminated.signal ? `Init:Signal:${terminated.signal}` : `Init:ExitCode:${terminated.exitCode}`;
      } else {
        reason = `Init:${terminated.reason}`;
      }
    } else if (waiting && waiting.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || initializedTrue(status.conditions)) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i];
      restarts += cs.restartCount ?? 0;
      const finished = lastTermination(cs);
      if (finished !== undefined && finished > lastRestart) lastRestart = finished;
      const waiting = cs.state?.waiting;
      const terminated = cs.state?.terminated;
      if (waiting && waiting.reason) {
        reason = waiting.reason;
      } else if (terminated && terminated.reason) {
        reason = terminated.reason;
      } else if (terminated) {
        reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`;
      } else if (cs.ready && cs.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // Some container still runs: the pod is not "Completed" yet.
    if (reason === 'Completed' && hasRunning) {
      reason = conditionTrue(status.conditions, 'Ready') ? 'Running' : 'NotReady';
    }
  }

  if (pod.metadata?.deletionTimestamp && status.reason === 'NodeLost') {
    reason = 'Unknown';
  } else if (pod.metadata?.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') {
    reason = 'Terminating';
  }

  let restartsCell = String(restarts);
  if (restarts !== 0 && lastRestart !== 0) {
    restartsCell = `${restarts} (${humanDuration(now - lastRestart)} ago)`;
  }
  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts: restartsCell };
}
