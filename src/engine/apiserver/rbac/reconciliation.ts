// pkg/registry/rbac/reconciliation: what it takes to make an existing Role, ClusterRole or binding cover an expected
// one. By default a union (missing rules, aggregation selectors and subjects are added, nothing is removed);
// --remove-extra-permissions / --remove-extra-subjects stomp to the expected lists. A different roleRef means recreate.
import type { AggregationRule, PolicyRule, Subject } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { covers, RBAC_GROUP } from './rules.ts';

export type ReconcileOperation = 'none' | 'create' | 'update' | 'recreate';

/** rbacv1.AutoUpdateAnnotationKey: "false" opts an object out of reconciliation. */
export const AUTO_UPDATE = 'rbac.authorization.kubernetes.io/autoupdate';

type RoleLike = KubeObject & { rules?: PolicyRule[]; aggregationRule?: AggregationRule };
type BindingLike = KubeObject & { subjects?: Subject[]; roleRef: { apiGroup: string; kind: string; name: string } };

export interface RoleResult {
  role: RoleLike;
  missingRules: PolicyRule[];
  extraRules: PolicyRule[];
  operation: ReconcileOperation;
  protected: boolean;
}

export interface BindingResult {
  binding: BindingLike;
  missingSubjects: Subject[];
  extraSubjects: Subject[];
  operation: ReconcileOperation;
  protected: boolean;
}

/** Labels or annotations: the expected ones, with the existing ones winning (reconciliation's merge). */
function mergeMaps(expected: Record<string, string> | undefined, existing: Record<string, string> | undefined): Record<string, string> | undefined {
  const merged = { ...expected, ...existing };
  return Object.keys(merged).length ? merged : undefined;
}

const sameMap = (a: Record<string, string> | undefined, b: Record<string, string> | undefined) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** Start from the existing object with the expected labels and annotations merged in; whether that changed it. */
function startFrom<T extends KubeObject>(existing: T, expected: KubeObject): { copy: T; changed: boolean } {
  const copy = structuredClone(existing);
  const labels = mergeMaps(expected.metadata?.labels, existing.metadata?.labels);
  const annotations = mergeMaps(expected.metadata?.annotations, existing.metadata?.annotations);
  const changed = !sameMap(labels, existing.metadata?.labels) || !sameMap(annotations, existing.metadata?.annotations);
  copy.metadata = { ...copy.metadata, labels, annotations };
  if (!labels) delete copy.metadata.labels;
  if (!annotations) delete copy.metadata.annotations;
  return { copy, changed };
}

const isProtected = (o: KubeObject) => o.metadata?.annotations?.[AUTO_UPDATE] === 'false';

/** A role that does not exist yet: created as expected, every rule missing. */
export function roleToCreate(expected: RoleLike): RoleResult {
  return { role: expected, missingRules: expected.rules ?? [], extraRules: [], operation: 'create', protected: false };
}

const selectorKey = (s: unknown) => JSON.stringify(s);

/** computeReconciledRole. */
export function reconcileRole(existing: RoleLike, expected: RoleLike, removeExtraPermissions: boolean): RoleResult {
  const { copy: role, changed } = startFrom(existing, expected);
  let operation: ReconcileOperation = changed ? 'update' : 'none';
  // Rules an aggregated role holds come from its aggregation: they are not extra when both sides aggregate.
  const extraRules = expected.aggregationRule && existing.aggregationRule ? [] : covers(expected.rules ?? [], existing.rules ?? []).missing;
  const missingRules = covers(existing.rules ?? [], expected.rules ?? []).missing;
  if (!removeExtraPermissions && missingRules.length) {
    role.rules = [...(role.rules ?? []), ...missingRules];
    operation = 'update';
  } else if (removeExtraPermissions && (missingRules.length || extraRules.length)) {
    role.rules = expected.rules ?? [];
    operation = 'update';
  }
  const have = new Set((existing.aggregationRule?.clusterRoleSelectors ?? []).map(selectorKey));
  const missingSelectors = (expected.aggregationRule?.clusterRoleSelectors ?? []).filter((s) => !have.has(selectorKey(s)));
  if (!expected.aggregationRule && existing.aggregationRule) {
    delete role.aggregationRule;
    operation = 'update';
  } else if (missingSelectors.length) {
    role.aggregationRule = removeExtraPermissions ? expected.aggregationRule : { clusterRoleSelectors: [...(role.aggregationRule?.clusterRoleSelectors ?? []), ...missingSelectors] };
    operation = 'update';
  }
  return { role, missingRules, extraRules, operation, protected: isProtected(existing) };
}

/** A subject as the API server stores it: User and Group subjects default their apiGroup. */
export function defaultSubject(s: Subject): Subject {
  if ((s.kind === 'User' || s.kind === 'Group') && !s.apiGroup) return { ...s, apiGroup: RBAC_GROUP };
  if (s.kind === 'ServiceAccount' && s.apiGroup === undefined) return { ...s, apiGroup: '' };
  return s;
}

const subjectKey = (s: Subject) => JSON.stringify([s.kind, s.apiGroup ?? '', s.name, s.namespace ?? '']);

/** A binding that does not exist yet: created as expected, every subject missing. */
export function bindingToCreate(expected: BindingLike): BindingResult {
  return { binding: expected, missingSubjects: expected.subjects ?? [], extraSubjects: [], operation: 'create', protected: false };
}

/** computeReconciledRoleBinding. */
export function reconcileBinding(existing: BindingLike, expected: BindingLike, removeExtraSubjects: boolean): BindingResult {
  const isProtectedNow = isProtected(existing);
  const ref = (b: BindingLike) => JSON.stringify([b.roleRef.apiGroup, b.roleRef.kind, b.roleRef.name]);
  // roleRef is immutable: a binding to another role is deleted and created again.
  if (ref(existing) !== ref(expected)) return { binding: expected, missingSubjects: [], extraSubjects: [], operation: 'recreate', protected: isProtectedNow };
  const { copy: binding, changed } = startFrom(existing, expected);
  let operation: ReconcileOperation = changed ? 'update' : 'none';
  const want = expected.subjects ?? [];
  const have = existing.subjects ?? [];
  const haveKeys = new Set(have.map(subjectKey));
  const wantKeys = new Set(want.map(subjectKey));
  const missingSubjects = want.filter((s) => !haveKeys.has(subjectKey(s)));
  const extraSubjects = have.filter((s) => !wantKeys.has(subjectKey(s)));
  if (!removeExtraSubjects && missingSubjects.length) {
    binding.subjects = [...have, ...missingSubjects];
    operation = 'update';
  } else if (removeExtraSubjects && (missingSubjects.length || extraSubjects.length)) {
    binding.subjects = want;
    operation = 'update';
  }
  return { binding, missingSubjects, extraSubjects, operation, protected: isProtectedNow };
}
