// NodeAffinity: spec.nodeSelector and required node affinity as a Filter; preferred terms as a Score
// (the sum of the weights of matching terms, normalized by the maximum).
import type { NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';
import { requiredNodeAffinityMatches, termMatches } from '../../api/nodeaffinity.ts';
import type { CycleState, FilterPlugin, PreFilterPlugin, PreFilterResult, PreScorePlugin, ScorePlugin } from '../framework/interface.ts';
import { defaultNormalizeScore } from './TaintToleration.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Code, Status } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint } from '../framework/events.ts';

export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
/** Every required term names nodes and no name is in all of a term's lists: no node can match. */
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';
/** One status for every node that does not match, named for the plugin already. */
const NOT_MATCHED = new Status(Code.UnschedulableAndUnresolvable, [ERR_REASON_POD], 'NodeAffinity');

export class NodeAffinity implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'NodeAffinity';

  /**
   * Nothing required (no nodeSelector, no required terms): Filter is skipped this cycle. Required terms that each
   * name nodes by `matchFields metadata.name In` (the DaemonSet controller's affinity) narrow the nodes worth
   * filtering to those names (a PreFilterResult), so a daemon pod is filtered against its one node.
   */
  preFilter(_s: CycleState, pod: Pod): { status: Status; result?: PreFilterResult } {
    const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if (!required && Object.keys(pod.spec?.nodeSelector ?? {}).length === 0) return { status: Status.skip() };
    const nodeNames = nodeNamesOf(required?.nodeSelectorTerms ?? []);
    if (nodeNames?.size === 0) return { status: Status.unresolvable(ERR_REASON_CONFLICT) };
    return { status: Status.success(), result: nodeNames && { nodeNames } };
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
    return requiredNodeAffinityMatches(pod, info.node) ? Status.success() : NOT_MATCHED;
  }

  score(_s: CycleState, pod: Pod, info: NodeInfo): number {
    let total = 0;
    for (const t of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      if (t.weight !== 0 && termMatches(t.preference, info.node)) total += t.weight;
    }
    return total;
  }

  normalizeScore(_s: CycleState, _pod: Pod, _nodes: readonly NodeInfo[], scores: Float64Array): void {
    defaultNormalizeScore(scores, false);
  }
}

/**
 * The node names the required terms allow, or undefined when some term allows any node. Terms are ORed (the
 * union); within a term the `metadata.name In` requirements are ANDed (the intersection).
 */
function nodeNamesOf(terms: NodeSelectorTerm[]): Set<string> | undefined {
  if (!terms.length) return undefined;
  const union = new Set<string>();
  for (const t of terms) {
    let names: Set<string> | undefined;
    for (const r of t.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const values = new Set(r.values ?? []);
      names = names ? new Set([...names].filter((n) => values.has(n))) : values;
    }
    if (!names) return undefined;
    for (const n of names) union.add(n);
  }
  return union;
}
