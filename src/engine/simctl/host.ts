// What `sim` commands may drive: implemented by the composition root (cluster.ts).
import type { Taint } from 'kubernetes-types/core/v1';
import type { SchedulingTrace } from '../scheduler/trace.ts';
import type { KubeSchedulerConfiguration } from '../scheduler/config.ts';
import type { CniControl } from './cni.ts';
import type { ControlPlane } from './controlplane.ts';
import type { ControllerLoops } from '../client/loops.ts';
import type { NetworkControl } from './network.ts';
import type { OperatorControl } from './operator.ts';
import type { GpuConfig } from '../node/deviceplugin/nvidia/config.ts';
import type { NodeGpuView } from '../node/deviceplugin/view.ts';
import type { FeatureGates } from '../api/featuregates.ts';
import type { ClusterAutoscaler } from '../autoscaler/autoscaler.ts';

export interface NodeSpec {
  name: string;
  cpu: string;
  memory: string;
  pods: number;
  labels: Record<string, string>;
  taints: Taint[];
  /** The machine's GPUs (`--gpus N --gpu-model M …`). */
  gpus?: GpuConfig;
  /** containerd runtimes beyond runc (`--runtime-handlers kata,runsc`). */
  runtimeHandlers?: string[];
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
  /** sim container crash: one running container of the pod exits with code 1; the container's name. */
  crashContainer(namespace: string, name: string, container: string | undefined): string;
  readonly controlPlane: ControlPlane;
  /** sim controller: every controller's loop (counters, trace, drop-events). */
  readonly loops: ControllerLoops;
  /** sim gpu list: every GPU node's devices; sim gpu fail|heal: an XID error on one GPU, or its reset. */
  gpuDevices(): NodeGpuView[];
  gpuFault(node: string, index: number, xid: number | 'heal'): void;
  /** sim cni: the cluster's pod network. */
  readonly cni: CniControl;
  /** sim traffic, trace, dns, proxy: the data plane. */
  readonly network: NetworkControl;
  /** sim operator: the built-in operators. */
  readonly operators: OperatorControl;
  /** sim nodegroup, sim autoscaler: the cloud's node groups and the cluster autoscaler. */
  readonly autoscaler: ClusterAutoscaler;
  /** sim featuregates: the cluster's feature gates. */
  readonly featureGates: FeatureGates;
}

/** What a sim command may read: standard input and the files `-f NAME` names. */
export interface SimInput {
  stdin?: string;
  files: ReadonlyMap<string, string>;
  /** The namespace of a pod named without -n: the kubeconfig context's, as for kubectl ("default" when absent). */
  namespace?: string;
}
