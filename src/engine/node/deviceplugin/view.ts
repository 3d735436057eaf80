// The read model of the GPUs in the cluster (for `sim gpu list` and the page's GPU slots): per node, every device
// the NVIDIA plugin advertises, its health, and the pod and container holding it.
import type { Health } from './api.ts';
import type { MigStrategy } from './nvidia/config.ts';

export interface GpuDeviceView {
  /** The device ID the kubelet knows (GPU or MIG UUID, "::n" for a time-slicing replica). */
  id: string;
  /** The extended resource it is counted in, e.g. nvidia.com/gpu or nvidia.com/mig-1g.10gb. */
  resource: string;
  /** The physical GPU's index in the machine. */
  index: number;
  model: string;
  memoryMiB: number;
  /** The MIG profile, for a MIG device. */
  mig?: string;
  /** The time-slicing replica number. */
  replica?: number;
  health: Health;
  /** The XID error that made it unhealthy. */
  xid?: number;
  /** namespace/name of the pod holding it. */
  pod?: string;
  container?: string;
}

export interface NodeGpuView {
  node: string;
  model: string;
  product: string;
  count: number;
  migStrategy: MigStrategy;
  replicas: number;
  devices: GpuDeviceView[];
}
