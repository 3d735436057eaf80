// Plugin interfaces at the framework's extension points, in upstream order (pkg/scheduler/framework/interface.go):
// PreEnqueue, QueueSort, PreFilter (+AddPod/RemovePod extensions), Filter, PostFilter, PreScore, Score
// (+NormalizeScore), Reserve/Unreserve, Permit, PreBind, Bind, PostBind.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { NodeColumns, NodeRows } from './nodecolumns.ts';
import type { NodeInfo, PodInfo } from './nodeinfo.ts';
import type { Status } from './status.ts';
import type { WaitingPod } from './waiting.ts';

export const MAX_NODE_SCORE = 100;
export const MIN_NODE_SCORE = 0;

/** An empty plugin list that cycle states share until their first Filter call. */
const NO_FILTERS: readonly Plugin[] = [];

/**
 * Per-cycle scratch space that plugins share (PreFilter computes, Filter reads). A scheduled pod's state waits
 * for its binding cycle, so it makes nothing it does not need: most cycles write no plugin data.
 */
export class CycleState {
  private data: Map<string, unknown> | undefined;
  /**
   * Plugins whose PreFilter or PreScore returned Skip: their Filter (and PreFilter extensions) or Score is not
   * run this cycle. Bits that the framework gives its plugins.
   */
  skippedFilters = 0;
  skippedScores = 0;
  /** The framework's Filter plugins minus the skipped ones, computed at the cycle's first Filter call. */
  filters: readonly Plugin[] = NO_FILTERS;
  /** `filters` split by whether they have fitsByColumns, each in configured order. */
  columnFilters: readonly Plugin[] = NO_FILTERS;
  otherFilters: readonly Plugin[] = NO_FILTERS;
  filterRunner: unknown;
  /** The pod's PodInfo (cyclePodInfo), as a field for the per-node loops. */
  podInfo: PodInfo | undefined;
  /** The keys of `data` that extension points after host selection (Reserve … PostBind, Unreserve) read. */
  private bindingKeys: string[] | undefined;
  read<T>(key: string): T | undefined { return this.data?.get(key) as T | undefined; }
  write(key: string, value: unknown): void { (this.data ??= new Map()).set(key, value); }
  /** write, for data that the binding cycle reads too (e.g. VolumeBinding's decisions): kept by hostSelected. */
  writeForBinding(key: string, value: unknown): void {
    this.write(key, value);
    if (!this.bindingKeys?.includes(key)) (this.bindingKeys ??= []).push(key);
  }
  /**
   * The host is chosen: drop what only PreFilter … NormalizeScore read. The state lives until the pod's binding,
   * and thousands of pods are scheduled at one virtual instant before any binding runs: every cycle's spread
   * counts and score data would otherwise survive scavenges.
   */
  hostSelected(): void {
    const data = this.data;
    if (!data) return;
    const keep = this.bindingKeys;
    if (!keep) this.data = undefined;
    else for (const k of data.keys()) if (!keep.includes(k)) data.delete(k);
  }
  /** A copy for a preemption dry run: values with a clone() method (StateData.Clone) are copied, not shared. */
  clone(): CycleState {
    const c = new CycleState();
    if (this.data) for (const [k, v] of this.data) c.write(k, typeof (v as { clone?: unknown })?.clone === 'function' ? (v as { clone(): unknown }).clone() : v);
    c.bindingKeys = this.bindingKeys?.slice();
    c.skippedFilters = this.skippedFilters;
    c.skippedScores = this.skippedScores;
    c.podInfo = this.podInfo;
    return c;
  }

  /**
   * A state no cycle uses, kept for the program's life. V8 drops a class's shape (hidden class) at a full GC
   * once no instance has it, and with it the optimized code of every function that checks for it; when every
   * binding is done no cycle's state is left, and the per-cycle code would start cold at the next burst.
   */
  static readonly shapeKeeper = new CycleState();
}

/** No plugins: the unschedulablePlugins of a pod that no plugin rejected (shared, never written). */
export const NO_PLUGINS: ReadonlySet<string> = new Set();

export interface QueuedPodInfo {
  pod: Pod;
  /**
   * The pod's namespace/name (objectKey, its store key), built once when it is queued: every attempt reads the
   * pod by it and files its trace under it, and a kept string hashes once.
   */
  readonly key: string;
  timestamp: number;
  attempts: number;
  initialAttemptTimestamp: number;
  unschedulablePlugins: ReadonlySet<string>;
  /** The PreEnqueue plugin that keeps the pod out of activeQ (e.g. SchedulingGates). */
  gatedBy?: string;
}

/**
 * What plugins may reach besides their arguments: the cycle's snapshot and the cluster (framework.Handle).
 * The optional members are always there in the scheduler; a test's handle may leave them out.
 */
