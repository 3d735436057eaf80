// PodTopologySpread, soft constraints (podtopologyspread/scoring.go): a node scores the matching pods of its
// domains, each count weighted by log(number of domains + 2) so small topologies are not watered down, plus
// maxSkew − 1; NormalizeScore turns "fewer is better" into 0–100.
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE } from '../framework/interface.ts';
import type { NodeRows } from '../framework/nodecolumns.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { inclusionKey, LABEL_HOSTNAME, matchesNodeInclusionPolicies, type SpreadConstraint } from './PodTopologySpreadCommon.ts';
import { spreadQuestion, type CrossCycleCache, type NodeCounts, type TopologyValues } from './PodTopologySpreadCounts.ts';

/** preScoreState: per constraint, matching pods per topology value of the candidates, or per node for hostnames. */
export interface SpreadScoreState {
  constraints: readonly SpreadConstraint[];
  /** Candidates that lack a topology key: they score 0. */
  ignoredNodes: ReadonlySet<string>;
  /** Per constraint, the candidates' domains as value ids (none for hostnames): topologyValueToPodCounts' keys. */
  candidateDomains: number[][];
  topologyNormalizingWeight: number[];
  /** Hostname constraints: matching pods per node (upstream counts them in Score, countPodsMatchSelector). */
  podsPerNode: (NodeCounts | undefined)[];
  /** Per constraint, the nodes' values of its topology key as ids. */
  topologies: TopologyValues[];
  /** Other constraints: topologyValueToPodCounts by value id (0 for values no candidate has: read only candidateDomains). */
  podsPerValueId: (Int32Array | undefined)[];
  /** The node list the topologies and counts are rows of. */
  nodeList: readonly NodeInfo[];
}

const NO_NODES: ReadonlySet<string> = new Set();
/** The domain totals of a constraint that no candidate has the key of (read for no node). */
const NO_COUNTS = new Int32Array(0);

/** log(size + 2): from 1.09 for one domain to 8.52 for 5,000. */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

/** maxSkew − 1 waters the differences between domains down: a higher maxSkew tolerates more skew. */
function scoreForCount(count: number, maxSkew: number, weight: number): number {
  return count * weight + (maxSkew - 1);
}

/** nodeLabelsMatchSpreadConstraints, by value ids. */
function hasAllTopologies(topologies: readonly TopologyValues[], row: number, node: NodeInfo): boolean {
  for (const t of topologies) if (t.atRow(row, node) < 0) return false;
  return true;
}

/** The nodes' rows in the node list: the scheduler's when they are of this list, else their positions checked (−1: a copy). */
function rowsIn(list: readonly NodeInfo[], nodes: readonly NodeInfo[], given?: NodeRows): Int32Array {
  if (given?.list === list) return given.positions;
  const rows = new Int32Array(nodes.length);
  for (let j = 0; j < nodes.length; j++) {
    const row = nodes[j].position;
    rows[j] = row >= 0 && list[row] === nodes[j] ? row : -1;
  }
  return rows;
}

/**
 * The candidates' domains (value ids) in first-seen order; a node without the key is in the domain "" (upstream's
 * map lookup). Candidates that are rows of the list (`listed`) are in the list's domains: once every one of those
 * is seen (a few zones: after a few nodes), the other candidates only repeat them.
 */
function candidateDomains(t: TopologyValues, candidates: readonly NodeInfo[], rows: Int32Array, ignored: Uint8Array | undefined, listed: boolean): number[] {
  const noValue = t.idOfValue('');
  let seen: Uint8Array = new Uint8Array(t.values.length);
  const domains: number[] = [];
  const most = listed ? t.domains() : Infinity;
  for (let j = 0; j < candidates.length && domains.length < most; j++) {
    if (ignored?.[j]) continue;
    const id = t.atRow(rows[j], candidates[j]);
    const domain = id < 0 ? noValue : id;
    // A node not in the list may bring a value of its own.
    if (domain >= seen.length) seen = grown(seen, t.values.length);
    if (seen[domain]) continue;
    seen[domain] = 1;
    domains.push(domain);
  }
  return domains;
}

function grown(a: Uint8Array, length: number): Uint8Array {
  const b = new Uint8Array(length);
  b.set(a);
  return b;
}

/**
 * initPreScoreState + PreScore: domains come from the candidates (the filtered nodes); pods are counted over
 * all nodes the inclusion policies admit. System-default constraints do not require every topology key, so a
 * node without a zone still spreads by hostname.
 */
