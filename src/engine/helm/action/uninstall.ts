// helm uninstall (action.Uninstall): the release's objects deleted in reverse install order, then its records
// purged, or kept as "uninstalled" with --keep-history; pre-delete hooks run before, post-delete hooks after.
import { buildResources, deleteResources } from '../kubeclient.ts';
import { DEFAULT_TIMEOUT_MS, waitForDelete } from '../kubewait.ts';
import type { HelmEnv } from './env.ts';
import { runHooks, validateReleaseName, type WaitOptions } from './install.ts';

export function uninstall(env: HelmEnv, name: string, keepHistory: boolean, dryRun: boolean, w: WaitOptions = {}): void {
  validateReleaseName(name);
  const history = env.releases.history(env.namespace, name);
  if (!history.length) throw new Error(`uninstall: Release not loaded: ${name}: release: not found`);
  const rel = history[history.length - 1];
  if (rel.info.status === 'uninstalled') {
    if (keepHistory) throw new Error(`the release named "${name}" is already deleted`);
    for (const r of history) env.releases.delete(r);
    return;
  }
  if (dryRun) return;
  rel.info.status = 'uninstalling';
  rel.info.deleted = env.now();
  rel.info.description = 'Deletion in progress (or silently failed)';
  runHooks(env, rel, 'pre-delete', w);
  env.releases.update(rel);
  const resources = buildResources(env.store, rel.manifest, rel.namespace);
  deleteResources(env.store, resources);
  const errs: string[] = [];
  if (w.wait) {
    try {
      waitForDelete(env.store, env.clock, resources, w.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    } catch (e) {
      errs.push((e as Error).message);
    }
  }
  try {
    runHooks(env, rel, 'post-delete', w);
  } catch (e) {
    errs.push((e as Error).message);
  }
  rel.info.status = 'uninstalled';
  rel.info.description = 'Uninstallation complete';
  if (keepHistory) env.releases.update(rel);
  else for (const r of history) env.releases.delete(r);
  if (errs.length) throw new Error(`uninstallation completed with ${errs.length} error(s): ${errs.join('; ')}`);
}
