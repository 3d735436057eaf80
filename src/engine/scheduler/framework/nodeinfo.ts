// NodeInfo: a node with the pods on it and their summed requests, as the scheduler cache keeps it.
import type { Node, Pod, Taint } from 'kubernetes-types/core/v1';
import { podRequests, resourceAmount, type PodRequests } from '../../api/pod.ts';
import type { NodeColumns } from './nodecolumns.ts';
import { NodeLabelMap } from './nodelabels.ts';

const NO_LABELS: ReadonlyMap<string, string> = new Map();
const NO_PODS: readonly PodInfo[] = [];
/** Untainted nodes share one empty list: the taint filters read its length on every node, and one list stays in the cache. */
const NO_TAINTS: readonly Taint[] = [];
const orNone = (taints: Taint[]): readonly Taint[] => (taints.length ? taints : NO_TAINTS);

/** Requests that count for scoring: containers without requests count as 100m cpu and 200Mi memory. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export interface PodInfo {
  pod: Pod;
  requests: PodRequests;
  /** requests.cpu and requests.memory as fields (upstream's Resource.MilliCPU and Memory) for the per-node loops. */
  milliCPU: number;
  memory: number;
  /** The other non-zero requests (ephemeral-storage, extended resources) as a list, for the filter's hot loop. */
  otherRequests: [string, number][];
  nonZero: { cpu: number; memory: number };
  hostPorts: string[];
}

/** A PodInfo's sums, which depend on the pod's containers, init containers and overhead only. */
type PodSums = Omit<PodInfo, 'pod'>;

/**
 * The sums of the last pod seen with these (interned, frozen) containers, with the init containers and overhead
 * they were made with: the pods of one template share their containers, so they are summed once.
 */
const sumsByContainers = new WeakMap<object, { initContainers: unknown; overhead: unknown; sums: PodSums }>();

/**
 * The pod's PodInfo; a PodInfo of an earlier version of the pod, or of another pod, with the same containers,
 * init containers and overhead (binding changes only spec.nodeName and the status, sharing the rest) lends its
 * sums, which nobody changes.
 */
export function podInfoOf(pod: Pod, earlier?: PodInfo): PodInfo {
  if (earlier && sameSums(earlier.pod, pod)) return withPod(earlier, pod);
  const spec = pod.spec;
  const containers = spec?.containers;
  const known = containers && sumsByContainers.get(containers);
  if (known && known.initContainers === spec?.initContainers && known.overhead === spec?.overhead) return withPod(known.sums, pod);
  const sums = podSums(pod);
  // Only stored (frozen) containers: a caller's own object may change under the same identity.
  if (containers && Object.isFrozen(containers)) sumsByContainers.set(containers, { initContainers: spec?.initContainers, overhead: spec?.overhead, sums });
  return withPod(sums, pod);
}

/** Whether the two versions of a pod share what its sums are made of (binding and status writes share the spec's parts). */
function sameSums(a: Pod, b: Pod): boolean {
  const s = a.spec, t = b.spec;
  return !!s && s.containers === t?.containers && s.initContainers === t?.initContainers && s.overhead === t?.overhead;
}

function withPod(s: PodSums, pod: Pod): PodInfo {
  return { pod, requests: s.requests, milliCPU: s.milliCPU, memory: s.memory, otherRequests: s.otherRequests, nonZero: s.nonZero, hostPorts: s.hostPorts };
}

function podSums(pod: Pod): PodSums {
  const requests = podRequests(pod);
  let cpu = 0, memory = 0;
  for (const c of pod.spec?.containers ?? []) {
    const r = (c.resources?.requests ?? {}) as Record<string, string>;
    cpu += r.cpu !== undefined ? resourceAmount('cpu', r.cpu) : DEFAULT_MILLI_CPU_REQUEST;
    memory += r.memory !== undefined ? resourceAmount('memory', r.memory) : DEFAULT_MEMORY_REQUEST;
  }
  const hostPorts: string[] = [];
  for (const c of pod.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.hostPort) hostPorts.push(`${p.protocol ?? 'TCP'}/${p.hostIP ?? '0.0.0.0'}/${p.hostPort}`);
  const otherRequests = Object.entries(requests).filter(([k, v]) => v !== 0 && k !== 'cpu' && k !== 'memory');
  return { requests, milliCPU: requests.cpu ?? 0, memory: requests.memory ?? 0, otherRequests, nonZero: { cpu, memory }, hostPorts };
}

