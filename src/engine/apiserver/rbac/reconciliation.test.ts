// Cases from upstream's reconcile_role_test.go and reconcile_rolebindings_test.go, on the pure reconciliation.
import type { PolicyRule, Subject } from 'kubernetes-types/rbac/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { reconcileBinding, reconcileRole } from './reconciliation.ts';

const rule = (...verbs: string[]): PolicyRule => ({ apiGroups: [''], resources: ['pods'], verbs });
const role = (rules: PolicyRule[], extra: Record<string, unknown> = {}) =>
  ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' }, rules, ...extra }) as KubeObject & { rules: PolicyRule[] };
const selector = (k: string) => ({ matchLabels: { [k]: 'true' } });
const aggregated = (rules: PolicyRule[], ...keys: string[]) => role(rules, { aggregationRule: { clusterRoleSelectors: keys.map(selector) } });

describe('computeReconciledRole', () => {
  it.each([
    ['match without union', role([rule('get')]), role([rule('get')]), true, 'none', [rule('get')]],
    ['match with union', role([rule('get')]), role([rule('get')]), false, 'none', [rule('get')]],
    ['different rules without union', role([rule('get')]), role([rule('delete')]), true, 'update', [rule('delete')]],
    ['different rules with union', role([rule('get')]), role([rule('delete')]), false, 'update', [rule('get'), rule('delete')]],
    ['extra rules kept with union', role([rule('get'), rule('list')]), role([rule('get')]), false, 'none', [rule('get'), rule('list')]],
    ['extra rules removed without union', role([rule('get'), rule('list')]), role([rule('get')]), true, 'update', [rule('get')]],
    // Rules an aggregation filled in are not extra when both sides aggregate.
    ['both aggregated: rules kept', aggregated([rule('get')], 'a'), aggregated([], 'a'), true, 'none', [rule('get')]],
  ] as const)('%s', (_name, existing, expected, removeExtra, operation, rules) => {
    const r = reconcileRole(structuredClone(existing), structuredClone(expected), removeExtra);
    expect(r.operation).toBe(operation);
    expect(r.role.rules).toEqual(rules);
  });

  it('adds missing aggregation selectors in the union case, stomps without it, drops an unexpected aggregation', () => {
    expect(reconcileRole(aggregated([], 'a'), aggregated([], 'b'), false).role.aggregationRule).toEqual({ clusterRoleSelectors: [selector('a'), selector('b')] });
    expect(reconcileRole(aggregated([], 'a'), aggregated([], 'b'), true).role.aggregationRule).toEqual({ clusterRoleSelectors: [selector('b')] });
    const dropped = reconcileRole(aggregated([rule('get')], 'a'), role([rule('get')]), false);
    expect(dropped.operation).toBe('update');
    expect(dropped.role.aggregationRule).toBeUndefined();
  });

  it('merges labels and annotations with the existing ones winning; autoupdate=false protects', () => {
    const existing = role([rule('get')], { metadata: { name: 'r', labels: { a: 'old' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'false' } } });
    const r = reconcileRole(existing, role([rule('get')], { metadata: { name: 'r', labels: { a: 'new', b: 'x' } } }), false);
    expect(r.role.metadata.labels).toEqual({ a: 'old', b: 'x' });
    expect(r).toMatchObject({ operation: 'update', protected: true });
  });
});

describe('computeReconciledRoleBinding', () => {
  const user = (name: string): Subject => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name });
  const binding = (subjects: Subject[], roleName = 'r') =>
    ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'b', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: roleName }, subjects }) as KubeObject & { subjects: Subject[]; roleRef: { apiGroup: string; kind: string; name: string } };
  it.each([
    ['match', [user('a')], [user('a')], false, 'none', [user('a')], [], []],
    ['missing subject added with union', [user('a')], [user('b')], false, 'update', [user('a'), user('b')], [user('b')], [user('a')]],
    ['extra subject removed without union', [user('a'), user('b')], [user('a')], true, 'update', [user('a')], [], [user('b')]],
    ['extra subject kept with union', [user('a'), user('b')], [user('a')], false, 'none', [user('a'), user('b')], [], [user('b')]],
  ] as const)('%s', (_name, have, want, removeExtra, operation, subjects, missing, extra) => {
    const r = reconcileBinding(binding([...have]), binding([...want]), removeExtra);
    expect(r.operation).toBe(operation);
    expect(r.binding.subjects).toEqual(subjects);
    expect(r.missingSubjects).toEqual(missing);
    expect(r.extraSubjects).toEqual(extra);
  });

  it('a different roleRef means recreate', () => {
    expect(reconcileBinding(binding([user('a')], 'r'), binding([user('a')], 'other'), false).operation).toBe('recreate');
  });
});
