import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './jsonpatch.ts';
import { applyMergePatch } from './mergepatch.ts';
import { applyStrategicMergePatch, PatchError, threeWayStrategicPatch } from './strategic.ts';

const pod = {
  spec: {
    containers: [
      { name: 'app', image: 'a:1', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80, protocol: 'TCP' }] },
      { name: 'side', image: 's:1' },
    ],
    tolerations: [{ key: 'x', operator: 'Exists' }],
  },
  metadata: { finalizers: ['a'], labels: { k: 'v' } },
};

describe('JSON merge patch (RFC 7386)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  ])('RFC 7386 example %#', (target, patch, want) => expect(applyMergePatch(target, patch)).toEqual(want));
});

describe('strategic merge patch', () => {
  it('merges containers by name and env by name', () => {
    const out = applyStrategicMergePatch(pod, { spec: { containers: [{ name: 'app', image: 'a:2', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }] }] } }) as typeof pod;
    expect(out.spec.containers).toHaveLength(2);
    expect(out.spec.containers[0].image).toBe('a:2');
    expect(out.spec.containers[0].env).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: '3' }, { name: 'C', value: '4' }]);
    expect(out.spec.containers[1]).toEqual({ name: 'side', image: 's:1' });
  });

  it('deletes an element with $patch: delete and replaces with $patch: replace', () => {
    const del = applyStrategicMergePatch(pod, { spec: { containers: [{ name: 'side', $patch: 'delete' }] } }) as typeof pod;
    expect(del.spec.containers.map((c) => c.name)).toEqual(['app']);
    const rep = applyStrategicMergePatch(pod, { metadata: { labels: { $patch: 'replace', only: 'this' } } }) as typeof pod;
    expect(rep.metadata.labels).toEqual({ only: 'this' });
  });

  it('replaces lists without a merge key and unions finalizers', () => {
    const out = applyStrategicMergePatch(pod, { spec: { tolerations: [{ key: 'y', operator: 'Exists' }] }, metadata: { finalizers: ['b', 'a'] } }) as typeof pod;
    expect(out.spec.tolerations).toEqual([{ key: 'y', operator: 'Exists' }]);
    expect(out.metadata.finalizers).toEqual(['a', 'b']);
    const removed = applyStrategicMergePatch(out, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }) as typeof pod;
    expect(removed.metadata.finalizers).toEqual(['b']);
  });

  it('merges container ports by containerPort', () => {
    const out = applyStrategicMergePatch(pod, { spec: { containers: [{ name: 'app', ports: [{ containerPort: 80, name: 'http' }, { containerPort: 443 }] }] } }) as typeof pod;
    expect(out.spec.containers[0].ports).toEqual([{ containerPort: 80, protocol: 'TCP', name: 'http' }, { containerPort: 443 }]);
  });

  it('refuses an element without its merge key', () => {
    expect(() => applyStrategicMergePatch(pod, { spec: { containers: [{ image: 'x' }] } })).toThrow(PatchError);
  });

  it('three-way: removes what the file dropped, keeps what others set, merges by key', () => {
    const original = { spec: { containers: [{ name: 'app', image: 'a:1' }, { name: 'side', image: 's:1' }] }, metadata: { labels: { k: 'v' } } };
    const modified = { spec: { containers: [{ name: 'app', image: 'a:2' }] }, metadata: {} };
    const current = { spec: { containers: [{ name: 'app', image: 'a:1', imagePullPolicy: 'IfNotPresent' }, { name: 'side', image: 's:1' }] }, metadata: { labels: { k: 'v', other: 'x' } } };
    const patch = threeWayStrategicPatch(original, modified, current);
    expect(patch).toEqual({ spec: { containers: [{ name: 'app', image: 'a:2' }, { name: 'side', $patch: 'delete' }] }, metadata: { labels: null } });
    const out = applyStrategicMergePatch(current, patch) as typeof current;
    expect(out.spec.containers).toEqual([{ name: 'app', image: 'a:2', imagePullPolicy: 'IfNotPresent' }]);
    expect(threeWayStrategicPatch(modified, modified, out)).toEqual({});
  });
});

describe('JSON patch (RFC 6902)', () => {
  const doc = { spec: { replicas: 1, list: ['a', 'b'] }, metadata: { name: 'x' } };
  it('applies add, replace, remove, move, copy and test', () => {
    const out = applyJsonPatch(doc, [
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'add', path: '/spec/list/1', value: 'z' },
      { op: 'add', path: '/spec/list/-', value: 'end' },
      { op: 'remove', path: '/spec/list/0' },
      { op: 'copy', from: '/metadata/name', path: '/metadata/label' },
      { op: 'move', from: '/metadata/label', path: '/spec/moved' },
      { op: 'test', path: '/spec/replicas', value: 3 },
      { op: 'add', path: '/metadata/a~1b', value: 1 },
    ]);
    expect(out).toEqual({ spec: { replicas: 3, list: ['z', 'b', 'end'], moved: 'x' }, metadata: { name: 'x', 'a/b': 1 } });
    expect(doc.spec.replicas).toBe(1);
  });
  it('fails a test op and a missing path with the upstream texts', () => {
    expect(() => applyJsonPatch(doc, [{ op: 'test', path: '/spec/replicas', value: 2 }])).toThrow('testing value /spec/replicas failed: test failed');
    expect(() => applyJsonPatch(doc, [{ op: 'replace', path: '/spec/nope', value: 2 }])).toThrow('doc is missing path: "/spec/nope": missing value');
  });
});
