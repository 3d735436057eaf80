// The kubelet's side of `kubectl exec` (the /exec streaming endpoint): the container must be running; the command
// runs in it through the runtime with the container's environment.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { hashString } from '../../sim/rng.ts';
import type { FileNode } from '../runtime/fs/tree.ts';
import type { NetProbe } from '../runtime/nettools/probe.ts';
import type { SimRuntime } from '../runtime/simruntime.ts';
import { containerEnv, type EnvLookup } from './envvars.ts';

/** What kubectl gets back: the command's output and exit code, or why the request failed. */
export type ExecOutcome = { exitCode: number; stdout: string; stderr: string } | { error: string };

/** containerd names every exec process by a 64-digit hex id (here derived from the container and command). */
function execID(containerId: string, cmd: string[]): string {
  let out = '';
  for (let i = 0; out.length < 64; i++) out += hashString(`${containerId}/${cmd.join(' ')}/${i}`).toString(16).padStart(8, '0');
  return out.slice(0, 64);
}

/** `files` builds the container's file tree (podfiles/) when the command runs; `net` is the pod network. */
export function execInContainer(runtime: SimRuntime, lookup: EnvLookup, pod: Pod, containerName: string, cmd: string[], files?: (containerId: string, spec: Container) => FileNode | undefined, net?: NetProbe, stdin?: string): ExecOutcome {
  const s = pod.status;
  const cs = [...(s?.containerStatuses ?? []), ...(s?.initContainerStatuses ?? []), ...(s?.ephemeralContainerStatuses ?? [])].find((c) => c.name === containerName);
  const id = cs?.state?.running ? cs.containerID?.replace(/^[a-z]+:\/\//, '') : undefined;
  if (!id || runtime.containerStatus(id)?.state !== 'CONTAINER_RUNNING') return { error: `unable to upgrade connection: container not found ("${containerName}")` };
  const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find((c) => c.name === containerName);
  // Simplification: the env is resolved when exec runs, not kept from container creation.
  const r = runtime.exec(id, cmd, spec ? containerEnv(pod, spec, lookup) : [], spec && files?.(id, spec), net, stdin);
  if (r.startError) return { error: `Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "${execID(id, cmd)}": ${r.startError}` };
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}
