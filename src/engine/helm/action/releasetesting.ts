// helm test (action.ReleaseTesting): the latest revision's test hooks run as any hook event, their runs recorded
// on the release whether they pass or fail; --logs prints each test pod's log (GetPodLogs).
import type { Pod } from 'kubernetes-types/core/v1';
import { execHook } from '../hooks.ts';
import type { Hook, Release } from '../storage.ts';
import type { HelmEnv } from './env.ts';
import { validateReleaseName } from './install.ts';

export function releaseTest(env: HelmEnv, name: string, timeoutMs: number): { rel: Release; error?: Error } {
  try {
    validateReleaseName(name);
  } catch {
    throw new Error(`releaseTest: Release name is invalid: ${name}`);
  }
  const rel = env.releases.last(env.namespace, name);
  let error: Error | undefined;
  try {
    execHook(env, rel, 'test', timeoutMs);
  } catch (e) {
    error = e as Error;
  }
  env.releases.update(rel);
  return { rel, error };
}

/**
 * GetPodLogs: for each test hook by weight, "POD LOGS: NAME", the pod's log and a blank line; a hook without its
 * pod (deleted by its hook-delete-policy, or not a Pod) ends the output with helm's error.
 */
export function testPodLogs(env: HelmEnv, rel: Release, logs: (pod: Pod, container: string) => string[]): { text: string; error?: string } {
  let out = '';
  const byWeight = [...(rel.hooks ?? [])].sort((a: Hook, b: Hook) => (a.weight ?? 0) - (b.weight ?? 0));
  for (const h of byWeight.filter((x) => x.events.includes('test'))) {
    const pod = env.store.tryGet<Pod>('Pod', rel.namespace, h.name);
    if (!pod) return { text: out, error: `unable to get pod logs for ${h.name}: pods "${h.name}" not found` };
    const containers = pod.spec?.containers ?? [];
    if (containers.length !== 1) return { text: out, error: `unable to get pod logs for ${h.name}: a container name must be specified for pod ${h.name}, choose one of: [${containers.map((c) => c.name).join(' ')}]` };
    out += `POD LOGS: ${h.name}\n${logs(pod, containers[0].name).map((l) => `${l}\n`).join('')}\n`;
  }
  return { text: out };
}