export interface Handle {
  /** The node snapshot of the current cycle, in iteration order. */
  nodeInfos(): NodeInfo[];
  nodeInfo(name: string): NodeInfo | undefined;
  /** How many nodes report the image in node.status.images (the snapshot's ImageStateSummary.NumNodes). */
  imageNodeCount?(image: string): number;
  now(): number;
  /** Pods held at Permit (gang scheduling allows its siblings through these). */
  waitingPods(): WaitingPod[];
  /** The running profile's plugins (PluginsRunner): preemption filters a node copy with victims removed. */
  pluginsRunner?(): PluginsRunner;
  /** The scheduler's event recorder ("Preempted" on a victim). */
  recordEvent?(obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
  /** Pods nominated to the node by preemption and not bound yet (the nominator). */
  nominatedPodsForNode?(nodeName: string): readonly PodInfo[];
  /** Activate: move these pods from backoffQ or unschedulablePods to activeQ (a gang's siblings). */
  activate?(pods: Pod[]): void;
}

/** Runs the current profile's Filter plugins and PreFilter extensions on a node that preemption changed. */
export interface PluginsRunner {
  runFilter(state: CycleState, pod: Pod, node: NodeInfo): Status;
  /** RunFilterPluginsWithNominatedPods: Filter once with the node's nominated pods of equal or higher priority, then without. */
  runFilterWithNominatedPods(state: CycleState, pod: Pod, node: NodeInfo): Status;
  runPreFilterExtensionAddPod(state: CycleState, pod: Pod, added: Pod, node: NodeInfo): void;
  runPreFilterExtensionRemovePod(state: CycleState, pod: Pod, removed: Pod, node: NodeInfo): void;
}

export interface Plugin { readonly name: string }

export interface PreEnqueuePlugin extends Plugin { preEnqueue(pod: Pod): Status }
export interface QueueSortPlugin extends Plugin { less(a: QueuedPodInfo, b: QueuedPodInfo): boolean }

/** A PreFilter may narrow the nodes worth filtering (e.g. NodeName, NodeAffinity on metadata.name). */
export interface PreFilterResult { nodeNames?: Set<string> }
export interface PreFilterPlugin extends Plugin {
  preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status; result?: PreFilterResult };
  /** PreFilterExtensions: preemption adds and removes pods on a node and asks the filters again. */
  addPod?(state: CycleState, pod: Pod, added: Pod, node: NodeInfo): void;
  removePod?(state: CycleState, pod: Pod, removed: Pod, node: NodeInfo): void;
}
export interface FilterPlugin extends Plugin {
  filter(state: CycleState, pod: Pod, node: NodeInfo): Status;
  /**
   * Optional shortcut over rows [from, to) of the node list's columns: clears fits[i − from] for each row whose
   * node it cannot vouch for; a row it leaves set is one where filter() returns Success. One tight loop per
   * plugin lets the framework pass most nodes without a call per node or a read of their NodeInfo. Returns
   * whether it vouched for every row (cleared none), so that the caller need not read fits back.
   */
  fitsByColumns?(state: CycleState, pod: Pod, columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean;
}

export interface NodeToStatus { get(node: string): Status | undefined; entries(): Iterable<[string, Status]> }
/** nominatedNodeName "" clears a nomination; victims (namespace/name) are what preemption evicted, for the trace. */
export interface PostFilterResult { nominatedNodeName?: string; victims?: string[] }
export interface PostFilterPlugin extends Plugin {
  postFilter(state: CycleState, pod: Pod, filtered: NodeToStatus): { status: Status; result?: PostFilterResult };
}

export interface PreScorePlugin extends Plugin {
  /** The scheduler gives the nodes' rows in the node list's columns too, as to scoreNodes. */
  preScore(state: CycleState, pod: Pod, nodes: NodeInfo[], rows?: NodeRows): Status;
}
export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: Pod, node: NodeInfo): number;
  /**
   * Optional batch form of score: out[i] = score of nodes[i] for every i (one call per cycle, not per node; out
   * may hold an earlier cycle's numbers). The scheduler gives the nodes' rows too, for plugins that read columns
   * instead of NodeInfo. It may return a number instead, when every node scores that number (out is then left
   * as it is): the framework fills the column and normalizes one score for all, so such a plugin's
   * NormalizeScore must turn equal scores into equal scores.
   */
  scoreNodes?(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array, rows?: NodeRows): number | void;
  /**
   * Rescale raw scores into [0, MAX_NODE_SCORE], in place: scores[i] is nodes[i]'s (upstream's NodeScoreList as a
   * column beside the nodes, so a cycle builds no record per node).
   */
  normalizeScore?(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: Float64Array): void;
}
export interface ReservePlugin extends Plugin {
  reserve(state: CycleState, pod: Pod, nodeName: string): Status;
  unreserve(state: CycleState, pod: Pod, nodeName: string): void;
}
/** Permit may approve, deny, or hold the pod (Wait) up to a timeout; gang scheduling waits here. */
export interface PermitPlugin extends Plugin { permit(state: CycleState, pod: Pod, nodeName: string): { status: Status; timeoutMs?: number } }
export interface PreBindPlugin extends Plugin { preBind(state: CycleState, pod: Pod, nodeName: string): Status }
export interface BindPlugin extends Plugin { bind(state: CycleState, pod: Pod, nodeName: string): Status }
export interface PostBindPlugin extends Plugin { postBind(state: CycleState, pod: Pod, nodeName: string): void }

/** Every extension point's interface, for type tests in the registry. */
export type AnyPlugin = Plugin & Partial<PreEnqueuePlugin & QueueSortPlugin & PreFilterPlugin & FilterPlugin & PostFilterPlugin & PreScorePlugin & ScorePlugin & ReservePlugin & PermitPlugin & PreBindPlugin & BindPlugin & PostBindPlugin>;

export interface WeightedScorePlugin { plugin: ScorePlugin; weight: number }

/** A node as the framework sees it (for plugins that only need the object). */
export type NodeObject = Node;
