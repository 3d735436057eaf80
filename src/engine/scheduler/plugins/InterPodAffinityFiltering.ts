// InterPodAffinity, required terms (interpodaffinity/filtering.go). PreFilter counts, per (topologyKey, value):
// existing pods whose required anti-affinity selects the incoming pod (symmetry), and existing pods that the
// incoming pod's required affinity / anti-affinity terms select. Filter then looks up the node's pairs only.
import type { Pod } from 'kubernetes-types/core/v1';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Code, Status, SUCCESS } from '../framework/status.ts';
import {
  matchesAllTerms, termMatcher, termMatches, termQuestion, termsOf, TopologyPairCounts, type AffinityPodIndex, type AffinityTerm,
} from './InterPodAffinityCommon.ts';
import { requiredLabel, type CrossCycleCache, type NodeLabels, type PodQuestion } from './PodTopologySpreadCounts.ts';

export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules";
export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";

/** The incoming pod's required terms, namespace selectors merged into namespaces. */
export interface RequiredTerms { affinity: AffinityTerm[]; antiAffinity: AffinityTerm[] }

/** preFilterState: the three pair counts, the incoming pod's terms and its namespace's labels. */
export class AffinityFilterState {
  constructor(
    readonly pod: Pod,
    readonly terms: RequiredTerms,
    readonly namespaceLabels: Readonly<Record<string, string>> | undefined,
    readonly existingAntiAffinityCounts: TopologyPairCounts,
    readonly affinityCounts: TopologyPairCounts,
    readonly antiAffinityCounts: TopologyPairCounts,
    readonly labelsOf: (node: NodeInfo) => NodeLabels,
  ) {}

  clone(): AffinityFilterState {
    return new AffinityFilterState(this.pod, this.terms, this.namespaceLabels, this.existingAntiAffinityCounts.clone(), this.affinityCounts.clone(), this.antiAffinityCounts.clone(), this.labelsOf);
  }

  /** updateWithPod: preemption adds (1) or removes (−1) a pod on a node. */
  updateWithPod(updated: Pod, node: NodeInfo, multiplier: number): void {
    const labels = this.labelsOf(node);
    for (const t of termsOf(updated).requiredAntiAffinity) if (termMatches(t, this.pod, this.namespaceLabels)) this.existingAntiAffinityCounts.add(labels, t.topologyKey, multiplier);
    if (matchesAllTerms(this.terms.affinity, updated)) for (const t of this.terms.affinity) this.affinityCounts.add(labels, t.topologyKey, multiplier);
    for (const t of this.terms.antiAffinity) if (termMatches(t, updated, undefined)) this.antiAffinityCounts.add(labels, t.topologyKey, multiplier);
  }
}

/**
 * PreFilter's counts, or undefined (Skip) when neither the incoming pod has required terms nor any existing
 * pod's required anti-affinity selects it. Every count is a cross-cycle domain count (recounted only where
 * nodes changed): per distinct anti-affinity term of the existing pods that selects the pod, the pods that
 * carry it; per own term, the pods it selects.
 */
