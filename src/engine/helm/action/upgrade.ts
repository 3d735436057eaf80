// helm upgrade (action.Upgrade) and helm rollback (action.Rollback): a new revision whose objects are reconciled
// against the deployed one's with kube.Client.Update (three-way merge, create what is new, delete what is gone);
// the old revision becomes superseded. With --cleanup-on-fail a failed upgrade (or a rollback whose update fails)
// deletes the objects it newly created; with --atomic a failed upgrade is then rolled back to the last good revision.
import type { Chart } from '../chart.ts';
import { buildResources, checkOwnership, deleteResources, keys, updateResources, type ResourceInfo } from '../kubeclient.ts';
import type { Release } from '../storage.ts';
import { coalesce, mergeMaps } from '../values.ts';
import { chartOf, type HelmEnv } from './env.ts';
import { newRelease, runHooks, validateReleaseName, waitIfAsked, type WaitOptions } from './install.ts';

export interface UpgradeOptions extends WaitOptions {
  name: string;
  chart: Chart;
  /** The values given on this command line (-f, --set …). */
  config: Record<string, unknown>;
  reuseValues: boolean;
  resetValues: boolean;
  dryRun: boolean;
  /** --cleanup-on-fail: delete the objects this upgrade created when it fails. */
  cleanupOnFail?: boolean;
}

/** Upgrade.reuseValues: what the new revision's user-supplied values are. */
function upgradeValues(chart: Chart, current: Release, opts: UpgradeOptions): { chart: Chart; config: Record<string, unknown> } {
  if (opts.resetValues) return { chart, config: opts.config };
  if (opts.reuseValues) {
    // The old chart's defaults merged with the old values become the new chart's defaults.
    const oldChart = chartOf(current.chart);
    return { chart: { ...chart, values: coalesce(oldChart.values, current.config) }, config: mergeMaps(current.config, opts.config) };
  }
  if (!Object.keys(opts.config).length && Object.keys(current.config).length) return { chart, config: current.config };
  return { chart, config: opts.config };
}

function checkNotPending(last: Release): void {
  if (last.info.status.startsWith('pending-')) throw new Error('another operation (install/upgrade/rollback) is in progress');
}

/**
 * failRelease's cleanup (--cleanup-on-fail): delete what the failed step created (helm deletes nothing when nothing
 * was created, e.g. when a pre-upgrade hook failed); a deletion that fails is reported beside the original error.
 */
function cleanUp(env: HelmEnv, created: readonly ResourceInfo[], verb: 'upgrade' | 'rollback', err: unknown): void {
  if (!created.length) return;
  try {
    deleteResources(env.store, created);
  } catch (d) {
    throw new Error(`an error occurred while cleaning up resources. original ${verb} error: ${(err as Error).message}: unable to cleanup resources: ${(d as Error).message}`);
  }
}

/**
 * Reconcile the cluster from one revision's objects to the next's, with the verb's hooks around it, and record
 * both. An upgrade that fails is marked failed; a rollback whose hooks fail stays pending-rollback, as helm leaves it.
 */
function deploy(env: HelmEnv, current: Release, next: Release, verb: 'update' | 'rollback', w: WaitOptions, cleanupOnFail = false): void {
  const owner = { name: next.name, namespace: next.namespace };
  const original = buildResources(env.store, current.manifest, current.namespace, owner);
  const target = buildResources(env.store, next.manifest, next.namespace, owner);
  try {
    checkOwnership(env.store, target, owner, keys(original));
  } catch (e) {
    throw new Error(`Unable to continue with ${verb}: ${(e as Error).message}`);
  }
  env.releases.create(next);
  const created: ResourceInfo[] = [];
  // failRelease: the record says why; then (--cleanup-on-fail) what the failed step created goes.
  const fail = (description: string, e: unknown, cleanable: readonly ResourceInfo[] = []): never => {
    next.info.status = 'failed';
    next.info.description = description;
    env.releases.update(next);
    if (cleanupOnFail) cleanUp(env, cleanable, verb === 'update' ? 'upgrade' : 'rollback', e);
    throw e;
  };
  if (verb === 'update') {
    try {
      runHooks(env, next, 'pre-upgrade', w, (m) => `pre-upgrade hooks failed: ${m}`);
      updateResources(env.store, original, target, created);
      waitIfAsked(env, target, w);
      runHooks(env, next, 'post-upgrade', w, (m) => `post-upgrade hooks failed: ${m}`);
    } catch (e) {
      fail(`Upgrade "${next.name}" failed: ${(e as Error).message}`, e, created);
    }
  } else {
    runHooks(env, next, 'pre-rollback', w);
    try {
      updateResources(env.store, original, target, created);
    } catch (e) {
      fail(`Rollback "${next.name}" failed: ${(e as Error).message}`, e, created);
    }
    try {
      waitIfAsked(env, target, w);
    } catch (e) {
      // A rollback cleans up only after a failed update, not after a failed wait.
      fail(`Release "${next.name}" failed: ${(e as Error).message}`, new Error(`release ${next.name} failed: ${(e as Error).message}`));
    }
    runHooks(env, next, 'post-rollback', w);
  }
  // Every earlier deployed revision is superseded now.
  for (const r of env.releases.history(next.namespace, next.name)) {
    if (r.version !== next.version && r.info.status === 'deployed') {
      r.info.status = 'superseded';
      env.releases.update(r);
    }
  }
  next.info.status = 'deployed';
  env.releases.update(next);
}

