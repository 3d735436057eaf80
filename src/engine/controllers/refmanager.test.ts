import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../api/object.ts';
import { controllerOf } from '../api/pod.ts';
import { Store } from '../apiserver/store.ts';
import { SharedInformerFactory } from '../client/informer.ts';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { isResync, stillControlledByOtherKind } from './refmanager.ts';

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

describe('isResync', () => {
  it('property: tells the informer\'s resyncs from watch updates as equal resourceVersions do', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('write', 'resync', 'idle'), { maxLength: 30 }), (steps) => {
      const clock = new SimClock();
      const store = new Store(clock, new SeededRng(1));
      store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
      const informers = new SharedInformerFactory(store, clock, 1_000);
      const seen: { resync: boolean; sameVersion: boolean }[] = [];
      informers.informerFor<Pod & KubeObject>('Pod').addEventHandler({
        update: (o, p) => seen.push({ resync: isResync(o, p), sameVersion: o.metadata.resourceVersion === p.metadata.resourceVersion }),
      });
      informers.start();
      for (const name of ['a', 'b']) store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
      clock.advance(1);
      let n = 0;
      for (const step of steps) {
        if (step === 'write') {
          const pod = store.get<Pod>('Pod', 'default', n % 2 ? 'a' : 'b') as Pod & KubeObject;
          store.update({ ...pod, status: { phase: 'Running', message: String(n++) } } as Pod & KubeObject, { subresource: 'status' });
          clock.advance(1);
        } else clock.advance(step === 'resync' ? 1_000 : 10);
      }
      for (const s of seen) expect(s.resync).toBe(s.sameVersion);
      if (steps.includes('write')) expect(seen.some((s) => !s.resync)).toBe(true);
      if (steps.includes('resync')) expect(seen.some((s) => s.resync)).toBe(true);
    }), { numRuns: 50 });
  });
});
