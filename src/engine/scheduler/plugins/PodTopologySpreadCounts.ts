// PodTopologySpread and InterPodAffinity: what a plugin carries from cycle to cycle. Node labels as Maps,
// matching pods per node and per topology value. Upstream recounts every pod of the cluster in each cycle;
// here a cycle looks at each node once (identity and NodeInfo.selectorGeneration) and recounts only the nodes that
// changed, which keeps PreFilter and PreScore cheap at 5,000 nodes.
import type { Pod } from 'kubernetes-types/core/v1';
import type { Selector } from '../../api/labels.ts';
import { nodeListLog, type NodeChangeLog, type NodeInfo, type PodWatcher } from '../framework/nodeinfo.ts';

/**
 * A question about the pods of a node: which match, and a key that names the question for caching. With a
 * label (key, value) that every matching pod carries, only the node's pods so labelled are asked. matches reads
 * only the pod's namespace, labels and deletionTimestamp: the change log gives it those alone (selectionOf).
 */
export interface PodQuestion { key: string; matches(pod: Pod): boolean; label?: readonly [string, string] }

/** A label every pod the selector selects carries: its first equality requirement (`=`, `==`, `in` one value). */
export function requiredLabel(selector: Selector): readonly [string, string] | undefined {
  for (const r of selector.requirements()) {
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return [r.key, r.values[0]];
  }
  return undefined;
}

/** A selector's canonical text; everything and nothing both print as "", so '*' (never a label key) names everything. */
export function selectorKey(selector: Selector): string {
  return selector.empty() ? '*' : selector.toString();
}

/**
 * The question last made per selector (immutable): the pods of one owner share their default constraints, and
 * with them the selector, so each cycle need not make the question, its key and its matcher anew.
 */
const questions = new WeakMap<Selector, { namespace: string | undefined; question: PodQuestion }>();

/** countPodsMatchSelector's question: live (not terminating) pods of the namespace that the selector selects. */
export function spreadQuestion(namespace: string | undefined, selector: Selector): PodQuestion {
  const known = questions.get(selector);
  if (known !== undefined && known.namespace === namespace) return known.question;
  const question = { key: `${namespace ?? ''}\u0000${selectorKey(selector)}`, matches: liveSelected(namespace, selector), label: requiredLabel(selector) };
  questions.set(selector, { namespace, question });
  return question;
}

/**
 * The live pods of the namespace that the selector selects. A module function: under tsx (esbuild keepNames) a
 * closure written as a property value is renamed with Object.defineProperty at every creation, once per cycle.
 */
function liveSelected(namespace: string | undefined, selector: Selector): (p: Pod) => boolean {
  return (p) => !p.metadata?.deletionTimestamp && p.metadata?.namespace === namespace && selector.matches(p.metadata?.labels);
}

/**
 * Per-node data kept across cycles, remade when stale. A plain Map: WeakMaps with thousands of entries slow
 * every garbage collection down. Nodes that left the list are forgotten by retain().
 */
export class NodeData<T> {
  private readonly entries = new Map<NodeInfo, T>();

  constructor(private readonly make: (node: NodeInfo) => T, private readonly fresh: (node: NodeInfo, data: T) => boolean) {}

  of(node: NodeInfo): T {
    let d = this.entries.get(node);
    if (d === undefined || !this.fresh(node, d)) this.entries.set(node, (d = this.make(node)));
    return d;
  }

  /** Keep only the nodes of the list (preemption's node copies and removed nodes go). */
  retain(all: readonly NodeInfo[]): void {
    if (this.entries.size <= all.length) return;
    const keep = new Set(all);
    for (const node of this.entries.keys()) if (!keep.has(node)) this.entries.delete(node);
  }
}

/** A node's labels. */
export type NodeLabels = ReadonlyMap<string, string>;

/** Distinct questions remembered per node before its memo starts over. */
const MAX_QUESTIONS_PER_NODE = 32;

/**
 * Domain and node counts kept per key (a few per owner of the pods being scheduled); the least recently used go
 * first. The pods of many owners take turns in the queue (150 Deployments scaling up at once): a key that went
 * is counted anew over every node when it comes back.
 */
const MAX_DOMAIN_COUNTS = 256;

/**
 * Entries by key, the least recently used going first past MAX_DOMAIN_COUNTS (released: no longer told of
 * pods). Each use stamps its entry from a clock and an eviction looks for the oldest stamp: a use costs one
 * lookup, where moving the entry to the end of a Map (delete and set) cost three and rehashed it now and then.
 */
