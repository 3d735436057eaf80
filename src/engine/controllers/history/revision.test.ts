import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { goJson } from '../../api/gojson.ts';
import { fnv32, hashControllerRevision, safeEncodeString } from './hash.ts';
import {
  applyRevision, controllerRevisionName, equalRevision, newControllerRevision, nextRevision, rawData, sortControllerRevisions, templatePatch,
  type Revision, type TemplatedObject,
} from './revision.ts';

// The data of a real StatefulSet ControllerRevision ("sample-55d9756b4", collisionCount 0), as kubectl showed it.
const realData = {
  spec: {
    template: {
      $patch: 'replace',
      metadata: { creationTimestamp: null, labels: { app: 'sample' } },
      spec: {
        containers: [{ image: 'nginx:latest', imagePullPolicy: 'Always', name: 'main', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }],
        dnsPolicy: 'ClusterFirst', readinessGates: [{ conditionType: 'InPlaceUpdateReady' }], restartPolicy: 'Always',
        schedulerName: 'default-scheduler', securityContext: {}, terminationGracePeriodSeconds: 30,
      },
    },
  },
};

const set = (template: Record<string, unknown>): TemplatedObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'default', uid: 'u1' }, spec: { template },
});

const revision = (name: string, rev: number, created: string, data: unknown = { a: name }): Revision => ({
  apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name, creationTimestamp: created }, revision: rev, data: data as Revision['data'],
});

describe('hashing', () => {
  it.each([['', 0x811c9dc5], ['a', 0x050c5d7e], ['foobar', 0x31f0b262]])('FNV-1 32 of %j is %d', (s, h) => {
    expect(fnv32(s)).toBe(h);
  });

  it.each([['0123456789', '456789bcdf'], ['4294967295', '86f8fbc6f9'], ['abc', 'vwx']])('SafeEncodeString(%j) = %j', (s, out) => {
    expect(safeEncodeString(s)).toBe(out);
  });

  it('serializes like Go encoding/json: sorted keys, HTML characters escaped', () => {
    expect(goJson({ b: 1, a: ['<x>', '&', null, true], c: { z: 'é\u2028', y: undefined } })).toBe('{"a":["\\u003cx\\u003e","\\u0026",null,true],"b":1,"c":{"z":"é\\u2028"}}');
  });

  it('names a revision as a real API server does (FNV-32 of the patch, then the collision count)', () => {
    expect(hashControllerRevision(goJson(realData), 0)).toBe('55d9756b4');
    expect(hashControllerRevision(goJson(realData), 1)).toBe('55d9756b5');
    expect(hashControllerRevision(goJson(realData), undefined)).toBe('84f96bc456');
  });

  it('builds the patch from a template, adding the creationTimestamp Go always writes', () => {
    const { $patch: _p, ...template } = structuredClone(realData.spec.template);
    delete (template.metadata as { creationTimestamp?: null }).creationTimestamp;
    const patch = templatePatch(set(template));
    expect(rawData({ data: patch } as unknown as Revision)).toBe(goJson(realData));
    const cr = newControllerRevision(set(template) as KubeObject, { app: 'sample' }, patch, 1, 0);
    expect(cr.metadata.name).toBe('web-55d9756b4');
    expect(cr.metadata.labels).toEqual({ app: 'sample', 'controller.kubernetes.io/hash': '55d9756b4' });
    expect(cr.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'StatefulSet', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true });
  });

  it('cuts a long prefix to 223 characters', () => {
    expect(controllerRevisionName('x'.repeat(300), 'h')).toBe(`${'x'.repeat(223)}-h`);
    expect(controllerRevisionName('web', '55d9756b4')).toBe('web-55d9756b4');
  });
});

describe('revision history', () => {
  it('sorts by revision, then creation time, then name', () => {
    const sorted = sortControllerRevisions([
      revision('c', 2, '2026-01-01T00:00:00Z'), revision('b', 1, '2026-01-01T00:00:05Z'),
      revision('a', 1, '2026-01-01T00:00:05Z'), revision('d', 1, '2026-01-01T00:00:01Z'),
    ]);
    expect(sorted.map((r) => r.metadata.name)).toEqual(['d', 'a', 'b', 'c']);
  });

  it.each([[[], 1], [[1], 2], [[1, 2, 7], 8]])('after revisions %j the next is %d', (revs, next) => {
    expect(nextRevision(revs.map((r, i) => revision(`r${i}`, r, '2026-01-01T00:00:00Z')))).toBe(next);
  });

  it('compares revisions by their data bytes, key order aside', () => {
    const a = revision('a', 1, '', { x: 1, y: [1, 2] });
    expect(equalRevision(a, revision('b', 3, '', { y: [1, 2], x: 1 }))).toBe(true);
    expect(equalRevision(a, revision('b', 1, '', { x: 2, y: [1, 2] }))).toBe(false);
    expect(equalRevision(a, undefined)).toBe(false);
    expect(equalRevision(undefined, undefined)).toBe(true);
  });

  it('restores the recorded template (ApplyRevision)', () => {
    const cr = revision('a', 1, '', realData);
    const restored = applyRevision(set({ metadata: { labels: { app: 'other' } }, spec: {} }), cr);
    expect(restored.spec?.template?.metadata?.labels).toEqual({ app: 'sample' });
    expect(restored.spec?.template?.spec?.containers?.[0].image).toBe('nginx:latest');
    expect(restored.spec?.template).not.toHaveProperty('$patch');
  });
});
