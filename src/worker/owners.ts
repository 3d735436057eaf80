// The owner view's graph, computed in the worker from the objects themselves: who owns whom
// (metadata.ownerReferences: Deployment → ReplicaSet → Pod, StatefulSet/DaemonSet/Job → Pod, CronJob → Job,
// a custom resource → what its operator created), which Pods a Service selects (spec.selector, the same
// label rule as the EndpointSlice controller), which claim a Pod mounts and which volume a claim is bound to.
import type { PersistentVolumeClaim, Pod, Service } from 'kubernetes-types/core/v1';
import { parseSelector, selectorFromSet, type Selector } from '../engine/api/labels.ts';
import type { KubeObject } from '../engine/api/object.ts';
import { isSystemNamespace } from './namespaces.ts';
import { podStatus } from './views.ts';

export type OwnerRelation = 'owns' | 'selects' | 'mounts' | 'binds';

export interface OwnerNodeView {
  /** "Kind/namespace/name" (namespace empty for cluster-scoped objects); "more:<owner id>" for a summary. */
  id: string;
  kind: string;
  namespace: string;
  name: string;
  /** What kubectl get prints in its READY/STATUS column for the object (e.g. "2/3", "Running", "Bound"). */
  status: string;
  /** Pods only: what the map's colour is computed from. */
  phase?: string;
  terminating?: boolean;
  /** A summary node: how many more Pods of the same owner are not drawn one by one. */
  more?: number;
}

export interface OwnerEdgeView {
  id: string;
  source: string;
  target: string;
  relation: OwnerRelation;
}

export interface OwnerGraphQuery {
  /** Only this namespace (empty: all; system namespaces only when asked for by name or by `system`). */
  namespace?: string;
  system?: boolean;
  /** Keep the chains that hold an object of this kind. */
  kind?: string;
  /** A label selector in kubectl's grammar: keep the chains that hold a matching object. */
  selector?: string;
  /** Keep the chains that hold an object whose name contains this text. */
  search?: string;
  /** Pods drawn one by one per owner; the rest become one summary node. */
  podsPerOwner?: number;
  /** Objects drawn at most (whole chains are dropped past it). */
  maxNodes?: number;
}

export interface OwnerGraphView {
  nodes: OwnerNodeView[];
  edges: OwnerEdgeView[];
  /** Chains left out because of maxNodes. */
  omitted: number;
}

/** The kinds the owner view draws besides custom resources. */
export const OWNER_KINDS = [
  'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'CronJob', 'Job', 'Pod', 'Service',
  'PersistentVolumeClaim', 'PersistentVolume',
] as const;

export interface ObjectSource {
  list(kind: string): KubeObject[];
}

type Spec = Record<string, unknown>;
const num = (v: unknown, def = 0) => (typeof v === 'number' ? v : def);

/** The READY / COMPLETIONS / STATUS value kubectl get shows for the kind. */
function statusOf(obj: KubeObject): string {
  const spec = (obj as { spec?: Spec }).spec ?? {};
  const status = (obj as { status?: Spec }).status ?? {};
  switch (obj.kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
      return `${num(status.readyReplicas)}/${num(spec.replicas, 1)}`;
    case 'DaemonSet':
      return `${num(status.numberReady)}/${num(status.desiredNumberScheduled)}`;
    case 'Job':
      return `${num(status.succeeded)}/${num(spec.completions, 1)}`;
    case 'CronJob':
      return String(spec.schedule ?? '');
    case 'Pod':
      return podStatus(obj as Pod).status;
    case 'Service':
      return String(spec.type ?? 'ClusterIP');
    default:
      return typeof status.phase === 'string' ? status.phase : typeof status.state === 'string' ? status.state : '';
  }
}

function idOf(kind: string, namespace: string, name: string): string {
  return `${kind}/${namespace}/${name}`;
}

function namespaceOf(obj: KubeObject): string {
  return obj.metadata?.namespace ?? '';
}

/** Kinds of the custom resources the cluster serves (from its CustomResourceDefinitions). */
function customKinds(source: ObjectSource): string[] {
  const kinds = new Set<string>();
  for (const crd of source.list('CustomResourceDefinition')) {
    const kind = (crd as { spec?: { names?: { kind?: string } } }).spec?.names?.kind;
    if (kind) kinds.add(kind);
  }
  return [...kinds].sort();
}

/** The selector a query asks for; a bad one throws kubectl's parse error. */
export function querySelector(text: string | undefined): Selector | undefined {
  return text?.trim() ? parseSelector(text.trim()) : undefined;
}

