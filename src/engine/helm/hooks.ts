// Chart hooks (helm's releaseutil.SortManifests and action.execHook): a template whose object carries the
// helm.sh/hook annotation is kept apart from the release's manifest and created only at its events, ordered by
// helm.sh/hook-weight, then kind (install order), then name. Before a hook is created its old object goes
// (before-hook-creation, the default policy); a Job or Pod hook is waited for until it completes or fails; then
// hook-succeeded or hook-failed delete it. Each run is recorded on the release (helm status's TEST SUITE lines).
import { StatusError } from '../apiserver/errors.ts';
import type { HelmEnv } from './action/env.ts';
import { INSTALL_ORDER } from './kindsort.ts';
import { buildResources, deleteResources, type ResourceInfo } from './kubeclient.ts';
import { multiError, waitForDelete, watchUntilReady } from './kubewait.ts';
import type { RenderedManifest } from './render.ts';
import type { Hook, HookEvent, Release } from './storage.ts';

export const HOOK_ANNOTATION = 'helm.sh/hook';
export const HOOK_WEIGHT_ANNOTATION = 'helm.sh/hook-weight';
export const HOOK_DELETE_ANNOTATION = 'helm.sh/hook-delete-policy';

/** The hook events an annotation may name ("test-success" is helm 2's name for test). */
const EVENTS: Record<string, HookEvent> = {
  'pre-install': 'pre-install', 'post-install': 'post-install', 'pre-delete': 'pre-delete', 'post-delete': 'post-delete',
  'pre-upgrade': 'pre-upgrade', 'post-upgrade': 'post-upgrade', 'pre-rollback': 'pre-rollback', 'post-rollback': 'post-rollback',
  test: 'test', 'test-success': 'test',
};

const annotationsOf = (o: Record<string, unknown>): Record<string, unknown> => {
  const meta = o.metadata as { annotations?: Record<string, unknown> } | undefined;
  return meta?.annotations ?? {};
};

/** strconv.Atoi as calculateHookWeight uses it: anything else is weight 0. */
function hookWeight(text: unknown): number {
  const s = String(text ?? '');
  return /^[+-]?\d+$/.test(s) ? Number(s) : 0;
}

/** The release's hooks from the rendered hook documents; a hook naming an unknown event is skipped, as helm does. */
export function hooksOf(rendered: readonly RenderedManifest[]): Hook[] {
  const out: Hook[] = [];
  for (const m of rendered) {
    const ann = annotationsOf(m.object);
    const events: HookEvent[] = [];
    let unknown = false;
    for (const word of String(ann[HOOK_ANNOTATION] ?? '').split(',')) {
      const e = EVENTS[word.trim().toLowerCase()];
      if (!e) { unknown = true; break; }
      events.push(e);
    }
    if (unknown) continue;
    const policies = ann[HOOK_DELETE_ANNOTATION] === undefined ? [] : String(ann[HOOK_DELETE_ANNOTATION]).split(',').map((p) => p.trim());
    out.push({
      name: String((m.object.metadata as { name?: unknown } | undefined)?.name ?? ''), kind: m.kind, path: m.source, manifest: m.content, events,
      last_run: { started_at: '', completed_at: '', phase: '' },
      ...(ann[HOOK_WEIGHT_ANNOTATION] !== undefined ? { weight: hookWeight(ann[HOOK_WEIGHT_ANNOTATION]) } : {}),
      ...(policies.length ? { delete_policies: policies } : {}),
    });
  }
  return out;
}

const rank = new Map(INSTALL_ORDER.map((k, i) => [k, i]));

/** hookByWeight: weight, then install order of the kind (unknown kinds last, alphabetically), then name. */
export function compareHooks(a: Hook, b: Hook): number {
  const wa = a.weight ?? 0;
  const wb = b.weight ?? 0;
  if (wa !== wb) return wa - wb;
  const ra = rank.get(a.kind);
  const rb = rank.get(b.kind);
  if (a.kind !== b.kind) {
    if (ra === undefined && rb === undefined) return a.kind < b.kind ? -1 : 1;
    if (ra === undefined) return 1;
    if (rb === undefined) return -1;
    if (ra !== rb) return ra - rb;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function build(env: HelmEnv, h: Hook, rel: Release): ResourceInfo[] {
  return buildResources(env.store, h.manifest, rel.namespace);
}

/** deleteHookByPolicy: CRDs are never deleted; the others go, and helm waits until they are gone. */
function deleteByPolicy(env: HelmEnv, h: Hook, rel: Release, policy: string, timeoutMs: number): void {
  if (h.kind === 'CustomResourceDefinition' || !(h.delete_policies ?? []).includes(policy)) return;
  let resources: ResourceInfo[];
  try {
    resources = build(env, h, rel);
  } catch (e) {
    throw new Error(`unable to build kubernetes object for deleting hook ${h.path}: ${(e as Error).message}`);
  }
  deleteResources(env.store, resources);
  waitForDelete(env.store, env.clock, resources, timeoutMs);
}

/** execHook: run the release's hooks for one event, in order, recording each run on the release. */
export function execHook(env: HelmEnv, rel: Release, event: HookEvent, timeoutMs: number): void {
  const executing = (rel.hooks ?? []).filter((h) => h.events.includes(event)).sort(compareHooks);
  for (const h of executing) {
    if (!h.delete_policies?.length) h.delete_policies = ['before-hook-creation'];
    deleteByPolicy(env, h, rel, 'before-hook-creation', timeoutMs);
    let resources: ResourceInfo[];
    try {
      resources = build(env, h, rel);
    } catch (e) {
      throw new Error(`unable to build kubernetes object for ${event} hook ${h.path}: ${(e as Error).message}`);
    }
    h.last_run = { started_at: env.now(), completed_at: '', phase: 'Running' };
    env.releases.update(rel);
    h.last_run.phase = 'Unknown';
    try {
      for (const r of resources) env.store.create(structuredClone(r.object));
    } catch (e) {
      h.last_run.completed_at = env.now();
      h.last_run.phase = 'Failed';
      throw new Error(`warning: Hook ${event} ${h.path} failed: ${multiError([e instanceof StatusError ? e.status.message : (e as Error).message])}`);
    }
    try {
      watchUntilReady(env.store, env.clock, resources, timeoutMs);
    } catch (e) {
      h.last_run.completed_at = env.now();
      h.last_run.phase = 'Failed';
      deleteByPolicy(env, h, rel, 'hook-failed', timeoutMs);
      throw e;
    }
    h.last_run.completed_at = env.now();
    h.last_run.phase = 'Succeeded';
  }
  for (const h of [...executing].reverse()) deleteByPolicy(env, h, rel, 'hook-succeeded', timeoutMs);
}

/** helm get hooks: each hook's source and manifest. */
export function hooksText(rel: Release): string {
  return (rel.hooks ?? []).map((h) => `---\n# Source: ${h.path}\n${h.manifest}\n`).join('');
}

/** A test hook (helm template --skip-tests leaves these out). */
export function isTestHook(h: Hook): boolean {
  return h.events.includes('test');
}
