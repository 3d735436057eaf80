// helm test (action.ReleaseTesting): the latest revision's test hooks run as any hook event, their runs recorded
// on the release whether they pass or fail.
import { execHook } from '../hooks.ts';
import type { Release } from '../storage.ts';
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