export function ownerGraph(source: ObjectSource, q: OwnerGraphQuery = {}): OwnerGraphView {
  const selector = querySelector(q.selector);
  const search = q.search?.trim().toLowerCase() ?? '';
  const podsPerOwner = Math.max(1, q.podsPerOwner ?? 8);
  const maxNodes = Math.max(1, q.maxNodes ?? 600);
  const visibleNamespace = (ns: string) =>
    ns === '' || (q.namespace ? ns === q.namespace : q.system || !isSystemNamespace(ns));

  // Every object in scope, by id and by uid (owner references name their owner by uid).
  const objects = new Map<string, KubeObject>();
  const byUid = new Map<string, string>();
  for (const kind of [...OWNER_KINDS, ...customKinds(source)]) {
    for (const obj of source.list(kind)) {
      const ns = namespaceOf(obj);
      if (!visibleNamespace(ns)) continue;
      const id = idOf(kind, ns, obj.metadata?.name ?? '');
      objects.set(id, obj);
      if (obj.metadata?.uid) byUid.set(obj.metadata.uid, id);
    }
  }

  const edges: OwnerEdgeView[] = [];
  const edge = (source: string, target: string, relation: OwnerRelation) =>
    edges.push({ id: `${relation}:${source}->${target}`, source, target, relation });
  const podsBySelector: { service: string; namespace: string; selector: Selector }[] = [];
  for (const [id, obj] of objects) {
    for (const ref of obj.metadata?.ownerReferences ?? []) {
      const owner = byUid.get(ref.uid);
      if (owner) edge(owner, id, 'owns');
    }
    if (obj.kind === 'Service') {
      const sel = (obj as Service).spec?.selector;
      // A Service without a selector has no endpoints the controller manages (upstream skips it too).
      if (sel && Object.keys(sel).length) podsBySelector.push({ service: id, namespace: namespaceOf(obj), selector: selectorFromSet(sel) });
    } else if (obj.kind === 'PersistentVolumeClaim') {
      const volume = (obj as PersistentVolumeClaim).spec?.volumeName;
      if (volume && objects.has(idOf('PersistentVolume', '', volume))) edge(id, idOf('PersistentVolume', '', volume), 'binds');
    } else if (obj.kind === 'Pod') {
      for (const v of (obj as Pod).spec?.volumes ?? []) {
        const claim = v.persistentVolumeClaim?.claimName;
        const claimId = claim && idOf('PersistentVolumeClaim', namespaceOf(obj), claim);
        if (claimId && objects.has(claimId)) edge(id, claimId, 'mounts');
      }
    }
  }
  for (const [id, obj] of objects) {
    if (obj.kind !== 'Pod') continue;
    const labels = obj.metadata?.labels ?? {};
    for (const s of podsBySelector) if (s.namespace === namespaceOf(obj) && s.selector.matches(labels)) edge(s.service, id, 'selects');
  }

  // Chains are the connected parts of the graph; a filter keeps the chains that hold a match.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  for (const e of edges) {
    const a = find(e.source);
    const b = find(e.target);
    if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
  }
  const matches = (id: string, obj: KubeObject) =>
    (!q.kind || obj.kind === q.kind) &&
    (!selector || selector.matches(obj.metadata?.labels ?? {})) &&
    (!search || id.toLowerCase().includes(search));
  const filtering = !!(q.kind || selector || search);
  const chains = new Map<string, string[]>();
  const kept = new Set<string>();
  for (const [id, obj] of objects) {
    const root = find(id);
    let members = chains.get(root);
    if (!members) chains.set(root, (members = []));
    members.push(id);
    if (!filtering || matches(id, obj)) kept.add(root);
  }

  // Many pods of one owner become a summary; whole chains past maxNodes are left out.
  const podOwner = new Map<string, string>();
  for (const e of edges) if (e.relation === 'owns' && objects.get(e.target)?.kind === 'Pod') podOwner.set(e.target, e.source);
  const nodes: OwnerNodeView[] = [];
  const drawn = new Set<string>();
  let omitted = 0;
  const roots = [...kept].sort();
  for (const root of roots) {
    const members = chains.get(root)!.sort();
    const shownPods = new Map<string, number>();
    const chainNodes: OwnerNodeView[] = [];
    const more = new Map<string, number>();
    for (const id of members) {
      const obj = objects.get(id)!;
      const owner = podOwner.get(id);
      if (owner) {
        const n = shownPods.get(owner) ?? 0;
        shownPods.set(owner, n + 1);
        if (n >= podsPerOwner) {
          more.set(owner, (more.get(owner) ?? 0) + 1);
          continue;
        }
      }
      const view: OwnerNodeView = { id, kind: obj.kind, namespace: namespaceOf(obj), name: obj.metadata?.name ?? '', status: statusOf(obj) };
      if (obj.kind === 'Pod') {
        view.phase = (obj as Pod).status?.phase ?? 'Pending';
        view.terminating = !!obj.metadata?.deletionTimestamp;
      }
      chainNodes.push(view);
    }
    for (const [owner, count] of more) {
      const o = objects.get(owner)!;
      chainNodes.push({ id: `more:${owner}`, kind: 'Pod', namespace: namespaceOf(o), name: '', status: '', more: count });
    }
    if (nodes.length + chainNodes.length > maxNodes && nodes.length > 0) {
      omitted++;
      continue;
    }
    for (const n of chainNodes) {
      nodes.push(n);
      drawn.add(n.id);
    }
  }
  const shownEdges = edges.filter((e) => drawn.has(e.source) && drawn.has(e.target));
  for (const n of nodes) {
    if (n.more === undefined) continue;
    const owner = n.id.slice('more:'.length);
    shownEdges.push({ id: `owns:${owner}->${n.id}`, source: owner, target: n.id, relation: 'owns' });
  }
  return { nodes, edges: shownEdges, omitted };
}
