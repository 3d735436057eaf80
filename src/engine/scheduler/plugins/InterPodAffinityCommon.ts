// InterPodAffinity, the parts filtering and scoring share (framework.AffinityTerm and PodInfo in
// framework/types.go, plugin.go): parsed (anti-)affinity terms with their namespaces, the merge of namespace
// selectors into namespaces, and a per-node index of the pods that have affinity terms.
import type { Namespace, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1';
import type { LabelSelector, LabelSelectorRequirement } from 'kubernetes-types/meta/v1';
import { LabelSelectorError, nothing, selectorFromLabelSelector, type Selector } from '../../api/labels.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import type { ObjectReader } from './PodTopologySpreadCommon.ts';
import { NodeChanges, NodeData, selectorKey, type NodeLabels, type PodQuestion } from './PodTopologySpreadCounts.ts';

/** framework.AffinityTerm: the namespaces a term looks in (or a namespace selector) and the pod selector. */
export interface AffinityTerm {
  namespaces: ReadonlySet<string>;
  selector: Selector;
  topologyKey: string;
  namespaceSelector: Selector;
  /** Names what the term selects, for per-node count caching. */
  key: string;
}

export interface WeightedAffinityTerm { term: AffinityTerm; weight: number }

/** The four term lists of a pod (PodInfo.RequiredAffinityTerms … PreferredAntiAffinityTerms). */
export interface PodAffinityTerms {
  requiredAffinity: AffinityTerm[];
  requiredAntiAffinity: AffinityTerm[];
  preferredAffinity: WeightedAffinityTerm[];
  preferredAntiAffinity: WeightedAffinityTerm[];
}

const NO_TERMS: PodAffinityTerms = { requiredAffinity: [], requiredAntiAffinity: [], preferredAffinity: [], preferredAntiAffinity: [] };

function makeTerm(namespaces: ReadonlySet<string>, selector: Selector, topologyKey: string, namespaceSelector: Selector): AffinityTerm {
  const nsSel = namespaceSelector === nothing ? '' : selectorKey(namespaceSelector);
  return { namespaces, selector, topologyKey, namespaceSelector, key: `${[...namespaces].sort().join(',')}|${nsSel}|${selectorKey(selector)}|${topologyKey}` };
}

/**
 * matchLabelKeys / mismatchLabelKeys: `key in (value)` / `key notin (value)` with the pod's own label values,
 * ANDed to a non-nil labelSelector.
 * Simplification: upstream kube-apiserver merges them into the stored pod at creation; the scheduler does it
 * here when it parses the terms, with the pod's current labels.
 */
function withLabelKeys(term: PodAffinityTerm, podLabels: Readonly<Record<string, string>>): LabelSelector | undefined {
  const ls = term.labelSelector;
  if (!ls || (!term.matchLabelKeys?.length && !term.mismatchLabelKeys?.length)) return ls;
  const added: LabelSelectorRequirement[] = [];
  for (const key of term.matchLabelKeys ?? []) if (Object.hasOwn(podLabels, key)) added.push({ key, operator: 'In', values: [podLabels[key]] });
  for (const key of term.mismatchLabelKeys ?? []) if (Object.hasOwn(podLabels, key)) added.push({ key, operator: 'NotIn', values: [podLabels[key]] });
  return added.length ? { ...ls, matchExpressions: [...(ls.matchExpressions ?? []), ...added] } : ls;
}

/** newAffinityTerm: no namespaces and no namespace selector mean the pod's own namespace. Throws LabelSelectorError. */
function newTerm(pod: Pod, term: PodAffinityTerm): AffinityTerm {
  const selector = selectorFromLabelSelector(withLabelKeys(term, pod.metadata?.labels ?? {}));
  const namespaces = !term.namespaces?.length && !term.namespaceSelector ? new Set([pod.metadata?.namespace ?? '']) : new Set(term.namespaces ?? []);
  return makeTerm(namespaces, selector, term.topologyKey, selectorFromLabelSelector(term.namespaceSelector));
}

const weighted = (pod: Pod, terms: WeightedPodAffinityTerm[] | undefined): WeightedAffinityTerm[] => (terms ?? []).map((t) => ({ term: newTerm(pod, t.podAffinityTerm), weight: t.weight }));

/** NewPodInfo's term parsing. Throws LabelSelectorError. */
export function parseAffinityTerms(pod: Pod): PodAffinityTerms {
  const a = pod.spec?.affinity;
  if (!a?.podAffinity && !a?.podAntiAffinity) return NO_TERMS;
  return {
    requiredAffinity: (a.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => newTerm(pod, t)),
    requiredAntiAffinity: (a.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((t) => newTerm(pod, t)),
    preferredAffinity: weighted(pod, a.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinity: weighted(pod, a.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
  };
}

const existingTerms = new WeakMap<Pod, PodAffinityTerms>();

/** An assigned pod's terms, parsed once per pod object; terms that do not parse count as none (validation keeps them out). */
export function termsOf(pod: Pod): PodAffinityTerms {
  let terms = existingTerms.get(pod);
  if (!terms) {
    try {
      terms = parseAffinityTerms(pod);
    } catch (e) {
      if (!(e instanceof LabelSelectorError)) throw e;
      terms = NO_TERMS;
    }
    existingTerms.set(pod, terms);
  }
  return terms;
}

/** AffinityTerm.Matches: the namespace is listed or its labels match the namespace selector, and the pod's labels match. */
export function termMatches(t: AffinityTerm, pod: Pod, namespaceLabels: Readonly<Record<string, string>> | undefined): boolean {
  if (t.namespaces.has(pod.metadata?.namespace ?? '') || t.namespaceSelector.matches(namespaceLabels)) return t.selector.matches(pod.metadata?.labels);
  return false;
}

/**
 * termMatches for one incoming pod, remembered per term key: the pods of one owner carry the same terms, so a
 * cycle matches each distinct term once instead of once per existing pod.
 */
export function termMatcher(pod: Pod, namespaceLabels: Readonly<Record<string, string>> | undefined): (t: AffinityTerm) => boolean {
  const memo = new Map<string, boolean>();
  return (t) => {
    let m = memo.get(t.key);
    if (m === undefined) memo.set(t.key, (m = termMatches(t, pod, namespaceLabels)));
    return m;
  };
}

/** podMatchesAllAffinityTerms: false for no terms. The incoming pod's terms have their namespace selector merged. */
export function matchesAllTerms(terms: readonly AffinityTerm[], pod: Pod): boolean {
  if (!terms.length) return false;
  for (const t of terms) if (!termMatches(t, pod, undefined)) return false;
  return true;
}

/** mergeAffinityTermNamespacesIfNotEmpty: the incoming pod's namespace selector becomes the namespaces it selects now. */
export function mergeNamespaceSelector(t: AffinityTerm, objects: ObjectReader): AffinityTerm {
  if (t.namespaceSelector.empty() || t.namespaceSelector === nothing) return t;
  const namespaces = new Set(t.namespaces);
  for (const ns of objects.list('Namespace', {}) as Namespace[]) if (t.namespaceSelector.matches(ns.metadata?.labels)) namespaces.add(ns.metadata!.name!);
  return makeTerm(namespaces, t.selector, t.topologyKey, nothing);
}

/** GetNamespaceLabelsSnapshot: the labels of the pod's namespace (none when it is not found). */
export function namespaceLabels(pod: Pod, objects: ObjectReader): Readonly<Record<string, string>> | undefined {
  return (objects.tryGet('Namespace', undefined, pod.metadata?.namespace ?? '') as Namespace | undefined)?.metadata?.labels;
}

/** "How many pods on the node does this term select?" (the incoming pod's terms: namespaces already merged). */
export function termQuestion(t: AffinityTerm): PodQuestion {
  return { key: `one:${t.key}`, matches: (p) => termMatches(t, p, undefined) };
}

export interface PodWithTerms { pod: Pod; terms: PodAffinityTerms }
interface NodeAffinityPods { generation: number; withAffinity: PodWithTerms[]; withRequiredAntiAffinity: PodWithTerms[] }

/**
 * NodeInfo.PodsWithAffinity and PodsWithRequiredAntiAffinity, rebuilt only when the node changes, and the
 * nodes that have such pods (HavePodsWithAffinityList, HavePodsWithRequiredAntiAffinityList): a cycle visits
 * those nodes' short lists instead of every pod of the cluster.
 */
export class AffinityPodIndex {
  private readonly pods = new NodeData((node) => podsWithAffinity(node), (node, d) => d.generation === node.generation);
  private readonly changes = new NodeChanges();
  private readonly withAffinity = new Map<number, NodeInfo>();
  private readonly withRequiredAntiAffinity = new Map<number, NodeInfo>();

  /** The nodes of the list that have pods with affinity terms, and with required anti-affinity terms. */
  nodesWithAffinity(all: readonly NodeInfo[]): { withAffinity: Iterable<NodeInfo>; withRequiredAntiAffinity: Iterable<NodeInfo> } {
    this.changes.scan(all, (i, node) => {
      const pods = this.of(node);
      if (pods.withAffinity.length) this.withAffinity.set(i, node);
      else this.withAffinity.delete(i);
      if (pods.withRequiredAntiAffinity.length) this.withRequiredAntiAffinity.set(i, node);
      else this.withRequiredAntiAffinity.delete(i);
    }, (i) => {
      this.withAffinity.delete(i);
      this.withRequiredAntiAffinity.delete(i);
    });
    return { withAffinity: this.withAffinity.values(), withRequiredAntiAffinity: this.withRequiredAntiAffinity.values() };
  }

  of(node: NodeInfo): NodeAffinityPods {
    return this.pods.of(node);
  }

  /** At the start of a cycle, with the cycle's nodes: forget the others. */
  retain(all: readonly NodeInfo[]): void {
    this.pods.retain(all);
  }
}

function podsWithAffinity(node: NodeInfo): NodeAffinityPods {
  const entry: NodeAffinityPods = { generation: node.generation, withAffinity: [], withRequiredAntiAffinity: [] };
  for (const { pod } of node.pods.values()) {
    const a = pod.spec?.affinity;
    if (!a?.podAffinity && !a?.podAntiAffinity) continue;
    const p = { pod, terms: termsOf(pod) };
    entry.withAffinity.push(p);
    if (a.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length) entry.withRequiredAntiAffinity.push(p);
  }
  return entry;
}

/**
 * topologyToMatchedTermCount: counts per (topologyKey, value), nested by key so that no pair strings are built
 * per node; a pair whose count reaches 0 goes.
 */
export class TopologyPairCounts {
  private readonly byKey = new Map<string, Map<string, number>>();
  private pairs = 0;

  /** The number of pairs with a count. */
  get size(): number { return this.pairs; }

  /** Add to the node's pair for the key (nothing when the node lacks the key). */
  add(labels: NodeLabels, topologyKey: string, delta: number): void {
    const value = labels.get(topologyKey);
    if (value !== undefined) this.addValue(topologyKey, value, delta);
  }

  addValue(topologyKey: string, value: string, delta: number): void {
    let values = this.byKey.get(topologyKey);
    if (!values) this.byKey.set(topologyKey, (values = new Map()));
    const old = values.get(value);
    const n = (old ?? 0) + delta;
    if (n !== 0) {
      if (old === undefined) this.pairs++;
      values.set(value, n);
    } else if (old !== undefined) {
      this.pairs--;
      values.delete(value);
      if (!values.size) this.byKey.delete(topologyKey);
    }
  }

  /** The count of the node's pair for the key, or undefined when the node lacks the key. */
  get(labels: NodeLabels, topologyKey: string): number | undefined {
    const value = labels.get(topologyKey);
    return value === undefined ? undefined : (this.byKey.get(topologyKey)?.get(value) ?? 0);
  }

  /** Whether any of the node's (label, value) pairs has a positive count. */
  anyPositive(labels: NodeLabels): boolean {
    for (const [key, values] of this.byKey) {
      const value = labels.get(key);
      if (value !== undefined && (values.get(value) ?? 0) > 0) return true;
    }
    return false;
  }

  clone(): TopologyPairCounts {
    const c = new TopologyPairCounts();
    for (const [key, values] of this.byKey) c.byKey.set(key, new Map(values));
    c.pairs = this.pairs;
    return c;
  }
}
