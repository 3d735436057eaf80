// The kubelet's side of `kubectl logs` (GetKubeletContainerLogs / validateContainerLogStatus): which container
// instance the request means, from the pod's status, and its lines from the runtime.
import type { Pod } from 'kubernetes-types/core/v1';
import type { RuntimeService } from '../runtime/cri.ts';
import type { LogLine } from '../runtime/logs.ts';

/** A request the kubelet refuses; the API server returns it as a BadRequest. */
export class ContainerLogError extends Error {}

export function containerLogs(runtime: RuntimeService, pod: Pod, containerName: string, previous: boolean): LogLine[] {
  const podName = pod.metadata?.name ?? '';
  const s = pod.status;
  const cs = [...(s?.containerStatuses ?? []), ...(s?.initContainerStatuses ?? []), ...(s?.ephemeralContainerStatuses ?? [])].find((c) => c.name === containerName);
  if (!cs) throw new ContainerLogError(`container "${containerName}" in pod "${podName}" is not available`);
  const last = cs.lastState?.terminated;
  const { waiting, running, terminated } = cs.state ?? {};
  let id: string | undefined;
  if (previous) {
    if (!last?.containerID) throw new ContainerLogError(`previous terminated container "${containerName}" in pod "${podName}" not found`);
    id = last.containerID;
  } else if (running) id = cs.containerID;
  else if (terminated) {
    id = terminated.containerID || last?.containerID;
    if (!id) throw new ContainerLogError(`container "${containerName}" in pod "${podName}" is terminated`);
  } else if (last) {
    if (!last.containerID) throw new ContainerLogError(`container "${containerName}" in pod "${podName}" is terminated`);
    id = last.containerID;
  } else if (waiting) {
    const why = waiting.reason === 'ErrImagePull' ? 'image can\'t be pulled'
      : waiting.reason === 'ImagePullBackOff' ? 'trying and failing to pull image' : waiting.reason;
    throw new ContainerLogError(`container "${containerName}" in pod "${podName}" is waiting to start: ${why}`);
  } else throw new ContainerLogError(`container "${containerName}" in pod "${podName}" is waiting to start - no logs yet`);
  return runtime.readLogs((id ?? '').replace(/^[a-z]+:\/\//, ''));
}