/** Whether the pod has pod affinity or anti-affinity terms. */
export function hasAffinity(pod: Pod): boolean {
  const a = pod.spec?.affinity;
  return !!(a?.podAffinity || a?.podAntiAffinity);
}

export class NodeInfo {
  // The fields Filter and Score read for every node come first and as plain numbers (upstream's Resource
  // struct: MilliCPU, Memory, AllowedPodNumber), so that a node costs one or two cache lines, not a walk
  // through records.
  allocatableMilliCPU = 0;
  allocatableMemory = 0;
  allowedPodNumber = 0;
  /** pods.size, beside the other numbers. */
  podCount = 0;
  requestedMilliCPU = 0;
  requestedMemory = 0;
  /** Requests that count for scoring (DEFAULT_MILLI_CPU_REQUEST / DEFAULT_MEMORY_REQUEST for containers without). */
  nonZeroMilliCPU = 0;
  nonZeroMemory = 0;
  /** spec.unschedulable (NodeUnschedulable). */
  unschedulable = false;
  /** The node's NoSchedule and NoExecute taints (TaintToleration's Filter). */
  noScheduleTaints: readonly Taint[] = [];
  /** The node's PreferNoSchedule taints (TaintToleration's Score reads them for every feasible node). */
  preferNoScheduleTaints: readonly Taint[] = [];
  readonly pods = new Map<string, PodInfo>(); // by pod uid
  /**
   * The pods with pod affinity or anti-affinity terms, in the order of `pods` (upstream's PodsWithAffinity, kept
   * by AddPod and RemovePod): InterPodAffinity reads these instead of every pod of a node that changed.
   */
  readonly podsWithAffinity: PodInfo[] = [];
  /** Sum of the pods' requests: cpu in millicores, others in units. */
  readonly requested: Record<string, number> = {};
  allocatable: Record<string, number> = {};
  /** Bumped on every change, so snapshots copy only what changed. */
  generation = 0;
  /**
   * Bumped as generation, except when a pod comes again with the same labels, namespace, deletion and affinity
   * (its binding confirmed, a status update: 4 of 5 pod changes) and when the node comes again with the same
   * labels and taints (a status update): counts of the pods that a selector or an affinity term selects
   * here, and the node's domains, hold while it holds.
   */
  selectorGeneration = 0;
  /**
   * Where the scheduler cache's node list holds this node (−1: not in it); stale once the node leaves the
   * list, so readers check list[position] === node. Per-node reads by position need no hash lookup.
   */
  position = -1;
  /** The node list's columns, whose row at `position` this node keeps current (none for copies and placeholders). */
  columns: NodeColumns | undefined;
  /** The node list's change log, where this node records its changes at `position` (none for copies and placeholders). */
  log: NodeChangeLog | undefined;
  name = '';
  /** The node's labels as a Map: keyed reads of the stored (frozen) label objects cost several times more. */
  labels: ReadonlyMap<string, string> = NO_LABELS;
  /** node.status.images by name → size, for ImageLocality. */
  imageSizes = new Map<string, number>();

  constructor(public node: Node) {
    this.setNode(node);
  }

