// The Ray operator (KubeRay): RayCluster (ray.io/v1) → a head pod and Service, worker groups, in-tree autoscaling.
import type { BuiltinOperator } from '../operator.ts';
import { RayClusterController } from './controller.ts';
import { RAYCLUSTER_CRD } from './crd.ts';

export const rayOperator: BuiltinOperator = {
  name: 'ray',
  description: 'KubeRay: RayCluster (ray.io/v1) → head pod and Service, worker groups scaled by the autoscaler on (simulated) pending tasks',
  crds: [RAYCLUSTER_CRD],
  controllers: (deps) => [new RayClusterController(deps)],
};
