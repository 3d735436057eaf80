// releaseutil's InstallOrder: the order helm creates a release's objects in (namespaces and policies first, then
// accounts, config and storage, RBAC, Services, workloads, and last what routes to them); unknown kinds go after
// the known ones, by kind name. Uninstall deletes in the reverse order.

export const INSTALL_ORDER = [
  'PriorityClass', 'Namespace', 'NetworkPolicy', 'ResourceQuota', 'LimitRange', 'PodSecurityPolicy', 'PodDisruptionBudget',
  'ServiceAccount', 'Secret', 'SecretList', 'ConfigMap', 'StorageClass', 'PersistentVolume', 'PersistentVolumeClaim',
  'CustomResourceDefinition', 'ClusterRole', 'ClusterRoleList', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'Role',
  'RoleList', 'RoleBinding', 'RoleBindingList', 'Service', 'DaemonSet', 'Pod', 'ReplicationController', 'ReplicaSet',
  'Deployment', 'HorizontalPodAutoscaler', 'StatefulSet', 'Job', 'CronJob', 'IngressClass', 'Ingress', 'APIService',
];

const rank = new Map(INSTALL_ORDER.map((k, i) => [k, i]));

/** helm's lessByKind, for a stable sort. */
export function compareKinds(a: string, b: string): number {
  const ra = rank.get(a);
  const rb = rank.get(b);
  if (ra === undefined && rb === undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (ra === undefined) return 1;
  if (rb === undefined) return -1;
  return ra - rb;
}

export function sortByKind<T>(items: readonly T[], kind: (t: T) => string, reverse = false): T[] {
  return [...items].sort((x, y) => (reverse ? -1 : 1) * compareKinds(kind(x), kind(y)));
}
