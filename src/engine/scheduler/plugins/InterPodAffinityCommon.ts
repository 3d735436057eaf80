// InterPodAffinity, the parts filtering and scoring share (framework.AffinityTerm and PodInfo in
// framework/types.go, plugin.go): parsed (anti-)affinity terms with their namespaces, the merge of namespace
// selectors into namespaces, and a per-node index of the pods that have affinity terms.
import type { Namespace, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1';
import type { LabelSelector, LabelSelectorRequirement } from 'kubernetes-types/meta/v1';
import { LabelSelectorError, nothing, selectorFromLabelSelector, type Selector } from '../../api/labels.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import type { ObjectReader } from './PodTopologySpreadCommon.ts';
import { NodeChanges, NodeData, requiredLabel, selectorKey, type NodeLabels, type NodeVisitor, type PodQuestion } from './PodTopologySpreadCounts.ts';

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
  return { key: `one:${t.key}`, matches: termSelects(t), label: requiredLabel(t.selector) };
}

/** The pods the term selects; a module function, as PodTopologySpread's liveSelected (no renamed closure per cycle). */
function termSelects(t: AffinityTerm): (p: Pod) => boolean {
  return (p) => termMatches(t, p, undefined);
}

export interface PodWithTerms { pod: Pod; terms: PodAffinityTerms }

/** An existing pod's term that scores (its required affinity at hardPodAffinityWeight, or a preferred term). */
export interface ExistingScoringTerm { term: AffinityTerm; kind: 'hard' | 'preferred' | 'preferredAnti'; weight: number; key: string }

interface NodeAffinityPods {
  generation: number;
  withAffinity: PodWithTerms[];
  withRequiredAntiAffinity: PodWithTerms[];
  /** How many of the node's pods carry each required anti-affinity term, and each scoring term (by key). */
  requiredAntiTerms: ReadonlyMap<string, number>;
  scoringTerms: ReadonlyMap<string, number>;
}

/** The term counts of a node without pods that have affinity terms (most nodes): shared, never written. */
const NO_TERM_COUNTS: ReadonlyMap<string, number> = new Map();
const NO_PODS: PodWithTerms[] = [];
/** The entry of every node without pods that have affinity terms. */
const NO_AFFINITY_PODS: NodeAffinityPods = { generation: -1, withAffinity: NO_PODS, withRequiredAntiAffinity: NO_PODS, requiredAntiTerms: NO_TERM_COUNTS, scoringTerms: NO_TERM_COUNTS };

/** Distinct terms of the existing pods by key, with how many pods carry each. */
class TermRegistry<T extends { key: string }> {
  private readonly entries = new Map<string, { term: T; pods: number }>();

  add(term: T, delta: number): void {
    const e = this.entries.get(term.key);
    if (!e) {
      if (delta > 0) this.entries.set(term.key, { term, pods: delta });
      return;
    }
    // Counted in place: a node's pods are uncounted and counted again at every change of the node.
    e.pods += delta;
    if (e.pods <= 0) this.entries.delete(term.key);
  }

  *terms(): Iterable<T> {
    for (const e of this.entries.values()) yield e.term;
  }

  get size(): number { return this.entries.size; }
}

/**
 * NodeInfo.PodsWithAffinity and PodsWithRequiredAntiAffinity, rebuilt only when the node changes, and the
 * distinct terms of those pods over the whole node list, kept as nodes change: a cycle visits a handful of
 * distinct terms (the pods of one owner share theirs) instead of every pod with affinity in the cluster.
 */
export class AffinityPodIndex implements NodeVisitor {
  private readonly pods = new NodeData((node) => podsWithAffinity(node), (node, d) => d.generation === node.generation);
  private readonly changes = new NodeChanges();
  /** Per list position, the node's entry that the registries count. */
  private readonly counted: (NodeAffinityPods | undefined)[] = [];
  private readonly requiredAnti = new TermRegistry<AffinityTerm>();
  private readonly scoring = new TermRegistry<ExistingScoringTerm>();

  /** Bring the registries up to the node list. */
  sync(all: readonly NodeInfo[]): void {
    this.changes.scan(all, this);
    if (this.counted.length > all.length) this.counted.length = all.length;
  }

  /** NodeVisitor: the node's entry counted anew. */
  changed(i: number, node: NodeInfo): void {
    this.uncount(i);
    const entry = this.of(node);
    if (!entry.withAffinity.length) return;
    this.counted[i] = entry;
    this.count(entry, 1);
  }

  dropped(i: number): void { this.uncount(i); }

  /** The existing pods' distinct required anti-affinity terms (after sync). */
  requiredAntiAffinityTerms(): Iterable<AffinityTerm> { return this.requiredAnti.terms(); }
  /** Whether any existing pod has a required anti-affinity term (after sync). */
  hasRequiredAntiAffinity(): boolean { return this.requiredAnti.size > 0; }
  /** Whether any existing pod has a scoring term (after sync). */
  hasScoringTerms(): boolean { return this.scoring.size > 0; }
  /** The existing pods' distinct scoring terms (after sync). */
  scoringTerms(): Iterable<ExistingScoringTerm> { return this.scoring.terms(); }

  of(node: NodeInfo): NodeAffinityPods {
    // Most nodes have no pod with affinity terms: they share one entry and keep none of their own.
    return node.podsWithAffinity.length ? this.pods.of(node) : NO_AFFINITY_PODS;
  }

  /** At the start of a cycle, with the cycle's nodes: forget the others. */
  retain(all: readonly NodeInfo[]): void {
    this.pods.retain(all);
  }

