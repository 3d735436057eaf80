// The API server's authorizer chain for a request's user: the system:masters group is always allowed (the
// privileged-group authorizer in front of the union), then the RBAC authorizer (plugin/pkg/auth/authorizer/rbac)
// walks the rules the user's ClusterRoleBindings, then the RoleBindings of the request's namespace, grant.
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../errors.ts';
import { ruleAllows, type RequestAttributes } from './rules.ts';

/** user.Info: who sends a request. */
export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  /** user.Info's GetExtra (impersonated with --as-user-extra). */
  extra?: Record<string, string[]>;
}

/** user.SystemPrivilegedGroup: the API server allows its members everything and lets them grant anything. */
export const SYSTEM_MASTERS = 'system:masters';
export const ALL_AUTHENTICATED = 'system:authenticated';
const SA_PREFIX = 'system:serviceaccount:';

export const isPrivileged = (user: UserInfo): boolean => user.groups.includes(SYSTEM_MASTERS);

/** The objects RBAC reads: the API server's informer caches of roles and bindings. */
export interface RbacReader {
  tryGet<T = KubeObject>(kind: string, namespace: string | undefined, name: string): (T & KubeObject) | undefined;
  list<T = KubeObject>(kind: string, opts?: { namespace?: string }): (T & KubeObject)[];
}

/** serviceaccount.MakeUsername's inverse: the namespace and name of a service account's user, if it is one. */
export function serviceAccountOf(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SA_PREFIX)) return undefined;
  const [namespace, name, ...rest] = username.slice(SA_PREFIX.length).split(':');
  return namespace && name && rest.length === 0 ? { namespace, name } : undefined;
}

/** appliesToUser: a RoleBinding's ServiceAccount subject without a namespace means the binding's own. */
function appliesTo(user: UserInfo, s: Subject, bindingNamespace: string): boolean {
  switch (s.kind) {
    case 'User': return user.name === s.name;
    case 'Group': return user.groups.includes(s.name);
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns !== '' && user.name === `${SA_PREFIX}${ns}:${s.name}`;
    }
    default: return false;
  }
}

/** GetRoleReferenceRules: a missing role grants nothing (upstream records a resolution error and goes on). */
export function roleRefRules(store: RbacReader, ref: RoleRef, bindingNamespace: string): PolicyRule[] | undefined {
  const role = ref?.kind === 'Role' ? store.tryGet<Role>('Role', bindingNamespace, ref.name)
    : ref?.kind === 'ClusterRole' ? store.tryGet<ClusterRole>('ClusterRole', undefined, ref.name) : undefined;
  return role ? role.rules ?? [] : undefined;
}

/**
 * VisitRulesFor: every rule granted to the user in the namespace ("" is the cluster scope: ClusterRoleBindings
 * only). The visitor returns false to stop.
 */
export function visitRulesFor(store: RbacReader, user: UserInfo, namespace: string, visit: (rule: PolicyRule, source: () => string) => boolean): void {
  for (const b of store.list<ClusterRoleBinding>('ClusterRoleBinding')) {
    const subject = (b.subjects ?? []).find((s) => appliesTo(user, s, ''));
    if (!subject) continue;
    const source = () => `ClusterRoleBinding ${JSON.stringify(b.metadata?.name ?? '')} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(subject, '')}`;
    for (const rule of roleRefRules(store, b.roleRef, '') ?? []) if (!visit(rule, source)) return;
  }
  if (!namespace) return;
  for (const b of store.list<RoleBinding>('RoleBinding', { namespace })) {
    const subject = (b.subjects ?? []).find((s) => appliesTo(user, s, namespace));
    if (!subject) continue;
    const source = () => `RoleBinding ${JSON.stringify(`${b.metadata?.name ?? ''}/${namespace}`)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(subject, namespace)}`;
    for (const rule of roleRefRules(store, b.roleRef, namespace) ?? []) if (!visit(rule, source)) return;
  }
}

/** RulesFor: the rules a user holds in a namespace, in the order the bindings grant them. */
export function rulesFor(store: RbacReader, user: UserInfo, namespace: string): PolicyRule[] {
  const rules: PolicyRule[] = [];
  visitRulesFor(store, user, namespace, (r) => { rules.push(r); return true; });
  return rules;
}

/** The union authorizer's decision: privileged group first, then RBAC. */
export function authorize(store: RbacReader, user: UserInfo, attrs: RequestAttributes): boolean {
  return decide(store, user, attrs).allowed;
}

/**
 * The decision with its reason: the privileged group's allow gives none, RBAC's names the binding that allows
 * ("RBAC: allowed by ClusterRoleBinding …"), and no authorizer's opinion none.
 */
export function decide(store: RbacReader, user: UserInfo, attrs: RequestAttributes): { allowed: boolean; reason: string } {
  if (isPrivileged(user)) return { allowed: true, reason: '' };
  let reason = '';
  visitRulesFor(store, user, attrs.namespace ?? '', (rule, source) => {
    if (!ruleAllows(attrs, rule)) return true;
    reason = `RBAC: allowed by ${source()}`;
    return false;
  });
  return { allowed: reason !== '', reason };
}

/** describeSubject: a service account as "name/namespace". */
function describeSubject(s: Subject, bindingNamespace: string): string {
  return s.kind === 'ServiceAccount' ? `${s.kind} ${JSON.stringify(`${s.name}/${s.namespace || bindingNamespace}`)}` : `${s.kind} ${JSON.stringify(s.name)}`;
}

/** responsewriters.forbiddenMessage. */
export function forbiddenMessage(user: UserInfo, a: RequestAttributes): string {
  if (a.resource === undefined) return `User ${JSON.stringify(user.name)} cannot ${a.verb} path ${JSON.stringify(a.path ?? '')}`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const scope = a.namespace ? `in the namespace ${JSON.stringify(a.namespace)}` : 'at the cluster scope';
  return `User ${JSON.stringify(user.name)} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup ?? '')} ${scope}`;
}

/** errors.NewForbidden for a group resource: `pods "web" is forbidden: …` (no name: `pods is forbidden: …`). */
export function forbiddenError(group: string, resource: string, name: string, detail: string): StatusError {
  const gr = group ? `${resource}.${group}` : resource;
  const message = name ? `${gr} ${JSON.stringify(name)} is forbidden: ${detail}` : `${gr} is forbidden: ${detail}`;
  return new StatusError({ reason: 'Forbidden', code: 403, message, details: { name: name || undefined, group, kind: resource } });
}

/** The authorization filter: a denied request is answered 403 with forbiddenMessage. */
export function checkAccess(store: RbacReader, user: UserInfo, attrs: RequestAttributes): void {
  if (authorize(store, user, attrs)) return;
  throw forbiddenError(attrs.apiGroup ?? '', attrs.resource ?? '', attrs.name ?? '', forbiddenMessage(user, attrs));
}
