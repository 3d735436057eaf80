// The public headless API: a stable contract that outside test suites rely on (see DESIGN.md).
//   const c = createCluster({ seed: 1 });
//   c.exec('sim node add w1 --cpu 8 --memory 32Gi');
//   c.exec('kubectl apply -f -', yamlText);   // → { code, stdout, stderr }
//   c.advance(30);
import type { KubeObject } from './api/object.ts';
import { Cluster } from './cluster.ts';
import type { NodeGpuView } from './node/deviceplugin/view.ts';
import type { ServiceEndpointsView, TrafficSeries } from './network/types.ts';
import type { SourceStatus } from './network/traffic/simulator.ts';
import type { CniControl } from './simctl/cni.ts';
import { validateNodeIpam } from './scenario/validate.ts';
import type { OperatorManager } from './operators/manager.ts';
import type { KubeconfigFile } from './kubectl/kubeconfig.ts';
import type { EditSession } from './kubectl/commands/edit/session.ts';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Local files the command wrote (kubectl cp from a pod): the cluster's files now hold them; the page opens them. */
  files?: { name: string; text: string }[];
}

/** What `kubectl apply` did with each document of a multi-document YAML, for editors that mark lines. */
export interface ApplyDocumentResult {
  index: number;
  /** 1-based, inclusive lines of the document in the submitted text. */
  startLine: number;
  endLine: number;
  ok: boolean;
  /** "deployment.apps/web created", or the error as kubectl prints it. */
  message: string;
  /** The API server's warnings for the document (PodSecurity's "would violate PodSecurity ..."), when it gave any. */
  warnings?: string[];
}

/** `apply`'s options. `dryRun: 'server'` is `kubectl apply --dry-run=server`: admission and validation run, nothing is stored. */
export interface ApplyOptions {
  dryRun?: 'server';
}

