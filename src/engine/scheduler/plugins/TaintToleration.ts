// TaintToleration: Filter rejects nodes with an untolerated NoSchedule/NoExecute taint; Score prefers nodes
// with fewer untolerated PreferNoSchedule taints (normalized in reverse).
import type { Pod, Toleration } from 'kubernetes-types/core/v1';
import { toleratesTaint } from '../../api/taints.ts';
import { MAX_NODE_SCORE, type CycleState, type FilterPlugin, type NodeScore, type PreScorePlugin, type ScorePlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

const PRESCORE_KEY = 'PreScoreTaintToleration';

export class TaintToleration implements FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'TaintToleration';

  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    const taints = node.node.spec?.taints;
    if (!taints?.length) return Status.success();
    const tolerations = pod.spec?.tolerations ?? [];
    for (const taint of taints) {
      if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
      if (!tolerations.some((t) => toleratesTaint(t, taint))) {
        return Status.unresolvable(`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
      }
    }
    return Status.success();
  }

  /** The pod's tolerations that can match PreferNoSchedule taints, once per cycle. */
  preScore(state: CycleState, pod: Pod): Status {
    state.write(PRESCORE_KEY, (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule'));
    return Status.success();
  }

  score(state: CycleState, _pod: Pod, node: NodeInfo): number {
    const taints = node.node.spec?.taints;
    if (!taints?.length) return 0;
    const tolerations = state.read<Toleration[]>(PRESCORE_KEY) ?? [];
    let n = 0;
    for (const taint of taints) if (taint.effect === 'PreferNoSchedule' && !tolerations.some((t) => toleratesTaint(t, taint))) n++;
    return n;
  }

  /** DefaultNormalizeScore with reverse: fewer intolerable taints score higher. */
  normalizeScore(_s: CycleState, _pod: Pod, scores: NodeScore[]): void {
    defaultNormalizeScore(scores, true);
  }
}

/** helper.DefaultNormalizeScore: scale to [0, MAX_NODE_SCORE] by the maximum; reverse flips it. */
export function defaultNormalizeScore(scores: NodeScore[], reverse: boolean): void {
  let max = 0;
  for (const s of scores) if (s.score > max) max = s.score;
  if (max === 0) {
    if (reverse) for (const s of scores) s.score = MAX_NODE_SCORE;
    return;
  }
  for (const s of scores) {
    let v = Math.floor((MAX_NODE_SCORE * s.score) / max);
    if (reverse) v = MAX_NODE_SCORE - v;
    s.score = v;
  }
}
