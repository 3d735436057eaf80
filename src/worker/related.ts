// The objects the drawer links to from one object: its owner chain up (ownerReferences), what it owns down,
// Services that select a Pod (or the Pods a Service selects), volumes (PVC ↔ PV), the Pod's node (or a
// node's pods). Computed from the API server's lists, as kubectl and the garbage collector see them.
import type { KubeObject } from '../engine/index.ts';
import type { ObjectRef } from './protocol.ts';

export type Relation = 'owner' | 'owned' | 'selectedBy' | 'selects' | 'claim' | 'volume' | 'node' | 'pod';

export interface RelatedRef extends ObjectRef {
  relation: Relation;
  /** How far up the owner chain (1: the direct owner). */
  depth?: number;
}

/** Lists longer than this are cut (a node with hundreds of pods). */
const MAX_PER_RELATION = 50;

type Lister = (kind: string) => KubeObject[];
interface PodLike { spec?: { nodeName?: string; volumes?: { persistentVolumeClaim?: { claimName?: string } }[] } }
interface ServiceLike { spec?: { selector?: Record<string, string> } }

const refOf = (o: KubeObject, relation: Relation, depth?: number): RelatedRef => ({
  kind: o.kind, namespace: o.metadata?.namespace ?? '', name: o.metadata?.name ?? '', relation, ...(depth ? { depth } : {}),
});

function selects(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([k, v]) => labels?.[k] === v);
}

/** `kinds` are the kinds to search for owned objects. */
export function relatedObjects(obj: KubeObject, list: Lister, kinds: readonly string[]): RelatedRef[] {
  const out: RelatedRef[] = [];
  const ns = obj.metadata?.namespace;
  const push = (items: KubeObject[], relation: Relation) => {
    for (const o of items.slice(0, MAX_PER_RELATION)) out.push(refOf(o, relation));
  };

  // Owner chain: follow each object's controller (or first) owner reference, in the same namespace.
  let cur: KubeObject | undefined = obj;
  const seen = new Set<string>();
  for (let depth = 1; cur && depth <= 10; depth++) {
    const refs: { kind: string; name: string; uid?: string; controller?: boolean }[] = cur.metadata?.ownerReferences ?? [];
    const ref = refs.find((r) => r.controller) ?? refs[0];
    if (!ref || seen.has(ref.uid ?? ref.name)) break;
    seen.add(ref.uid ?? ref.name);
    const owner: KubeObject | undefined = list(ref.kind).find((o) => o.metadata?.name === ref.name && (o.metadata?.namespace ?? '') === (cur?.metadata?.namespace ?? o.metadata?.namespace ?? ''));
    if (owner) out.push(refOf(owner, 'owner', depth));
    else out.push({ kind: ref.kind, namespace: cur.metadata?.namespace ?? '', name: ref.name, relation: 'owner', depth });
    cur = owner;
  }

  // Owned objects: anything whose ownerReferences name this object's uid.
  const uid = obj.metadata?.uid;
  if (uid) {
    const owned: KubeObject[] = [];
    for (const kind of kinds) {
      for (const o of list(kind)) if (o.metadata?.ownerReferences?.some((r: { uid?: string }) => r.uid === uid)) owned.push(o);
    }
    push(owned, 'owned');
  }

  const sameNs = (o: KubeObject) => o.metadata?.namespace === ns;
  if (obj.kind === 'Pod') {
    const pod = obj as KubeObject & PodLike;
    push(list('Service').filter((s) => sameNs(s) && selects((s as ServiceLike).spec?.selector, obj.metadata?.labels)), 'selectedBy');
    const claims = new Set((pod.spec?.volumes ?? []).map((v) => v.persistentVolumeClaim?.claimName).filter(Boolean));
    push(list('PersistentVolumeClaim').filter((c) => sameNs(c) && claims.has(c.metadata?.name)), 'claim');
    const node = pod.spec?.nodeName && list('Node').find((n) => n.metadata?.name === pod.spec?.nodeName);
    if (node) out.push(refOf(node, 'node'));
  } else if (obj.kind === 'Service') {
    const selector = (obj as ServiceLike).spec?.selector;
    push(list('Pod').filter((p) => sameNs(p) && selects(selector, p.metadata?.labels)), 'selects');
  } else if (obj.kind === 'Node') {
    push(list('Pod').filter((p) => (p as KubeObject & PodLike).spec?.nodeName === obj.metadata?.name), 'pod');
  } else if (obj.kind === 'PersistentVolumeClaim') {
    const volume = (obj as { spec?: { volumeName?: string } }).spec?.volumeName;
    push(list('PersistentVolume').filter((pv) => pv.metadata?.name === volume), 'volume');
    push(list('Pod').filter((p) => sameNs(p) && (p as KubeObject & PodLike).spec?.volumes?.some((v) => v.persistentVolumeClaim?.claimName === obj.metadata?.name)), 'pod');
  } else if (obj.kind === 'PersistentVolume') {
    const claim = (obj as { spec?: { claimRef?: { namespace?: string; name?: string } } }).spec?.claimRef;
    if (claim) push(list('PersistentVolumeClaim').filter((c) => c.metadata?.namespace === claim.namespace && c.metadata?.name === claim.name), 'claim');
  }
  return out;
}
