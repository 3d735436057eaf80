// Escalation prevention (pkg/registry/rbac/{role,clusterrole,rolebinding,clusterrolebinding}/policybased): a user
// may write a role only with rules they hold (or the `escalate` verb on it), and bind a role only if they hold its
// rules (or the `bind` verb on it). Members of system:masters may do both.
import type { ClusterRole, PolicyRule, Role, RoleBinding } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { notFound } from '../errors.ts';
import type { KindRegistry } from '../../api/kinds.ts';
import { authorize, forbiddenError, isPrivileged, roleRefRules, rulesFor, type RbacReader, type UserInfo } from './authorizer.ts';
import { compactRules, compactString, covers, goQuotedList, RBAC_GROUP } from './rules.ts';

const RESOURCE: Record<string, string> = { Role: 'roles', ClusterRole: 'clusterroles', RoleBinding: 'rolebindings', ClusterRoleBinding: 'clusterrolebindings' };
/** What an aggregationRule can gather: anything, so setting one takes * on *.* (clusterrole/policybased). */
const FULL_AUTHORITY: PolicyRule[] = [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] }];

export const isRbacKind = (kind: string): boolean => kind in RESOURCE;

/** ConfirmNoEscalation's error text, or undefined when the user's rules in the namespace cover `rules`. */
function escalation(store: RbacReader, user: UserInfo, namespace: string, rules: PolicyRule[]): string | undefined {
  const { covered, missing } = covers(rulesFor(store, user, namespace), rules);
  if (covered) return undefined;
  const lines = [...new Set(compactRules(missing, false).map(compactString))].sort();
  return `user ${JSON.stringify(user.name)} (groups=${goQuotedList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
}

/** The policy-based storage's check before a create or update of a Role, ClusterRole or binding. */
export function confirmNoEscalation(store: RbacReader, kinds: KindRegistry, user: UserInfo, obj: KubeObject): void {
  if (isPrivileged(user) || !isRbacKind(obj.kind)) return;
  const name = obj.metadata.name ?? '';
  const namespace = obj.kind === 'Role' || obj.kind === 'RoleBinding' ? obj.metadata.namespace ?? '' : '';
  const resource = RESOURCE[obj.kind];
  const deny = (detail: string) => forbiddenError(RBAC_GROUP, resource, name, detail);
  if (obj.kind === 'Role' || obj.kind === 'ClusterRole') {
    if (authorize(store, user, { verb: 'escalate', apiGroup: RBAC_GROUP, resource, namespace, name })) return;
    const role = obj as unknown as Role | ClusterRole;
    const denied = escalation(store, user, namespace, role.rules ?? []);
    if (denied) throw deny(denied);
    if ((role as ClusterRole).aggregationRule && escalation(store, user, namespace, FULL_AUTHORITY)) throw deny('must have cluster-admin privileges to use the aggregationRule');
    return;
  }
  const ref = (obj as unknown as RoleBinding).roleRef;
  const refResource = RESOURCE[ref?.kind] ?? '';
  if (authorize(store, user, { verb: 'bind', apiGroup: RBAC_GROUP, resource: refResource, namespace, name: ref?.name })) return;
  const rules = roleRefRules(store, ref, namespace);
  if (!rules) {
    const info = kinds.byKindName(ref?.kind);
    if (info) throw notFound(info, ref.name);
  }
  const denied = escalation(store, user, namespace, rules ?? []);
  if (denied) throw deny(denied);
}
