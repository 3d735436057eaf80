// The public headless API: a stable contract that outside test suites rely on (see DESIGN.md).
//   const c = createCluster({ seed: 1 });
//   c.exec('sim node add w1 --cpu 8 --memory 32Gi');
//   c.exec('kubectl apply -f -', yamlText);   // → { code, stdout, stderr }
//   c.advance(30);
import type { KubeObject } from './api/object.ts';
import { Cluster } from './cluster.ts';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
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
  config?: { clusterCIDR: string; nodeCIDRMaskSize: number; scheduler?: unknown };
}

export interface CreateClusterOptions {
  seed?: number;
  /** Restore a snapshot instead of bootstrapping a new control plane. */
  snapshot?: ClusterSnapshot;
  /** --cluster-cidr for pod networks (default 10.244.0.0/16: 256 nodes of /24). Big clusters need more. */
  clusterCIDR?: string;
  /** --node-cidr-mask-size (default 24). */
  nodeCIDRMaskSize?: number;
}

export interface KubesimCluster {
  /** Run a `kubectl …` or `sim …` command line; stdin feeds `-f -`. */
  exec(commandLine: string, stdin?: string): ExecResult;
  /** Run `seconds` of virtual time. */
  advance(seconds: number): void;
  /** Run the next scheduled event; false when nothing is scheduled. */
  step(): boolean;
  /** Run until only periodic background work remains (or an hour of virtual time passes). */
  runUntilIdle(): boolean;
  /** Virtual time in ms since the Unix epoch. */
  now(): number;
  /** Make a file readable by `kubectl apply|diff|delete -f NAME` (undefined removes it): the page's documents. */
  setFile(name: string, text: string | undefined): void;
  /** `kubectl apply -f -` with a per-document report. */
  apply(yamlText: string): ApplyResult;
  /** Every object of a kind (e.g. "Pod"), from the API server's store. */
  list(kind: string): KubeObject[];
  /** Every change to every object, as it is committed. Returns an unsubscribe function. */
  onChange(listener: (e: WatchEvent) => void): () => void;
  snapshot(): ClusterSnapshot;
}

export function createCluster(opts: CreateClusterOptions = {}): KubesimCluster {
  return new Cluster(opts);
}

export type { KubeObject };
