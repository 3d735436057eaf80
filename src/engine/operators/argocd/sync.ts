// A sync operation (gitops-engine's sync context, one phase, no hooks or waves): the namespace first when
// CreateNamespace=true, then every selected target object applied in kind order (kubectl apply: created, or
// patched by the three-way merge, each result worded as kubectl apply prints it), and the resources that require
// pruning deleted when the operation prunes, else left with "ignored (requires pruning)".
// Simplification: the operation runs at once, within one pass of the controller, rather than task by task.
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../apiserver/errors.ts';
import { threeWayStrategicPatch } from '../../apiserver/patch/strategic.ts';
import type { Store } from '../../apiserver/store.ts';
import { sortByKind } from '../../helm/kindsort.ts';
import { LAST_APPLIED, type Comparison, type ManagedResource } from './compare.ts';
import { selectsResource, type Application, type OperationPhase, type ResourceResult, type SyncOperation } from './types.ts';

export interface SyncOutcome { phase: OperationPhase; message: string; results: ResourceResult[] }

/** kubectl's name of an object: deployment.apps/web, service/web. */
const shortName = (r: ManagedResource) => `${r.info ? r.info.singular : r.kind.toLowerCase()}${r.group ? `.${r.group}` : ''}/${r.name}`;

const hasOption = (app: Application, op: SyncOperation, option: string) => [...(app.spec.syncPolicy?.syncOptions ?? []), ...(op.syncOptions ?? [])].includes(option);

function errorText(e: unknown): string {
  return e instanceof StatusError ? e.status.message ?? e.message : e instanceof Error ? e.message : String(e);
}

function result(r: Pick<ManagedResource, 'group' | 'version' | 'kind' | 'namespace' | 'name'>, status: ResourceResult['status'], message: string): ResourceResult {
  return { group: r.group, version: r.version, kind: r.kind, namespace: r.namespace ?? '', name: r.name, status, message, hookPhase: status === 'SyncFailed' ? 'Failed' : 'Running', syncPhase: 'Sync' };
}

/** kubectl apply of one manifest: create it, or patch the live object with the three-way merge. */
function apply(store: Store, r: ManagedResource): string {
  const obj = structuredClone(r.target!);
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: JSON.stringify(r.target) + '\n' };
  const live = store.tryGet(r.info!.kind, r.namespace, r.name);
  if (!live) {
    store.create(obj);
    return `${shortName(r)} created`;
  }
  const original = (() => { try { return JSON.parse(live.metadata.annotations?.[LAST_APPLIED] ?? '{}') as unknown; } catch { return {}; } })();
  const patch = threeWayStrategicPatch(original, obj, live);
  if (!Object.keys(patch).length) return `${shortName(r)} unchanged`;
  store.patch(r.info!.kind, r.namespace, r.name, patch, { type: 'strategic' });
  return `${shortName(r)} configured`;
}

export function runSync(store: Store, app: Application, op: SyncOperation, state: Comparison): SyncOutcome {
  const selected = op.resources?.length ? op.resources : undefined;
  const chosen = state.resources.filter((r) => !selected || selectsResource(selected, r));
  const results: ResourceResult[] = [];
  let failed: string | undefined;
  const ns = app.spec.destination.namespace;
  if (ns && hasOption(app, op, 'CreateNamespace=true') && !store.tryGet('Namespace', undefined, ns) && !op.dryRun) {
    store.create<KubeObject>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    results.push(result({ group: '', version: 'v1', kind: 'Namespace', name: ns }, 'Synced', `namespace/${ns} created`));
  }
  for (const r of sortByKind(chosen.filter((x) => x.target), (x) => x.kind)) {
    if (!r.info) {
      failed ??= `the server could not find the requested resource`;
      results.push(result(r, 'SyncFailed', `The Kubernetes API could not find ${r.group ? `${r.group}/` : ''}${r.kind} for requested resource ${r.namespace ? `${r.namespace}/` : ''}${r.name}. Make sure the "${r.kind}" CRD is installed on the destination cluster.`));
      continue;
    }
    if (op.dryRun) { results.push(result(r, 'Synced', `${shortName(r)} ${r.live ? 'configured' : 'created'} (dry run)`)); continue; }
    try {
      results.push(result(r, 'Synced', apply(store, r)));
    } catch (e) {
      failed ??= errorText(e);
      results.push(result(r, 'SyncFailed', errorText(e)));
    }
  }
  for (const r of sortByKind(chosen.filter((x) => x.status.requiresPruning), (x) => x.kind, true)) {
    if (!op.prune) { results.push(result(r, 'PruneSkipped', 'ignored (requires pruning)')); continue; }
    if (op.dryRun) { results.push(result(r, 'Pruned', 'pruned (dry run)')); continue; }
    try {
      store.delete(r.info!.kind, r.namespace, r.name, { propagationPolicy: 'Foreground' });
      results.push(result(r, 'Pruned', 'pruned'));
    } catch (e) {
      if (e instanceof StatusError && e.status.reason === 'NotFound') { results.push(result(r, 'Pruned', 'pruned')); continue; }
      failed ??= errorText(e);
      results.push(result(r, 'SyncFailed', errorText(e)));
    }
  }
  if (failed) return { phase: 'Failed', message: `one or more objects failed to apply, reason: ${failed}`, results };
  return { phase: 'Succeeded', message: 'successfully synced (all tasks run)', results };
}
