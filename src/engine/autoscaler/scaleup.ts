// Scale-up (core/scaleup/orchestrator): for each node group the binpacking estimator counts the new machines the
// pending pods need, the expander picks one group, and the group's target size goes up, capped by its maximum
// and --max-nodes-total.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { NodeInfo } from '../scheduler/framework/nodeinfo.ts';
import { podRequests, resourceAmount } from '../api/pod.ts';
import { renamedNode, SimulatedCluster, type PredicateChecker } from './simulator.ts';

/** A node group as one loop sees it. */
export interface GroupView {
  name: string;
  maxSize: number;
  /** Registered machines plus those booting. */
  target: number;
  /** A new machine's node, its DaemonSet pods on it (BuildNodeInfoForNode: they take room on every new node). */
  template: Node;
  daemonSetPods: Pod[];
}

/** One group's answer: how many machines, for which pods. */
export interface ScaleUpOption { group: GroupView; nodeCount: number; pods: Pod[] }

/** ScaleUpInfo's String(): {GROUP CURRENT->NEW (max: MAX)}. */
export interface ScaleUpInfo { group: string; current: number; next: number; max: number }

export type ScaleUpResultKind = 'Successful' | 'NoOptionsAvailable' | 'LimitedByMaxNodesTotal' | 'NotNeeded';

export interface ScaleUpResult {
  kind: ScaleUpResultKind;
  info?: ScaleUpInfo;
  triggered: Pod[];
  /** Per pod left pending: each group's reasons it was not helped (rejected or skipped). */
  remain: { pod: Pod; reasons: Map<string, string[]> }[];
}

export interface ScaleUpInput {
  pending: Pod[];
  groups: GroupView[];
  /** The cluster with its upcoming machines, as PreFilter's node list for the estimator. */
  nodes: readonly NodeInfo[];
  check: PredicateChecker;
  nodesTotal: number;
  maxNodesTotal: number;
  /** The expander (expander.ts): one option, or none (the priority expander without its ConfigMap). */
  choose(options: ScaleUpOption[]): ScaleUpOption | undefined;
}

/** The skipped reason of a group already at its maximum size (NodeGroup.MaxSize reached). */
export const MAX_SIZE_REACHED = 'max node group size reached';

export function scaleUp(input: ScaleUpInput): ScaleUpResult {
  const { pending } = input;
  if (!pending.length) return { kind: 'NotNeeded', triggered: [], remain: [] };
  const reasons = new Map<Pod, Map<string, string[]>>(pending.map((p) => [p, new Map()]));
  const options: ScaleUpOption[] = [];
  for (const group of input.groups) {
    if (group.target >= group.maxSize) {
      for (const p of pending) reasons.get(p)!.set(group.name, [MAX_SIZE_REACHED]);
      continue;
    }
    const option = estimate(input, group, reasons);
    if (option.nodeCount > 0) options.push(option);
  }
  const remainAll = (): ScaleUpResult['remain'] => pending.map((pod) => ({ pod, reasons: reasons.get(pod)! }));
  if (!options.length) return { kind: 'NoOptionsAvailable', triggered: [], remain: remainAll() };
  const best = input.choose(options);
  if (!best) return { kind: 'NoOptionsAvailable', triggered: [], remain: remainAll() };
  let next = best.group.target + best.nodeCount;
  if (input.maxNodesTotal > 0 && input.nodesTotal + best.nodeCount > input.maxNodesTotal) {
    // "Capping size to max cluster total size"; nothing left to add is ScaleUpLimitedByMaxNodesTotal.
    next = input.maxNodesTotal - input.nodesTotal + best.group.target;
    if (next <= best.group.target) return { kind: 'LimitedByMaxNodesTotal', triggered: [], remain: remainAll() };
  }
  const helped = new Set(best.pods);
  return {
    kind: 'Successful',
    info: { group: best.group.name, current: best.group.target, next, max: best.group.maxSize },
    triggered: best.pods,
    remain: pending.filter((p) => !helped.has(p)).map((pod) => ({ pod, reasons: reasons.get(pod)! })),
  };
}

/**
 * The binpacking estimator: pods biggest first (DecreasingPodOrderer, by their share of the template's cpu and
 * memory) go onto the new machines made so far, a new one when none takes them, up to the group's room.
 */
function estimate(input: ScaleUpInput, group: GroupView, reasons: Map<Pod, Map<string, string[]>>): ScaleUpOption {
  const { check } = input;
  const sim = new SimulatedCluster(input.nodes, check);
  const probe = sim.addNode(renamedNode(group.template, `template-node-for-${group.name}-probe`));
  for (const ds of group.daemonSetPods) sim.place(ds, probe.name);
  const fitting: Pod[] = [];
  for (const pod of input.pending) {
    const s = sim.fits(pod, probe.name);
    if (s.isSuccess()) fitting.push(pod);
    else reasons.get(pod)!.set(group.name, s.reasons);
  }
  sim.removeNode(probe.name);
  const alloc = group.template.status?.allocatable as Record<string, string> | undefined;
  const cpu = resourceAmount('cpu', alloc?.cpu ?? '0') || 1, mem = resourceAmount('memory', alloc?.memory ?? '0') || 1;
  const size = (p: Pod) => { const r = podRequests(p); return (r.cpu ?? 0) / cpu + (r.memory ?? 0) / mem; };
  fitting.sort((a, b) => size(b) - size(a));
  const room = group.maxSize - group.target;
  const made: string[] = [];
  const pods: Pod[] = [];
  for (const pod of fitting) {
    let placed = made.find((n) => sim.fits(pod, n).isSuccess());
    if (!placed && made.length < room) {
      placed = sim.addNode(renamedNode(group.template, `template-node-for-${group.name}-${made.length}`)).name;
      for (const ds of group.daemonSetPods) sim.place(ds, placed);
      if (!sim.fits(pod, placed).isSuccess()) placed = undefined;
      else made.push(placed);
    }
    if (!placed) continue;
    sim.place(pod, placed);
    pods.push(pod);
  }
  return { group, nodeCount: made.length, pods };
}