class Recent<T extends { release(): void }> {
  private readonly entries = new Map<string, { value: T; used: number }>();
  private clock = 0;

  /** The key's entry, made when missing (make: a module function, not a closure per call), now the most recently used. */
  of<A>(key: string, make: (arg: A) => T, arg: A): T {
    let e = this.entries.get(key);
    if (e === undefined) {
      if (this.entries.size >= MAX_DOMAIN_COUNTS) this.evict();
      this.entries.set(key, (e = { value: make(arg), used: 0 }));
    }
    e.used = ++this.clock;
    return e.value;
  }

  private evict(): void {
    let oldest: string | undefined;
    let at = Infinity;
    for (const [key, e] of this.entries) {
      if (e.used < at) { at = e.used; oldest = key; }
    }
    this.entries.get(oldest!)!.value.release();
    this.entries.delete(oldest!);
  }
}

const newDomainCounts = (watched: boolean) => new DomainCounts(watched);
const newNodeCounts = (q: PodQuestion) => new NodeCounts(q);
const newTopologyValues = (key: string) => new TopologyValues(key);
const noDomain = () => undefined;
const noShare = () => 0;

/** What a plugin keeps from cycle to cycle about the nodes. */
export class CrossCycleCache {
  private readonly podCounts = new NodeData((n) => ({ generation: n.generation, counts: new Map<string, number>() }), (n, d) => d.generation === n.generation);
  private readonly domainCounts = new Recent<DomainCounts>();
  private readonly nodeCounts = new Recent<NodeCounts>();
  private readonly topologies = new Recent<TopologyValues>();

  readonly labels = (node: NodeInfo): NodeLabels => node.labels;

  /** How many pods on the node match: among the pods with the question's label, else counted once per node change and question. */
  count(node: NodeInfo, q: PodQuestion): number {
    if (q.label) {
      let n = 0;
      for (const { pod } of node.podsLabelled(q.label[0], q.label[1])) if (q.matches(pod)) n++;
      return n;
    }
    const memo = this.podCounts.of(node).counts;
    let n = memo.get(q.key);
    if (n === undefined) {
      n = 0;
      for (const { pod } of node.pods.values()) if (q.matches(pod)) n++;
      if (memo.size >= MAX_QUESTIONS_PER_NODE) memo.clear();
      memo.set(q.key, n);
    }
    return n;
  }

  /** The domain counts named by the key (created empty). */
  domains(key: string): DomainCounts {
    return this.domainCounts.of(key, newDomainCounts, false);
  }

  /**
   * The same for counts that only get() reads: with a labelled question their matching pods are pushed to them
   * (see DomainCounts), which may leave domains in another order in `counts` than a scan would.
   */
  watchedDomains(key: string): DomainCounts {
    return this.domainCounts.of(key, newDomainCounts, true);
  }

  /** The question's matching pods on every node of the list, brought up to date. */
  nodes(all: readonly NodeInfo[], q: PodQuestion): NodeCounts {
    return this.nodeCounts.of(q.key, newNodeCounts, q).update(all, (node) => this.count(node, q));
  }

  /** The topology key's value of every node of the list, brought up to date. */
  topology(all: readonly NodeInfo[], key: string): TopologyValues {
    return this.topologies.of(key, newTopologyValues, key).update(all);
  }

  /** At the start of a cycle, with the cycle's nodes: forget the others. */
  retain(all: readonly NodeInfo[]): void {
    this.podCounts.retain(all);
  }
}

/** What NodeChanges.scan tells its owner (the owner itself: no closures per scan). */
export interface NodeVisitor {
  /** The node at position i is new or changed. */
  changed(i: number, node: NodeInfo): void;
  /** Position i is past the end of a shorter list. */
  dropped(i: number): void;
  /**
   * Selector-scanned lists only: the pod came (1) to or went (−1) from the node at position i, the only change
   * since the node was last seen. Without this, the node counts as changed.
   */
  podChanged?(i: number, node: NodeInfo, pod: Pod, sign: 1 | -1): void;
}

/**
 * What a NodeChanges follows: 'all' every change (NodeInfo.generation); 'selection' the changes that selectors
 * and affinity terms see (NodeInfo.selectorGeneration), pods that came or went included (podChanged); 'nodes'
 * only those of the nodes themselves (labels, taints), for visitors that pods do not concern or that the log
 * tells of the pods of their label at once (PodWatcher).
 */
export type Follow = 'all' | 'selection' | 'nodes';

