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