export function upgrade(env: HelmEnv, opts: UpgradeOptions): Release {
  validateReleaseName(opts.name);
  const history = env.releases.history(env.namespace, opts.name);
  const last = history[history.length - 1];
  if (!last || last.info.status === 'uninstalled') throw new Error(`"${opts.name}" has no deployed releases`);
  checkNotPending(last);
  const current = [...history].reverse().find((r) => r.info.status === 'deployed') ?? last;
  const { chart, config } = upgradeValues(opts.chart, current, opts);
  const next = newRelease(env, chart, config, opts.name, last.version + 1, true);
  next.info.first_deployed = current.info.first_deployed;
  if (opts.dryRun) {
    next.info.description = 'Dry run complete';
    return next;
  }
  next.info.description = 'Upgrade complete';
  try {
    deploy(env, current, next, 'update', opts, opts.cleanupOnFail);
  } catch (e) {
    if (!opts.atomic || next.info.status !== 'failed') throw e;
    rollbackAtomic(env, opts, e as Error);
  }
  return next;
}

/** Upgrade.failRelease with --atomic: back to the last deployed or superseded revision, waiting for it. */
function rollbackAtomic(env: HelmEnv, opts: UpgradeOptions, err: Error): never {
  const good = env.releases.history(env.namespace, opts.name).filter((r) => r.info.status === 'deployed' || r.info.status === 'superseded').sort((a, b) => b.version - a.version);
  if (!good.length) throw new Error(`unable to find a previously successful release when attempting to rollback. original upgrade error: ${err.message}`);
  try {
    rollback(env, opts.name, good[0].version, false, { wait: true, waitForJobs: opts.waitForJobs, noHooks: opts.noHooks, timeoutMs: opts.timeoutMs });
  } catch (r) {
    throw new Error(`an error occurred while rolling back the release. original upgrade error: ${err.message}: ${(r as Error).message}`);
  }
  throw new Error(`release ${opts.name} failed, and has been rolled back due to atomic being set: ${err.message}`);
}

/** helm rollback NAME [REVISION]: revision 0 (or none) is the one before the latest. */
export function rollback(env: HelmEnv, name: string, revision: number, dryRun: boolean, w: WaitOptions = {}, cleanupOnFail = false): Release {
  validateReleaseName(name);
  const history = env.releases.history(env.namespace, name);
  if (!history.length) throw new Error('release: not found');
  const current = history[history.length - 1];
  checkNotPending(current);
  const wanted = revision || current.version - 1;
  const previous = history.find((r) => r.version === wanted);
  if (!previous) throw new Error(`release has no ${wanted} version`);
  const now = env.now();
  const next: Release = {
    ...structuredClone(previous),
    version: current.version + 1,
    info: { first_deployed: current.info.first_deployed, last_deployed: now, deleted: '', status: 'pending-rollback', description: `Rollback to ${wanted}`, ...(previous.info.notes ? { notes: previous.info.notes } : {}) },
  };
  if (dryRun) return next;
  deploy(env, current, next, 'rollback', w, cleanupOnFail);
  return next;
}
