// helm install (action.Install): a free, valid name; the chart rendered; existing objects checked for ownership;
// the release stored as pending-install, pre-install hooks run, its objects created in install order, waited for
// (--wait), post-install hooks run, then marked deployed. Waiting runs the simulation (kubewait.ts). With --atomic
// a failure uninstalls the release (Install.failRelease).
import type { Chart } from '../chart.ts';
import { execHook, hooksOf } from '../hooks.ts';
import { buildResources, checkOwnership, createResources, type ResourceInfo } from '../kubeclient.ts';
import { DEFAULT_TIMEOUT_MS, waitForResources } from '../kubewait.ts';
import { renderChart } from '../render.ts';
import type { HookEvent, Release } from '../storage.ts';
import { toPlain } from '../template/values.ts';
import { storedChart, type HelmEnv } from './env.ts';
import { uninstall } from './uninstall.ts';

const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** chartutil.ValidateReleaseName. */
export function validateReleaseName(name: string): void {
  if (!name || name.length > 53 || !NAME.test(name)) {
    throw new Error(`release name "${name}": invalid release name, must match regex ${NAME.source} and the length must not be longer than 53`);
  }
}

/** --no-hooks, --timeout, --wait and --wait-for-jobs, as install, upgrade, rollback and uninstall take them. */
export interface WaitOptions {
  noHooks?: boolean;
  timeoutMs?: number;
  wait?: boolean;
  waitForJobs?: boolean;
  /** --atomic: a failed install is uninstalled, a failed upgrade rolled back (and --wait is implied). */
  atomic?: boolean;
}

/** Run one event's hooks unless --no-hooks; a failure is worded as the action words it. */
export function runHooks(env: HelmEnv, rel: Release, event: HookEvent, w: WaitOptions, wrap: (msg: string) => string = (m) => m): void {
  if (w.noHooks) return;
  try {
    execHook(env, rel, event, w.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (e) {
    throw new Error(wrap((e as Error).message));
  }
}

/** --wait (or --atomic): the resources ready (kube.Wait, or WaitWithJobs with --wait-for-jobs). */
export function waitIfAsked(env: HelmEnv, resources: readonly ResourceInfo[], w: WaitOptions): void {
  if (w.wait || w.atomic) waitForResources(env.store, env.clock, resources, w.timeoutMs ?? DEFAULT_TIMEOUT_MS, !!w.waitForJobs);
}

export interface InstallOptions extends WaitOptions {
  name: string;
  chart: Chart;
  config: Record<string, unknown>;
  dryRun: boolean;
  createNamespace: boolean;
  /** helm template: render as an install without the cluster's releases (no name check, nothing stored). */
  clientOnly?: boolean;
}

/** The release record of a render (helm's createRelease). */
export function newRelease(env: HelmEnv, chart: Chart, config: Record<string, unknown>, name: string, revision: number, isUpgrade: boolean): Release {
  const rendered = renderChart(chart, config, { name, namespace: env.namespace, revision, isInstall: !isUpgrade, isUpgrade }, env.apiVersions);
  const now = env.now();
  return {
    name, namespace: env.namespace, version: revision,
    info: { first_deployed: now, last_deployed: now, deleted: '', description: '', status: isUpgrade ? 'pending-upgrade' : 'pending-install', ...(rendered.notes.trim() ? { notes: rendered.notes } : {}) },
    chart: storedChart(chart),
    config: toPlain(config) as Record<string, unknown>,
    manifest: rendered.manifest,
    hooks: hooksOf(rendered.hooks),
  };
}

/** helm's availableName: any revision, even an uninstalled one kept with --keep-history, holds the name. */
function checkNameFree(env: HelmEnv, name: string): void {
  if (env.releases.history(env.namespace, name).length) throw new Error('cannot re-use a name that is still in use');
}

export function install(env: HelmEnv, opts: InstallOptions): Release {
  validateReleaseName(opts.name);
  if (opts.chart.metadata.type === 'library') throw new Error('library charts are not installable');
  if (!opts.clientOnly) checkNameFree(env, opts.name);
  const rel = newRelease(env, opts.chart, opts.config, opts.name, 1, false);
  if (opts.clientOnly) return rel;
  const owner = { name: rel.name, namespace: rel.namespace };
  const resources = buildResources(env.store, rel.manifest, rel.namespace, owner);
  if (opts.dryRun) {
    rel.info.description = 'Dry run complete';
    return rel;
  }
  try {
    checkOwnership(env.store, resources, owner);
  } catch (e) {
    throw new Error(`Unable to continue with install: ${(e as Error).message}`);
  }
  if (opts.createNamespace && !env.store.tryGet('Namespace', undefined, rel.namespace)) {
    env.store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: rel.namespace, labels: { name: rel.namespace } } });
  }
  env.releases.create(rel);
  try {
    runHooks(env, rel, 'pre-install', opts, (m) => `failed pre-install: ${m}`);
    createResources(env.store, resources);
    waitIfAsked(env, resources, opts);
    runHooks(env, rel, 'post-install', opts, (m) => `failed post-install: ${m}`);
  } catch (e) {
    // failRelease: the record says why, and the error goes to the user; with --atomic the release is uninstalled.
    rel.info.status = 'failed';
    rel.info.description = `Release "${rel.name}" failed: ${(e as Error).message}`;
    if (!opts.atomic) {
      env.releases.update(rel);
      throw e;
    }
    try {
      uninstall(env, rel.name, false, false, { noHooks: opts.noHooks, timeoutMs: opts.timeoutMs });
    } catch (u) {
      throw new Error(`an error occurred while uninstalling the release. original install error: ${(e as Error).message}: ${(u as Error).message}`);
    }
    throw new Error(`release ${rel.name} failed, and has been uninstalled due to atomic being set: ${(e as Error).message}`);
  }
  rel.info.status = 'deployed';
  rel.info.description = 'Install complete';
  env.releases.update(rel);
  return rel;
}
