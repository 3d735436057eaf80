// The application controller's CompareAppState: the target objects (the repository's manifests, placed in the
// destination namespace and labelled with the tracking label) against the live ones. A resource is OutOfSync when
// applying its manifest would change the live object (the three-way merge of kubectl apply: the last applied
// configuration, the manifest, the live object), or when it is missing; a live object the application tracked
// that the repository no longer has requires pruning. The application's health is its resources' worst.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { threeWayStrategicPatch } from '../../apiserver/patch/strategic.ts';
import type { Store } from '../../apiserver/store.ts';
import { isWorse, resourceHealth } from './health.ts';
import { generate, ManifestError, resolve, type DocumentSource, type RepoState } from './repository.ts';
import { resourceKey, TRACKING_LABEL, type Application, type ApplicationCondition, type HealthStatus, type ResourceStatus, type SyncStatusCode } from './types.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** One managed resource: its manifest (undefined when only the live object is left) and its live object. */
export interface ManagedResource {
  key: string;
  info?: KindInfo;
  group: string; version: string; kind: string; namespace?: string; name: string;
  target?: KubeObject;
  live?: KubeObject;
  status: ResourceStatus;
}

export interface Comparison {
  repo?: RepoState;
  resources: ManagedResource[];
  sync: SyncStatusCode;
  health: HealthStatus;
  error?: ApplicationCondition;
}

function lastApplied(live: KubeObject): unknown {
  const text = live.metadata.annotations?.[LAST_APPLIED];
  if (!text) return {};
  try { return JSON.parse(text); } catch { return {}; }
}

/** Would applying the manifest change the live object? */
export function differs(target: KubeObject, live: KubeObject): boolean {
  return Object.keys(threeWayStrategicPatch(lastApplied(live), target, live)).length > 0;
}

const splitApiVersion = (apiVersion: string) => {
  const i = apiVersion.indexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
};

/** The manifest as the controller applies it: in the destination namespace, with the application's tracking label. */
function targetObject(store: Store, app: Application, obj: KubeObject): { obj: KubeObject; info?: KindInfo } {
  const info = store.kinds.forManifest(String(obj.apiVersion), String(obj.kind));
  const metadata = { ...obj.metadata, labels: { ...(obj.metadata.labels ?? {}), [TRACKING_LABEL]: app.metadata.name! } };
  if (info && !info.namespaced) delete metadata.namespace;
  else metadata.namespace ||= app.spec.destination.namespace || 'default';
  return { obj: { ...obj, metadata }, info };
}

export function compare(store: Store, docs: DocumentSource, app: Application, now: string, revision?: string): Comparison {
  let repo: RepoState;
  let manifests: KubeObject[];
  try {
    repo = resolve(store, docs, app.spec.source, revision);
    manifests = generate(repo, docs, app, app.spec.source);
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    const message = `Failed to load target state: failed to generate manifest for source 1 of 1: ${e.message}`;
    return { resources: [], sync: 'Unknown', health: app.status?.health ?? { status: 'Healthy' }, error: { type: 'ComparisonError', message, lastTransitionTime: now } };
  }
  const resources = new Map<string, ManagedResource>();
  for (const m of manifests) {
    const { obj, info } = targetObject(store, app, m);
    const { group, version } = splitApiVersion(String(obj.apiVersion));
    const r = { group, version, kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name ?? '' };
    const live = info ? store.tryGet(info.kind, r.namespace, r.name) : undefined;
    const status: SyncStatusCode = !live || differs(obj, live) ? 'OutOfSync' : 'Synced';
    const health: HealthStatus | undefined = live ? resourceHealth(group, live) : { status: 'Missing' };
    resources.set(resourceKey(r), { key: resourceKey(r), info, ...r, target: obj, live, status: { ...r, status, ...(health ? { health } : {}) } });
  }
  // What the application tracked before and the repository no longer has, still carrying its label.
  for (const prev of app.status?.resources ?? []) {
    const key = resourceKey(prev);
    if (resources.has(key)) continue;
    const info = store.kinds.forManifest(prev.group ? `${prev.group}/${prev.version}` : prev.version, prev.kind);
    const live = info ? store.tryGet(info.kind, prev.namespace, prev.name) : undefined;
    if (!live || live.metadata.labels?.[TRACKING_LABEL] !== app.metadata.name) continue;
    const health = resourceHealth(prev.group ?? '', live);
    resources.set(key, { key, info, group: prev.group ?? '', version: prev.version, kind: prev.kind, namespace: prev.namespace, name: prev.name, live,
      status: { group: prev.group, version: prev.version, kind: prev.kind, namespace: prev.namespace, name: prev.name, status: 'OutOfSync', ...(health ? { health } : {}), requiresPruning: true } });
  }
  const list = [...resources.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let health: HealthStatus = { status: 'Healthy' };
  for (const r of list) {
    const h = r.status.health;
    if (h && !r.status.requiresPruning && isWorse(health.status, h.status)) health = { status: h.status };
  }
  const sync: SyncStatusCode = list.some((r) => r.status.status === 'OutOfSync') ? 'OutOfSync' : 'Synced';
  return { repo, resources: list, sync, health };
}

/** status.resources as Argo writes them: without empty group or namespace fields. */
export function statusResources(c: Comparison): ResourceStatus[] {
  return c.resources.map(({ status: s }) => {
    const out: ResourceStatus = { ...s };
    if (!out.group) delete out.group;
    if (!out.namespace) delete out.namespace;
    return out;
  });
}