/** Which positions of the node list hold a node that is new or changed since the last scan. */
export class NodeChanges {
  private readonly nodes: NodeInfo[] = [];
  private readonly generations: number[] = [];
  private list: readonly NodeInfo[] | undefined;
  private cursor = 0;
  /** 'nodes': the log that tells the watcher of its pods, and their label. */
  private watched: NodeChangeLog | undefined;
  private label: readonly [string, string] | undefined;

  constructor(private readonly follows: Follow = 'all') {}

  /**
   * changed(i, node) for each new or changed position; dropped(i) for positions past the end of a shorter list.
   * The scheduler cache's list logs its changes: the same list again visits only the logged positions.
   * watcher ('nodes' only): told from the first scan of a logged list on of the pods labelled `label` that come
   * to or go from its nodes; a scan then visits only the nodes that changed themselves.
   */
  scan(all: readonly NodeInfo[], visitor: NodeVisitor, watcher?: PodWatcher, label?: readonly [string, string]): void {
    const log = nodeListLog(all);
    const from = this.cursor;
    const same = log !== undefined && all === this.list;
    this.list = all;
    if (this.follows === 'nodes') {
      this.cursor = log?.nodesEnd ?? 0;
      if (same && log.nodesReach(from)) {
        for (let c = from; c < this.cursor; c++) this.visit(all, log.nodeAt(c), visitor);
        return;
      }
      // Told from now on: the pods that come and go after the visits below.
      if (watcher && label && this.watched !== log) {
        this.release(watcher);
        log?.watch(label, watcher);
        this.watched = log;
        this.label = label;
      }
    } else {
      this.cursor = log?.end ?? 0;
      if (same && log.reaches(from)) {
        for (let c = from; c < this.cursor; c++) {
          if (this.follows === 'selection') this.follow(all, log, c, visitor);
          else this.visit(all, log.at(c), visitor);
        }
        return;
      }
    }
    for (let i = 0; i < all.length; i++) this.visit(all, i, visitor);
    for (let i = all.length; i < this.nodes.length; i++) visitor.dropped(i);
    this.nodes.length = this.generations.length = all.length;
  }

  /** The watcher is told no more (its owner leaves the cache). */
  release(watcher: PodWatcher): void {
    this.watched?.unwatch(this.label!, watcher);
    this.watched = this.label = undefined;
  }

  /** The node the last scan saw at the position. */
  at(i: number): NodeInfo | undefined { return this.nodes[i]; }

  /**
   * The logged change at the cursor: skipped when the last visit saw it already (a recount sees the node as it
   * is now, later entries included); a pod that came or went goes to podChanged; anything else is the node anew.
   * Every step of a listed node's selectorGeneration is logged, so following them in order misses none.
   */
  private follow(all: readonly NodeInfo[], log: NodeChangeLog, c: number, visitor: NodeVisitor): void {
    const i = log.at(c);
    const node = all[i];
    if (this.nodes[i] === node) {
      const generation = log.generationAt(c);
      if (generation <= this.generations[i]) return;
      const pod = log.podAt(c);
      if (pod !== undefined && visitor.podChanged) {
        this.generations[i] = generation;
        visitor.podChanged(i, node, pod, log.signAt(c));
        return;
      }
    }
    this.nodes[i] = node;
    this.generations[i] = node.selectorGeneration;
    visitor.changed(i, node);
  }

  private visit(all: readonly NodeInfo[], i: number, visitor: NodeVisitor): void {
    const node = all[i];
    const generation = this.follows === 'all' ? node.generation : node.selectorGeneration;
    if (this.nodes[i] === node && this.generations[i] === generation) return;
    this.nodes[i] = node;
    this.generations[i] = generation;
    visitor.changed(i, node);
  }
}

/**
 * The matching pods summed per domain (topology value) over all nodes, for one question and one way of
 * assigning nodes to domains (both named by the cache key). A node's domain and share are recomputed only
 * when it changed. Every domain some node is in is present, with 0 when no pod matches.
 *
 * watched, with a question that has a label: the log tells the counts of the question's pods as they come and
 * go, and an update visits only the nodes that changed themselves. A domain whose only node changes goes to the
 * end of `counts` whenever that node is visited, so its order then differs from a scan's: for readers by key.
 */
