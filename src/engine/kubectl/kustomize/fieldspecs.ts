// Where kustomize's builtin transformers write (api/konfig/builtinpluginconsts): labels into metadata, selectors
// and pod templates; annotations into metadata and templates; replicas into spec.replicas; images into containers.
import type { KubeObject } from '../../api/object.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A map field at path: created when `create` is set (kustomize's FieldSpec create), else only where present. */
function mapAt(obj: Obj, path: string[], create: boolean): Obj | undefined {
  let cur: Obj = obj;
  for (const key of path) {
    let next = cur[key];
    if (!isObj(next)) {
      if (!create || (next !== undefined && next !== null)) return undefined;
      next = {};
      cur[key] = next;
    }
    cur = next as Obj;
  }
  return cur;
}

function setAll(obj: Obj, path: string[], create: boolean, pairs: Record<string, string>): void {
  const m = mapAt(obj, path, create);
  if (m) for (const [k, v] of Object.entries(pairs)) m[k] = v;
}

const WORKLOADS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet']);

/** Pod template metadata paths of a kind (spec.template, a CronJob's job template's). */
function templateMetadata(kind: string): string[][] {
  if (WORKLOADS.has(kind) || kind === 'Job' || kind === 'ReplicationController') return [['spec', 'template', 'metadata']];
  if (kind === 'CronJob') return [['spec', 'jobTemplate', 'metadata'], ['spec', 'jobTemplate', 'spec', 'template', 'metadata']];
  return [];
}

/** The selector maps commonLabels (and labels' includeSelectors) extend, with whether kustomize creates them. */
function selectors(kind: string): { path: string[]; create: boolean }[] {
  if (kind === 'Service' || kind === 'ReplicationController') return [{ path: ['spec', 'selector'], create: true }];
  if (WORKLOADS.has(kind)) return [{ path: ['spec', 'selector', 'matchLabels'], create: true }];
  if (kind === 'Job' || kind === 'PodDisruptionBudget') return [{ path: ['spec', 'selector', 'matchLabels'], create: false }];
  if (kind === 'CronJob') return [{ path: ['spec', 'jobTemplate', 'spec', 'selector', 'matchLabels'], create: false }];
  if (kind === 'NetworkPolicy') return [{ path: ['spec', 'podSelector', 'matchLabels'], create: false }];
  return [];
}

export function addLabels(obj: KubeObject, pairs: Record<string, string>, opts: { selectors: boolean; templates: boolean }): void {
  const o = obj as Obj;
  setAll(o, ['metadata', 'labels'], true, pairs);
  if (!opts.selectors && !opts.templates) return;
  for (const path of templateMetadata(obj.kind)) setAll(o, [...path, 'labels'], true, pairs);
  if (obj.kind === 'StatefulSet') {
    for (const t of arrayAt(o, ['spec', 'volumeClaimTemplates'])) if (isObj(t)) setAll(t, ['metadata', 'labels'], true, pairs);
  }
  if (!opts.selectors) return;
  for (const { path, create } of selectors(obj.kind)) setAll(o, path, create, pairs);
}

export function addAnnotations(obj: KubeObject, pairs: Record<string, string>): void {
  const o = obj as Obj;
  setAll(o, ['metadata', 'annotations'], true, pairs);
  for (const path of templateMetadata(obj.kind)) setAll(o, [...path, 'annotations'], true, pairs);
}

/** Kinds whose spec.replicas the replicas field sets. */
export const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

function arrayAt(obj: Obj, path: string[]): unknown[] {
  let cur: unknown = obj;
  for (const k of path) cur = isObj(cur) ? cur[k] : undefined;
  return Array.isArray(cur) ? cur : [];
}

/** The pod specs inside an object: a Pod's spec, a workload's template's, a CronJob's job template's. */
export function podSpecs(obj: KubeObject): Obj[] {
  const o = obj as Obj;
  const paths = obj.kind === 'Pod' ? [['spec']] : obj.kind === 'PodTemplate' ? [['template', 'spec']] : templateMetadata(obj.kind).filter((p) => p.length > 3 || obj.kind !== 'CronJob').map((p) => [...p.slice(0, -1), 'spec']);
  const out: Obj[] = [];
  for (const p of paths) {
    const m = mapAt(o, p, false);
    if (m) out.push(m);
  }
  return out;
}

/** A pod spec's containers of every sort. */
export function containersOf(spec: Obj): Obj[] {
  return ['containers', 'initContainers', 'ephemeralContainers'].flatMap((k) => (Array.isArray(spec[k]) ? (spec[k] as unknown[]).filter(isObj) : []));
}
