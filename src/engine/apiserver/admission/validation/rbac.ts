// rbac.authorization.k8s.io validation (pkg/apis/rbac/validation): names are path segments only, rules need verbs
// and either resources or non-resource URLs, a binding's roleRef never changes and its subjects are a User, Group or
// ServiceAccount.
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from 'kubernetes-types/rbac/v1';
import type { FieldError } from '../../errors.ts';
import { asArray, child, index, invalid, isRecord, notSupported, required, withGoValue } from './field.ts';
import { goQuote, goStringSlice } from './gotext.ts';
import { RBAC_GROUP } from '../../rbac/rules.ts';
import { nameIsDNSSubdomain, pathSegmentName, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';


function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const r: PolicyRule = isRecord(rule) ? rule : { verbs: [] };
  if (!asArray(r.verbs).length) errs.push(required(child(path, 'verbs'), 'verbs must contain at least one value'));
  const urls = asArray<string>(r.nonResourceURLs);
  if (urls.length) {
    const value = goStringSlice(urls);
    if (namespaced) errs.push(withGoValue('Invalid', child(path, 'nonResourceURLs'), value, 'namespaced rules cannot apply to non-resource URLs'));
    if (asArray(r.apiGroups).length || asArray(r.resources).length || asArray(r.resourceNames).length) {
      errs.push(withGoValue('Invalid', child(path, 'nonResourceURLs'), value, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!asArray(r.apiGroups).length) errs.push(required(child(path, 'apiGroups'), 'resource rules must supply at least one api group'));
  if (!asArray(r.resources).length) errs.push(required(child(path, 'resources'), 'resource rules must supply at least one resource'));
  if (asArray(r.resourceNames).length && asArray(r.resources).length > 1) errs.push(required(child(path, 'resourceNames'), 'resource names cannot apply to multiple resources'));
  return errs;
}

function validateRules(rules: unknown, namespaced: boolean): FieldError[] {
  return asArray<PolicyRule>(rules).flatMap((rule, i) => validatePolicyRule(rule, namespaced, index('rules', i)));
}

export function validateRole(role: Role): FieldError[] {
  return [...validateObjectMeta(role.metadata, pathSegmentName), ...validateRules(role.rules, true)];
}
export function validateRoleUpdate(role: Role, old: Role): FieldError[] {
  return [...validateRole(role), ...validateObjectMetaUpdate(role.metadata, old.metadata)];
}
export function validateClusterRole(role: ClusterRole): FieldError[] {
  return [...validateObjectMeta(role.metadata, pathSegmentName), ...validateRules(role.rules, false)];
}
export function validateClusterRoleUpdate(role: ClusterRole, old: ClusterRole): FieldError[] {
  return [...validateClusterRole(role), ...validateObjectMetaUpdate(role.metadata, old.metadata)];
}

function validateSubject(s: Subject, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const subject: Partial<Subject> = isRecord(s) ? s : {};
  const name = subject.name ?? '';
  if (!name) errs.push(required(child(path, 'name')));
  switch (subject.kind) {
    case 'ServiceAccount':
      if (name) for (const msg of nameIsDNSSubdomain(name, false)) errs.push(invalid(child(path, 'name'), name, msg));
      if (subject.apiGroup) errs.push(notSupported(child(path, 'apiGroup'), subject.apiGroup, ['']));
      if (!namespaced && !subject.namespace) errs.push(required(child(path, 'namespace')));
      break;
    case 'User':
    case 'Group':
      if (!name) errs.push(invalid(child(path, 'name'), name, `${subject.kind === 'User' ? 'user' : 'group'} name cannot be empty`));
      if (subject.apiGroup !== RBAC_GROUP) errs.push(notSupported(child(path, 'apiGroup'), subject.apiGroup ?? '', [RBAC_GROUP]));
      break;
    default:
      errs.push(notSupported(child(path, 'kind'), subject.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

function validateBinding(b: RoleBinding | ClusterRoleBinding, namespaced: boolean): FieldError[] {
  const errs = validateObjectMeta(b.metadata, pathSegmentName);
  const ref: Partial<RoleRef> = isRecord(b.roleRef) ? b.roleRef : {};
  if (ref.apiGroup !== RBAC_GROUP) errs.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(ref.kind ?? '')) errs.push(notSupported('roleRef.kind', ref.kind ?? '', kinds));
  if (!ref.name) errs.push(required('roleRef.name'));
  else for (const msg of pathSegmentName(ref.name, false)) errs.push(invalid('roleRef.name', ref.name, msg));
  asArray<Subject>(b.subjects).forEach((s, i) => errs.push(...validateSubject(s, namespaced, index('subjects', i))));
  return errs;
}

/** rbac.RoleRef as Go's %#v prints it (the internal type has no String method). */
const goRoleRef = (r: Partial<RoleRef> | undefined): string => `rbac.RoleRef{APIGroup:${goQuote(r?.apiGroup)}, Kind:${goQuote(r?.kind)}, Name:${goQuote(r?.name)}}`;

function validateBindingUpdate(b: RoleBinding | ClusterRoleBinding, old: RoleBinding | ClusterRoleBinding, namespaced: boolean): FieldError[] {
  const errs = [...validateBinding(b, namespaced), ...validateObjectMetaUpdate(b.metadata, old.metadata)];
  const [n, o] = [b.roleRef ?? {}, old.roleRef ?? {}] as Partial<RoleRef>[];
  if (n.apiGroup !== o.apiGroup || n.kind !== o.kind || n.name !== o.name) errs.push(withGoValue('Invalid', 'roleRef', goRoleRef(n), 'cannot change roleRef'));
  return errs;
}

export const validateRoleBinding = (b: RoleBinding): FieldError[] => validateBinding(b, true);
export const validateRoleBindingUpdate = (b: RoleBinding, old: RoleBinding): FieldError[] => validateBindingUpdate(b, old, true);
export const validateClusterRoleBinding = (b: ClusterRoleBinding): FieldError[] => validateBinding(b, false);
export const validateClusterRoleBindingUpdate = (b: ClusterRoleBinding, old: ClusterRoleBinding): FieldError[] => validateBindingUpdate(b, old, false);
