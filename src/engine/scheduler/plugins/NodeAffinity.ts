// NodeAffinity: spec.nodeSelector and required node affinity as a Filter; preferred terms as a Score
// (the sum of the weights of matching terms, normalized by the maximum).
import type { Pod } from 'kubernetes-types/core/v1';
import { requiredNodeAffinityMatches, termMatches } from '../../api/nodeaffinity.ts';
import type { CycleState, FilterPlugin, NodeScore, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../framework/interface.ts';
import { defaultNormalizeScore } from './TaintToleration.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint } from '../framework/events.ts';

export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

export class NodeAffinity implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'NodeAffinity';

  /** Nothing required (no nodeSelector, no required terms): Filter is skipped this cycle. */
  preFilter(_s: CycleState, pod: Pod): { status: Status } {
    const required = Object.keys(pod.spec?.nodeSelector ?? {}).length > 0 || !!pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    return { status: required ? Status.success() : Status.skip() };
  }

  /** No preferred terms: Score is skipped this cycle (as upstream PreScore). */
  preScore(_s: CycleState, pod: Pod): Status {
    return pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length ? Status.success() : Status.skip();
  }

  /** isSchedulableAfterNodeChange: a node that now matches the required affinity (and did not before). */
  eventsToRegister(): ClusterEventWithHint[] {
    return [{
      resource: 'Node', actions: ['Add', 'UpdateNodeLabel'],
      hint: (pod, old, now) => requiredNodeAffinityMatches(pod, now as Node) && !(old && requiredNodeAffinityMatches(pod, old as Node)) ? 'Queue' : 'QueueSkip',
    }];
  }

  filter(_s: CycleState, pod: Pod, info: NodeInfo): Status {
    return requiredNodeAffinityMatches(pod, info.node) ? Status.success() : Status.unresolvable(ERR_REASON_POD);
  }

  score(_s: CycleState, pod: Pod, info: NodeInfo): number {
    let total = 0;
    for (const t of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      if (t.weight !== 0 && termMatches(t.preference, info.node)) total += t.weight;
    }
    return total;
  }

  normalizeScore(_s: CycleState, _pod: Pod, scores: NodeScore[]): void {
    defaultNormalizeScore(scores, false);
  }
}