  setNode(node: Node): void {
    const selectionChanged = !sameNodeSelection(this.node, node);
    if (selectionChanged) this.selectorGeneration++;
    this.node = node;
    const alloc: Record<string, number> = {};
    for (const [k, v] of Object.entries((node.status?.allocatable ?? {}) as Record<string, string>)) alloc[k] = resourceAmount(k, v);
    this.allocatable = alloc;
    this.allocatableMilliCPU = alloc.cpu ?? 0;
    this.allocatableMemory = alloc.memory ?? 0;
    this.allowedPodNumber = alloc.pods ?? 0;
    this.unschedulable = !!node.spec?.unschedulable;
    this.name = node.metadata?.name ?? '';
    this.labels = new NodeLabelMap(node.metadata?.labels ?? {});
    this.imageSizes = new Map();
    for (const img of node.status?.images ?? []) for (const n of img.names ?? []) this.imageSizes.set(n, img.sizeBytes ?? 0);
    const taints = node.spec?.taints ?? [];
    this.noScheduleTaints = orNone(taints.filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'));
    this.preferNoScheduleTaints = orNone(taints.filter((t) => t.effect === 'PreferNoSchedule'));
    this.generation++;
    this.columns?.write(this.position, this);
    this.log?.record(this.position, this.selectorGeneration);
    if (selectionChanged) this.log?.nodeChanged(this.position);
  }

  addPod(info: PodInfo): void {
    const uid = info.pod.metadata!.uid!;
    const old = this.pods.get(uid);
    if (old && old.requests === info.requests && old.nonZero === info.nonZero) {
      // The same pod again with the sums it lent (an assumed pod's binding confirmed, a status update): the sums
      // stay; the pod moves to the end, as a removal and an addition would move it.
      this.pods.delete(uid);
      this.pods.set(uid, info);
      this.trackAffinity(old, -1);
      this.trackAffinity(info, 1);
      this.generation++;
      if (sameSelection(old.pod, info.pod)) this.log?.record(this.position, this.selectorGeneration);
      else {
        this.podMoved(old.pod, -1);
        this.podMoved(info.pod, 1);
      }
      return;
    }
    if (old) this.removePod(uid);
    this.pods.set(uid, info);
    this.count(info, 1);
  }

  /**
   * A new version of a pod the node has, when nothing that the node derives from the pod changed: its sums
   * (sameSums) and what selectors and affinity terms see (sameSelection): an assumed pod's binding confirmed, a
   * status write (4 of 5 pod changes). The pod's PodInfo takes the new version in place, so that the lists of
   * PodInfos (podsWithAffinity) hold it already; the rest is addPod's same-pod path. False, changing nothing,
   * when that is not the case.
   */
  updatePod(pod: Pod): boolean {
    const uid = pod.metadata!.uid!;
    const info = this.pods.get(uid);
    if (!info || !sameSums(info.pod, pod) || !sameSelection(info.pod, pod)) return false;
    this.pods.delete(uid);
    this.pods.set(uid, info);
    info.pod = pod;
    // Its place among the pods with affinity follows its place among the pods (the end).
    if (this.podsWithAffinity.length && hasAffinity(pod)) {
      this.trackAffinity(info, -1);
      this.trackAffinity(info, 1);
    }
    this.generation++;
    this.log?.record(this.position, this.selectorGeneration);
    return true;
  }

  /**
   * The lowest spec.priority among the node's pods (Infinity without pods), kept until the node next changes:
   * preemption's dry run asks it of every node for every failed pod, most often of nodes with no victim.
   */
  lowestPodPriority(): number {
    if (this.lowestAt !== this.generation) {
      let lowest = Infinity;
      for (const info of this.pods.values()) lowest = Math.min(lowest, info.pod.spec?.priority ?? 0);
      this.lowest = lowest;
      this.lowestAt = this.generation;
    }
    return this.lowest;
  }

  private lowest = Infinity;
  private lowestAt = -1;

  /**
   * The node's pods labelled key=value, in the order of `pods`. Looked up when asked: an index kept per node and
   * label cost every pod change more than the counts that asked it, which now mostly follow pods as they move
   * (NodeChangeLog.watch) and ask only when a question or the node list is new.
   */
  podsLabelled(key: string, value: string): readonly PodInfo[] {
    let out: PodInfo[] | undefined;
    for (const info of this.pods.values()) if (info.pod.metadata?.labels?.[key] === value) (out ??= []).push(info);
    return out ?? NO_PODS;
  }

  /** NodeInfo.Snapshot: a copy that a dry run may change. */
  clone(): NodeInfo {
    const copy = new NodeInfo(this.node);
    for (const info of this.pods.values()) copy.addPod(info);
    return copy;
  }

  removePod(uid: string): void {
    const info = this.pods.get(uid);
    if (!info) return;
    this.pods.delete(uid);
    this.count(info, -1);
  }

  private count(info: PodInfo, sign: 1 | -1): void {
    this.trackAffinity(info, sign);
    for (const k in info.requests) this.requested[k] = (this.requested[k] ?? 0) + sign * info.requests[k];
    this.podCount += sign;
    this.requestedMilliCPU += sign * info.milliCPU;
    this.requestedMemory += sign * info.memory;
    this.nonZeroMilliCPU += sign * info.nonZero.cpu;
    this.nonZeroMemory += sign * info.nonZero.memory;
    this.generation++;
    this.columns?.write(this.position, this);
    this.podMoved(info.pod, sign);
  }

  /** A pod that selectors see came (1) or went (−1): one selectorGeneration step and one log entry each. */
  private podMoved(pod: Pod, sign: 1 | -1): void {
    this.selectorGeneration++;
    this.log?.record(this.position, this.selectorGeneration, selectionOf(pod), sign);
  }

  private trackAffinity(info: PodInfo, sign: 1 | -1): void {
    if (!hasAffinity(info.pod)) return;
    if (sign === 1) this.podsWithAffinity.push(info);
    else this.podsWithAffinity.splice(this.podsWithAffinity.indexOf(info), 1);
  }
}

/**
 * The last selection view made per (stored, frozen) labels object: the pods of a template share it, and the
 * change log then holds one small object per template instead of keeping every pod version it names alive.
 */
const selections = new WeakMap<object, Pod>();

/**
 * What selectors see of a pod (namespace, labels, whether its deletion began), as a pod for PodQuestion.matches,
 * which reads only those.
 */
export function selectionOf(pod: Pod): Pod {
  const m = pod.metadata;
  const labels = m?.labels;
  if (m?.deletionTimestamp || !labels || !Object.isFrozen(labels)) return { metadata: { namespace: m?.namespace, labels, deletionTimestamp: m?.deletionTimestamp } };
  const known = selections.get(labels);
  if (known && known.metadata?.namespace === m.namespace) return known;
  const view = { metadata: { namespace: m.namespace, labels } };
  selections.set(labels, view);
  return view;
}

/** Whether selectors and affinity terms see the two versions of a pod alike (stored versions share these objects). */
function sameSelection(a: Pod, b: Pod): boolean {
  const m = a.metadata, n = b.metadata;
  return m?.labels === n?.labels && m?.namespace === n?.namespace && m?.deletionTimestamp === n?.deletionTimestamp && a.spec?.affinity === b.spec?.affinity;
}

/** Whether node selectors, node affinity and taint policies see the two versions of a node (one name) alike. */
function sameNodeSelection(a: Node, b: Node): boolean {
  return a.metadata?.labels === b.metadata?.labels && a.spec?.taints === b.spec?.taints;
}

/** The cycle's PodInfo, computed once per scheduling cycle (kept in the state's field) and shared by plugins. */
export function cyclePodInfo(state: { podInfo?: PodInfo }, pod: Pod): PodInfo {
  if (state.podInfo?.pod === pod) return state.podInfo;
  return (state.podInfo = podInfoOf(pod));
}

/** A reader that is told at once of every pod with its label that comes to or goes from a node of the list. */
export interface PodWatcher {
  /** The pod (what selectors see of it: selectionOf) came (1) to or went (−1) from the node at position i. */
  podMoved(i: number, pod: Pod, sign: 1 | -1): void;
}

/**
 * Which positions of a node list changed, in order (upstream's generation-ordered node list that
 * UpdateSnapshot walks): a reader keeps a cursor and visits only what changed since, instead of every node.
 * Each entry also says what selectors see of the change: the node's selectorGeneration after it, and the pod
 * that came or went when that was the change, so that counts of matching pods follow by ±1 instead of a recount.
 *
 * Readers that count the pods of one label (an owner's spreading counts) are told of those pods at once
 * (watch) and follow only the nodes' own changes (nodeAt): with many owners taking turns, an owner's counts
 * would otherwise walk every change of the others since its last cycle, or recount every node once the ring
 * no longer reaches back.
 */
export class NodeChangeLog {
  // A ring of the newest `capacity` entries: recording allocates nothing.
  private readonly positions: Int32Array;
  private readonly generations: Float64Array;
  private readonly pods: (Pod | undefined)[];
  private readonly signs: Int8Array;
  /** The cursor after the newest entry. */
  end = 0;
  /** A ring of the positions whose node changed what selectors see of the node itself (labels, taints). */
  private readonly nodePositions: Int32Array;
  /** The cursor after the newest of those. */
  nodesEnd = 0;
  /** The watchers by label key and value. */
  private readonly watchers = new Map<string, Map<string, PodWatcher[]>>();
  /** The list's pods per label key and value, from the first labelledPods on. */
  private census: Map<string, Map<string, number>> | undefined;

