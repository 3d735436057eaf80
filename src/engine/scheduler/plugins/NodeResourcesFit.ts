// NodeResourcesFit: Filter checks the pod's requests against allocatable minus what is requested already
// (extended resources such as nvidia.com/gpu included); Score follows the configured scoring strategy —
// LeastAllocated (default), MostAllocated or RequestedToCapacityRatio — over weighted resources, using the
// non-zero requests (100m / 200Mi for containers without requests) for cpu and memory.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type FilterPlugin, type PreFilterPlugin, type ScorePlugin } from '../framework/interface.ts';
import { BlockMarks, ROW_BLOCK_BITS, rowsOf, type NodeColumns, type NodeRows } from '../framework/nodecolumns.ts';
import { RowScores, type RowScorer } from '../framework/rowscores.ts';
import { cyclePodInfo, type NodeInfo, type PodInfo } from '../framework/nodeinfo.ts';
import { Status, SUCCESS } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import { podRequests, resourceAmount } from '../../api/pod.ts';
import type { ClusterEventWithHint, QueueingHint } from '../framework/events.ts';

export type ScoringStrategyType = 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio';
export interface ResourceSpec { name: string; weight: number }
export interface UtilizationShapePoint { utilization: number; score: number }

export interface NodeResourcesFitArgs {
  ignoredResources?: string[];
  ignoredResourceGroups?: string[];
  scoringStrategy?: { type?: ScoringStrategyType; resources?: ResourceSpec[]; requestedToCapacityRatio?: { shape?: UtilizationShapePoint[] } };
}

export const DEFAULT_RESOURCES: ResourceSpec[] = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
/** The shape's scores are 0–10 in the API and scaled to 0–100 (MaxCustomPriorityScore). */
const MAX_CUSTOM_PRIORITY_SCORE = 10;

export class ArgsError extends Error {}

export class NodeResourcesFit implements PreFilterPlugin, FilterPlugin, ScorePlugin, RowScorer {
  readonly name = 'NodeResourcesFit';
  readonly strategy: ScoringStrategyType;
  readonly resources: ResourceSpec[];
  readonly shape: UtilizationShapePoint[];
  private readonly ignored: Set<string>;
  private readonly ignoredGroups: string[];