export class DomainCounts implements NodeVisitor, PodWatcher {
  /** Made at the first update, which tells whether the question has a label. */
  private changes: NodeChanges | undefined;
  /** The update's ways of assigning a node to a domain and counting its share. */
  private domainOf: (node: NodeInfo) => string | undefined = noDomain;
  private share: (node: NodeInfo) => number = noShare;
  /** The question whose matching pods share counts, when it is that: pods that come and go count ±1. */
  private question: PodQuestion | undefined;
  private readonly domains: (string | undefined)[] = [];
  private readonly shares: number[] = [];
  private readonly nodesIn = new Map<string, number>();
  /** Domain → matching pods. Read-only for callers: it changes at the next update. */
  readonly counts = new Map<string, number>();
  /** The matching pods of all domains together. */
  total = 0;

  constructor(private readonly watched = false) {}

  /** question: when share counts the node's pods that it matches (the same question for the same cache key). */
  update(all: readonly NodeInfo[], domainOf: (node: NodeInfo) => string | undefined, share: (node: NodeInfo) => number, question?: PodQuestion): this {
    this.domainOf = domainOf;
    this.share = share;
    this.question = question;
    const label = this.watched ? question?.label : undefined;
    this.changes ??= new NodeChanges(label ? 'nodes' : 'selection');
    this.changes.scan(all, this, this, label);
    this.domains.length = this.shares.length = all.length;
    return this;
  }

  /** PodWatcher: a pod of the question's label came or went. */
  podMoved(i: number, pod: Pod, sign: 1 | -1): void {
    const d = this.domains[i];
    if (d === undefined || !this.question!.matches(pod)) return;
    this.shares[i] += sign;
    this.counts.set(d, this.counts.get(d)! + sign);
    this.total += sign;
  }

  release(): void { this.changes?.release(this); }

  /** NodeVisitor: the node's domain and share anew. */
  changed(i: number, node: NodeInfo): void {
    this.retract(i);
    const d = this.domainOf(node);
    this.domains[i] = d;
    if (d === undefined) return;
    const n = this.share(node);
    this.shares[i] = n;
    this.nodesIn.set(d, (this.nodesIn.get(d) ?? 0) + 1);
    this.counts.set(d, (this.counts.get(d) ?? 0) + n);
    this.total += n;
  }

  dropped(i: number): void { this.retract(i); }

  /** NodeVisitor: a matching pod adds to or takes from its node's domain; other shares are counted anew. */
  podChanged(i: number, node: NodeInfo, pod: Pod, sign: 1 | -1): void {
    if (!this.question) return this.changed(i, node);
    this.podMoved(i, pod, sign);
  }

  private retract(i: number): void {
    const d = this.domains[i];
    if (d === undefined) return;
    this.domains[i] = undefined;
    this.total -= this.shares[i];
    const left = this.nodesIn.get(d)! - 1;
    if (left === 0) {
      this.nodesIn.delete(d);
      this.counts.delete(d);
    } else {
      this.nodesIn.set(d, left);
      this.counts.set(d, this.counts.get(d)! - this.shares[i]);
    }
  }
}

/**
 * One question's matching pods per node, by list position (hostname spreading: each node is its own domain).
 * Score reads a node's count from an array; only nodes that changed since the last update are recounted. With
 * a label, the question's pods are told as they come and go (PodWatcher), and nodes are recounted only when
 * the list is new.
 */
export class NodeCounts implements NodeVisitor, PodWatcher {
  private readonly changes: NodeChanges;
  private counts = new Int32Array(0);
  private share: (node: NodeInfo) => number = noShare;
  /** During an update: no pod of the list carries the question's label, so every node counts 0. */
  private none = false;

  constructor(private readonly question: PodQuestion) {
    this.changes = new NodeChanges(question.label ? 'nodes' : 'selection');
  }

  /** share: the node's pods that the question matches. */
  update(all: readonly NodeInfo[], share: (node: NodeInfo) => number): this {
    if (this.counts.length < all.length) {
      const grown = new Int32Array(Math.max(all.length, 2 * this.counts.length));
      grown.set(this.counts);
      this.counts = grown;
    }
    this.share = share;
    const label = this.question.label;
    this.none = label !== undefined && nodeListLog(all)?.labelledPods(all, label) === 0;
    this.changes.scan(all, this, this, label);
    this.none = false;
    return this;
  }

  /** NodeVisitor: the node counted anew. */
  changed(i: number, node: NodeInfo): void { this.counts[i] = this.none ? 0 : this.share(node); }
  dropped(i: number): void { this.counts[i] = 0; }
  /** NodeVisitor: a matching pod counts ±1. */
  podChanged(i: number, _node: NodeInfo, pod: Pod, sign: 1 | -1): void { this.podMoved(i, pod, sign); }
  /** PodWatcher: a pod of the question's label counts ±1 when it matches. */
  podMoved(i: number, pod: Pod, sign: 1 | -1): void { if (this.question.matches(pod)) this.counts[i] += sign; }

