// InterPodAffinity, preferred terms (interpodaffinity/scoring.go). PreScore sums weights per (topologyKey,
// value): + the incoming pod's preferred affinity and − its preferred anti-affinity for every existing pod
// they select; and for existing pods with affinity, their required affinity (hardPodAffinityWeight) and
// preferred terms that select the incoming pod. Score adds the node's pairs; NormalizeScore maps min–max to 0–100.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { termMatcher, termQuestion, type AffinityPodIndex, type WeightedAffinityTerm } from './InterPodAffinityCommon.ts';
import type { CrossCycleCache, NodeLabels } from './PodTopologySpreadCounts.ts';

/**
 * topologyScore as layers: per term, the cross-cycle domain counts (value → pods) of a topology key, times the
 * term's signed weight. A node's score is the sum of its values' layers, as upstream's summed map gives.
 */
export class TopologyScore {
  private readonly layers: { topologyKey: string; counts: ReadonlyMap<string, number>; weight: number }[] = [];

  /** Whether any term counted a pod (upstream's topologyScore has entries; otherwise PreScore skips). */
  get size(): number { return this.layers.length; }

  add(topologyKey: string, counts: ReadonlyMap<string, number>, total: number, weight: number): void {
    if (total) this.layers.push({ topologyKey, counts, weight });
  }

  /** Score: the sum of the node's pairs (positive for affinity, negative for anti-affinity). */
  of(labels: NodeLabels): number {
    let total = 0;
    for (const { topologyKey, counts, weight } of this.layers) {
      const v = labels.get(topologyKey);
      if (v !== undefined) total += weight * (counts.get(v) ?? 0);
    }
    return total;
  }
}

/** The incoming pod's preferred terms, namespace selectors merged into namespaces. */
export interface PreferredTerms { affinity: WeightedAffinityTerm[]; antiAffinity: WeightedAffinityTerm[] }

export interface ScoreInputs {
  pod: Pod;
  preferred: PreferredTerms;
  namespaceLabels: Readonly<Record<string, string>> | undefined;
  hardPodAffinityWeight: number;
}

/**
 * The topology score over all nodes: the incoming pod's terms count the pods they select per topology value,
 * and each distinct scoring term of the existing pods that selects the incoming pod counts the pods that carry
 * it — all carried across cycles. Equal to upstream's processExistingPod over every pod, as each contribution
 * only adds up.
 */
export function computeTopologyScore(inp: ScoreInputs, allNodes: readonly NodeInfo[], index: AffinityPodIndex, cache: CrossCycleCache): TopologyScore {
  const score = new TopologyScore();
  const own = [...inp.preferred.affinity.map((w) => ({ ...w, sign: 1 })), ...inp.preferred.antiAffinity.map((w) => ({ ...w, sign: -1 }))];
  for (const { term, weight, sign } of own) {
    const q = termQuestion(term);
    const domains = cache.domains(`preferred|${q.key}`).update(allNodes, (node) => cache.labels(node).get(term.topologyKey), (node) => cache.count(node, q), q);
    score.add(term.topologyKey, domains.counts, domains.total, sign * weight);
  }
  index.sync(allNodes);
  const selectsPod = termMatcher(inp.pod, inp.namespaceLabels);
  for (const e of index.scoringTerms()) {
    const weight = e.kind === 'hard' ? inp.hardPodAffinityWeight : e.kind === 'preferred' ? e.weight : -e.weight;
    if (!weight || !selectsPod(e.term)) continue;
    const domains = cache.domains(`existing|${e.key}`).update(allNodes, (node) => cache.labels(node).get(e.term.topologyKey), (node) => index.of(node).scoringTerms.get(e.key) ?? 0);
    score.add(e.term.topologyKey, domains.counts, domains.total, weight);
  }
  return score;
}

/** NormalizeScore: MAX × (score − min) / (max − min), truncated; all 0 when every node scores the same. */
export function normalizeAffinityScores(scores: Float64Array): void {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] > max) max = scores[i];
    if (scores[i] < min) min = scores[i];
  }
  const diff = max - min;
  for (let i = 0; i < scores.length; i++) scores[i] = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((scores[i] - min) / diff)) : 0;
}