export function computeScoreState(pod: Pod, constraints: readonly SpreadConstraint[], filtered: readonly NodeInfo[], allNodes: readonly NodeInfo[], requireAllTopologies: boolean, cache: CrossCycleCache, given?: NodeRows): SpreadScoreState {
  // Every key's values first (an update may number them anew), and the id of "", the value of a node without
  // the key in upstream's map lookups.
  // Arrays of the constraints' length filled by loops: arrays grown from [] and map's callbacks made ~1 KB of
  // garbage per cycle.
  const n = constraints.length;
  const topologies = new Array<TopologyValues>(n);
  for (let i = 0; i < n; i++) topologies[i] = cache.topology(allNodes, constraints[i].topologyKey);
  const rows = rowsIn(allNodes, filtered, given);
  const listed = given?.list === allNodes;
  let ignored: Uint8Array | undefined;
  // Only user-given constraints ignore nodes (most cycles share the empty set).
  let ignoredNodes: ReadonlySet<string> = NO_NODES;
  if (requireAllTopologies) {
    ignored = new Uint8Array(filtered.length);
    const names = new Set<string>();
    for (let j = 0; j < filtered.length; j++) {
      if (hasAllTopologies(topologies, rows[j], filtered[j])) continue;
      ignored[j] = 1;
      names.add(filtered[j].name);
    }
    ignoredNodes = names;
  }
  const domains = new Array<number[]>(n);
  for (let i = 0; i < n; i++) domains[i] = constraints[i].topologyKey === LABEL_HOSTNAME || keyless(constraints[i], topologies[i], listed) ? [] : candidateDomains(topologies[i], filtered, rows, ignored, listed);
  const s: SpreadScoreState = {
    constraints,
    ignoredNodes,
    candidateDomains: domains,
    topologyNormalizingWeight: new Array<number>(n),
    podsPerNode: new Array<NodeCounts | undefined>(n),
    topologies,
    podsPerValueId: new Array<Int32Array | undefined>(n),
    nodeList: allNodes,
  };
  const candidates = filtered.length - ignoredNodes.size;
  for (let i = 0; i < n; i++) s.topologyNormalizingWeight[i] = topologyNormalizingWeight(constraints[i].topologyKey === LABEL_HOSTNAME ? candidates : domains[i].length);
  const allKeys = requireAllTopologies ? constraints.map((c) => c.topologyKey).join(',') : '';
  for (let i = 0; i < constraints.length; i++) {
    const c = constraints[i];
    if (keyless(c, topologies[i], listed)) {
      s.podsPerValueId[i] = NO_COUNTS;
      continue;
    }
    const q = spreadQuestion(pod.metadata?.namespace, c.selector);
    // The question's count on every node, brought up to date once: the domain totals read it too (the default
    // constraints, hostname and zone, ask the same question).
    const perNode = cache.nodes(allNodes, q);
    if (c.topologyKey === LABEL_HOSTNAME) {
      s.podsPerNode[i] = perNode;
      continue;
    }
    const totals = cache.watchedDomains(`score|${q.key}|${c.topologyKey}|${allKeys}|${inclusionKey(pod, c)}`).update(allNodes, (node) => {
      if (requireAllTopologies && !hasAllTopologies(topologies, -1, node)) return undefined;
      return matchesNodeInclusionPolicies(pod, node, c) ? (node.labels.get(c.topologyKey) ?? '') : undefined;
    }, (node) => perNode.of(node), q).counts;
    // Only the candidates' domains are scored.
    const { values } = topologies[i];
    // Pod counts: integers, in the kind of array the per-row counts are (spreadScores reads either).
    const perId = new Int32Array(values.length);
    for (const id of domains[i]) perId[id] = totals.get(values[id]) ?? 0;
    s.podsPerValueId[i] = perId;
  }
  return s;
}

/**
 * Whether the candidates are of the list and no node of the list has the constraint's key (the system default
 * zone on nodes without zones): none is in a domain of it, so none scores for it, and its domains, weight and
 * totals are read for no node (not worked out).
 */
function keyless(c: SpreadConstraint, t: TopologyValues, listed: boolean): boolean {
  return listed && c.topologyKey !== LABEL_HOSTNAME && t.labelledRows === 0;
}

