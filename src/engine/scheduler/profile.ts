// The default profile: which plugins run at each extension point, with upstream's default score weights.
import type { FilterPlugin, PreFilterPlugin, QueueSortPlugin, WeightedScorePlugin } from './framework/interface.ts';
import { NodeAffinity } from './plugins/NodeAffinity.ts';
import { NodeName } from './plugins/NodeName.ts';
import { NodeResourcesBalancedAllocation } from './plugins/NodeResourcesBalancedAllocation.ts';
import { NodeResourcesFit } from './plugins/NodeResourcesFit.ts';
import { NodeUnschedulable } from './plugins/NodeUnschedulable.ts';
import { PrioritySort } from './plugins/PrioritySort.ts';
import { TaintToleration } from './plugins/TaintToleration.ts';

export interface Profile {
  schedulerName: string;
  queueSort: QueueSortPlugin;
  preFilter: PreFilterPlugin[];
  filter: FilterPlugin[];
  score: WeightedScorePlugin[];
  /** percentageOfNodesToScore; 0 means the adaptive default. */
  percentageOfNodesToScore: number;
}

export function defaultProfile(): Profile {
  const fit = new NodeResourcesFit();
  const taints = new TaintToleration();
  return {
    schedulerName: 'default-scheduler',
    queueSort: new PrioritySort(),
    preFilter: [fit],
    filter: [new NodeUnschedulable(), new NodeName(), taints, new NodeAffinity(), fit],
    score: [
      { plugin: taints, weight: 3 },
      { plugin: fit, weight: 1 },
      { plugin: new NodeResourcesBalancedAllocation(), weight: 1 },
    ],
    percentageOfNodesToScore: 0,
  };
}

/** numFeasibleNodesToFind: all nodes below 100; else 50 − nodes/125 percent (at least 5 %), at least 100. */
export function numFeasibleNodesToFind(percentage: number, numAllNodes: number): number {
  const minFeasible = 100;
  if (numAllNodes < minFeasible) return numAllNodes;
  let pct = percentage;
  if (pct === 0) pct = Math.max(5, 50 - Math.floor(numAllNodes / 125));
  if (pct >= 100) return numAllNodes;
  const n = Math.floor((numAllNodes * pct) / 100);
  return Math.max(n, minFeasible);
}
