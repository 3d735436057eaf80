// kubectl describe: a describer per kind (describe/*.ts), the generic one for the others.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { describeHorizontalPodAutoscaler } from './describe/autoscaling.ts';
import { describeConfigMap } from './describe/configmap.ts';
import { describeDaemonSet } from './describe/daemonset.ts';
import type { DescribeContext } from './describe/context.ts';
import { describeDeployment } from './describe/deployment.ts';
import { describeGeneric } from './describe/generic.ts';
import { describeLimitRange } from './describe/limitrange.ts';
import { describeResourceQuota } from './describe/resourcequota.ts';
import { describeNamespace } from './describe/namespace.ts';
import { describeNode } from './describe/node.ts';
import { describePod } from './describe/pod.ts';
import { describeReplicaSet } from './describe/replicaset.ts';
import { describeStatefulSet } from './describe/statefulset.ts';
import { describeService } from './describe/service.ts';
import { describeEndpoints } from './describe/endpoints.ts';
import { describeNetworkPolicy } from './describe/networkpolicy.ts';
import { describePersistentVolume, describePersistentVolumeClaim, describeStorageClass } from './describe/storage.ts';
import { describeCertificateSigningRequest } from './describe/certificates.ts';

import { describeRole, describeRoleBinding } from './describe/rbac.ts';

export type { DescribeContext } from './describe/context.ts';

type Describer = (obj: KubeObject, ctx: DescribeContext) => string;

const describers: Record<string, Describer> = {
  '/Pod': describePod,
  '/Node': describeNode,
  '/Namespace': describeNamespace,
  '/ConfigMap': describeConfigMap,
  'apps/Deployment': describeDeployment,
  'apps/ReplicaSet': describeReplicaSet,
  'apps/StatefulSet': describeStatefulSet,
  'apps/DaemonSet': describeDaemonSet,
  '/ResourceQuota': describeResourceQuota,
  '/LimitRange': describeLimitRange,
  '/Service': describeService,
  '/Endpoints': describeEndpoints,
  'networking.k8s.io/NetworkPolicy': describeNetworkPolicy,
  'autoscaling/HorizontalPodAutoscaler': describeHorizontalPodAutoscaler,
  '/PersistentVolumeClaim': describePersistentVolumeClaim,
  '/PersistentVolume': describePersistentVolume,
  'storage.k8s.io/StorageClass': describeStorageClass,
  'certificates.k8s.io/CertificateSigningRequest': describeCertificateSigningRequest,
  'rbac.authorization.k8s.io/Role': describeRole,
  'rbac.authorization.k8s.io/ClusterRole': describeRole,
  'rbac.authorization.k8s.io/RoleBinding': describeRoleBinding,
  'rbac.authorization.k8s.io/ClusterRoleBinding': describeRoleBinding,
};

export function describe(kind: KindInfo, obj: KubeObject, ctx: DescribeContext): string {
  const fn = describers[`${kind.group}/${kind.kind}`] ?? describeGeneric;
  return fn(obj, ctx);
}
