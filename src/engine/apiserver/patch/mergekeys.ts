// The patchMergeKey / patchStrategy tags of the Kubernetes API types that strategic merge patch uses.
// Keyed by field name, with the parent field where the same name means different things (ports).

export type ListStrategy = { kind: 'merge'; key: string } | { kind: 'set' } | { kind: 'replace' };

const byField: Record<string, ListStrategy> = {
  containers: { kind: 'merge', key: 'name' },
  initContainers: { kind: 'merge', key: 'name' },
  ephemeralContainers: { kind: 'merge', key: 'name' },
  env: { kind: 'merge', key: 'name' },
  volumes: { kind: 'merge', key: 'name' },
  volumeMounts: { kind: 'merge', key: 'mountPath' },
  volumeDevices: { kind: 'merge', key: 'devicePath' },
  imagePullSecrets: { kind: 'merge', key: 'name' },
  ownerReferences: { kind: 'merge', key: 'uid' },
  conditions: { kind: 'merge', key: 'type' },
  hostAliases: { kind: 'merge', key: 'ip' },
  topologySpreadConstraints: { kind: 'merge', key: 'topologyKey' },
  resourceClaims: { kind: 'merge', key: 'name' },
  taints: { kind: 'merge', key: 'key' },
  finalizers: { kind: 'set' },
};

/** The list strategy of `field`, whose parent object is `parentField` (e.g. a container's "ports"). */
export function listStrategy(field: string, parentField: string | undefined): ListStrategy {
  if (field === 'ports') {
    if (parentField === 'containers' || parentField === 'initContainers' || parentField === 'ephemeralContainers') return { kind: 'merge', key: 'containerPort' };
    if (parentField === 'spec') return { kind: 'merge', key: 'port' };
  }
  return byField[field] ?? { kind: 'replace' };
}
