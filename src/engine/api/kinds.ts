// The kinds the API server serves: the discovery data kubectl uses to resolve "po", "deploy", "pods.apps" …
import { ADMISSION_POLICY_KINDS } from './admissionpolicy.ts';

export interface KindInfo {
  kind: string;
  group: string; // '' for the core group
  version: string;
  plural: string;
  singular: string;
  shortNames: string[];
  namespaced: boolean;
  /** Objects of this kind have a status subresource (spec and status are written separately). */
  hasStatus: boolean;
  /** Set for a kind a CustomResourceDefinition serves (apiserver/apiextensions registers and removes it). */
  custom?: CustomKindInfo;
}

/** What a CRD adds to discovery: the other served versions, categories, its scale subresource and table columns. */
export interface CustomKindInfo {
  /** The CRD's name (plural.group). */
  crd: string;
  /** Every served version; `version` is the storage version objects are kept in. */
  servedVersions: string[];
  categories: string[];
  scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  printerColumns: { name: string; type: string; format?: string; description?: string; priority?: number; jsonPath: string }[];
}

const builtins: KindInfo[] = [
  { kind: 'Namespace', group: '', version: 'v1', plural: 'namespaces', singular: 'namespace', shortNames: ['ns'], namespaced: false, hasStatus: true },
  { kind: 'Node', group: '', version: 'v1', plural: 'nodes', singular: 'node', shortNames: ['no'], namespaced: false, hasStatus: true },
  { kind: 'Pod', group: '', version: 'v1', plural: 'pods', singular: 'pod', shortNames: ['po'], namespaced: true, hasStatus: true },
  { kind: 'ConfigMap', group: '', version: 'v1', plural: 'configmaps', singular: 'configmap', shortNames: ['cm'], namespaced: true, hasStatus: false },
  { kind: 'Event', group: '', version: 'v1', plural: 'events', singular: 'event', shortNames: ['ev'], namespaced: true, hasStatus: false },
  { kind: 'ServiceAccount', group: '', version: 'v1', plural: 'serviceaccounts', singular: 'serviceaccount', shortNames: ['sa'], namespaced: true, hasStatus: false },
  { kind: 'Secret', group: '', version: 'v1', plural: 'secrets', singular: 'secret', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'ResourceQuota', group: '', version: 'v1', plural: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], namespaced: true, hasStatus: true },
  { kind: 'LimitRange', group: '', version: 'v1', plural: 'limitranges', singular: 'limitrange', shortNames: ['limits'], namespaced: true, hasStatus: false },
  { kind: 'Service', group: '', version: 'v1', plural: 'services', singular: 'service', shortNames: ['svc'], namespaced: true, hasStatus: true },
  { kind: 'Endpoints', group: '', version: 'v1', plural: 'endpoints', singular: 'endpoints', shortNames: ['ep'], namespaced: true, hasStatus: false },
  { kind: 'EndpointSlice', group: 'discovery.k8s.io', version: 'v1', plural: 'endpointslices', singular: 'endpointslice', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'Ingress', group: 'networking.k8s.io', version: 'v1', plural: 'ingresses', singular: 'ingress', shortNames: ['ing'], namespaced: true, hasStatus: true },
  { kind: 'NetworkPolicy', group: 'networking.k8s.io', version: 'v1', plural: 'networkpolicies', singular: 'networkpolicy', shortNames: ['netpol'], namespaced: true, hasStatus: false },
  { kind: 'IngressClass', group: 'networking.k8s.io', version: 'v1', plural: 'ingressclasses', singular: 'ingressclass', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'ReplicaSet', group: 'apps', version: 'v1', plural: 'replicasets', singular: 'replicaset', shortNames: ['rs'], namespaced: true, hasStatus: true },
  { kind: 'Deployment', group: 'apps', version: 'v1', plural: 'deployments', singular: 'deployment', shortNames: ['deploy'], namespaced: true, hasStatus: true },
  { kind: 'StatefulSet', group: 'apps', version: 'v1', plural: 'statefulsets', singular: 'statefulset', shortNames: ['sts'], namespaced: true, hasStatus: true },
  { kind: 'DaemonSet', group: 'apps', version: 'v1', plural: 'daemonsets', singular: 'daemonset', shortNames: ['ds'], namespaced: true, hasStatus: true },
  { kind: 'ControllerRevision', group: 'apps', version: 'v1', plural: 'controllerrevisions', singular: 'controllerrevision', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'Lease', group: 'coordination.k8s.io', version: 'v1', plural: 'leases', singular: 'lease', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'Job', group: 'batch', version: 'v1', plural: 'jobs', singular: 'job', shortNames: [], namespaced: true, hasStatus: true },
  { kind: 'CronJob', group: 'batch', version: 'v1', plural: 'cronjobs', singular: 'cronjob', shortNames: ['cj'], namespaced: true, hasStatus: true },
  { kind: 'HorizontalPodAutoscaler', group: 'autoscaling', version: 'v2', plural: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler', shortNames: ['hpa'], namespaced: true, hasStatus: true },
  { kind: 'PodDisruptionBudget', group: 'policy', version: 'v1', plural: 'poddisruptionbudgets', singular: 'poddisruptionbudget', shortNames: ['pdb'], namespaced: true, hasStatus: true },
  { kind: 'PodGroup', group: 'scheduling.x-k8s.io', version: 'v1alpha1', plural: 'podgroups', singular: 'podgroup', shortNames: ['pg', 'pgs'], namespaced: true, hasStatus: true },
  { kind: 'PriorityClass', group: 'scheduling.k8s.io', version: 'v1', plural: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], namespaced: false, hasStatus: false },
  { kind: 'RuntimeClass', group: 'node.k8s.io', version: 'v1', plural: 'runtimeclasses', singular: 'runtimeclass', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'CertificateSigningRequest', group: 'certificates.k8s.io', version: 'v1', plural: 'certificatesigningrequests', singular: 'certificatesigningrequest', shortNames: ['csr'], namespaced: false, hasStatus: true },
  { kind: 'Role', group: 'rbac.authorization.k8s.io', version: 'v1', plural: 'roles', singular: 'role', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'ClusterRole', group: 'rbac.authorization.k8s.io', version: 'v1', plural: 'clusterroles', singular: 'clusterrole', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'RoleBinding', group: 'rbac.authorization.k8s.io', version: 'v1', plural: 'rolebindings', singular: 'rolebinding', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'ClusterRoleBinding', group: 'rbac.authorization.k8s.io', version: 'v1', plural: 'clusterrolebindings', singular: 'clusterrolebinding', shortNames: [], namespaced: false, hasStatus: false },
  ...ADMISSION_POLICY_KINDS,
  { kind: 'PersistentVolume', group: '', version: 'v1', plural: 'persistentvolumes', singular: 'persistentvolume', shortNames: ['pv'], namespaced: false, hasStatus: true },
  { kind: 'PersistentVolumeClaim', group: '', version: 'v1', plural: 'persistentvolumeclaims', singular: 'persistentvolumeclaim', shortNames: ['pvc'], namespaced: true, hasStatus: true },
  { kind: 'StorageClass', group: 'storage.k8s.io', version: 'v1', plural: 'storageclasses', singular: 'storageclass', shortNames: ['sc'], namespaced: false, hasStatus: false },
  { kind: 'VolumeAttachment', group: 'storage.k8s.io', version: 'v1', plural: 'volumeattachments', singular: 'volumeattachment', shortNames: [], namespaced: false, hasStatus: true },
  { kind: 'CSIDriver', group: 'storage.k8s.io', version: 'v1', plural: 'csidrivers', singular: 'csidriver', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'CSINode', group: 'storage.k8s.io', version: 'v1', plural: 'csinodes', singular: 'csinode', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'MutatingWebhookConfiguration', group: 'admissionregistration.k8s.io', version: 'v1', plural: 'mutatingwebhookconfigurations', singular: 'mutatingwebhookconfiguration', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'ValidatingWebhookConfiguration', group: 'admissionregistration.k8s.io', version: 'v1', plural: 'validatingwebhookconfigurations', singular: 'validatingwebhookconfiguration', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'CustomResourceDefinition', group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', singular: 'customresourcedefinition', shortNames: ['crd', 'crds'], namespaced: false, hasStatus: true },
];

