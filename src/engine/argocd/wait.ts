// waitOnApplicationStatus, as argocd app wait, sync and rollback run it: watch the application until it is synced,
// healthy and without a running operation (each as asked), printing a TIMESTAMP line whenever a resource's state
// changes, then the application's final status. The simulation runs under the wait (sim/until.ts), as under
// helm --wait.
// SIMULATION: --timeout 0 (argocd's default, "wait forever") gives up after 300 s of virtual time, as --timeout 300.
import type { Store } from '../apiserver/store.ts';
import { toJson, toYaml } from '../kubectl/printers/format.ts';
import type { SimClock } from '../sim/clock.ts';
import { until } from '../sim/until.ts';
import { selectsResource, type Application, type Operation, type SyncOperationResource } from '../operators/argocd/types.ts';
import { operationResult, resourcesTable, resourceStates, summary, waitLines, type ResourceState } from './print.ts';
import { resourceTree, treeView } from './tree.ts';

export const FOREVER_S = 300;

export interface WatchOptions { sync: boolean; health: boolean; operation: boolean; suspended: boolean; degraded: boolean }

/** What is watched when no flag says: sync, health and the operation. */
export const DEFAULT_WATCH: WatchOptions = { sync: true, health: true, operation: true, suspended: false, degraded: false };

/** printFinalStatus: a blank line, the summary, the operation's result (when watched), then the app by the output format. */
export function finalStatus(store: Store, clock: SimClock, app: Application, watchOperation: boolean, output: string): string[] {
  const out = ['', ...summary(app), ''];
  if (watchOperation && app.status?.operationState) out.push(...operationResult(app.status.operationState));
  if (output === 'json' || output === 'yaml') out.push((output === 'json' ? toJson(app) : toYaml(app)).replace(/\n$/, ''));
  else if (output.startsWith('tree')) {
    const nodes = resourceTree(store, app);
    if (nodes.length) out.push('', treeView(app, nodes, output === 'tree=detailed' ? clock.now() : undefined));
  } else if (app.status?.resources?.length) out.push('', resourcesTable(app));
  return out;
}

/** checkResourceStatus: one health and sync status (the application's, or one resource's) against what is watched. */
function checkResourceStatus(w: WatchOptions, health: string, sync: string, operation: Operation | undefined): boolean {
  let healthy = true;
  if (w.suspended && w.health) healthy = health === 'Healthy' || health === 'Suspended';
  else if (w.suspended) healthy = health === 'Suspended';
  else if (w.health) healthy = health === 'Healthy';
  else if (w.degraded) healthy = health === 'Degraded';
  const synced = !w.sync || sync === 'Synced';
  const operational = !w.operation || !operation;
  return synced && healthy && operational;
}

/** With --resource, only the selected resources must be ready (all of them, vacuously when none is in the app). */
function ready(app: Application, w: WatchOptions, selected: readonly SyncOperationResource[]): boolean {
  if (!selected.length) return checkResourceStatus(w, app.status?.health?.status ?? '', app.status?.sync?.status ?? '', app.operation);
  return resourceStates(app).filter((s) => selectsResource(selected, s)).every((s) => checkResourceStatus(w, s.health, s.status, app.operation));
}

/** resourceState.Merge: the new non-empty fields; whether any changed. */
function merge(prev: ResourceState, next: ResourceState): boolean {
  let changed = false;
  for (const k of ['group', 'kind', 'namespace', 'name', 'status', 'health', 'hook', 'message'] as const) {
    if (next[k] !== '' && prev[k] !== next[k]) { prev[k] = next[k]; changed = true; }
  }
  return changed;
}

export class WaitError extends Error {}

/**
 * Wait for the application; its lines go to `print`. Returns the application at the end, or throws WaitError with
 * argocd's text (a timeout, a resource turned Degraded, the application deleted).
 */
export function waitOnApplicationStatus(store: Store, clock: SimClock, namespace: string, name: string, timeoutS: number, w: WatchOptions, output: string, print: (lines: string[]) => void, selected: readonly SyncOperationResource[] = []): Application {
  const seconds = timeoutS || FOREVER_S;
  const prev = new Map<string, ResourceState>();
  let header = true;
  let last: Application | undefined;
  const step = (): { app?: Application; error?: string } | undefined => {
    const app = store.tryGet<Application>('Application', namespace, name);
    if (!app) return { error: `rpc error: code = NotFound desc = applications.argoproj.io "${name}" not found` };
    last = app;
    const op = app.status?.operationState;
    const inProgress = !!app.operation || (!!op && !op.finishedAt);
    if (ready(app, w, selected) && (!inProgress || !w.operation)) return { app };
    const changed: ResourceState[] = [];
    // groupResourceStates: only the selected resources' changes are printed.
    for (const s of resourceStates(app).filter((x) => !selected.length || selectsResource(selected, x))) {
      const key = `${s.group}/${s.kind}/${s.namespace}/${s.name}`;
      const before = prev.get(key);
      if (!before) { prev.set(key, { ...s }); changed.push(s); continue; }
      if (w.health && before.health !== 'Unknown' && before.health !== 'Degraded' && s.health === 'Degraded') {
        return { app, error: `application '${name}' health state has transitioned from ${before.health} to ${s.health}` };
      }
      if (merge(before, s)) changed.push({ ...before });
    }
    // The header is written with the first rows; an application ready at once prints none.
    if (changed.length || header) print([waitLines(changed, clock.nowRFC3339(), header)]);
    header = false;
    return undefined;
  };
  const end = until(clock, seconds * 1000, step);
  const app = end?.app ?? last;
  if (app) print(finalStatus(store, clock, app, w.operation, output));
  if (!end) throw new WaitError(`timed out (${seconds}s) waiting for app "${name}" match desired state`);
  if (end.error) throw new WaitError(end.error);
  return end.app!;
}
