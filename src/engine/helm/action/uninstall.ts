// helm uninstall (action.Uninstall): the release's objects deleted in reverse install order, then its records
// purged, or kept as "uninstalled" with --keep-history.
import { buildResources, deleteResources } from '../kubeclient.ts';
import type { HelmEnv } from './env.ts';
import { validateReleaseName } from './install.ts';

export function uninstall(env: HelmEnv, name: string, keepHistory: boolean, dryRun: boolean): void {
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
  env.releases.update(rel);
  deleteResources(env.store, buildResources(env.store, rel.manifest, rel.namespace));
  rel.info.status = 'uninstalled';
  rel.info.description = 'Uninstallation complete';
  if (keepHistory) env.releases.update(rel);
  else for (const r of history) env.releases.delete(r);
}
