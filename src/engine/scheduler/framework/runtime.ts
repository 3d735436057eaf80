// The framework runtime (pkg/scheduler/framework/runtime): one per profile. It holds the plugins of every
// extension point in configured order and runs them with upstream semantics (Skip, first failure wins,
// normalize then weight scores).
import type { Pod } from 'kubernetes-types/core/v1';
import {
  MAX_NODE_SCORE, type AnyPlugin, type NodeScore, type BindPlugin, type CycleState, type FilterPlugin, type NodeToStatus, type PermitPlugin,
  type PostBindPlugin, type PostFilterPlugin, type PostFilterResult, type PreBindPlugin, type PreEnqueuePlugin, type PreFilterPlugin,
  type PreScorePlugin, type QueueSortPlugin, type ReservePlugin, type WeightedScorePlugin,
} from './interface.ts';
import type { NodeInfo } from './nodeinfo.ts';
import { Code, Status } from './status.ts';
import type { ScoreTable } from '../trace.ts';

export interface ExtensionPoints {
  preEnqueue: PreEnqueuePlugin[];
  queueSort: QueueSortPlugin;
  preFilter: PreFilterPlugin[];
  filter: FilterPlugin[];
  postFilter: PostFilterPlugin[];
  preScore: PreScorePlugin[];
  score: WeightedScorePlugin[];
  reserve: ReservePlugin[];
  permit: PermitPlugin[];
  preBind: PreBindPlugin[];
  bind: BindPlugin[];
  postBind: PostBindPlugin[];
}


export class Framework {
  constructor(readonly profileName: string, readonly points: ExtensionPoints, readonly percentageOfNodesToScore: number, readonly plugins: Map<string, AnyPlugin>) {}

  get queueSort(): QueueSortPlugin { return this.points.queueSort; }

