// TaintToleration: Filter rejects nodes with an untolerated NoSchedule/NoExecute taint; Score prefers nodes
// with fewer untolerated PreferNoSchedule taints (normalized in reverse).
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import { toleratesTaint } from '../../api/taints.ts';
import { MAX_NODE_SCORE, type CycleState, type FilterPlugin, type PreScorePlugin, type ScorePlugin } from '../framework/interface.ts';
import type { NodeColumns, NodeRows } from '../framework/nodecolumns.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status, SUCCESS } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint } from '../framework/events.ts';

const PRESCORE_KEY = 'PreScoreTaintToleration';

const NO_TOLERATIONS: readonly Toleration[] = [];

export class TaintToleration implements FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'TaintToleration';

  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    if (!node.noScheduleTaints.length) return SUCCESS;
    const taint = firstUntolerated(node.noScheduleTaints, pod.spec?.tolerations ?? []);
    return taint ? Status.unresolvable(`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`) : SUCCESS;
  }

  fitsByColumns(_s: CycleState, _pod: Pod, columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean {
    if (columns.nodesWithNoSchedule === 0) return true;
    const taints = columns.noScheduleTaints;
    let all = true;
    for (let i = from; i < to; i++) if (taints[i]) { fits[i - from] = 0; all = false; }
    return all;
  }

  /** isSchedulableAfterNodeChange: a node whose NoSchedule/NoExecute taints the pod tolerates now (and did not before). */
  eventsToRegister(): ClusterEventWithHint[] {
    return [{
      resource: 'Node', actions: ['Add', 'UpdateNodeTaint'],
      hint: (pod, old, now) => !untolerated(pod, now as Node) && (!old || !!untolerated(pod, old as Node)) ? 'Queue' : 'QueueSkip',
    }];
  }

  /** The pod's tolerations that can match PreferNoSchedule taints, once per cycle (none: nothing written). */
  preScore(state: CycleState, pod: Pod): Status {
    const tolerations = pod.spec?.tolerations?.filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
    if (tolerations?.length) state.write(PRESCORE_KEY, tolerations);
    return Status.success();
  }

  score(state: CycleState, _pod: Pod, node: NodeInfo): number {
    return intolerablePreferNoSchedule(node, state.read<readonly Toleration[]>(PRESCORE_KEY) ?? NO_TOLERATIONS);
  }

  scoreNodes(state: CycleState, _pod: Pod, nodes: NodeInfo[], out: Float64Array, rows?: NodeRows): number | void {
    const tolerations = state.read<readonly Toleration[]>(PRESCORE_KEY) ?? NO_TOLERATIONS;
    // A node without PreferNoSchedule taints scores 0 by its column alone (all do when no listed node has any).
    if (rows?.columns.nodesWithPreferNoSchedule === 0) return 0;
    const taints = rows?.columns.preferNoScheduleTaints, positions = rows?.positions;
    for (let i = 0; i < nodes.length; i++) out[i] = taints && !taints[positions![i]] ? 0 : intolerablePreferNoSchedule(nodes[i], tolerations);
  }

  /** DefaultNormalizeScore with reverse: fewer intolerable taints score higher. */
  normalizeScore(_s: CycleState, _pod: Pod, _nodes: readonly NodeInfo[], scores: Float64Array): void {
    defaultNormalizeScore(scores, true);
  }
}

/** helper.DefaultNormalizeScore: scale to [0, MAX_NODE_SCORE] by the maximum; reverse flips it. */
export function defaultNormalizeScore(scores: Float64Array, reverse: boolean): void {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i] > max) max = scores[i];
  if (max === 0) {
    if (reverse) scores.fill(MAX_NODE_SCORE);
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    const v = Math.floor((MAX_NODE_SCORE * scores[i]) / max);
    scores[i] = reverse ? MAX_NODE_SCORE - v : v;
  }
}

/** countIntolerableTaintsPreferNoSchedule. */
function intolerablePreferNoSchedule(node: NodeInfo, tolerations: readonly Toleration[]): number {
  const taints = node.preferNoScheduleTaints;
  if (!taints.length) return 0;
  let n = 0;
  for (const taint of taints) if (!tolerations.some((t) => toleratesTaint(t, taint))) n++;
  return n;
}

/** The first NoSchedule or NoExecute taint of the node that the pod does not tolerate. */
function untolerated(pod: Pod, node: Node): Taint | undefined {
  return firstUntolerated((node.spec?.taints ?? []).filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'), pod.spec?.tolerations ?? []);
}

function firstUntolerated(taints: readonly Taint[], tolerations: readonly Toleration[]): Taint | undefined {
  for (const taint of taints) if (!tolerations.some((t) => toleratesTaint(t, taint))) return taint;
  return undefined;
}