export function computeAffinityFilterState(pod: Pod, terms: RequiredTerms, namespaceLabels: Readonly<Record<string, string>> | undefined, nodes: readonly NodeInfo[], index: AffinityPodIndex, cache: CrossCycleCache): AffinityFilterState | undefined {
  index.sync(nodes);
  // Nothing to count: no terms of the pod's own, and no existing pod's anti-affinity that could select it.
  if (!terms.affinity.length && !terms.antiAffinity.length && !index.hasRequiredAntiAffinity()) return undefined;
  const existingAnti = new TopologyPairCounts();
  const selectsPod = termMatcher(pod, namespaceLabels);
  for (const t of index.requiredAntiAffinityTerms()) {
    if (!selectsPod(t)) continue;
    const domains = cache.domains(`existingAnti|${t.key}`).update(nodes, (node) => cache.labels(node).get(t.topologyKey), (node) => index.of(node).requiredAntiTerms.get(t.key) ?? 0);
    existingAnti.borrow(t.topologyKey, domains.counts, domains.total);
  }
  if (!existingAnti.hasAny() && !terms.affinity.length && !terms.antiAffinity.length) return undefined;
  // Matching pods per topology value: for affinity a pod must match all the terms, for anti-affinity any.
  const countInto = (counts: TopologyPairCounts, prefix: string, q: PodQuestion, topologyKey: string) => {
    const domains = cache.domains(`${prefix}|${q.key}|${topologyKey}`).update(nodes, (node) => cache.labels(node).get(topologyKey), (node) => cache.count(node, q), q);
    counts.borrow(topologyKey, domains.counts, domains.total);
  };
  const affinity = new TopologyPairCounts();
  if (terms.affinity.length) {
    // A pod that matches all terms matches the first: it carries the first term's label.
    const all: PodQuestion = { key: `all:${terms.affinity.map((t) => t.key).join('&')}`, matches: (p: Pod) => matchesAllTerms(terms.affinity, p), label: requiredLabel(terms.affinity[0].selector) };
    for (const t of terms.affinity) countInto(affinity, 'affinity', all, t.topologyKey);
  }
  const anti = new TopologyPairCounts();
  for (const t of terms.antiAffinity) countInto(anti, 'anti', termQuestion(t), t.topologyKey);
  return new AffinityFilterState(pod, terms, namespaceLabels, existingAnti, affinity, anti, cache.labels);
}

/**
 * satisfyPodAffinity: every term's pair on the node has a matching pod. Exception: the first pod of a group
 * whose affinity selects itself may go anywhere with all the topology keys while no pod matches anywhere.
 */
function satisfiesPodAffinity(s: AffinityFilterState, labels: NodeLabels): boolean {
  let podsExist = true;
  for (const t of s.terms.affinity) {
    const n = s.affinityCounts.get(labels, t.topologyKey);
    if (n === undefined) return false;
    if (n <= 0) podsExist = false;
  }
  return podsExist || (!s.affinityCounts.hasAny() && matchesAllTerms(s.terms.affinity, s.pod));
}

function satisfiesPodAntiAffinity(s: AffinityFilterState, labels: NodeLabels): boolean {
  if (!s.antiAffinityCounts.hasAny()) return true;
  for (const t of s.terms.antiAffinity) if ((s.antiAffinityCounts.get(labels, t.topologyKey) ?? 0) > 0) return false;
  return true;
}

function satisfiesExistingPodsAntiAffinity(s: AffinityFilterState, labels: NodeLabels): boolean {
  return !s.existingAntiAffinityCounts.anyPositive(labels);
}

// One status per reason, named for the plugin already: thousands of nodes may be rejected per cycle.
const AFFINITY_MISMATCH = new Status(Code.UnschedulableAndUnresolvable, [ERR_REASON_AFFINITY_RULES_NOT_MATCH], 'InterPodAffinity');
const ANTI_AFFINITY_MISMATCH = new Status(Code.Unschedulable, [ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH], 'InterPodAffinity');
const EXISTING_ANTI_AFFINITY_MISMATCH = new Status(Code.Unschedulable, [ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH], 'InterPodAffinity');

/** Filter: affinity (unresolvable), then anti-affinity, then the existing pods' anti-affinity. */
export function filterByAffinity(s: AffinityFilterState, node: NodeInfo): Status {
  const labels = s.labelsOf(node);
  if (!satisfiesPodAffinity(s, labels)) return AFFINITY_MISMATCH;
  if (!satisfiesPodAntiAffinity(s, labels)) return ANTI_AFFINITY_MISMATCH;
  if (!satisfiesExistingPodsAntiAffinity(s, labels)) return EXISTING_ANTI_AFFINITY_MISMATCH;
  return SUCCESS;
}
