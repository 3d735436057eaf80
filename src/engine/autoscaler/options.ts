// The cluster autoscaler's flags that shape its decisions, with cluster-autoscaler 1.32's defaults
// (config/autoscaling_options.go, main.go). `sim autoscaler config --NAME VALUE` sets them.
export type Expander = 'random' | 'least-waste' | 'most-pods' | 'priority';
export const EXPANDERS: readonly Expander[] = ['random', 'least-waste', 'most-pods', 'priority'];

export interface AutoscalingOptions {
  /** --scan-interval: how often the loop runs. */
  scanIntervalMs: number;
  expander: Expander;
  /** --max-nodes-total (0: no limit). */
  maxNodesTotal: number;
  scaleDownEnabled: boolean;
  /** --scale-down-delay-after-add: no scale-down this long after a scale-up. */
  scaleDownDelayAfterAddMs: number;
  /** --scale-down-unneeded-time: how long a node must be unneeded before it goes. */
  scaleDownUnneededTimeMs: number;
  /** --scale-down-utilization-threshold: sum of requests over allocatable (the larger of cpu and memory) below which a node may go. */
  scaleDownUtilizationThreshold: number;
  /** --scale-down-gpu-utilization-threshold: the same for GPU nodes, over their GPUs. */
  scaleDownGpuUtilizationThreshold: number;
  /** --max-graceful-termination-sec: the longest a drained pod is given. */
  maxGracefulTerminationSec: number;
  /** --skip-nodes-with-system-pods: kube-system pods (not DaemonSets' or mirror pods) without a PodDisruptionBudget keep a node. */
  skipNodesWithSystemPods: boolean;
  /** --skip-nodes-with-local-storage: pods with emptyDir or hostPath volumes keep a node. */
  skipNodesWithLocalStorage: boolean;
}

export const DEFAULT_OPTIONS: AutoscalingOptions = {
  scanIntervalMs: 10_000,
  expander: 'random',
  maxNodesTotal: 0,
  scaleDownEnabled: true,
  scaleDownDelayAfterAddMs: 10 * 60_000,
  scaleDownUnneededTimeMs: 10 * 60_000,
  scaleDownUtilizationThreshold: 0.5,
  scaleDownGpuUtilizationThreshold: 0.5,
  maxGracefulTerminationSec: 600,
  skipNodesWithSystemPods: true,
  skipNodesWithLocalStorage: true,
};

/** Each option's flag name and kind, as cluster-autoscaler spells them. */
export const OPTION_FLAGS: { flag: string; key: keyof AutoscalingOptions; kind: 'duration' | 'int' | 'float' | 'bool' | 'expander' }[] = [
  { flag: 'scan-interval', key: 'scanIntervalMs', kind: 'duration' },
  { flag: 'expander', key: 'expander', kind: 'expander' },
  { flag: 'max-nodes-total', key: 'maxNodesTotal', kind: 'int' },
  { flag: 'scale-down-enabled', key: 'scaleDownEnabled', kind: 'bool' },
  { flag: 'scale-down-delay-after-add', key: 'scaleDownDelayAfterAddMs', kind: 'duration' },
  { flag: 'scale-down-unneeded-time', key: 'scaleDownUnneededTimeMs', kind: 'duration' },
  { flag: 'scale-down-utilization-threshold', key: 'scaleDownUtilizationThreshold', kind: 'float' },
  { flag: 'scale-down-gpu-utilization-threshold', key: 'scaleDownGpuUtilizationThreshold', kind: 'float' },
  { flag: 'max-graceful-termination-sec', key: 'maxGracefulTerminationSec', kind: 'int' },
  { flag: 'skip-nodes-with-system-pods', key: 'skipNodesWithSystemPods', kind: 'bool' },
  { flag: 'skip-nodes-with-local-storage', key: 'skipNodesWithLocalStorage', kind: 'bool' },
];
