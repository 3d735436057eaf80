// NodeResourcesBalancedAllocation: prefer nodes whose resources would be used in similar fractions.
// score = (1 − standard deviation of the requested fractions) × 100 (two resources: |a − b| / 2).
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface.ts';
import { cyclePodInfo, type NodeInfo, type PodInfo } from '../framework/nodeinfo.ts';
import { DEFAULT_RESOURCES, requestedWithPod, type ResourceSpec } from './NodeResourcesFit.ts';

export class NodeResourcesBalancedAllocation implements ScorePlugin {
  readonly name = 'NodeResourcesBalancedAllocation';
  private readonly resources: ResourceSpec[];
  constructor(args: { resources?: ResourceSpec[] } = {}) {
    this.resources = args.resources?.length ? args.resources : DEFAULT_RESOURCES;
  }

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    return this.scoreWith(cyclePodInfo(state, pod), node);
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array, column: number, stride: number): void {
    const info = cyclePodInfo(state, pod);
    for (let i = 0; i < nodes.length; i++) out[i * stride + column] = this.scoreWith(info, nodes[i]);
  }

  private scoreWith(info: PodInfo, node: NodeInfo): number {
    const fractions: number[] = [];
    for (const { name } of this.resources) {
      const alloc = node.allocatable[name] ?? 0;
      if (alloc > 0) fractions.push(Math.min(1, requestedWithPod(info, node, name) / alloc));
    }
    let std = 0;
    if (fractions.length === 2) std = Math.abs(fractions[0] - fractions[1]) / 2;
    else if (fractions.length > 2) {
      const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
      std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) ** 2, 0) / fractions.length);
    }
    return Math.floor((1 - std) * MAX_NODE_SCORE);
  }
}
