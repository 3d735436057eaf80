// Pod status as the kubelet's status manager writes it: phase, conditions and container statuses.
import type { ContainerStatus, Pod, PodCondition, PodStatus } from 'kubernetes-types/core/v1';

export type ContainerPhase = { state: 'waiting'; reason: string; message?: string } | { state: 'running'; startedAt: string; imageID: string; containerID: string };

export function containerStatus(name: string, image: string, phase: ContainerPhase): ContainerStatus {
  const base = { name, image, restartCount: 0 };
  if (phase.state === 'waiting') {
    return { ...base, imageID: '', ready: false, started: false, state: { waiting: { reason: phase.reason, ...(phase.message ? { message: phase.message } : {}) } }, lastState: {} };
  }
  return { ...base, imageID: phase.imageID, containerID: phase.containerID, ready: true, started: true, state: { running: { startedAt: phase.startedAt } }, lastState: {} };
}

function condition(type: string, ok: boolean, now: string, prev: PodCondition[] | undefined, reason?: string, message?: string): PodCondition {
  const old = prev?.find((c) => c.type === type);
  const status = ok ? 'True' : 'False';
  return {
    type, status,
    lastProbeTime: null as unknown as string,
    lastTransitionTime: old && old.status === status ? old.lastTransitionTime : now,
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
  };
}

/** generateAPIPodStatus: conditions in upstream order, with reasons for the false ones. */
export function podStatus(pod: Pod, opts: { now: string; hostIP: string; podIP?: string; sandboxReady: boolean; containers: ContainerStatus[] }): PodStatus {
  const prev = pod.status?.conditions;
  const notReady = opts.containers.filter((c) => !c.ready).map((c) => c.name);
  const allReady = notReady.length === 0 && opts.containers.length > 0;
  const running = opts.containers.length > 0 && opts.containers.every((c) => c.state?.running);
  const unready = `containers with unready status: [${notReady.join(' ')}]`;
  const scheduled = prev?.find((c) => c.type === 'PodScheduled') ?? condition('PodScheduled', true, opts.now, prev);
  return {
    ...pod.status,
    phase: running ? 'Running' : 'Pending',
    conditions: [
      condition('PodReadyToStartContainers', opts.sandboxReady, opts.now, prev),
      condition('Initialized', true, opts.now, prev),
      condition('Ready', allReady, opts.now, prev, allReady ? undefined : 'ContainersNotReady', allReady ? undefined : unready),
      condition('ContainersReady', allReady, opts.now, prev, allReady ? undefined : 'ContainersNotReady', allReady ? undefined : unready),
      scheduled,
    ],
    hostIP: opts.hostIP,
    hostIPs: [{ ip: opts.hostIP }],
    ...(opts.podIP ? { podIP: opts.podIP, podIPs: [{ ip: opts.podIP }] } : {}),
    startTime: pod.status?.startTime ?? opts.now,
    containerStatuses: opts.containers,
  };
}
