// A resource in kustomize's accumulator: the object, every name it has had (patches, replicas and name references
// find it by any of them, as kustomize's PrevIds), and whether a generator asked for a name hash suffix.
import type { KubeObject } from '../../api/object.ts';

export interface Res {
  obj: KubeObject;
  /** The names it had before its current one, oldest first. */
  prevNames: string[];
  /** Generated ConfigMaps and Secrets get "-HASH" at the end of the build (unless disableNameSuffixHash). */
  needsHash?: boolean;
}

export function res(obj: KubeObject): Res {
  return { obj, prevNames: [] };
}

export function nameOf(r: Res): string { return r.obj.metadata?.name ?? ''; }
export function namespaceOf(r: Res): string { return r.obj.metadata?.namespace ?? ''; }

export function setName(r: Res, name: string): void {
  const old = nameOf(r);
  if (old === name) return;
  r.prevNames.push(old);
  r.obj.metadata.name = name;
}

/** Current or earlier name. */
export function hadName(r: Res, name: string): boolean {
  return nameOf(r) === name || r.prevNames.includes(name);
}

export function groupVersion(apiVersion: string | undefined): { group: string; version: string } {
  const av = apiVersion ?? '';
  const i = av.indexOf('/');
  return i < 0 ? { group: '', version: av } : { group: av.slice(0, i), version: av.slice(i + 1) };
}

/** resid.ResId's String(): "Deployment.v1.apps/web.prod", with [noGrp] and [noNs] for empty parts. */
export function resIdString(obj: { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string } }): string {
  const { group, version } = groupVersion(obj.apiVersion);
  return `${obj.kind ?? ''}.${version}.${group || '[noGrp]'}/${obj.metadata?.name ?? ''}.${obj.metadata?.namespace || '[noNs]'}`;
}

/** Two resources kustomize's accumulator may not hold together: the same group, kind, name and namespace. */
export function sameId(a: KubeObject, b: KubeObject): boolean {
  return groupVersion(a.apiVersion).group === groupVersion(b.apiVersion).group && a.kind === b.kind
    && (a.metadata?.name ?? '') === (b.metadata?.name ?? '') && (a.metadata?.namespace ?? '') === (b.metadata?.namespace ?? '');
}

// kyaml resid/gvk.go's kind order for the legacy sort: these first, in this order; those last; others between.
const ORDER_FIRST = ['Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition', 'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding', 'ConfigMap', 'Secret', 'Endpoints', 'Service', 'LimitRange', 'PriorityClass', 'PersistentVolume', 'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget'];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

function kindOrder(kind: string): number {
  const first = ORDER_FIRST.indexOf(kind);
  if (first >= 0) return first - ORDER_FIRST.length;
  const last = ORDER_LAST.indexOf(kind);
  return last >= 0 ? 1 + last : 0;
}

/** Gvk.String(): "apps_v1_Deployment" with ~G, ~V, ~K for empty parts. */
function gvkString(o: KubeObject): string {
  const { group, version } = groupVersion(o.apiVersion);
  return [group || '~G', version || '~V', o.kind || '~K'].join('_');
}

/** kustomize build's --reorder=legacy: by kind order, then GVK, then namespace and name. */
export function legacyLess(a: KubeObject, b: KubeObject): number {
  const ka = kindOrder(a.kind);
  const kb = kindOrder(b.kind);
  if (ka !== kb) return ka - kb;
  const ga = gvkString(a);
  const gb = gvkString(b);
  if (ga !== gb) return ga < gb ? -1 : 1;
  const ia = `${a.metadata?.namespace || '~X'}|${a.metadata?.name || '~N'}`;
  const ib = `${b.metadata?.namespace || '~X'}|${b.metadata?.name || '~N'}`;
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}
