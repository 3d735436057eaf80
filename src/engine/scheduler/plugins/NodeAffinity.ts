// NodeAffinity: spec.nodeSelector and required node affinity as a Filter; preferred terms as a Score
// (the sum of the weights of matching terms, normalized by the maximum).
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin, NodeScore, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../framework/interface.ts';
import { defaultNormalizeScore } from './TaintToleration.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";

export function matchesRequirement(node: Node, r: NodeSelectorRequirement): boolean {
  const labels = node.metadata?.labels ?? {};
  const v = labels[r.key];
  const has = r.key in labels;
  switch (r.operator) {
    case 'In': return has && (r.values ?? []).includes(v);
    case 'NotIn': return !has || !(r.values ?? []).includes(v);
    case 'Exists': return has;
    case 'DoesNotExist': return !has;
    case 'Gt': return has && Number(v) > Number(r.values?.[0]);
    case 'Lt': return has && Number(v) < Number(r.values?.[0]);
    default: return false;
  }
}

function matchesTerm(node: Node, term: NodeSelectorTerm): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (!exprs.length && !fields.length) return false;
  return exprs.every((r) => matchesRequirement(node, r)) && fields.every((r) => r.key === 'metadata.name' && matchesFieldName(node, r));
}

function matchesFieldName(node: Node, r: NodeSelectorRequirement): boolean {
  const name = node.metadata?.name ?? '';
  return r.operator === 'In' ? (r.values ?? []).includes(name) : r.operator === 'NotIn' ? !(r.values ?? []).includes(name) : false;
}

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

  filter(_s: CycleState, pod: Pod, info: NodeInfo): Status {
    const node = info.node;
    const labels = node.metadata?.labels ?? {};
    for (const [k, v] of Object.entries(pod.spec?.nodeSelector ?? {})) if (labels[k] !== v) return Status.unresolvable(ERR_REASON_POD);
    const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
    if (terms && !terms.some((t) => matchesTerm(node, t))) return Status.unresolvable(ERR_REASON_POD);
    return Status.success();
  }

  score(_s: CycleState, pod: Pod, info: NodeInfo): number {
    let total = 0;
    for (const t of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      if (t.weight !== 0 && matchesTerm(info.node, t.preference)) total += t.weight;
    }
    return total;
  }

  normalizeScore(_s: CycleState, _pod: Pod, scores: NodeScore[]): void {
    defaultNormalizeScore(scores, false);
  }
}