/** The matching pods of the node's domain for constraint i. */
function countOf(s: SpreadScoreState, i: number, node: NodeInfo, id: number): number {
  const perNode = s.podsPerNode[i];
  return perNode ? perNode.of(node) : (s.podsPerValueId[i]![id] ?? 0);
}

/** Score: the weighted matching pods of every domain the node is in (rounded); ignored nodes score 0. */
export function spreadScore(s: SpreadScoreState, node: NodeInfo): number {
  if (s.ignoredNodes.size && s.ignoredNodes.has(node.name)) return 0;
  let score = 0;
  for (let i = 0; i < s.constraints.length; i++) {
    const id = s.topologies[i].of(node);
    if (id < 0) continue;
    score += scoreForCount(countOf(s, i, node, id), s.constraints[i].maxSkew, s.topologyNormalizingWeight[i]);
  }
  return Math.round(score);
}

/**
 * Score for every node at once, the same sums in the same order as spreadScore (so the same numbers). With one
 * or two constraints (the system defaults: hostname and zone), one pass over the nodes' rows in the node list
 * (positions when the scheduler gives them, else checked against the list) reads each constraint's value id and
 * count from arrays by row. More constraints, and nodes not in the list (copies), take the per-node form.
 */
export function spreadScores(s: SpreadScoreState, nodes: readonly NodeInfo[], out: Float64Array, given?: NodeRows): void {
  const rows = rowsIn(s.nodeList, nodes, given);
  const n = nodes.length, k = s.constraints.length;
  // Given positions are rows of the list (NodeRows); only rows found here may be missing (−1).
  if (k === 0 || k > 2 || (given?.list !== s.nodeList && rows.includes(-1))) {
    for (let j = 0; j < n; j++) out[j] = spreadScore(s, nodes[j]);
    return;
  }
  listedScores(s, k === 2, rows, n, out);
  if (s.ignoredNodes.size === 0) return;
  for (let j = 0; j < n; j++) if (s.ignoredNodes.has(nodes[j].name)) out[j] = 0;
}

/** Constraint i's counts: by row for hostnames, else by value id. */
function countsOf(s: SpreadScoreState, i: number): Int32Array {
  return s.podsPerNode[i]?.rowCounts ?? s.podsPerValueId[i]!;
}

/**
 * The rounded scores of constraint 0, plus constraint 1 when there are two, of the nodes at these rows: the count
 * of the node's domain, by row for hostnames (each node its own domain), else by value id.
 */
function listedScores(s: SpreadScoreState, two: boolean, rows: Int32Array, n: number, out: Float64Array): void {
  const idsA = s.topologies[0].rowIds, countsA = countsOf(s, 0), byRowA = s.podsPerNode[0] !== undefined;
  const skewA = s.constraints[0].maxSkew, weightA = s.topologyNormalizingWeight[0];
  const c = two ? 1 : 0;
  const idsB = s.topologies[c].rowIds, countsB = countsOf(s, c), byRowB = s.podsPerNode[c] !== undefined;
  const skewB = s.constraints[c].maxSkew, weightB = s.topologyNormalizingWeight[c];
  for (let j = 0; j < n; j++) {
    const r = rows[j];
    let score = 0;
    const idA = idsA[r];
    if (idA >= 0) score += scoreForCount(countsA[byRowA ? r : idA], skewA, weightA);
    if (two) {
      const idB = idsB[r];
      if (idB >= 0) score += scoreForCount(countsB[byRowB ? r : idB], skewB, weightB);
    }
    out[j] = Math.round(score);
  }
}

/** NormalizeScore: MAX × (max + min − score) / max in integers; ignored nodes 0; all-zero scores all MAX. */
export function normalizeSpreadScores(s: SpreadScoreState, nodes: readonly NodeInfo[], scores: Float64Array): void {
  // Ignored nodes (rare: user-given constraints only) score 0 and take no part in min and max.
  const ignored = s.ignoredNodes.size > 0 ? scores.map((_, i) => (s.ignoredNodes.has(nodes[i].name) ? 1 : 0)) : undefined;
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < scores.length; i++) {
    if (ignored?.[i]) continue;
    if (scores[i] < min) min = scores[i];
    if (scores[i] > max) max = scores[i];
  }
  for (let i = 0; i < scores.length; i++) {
    if (ignored?.[i]) scores[i] = 0;
    else if (max === 0) scores[i] = MAX_NODE_SCORE;
    else scores[i] = Math.floor((MAX_NODE_SCORE * (max + min - scores[i])) / max);
  }
}
