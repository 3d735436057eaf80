// The RBAC authorizer against upstream's cases (plugin/pkg/auth/authorizer/rbac/rbac_test.go and
// pkg/registry/rbac/validation tests): rule matching, bindings' scope, subjects, aggregation and escalation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ClusterRole, PolicyRule } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { KindRegistry } from '../../api/kinds.ts';
import type { StatusError } from '../errors.ts';
import { aggregatedRules } from './aggregation.ts';
import { authorize, checkAccess, rulesFor, type RbacReader, type UserInfo } from './authorizer.ts';
import { bootstrapPolicy } from './bootstrap.ts';
import { confirmNoEscalation } from './escalation.ts';
import { covers, ruleAllows, type RequestAttributes } from './rules.ts';

/** An in-memory reader of RBAC objects: what the authorizer's listers see. */
function reader(objects: KubeObject[]): RbacReader {
  return {
    tryGet: <T>(kind: string, ns: string | undefined, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name && (o.metadata.namespace ?? undefined) === (ns || undefined)) as (T & KubeObject) | undefined,
    list: <T>(kind: string, opts: { namespace?: string } = {}) => objects.filter((o) => o.kind === kind && (!opts.namespace || o.metadata.namespace === opts.namespace)) as (T & KubeObject)[],
  };
}

const R = 'rbac.authorization.k8s.io';
const role = (name: string, namespace: string, rules: PolicyRule[]): KubeObject => ({ apiVersion: `${R}/v1`, kind: 'Role', metadata: { name, namespace }, rules } as KubeObject);
const clusterRole = (name: string, rules: PolicyRule[], labels?: Record<string, string>): KubeObject => ({ apiVersion: `${R}/v1`, kind: 'ClusterRole', metadata: { name, labels }, rules } as KubeObject);
const binding = (kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, namespace: string | undefined, roleKind: string, roleName: string, subjects: object[]): KubeObject =>
  ({ apiVersion: `${R}/v1`, kind, metadata: { name, namespace }, roleRef: { apiGroup: R, kind: roleKind, name: roleName }, subjects } as KubeObject);
const user = (name: string, ...groups: string[]): UserInfo => ({ name, groups: [...groups, 'system:authenticated'] });
const jane = user('jane');