  constructor(private readonly capacity: number) {
    this.positions = new Int32Array(capacity);
    this.generations = new Float64Array(capacity);
    this.pods = new Array<Pod | undefined>(capacity).fill(undefined);
    this.signs = new Int8Array(capacity);
    this.nodePositions = new Int32Array(capacity);
  }

  /** A change of the node at the position; with a pod, the pod came (sign 1) or went (−1) and nothing else changed. */
  record(position: number, selectorGeneration: number, pod?: Pod, sign = 0): void {
    const k = this.end++ % this.capacity;
    this.positions[k] = position;
    this.generations[k] = selectorGeneration;
    this.pods[k] = pod;
    this.signs[k] = sign;
    if (pod === undefined) return;
    if (this.census) this.tally(pod, sign);
    if (this.watchers.size) this.tell(position, pod, sign as 1 | -1);
  }

  /**
   * How many pods of the log's list (`all`, read at the first ask) carry the label: a question of a label no pod
   * carries (an owner's first cycle) counts 0 on every node without looking at any.
   */
  labelledPods(all: readonly NodeInfo[], [key, value]: readonly [string, string]): number {
    if (!this.census) {
      this.census = new Map();
      for (const node of all) for (const info of node.pods.values()) this.tally(info.pod, 1);
    }
    return this.census.get(key)?.get(value) ?? 0;
  }

