// Who kubectl is: the kubeconfig user (by default kubeadm's admin) and, with --as / --as-group / --as-uid, the
// user it impersonates. The API server's impersonation filter checks the `impersonate` verb on each asked-for
// attribute before the request runs as the impersonated user.
import type { UserInfo } from '../apiserver/rbac/authorizer.ts';
import { ALL_AUTHENTICATED, checkAccess, serviceAccountOf, SYSTEM_MASTERS } from '../apiserver/rbac/authorizer.ts';
import { KUBEADM_CLUSTER_ADMINS } from '../apiserver/rbac/bootstrap.ts';
import type { Store } from '../apiserver/store.ts';
import { CommandError, type KubectlContext } from './context.ts';
import { flag, type ParsedArgs } from './flags.ts';

/** kubeadm's admin.conf user: since kubeadm 1.29 in kubeadm:cluster-admins (bound to cluster-admin), not system:masters. */
export const KUBERNETES_ADMIN: UserInfo = { name: 'kubernetes-admin', groups: [KUBEADM_CLUSTER_ADMINS, ALL_AUTHENTICATED] };

/**
 * kubeadm's super-admin.conf user, in system:masters (no RBAC check can refuse it): the simulator's own commands
 * (addons, scenario timelines and checks) run as it, so that RBAC objects a user breaks cannot lock them out.
 */
export const KUBERNETES_SUPER_ADMIN: UserInfo = { name: 'kubernetes-super-admin', groups: [SYSTEM_MASTERS, ALL_AUTHENTICATED] };

/**
 * Who a kubeconfig user is. Simplification: the kubeconfig keeps no credentials, so its user's name is the user name
 * the API server authenticates; kubeadm's admin keeps its kubeadm:cluster-admins group, any other user is only
 * system:authenticated (upstream the groups come from the certificate's organizations or the token's owner).
 */
export function kubeconfigIdentity(userName: string): UserInfo {
  return userName === KUBERNETES_ADMIN.name ? KUBERNETES_ADMIN : { name: userName, groups: [ALL_AUTHENTICATED] };
}

/**
 * The identity one request runs as: the context's user (a kubeconfig's, or KUBERNETES_ADMIN) unless the request
 * impersonates someone, in which case the context's user must be allowed to (Forbidden otherwise).
 */
export function requestIdentity(store: Store, base: UserInfo, args: ParsedArgs): UserInfo {
  const as = flag(args, 'as');
  const asGroups = args.flags.get('as-group') ?? [];
  const asUid = flag(args, 'as-uid');
  if (as === undefined || as === '') {
    if (asGroups.length || asUid) throw new CommandError(`invalid configuration: requesting uid, groups or user-extra for ${base.name} without impersonating a user`);
    return base;
  }
  const sa = serviceAccountOf(as);
  const impersonate = (resource: string, name: string, extra: { apiGroup?: string; namespace?: string } = {}) =>
    checkAccess(store, base, { verb: 'impersonate', apiGroup: extra.apiGroup ?? '', resource, name, namespace: extra.namespace });
  if (sa) impersonate('serviceaccounts', sa.name, { namespace: sa.namespace });
  else impersonate('users', as);
  for (const g of asGroups) impersonate('groups', g);
  if (asUid) impersonate('uids', asUid, { apiGroup: 'authentication.k8s.io' });
  // A service account impersonated without groups gets its own; every impersonated user is authenticated.
  const groups = asGroups.length === 0 && sa ? ['system:serviceaccounts', `system:serviceaccounts:${sa.namespace}`] : [...asGroups];
  if (as !== 'system:anonymous' && !groups.includes(ALL_AUTHENTICATED)) groups.push(ALL_AUTHENTICATED);
  return { name: as, groups, ...(asUid ? { uid: asUid } : {}) };
}

/** The user a command's requests run as (set by runKubectl). */
export function requestUserOf(ctx: KubectlContext): UserInfo {
  return ctx.requestUser ?? ctx.user ?? KUBERNETES_ADMIN;
}
