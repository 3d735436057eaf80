// NodeResourcesBalancedAllocation: prefer nodes whose resources would be used in similar fractions.
// score = (1 − standard deviation of the requested fractions) × 100 (two resources: |a − b| / 2).
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type ScorePlugin } from '../framework/interface.ts';
import { rowsOf, type NodeColumns, type NodeRows } from '../framework/nodecolumns.ts';
import { RowScores, type RowScorer } from '../framework/rowscores.ts';
import { cyclePodInfo, type NodeInfo, type PodInfo } from '../framework/nodeinfo.ts';
import { allocatableOf, cpuMemoryWeights, DEFAULT_RESOURCES, requestedWithPod, type ResourceSpec } from './NodeResourcesFit.ts';

export class NodeResourcesBalancedAllocation implements ScorePlugin, RowScorer {
  readonly name = 'NodeResourcesBalancedAllocation';
  private readonly resources: ResourceSpec[];
  /** [has cpu, has memory] when the resources are cpu and memory only (the default): Score reads the node's fields. */
  private readonly cpuMemory: readonly [boolean, boolean] | undefined;
  private readonly rowScores = new RowScores();
  constructor(args: { resources?: ResourceSpec[] } = {}) {
    this.resources = args.resources?.length ? args.resources : DEFAULT_RESOURCES;
    const names = this.resources.map((r) => r.name);
    this.cpuMemory = cpuMemoryWeights(this.resources) && [names.includes('cpu'), names.includes('memory')];
  }

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    return this.scoreWith(cyclePodInfo(state, pod), node);
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array, rows?: NodeRows): void {
    const info = cyclePodInfo(state, pod);
    const cpuMemory = this.cpuMemory;
    if (!cpuMemory) {
      for (let i = 0; i < nodes.length; i++) out[i] = this.scoreWith(info, nodes[i]);
      return;
    }
    // cpu and memory (the default): scoreWith's fractions from the columns (the weights do not enter), kept
    // per row for the next pods of the same requests.
    this.rowScores.scoreRows(rows ?? rowsOf(nodes), nodes.length, info.nonZero.cpu, info.nonZero.memory, out, this);
  }

  /** scoreWith for cpu and memory, from row r of the columns. */
  scoreRow(columns: NodeColumns, r: number, podCPU: number, podMemory: number): number {
    const [hasCPU, hasMemory] = this.cpuMemory!;
    const { allocatableMilliCPU, allocatableMemory, nonZeroMilliCPU, nonZeroMemory } = columns;
    const cpu = hasCPU && allocatableMilliCPU[r] > 0 ? Math.min(1, (nonZeroMilliCPU[r] + podCPU) / allocatableMilliCPU[r]) : -1;
    const memory = hasMemory && allocatableMemory[r] > 0 ? Math.min(1, (nonZeroMemory[r] + podMemory) / allocatableMemory[r]) : -1;
    // One fraction or none: standard deviation 0.
    const std = cpu >= 0 && memory >= 0 ? Math.abs(cpu - memory) / 2 : 0;
    return Math.floor((1 - std) * MAX_NODE_SCORE);
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
