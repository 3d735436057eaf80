// The default RBAC policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy) the API server's rbac/bootstrap-roles
// post-start hook creates: the user-facing roles (cluster-admin, admin, edit, view and the system:aggregate-to-*
// roles they gather), the roles every authenticated user holds, and their ClusterRoleBindings.
// Simplification: the system:* roles of the control plane's own components (kube-scheduler, kube-controller-manager,
// nodes …) are left out, as those components are not authorized here (see request.ts).
import type { ClusterRole, ClusterRoleBinding, PolicyRule } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import type { SeededRng } from '../../sim/rng.ts';
import type { Store } from '../store.ts';
import { aggregatedRules } from './aggregation.ts';
import { RBAC_GROUP } from './rules.ts';

const BOOTSTRAP_LABELS = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
const AUTOUPDATE = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };
const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const AGGREGATE = 'rbac.authorization.k8s.io/aggregate-to-';

const rule = (apiGroups: string[], resources: string[], verbs: string[]): PolicyRule => ({ apiGroups, resources, verbs });
const urls = (nonResourceURLs: string[], verbs: string[]): PolicyRule => ({ nonResourceURLs, verbs });

function clusterRole(name: string, rules: PolicyRule[] | undefined, extra: { labels?: Record<string, string>; aggregateFrom?: string } = {}): ClusterRole & KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole',
    metadata: { name, labels: { ...BOOTSTRAP_LABELS, ...extra.labels }, annotations: { ...AUTOUPDATE } },
    ...(extra.aggregateFrom ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [AGGREGATE + extra.aggregateFrom]: 'true' } }] } } : {}),
    ...(rules ? { rules } : {}),
  };
}

const aggregateTo = (role: string) => ({ [AGGREGATE + role]: 'true' });

function roles(): (ClusterRole & KubeObject)[] {
  return [
    clusterRole('cluster-admin', [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])]),
    clusterRole('admin', undefined, { aggregateFrom: 'admin' }),
    clusterRole('edit', undefined, { aggregateFrom: 'edit', labels: aggregateTo('admin') }),
    clusterRole('view', undefined, { aggregateFrom: 'view', labels: aggregateTo('edit') }),
    clusterRole('system:aggregate-to-admin', [
      rule(['authorization.k8s.io'], ['localsubjectaccessreviews'], ['create']),
      rule([RBAC_GROUP], ['rolebindings', 'roles'], READ_WRITE),
    ], { labels: aggregateTo('admin') }),
    clusterRole('system:aggregate-to-edit', [
      rule([''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
      rule([''], ['serviceaccounts'], ['impersonate']),
      rule([''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
      rule([''], ['pods/eviction'], ['create']),
      rule([''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], WRITE),
      rule([''], ['serviceaccounts/token'], ['create']),
      rule(['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], WRITE),
      rule(['autoscaling'], ['horizontalpodautoscalers'], WRITE),
      rule(['batch'], ['cronjobs', 'jobs'], WRITE),
      rule(['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], WRITE),
      rule(['policy'], ['poddisruptionbudgets'], WRITE),
      rule(['networking.k8s.io'], ['ingresses', 'networkpolicies'], WRITE),
      rule(['coordination.k8s.io'], ['leases'], READ_WRITE),
    ], { labels: aggregateTo('edit') }),
    clusterRole('system:aggregate-to-view', [
      rule([''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], READ),
      rule([''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], READ),
      rule([''], ['namespaces'], READ),
      rule(['discovery.k8s.io'], ['endpointslices'], READ),
      rule(['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], READ),
      rule(['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
      rule(['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
      rule(['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], READ),
      rule(['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
      rule(['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
    ], { labels: aggregateTo('view') }),
    clusterRole('system:basic-user', [
      rule(['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], ['create']),
      rule(['authentication.k8s.io'], ['selfsubjectreviews'], ['create']),
    ]),
    clusterRole('system:discovery', [urls(['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], ['get'])]),
    clusterRole('system:public-info-viewer', [urls(['/healthz', '/livez', '/readyz', '/version', '/version/'], ['get'])]),
  ];
}

function binding(name: string, groups: string[]): ClusterRoleBinding & KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding',
    metadata: { name, labels: { ...BOOTSTRAP_LABELS }, annotations: { ...AUTOUPDATE } },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name },
    subjects: groups.map((g) => ({ apiGroup: RBAC_GROUP, kind: 'Group', name: g })),
  };
}

/**
 * The default ClusterRoles, their aggregated rules already gathered (so the aggregation controller finds nothing
 * to change at start), then the default ClusterRoleBindings.
 */
export function bootstrapPolicy(): (KubeObject)[] {
  const all = roles();
  // admin gathers edit, which gathers view: repeat until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const r of all) {
      if (!r.aggregationRule) continue;
      const rules = aggregatedRules(r, all);
      if (JSON.stringify(rules) !== JSON.stringify(r.rules ?? [])) { r.rules = rules; changed = true; }
    }
  }
  return [
    ...all,
    binding('cluster-admin', ['system:masters']),
    binding('system:basic-user', ['system:authenticated']),
    binding('system:discovery', ['system:authenticated']),
    binding('system:public-info-viewer', ['system:authenticated', 'system:unauthenticated']),
  ];
}

/** The group kubeadm (1.29 on) puts admin.conf's user in, bound to cluster-admin by kubeadm init. */
export const KUBEADM_CLUSTER_ADMINS = 'kubeadm:cluster-admins';

/** kubeadm init's ClusterRoleBinding for its admin group (kubeadm's own object: no rbac-defaults labels). */
function kubeadmClusterAdmins(): ClusterRoleBinding & KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding',
    metadata: { name: KUBEADM_CLUSTER_ADMINS },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ apiGroup: RBAC_GROUP, kind: 'Group', name: KUBEADM_CLUSTER_ADMINS }],
  };
}

/**
 * The rbac/bootstrap-roles post-start hook, then kubeadm init's admin binding: create the objects that are missing
 * (a new cluster, or a snapshot saved before they existed). Existing ones are left as they are. Uids come from
 * `rng`, not the store's.
 * Simplification: kubeadm's binding is also recreated when a user deleted it (upstream it is made once, at init).
 */
export function ensureBootstrapPolicy(store: Store, rng: SeededRng): void {
  for (const obj of [...bootstrapPolicy(), kubeadmClusterAdmins()]) {
    if (store.tryGet(obj.kind, undefined, obj.metadata.name!)) continue;
    store.create(obj, { uid: rng.uuid() });
  }
}
