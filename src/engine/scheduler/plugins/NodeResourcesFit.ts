// NodeResourcesFit: Filter checks the pod's requests against allocatable minus what is requested already;
// Score uses the LeastAllocated strategy (cpu and memory, weight 1 each) on non-zero requests.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type FilterPlugin, type PreFilterPlugin, type ScorePlugin } from '../framework/interface.ts';
import { cyclePodInfo, type NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export class NodeResourcesFit implements PreFilterPlugin, FilterPlugin, ScorePlugin {
  readonly name = 'NodeResourcesFit';
  constructor(private readonly resources: { name: string; weight: number }[] = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }]) {}

  preFilter(state: CycleState, pod: Pod): Status {
    cyclePodInfo(state, pod);
    return Status.success();
  }

  filter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    const info = cyclePodInfo(state, pod);
    const reasons: string[] = [];
    const allowedPods = node.allocatable.pods ?? 0;
    if (node.pods.size + 1 > allowedPods) reasons.push('Too many pods');
    for (const [resource, want] of Object.entries(info.requests)) {
      if (want === 0) continue;
      const free = (node.allocatable[resource] ?? 0) - (node.requested[resource] ?? 0);
      if (want > free) reasons.push(`Insufficient ${resource}`);
    }
    return reasons.length ? Status.unschedulable(...reasons) : Status.success();
  }

  /** leastRequestedScore: (allocatable − requested) × 100 / allocatable, weighted over resources. */
  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    const info = cyclePodInfo(state, pod);
    let total = 0, weights = 0;
    for (const { name, weight } of this.resources) {
      const alloc = node.allocatable[name] ?? 0;
      if (alloc === 0) continue;
      const requested = name === 'cpu' ? node.nonZeroRequested.cpu + info.nonZero.cpu
        : name === 'memory' ? node.nonZeroRequested.memory + info.nonZero.memory
        : (node.requested[name] ?? 0) + (info.requests[name] ?? 0);
      const s = requested > alloc ? 0 : Math.floor(((alloc - requested) * MAX_NODE_SCORE) / alloc);
      total += s * weight;
      weights += weight;
    }
    return weights === 0 ? 0 : Math.floor(total / weights);
  }
}