/**
 * The categories built-in resources declare in their REST storage (`kubectl get all` names "all"); keyed by
 * group/kind. Custom resources take theirs from the CRD.
 */
const BUILTIN_CATEGORIES: Record<string, string[]> = Object.fromEntries([
  ...['/Pod', '/Service', '/ReplicationController', 'apps/DaemonSet', 'apps/Deployment', 'apps/ReplicaSet', 'apps/StatefulSet',
    'autoscaling/HorizontalPodAutoscaler', 'batch/CronJob', 'batch/Job'].map((k) => [k, ['all']]),
  ...['admissionregistration.k8s.io/MutatingWebhookConfiguration', 'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
    'admissionregistration.k8s.io/ValidatingAdmissionPolicy', 'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
    'apiextensions.k8s.io/CustomResourceDefinition', 'apiregistration.k8s.io/APIService'].map((k) => [k, ['api-extensions']]),
]);

export function categoriesOf(info: KindInfo): string[] {
  return info.custom?.categories ?? BUILTIN_CATEGORIES[`${info.group}/${info.kind}`] ?? [];
}

/** Discovery's order, as kubectl lists resources: the core group first, then the others by group and resource. */
export function discoveryOrder(kinds: KindInfo[]): KindInfo[] {
  return [...kinds]
    .sort((a, b) => (a.group + a.plural < b.group + b.plural ? -1 : 1))
    .sort((a, b) => (a.group === '' ? 0 : 1) - (b.group === '' ? 0 : 1));
}

