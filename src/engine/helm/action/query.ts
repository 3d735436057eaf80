// The read-only actions: helm list (action.List), history, status and get, over the stored releases.
import type { HelmEnv } from './env.ts';
import type { Release, ReleaseStatus } from '../storage.ts';

export interface ListOptions {
  allNamespaces: boolean;
  /** The statuses to show (helm's state mask); empty: deployed and failed. */
  states: ReleaseStatus[];
}

/** The latest revision of each release, filtered by status, by name (helm list's defaults). */
export function list(env: HelmEnv, opts: ListOptions): Release[] {
  const latest = new Map<string, Release>();
  for (const r of env.releases.list(opts.allNamespaces ? undefined : env.namespace)) {
    const k = `${r.namespace}/${r.name}`;
    if ((latest.get(k)?.version ?? 0) < r.version) latest.set(k, r);
  }
  const states = opts.states.length ? opts.states : ['deployed', 'failed'];
  return [...latest.values()].filter((r) => states.includes(r.info.status))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.namespace < b.namespace ? -1 : 1));
}

/** helm status / get: the latest revision, or the one asked for. */
export function releaseAt(env: HelmEnv, name: string, revision: number): Release {
  return revision > 0 ? env.releases.get(env.namespace, name, revision) : env.releases.last(env.namespace, name);
}

/** helm history: the last `max` revisions, oldest first. */
export function history(env: HelmEnv, name: string, max: number): Release[] {
  const h = env.releases.history(env.namespace, name);
  if (!h.length) throw new Error('release: not found');
  return h.slice(Math.max(0, h.length - max));
}
