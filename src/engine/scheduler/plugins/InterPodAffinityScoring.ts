// InterPodAffinity, preferred terms (interpodaffinity/scoring.go). PreScore sums weights per (topologyKey,
// value): + the incoming pod's preferred affinity and − its preferred anti-affinity for every existing pod
// they select; and for existing pods with affinity, their required affinity (hardPodAffinityWeight) and
// preferred terms that select the incoming pod. Score adds the node's pairs; NormalizeScore maps min–max to 0–100.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type NodeScore } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { termMatcher, termQuestion, type AffinityPodIndex, type AffinityTerm, type WeightedAffinityTerm } from './InterPodAffinityCommon.ts';
import type { CrossCycleCache, NodeLabels } from './PodTopologySpreadCounts.ts';

/** topologyKey → value → summed weight. */
export type TopologyScore = Map<string, Map<string, number>>;

/** The incoming pod's preferred terms, namespace selectors merged into namespaces. */
export interface PreferredTerms { affinity: WeightedAffinityTerm[]; antiAffinity: WeightedAffinityTerm[] }

function add(score: TopologyScore, topologyKey: string, value: string, weight: number): void {
  let values = score.get(topologyKey);
  if (!values) score.set(topologyKey, (values = new Map()));
  values.set(value, (values.get(value) ?? 0) + weight);
}

/** processTerm for an existing pod's term: counts when it selects the incoming pod. */
function processTerm(score: TopologyScore, t: AffinityTerm, weight: number, selectsPod: (t: AffinityTerm) => boolean, labels: NodeLabels): void {
  const value = labels.get(t.topologyKey);
  if (value !== undefined && selectsPod(t)) add(score, t.topologyKey, value, weight);
}

export interface ScoreInputs {
  pod: Pod;
  preferred: PreferredTerms;
  namespaceLabels: Readonly<Record<string, string>> | undefined;
  hardPodAffinityWeight: number;
}

/**
 * The topology score over all nodes: the incoming pod's terms count the pods they select per topology value
 * (carried across cycles), and only the nodes with pods with affinity are visited for those pods' terms.
 * Equal to upstream's processExistingPod over every pod, as each contribution only adds up.
 */
export function computeTopologyScore(inp: ScoreInputs, allNodes: readonly NodeInfo[], index: AffinityPodIndex, cache: CrossCycleCache): TopologyScore {
  const score: TopologyScore = new Map();
  const own = [...inp.preferred.affinity.map((w) => ({ ...w, sign: 1 })), ...inp.preferred.antiAffinity.map((w) => ({ ...w, sign: -1 }))];
  for (const { term, weight, sign } of own) {
    const q = termQuestion(term);
    const domains = cache.domains(`preferred|${q.key}`).update(allNodes, (node) => cache.labels(node).get(term.topologyKey), (node) => cache.count(node, q));
    for (const [value, n] of domains.counts) if (n) add(score, term.topologyKey, value, sign * weight * n);
  }
  const selectsPod = termMatcher(inp.pod, inp.namespaceLabels);
  for (const node of index.nodesWithAffinity(allNodes).withAffinity) {
    const labels = cache.labels(node);
    for (const { terms } of index.of(node).withAffinity) {
      if (inp.hardPodAffinityWeight > 0) for (const t of terms.requiredAffinity) processTerm(score, t, inp.hardPodAffinityWeight, selectsPod, labels);
      for (const w of terms.preferredAffinity) processTerm(score, w.term, w.weight, selectsPod, labels);
      for (const w of terms.preferredAntiAffinity) processTerm(score, w.term, -w.weight, selectsPod, labels);
    }
  }
  return score;
}

/** Score: the sum of the node's pairs (positive for affinity, negative for anti-affinity). */
export function affinityScore(score: TopologyScore, labels: NodeLabels): number {
  let total = 0;
  for (const [key, values] of score) {
    const v = labels.get(key);
    if (v !== undefined) total += values.get(v) ?? 0;
  }
  return total;
}

/** NormalizeScore: MAX × (score − min) / (max − min), truncated; all 0 when every node scores the same. */
export function normalizeAffinityScores(scores: NodeScore[]): void {
  let min = Infinity;
  let max = -Infinity;
  for (const s of scores) {
    if (s.score > max) max = s.score;
    if (s.score < min) min = s.score;
  }
  const diff = max - min;
  for (const s of scores) s.score = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((s.score - min) / diff)) : 0;
}
