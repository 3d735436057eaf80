import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../api/object.ts';
import { controllerOf } from '../api/pod.ts';
import { stillControlledByOtherKind } from './refmanager.ts';

describe('stillControlledByOtherKind', () => {
  const ref = (kind: string, controller: boolean): OwnerReference => ({ apiVersion: 'apps/v1', kind, name: 'x', uid: `${kind}-uid`, controller });
  const refSets: (OwnerReference[] | undefined)[] = [
    undefined, [ref('ReplicaSet', true)], [ref('StatefulSet', true)], [ref('ReplicaSet', false)], [ref('ConfigMap', false), ref('DaemonSet', true)],
  ];
  const pod = (ownerReferences: OwnerReference[] | undefined): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ownerReferences } });

  it('holds only when neither version has a controller of the kind and the new one has a controller (never skipping a pod of the kind)', () => {
    fc.assert(fc.property(fc.nat({ max: refSets.length - 1 }), fc.nat({ max: refSets.length - 1 }), fc.boolean(), fc.constantFrom('StatefulSet', 'DaemonSet'), (a, b, copy, kind) => {
      const oldRefs = refSets[a];
      // The same stored array, or an equal copy (a write that replaced the references).
      const newRefs = a === b && !copy ? oldRefs : structuredClone(refSets[b]);
      const old = pod(oldRefs), cur = pod(newRefs);
      const skips = stillControlledByOtherKind(old, cur, kind);
      if (skips) {
        for (const o of [old, cur]) expect(controllerOf(o)?.kind).not.toBe(kind);
        expect(controllerOf(cur)).toBeDefined();
      }
      // A status write of a pod another kind controls (the shared references) is what it is for.
      if (oldRefs === newRefs && controllerOf(cur) && controllerOf(cur)!.kind !== kind) expect(skips).toBe(true);
    }), { numRuns: 300 });
  });
});
