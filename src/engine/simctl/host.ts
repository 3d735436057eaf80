// What `sim` commands may drive: implemented by the composition root (cluster.ts).
import type { Taint } from 'kubernetes-types/core/v1';
import type { SchedulingTrace } from '../scheduler/trace.ts';
import type { KubeSchedulerConfiguration } from '../scheduler/config.ts';
import type { ControlPlane } from './controlplane.ts';

export interface NodeSpec {
  name: string;
  cpu: string;
  memory: string;
  pods: number;
  labels: Record<string, string>;
  taints: Taint[];
}

export interface SimHost {
  addNode(spec: NodeSpec): void;
  nodeSpecs(): NodeSpec[];
  advanceMs(ms: number): void;
  now(): number;
  startedAt(): number;
  schedulingTrace(podKey: string): SchedulingTrace | undefined;
  schedulerConfiguration(): KubeSchedulerConfiguration;
  /** Throws a ConfigError for a bad configuration (the running one stays). */
  setSchedulerConfiguration(cfg: KubeSchedulerConfiguration): void;
  schedulerProfiles(): string[];
  /** sim node stop|start|delete: the machine goes silent, comes back, or disappears with its Node object. */
  stopNode(name: string): void;
  startNode(name: string): void;
  deleteNode(name: string): void;
  nodeStopped(name: string): boolean;
  /** sim pod kill: the pod's running containers die on its node; how many did. */
  killPod(namespace: string, name: string): number;
  readonly controlPlane: ControlPlane;
}

/** What a sim command may read: standard input and the files `-f NAME` names. */
export interface SimInput {
  stdin?: string;
  files: ReadonlyMap<string, string>;
}
