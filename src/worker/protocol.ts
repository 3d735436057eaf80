// The contract between the page and the engine worker (Comlink). Types only: the page imports this file,
// the worker implements it. The page never sees Kubernetes objects wholesale, only compact view models
// computed in the worker and sent as coalesced deltas.
import type { ApplyOptions, ApplyResult, ClusterSnapshot, EditResult, EditSession, ExecResult } from '../engine/index.ts';
import type { Text as ScenarioText } from '../engine/scenario/index.ts';
export type { ScenarioText };
import type { traceForDisplay } from '../engine/scheduler/trace.ts';
import type { LoopView } from '../engine/client/loops.ts';
import type { LoopEvent, LoopStats } from '../engine/client/looptrace.ts';
export type { LoopEvent, LoopStats, LoopView };
// The data plane and GPUs as the page shows them: read a few times a second, not per frame (dataplane.ts).
import type { DataPlaneView } from './dataplane.ts';
export type { DataPlaneView };
export type { PodCIDRUsage } from './dataplane.ts';
import type { PlatformView } from './platform.ts';
export type { PlatformView };
import type { UserOperatorSource, UserOperatorView } from './operators/protocol.ts';
export type { OperatorLanguage, UserOperatorSource, UserOperatorView } from './operators/protocol.ts';
// The map's owner view (owners.ts).
import type { OwnerEdgeView, OwnerGraphQuery, OwnerGraphView, OwnerNodeView, OwnerRelation } from './owners.ts';
export type { OwnerEdgeView, OwnerGraphQuery, OwnerGraphView, OwnerNodeView, OwnerRelation };

export type { ApplyOptions, ApplyResult, ApplyDocumentResult, EditResult, EditSession, ExecResult } from '../engine/index.ts';

export type Speed = 1 | 10 | 100;
export const SPEEDS: readonly Speed[] = [1, 10, 100];

export interface PodView {
  /** "namespace/name" */
  key: string;
  namespace: string;
  name: string;
  uid: string;
  /** spec.nodeName; empty while unscheduled. */
  nodeName: string;
  /** status.phase (Pending, Running, Succeeded, Failed, Unknown). */
  phase: string;
  /** The STATUS column of `kubectl get pods` (ContainerCreating, CrashLoopBackOff, Terminating, Completed …). */
  status: string;
  /** The READY column, e.g. "1/1". */
  ready: string;
  restarts: number;
  /** The controller owner, e.g. { kind: 'ReplicaSet', name: 'web-5d8f…' }. */
  ownerKind: string;
  ownerName: string;
  /** Effective requests: cpu in millicores, memory in bytes. */
  cpuMilli: number;
  memoryBytes: number;
  /** GPU devices requested (set only when some are). */
  gpus?: number;
  podIP: string;
  /** metadata.deletionTimestamp is set. */
  terminating: boolean;
  /** metadata.creationTimestamp in virtual ms. */
  createdMs: number;
}

export interface ResourceAmounts {
  cpuMilli: number;
  memoryBytes: number;
  pods: number;
  /** GPU devices (set only when there are some). */
  gpus?: number;
}

export interface TaintView {
  key: string;
  value: string;
  effect: string;
}

export interface NodeView {
  name: string;
  ready: boolean;
  /** The Ready condition's message (its reason when it has none) while the node is not Ready. */
  notReadyMessage?: string;
  /** spec.podCIDR; absent until the IPAM controller assigns one (never, when the cluster CIDR is full). */
  podCIDR?: string;
  /** From node-role.kubernetes.io/<role> labels; empty for plain workers. */
  roles: string[];
  /** The cloud node group the machine belongs to (the cluster autoscaler resizes it). */
  nodeGroup?: string;
  /** The cluster autoscaler is draining the node to remove it (its ToBeDeletedByClusterAutoscaler taint). */
  scalingDown?: boolean;
  capacity: ResourceAmounts;
  allocatable: ResourceAmounts;
  /** Sum of requests of the non-terminal pods bound to the node (what the scheduler accounts). */
  requested: ResourceAmounts;
  labels: Record<string, string>;
  unschedulable: boolean;
  taints: TaintView[];
  createdMs: number;
}

export interface EventView {
  /** "namespace/name" of the Event object. */
  key: string;
  type: string;
  reason: string;
  /** "Pod/web-5d8f…-x7k2p" */
  object: string;
  message: string;
  count: number;
  /** lastTimestamp (or eventTime / firstTimestamp) in virtual ms. */
  lastMs: number;
}

export interface ClockView {
  /** Virtual time, ms since the Unix epoch. */
  nowMs: number;
  /** Virtual time when this cluster was created: the "T+" of the clock counts from here. */
  startMs: number;
  playing: boolean;
  speed: Speed;
  /** Set while the page views a past moment (read-only): the live cluster's time. `nowMs` is the moment shown. */
  liveMs?: number;
}

export interface Delta<T> {
  upserts: T[];
  /** Keys (pods, events) or names (nodes) removed since the previous batch. */
  deletes: string[];
}

