// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity): podAffinity and podAntiAffinity.
// Required terms at PreFilter/Filter (with the symmetry of existing pods' required anti-affinity), preferred
// terms at PreScore/Score (with existing pods' required affinity at hardPodAffinityWeight). Both PreFilter and
// PreScore Skip when neither the pod nor the cluster has terms that could matter.
import type { Pod } from 'kubernetes-types/core/v1';
import { LabelSelectorError } from '../../api/labels.ts';
import { invalidFieldError } from '../../api/validation.ts';
import type { CycleState, FilterPlugin, Handle, PreFilterPlugin, PreScorePlugin, ScorePlugin } from '../framework/interface.ts';
import { hasAffinity, type NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint, QueueingHint } from '../framework/events.ts';
import { AffinityPodIndex, mergeNamespaceSelector, namespaceLabels, parseAffinityTerms, termMatches, termsOf, type PodAffinityTerms } from './InterPodAffinityCommon.ts';
import { computeAffinityFilterState, filterByAffinity, type AffinityFilterState } from './InterPodAffinityFiltering.ts';
import { computeTopologyScore, normalizeAffinityScores, type TopologyScore } from './InterPodAffinityScoring.ts';
import { ArgsError } from './NodeResourcesFit.ts';
import type { ObjectReader } from './PodTopologySpreadCommon.ts';
import { CrossCycleCache } from './PodTopologySpreadCounts.ts';

export interface InterPodAffinityArgs {
  /** Weight of an existing pod's required affinity term that selects the incoming pod (0–100, default 1). */
  hardPodAffinityWeight?: number;
  /** Skip PreScore for pods without preferred terms, ignoring existing pods' preferences. */
  ignorePreferredTermsOfExistingPods?: boolean;
}

const PRE_FILTER_KEY = 'PreFilterInterPodAffinity';
const PRE_SCORE_KEY = 'PreScoreInterPodAffinity';

export class InterPodAffinity implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin {
  readonly name = 'InterPodAffinity';
  private readonly hardPodAffinityWeight: number;
  private readonly ignorePreferredTermsOfExistingPods: boolean;
  private readonly index = new AffinityPodIndex();
  private readonly cache = new CrossCycleCache();

  constructor(args: InterPodAffinityArgs, private readonly handle: Handle, private readonly objects: ObjectReader) {
    const w = args.hardPodAffinityWeight ?? 1;
    if (!Number.isInteger(w) || w < 0 || w > 100) throw new ArgsError(invalidFieldError('hardPodAffinityWeight', w, 'not in valid range [0, 100]'));
    this.hardPodAffinityWeight = w;
    this.ignorePreferredTermsOfExistingPods = args.ignorePreferredTermsOfExistingPods ?? false;
  }

  preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status } {
    // A pod without terms of its own: only the existing pods' required anti-affinity could matter.
    if (!hasAffinity(pod) && !this.synced(nodes).hasRequiredAntiAffinity()) return { status: Status.skip() };
    let terms: PodAffinityTerms;
    try {
      terms = parseAffinityTerms(pod);
    } catch (e) {
      if (e instanceof LabelSelectorError) return { status: Status.unresolvable(`parsing pod: ${e.message}`) };
      throw e;
    }
    const required = {
      affinity: terms.requiredAffinity.map((t) => mergeNamespaceSelector(t, this.objects)),
      antiAffinity: terms.requiredAntiAffinity.map((t) => mergeNamespaceSelector(t, this.objects)),
    };
    this.retain(nodes);
    const s = computeAffinityFilterState(pod, required, namespaceLabels(pod, this.objects), nodes, this.index, this.cache);
    if (!s) return { status: Status.skip() };
    state.write(PRE_FILTER_KEY, s);
    return { status: Status.success() };
  }

  /**
   * Assigned pods that come, change labels or go may satisfy the pod's affinity or lift an anti-affinity (its own,
   * or the symmetric one of a pod that goes); a node whose topology labels change may form a new domain.
   */
  eventsToRegister(): ClusterEventWithHint[] {
    return [
      { resource: 'Pod', actions: ['Add', 'UpdatePodLabel', 'Delete'], hint: (pod, old, now) => this.afterPodChange(pod, old as Pod | undefined, now as Pod | undefined) },
      { resource: 'Node', actions: ['Add', 'UpdateNodeLabel'], hint: (pod, old, now) => afterNodeLabels(termsOf(pod), old as Node | undefined, now as Node) },
    ];
  }

  private afterPodChange(pod: Pod, old: Pod | undefined, now: Pod | undefined): QueueingHint {
    const terms = termsOf(pod);
    const matches = (t: PodAffinityTerms['requiredAffinity'][number], p: Pod) => termMatches(t, p, namespaceLabels(p, this.objects));
    if (now) {
      if (terms.requiredAffinity.some((t) => matches(t, now))) return 'Queue';
      return old && terms.requiredAntiAffinity.some((t) => matches(t, old) && !matches(t, now)) ? 'Queue' : 'QueueSkip';
    }
    if (!old) return 'QueueSkip';
    return terms.requiredAntiAffinity.some((t) => matches(t, old)) || termsOf(old).requiredAntiAffinity.length > 0 ? 'Queue' : 'QueueSkip';
  }

  addPod(state: CycleState, _pod: Pod, added: Pod, node: NodeInfo): void {
    state.read<AffinityFilterState>(PRE_FILTER_KEY)?.updateWithPod(added, node, 1);
  }

  removePod(state: CycleState, _pod: Pod, removed: Pod, node: NodeInfo): void {
    state.read<AffinityFilterState>(PRE_FILTER_KEY)?.updateWithPod(removed, node, -1);
  }

  filter(state: CycleState, _pod: Pod, node: NodeInfo): Status {
    const s = state.read<AffinityFilterState>(PRE_FILTER_KEY);
    if (!s) return Status.error(`reading "${PRE_FILTER_KEY}" from cycleState: not found`);
    return filterByAffinity(s, node);
  }

  preScore(state: CycleState, pod: Pod, nodes: NodeInfo[]): Status {
    if (!nodes.length) return Status.skip();
    const a = pod.spec?.affinity;
    const hasPreferred = !!a?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length || !!a?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length;
    if (this.ignorePreferredTermsOfExistingPods && !hasPreferred) return Status.skip();
    let terms: PodAffinityTerms;
    try {
      terms = parseAffinityTerms(pod);
    } catch (e) {
      if (e instanceof LabelSelectorError) return Status.error(`failed to parse pod: ${e.message}`);
      throw e;
    }
    const allNodes = this.handle.nodeInfos();
    // A pod without terms of its own: only the existing pods' scoring terms could matter.
    if (!hasAffinity(pod) && !this.synced(allNodes).hasScoringTerms()) return Status.skip();
    this.retain(allNodes);
    const score = computeTopologyScore({
      pod,
      preferred: { affinity: mergePreferred(terms.preferredAffinity, this.objects), antiAffinity: mergePreferred(terms.preferredAntiAffinity, this.objects) },
      namespaceLabels: namespaceLabels(pod, this.objects),
      hardPodAffinityWeight: this.hardPodAffinityWeight,
    }, allNodes, this.index, this.cache);
    if (!score.size) return Status.skip();
    state.write(PRE_SCORE_KEY, score);
    return Status.success();
  }

  score(state: CycleState, _pod: Pod, node: NodeInfo): number {
    const s = state.read<TopologyScore>(PRE_SCORE_KEY);
    return s ? s.of(this.cache.labels(node)) : 0;
  }

  /** The index brought up to the node list (as computeAffinityFilterState and computeTopologyScore do first). */
  private synced(all: readonly NodeInfo[]): AffinityPodIndex {
    this.retain(all);
    this.index.sync(all);
    return this.index;
  }

  /** Node data of nodes that left the list is dropped. */
  private retain(all: readonly NodeInfo[]): void {
    this.cache.retain(all);
    this.index.retain(all);
  }

  normalizeScore(state: CycleState, _pod: Pod, _nodes: readonly NodeInfo[], scores: Float64Array): void {
    if (state.read<TopologyScore>(PRE_SCORE_KEY)?.size) normalizeAffinityScores(scores);
  }
}

/**
 * The preferred terms with their namespace selectors merged. A module function: tsx (esbuild keepNames) wraps
 * each named closure's creation in Object.defineProperty, a cost per cycle.
 */
function mergePreferred(ws: PodAffinityTerms['preferredAffinity'], objects: ObjectReader): PodAffinityTerms['preferredAffinity'] {
  return ws.map((w) => ({ term: mergeNamespaceSelector(w.term, objects), weight: w.weight }));
}

/** A node event helps when a topology key of the pod's required terms has a new value (any node, for no terms). */
function afterNodeLabels(terms: PodAffinityTerms, old: Node | undefined, now: Node): QueueingHint {
  const keys = [...terms.requiredAffinity, ...terms.requiredAntiAffinity].map((t) => t.topologyKey);
  if (!keys.length) return 'Queue';
  return keys.some((k) => now.metadata?.labels?.[k] !== undefined && now.metadata.labels[k] !== old?.metadata?.labels?.[k]) ? 'Queue' : 'QueueSkip';
}
