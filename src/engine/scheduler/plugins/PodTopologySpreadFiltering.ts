// PodTopologySpread, hard constraints (podtopologyspread/filtering.go): PreFilter counts the matching pods per
// topology value over every eligible node; Filter then checks in O(constraints) per node that
// 'matching pods in the node's domain' + 'the pod itself, if it matches' − 'global minimum' ≤ maxSkew.
import type { Pod } from 'kubernetes-types/core/v1';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Code, Status } from '../framework/status.ts';
import { hasAllTopologyKeys, inclusionKey, matchesNodeInclusionPolicies, type SpreadConstraint } from './PodTopologySpreadCommon.ts';
import { spreadQuestion, type CrossCycleCache, type NodeLabels } from './PodTopologySpreadCounts.ts';

export const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
export const ERR_REASON_NODE_LABEL_NOT_MATCH = `${ERR_REASON_CONSTRAINTS_NOT_MATCH} (missing required label)`;

const MAX_INT32 = 2147483647;

// One status per reason, named for the plugin already: a cycle may reject thousands of nodes.
const NODE_LABEL_MISSING = new Status(Code.UnschedulableAndUnresolvable, [ERR_REASON_NODE_LABEL_NOT_MATCH], 'PodTopologySpread');
const CONSTRAINTS_NOT_MATCH = new Status(Code.Unschedulable, [ERR_REASON_CONSTRAINTS_NOT_MATCH], 'PodTopologySpread');

interface CriticalPath { topologyValue: string; matchNum: number }

/**
 * criticalPaths: the two domains with the fewest matching pods; [0] always holds the minimum. Two suffice
 * because preemption only adds or removes pods on one node at a time, on its own copy of the state.
 */
export class CriticalPaths {
  readonly paths: [CriticalPath, CriticalPath] = [{ topologyValue: '', matchNum: MAX_INT32 }, { topologyValue: '', matchNum: MAX_INT32 }];

  update(value: string, num: number): void {
    const p = this.paths;
    const known = value === p[0].topologyValue ? p[0] : value === p[1].topologyValue ? p[1] : undefined;
    if (known) {
      known.matchNum = num;
      if (p[0].matchNum > p[1].matchNum) [p[0], p[1]] = [p[1], p[0]];
    } else if (num < p[0].matchNum) {
      p[1] = p[0];
      p[0] = { topologyValue: value, matchNum: num };
    } else if (num < p[1].matchNum) {
      p[1] = { topologyValue: value, matchNum: num };
    }
  }

  clone(): CriticalPaths {
    const c = new CriticalPaths();
    c.paths[0] = { ...this.paths[0] };
    c.paths[1] = { ...this.paths[1] };
    return c;
  }
}

/** preFilterState: per constraint, matching pods per topology value, and the critical paths. */
export class SpreadFilterState {
  /** Which count maps belong to this state; the others are the cross-cycle cache's, copied before a change. */
  private readonly own: boolean[];

  constructor(
    readonly constraints: readonly SpreadConstraint[],
    readonly tpValueToMatchNum: ReadonlyMap<string, number>[],
    readonly criticalPaths: CriticalPaths[],
    readonly labelsOf: (node: NodeInfo) => NodeLabels,
    own = false,
  ) {
    this.own = constraints.map(() => own);
  }

  private selfMatches: number[] = [];
  private selfMatchesOf: Pod | undefined;

  /** 1 when the pod matches the constraint's selector (it adds itself to the node's domain): asked once per cycle, not per node. */
  selfMatch(i: number, pod: Pod): number {
    if (this.selfMatchesOf !== pod) {
      this.selfMatchesOf = pod;
      this.selfMatches = this.constraints.map((c) => (c.selector.matches(pod.metadata?.labels) ? 1 : 0));
    }
    return this.selfMatches[i];
  }

  /** The global minimum for the skew: 0 while fewer domains than minDomains are eligible. */
  minMatchNum(i: number): number {
    return this.tpValueToMatchNum[i].size < this.constraints[i].minDomains ? 0 : this.criticalPaths[i].paths[0].matchNum;
  }

  clone(): SpreadFilterState {
    return new SpreadFilterState(this.constraints, this.tpValueToMatchNum.map((m) => new Map(m)), this.criticalPaths.map((p) => p.clone()), this.labelsOf, true);
  }

  /** updateWithPod: preemption adds (delta 1) or removes (−1) a pod on a node. */
  updateWithPod(preemptor: Pod, updated: Pod, node: NodeInfo, delta: number): void {
    if (updated.metadata?.namespace !== preemptor.metadata?.namespace) return;
    const labels = this.labelsOf(node);
    if (!hasAllTopologyKeys(labels, this.constraints)) return;
    for (let i = 0; i < this.constraints.length; i++) {
      const c = this.constraints[i];
      if (!c.selector.matches(updated.metadata?.labels) || !matchesNodeInclusionPolicies(preemptor, node, c)) continue;
      const counts = this.own[i] ? this.tpValueToMatchNum[i] as Map<string, number> : new Map(this.tpValueToMatchNum[i]);
      this.tpValueToMatchNum[i] = counts;
      this.own[i] = true;
      const v = labels.get(c.topologyKey)!;
      const n = (counts.get(v) ?? 0) + delta;
      counts.set(v, n);
      this.criticalPaths[i].update(v, n);
    }
  }
}

/**
 * calPreFilterState: per constraint, the matching pods per topology value over the nodes that have every
 * constraint's topology key and that the inclusion policies admit.
 */
export function computeFilterState(pod: Pod, constraints: readonly SpreadConstraint[], nodes: readonly NodeInfo[], cache: CrossCycleCache): SpreadFilterState {
  const allKeys = constraints.map((c) => c.topologyKey).join(',');
  const counts = constraints.map((c) => {
    const q = spreadQuestion(pod.metadata?.namespace, c.selector);
    // The node's domain, as an argument: a named closure is renamed at every creation under tsx (keepNames).
    return cache.domains(`filter|${q.key}|${c.topologyKey}|${allKeys}|${inclusionKey(pod, c)}`).update(nodes, (node) => {
      const labels = cache.labels(node);
      return hasAllTopologyKeys(labels, constraints) && matchesNodeInclusionPolicies(pod, node, c) ? labels.get(c.topologyKey) : undefined;
    }, (node) => cache.count(node, q), q).counts;
  });
  const paths = counts.map((m) => {
    const p = new CriticalPaths();
    for (const [value, num] of m) p.update(value, num);
    return p;
  });
  return new SpreadFilterState(constraints, counts, paths, cache.labels);
}

/** Filter: a node without a topology key can never fit; otherwise every constraint's skew must stay ≤ maxSkew. */
export function filterBySpread(s: SpreadFilterState, pod: Pod, node: NodeInfo): Status {
  const labels = s.labelsOf(node);
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i];
    const value = labels.get(c.topologyKey);
    if (value === undefined) return NODE_LABEL_MISSING;
    const skew = (s.tpValueToMatchNum[i].get(value) ?? 0) + s.selfMatch(i, pod) - s.minMatchNum(i);
    if (skew > c.maxSkew) return CONSTRAINTS_NOT_MATCH;
  }
  return Status.success();
}