export interface PersistView {
  /** Wall ms of the last snapshot written to IndexedDB (0: never). */
  savedAt: number;
  /** Something changed since then. */
  dirty: boolean;
}

/**
 * One message of the change feed. The first batch a subscriber receives has `reset: true` and carries the
 * whole state; later ones carry only what changed since the previous batch (coalesced: an object that was
 * added and deleted in between appears only as a deletion, one modified ten times appears once).
 */
export interface ViewBatch {
  seq: number;
  reset: boolean;
  pods: Delta<PodView>;
  nodes: Delta<NodeView>;
  events: Delta<EventView>;
  clock: ClockView;
  persist: PersistView;
}

export type BatchListener = (batch: ViewBatch) => void;

export interface InitOptions {
  /** Ignore any saved snapshot and start the default scenario. */
  fresh?: boolean;
  seed?: number;
}

/** What a fresh cluster is created with: kube-controller-manager's --cluster-cidr and --node-cidr-mask-size. */
export interface ClusterSettings {
  clusterCIDR?: string;
  nodeCIDRMaskSize?: number;
}

export interface InitResult {
  restored: boolean;
  clock: ClockView;
}

/** An object the page can open in the detail drawer. */
export interface ObjectRef {
  kind: string;
  /** Empty for cluster-scoped kinds. */
  namespace: string;
  name: string;
}

/** The drawer's text tabs: each is what a kubectl command prints. */
export type DetailTab = 'yaml' | 'describe' | 'events' | 'logs';

/** The scheduler's last decision about a pod, as `sim explain pod NAME -o json` prints it. */
export type SchedulingExplanation = ReturnType<typeof traceForDisplay>;

export interface ResourceKindView {
  kind: string;
  /** kubectl's resource name, e.g. "deployments.apps". */
  resource: string;
  namespaced: boolean;
}

export interface ResourceRowView {
  /** "namespace/name" (or the name of a cluster-scoped object). */
  key: string;
  namespace: string;
  name: string;
  createdMs: number;
  /** One cell per header, as `kubectl get` prints them. */
  cells: string[];
}

/** `kubectl get KIND -A` as data: kubectl's own columns and cells. */
export interface ResourceTableView {
  kind: string;
  headers: string[];
  rows: ResourceRowView[];
}

/** Scenarios and exercises (worker/exercise.ts): a scenario from the gallery or scenario text (from a link or file). */
export type ScenarioSource = { id: string } | { yaml: string };

export interface ScenarioSummary {
  id: string;
  title: ScenarioText;
  description: ScenarioText;
  /** Worker nodes the scenario creates. */
  nodes: number;
  manifests: number;
  /** Exercise steps (0: a scenario to watch and play with). */
  steps: number;
}

export interface GalleryItem extends ScenarioSummary {
  concept?: string;
  /** The scenario file's text. */
  source: string;
}

export interface ExerciseStepView {
  id: string;
  goal: ScenarioText;
  /** Nudge, stronger hint, solution. */
  ladder: ScenarioText[];
  checks: number;
}

export interface ExerciseView {
  summary: ScenarioSummary;
  /** The values the student's name selected. */
  variant: Record<string, string>;
  steps: ExerciseStepView[];
  /** Set-up commands that failed. */
  problems: string[];
  /** The editor documents the scenario opens. */
  documents?: { name: string; text: string }[];
}

export interface StepResultView {
  pass: boolean;
  checks: { pass: boolean; reason: ScenarioText }[];
}

// Issue 7's views (worker/history.ts, related.ts, specstatus.ts, watches.ts).
import type { SpecStatusView } from './specstatus.ts';
import type { RelatedRef } from './related.ts';
export type { SpecStatusView, RelatedRef };

/**
 * A streaming command's later output (`stream` 'err': a port-forward's stderr); null when it ended: with 'exit'
 * when it ended by itself (a port-forward whose pod went, or a killed job), without when the cluster was replaced.
 */
export type WatchListener = (text: string | null, stream?: 'err' | 'exit') => void;

/** The timeline under the header: what happened per slice of virtual time since the oldest moment kept. */
export interface TimelineView {
  fromMs: number;
  liveMs: number;
  /** The moment shown while viewing the past. */
  viewingMs?: number;
  buckets: { at: number; changes: number; events: number; warnings: number }[];
}

/** The object's previous version against the current one (the drawer's "last change"). */
export interface LastChangeView {
  at: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** A unified diff of the YAML, as `diff -u` prints it. */
  diff: string;
}

