// The ranking that picks which pods to delete first (controller.ActivePodsWithRanks in
// pkg/controller/controller_utils.go) and getPodsToDelete's choice of the first `count` pods in that order.
// Each pod's rank parts are read once and cached on the frozen pod object; the victims of a scale-down are
// chosen with a bounded heap (O(pods · log count)) instead of sorting every pod, which is what made one sync
// of a 10,000-pod ReplicaSet take seconds.
import type { Pod } from 'kubernetes-types/core/v1';
import { isPodReady } from '../api/pod.ts';

/** The parts of a pod's rank that depend on the pod alone (the per-node count depends on its siblings). */
export interface PodRank {
  pod: Pod;
  node: string | undefined;
  /** Pending 0, Unknown 1, Running 2 (an unset phase counts as Pending). */
  phase: number;
  ready: boolean;
  /** When the pod became Ready (ms), 0 when unknown. */
  readySince: number;
  restarts: number;
  created: number;
  name: string;
}

const phaseRank: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** Stored pods are frozen, so their rank never changes: computed once per pod object. */
const cache = new WeakMap<Pod, PodRank>();

export function podRank(p: Pod): PodRank {
  const hit = cache.get(p);
  if (hit) return hit;
  const ready = isPodReady(p);
  const since = ready ? readySince(p) ?? 0 : 0;
  let restarts = 0;
  for (const c of p.status?.containerStatuses ?? []) restarts += c.restartCount;
  const rank: PodRank = {
    pod: p,
    node: p.spec?.nodeName || undefined,
    phase: phaseRank[p.status?.phase ?? 'Pending'] ?? 0,
    ready,
    readySince: since,
    restarts,
    created: Date.parse(p.metadata?.creationTimestamp ?? ''),
    name: p.metadata?.name ?? '',
  };
  if (Object.isFrozen(p)) cache.set(p, rank);
  return rank;
}

/** When a pod became Ready (ms), for availability (minReadySeconds). */
export function readySince(p: Pod): number | undefined {
  const c = p.status?.conditions?.find((x) => x.type === 'Ready' && x.status === 'True');
  return c?.lastTransitionTime ? Date.parse(c.lastTransitionTime) : undefined;
}

/**
 * ActivePodsWithRanks ordering (the pods to delete first come first): unassigned before assigned, Pending
 * before Unknown before Running, not ready before ready, more pods of the same owner on the node first,
 * ready for less time first, more restarts first, newer first; the name breaks the last ties.
 */
export function compareRanks(a: PodRank, b: PodRank, podsOnNode: (node: string) => number): number {
  const an = a.node ? 1 : 0, bn = b.node ? 1 : 0;
  if (an !== bn) return an - bn;
  if (a.phase !== b.phase) return a.phase - b.phase;
  const ar = a.ready ? 1 : 0, br = b.ready ? 1 : 0;
  if (ar !== br) return ar - br;
  if (a.node && b.node) {
    const ad = podsOnNode(a.node), bd = podsOnNode(b.node);
    if (ad !== bd) return bd - ad;
  }
  if (ar && br && a.readySince !== b.readySince) return b.readySince - a.readySince;
  if (a.restarts !== b.restarts) return b.restarts - a.restarts;
  if (a.created !== b.created) return b.created - a.created;
  return a.name < b.name ? -1 : 1;
}

export function comparePodsForDeletion(a: Pod, b: Pod, podsOnNode: (node: string) => number): number {
  return compareRanks(podRank(a), podRank(b), podsOnNode);
}

/**
 * getPodsToDelete: the first `count` of `pods` in deletion order, in that order, with the per-node count taken
 * among `pods` (as getPodsRankedByRelatedPodsOnSameNode with the ReplicaSet's own pods). The same pods, in the
 * same order, as sorting all of them and taking the first `count`; the work is one pass with a max-heap of the
 * `count` best so far.
 */
export function podsToDelete<T extends Pod>(pods: readonly T[], count: number): T[] {
  if (count <= 0) return [];
  const perNode = new Map<string, number>();
  for (const p of pods) {
    const node = p.spec?.nodeName;
    if (node) perNode.set(node, (perNode.get(node) ?? 0) + 1);
  }
  const onNode = (node: string) => perNode.get(node) ?? 0;
  const cmp = (a: PodRank, b: PodRank) => compareRanks(a, b, onNode);
  // heap[0] is the worst of the kept ranks (the last to delete among them).
  const heap: PodRank[] = [];
  for (const p of pods) {
    const r = podRank(p);
    if (heap.length < count) {
      heap.push(r);
      siftUp(heap, heap.length - 1, cmp);
    } else if (cmp(r, heap[0]) < 0) {
      heap[0] = r;
      siftDown(heap, 0, cmp);
    }
  }
  return heap.sort(cmp).map((r) => r.pod as T);
}

type Cmp = (a: PodRank, b: PodRank) => number;

function siftUp(h: PodRank[], i: number, cmp: Cmp): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (cmp(h[i], h[parent]) <= 0) return;
    [h[i], h[parent]] = [h[parent], h[i]];
    i = parent;
  }
}

function siftDown(h: PodRank[], i: number, cmp: Cmp): void {
  for (;;) {
    const l = 2 * i + 1, r = l + 1;
    let top = i;
    if (l < h.length && cmp(h[l], h[top]) > 0) top = l;
    if (r < h.length && cmp(h[r], h[top]) > 0) top = r;
    if (top === i) return;
    [h[i], h[top]] = [h[top], h[i]];
    i = top;
  }
}
