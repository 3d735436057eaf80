// The ray.io/v1 RayCluster as KubeRay defines it (the fields the simulator models) and KubeRay's labels.
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';

export interface HeadGroupSpec { rayStartParams?: Record<string, string>; serviceType?: string; template: PodTemplateSpec }
export interface WorkerGroupSpec { groupName: string; replicas?: number; minReplicas?: number; maxReplicas?: number; rayStartParams?: Record<string, string>; template: PodTemplateSpec }
export interface RayClusterStatus {
  state?: string; desiredWorkerReplicas?: number; availableWorkerReplicas?: number; minWorkerReplicas?: number; maxWorkerReplicas?: number;
  desiredCPU?: string; desiredMemory?: string; desiredGPU?: string;
  endpoints?: Record<string, string>; head?: { podName?: string; podIP?: string; serviceName?: string; serviceIP?: string };
  observedGeneration?: number;
}
export type RayCluster = KubeObject & { spec: { rayVersion?: string; enableInTreeAutoscaling?: boolean; headGroupSpec: HeadGroupSpec; workerGroupSpecs?: WorkerGroupSpec[] }; status?: RayClusterStatus };

export const RAY_LABELS = { cluster: 'ray.io/cluster', nodeType: 'ray.io/node-type', group: 'ray.io/group', isRayNode: 'ray.io/is-ray-node' } as const;
export const HEAD_GROUP = 'headgroup';
/** The head's ports (KubeRay's defaults). */
export const HEAD_PORTS = { 'gcs-server': 6379, dashboard: 8265, client: 10001, metrics: 8080 } as const;