/** What the worker exposes through Comlink. Every method is async on the page's side. */
export interface EngineApi {
  init(opts?: InitOptions): InitResult | Promise<InitResult>;
  /** `files` are the editor documents by name, readable by `kubectl apply -f NAME`. */
  exec(line: string, stdin?: string, files?: Record<string, string>): ExecResult | Promise<ExecResult>;
  /** `kubectl edit …` for the editor panel: what kubectl printed, and the session whose document the editor opens. */
  editOpen(line: string, files?: Record<string, string>): EditResult | Promise<EditResult>;
  /** The editor panel saved (or cancelled: `session.document`) a pending edit: the result, and the session when it reopens. */
  editSave(session: EditSession, saved: string): EditResult | Promise<EditResult>;
  /** A server dry run (the editor's markers while typing) checks against the live cluster, also while viewing the past. */
  apply(yamlText: string, opts?: ApplyOptions): ApplyResult | Promise<ApplyResult>;
  play(speed: Speed): void | Promise<void>;
  pause(): void | Promise<void>;
  /** Run the next scheduled simulation event (pauses first). */
  step(): boolean | Promise<boolean>;
  /**
   * Throw the cluster away and start the default scenario again (keeps documents), with `settings` for its
   * node IPAM; invalid settings are refused (the error names the field) and the running cluster kept.
   */
  reset(settings?: ClusterSettings): InitResult | Promise<InitResult>;
  /** Write the snapshot now if anything changed (page hide). */
  save(): void | Promise<void>;
  /** Returns a subscription id for unsubscribe(). The first batch is a full reset. */
  subscribe(listener: BatchListener): number | Promise<number>;
  unsubscribe(id: number): void | Promise<void>;
  /** What a drawer tab shows: the output of the matching kubectl command. */
  detail(ref: ObjectRef, tab: DetailTab): ExecResult | Promise<ExecResult>;
  /** The last scheduling attempt for a pod; null when the scheduler has none. */
  explain(namespace: string, name: string): SchedulingExplanation | null | Promise<SchedulingExplanation | null>;
  /** Kinds the resource browser lists. */
  kinds(): ResourceKindView[] | Promise<ResourceKindView[]>;
  /** The flags of `kubectl create WORDS…` (its subcommand's own), for Tab completion. */
  createFlags(words: string[]): string[] | Promise<string[]>;
  /** All objects of a kind in every namespace as kubectl's table. */
  table(kind: string): ResourceTableView | Promise<ResourceTableView>;
  /** The bundled scenarios. */
  gallery(): GalleryItem[] | Promise<GalleryItem[]>;
  /** Parse and validate scenario text; rejects with every problem. */
  inspectScenario(yaml: string): ScenarioSummary | Promise<ScenarioSummary>;
  /** Replace the cluster with a scenario (a student's variant; a shared snapshot instead of set-up). */
  loadScenario(source: ScenarioSource, student?: string, snapshot?: ClusterSnapshot): ExerciseView | Promise<ExerciseView>;
  /** A scenario's exercise for a student, without touching the cluster. */
  exercise(source: ScenarioSource, student?: string): ExerciseView | Promise<ExerciseView>;
  /** Run a step's checks against the cluster. */
  checkStep(source: ScenarioSource, student: string | undefined, step: number): StepResultView | Promise<StepResultView>;
  /** The Control loops view: every controller's counters (`sim controller list -o json`). */
  loops(): LoopStats[] | Promise<LoopStats[]>;
  /** One controller's loop since `sinceSeq` (`sim controller trace NAME -o json --since SEQ`; tracing starts on the first call). */
  loopTrace(controller: string, sinceSeq: number): LoopView | Promise<LoopView>;
  /** GPUs per node, the pod network, Services with their endpoints, traffic sources and recent traffic metrics. */
  dataPlane(): DataPlaneView | Promise<DataPlaneView>;
  /** Kueue's queues, flavors and workloads (the platform view). */
  platform(): PlatformView | Promise<PlatformView>;
  /** Install (or replace) a user-written operator; its reconcile runs in its own sandbox worker. */
  installOperator(source: UserOperatorSource): UserOperatorView[] | Promise<UserOperatorView[]>;
  removeOperator(name: string): UserOperatorView[] | Promise<UserOperatorView[]>;
  /** The operator panel: each user operator's state, last error and reconcile count. */
  userOperators(): UserOperatorView[] | Promise<UserOperatorView[]>;
  /** Run a command that may stream (`kubectl get -w`, `kubectl port-forward [&]`); id 0 when it does not. Later output goes to `listener`. */
  watch(line: string, files: Record<string, string> | undefined, listener: WatchListener): { result: ExecResult; id: number } | Promise<{ result: ExecResult; id: number }>;
  stopWatch(id: number): void | Promise<void>;
  timeline(): TimelineView | Promise<TimelineView>;
  /** Show the cluster as it was at `atMs` (read-only), or the live cluster again (null). */
  viewAt(atMs: number | null): ClockView | Promise<ClockView>;
  specStatus(ref: ObjectRef): SpecStatusView | Promise<SpecStatusView>;
  related(ref: ObjectRef): RelatedRef[] | Promise<RelatedRef[]>;
  /** null when the worker saw no change to the object since the cluster was loaded. */
  lastChange(ref: ObjectRef): LastChangeView | null | Promise<LastChangeView | null>;
  /** The owner view: owners, Services, claims and volumes with what they own, select, mount or bind. */
  ownerGraph(query: OwnerGraphQuery): OwnerGraphView | Promise<OwnerGraphView>;
  /** Keys of the pods matching a label selector (kubectl -l grammar); rejects with kubectl's parse error. */
  selectPods(selector: string): string[] | Promise<string[]>;
}
