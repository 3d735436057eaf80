// NodeResourcesBalancedAllocation: prefer nodes whose resources would be used in similar fractions.
// score = (1 − standard deviation of the requested fractions) × 100 (two resources: |a − b| / 2).
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface.ts';
import { cyclePodInfo, type NodeInfo, type PodInfo } from '../framework/nodeinfo.ts';
import { allocatableOf, DEFAULT_RESOURCES, requestedWithPod, type ResourceSpec } from './NodeResourcesFit.ts';

export class NodeResourcesBalancedAllocation implements ScorePlugin {
  readonly name = 'NodeResourcesBalancedAllocation';
  private readonly resources: ResourceSpec[];
  constructor(args: { resources?: ResourceSpec[] } = {}) {
    this.resources = args.resources?.length ? args.resources : DEFAULT_RESOURCES;
  }

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    return this.scoreWith(cyclePodInfo(state, pod), node);
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array): void {
    const info = cyclePodInfo(state, pod);
    for (let i = 0; i < nodes.length; i++) out[i] = this.scoreWith(info, nodes[i]);
  }

  /** The requested fractions of one node, reused from node to node (the per-node loop allocates nothing). */
  private readonly fractions: number[] = [];

  private scoreWith(info: PodInfo, node: NodeInfo): number {
    const fractions = this.fractions;
    let n = 0;
    for (let i = 0; i < this.resources.length; i++) {
      const name = this.resources[i].name;
      const alloc = allocatableOf(node, name);
      if (alloc > 0) fractions[n++] = Math.min(1, requestedWithPod(info, node, name) / alloc);
    }
    let std = 0;
    if (n === 2) std = Math.abs(fractions[0] - fractions[1]) / 2;
    else if (n > 2) {
      let sum = 0, squares = 0;
      for (let i = 0; i < n; i++) sum += fractions[i];
      const mean = sum / n;
      for (let i = 0; i < n; i++) squares += (fractions[i] - mean) ** 2;
      std = Math.sqrt(squares / n);
    }
    return Math.floor((1 - std) * MAX_NODE_SCORE);
  }
}
