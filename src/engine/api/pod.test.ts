import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from './object.ts';
import { controllerOf, isPodReady, podRequests } from './pod.ts';

const quantity = fc.oneof(fc.constantFrom('100m', '1', '2.5', '128Mi', '1Gi', '0'), fc.nat(5000).map(String));
const requests = fc.dictionary(fc.constantFrom('cpu', 'memory', 'nvidia.com/gpu', 'ephemeral-storage'), quantity, { maxKeys: 3 });
const container = (name: string) => requests.map((r) => ({ name, resources: { requests: r } }));
const pod = fc.record({
  containers: fc.array(container('c'), { minLength: 1, maxLength: 3 }),
  initContainers: fc.array(container('i'), { maxLength: 2 }),
  overhead: fc.option(requests, { nil: undefined }),
}).map(({ containers, initContainers, overhead }): Pod => ({ spec: { containers, initContainers, ...(overhead ? { overhead } : {}) } }));

describe('podRequests', () => {
  it('property: a stored (frozen) pod has the requests of an unfrozen copy, however often asked, and they cannot be changed', () => {
    fc.assert(fc.property(pod, (p) => {
      const fresh = podRequests(structuredClone(p));
      const stored = deepFreeze(structuredClone(p));
      expect(podRequests(stored)).toEqual(fresh);
      expect(podRequests(stored)).toBe(podRequests(stored));
      expect(Object.isFrozen(podRequests(stored))).toBe(true);
      // A status write keeps the spec: the same answer for the new version.
      expect(podRequests(deepFreeze({ ...stored, status: { phase: 'Running' } }))).toBe(podRequests(stored));
    }));
  });
});

describe('podRequests of pods sharing a frozen containers list', () => {
  it('property: each pod has the requests of an unfrozen copy of itself, whatever other pods share its containers', () => {
    const shape = fc.record({ initContainers: fc.option(fc.array(container('i'), { maxLength: 2 }), { nil: undefined }), overhead: fc.option(requests, { nil: undefined }) });
    fc.assert(fc.property(fc.array(container('c'), { minLength: 1, maxLength: 3 }), fc.array(shape, { minLength: 1, maxLength: 4 }), (list, shapes) => {
      const containers = deepFreeze(list);
      for (const { initContainers, overhead } of shapes) {
        const p: Pod = { spec: { containers, ...(initContainers ? { initContainers } : {}), ...(overhead ? { overhead } : {}) } };
        expect(podRequests(deepFreeze(structuredClone(p)))).toEqual(podRequests(structuredClone(p)));
        expect(podRequests(deepFreeze(p))).toEqual(podRequests(structuredClone(p)));
      }
    }));
  });
});

describe('controllerOf and isPodReady', () => {
  const ref = fc.record({ kind: fc.constantFrom('ReplicaSet', 'Job'), name: fc.constantFrom('a', 'b'), uid: fc.constantFrom('u1', 'u2'), apiVersion: fc.constant('apps/v1'), controller: fc.option(fc.boolean(), { nil: undefined }) });
  const condition = fc.record({ type: fc.constantFrom('Ready', 'PodScheduled', 'ContainersReady'), status: fc.constantFrom('True', 'False', 'Unknown') });
  it('property: the first reference marked controller, and Ready only with a Ready=True condition (as find and some)', () => {
    fc.assert(fc.property(fc.option(fc.array(ref, { maxLength: 4 }), { nil: undefined }), fc.option(fc.array(condition, { maxLength: 4 }), { nil: undefined }), (refs, conditions) => {
      const p = deepFreeze({ metadata: { ownerReferences: refs }, status: { conditions } });
      expect(controllerOf(p)).toBe(refs?.find((r) => r.controller));
      expect(isPodReady(p)).toBe(!!conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    }));
  });
});
