// PodTopologySpread, soft constraints (podtopologyspread/scoring.go): a node scores the matching pods of its
// domains, each count weighted by log(number of domains + 2) so small topologies are not watered down, plus
// maxSkew − 1; NormalizeScore turns "fewer is better" into 0–100.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { hasAllTopologyKeys, inclusionKey, LABEL_HOSTNAME, matchesNodeInclusionPolicies, type SpreadConstraint } from './PodTopologySpreadCommon.ts';
import { spreadQuestion, type CrossCycleCache, type NodeCounts, type NodeLabels } from './PodTopologySpreadCounts.ts';

/** preScoreState: per constraint, matching pods per topology value of the candidates, or per node for hostnames. */
export interface SpreadScoreState {
  constraints: readonly SpreadConstraint[];
  /** Candidates that lack a topology key: they score 0. */
  ignoredNodes: Set<string>;
  topologyValueToPodCounts: Map<string, number>[];
  topologyNormalizingWeight: number[];
  /** Hostname constraints: matching pods per node (upstream counts them in Score, countPodsMatchSelector). */
  podsPerNode: (NodeCounts | undefined)[];
  labelsOf: (node: NodeInfo) => NodeLabels;
}

/** Topology values per key that PreScore looks up in a list before the Map. */
const FIRST_VALUES = 8;

/** log(size + 2): from 1.09 for one domain to 8.52 for 5,000. */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** maxSkew − 1 waters the differences between domains down: a higher maxSkew tolerates more skew. */
function scoreForCount(count: number, maxSkew: number, weight: number): number {
  return count * weight + (maxSkew - 1);
}

/**
 * initPreScoreState + PreScore: domains come from the candidates (the filtered nodes); pods are counted over
 * all nodes the inclusion policies admit. System-default constraints do not require every topology key, so a
 * node without a zone still spreads by hostname.
 */
export function computeScoreState(pod: Pod, constraints: readonly SpreadConstraint[], filtered: readonly NodeInfo[], allNodes: readonly NodeInfo[], requireAllTopologies: boolean, cache: CrossCycleCache): SpreadScoreState {
  const s: SpreadScoreState = {
    constraints,
    ignoredNodes: new Set(),
    topologyValueToPodCounts: constraints.map(() => new Map()),
    topologyNormalizingWeight: [],
    podsPerNode: [],
    labelsOf: cache.labels,
  };
  // The first few values of each key (zones, regions) are also kept in a short list, so that most nodes find
  // theirs there and skip the Map; the Map keeps first-seen order as before.
  const firstValues = constraints.map((): string[] => []);
  for (const node of filtered) {
    const labels = cache.labels(node);
    if (requireAllTopologies && !hasAllTopologyKeys(labels, constraints)) {
      s.ignoredNodes.add(node.name);
      continue;
    }
    for (let i = 0; i < constraints.length; i++) {
      if (constraints[i].topologyKey === LABEL_HOSTNAME) continue;
      const value = labels.get(constraints[i].topologyKey) ?? '';
      const first = firstValues[i];
      if (first.includes(value)) continue;
      s.topologyValueToPodCounts[i].set(value, 0);
      if (first.length < FIRST_VALUES) first.push(value);
    }
  }
  const candidates = filtered.length - s.ignoredNodes.size;
  s.topologyNormalizingWeight = constraints.map((c, i) => topologyNormalizingWeight(c.topologyKey === LABEL_HOSTNAME ? candidates : s.topologyValueToPodCounts[i].size));
  const allKeys = requireAllTopologies ? constraints.map((c) => c.topologyKey).join(',') : '';
  constraints.forEach((c, i) => {
    const q = spreadQuestion(pod.metadata?.namespace, c.selector);
    if (c.topologyKey === LABEL_HOSTNAME) {
      s.podsPerNode[i] = cache.nodes(allNodes, q);
      return;
    }
    const share = (node: NodeInfo) => cache.count(node, q);
    const domainOf = (node: NodeInfo) => {
      const labels = cache.labels(node);
      if (requireAllTopologies && !hasAllTopologyKeys(labels, constraints)) return undefined;
      return matchesNodeInclusionPolicies(pod, node, c) ? (labels.get(c.topologyKey) ?? '') : undefined;
    };
    const totals = cache.domains(`score|${q.key}|${c.topologyKey}|${allKeys}|${inclusionKey(pod, c)}`).update(allNodes, domainOf, share).counts;
    // Only the candidates' domains are scored.
    const counts = s.topologyValueToPodCounts[i];
    for (const value of counts.keys()) counts.set(value, totals.get(value) ?? 0);
  });
  return s;
}

/** Score: the weighted matching pods of every domain the node is in (rounded); ignored nodes score 0. */
export function spreadScore(s: SpreadScoreState, node: NodeInfo): number {
  if (s.ignoredNodes.size && s.ignoredNodes.has(node.name)) return 0;
  const labels = s.labelsOf(node);
  let score = 0;
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i];
    const value = labels.get(c.topologyKey);
    if (value === undefined) continue;
    const count = c.topologyKey === LABEL_HOSTNAME ? s.podsPerNode[i]!.of(node) : (s.topologyValueToPodCounts[i].get(value) ?? 0);
    score += scoreForCount(count, c.maxSkew, s.topologyNormalizingWeight[i]);
  }
  return Math.round(score);
}

/**
 * Score for every node at once, constraint by constraint (the same sums in the same order as spreadScore, so
 * the same numbers): one pass per constraint reads one topology key and one count map.
 */
export function spreadScores(s: SpreadScoreState, nodes: readonly NodeInfo[], out: Float64Array): void {
  out.fill(0, 0, nodes.length);
  for (let i = 0; i < s.constraints.length; i++) {
    const { topologyKey, maxSkew } = s.constraints[i];
    const weight = s.topologyNormalizingWeight[i];
    const perNode = topologyKey === LABEL_HOSTNAME ? s.podsPerNode[i]! : undefined;
    const perValue = s.topologyValueToPodCounts[i];
    for (let j = 0; j < nodes.length; j++) {
      const value = s.labelsOf(nodes[j]).get(topologyKey);
      if (value === undefined) continue;
      const count = perNode ? perNode.of(nodes[j]) : (perValue.get(value) ?? 0);
      out[j] += scoreForCount(count, maxSkew, weight);
    }
  }
  const ignored = s.ignoredNodes.size > 0;
  for (let j = 0; j < nodes.length; j++) out[j] = ignored && s.ignoredNodes.has(nodes[j].name) ? 0 : Math.round(out[j]);
}

/** NormalizeScore: MAX × (max + min − score) / max in integers; ignored nodes 0; all-zero scores all MAX. */
export function normalizeSpreadScores(s: SpreadScoreState, nodes: readonly NodeInfo[], scores: Float64Array): void {
  let min = Infinity;
  let max = 0;
  const ignored = (i: number) => s.ignoredNodes.size > 0 && s.ignoredNodes.has(nodes[i].name);
  for (let i = 0; i < scores.length; i++) {
    if (ignored(i)) continue;
    if (scores[i] < min) min = scores[i];
    if (scores[i] > max) max = scores[i];
  }
  for (let i = 0; i < scores.length; i++) {
    if (ignored(i)) scores[i] = 0;
    else if (max === 0) scores[i] = MAX_NODE_SCORE;
    else scores[i] = Math.floor((MAX_NODE_SCORE * (max + min - scores[i])) / max);
  }
}
