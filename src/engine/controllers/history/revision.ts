// ControllerRevisions (pkg/controller/history): snapshots of a workload's pod template, stored as the strategic
// merge patch that restores it, numbered by revision and named "<owner>-<hash>".
import type { ControllerRevision } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { goJson } from '../../api/gojson.ts';
import { hashControllerRevision } from './hash.ts';

export type Revision = ControllerRevision & KubeObject;

/** The label NewControllerRevision puts the data's hash in. */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';

/** Workloads whose revisions hold their spec.template. */
export interface TemplatedObject extends KubeObject {
  spec?: { template?: PodTemplateSpec };
}

/** ControllerRevisionName: "<prefix>-<hash>", the prefix cut to 223 bytes so the name fits in 253. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/** The revision's data as the bytes upstream stores and compares (Data.Raw). */
export function rawData(r: Pick<ControllerRevision, 'data'>): string {
  return goJson(r.data);
}

/**
 * getPatch: {"spec":{"template":{…,"$patch":"replace"}}}. The template is serialized as Go serializes a
 * PodTemplateSpec, whose metadata always carries "creationTimestamp":null.
 */
export function templatePatch(obj: TemplatedObject): Record<string, unknown> {
  const template = structuredClone(obj.spec?.template ?? {}) as Record<string, unknown>;
  const metadata = (template.metadata ?? {}) as Record<string, unknown>;
  if (!('creationTimestamp' in metadata)) metadata.creationTimestamp = null;
  template.metadata = metadata;
  if (template.spec === undefined) template.spec = {};
  template.$patch = 'replace';
  return { spec: { template } };
}

/** ApplyRevision: the object with the template its revision recorded (the patch replaces spec.template). */
export function applyRevision<T extends TemplatedObject>(obj: T, revision: Revision): T {
  const clone = structuredClone(obj) as T;
  const recorded = ((revision.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template) ?? {};
  const { $patch: _directive, ...template } = structuredClone(recorded);
  clone.spec = { ...clone.spec, template: template as PodTemplateSpec };
  return clone;
}

/** NewControllerRevision: owned by parent, labelled like its template plus the data hash. */
export function newControllerRevision(parent: KubeObject, templateLabels: Record<string, string> | undefined, data: Record<string, unknown>, revision: number, collisionCount: number | undefined): Revision {
  const hash = hashControllerRevision(goJson(data), collisionCount);
  return {
    apiVersion: 'apps/v1', kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(parent.metadata.name!, hash),
      namespace: parent.metadata.namespace,
      labels: { ...(templateLabels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ownerReferences: [controllerRefTo(parent)],
    },
    data, revision,
  };
}

const created = (r: Revision) => Date.parse(r.metadata.creationTimestamp ?? '') || 0;

/** SortControllerRevisions: by revision, then creation time, then name (a stable sort). */
export function sortControllerRevisions(revisions: Revision[]): Revision[] {
  return revisions.sort((a, b) => {
    if (a.revision !== b.revision) return a.revision - b.revision;
    if (created(a) !== created(b)) return created(a) - created(b);
    const an = a.metadata.name ?? '', bn = b.metadata.name ?? '';
    return an < bn ? -1 : an > bn ? 1 : 0;
  });
}

/** strconv.ParseInt(s, 10, 32) as EqualRevision uses it on the hash labels. */
function parseHashLabel(r: Revision): number | undefined {
  const s = r.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL];
  if (s === undefined || !/^[+-]?\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n >= -(2 ** 31) && n < 2 ** 31 ? n : undefined;
}

/** EqualRevision: hash labels (when both parse as numbers) must agree, then the data bytes. */
export function equalRevision(a: Revision | undefined, b: Revision | undefined): boolean {
  if (!a || !b) return a === b;
  const ha = parseHashLabel(a), hb = parseHashLabel(b);
  if (ha !== undefined && hb !== undefined && ha !== hb) return false;
  return rawData(a) === rawData(b);
}

export function findEqualRevisions(revisions: Revision[], needle: Revision): Revision[] {
  return revisions.filter((r) => equalRevision(r, needle));
}

/** nextRevision: one more than the last of the sorted revisions, 1 for none. */
export function nextRevision(sorted: Revision[]): number {
  return sorted.length ? sorted[sorted.length - 1].revision + 1 : 1;
}