describe('rule matching (RuleAllows)', () => {
  const cases: [string, PolicyRule, RequestAttributes, boolean][] = [
    ['exact verb, group and resource', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verb: 'get', apiGroup: '', resource: 'pods' }, true],
    ['another verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verb: 'list', apiGroup: '', resource: 'pods' }, false],
    ['another group', { verbs: ['get'], apiGroups: [''], resources: ['deployments'] }, { verb: 'get', apiGroup: 'apps', resource: 'deployments' }, false],
    ['verb *', { verbs: ['*'], apiGroups: [''], resources: ['pods'] }, { verb: 'delete', apiGroup: '', resource: 'pods' }, true],
    ['group *', { verbs: ['get'], apiGroups: ['*'], resources: ['deployments'] }, { verb: 'get', apiGroup: 'apps', resource: 'deployments' }, true],
    ['resource * covers subresources', { verbs: ['get'], apiGroups: [''], resources: ['*'] }, { verb: 'get', apiGroup: '', resource: 'pods', subresource: 'log' }, true],
    ['pods does not cover pods/log', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verb: 'get', apiGroup: '', resource: 'pods', subresource: 'log' }, false],
    ['pods/log', { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, { verb: 'get', apiGroup: '', resource: 'pods', subresource: 'log' }, true],
    ['*/scale', { verbs: ['patch'], apiGroups: ['apps'], resources: ['*/scale'] }, { verb: 'patch', apiGroup: 'apps', resource: 'deployments', subresource: 'scale' }, true],
    ['*/scale does not cover the resource', { verbs: ['patch'], apiGroups: ['apps'], resources: ['*/scale'] }, { verb: 'patch', apiGroup: 'apps', resource: 'deployments' }, false],
    ['resourceNames match the name', { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cfg'] }, { verb: 'get', apiGroup: '', resource: 'configmaps', name: 'cfg' }, true],
    ['resourceNames exclude other names', { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cfg'] }, { verb: 'get', apiGroup: '', resource: 'configmaps', name: 'other' }, false],
    ['resourceNames never match a list', { verbs: ['list'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cfg'] }, { verb: 'list', apiGroup: '', resource: 'configmaps' }, false],
    ['non-resource URL', { verbs: ['get'], nonResourceURLs: ['/healthz'] }, { verb: 'get', path: '/healthz' }, true],
    ['non-resource URL prefix *', { verbs: ['get'], nonResourceURLs: ['/apis/*'] }, { verb: 'get', path: '/apis/apps/v1' }, true],
    ['a resource rule never matches a path', { verbs: ['get'], apiGroups: ['*'], resources: ['*'] }, { verb: 'get', path: '/healthz' }, false],
  ];
  it.each(cases)('%s', (_name, rule, attrs, want) => expect(ruleAllows(attrs, rule)).toBe(want));
});

describe('bindings and subjects', () => {
  const objects = [
    role('pod-reader', 'default', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]),
    clusterRole('secret-reader', [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }]),
    clusterRole('node-reader', [{ verbs: ['list'], apiGroups: [''], resources: ['nodes'] }]),
    binding('RoleBinding', 'read-pods', 'default', 'Role', 'pod-reader', [{ kind: 'User', apiGroup: R, name: 'jane' }]),
    // A RoleBinding to a ClusterRole grants it in the binding's namespace only.
    binding('RoleBinding', 'read-secrets', 'dev', 'ClusterRole', 'secret-reader', [{ kind: 'Group', apiGroup: R, name: 'devs' }]),
    binding('ClusterRoleBinding', 'read-nodes', undefined, 'ClusterRole', 'node-reader', [{ kind: 'ServiceAccount', namespace: 'kube-system', name: 'monitor' }]),
    // A RoleBinding's ServiceAccount subject without a namespace is the binding's own namespace's.
    binding('RoleBinding', 'sa-pods', 'default', 'Role', 'pod-reader', [{ kind: 'ServiceAccount', name: 'builder' }]),
    binding('RoleBinding', 'dangling', 'default', 'Role', 'missing', [{ kind: 'User', apiGroup: R, name: 'jane' }]),
  ];
  const store = reader(objects);
  const cases: [string, UserInfo, RequestAttributes, boolean][] = [
    ['jane lists pods in default', jane, { verb: 'list', apiGroup: '', resource: 'pods', namespace: 'default' }, true],
    ['jane lists pods in kube-system', jane, { verb: 'list', apiGroup: '', resource: 'pods', namespace: 'kube-system' }, false],
    ['jane lists pods in all namespaces', jane, { verb: 'list', apiGroup: '', resource: 'pods' }, false],
    ['jane deletes a pod', jane, { verb: 'delete', apiGroup: '', resource: 'pods', namespace: 'default', name: 'web' }, false],
    ['a devs member gets a secret in dev', user('bob', 'devs'), { verb: 'get', apiGroup: '', resource: 'secrets', namespace: 'dev', name: 's' }, true],
    ['… but not in default', user('bob', 'devs'), { verb: 'get', apiGroup: '', resource: 'secrets', namespace: 'default', name: 's' }, false],
    ['the service account lists nodes', user('system:serviceaccount:kube-system:monitor', 'system:serviceaccounts'), { verb: 'list', apiGroup: '', resource: 'nodes' }, true],
    ['a namesake in another namespace does not', user('system:serviceaccount:default:monitor'), { verb: 'list', apiGroup: '', resource: 'nodes' }, false],
    ['a user named like the service account does not', user('monitor'), { verb: 'list', apiGroup: '', resource: 'nodes' }, false],
    ['the namespace-less SA subject is the binding namespace\'s', user('system:serviceaccount:default:builder'), { verb: 'get', apiGroup: '', resource: 'pods', namespace: 'default', name: 'x' }, true],
    ['system:masters may do anything', { name: 'root', groups: ['system:masters'] }, { verb: 'delete', apiGroup: '', resource: 'nodes', name: 'n1' }, true],
  ];
  it.each(cases)('%s', (_name, u, attrs, want) => expect(authorize(store, u, attrs)).toBe(want));

  it('denies with the API server\'s Forbidden text, named or not, namespaced or cluster-scoped', () => {
    const text = (a: RequestAttributes) => { try { checkAccess(store, jane, a); return 'allowed'; } catch (e) { return (e as StatusError).message; } };
    expect(text({ verb: 'list', apiGroup: '', resource: 'secrets', namespace: 'default' })).toBe('secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"');
    expect(text({ verb: 'get', apiGroup: '', resource: 'pods', subresource: 'log', namespace: 'default', name: 'web' })).toBe('pods "web" is forbidden: User "jane" cannot get resource "pods/log" in API group "" in the namespace "default"');
    expect(text({ verb: 'list', apiGroup: '', resource: 'nodes' })).toBe('nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope');
    expect(text({ verb: 'get', apiGroup: 'apps', resource: 'deployments', namespace: 'default', name: 'web' })).toBe('deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"');
  });

  it('a user with no bindings holds only what system:authenticated is granted by the default policy', () => {
    const policy = reader(bootstrapPolicy());
    const rules = rulesFor(policy, user('nobody'), 'default');
    expect(rules.flatMap((r) => r.resources ?? [])).toEqual(['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews']);
    expect(authorize(policy, user('nobody'), { verb: 'get', apiGroup: '', resource: 'pods', namespace: 'default', name: 'x' })).toBe(false);
    expect(authorize(policy, user('nobody'), { verb: 'get', path: '/healthz' })).toBe(true);
  });
});

describe('property: RBAC is additive', () => {
  const verb = fc.constantFrom('get', 'list', 'create', 'delete', '*');
  const resource = fc.constantFrom('pods', 'pods/log', 'secrets', '*', '*/scale', 'deployments');
  const group = fc.constantFrom('', 'apps', '*');
  const ruleArb = fc.record({ verbs: fc.array(verb, { minLength: 1, maxLength: 2 }), apiGroups: fc.array(group, { minLength: 1, maxLength: 2 }), resources: fc.array(resource, { minLength: 1, maxLength: 2 }) }) as fc.Arbitrary<PolicyRule>;
  const request = fc.record({ verb, apiGroup: group.filter((g) => g !== '*'), resource: fc.constantFrom('pods', 'secrets', 'deployments'), subresource: fc.constantFrom(undefined, 'log', 'scale'), namespace: fc.constantFrom('default', 'dev') });

  it('adding a rule to a bound role never removes a permission', () => {
    fc.assert(fc.property(fc.array(ruleArb, { maxLength: 4 }), ruleArb, request, (rules, extra, req) => {
      const bound = (rs: PolicyRule[]) => reader([role('r', 'default', rs), binding('RoleBinding', 'b', 'default', 'Role', 'r', [{ kind: 'User', apiGroup: R, name: 'jane' }])]);
      const before = authorize(bound(rules), jane, req);
      return !before || authorize(bound([...rules, extra]), jane, req);
    }));
  });

  it('whatever rules a user holds, they cover themselves (no escalation to grant what one has)', () => {
    fc.assert(fc.property(fc.array(ruleArb, { maxLength: 4 }), (rules) => covers(rules, rules).covered));
  });
});

describe('aggregation (clusterrole-aggregation controller)', () => {
  it('gathers the rules of the selected roles in name order, each rule once, never its own', () => {
    const target: ClusterRole = { metadata: { name: 'monitoring' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/aggregate-to-monitoring': 'true' } }] }, rules: [] };
    const a = clusterRole('b-metrics', [{ verbs: ['get'], apiGroups: [''], resources: ['services'] }], { 'example.com/aggregate-to-monitoring': 'true' });
    const b = clusterRole('a-pods', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verbs: ['get'], apiGroups: [''], resources: ['services'] }], { 'example.com/aggregate-to-monitoring': 'true' });
    const other = clusterRole('c-other', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]);
    expect(aggregatedRules(target, [target as ClusterRole, a as ClusterRole, b as ClusterRole, other as ClusterRole])).toEqual([
      { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
      { verbs: ['get'], apiGroups: [''], resources: ['services'] },
    ]);
  });

  it('the default admin role holds edit\'s and view\'s rules, edit view\'s, as upstream', () => {
    const policy = reader(bootstrapPolicy());
    const grants = (roleName: string, a: RequestAttributes) => authorize(reader([...bootstrapPolicy(), binding('RoleBinding', 'b', 'default', 'ClusterRole', roleName, [{ kind: 'User', apiGroup: R, name: 'jane' }])]), jane, a);
    expect(policy.tryGet('ClusterRole', undefined, 'view')).toBeDefined();
    const listPods = { verb: 'list', apiGroup: '', resource: 'pods', namespace: 'default' };
    const getSecret = { verb: 'get', apiGroup: '', resource: 'secrets', namespace: 'default', name: 's' };
    const createRole = { verb: 'create', apiGroup: R, resource: 'roles', namespace: 'default' };
    expect([grants('view', listPods), grants('view', getSecret), grants('view', createRole)]).toEqual([true, false, false]);
    expect([grants('edit', listPods), grants('edit', getSecret), grants('edit', createRole)]).toEqual([true, true, false]);
    expect([grants('admin', listPods), grants('admin', getSecret), grants('admin', createRole)]).toEqual([true, true, true]);
  });
});

describe('escalation prevention (policy-based storage)', () => {
  const kinds = new KindRegistry();
  const base = [
    role('pod-reader', 'default', [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]),
    clusterRole('rbac-writer', [{ verbs: ['create', 'update'], apiGroups: [R], resources: ['roles', 'rolebindings'] }]),
    binding('RoleBinding', 'jane-reads', 'default', 'Role', 'pod-reader', [{ kind: 'User', apiGroup: R, name: 'jane' }]),
    binding('RoleBinding', 'jane-writes', 'default', 'ClusterRole', 'rbac-writer', [{ kind: 'User', apiGroup: R, name: 'jane' }]),
  ];
  const attempt = (objects: KubeObject[], obj: KubeObject, u = jane) => {
    try { confirmNoEscalation(reader(objects), kinds, u, obj); return 'ok'; } catch (e) { return (e as StatusError).message; }
  };

  it('lets a user write a role with rules they hold', () => {
    expect(attempt(base, role('mine', 'default', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]))).toBe('ok');
  });

  it('refuses rules the user does not hold, listing them compacted as upstream', () => {
    expect(attempt(base, role('more', 'default', [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods', 'secrets'] }]))).toBe(
      'roles.rbac.authorization.k8s.io "more" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n'
      + '{APIGroups:[""], Resources:["pods"], Verbs:["delete"]}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "delete"]}',
    );
  });

  it('allows it with the escalate verb on the role', () => {
    const escalate = [...base, clusterRole('escalator', [{ verbs: ['escalate'], apiGroups: [R], resources: ['roles'] }]), binding('RoleBinding', 'e', 'default', 'ClusterRole', 'escalator', [{ kind: 'User', apiGroup: R, name: 'jane' }])];
    expect(attempt(escalate, role('more', 'default', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]))).toBe('ok');
  });

  it('binding a role takes its rules or the bind verb; a missing role is NotFound', () => {
    const bindView = binding('RoleBinding', 'x', 'default', 'ClusterRole', 'cluster-admin', [{ kind: 'User', apiGroup: R, name: 'bob' }]);
    const objects = [...base, clusterRole('cluster-admin', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }])];
    expect(attempt(objects, bindView)).toMatch(/^rolebindings.rbac.authorization.k8s.io "x" is forbidden: user "jane" \(groups=\["system:authenticated"\]\) is attempting to grant RBAC permissions not currently held:\n\{APIGroups:\["\*"\], Resources:\["\*"\], Verbs:\["\*"\]\}$/);
    expect(attempt(objects, binding('RoleBinding', 'y', 'default', 'Role', 'pod-reader', [{ kind: 'User', apiGroup: R, name: 'bob' }]))).toBe('ok');
    const binder = [...objects, clusterRole('binder', [{ verbs: ['bind'], apiGroups: [R], resources: ['clusterroles'], resourceNames: ['cluster-admin'] }]), binding('RoleBinding', 'bb', 'default', 'ClusterRole', 'binder', [{ kind: 'User', apiGroup: R, name: 'jane' }])];
    expect(attempt(binder, bindView)).toBe('ok');
    expect(attempt(base, binding('RoleBinding', 'z', 'default', 'Role', 'nope', []))).toBe('roles.rbac.authorization.k8s.io "nope" not found');
  });

  it('system:masters may grant anything', () => {
    expect(attempt([], role('all', 'default', [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]), { name: 'admin', groups: ['system:masters'] })).toBe('ok');
  });
});