  runPreEnqueue(pod: Pod): Status {
    for (const p of this.points.preEnqueue) {
      const s = p.preEnqueue(pod);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /** RunPreFilterPlugins: Skip marks the plugin's Filter as skipped; node sets from results intersect. */
  runPreFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status; nodeNames?: Set<string> } {
    let nodeNames: Set<string> | undefined;
    for (const p of this.points.preFilter) {
      const { status, result } = p.preFilter(state, pod, nodes);
      if (status.code === Code.Skip) { state.skipFilter.add(p.name); continue; }
      if (!status.isSuccess()) return { status: status.withPlugin(p.name) };
      if (result?.nodeNames) nodeNames = nodeNames ? new Set([...nodeNames].filter((n) => result.nodeNames!.has(n))) : result.nodeNames;
    }
    return { status: Status.success(), nodeNames };
  }

  /** RunFilterPlugins: the first plugin that does not return Success decides. */
  runFilter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    for (const p of this.points.filter) {
      if (state.skipFilter.has(p.name)) continue;
      const s = p.filter(state, pod, node);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /** RunPreFilterExtensionAddPod/RemovePod: preemption added or removed a pod on a node copy. */
  runPreFilterExtensionAddPod(state: CycleState, pod: Pod, added: Pod, node: NodeInfo): void {
    for (const p of this.points.preFilter) if (p.addPod && !state.skipFilter.has(p.name)) p.addPod(state, pod, added, node);
  }

  runPreFilterExtensionRemovePod(state: CycleState, pod: Pod, removed: Pod, node: NodeInfo): void {
    for (const p of this.points.preFilter) if (p.removePod && !state.skipFilter.has(p.name)) p.removePod(state, pod, removed, node);
  }

  /**
   * RunPostFilterPlugins: the first success wins; UnschedulableAndUnresolvable or an error stops; otherwise the
   * rejections' reasons add up (the first rejecting plugin is named) and the last nomination given is kept.
   */
  runPostFilter(state: CycleState, pod: Pod, filtered: NodeToStatus): { status: Status; result?: PostFilterResult } {
    let result: PostFilterResult | undefined;
    const reasons: string[] = [];
    let rejector = '';
    for (const p of this.points.postFilter) {
      const r = p.postFilter(state, pod, filtered);
      if (r.status.isSuccess()) return { status: r.status, result: r.result };
      if (r.status.code === Code.UnschedulableAndUnresolvable) return { status: r.status.withPlugin(p.name), result: r.result };
      if (!r.status.isRejected()) return { status: r.status.withPlugin(p.name) };
      if (r.result?.nominatedNodeName !== undefined) result = r.result;
      reasons.push(...r.status.reasons);
      rejector ||= p.name;
    }
    return { status: new Status(Code.Unschedulable, reasons, rejector), result };
  }

  runPreScore(state: CycleState, pod: Pod, nodes: NodeInfo[]): Status {
    for (const p of this.points.preScore) {
      const s = p.preScore(state, pod, nodes);
      if (s.code === Code.Skip) { state.skipScore.add(p.name); continue; }
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /** RunScorePlugins: raw scores, NormalizeScore per plugin, then × weight, into flat arrays. */
  runScore(state: CycleState, pod: Pod, nodes: NodeInfo[]): ScoreTable {
    const active = this.points.score.filter((s) => !state.skipScore.has(s.plugin.name));
    const n = nodes.length, m = active.length;
    const raw = new Float64Array(n * m), normalized = new Float64Array(n * m), totals = new Float64Array(n);
    for (let j = 0; j < m; j++) {
      const { plugin, weight } = active[j];
      if (plugin.normalizeScore) {
        const scores: NodeScore[] = new Array(n);
        for (let i = 0; i < n; i++) scores[i] = { name: nodes[i].name, score: plugin.score(state, pod, nodes[i]) };
        for (let i = 0; i < n; i++) raw[i * m + j] = scores[i].score;
        plugin.normalizeScore(state, pod, scores);
        for (let i = 0; i < n; i++) normalized[i * m + j] = scores[i].score;
      } else {
        for (let i = 0; i < n; i++) raw[i * m + j] = normalized[i * m + j] = plugin.score(state, pod, nodes[i]);
      }
      for (let i = 0; i < n; i++) {
        const v = normalized[i * m + j];
        if (v > MAX_NODE_SCORE || v < 0) throw new Error(`plugin "${plugin.name}" returns an invalid score ${v}, it should in the range of [0, ${MAX_NODE_SCORE}] after normalizing`);
        totals[i] += v * weight;
      }
    }
    return { nodes: nodes.map((x) => x.name), plugins: active.map((a) => a.plugin.name), weights: active.map((a) => a.weight), raw, normalized, totals };
  }

  runReserve(state: CycleState, pod: Pod, node: string): Status {
    for (let i = 0; i < this.points.reserve.length; i++) {
      const p = this.points.reserve[i];
      const s = p.reserve(state, pod, node);
      if (!s.isSuccess()) {
        this.runUnreserve(state, pod, node);
        return s.withPlugin(p.name);
      }
    }
    return Status.success();
  }

  /** Unreserve runs in reverse order, for every Reserve plugin. */
  runUnreserve(state: CycleState, pod: Pod, node: string): void {
    for (let i = this.points.reserve.length - 1; i >= 0; i--) this.points.reserve[i].unreserve(state, pod, node);
  }

  /** RunPermitPlugins: any rejection wins; otherwise Wait with the shortest timeout if any plugin waits. */
  runPermit(state: CycleState, pod: Pod, node: string): { status: Status; timeoutMs?: number } {
    let wait: number | undefined;
    let waiter = '';
    for (const p of this.points.permit) {
      const { status, timeoutMs } = p.permit(state, pod, node);
      if (status.code === Code.Wait) {
        const t = Math.min(timeoutMs ?? 15 * 60_000, 15 * 60_000);
        if (wait === undefined || t < wait) { wait = t; waiter = p.name; }
        continue;
      }
      if (!status.isSuccess()) return { status: status.withPlugin(p.name) };
    }
    return wait === undefined ? { status: Status.success() } : { status: new Status(Code.Wait, [], waiter), timeoutMs: wait };
  }

  runPreBind(state: CycleState, pod: Pod, node: string): Status {
    for (const p of this.points.preBind) {
      const s = p.preBind(state, pod, node);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /** RunBindPlugins: the first binder that does not Skip binds. */
  runBind(state: CycleState, pod: Pod, node: string): Status {
    for (const p of this.points.bind) {
      const s = p.bind(state, pod, node);
      if (s.code === Code.Skip) continue;
      return s.isSuccess() ? s : s.withPlugin(p.name);
    }
    return Status.error('no bind plugin bound the pod');
  }

  runPostBind(state: CycleState, pod: Pod, node: string): void {
    for (const p of this.points.postBind) p.postBind(state, pod, node);
  }
}