  private tally(pod: Pod, sign: number): void {
    const labels = pod.metadata?.labels;
    for (const k in labels) {
      let byValue = this.census!.get(k);
      if (!byValue) this.census!.set(k, (byValue = new Map()));
      const n = (byValue.get(labels[k]) ?? 0) + sign;
      if (n) byValue.set(labels[k], n);
      else byValue.delete(labels[k]);
    }
  }

  /** What selectors see of the node at the position itself changed (its labels or taints), besides record. */
  nodeChanged(position: number): void {
    this.nodePositions[this.nodesEnd++ % this.capacity] = position;
  }

  /** Whether the ring of the nodes' own changes still reaches back to the cursor. */
  nodesReach(cursor: number): boolean { return cursor >= this.nodesEnd - this.capacity; }
  /** The position whose node changed itself at the cursor. */
  nodeAt(cursor: number): number { return this.nodePositions[cursor % this.capacity]; }

  /** From now on, tell the watcher of every pod labelled key=value that comes or goes. */
  watch([key, value]: readonly [string, string], watcher: PodWatcher): void {
    let byValue = this.watchers.get(key);
    if (!byValue) this.watchers.set(key, (byValue = new Map()));
    const list = byValue.get(value);
    if (list) list.push(watcher);
    else byValue.set(value, [watcher]);
  }

  unwatch([key, value]: readonly [string, string], watcher: PodWatcher): void {
    const byValue = this.watchers.get(key);
    const list = byValue?.get(value);
    if (!list?.includes(watcher)) return;
    if (list.length > 1) list.splice(list.indexOf(watcher), 1);
    else if (byValue!.size > 1) byValue!.delete(value);
    else this.watchers.delete(key);
  }

  private tell(position: number, pod: Pod, sign: 1 | -1): void {
    const labels = pod.metadata?.labels;
    for (const k in labels) {
      const list = this.watchers.get(k)?.get(labels[k]);
      if (list) for (let j = 0; j < list.length; j++) list[j].podMoved(position, pod, sign);
    }
  }

  /** Whether the log still reaches back to the cursor: at(c) for cursor ≤ c < end are the positions changed since. */
  reaches(cursor: number): boolean { return cursor >= this.end - this.capacity; }

  /** The position changed at the cursor (repeats possible); read in place, as every scan of every question does. */
  at(cursor: number): number { return this.positions[cursor % this.capacity]; }
  /** The node's selectorGeneration after the change at the cursor. */
  generationAt(cursor: number): number { return this.generations[cursor % this.capacity]; }
  /** The pod that came or went at the cursor (undefined: the node or something selectors do not see changed). */
  podAt(cursor: number): Pod | undefined { return this.pods[cursor % this.capacity]; }
  /** 1: the pod came; −1: it went. */
  signAt(cursor: number): 1 | -1 { return this.signs[cursor % this.capacity] as 1 | -1; }
}

const logs = new WeakMap<readonly NodeInfo[], NodeChangeLog>();

/** The owner of a node list (the scheduler cache) records its changes here. */
export function setNodeListLog(list: readonly NodeInfo[], log: NodeChangeLog): void { logs.set(list, log); }
export function nodeListLog(list: readonly NodeInfo[]): NodeChangeLog | undefined { return logs.get(list); }