export interface ApplyResult extends ExecResult {
  documents: ApplyDocumentResult[];
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** Everything needed to bring a cluster back to the same simulated moment. */
export interface ClusterSnapshot {
  version: 1;
  seed: number;
  nowMs: number;
  resourceVersion: number;
  rngState: [number, number, number, number];
  objects: KubeObject[];
  /** Cluster settings that new objects still depend on (absent in older snapshots: defaults apply). */
  config?: { clusterCIDR: string; nodeCIDRMaskSize: number; scheduler?: unknown; timeline?: ScheduledCommand[]; nodeFiles?: Record<string, Record<string, string>>; devices?: unknown; network?: unknown; operators?: string[]; loops?: unknown; kubeconfig?: KubeconfigFile; featureGates?: Record<string, boolean>; runtimeHandlers?: Record<string, string[]>; autoscaler?: unknown };
}

export interface CreateClusterOptions {
  seed?: number;
  /** Restore a snapshot instead of bootstrapping a new control plane. */
  snapshot?: ClusterSnapshot;
  /** --cluster-cidr for pod networks (default 10.244.0.0/16: 256 nodes of /24). Big clusters need more. */
  clusterCIDR?: string;
  /** --node-cidr-mask-size (default 24). */
  nodeCIDRMaskSize?: number;
  /** The pod network installed at creation (default flannel); with none, nodes stay NotReady until `sim cni install`. */
  cni?: 'flannel' | 'calico' | 'none';
  /** --feature-gates, e.g. { DynamicResourceAllocation: true } (api/featuregates.ts). */
  featureGates?: Record<string, boolean>;
}

/** `exec`'s options. */
export interface ExecOptions {
  /**
   * kubectl with kubeadm's admin.conf instead of the cluster's kubeconfig (which `kubectl config` changes): for
   * the simulator's own commands, such as a scenario's checks and reference solutions, which must not follow the
   * context or namespace a user chose. They run as kubeadm's super-admin (system:masters), which RBAC objects a
   * user changes cannot lock out.
   */
  adminKubeconfig?: boolean;
  /**
   * `kubectl edit`'s editor, as $KUBE_EDITOR is kubectl's: called with the temp file's text each time kubectl opens
   * it (again after failures it reports in the header), returns the file as saved. Without it, `kubectl edit`
   * fails as kubectl does when no editor starts. `() => text` is an editor that always saves `text`.
   */
  editor?: (document: string) => string;
}

/** A `kubectl edit` step for an editor that answers later: what kubectl printed, and the session to edit, if any. */
export interface EditResult extends ExecResult {
  /** Present while the editor is (re)opened on `session.document`; absent once the edit has ended. */
  session?: EditSession;
}

export interface KubesimCluster {
  /** Run a `kubectl …` or `sim …` command line; stdin feeds `-f -`. */
  exec(commandLine: string, stdin?: string, opts?: ExecOptions): ExecResult;
  /**
   * `kubectl edit …` for an editor that answers later (the page's editor panel): the objects are fetched and the
   * result carries the session whose document to open (or, with no session, the error that ended the command).
   */
  editOpen(commandLine: string): EditResult;
  /** The editor saved `saved` (closing it unsaved is saving `session.document`): patches, or reopens on failures. */
  editSave(session: EditSession, saved: string): EditResult;
  /**
   * Run a command that may stream (`kubectl get -w`, `kubectl port-forward`, with or without a trailing `&`): its
   * first output now, then `emit` with each later printout until stop() (a port-forward's stderr lines go to
   * `streams.stderr`, and `streams.end` tells that it ended by itself). `streaming` is false when the command
   * ended at once; commands that do not stream behave as in exec.
   */
  watch(commandLine: string, emit: (text: string) => void, streams?: WatchStreams): { result: ExecResult; stop(): void; streaming: boolean };
  /** Run `seconds` of virtual time. */
  advance(seconds: number): void;
  /**
   * Run up to `seconds` of virtual time, asking `shouldStop` after every event (a driver's wall-clock
   * budget: one instant of a big rollout runs millions of events). Returns the seconds not run; going on later
   * gives the same run as one advance.
   */
  advanceUntil(seconds: number, shouldStop: () => boolean): number;
  /** Run the next scheduled event; false when nothing is scheduled. */
  step(): boolean;
  /** Run until only periodic background work remains (or an hour of virtual time passes). */
  runUntilIdle(): boolean;
  /** Virtual time in ms since the Unix epoch. */
  now(): number;
  /** Make a file readable by `kubectl apply|diff|delete -f NAME` (undefined removes it): the page's documents. */
  setFile(name: string, text: string | undefined): void;
  /** `kubectl apply -f -` with a per-document report (a server dry run with `{ dryRun: 'server' }`). */
  apply(yamlText: string, opts?: ApplyOptions): ApplyResult;
  /** Every object of a kind (e.g. "Pod"), from the API server's store. */
  list(kind: string): KubeObject[];
  /** Every change to every object, as it is committed. Returns an unsubscribe function. */
  onChange(listener: (e: WatchEvent) => void): () => void;
  /** Everything a restore needs; `objects` are the store's own, deeply frozen (as `list` returns them). */
  snapshot(): ClusterSnapshot;
  /** A scenario timeline's entry: run a command line at a virtual moment (kept in snapshots until it runs). */
  schedule(cmd: ScheduledCommand): void;
  /** The timeline's commands still waiting, in order. */
  scheduledCommands(): ScheduledCommand[];
  /** Called with each timeline command's result as it runs. Returns an unsubscribe function. */
  onScheduledRun(listener: (cmd: ScheduledCommand, result: ExecResult) => void): () => void;
  /** The page's read models: every GPU node's devices and holders, traffic metrics, Services with endpoints, traffic sources. */
  gpuDevices(): NodeGpuView[];
  trafficMetrics(scope?: TrafficSeries['scope']): TrafficSeries[];
  serviceEndpoints(): ServiceEndpointsView[];
  trafficSources(): SourceStatus[];
  /** The pod network (`sim cni status`). */
  readonly cni: Pick<CniControl, 'installed' | 'status' | 'podCIDRs'>;
  /** User-written operators: their reconcile functions run wherever the driver runs them (the page: a sandbox worker). */
  readonly operators: Pick<OperatorManager, 'installExternal' | 'removeExternal' | 'externalOperators'>;
}

/** A streaming command's other outputs: a port-forward's stderr lines, and its end (its pod went, or it was killed). */
export interface WatchStreams {
  stderr?(text: string): void;
  end?(): void;
}

/** A command line to run at `at` (virtual ms since the Unix epoch); stdin feeds `-f -`. */
export interface ScheduledCommand {
  at: number;
  run: string;
  stdin?: string;
}

/** Throws, naming the field, when clusterCIDR or nodeCIDRMaskSize is invalid (a snapshot's own settings are kept). */
export function createCluster(opts: CreateClusterOptions = {}): KubesimCluster {
  const problems = opts.snapshot ? [] : validateNodeIpam(opts);
  if (problems.length) throw new Error(problems.join('\n'));
  return new Cluster(opts);
}

export type { KubeObject, EditSession };