  constructor(args: NodeResourcesFitArgs = {}) {
    const s = args.scoringStrategy ?? {};
    this.strategy = s.type ?? 'LeastAllocated';
    if (!['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio'].includes(this.strategy)) {
      throw new ArgsError(`scoringStrategy.type: Unsupported value: "${this.strategy}": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"`);
    }
    this.resources = s.resources?.length ? s.resources : DEFAULT_RESOURCES;
    for (const [i, r] of this.resources.entries()) {
      if (!Number.isInteger(r.weight) || r.weight < 1 || r.weight > 100) throw new ArgsError(`scoringStrategy.resources[${i}].weight: Invalid value: ${r.weight}: resource weight of ${r.name} not in valid range [1, 100]`);
    }
    this.shape = (s.requestedToCapacityRatio?.shape ?? [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }]).map((p) => ({ utilization: p.utilization, score: (p.score * MAX_NODE_SCORE) / MAX_CUSTOM_PRIORITY_SCORE }));
    if (this.strategy === 'RequestedToCapacityRatio') {
      for (let i = 1; i < this.shape.length; i++) if (this.shape[i].utilization <= this.shape[i - 1].utilization) throw new ArgsError('scoringStrategy.requestedToCapacityRatio.shape: Invalid value: utilization values must be sorted in increasing order');
    }
    this.ignored = new Set(args.ignoredResources ?? []);
    this.ignoredGroups = args.ignoredResourceGroups ?? [];
    this.one = scorer(this);
    this.cpuMemory = cpuMemoryWeights(this.resources);
  }

  preFilter(state: CycleState, pod: Pod): { status: Status } {
    cyclePodInfo(state, pod);
    return { status: Status.success() };
  }

  /** fitsRequest: pods, then cpu, memory, and the other resources in the pod's order. */
  filter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    const info = cyclePodInfo(state, pod);
    let reasons: string[] | undefined;
    if (node.podCount + 1 > node.allowedPodNumber) (reasons ??= []).push('Too many pods');
    if (info.milliCPU > 0 && info.milliCPU > node.allocatableMilliCPU - node.requestedMilliCPU) (reasons ??= []).push('Insufficient cpu');
    if (info.memory > 0 && info.memory > node.allocatableMemory - node.requestedMemory) (reasons ??= []).push('Insufficient memory');
    const other = info.otherRequests;
    for (let i = 0; i < other.length; i++) {
      const [resource, want] = other[i];
      if (want > (node.allocatable[resource] ?? 0) - (node.requested[resource] ?? 0) && !this.isIgnored(resource)) (reasons ??= []).push(`Insufficient ${resource}`);
    }
    return reasons ? Status.unschedulable(...reasons) : SUCCESS;
  }

  /** filter's pods, cpu and memory checks; a pod with other requests asks filter(). */
  fitsByColumns(state: CycleState, pod: Pod, columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean {
    const info = cyclePodInfo(state, pod);
    if (info.otherRequests.length) { fits.fill(0, 0, to - from); return false; }
    const { podCount, allowedPodNumber, freeMilliCPU, freeMemory, length } = columns;
    const cpu = info.milliCPU, memory = info.memory;
    const fitting = this.fitting;
    if (this.fittingColumns !== columns || this.fittingCPU !== cpu || this.fittingMemory !== memory) {
      fitting.clear(columns);
      this.fittingColumns = columns;
      this.fittingCPU = cpu;
      this.fittingMemory = memory;
    }
    let vouched = true;
    for (let i = from; i < to;) {
      const b = i >> ROW_BLOCK_BITS;
      const blockStart = b << ROW_BLOCK_BITS, blockEnd = Math.min(blockStart + (1 << ROW_BLOCK_BITS), length);
      const end = Math.min(blockEnd, to);
      if (fitting.holds(b)) { i = end; continue; }
      let all = i === blockStart && end === blockEnd;
      for (; i < end; i++) {
        if (podCount[i] + 1 > allowedPodNumber[i] || (cpu > 0 && cpu > freeMilliCPU[i]) || (memory > 0 && memory > freeMemory[i])) {
          fits[i - from] = 0;
          all = false;
          vouched = false;
        }
      }
      if (all) fitting.mark(b);
    }
    return vouched;
  }

  /** The blocks of rows where every row fits pods of this cpu and memory (and no other requests): no row to check. */
  private readonly fitting = new BlockMarks();
  private fittingColumns: NodeColumns | undefined;
  private fittingCPU = NaN;
  private fittingMemory = NaN;

  /** An assigned pod that goes or shrinks frees room; a node that comes or grows may be big enough now. */
  eventsToRegister(): ClusterEventWithHint[] {
    return [
      { resource: 'Pod', actions: ['Delete', 'UpdatePodScaleDown'], hint: (pod, old, now) => this.afterPodEvent(pod, old as Pod, now as Pod | undefined) },
      { resource: 'Node', actions: ['Add', 'UpdateNodeAllocatable'], hint: (pod, old, now) => this.afterNodeChange(pod, old as Node | undefined, now as Node) },
    ];
  }

  /** isSchedulableAfterPodEvent: a deleted assigned pod always may help; a scale-down only in a resource the pod asks for. */
  private afterPodEvent(pod: Pod, old: Pod, now: Pod | undefined): QueueingHint {
    if (!now) return old.spec?.nodeName ? 'Queue' : 'QueueSkip';
    const wanted = podRequests(pod), before = podRequests(old), after = podRequests(now);
    return Object.keys(wanted).some((r) => wanted[r] > 0 && (after[r] ?? 0) < (before[r] ?? 0)) ? 'Queue' : 'QueueSkip';
  }

  /** isSchedulableAfterNodeChange: the node's allocatable alone would hold the pod (and grew, on an update). */
  private afterNodeChange(pod: Pod, old: Node | undefined, now: Node): QueueingHint {
    const alloc = (n: Node | undefined, r: string) => {
      const v = (n?.status?.allocatable as Record<string, string> | undefined)?.[r];
      return v === undefined ? 0 : resourceAmount(r, v);
    };
    const wanted = Object.entries(podRequests(pod)).filter(([r, v]) => v > 0 && !this.isIgnored(r));
    if (!wanted.every(([r, v]) => v <= alloc(now, r)) || alloc(now, 'pods') < 1) return 'QueueSkip';
    if (!old) return 'Queue';
    return wanted.some(([r]) => alloc(now, r) > alloc(old, r)) || alloc(now, 'pods') > alloc(old, 'pods') ? 'Queue' : 'QueueSkip';
  }

  private isIgnored(resource: string): boolean {
    if (resource === 'cpu' || resource === 'memory' || resource === 'ephemeral-storage' || resource === 'pods') return false;
    return this.ignored.has(resource) || this.ignoredGroups.some((g) => resource.startsWith(`${g}/`));
  }

  /** The strategy's per-resource score, chosen once. */
  private readonly one: (requested: number, allocatable: number) => number;
  /** [cpu weight, memory weight] when the resources are just those two (the default): Score reads the node's fields. */
  private readonly cpuMemory: readonly [number, number] | undefined;
  private readonly rowScores = new RowScores();

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    return resourceAllocationScore(cyclePodInfo(state, pod), node, this.resources, this.one);
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array, rows?: NodeRows): void {
    const info = cyclePodInfo(state, pod);
    const { resources, one } = this;
    const cpuMemory = this.cpuMemory;
    if (!cpuMemory) {
      for (let i = 0; i < nodes.length; i++) out[i] = resourceAllocationScore(info, nodes[i], resources, one);
      return;
    }
    // cpu and memory only (the default): the same sums as resourceAllocationScore, read from the columns, and
    // kept per row for the next pods of the same requests.
    this.rowScores.scoreRows(rows ?? rowsOf(nodes), nodes.length, info.nonZero.cpu, info.nonZero.memory, out, this);
  }

  /** resourceAllocationScore for cpu and memory, from row r of the columns. */
  scoreRow(columns: NodeColumns, r: number, podCPU: number, podMemory: number): number {
    const [cpuWeight, memoryWeight] = this.cpuMemory!;
    const { allocatableMilliCPU, allocatableMemory, nonZeroMilliCPU, nonZeroMemory } = columns;
    let total = 0, weights = 0;
    if (cpuWeight !== 0 && allocatableMilliCPU[r] !== 0) {
      total += this.one(nonZeroMilliCPU[r] + podCPU, allocatableMilliCPU[r]) * cpuWeight;
      weights += cpuWeight;
    }
    if (memoryWeight !== 0 && allocatableMemory[r] !== 0) {
      total += this.one(nonZeroMemory[r] + podMemory, allocatableMemory[r]) * memoryWeight;
      weights += memoryWeight;
    }
    return weights === 0 ? 0 : Math.floor(total / weights);
  }
}