  private uncount(i: number): void {
    const entry = this.counted[i];
    if (!entry) return;
    this.counted[i] = undefined;
    this.count(entry, -1);
  }

  private count(entry: NodeAffinityPods, sign: 1 | -1): void {
    for (const { terms } of entry.withRequiredAntiAffinity) for (const t of terms.requiredAntiAffinity) this.requiredAnti.add(t, sign);
    for (const { terms } of entry.withAffinity) for (const t of scoringTermsOf(terms)) this.scoring.add(t, sign);
  }
}

const scoringTerms = new WeakMap<PodAffinityTerms, ExistingScoringTerm[]>();

/** A pod's terms that score for other pods, each named by kind, weight and term. */
function scoringTermsOf(terms: PodAffinityTerms): ExistingScoringTerm[] {
  let out = scoringTerms.get(terms);
  if (!out) {
    out = [
      ...terms.requiredAffinity.map((term) => ({ term, kind: 'hard' as const, weight: 0, key: `hard|${term.key}` })),
      ...terms.preferredAffinity.map(({ term, weight }) => ({ term, kind: 'preferred' as const, weight, key: `preferred|${weight}|${term.key}` })),
      ...terms.preferredAntiAffinity.map(({ term, weight }) => ({ term, kind: 'preferredAnti' as const, weight, key: `preferredAnti|${weight}|${term.key}` })),
    ];
    scoringTerms.set(terms, out);
  }
  return out;
}

function podsWithAffinity(node: NodeInfo): NodeAffinityPods {
  const withAffinity: PodWithTerms[] = [], withRequiredAntiAffinity: PodWithTerms[] = [];
  const requiredAntiTerms = new Map<string, number>(), scoringTerms = new Map<string, number>();
  for (const { pod } of node.podsWithAffinity) {
    const p = { pod, terms: termsOf(pod) };
    withAffinity.push(p);
    for (const t of scoringTermsOf(p.terms)) scoringTerms.set(t.key, (scoringTerms.get(t.key) ?? 0) + 1);
    if (!pod.spec!.affinity!.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length) continue;
    withRequiredAntiAffinity.push(p);
    for (const t of p.terms.requiredAntiAffinity) requiredAntiTerms.set(t.key, (requiredAntiTerms.get(t.key) ?? 0) + 1);
  }
  return { generation: node.generation, withAffinity, withRequiredAntiAffinity, requiredAntiTerms, scoringTerms };
}

/**
 * topologyToMatchedTermCount: counts per (topologyKey, value). Most of them are borrowed, read-only, from the
 * cross-cycle domain counts (nothing is copied per cycle); changes (preemption's AddPod/RemovePod) go to an
 * own layer on top. Counts are never negative, so a positive total means some pair has a count.
 */
export class TopologyPairCounts {
  private readonly borrowed: { topologyKey: string; counts: ReadonlyMap<string, number> }[] = [];
  private readonly own = new Map<string, Map<string, number>>();
  private total = 0;

  /** Whether any pair has a count. */
  hasAny(): boolean { return this.total > 0; }

  /** Count a cross-cycle domain count map (value → count) for the key, without copying it. */
  borrow(topologyKey: string, counts: ReadonlyMap<string, number>, total: number): void {
    if (!total) return;
    this.borrowed.push({ topologyKey, counts });
    this.total += total;
  }

  /** Add to the node's pair for the key (nothing when the node lacks the key). */
  add(labels: NodeLabels, topologyKey: string, delta: number): void {
    const value = labels.get(topologyKey);
    if (value !== undefined) this.addValue(topologyKey, value, delta);
  }

  addValue(topologyKey: string, value: string, delta: number): void {
    let values = this.own.get(topologyKey);
    if (!values) this.own.set(topologyKey, (values = new Map()));
    values.set(value, (values.get(value) ?? 0) + delta);
    this.total += delta;
  }

  /** The count of the node's pair for the key, or undefined when the node lacks the key. */
  get(labels: NodeLabels, topologyKey: string): number | undefined {
    const value = labels.get(topologyKey);
    return value === undefined ? undefined : this.valueCount(topologyKey, value);
  }

  /** Whether any of the node's (label, value) pairs has a positive count. */
  anyPositive(labels: NodeLabels): boolean {
    if (!this.total) return false;
    for (let i = 0; i < this.borrowed.length; i++) if (this.positiveAt(labels, this.borrowed[i].topologyKey)) return true;
    for (const topologyKey of this.own.keys()) if (this.positiveAt(labels, topologyKey)) return true;
    return false;
  }

  clone(): TopologyPairCounts {
    const c = new TopologyPairCounts();
    c.borrowed.push(...this.borrowed);
    for (const [key, values] of this.own) c.own.set(key, new Map(values));
    c.total = this.total;
    return c;
  }

  private positiveAt(labels: NodeLabels, topologyKey: string): boolean {
    const value = labels.get(topologyKey);
    return value !== undefined && this.valueCount(topologyKey, value) > 0;
  }

  private valueCount(topologyKey: string, value: string): number {
    let n = this.own.size ? (this.own.get(topologyKey)?.get(value) ?? 0) : 0;
    // An indexed loop: Filter asks this of every node, often twice.
    const borrowed = this.borrowed;
    for (let i = 0; i < borrowed.length; i++) {
      const b = borrowed[i];
      if (b.topologyKey === topologyKey) n += b.counts.get(value) ?? 0;
    }
    return n;
  }
}