  release(): void { this.changes.release(this); }

  /** The node's count: at its list position when the last update saw it there, else counted now (copies, other lists). */
  of(node: NodeInfo): number {
    const i = node.position;
    return i >= 0 && this.changes.at(i) === node ? this.counts[i] : this.share(node);
  }

  /** The node's count, by its row in the list the last update saw (−1: not in it, counted now). */
  atRow(i: number, node: NodeInfo): number { return i >= 0 ? this.counts[i] : this.share(node); }

  /** The counts by row as of the last update (atRow for rows ≥ 0), for loops that read them without a call per row. */
  get rowCounts(): Int32Array { return this.counts; }
}

/** Ids handed out past this many per listed node (values of nodes that left) start the numbering over. */
const MAX_IDS_PER_NODE = 2;

/**
 * A node's value of one topology key (its domain: zone, hostname) as a small integer per node-list row, so that
 * the per-node loops index arrays instead of asking each node's label Map; only changed nodes are looked at again.
 */
export class TopologyValues implements NodeVisitor {
  private changes = new NodeChanges('nodes');
  /** Row → id of the node's value, −1 without the label, −2 for a row no node was seen at. */
  private ids = new Int32Array(0);
  private readonly idOf = new Map<string, number>();
  /** Id → value. */
  readonly values: string[] = [];
  /** Per id, the rows with the value; the rows without the label; the ids some row has. */
  private rowsWith: number[] = [];
  private rowsWithout = 0;
  private idsInUse = 0;
  private labelled = 0;

  constructor(readonly key: string) {}

  /** Bring the rows up to the list's nodes. */
  update(all: readonly NodeInfo[]): this {
    if (this.values.length > MAX_IDS_PER_NODE * all.length + 64) {
      this.idOf.clear();
      this.values.length = 0;
      this.changes = new NodeChanges('nodes');
      this.ids.fill(-2);
      this.rowsWith = [];
      this.rowsWithout = this.idsInUse = this.labelled = 0;
    }
    if (this.ids.length < all.length) {
      const grown = new Int32Array(Math.max(all.length, 2 * this.ids.length)).fill(-2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.changes.scan(all, this);
    return this;
  }

  /** NodeVisitor: the node's value looked up anew. */
  changed(i: number, node: NodeInfo): void { this.setRow(i, this.idOfValue(node.labels.get(this.key))); }
  dropped(i: number): void { this.setRow(i, -2); }
  /** Nothing to release: pods do not move a node's value. */
  release(): void {}

  /**
   * How many domains the list's nodes are in (after update): their distinct values, a node without the label
   * being in the domain "" (upstream's map lookup).
   */
  domains(): number {
    const empty = this.idOf.get('');
    return this.idsInUse + (this.rowsWithout > 0 && (empty === undefined || !this.rowsWith[empty]) ? 1 : 0);
  }

  /** How many rows of the list (after update) have the label. */
  get labelledRows(): number { return this.labelled; }

  private setRow(i: number, id: number): void {
    this.countRow(this.ids[i], -1);
    this.ids[i] = id;
    this.countRow(id, 1);
  }

  private countRow(id: number, delta: 1 | -1): void {
    if (id === -2) return;
    if (id === -1) { this.rowsWithout += delta; return; }
    this.labelled += delta;
    const n = (this.rowsWith[id] ?? 0) + delta;
    this.rowsWith[id] = n;
    if (n === 0) this.idsInUse--;
    else if (n === 1 && delta === 1) this.idsInUse++;
  }

  /** The id of the node's value (−1 without the label): from its row when the last update saw it there, else looked up now. */
  of(node: NodeInfo): number {
    const i = node.position;
    return i >= 0 && this.changes.at(i) === node ? this.ids[i] : this.idOfValue(node.labels.get(this.key));
  }

  /** The node's id, by its row in the list the last update saw (−1: not in it, looked up now). */
  atRow(i: number, node: NodeInfo): number { return i >= 0 ? this.ids[i] : this.idOfValue(node.labels.get(this.key)); }

  /** The ids by row as of the last update (atRow for rows ≥ 0), for loops that read them without a call per row. */
  get rowIds(): Int32Array { return this.ids; }

  /** The value's id (made when new); −1 for no value. */
  idOfValue(value: string | undefined): number {
    if (value === undefined) return -1;
    let id = this.idOf.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.idOf.set(value, id);
    }
    return id;
  }
}