/** [cpu weight, memory weight] (0 when absent) when the resources are cpu and memory only, each at most once. */
export function cpuMemoryWeights(resources: readonly ResourceSpec[]): readonly [number, number] | undefined {
  let cpu: number | undefined, memory: number | undefined;
  for (const { name, weight } of resources) {
    if (name === 'cpu' && cpu === undefined) cpu = weight;
    else if (name === 'memory' && memory === undefined) memory = weight;
    else return undefined;
  }
  return [cpu ?? 0, memory ?? 0];
}

/** The scoring strategy's function of one resource's requested amount (with the pod) and allocatable. */
function scorer(fit: NodeResourcesFit): (requested: number, allocatable: number) => number {
  switch (fit.strategy) {
    case 'LeastAllocated': return (requested, allocatable) => requested > allocatable ? 0 : Math.floor(((allocatable - requested) * MAX_NODE_SCORE) / allocatable);
    case 'MostAllocated': return (requested, allocatable) => Math.floor((Math.min(requested, allocatable) * MAX_NODE_SCORE) / allocatable);
    case 'RequestedToCapacityRatio': {
      const shape = fit.shape;
      return (requested, allocatable) => Math.floor(brokenLinear(shape, Math.floor((Math.min(requested, allocatable) * 100) / allocatable)));
    }
  }
}

/** resourceAllocationScorer: Σ score(resource) × weight / Σ weight, over resources the node has. */
export function resourceAllocationScore(info: PodInfo, node: NodeInfo, resources: readonly ResourceSpec[], one: (requested: number, allocatable: number) => number): number {
  let total = 0, weights = 0;
  for (let i = 0; i < resources.length; i++) {
    const { name, weight } = resources[i];
    const alloc = allocatableOf(node, name);
    if (alloc === 0) continue;
    total += one(requestedWithPod(info, node, name), alloc) * weight;
    weights += weight;
  }
  return weights === 0 ? 0 : Math.floor(total / weights);
}

/** The node's allocatable amount of a resource (cpu in millicores). */
export function allocatableOf(node: NodeInfo, resource: string): number {
  if (resource === 'cpu') return node.allocatableMilliCPU;
  if (resource === 'memory') return node.allocatableMemory;
  return node.allocatable[resource] ?? 0;
}

/** The node's requests plus the pod's, non-zero for cpu and memory as scoring uses them. */
export function requestedWithPod(info: PodInfo, node: NodeInfo, resource: string): number {
  if (resource === 'cpu') return node.nonZeroMilliCPU + info.nonZero.cpu;
  if (resource === 'memory') return node.nonZeroMemory + info.nonZero.memory;
  return (node.requested[resource] ?? 0) + (info.requests[resource] ?? 0);
}

/** helper.BuildBrokenLinearFunction: piecewise linear between the shape's points, flat outside them. */
function brokenLinear(shape: UtilizationShapePoint[], p: number): number {
  for (let i = 0; i < shape.length; i++) {
    if (p <= shape[i].utilization) {
      if (i === 0) return shape[0].score;
      const a = shape[i - 1], b = shape[i];
      return a.score + ((b.score - a.score) * (p - a.utilization)) / (b.utilization - a.utilization);
    }
  }
  return shape[shape.length - 1].score;
}
