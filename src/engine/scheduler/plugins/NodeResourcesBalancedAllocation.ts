// NodeResourcesBalancedAllocation: prefer nodes whose cpu and memory would be used in similar fractions.
// score = (1 − standard deviation of the fractions) × 100.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface.ts';
import { cyclePodInfo, type NodeInfo } from '../framework/nodeinfo.ts';

export class NodeResourcesBalancedAllocation implements ScorePlugin {
  readonly name = 'NodeResourcesBalancedAllocation';

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    const info = cyclePodInfo(state, pod);
    const fractions: number[] = [];
    const cpuAlloc = node.allocatable.cpu ?? 0, memAlloc = node.allocatable.memory ?? 0;
    if (cpuAlloc > 0) fractions.push(Math.min(1, (node.nonZeroRequested.cpu + info.nonZero.cpu) / cpuAlloc));
    if (memAlloc > 0) fractions.push(Math.min(1, (node.nonZeroRequested.memory + info.nonZero.memory) / memAlloc));
    let std = 0;
    if (fractions.length === 2) std = Math.abs(fractions[0] - fractions[1]) / 2;
    else if (fractions.length > 2) {
      const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
      std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) ** 2, 0) / fractions.length);
    }
    return Math.floor((1 - std) * MAX_NODE_SCORE);
  }
}
