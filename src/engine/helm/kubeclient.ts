// helm's kube.Client over the API server: a release's manifests as objects (with helm's ownership label and
// annotations), the ownership check before adopting existing objects, create, three-way-merge update, delete.
import { parse as parseYaml } from 'yaml';
import type { KindInfo } from '../api/kinds.ts';
import type { KubeObject } from '../api/object.ts';
import { StatusError } from '../apiserver/errors.ts';
import { threeWayStrategicPatch } from '../apiserver/patch/strategic.ts';
import type { Store } from '../apiserver/store.ts';
import { KUBECTL_YAML } from '../kubectl/manifests.ts';
import { sortByKind } from './kindsort.ts';

export const MANAGED_BY = 'app.kubernetes.io/managed-by';
export const RELEASE_NAME = 'meta.helm.sh/release-name';
export const RELEASE_NAMESPACE = 'meta.helm.sh/release-namespace';

export interface ResourceInfo {
  info: KindInfo;
  object: KubeObject;
  name: string;
  namespace?: string;
}

const key = (r: ResourceInfo) => `${r.info.group}/${r.info.kind}/${r.namespace ?? ''}/${r.name}`;

/** The objects of a manifest text ("---\n# Source: …" documents), in the namespace for those that have none. */
export function buildResources(store: Store, manifest: string, namespace: string, owner?: { name: string; namespace: string }): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const doc of manifest.split(/(?:^|\n)---\s*\n/)) {
    const obj = parseYaml(doc, { ...KUBECTL_YAML, uniqueKeys: false }) as KubeObject | null;
    if (!obj || typeof obj !== 'object') continue;
    const name = obj.metadata?.name ?? '';
    const info = store.kinds.forManifest(String(obj.apiVersion), String(obj.kind));
    if (!info) {
      throw new Error(`unable to build kubernetes objects from release manifest: resource mapping not found for name: "${name}" namespace: "${obj.metadata?.namespace ?? ''}" from "": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first`);
    }
    obj.metadata ??= {};
    if (info.namespaced) obj.metadata.namespace ||= namespace;
    else delete obj.metadata.namespace;
    if (owner) {
      obj.metadata.labels = { ...(obj.metadata.labels ?? {}), [MANAGED_BY]: 'Helm' };
      obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [RELEASE_NAME]: owner.name, [RELEASE_NAMESPACE]: owner.namespace };
    }
    out.push({ info, object: obj, name, namespace: obj.metadata.namespace });
  }
  return out;
}

function requireValue(meta: Record<string, string> | undefined, k: string, v: string): string | undefined {
  const value = meta?.[k];
  if (value === undefined) return `missing key "${k}": must be set to "${v}"`;
  if (value !== v) return `key "${k}" must equal "${v}": current value is "${value}"`;
  return undefined;
}

/** helm's checkOwnership: the object must carry the release's label and annotations to be adopted. */
function ownershipError(live: KubeObject, name: string, namespace: string): string | undefined {
  const errs = [
    requireValue(live.metadata.labels, MANAGED_BY, 'Helm') && `label validation error: ${requireValue(live.metadata.labels, MANAGED_BY, 'Helm')}`,
    requireValue(live.metadata.annotations, RELEASE_NAME, name) && `annotation validation error: ${requireValue(live.metadata.annotations, RELEASE_NAME, name)}`,
    requireValue(live.metadata.annotations, RELEASE_NAMESPACE, namespace) && `annotation validation error: ${requireValue(live.metadata.annotations, RELEASE_NAMESPACE, namespace)}`,
  ].filter(Boolean);
  return errs.length ? ['invalid ownership metadata', ...errs].join('; ') : undefined;
}

/** existingResourceConflict: objects that exist already and this release may not take over. */
export function checkOwnership(store: Store, resources: readonly ResourceInfo[], release: { name: string; namespace: string }, skip: ReadonlySet<string> = new Set()): void {
  for (const r of resources) {
    if (skip.has(key(r))) continue;
    const live = store.tryGet(r.info.kind, r.namespace, r.name);
    if (!live) continue;
    const err = ownershipError(live, release.name, release.namespace);
    if (err) throw new Error(`${r.info.kind} "${r.name}" in namespace "${r.namespace ?? ''}" exists and cannot be imported into the current release: ${err}`);
  }
}

export function keys(resources: readonly ResourceInfo[]): Set<string> {
  return new Set(resources.map(key));
}

/** Create in install order; objects that exist (adopted ones) are updated to the manifest instead. */
export function createResources(store: Store, resources: readonly ResourceInfo[]): void {
  for (const r of resources) {
    const live = store.tryGet(r.info.kind, r.namespace, r.name);
    if (live) store.patch(r.info.kind, r.namespace, r.name, threeWayStrategicPatch({}, r.object, live), { type: 'strategic' });
    else store.create(structuredClone(r.object));
  }
}

/**
 * kube.Client.Update: each target object patched with the three-way merge of its old manifest, the new manifest
 * and the live object (so changes others made to fields the chart does not set survive), created when missing;
 * then the old release's objects the new one no longer has are deleted. What it creates is added to `created` as it
 * goes (kube.Result.Created), so that a caller can still clean it up when a later step fails.
 */
export function updateResources(store: Store, original: readonly ResourceInfo[], target: readonly ResourceInfo[], created: ResourceInfo[] = []): void {
  const before = new Map(original.map((r) => [key(r), r]));
  for (const r of target) {
    const live = store.tryGet(r.info.kind, r.namespace, r.name);
    if (!live) {
      store.create(structuredClone(r.object));
      created.push(r);
      continue;
    }
    const patch = threeWayStrategicPatch(before.get(key(r))?.object ?? {}, r.object, live);
    if (Object.keys(patch).length) store.patch(r.info.kind, r.namespace, r.name, patch, { type: 'strategic' });
  }
  const kept = keys(target);
  deleteResources(store, original.filter((r) => !kept.has(key(r))));
}

/** Delete in reverse install order; what is gone already is no error. */
export function deleteResources(store: Store, resources: readonly ResourceInfo[]): void {
  for (const r of sortByKind(resources, (x) => x.info.kind, true)) {
    try {
      store.delete(r.info.kind, r.namespace, r.name, { propagationPolicy: 'Background' });
    } catch (e) {
      if (!(e instanceof StatusError && e.status.reason === 'NotFound')) throw e;
    }
  }
}
