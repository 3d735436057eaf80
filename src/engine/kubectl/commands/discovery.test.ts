import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

describe('kubectl api-versions', () => {
  it('lists each served group/version once, sorted as strings', () => {
    const c = clusterWithNodes(1);
    const versions = mustExec(c, 'kubectl api-versions').trim().split('\n');
    expect(versions).toEqual([...new Set(versions)].sort());
    expect(versions).toEqual(expect.arrayContaining(['apps/v1', 'batch/v1', 'events.k8s.io/v1', 'networking.k8s.io/v1', 'v1']));
    expect(versions.at(-1)).toBe('v1');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget}\n  scope: Namespaced\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n');
    c.advance(1);
    expect(mustExec(c, 'kubectl api-versions')).toContain('\nexample.com/v1\n');
  });
});

describe('kubectl api-resources', () => {
  it('filters by --namespaced and --api-group only when given, and prints -o name as RESOURCE[.GROUP]', () => {
    const c = clusterWithNodes(1);
    const names = (line: string) => mustExec(c, line).trim().split('\n');
    const clusterScoped = names('kubectl api-resources --namespaced=false -o name');
    expect(clusterScoped).toEqual(expect.arrayContaining(['nodes', 'namespaces', 'persistentvolumes', 'clusterroles.rbac.authorization.k8s.io', 'storageclasses.storage.k8s.io']));
    expect(clusterScoped).not.toContain('pods');
    // Any value strconv.ParseBool takes.
    expect(names('kubectl api-resources --namespaced=0 -o name')).toEqual(clusterScoped);
    const namespacedOnly = names('kubectl api-resources --namespaced -o name');
    expect(namespacedOnly).toEqual(expect.arrayContaining(['pods', 'services', 'deployments.apps', 'roles.rbac.authorization.k8s.io']));
    expect(namespacedOnly).not.toContain('nodes');
    expect(names('kubectl api-resources -o name').length).toBe(clusterScoped.length + namespacedOnly.length);
    // An empty --api-group is the core group.
    expect(names('kubectl api-resources --api-group= -o name').every((n) => !n.includes('.'))).toBe(true);
    const apps = names('kubectl api-resources --api-group=apps --no-headers');
    expect(apps.map((l) => l.split(/\s+/)[0])).toEqual(['controllerrevisions', 'daemonsets', 'deployments', 'replicasets', 'statefulsets']);
    expect(c.exec('kubectl api-resources -o wide-ish').stderr.trim()).toBe('error: --output wide-ish is not available');
    expect(c.exec('kubectl api-resources --namespaced=maybe').stderr.trim()).toBe('error: invalid argument "maybe" for "--namespaced" flag: strconv.ParseBool: parsing "maybe": invalid syntax');
  });
});
