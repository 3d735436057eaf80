// Plugin interfaces at the framework's extension points, in upstream order:
// PreEnqueue, QueueSort, PreFilter, Filter, PostFilter, PreScore, Score (+NormalizeScore), Reserve, Permit,
// PreBind, Bind, PostBind. This first version runs QueueSort, PreFilter, Filter, Score, Reserve and Bind.
import type { Pod } from 'kubernetes-types/core/v1';
import type { NodeInfo } from './nodeinfo.ts';
import type { Status } from './status.ts';

export const MAX_NODE_SCORE = 100;

/** Per-cycle scratch space that plugins share (PreFilter computes, Filter reads). */
export class CycleState {
  private readonly data = new Map<string, unknown>();
  read<T>(key: string): T | undefined { return this.data.get(key) as T | undefined; }
  write(key: string, value: unknown): void { this.data.set(key, value); }
}

export interface QueuedPodInfo {
  pod: Pod;
  timestamp: number;
  attempts: number;
  initialAttemptTimestamp: number;
  unschedulablePlugins: Set<string>;
}

export interface Plugin { readonly name: string }

export interface QueueSortPlugin extends Plugin { less(a: QueuedPodInfo, b: QueuedPodInfo): boolean }
export interface PreFilterPlugin extends Plugin { preFilter(state: CycleState, pod: Pod): Status }
export interface FilterPlugin extends Plugin { filter(state: CycleState, pod: Pod, node: NodeInfo): Status }
export interface NodeScore { name: string; score: number }
export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: Pod, node: NodeInfo): number;
  /** Rescale raw scores into [0, MAX_NODE_SCORE]. */
  normalizeScore?(state: CycleState, pod: Pod, scores: NodeScore[]): void;
}
export interface ReservePlugin extends Plugin {
  reserve(state: CycleState, pod: Pod, nodeName: string): Status;
  unreserve(state: CycleState, pod: Pod, nodeName: string): void;
}
export interface BindPlugin extends Plugin { bind(state: CycleState, pod: Pod, nodeName: string): Status }

export interface WeightedScorePlugin { plugin: ScorePlugin; weight: number }
