// How the map groups Nodes (by zone, node pool or GPU model, from the labels clouds and device plugins set)
// and what an aggregated tile says about a group: node count, pods by state, requested of allocatable.
import type { NodeView, PodView } from '../../worker/protocol.ts';
import { ALL_TONES, podTone, type PodTone } from './tone.ts';

export type GroupBy = 'auto' | 'zone' | 'pool' | 'gpu' | 'none';
export const GROUP_BYS: readonly GroupBy[] = ['auto', 'zone', 'pool', 'gpu', 'none'];

/** Well-known labels, first match wins (the legacy zone label is still set by some clouds). */
const GROUP_LABELS: Record<Exclude<GroupBy, 'auto' | 'none'>, readonly string[]> = {
  zone: ['topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'],
  pool: [
    'node-pool', 'nodepool', 'cloud.google.com/gke-nodepool', 'eks.amazonaws.com/nodegroup', 'karpenter.sh/nodepool',
    'kubernetes.azure.com/agentpool', 'node.kubernetes.io/instance-type',
  ],
  gpu: ['nvidia.com/gpu.product'],
};

/** The group of a node under a grouping ('' when it has none of the labels). */
export function groupKey(node: Pick<NodeView, 'labels'>, by: GroupBy): string {
  if (by === 'none' || by === 'auto') return '';
  for (const label of GROUP_LABELS[by]) {
    const v = node.labels[label];
    if (v) return v;
  }
  return '';
}

/** 'auto' is the first grouping that tells some nodes apart: zone, then pool, then GPU model. */
export function resolveGroupBy(nodes: Iterable<Pick<NodeView, 'labels'>>, by: GroupBy): Exclude<GroupBy, 'auto'> {
  if (by !== 'auto') return by;
  const list = [...nodes];
  for (const candidate of ['zone', 'pool', 'gpu'] as const) {
    if (list.some((n) => groupKey(n, candidate) !== '')) return candidate;
  }
  return 'none';
}

export interface Capacity {
  cpuMilli: number;
  memoryBytes: number;
  pods: number;
  gpus: number;
}

export interface GroupSummary {
  /** The group's key in the focus path: a label value, or `key#n` for the n-th slice of a large group. */
  key: string;
  /** The label value ('' for nodes without it) and, for a slice, the first and last node name. */
  label: string;
  first?: string;
  last?: string;
  nodes: number;
  readyNodes: number;
  pods: Record<PodTone, number>;
  podTotal: number;
  allocatable: Capacity;
  requested: Capacity;
}

const zero = (): Capacity => ({ cpuMilli: 0, memoryBytes: 0, pods: 0, gpus: 0 });

export function emptyToneCounts(): Record<PodTone, number> {
  return { pending: 0, running: 0, succeeded: 0, failed: 0, terminating: 0, unknown: 0 };
}

/**
 * A node's pods by tone, counted once per list: the map gives a node a new list only when its pods changed
 * (shownPods.ts), so a redraw of the aggregated tiles recounts only the nodes whose pods changed.
 */
const countsOf = new WeakMap<readonly PodView[], Readonly<Record<PodTone, number>>>();
function toneCounts(pods: readonly PodView[]): Readonly<Record<PodTone, number>> {
  let counts = countsOf.get(pods);
  if (!counts) {
    const c = emptyToneCounts();
    for (const p of pods) c[podTone(p)]++;
    countsOf.set(pods, (counts = c));
  }
  return counts;
}

/** Sum a set of nodes and the pods bound to them into one tile's figures. */
export function summarize(key: string, label: string, nodes: readonly NodeView[], podsByNode: ReadonlyMap<string, readonly PodView[]>): GroupSummary {
  const s: GroupSummary = { key, label, nodes: nodes.length, readyNodes: 0, pods: emptyToneCounts(), podTotal: 0, allocatable: zero(), requested: zero() };
  for (const n of nodes) {
    if (n.ready) s.readyNodes++;
    s.allocatable.cpuMilli += n.allocatable.cpuMilli;
    s.allocatable.memoryBytes += n.allocatable.memoryBytes;
    s.allocatable.pods += n.allocatable.pods;
    s.allocatable.gpus += n.allocatable.gpus ?? 0;
    s.requested.cpuMilli += n.requested.cpuMilli;
    s.requested.memoryBytes += n.requested.memoryBytes;
    s.requested.pods += n.requested.pods;
    s.requested.gpus += n.requested.gpus ?? 0;
    const pods = podsByNode.get(n.name);
    if (!pods) continue;
    const counts = toneCounts(pods);
    for (const tone of ALL_TONES) s.pods[tone] += counts[tone];
    s.podTotal += pods.length;
  }
  if (nodes.length) {
    s.first = nodes[0].name;
    s.last = nodes[nodes.length - 1].name;
  }
  return s;
}