export function apiVersionOf(info: KindInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** "deployments.apps", as used in API error messages; core resources have no group suffix. */
export function qualifiedResource(info: KindInfo): string {
  return info.group ? `${info.plural}.${info.group}` : info.plural;
}

export class KindRegistry {
  private readonly byKind = new Map<string, KindInfo>();

  constructor(kinds: KindInfo[] = builtins) {
    for (const k of kinds) this.register(k);
  }

  register(info: KindInfo): void {
    this.byKind.set(info.kind, info);
  }

  /** A CustomResourceDefinition's kind stops being served. */
  unregister(kind: string): void {
    this.byKind.delete(kind);
  }

  all(): KindInfo[] {
    return [...this.byKind.values()];
  }

  /** By Kind name, e.g. from a manifest's `kind:`. */
  byKindName(kind: string): KindInfo | undefined {
    return this.byKind.get(kind);
  }

  /** Check that a manifest's apiVersion serves its kind. */
  forManifest(apiVersion: string, kind: string): KindInfo | undefined {
    const info = this.byKind.get(kind);
    if (info?.custom) return info.custom.servedVersions.some((v) => `${info.group}/${v}` === apiVersion) ? info : undefined;
    return info && apiVersionOf(info) === apiVersion ? info : undefined;
  }

  /**
   * Resolve what a user types on the kubectl command line: plural, singular, short name or Kind,
   * case-insensitive, optionally qualified by group ("deployments.apps", "deploy.apps").
   */
  resolve(resource: string): KindInfo | undefined {
    const lower = resource.toLowerCase();
    const dot = lower.indexOf('.');
    const name = dot < 0 ? lower : lower.slice(0, dot);
    const group = dot < 0 ? undefined : lower.slice(dot + 1);
    for (const info of this.byKind.values()) {
      if (group !== undefined && info.group !== group && !(group.startsWith(info.version + '.') && group.slice(info.version.length + 1) === info.group)) continue;
      if (info.plural === name || info.singular === name || info.kind.toLowerCase() === name || info.shortNames.includes(name)) return info;
    }
    return undefined;
  }
}
