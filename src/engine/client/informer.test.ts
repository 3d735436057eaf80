import { describe, expect, it } from 'vitest';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import fc from 'fast-check';
import { CONTROLLER_INDEX, controllerIndexFunc, Informer } from './informer.ts';

const pairs = (o: KubeObject) => Object.entries(o.metadata.labels ?? {}).map(([k, v]) => `${k}=${v}`);

function setup() {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const inf = new Informer(store, clock, 'ConfigMap');
  inf.addIndexer('labels', pairs);
  inf.run();
  const names = (value: string) => inf.listByIndex('labels', value).map((o) => o.metadata.name).sort();
  return { clock, store, names };
}

const cm = (name: string, labels: Record<string, string>, data = 'a'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', labels }, data: { v: data } });

describe('Informer indexes', () => {
  it('keep a multi-valued entry through updates that leave the values alone, and move it when they change', () => {
    const { clock, store, names } = setup();
    store.create(cm('a', { app: 'web', tier: 'front' }));
    store.create(cm('b', { app: 'web', tier: 'back' }));
    clock.runUntilIdle();
    store.update(cm('a', { app: 'web', tier: 'front' }, 'b'));
    clock.runUntilIdle();
    expect(names('app=web')).toEqual(['a', 'b']);
    expect(names('tier=front')).toEqual(['a']);
    // Same number of values, one of them different.
    store.update(cm('a', { app: 'web', tier: 'back' }, 'c'));
    clock.runUntilIdle();
    expect(names('tier=front')).toEqual([]);
    expect(names('tier=back')).toEqual(['a', 'b']);
    store.update(cm('b', { app: 'api' }, 'c'));
    clock.runUntilIdle();
    expect(names('app=web')).toEqual(['a']);
    expect(names('app=api')).toEqual(['b']);
    expect(names('tier=back')).toEqual(['a']);
  });

  it('answer every value (and count it) as a filter of the whole cache would, with values shared between objects (namespace, controller)', () => {
    const owner = (uid: string) => [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: uid, uid, controller: true }];
    const step = fc.record({
      name: fc.constantFrom('a', 'b', 'c'), namespace: fc.constantFrom('default', 'other'),
      controller: fc.constantFrom(undefined, 'rs-1', 'rs-2'), data: fc.constantFrom('x', 'y'), remove: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
      const clock = new SimClock();
      const store = new Store(clock, new SeededRng(1));
      for (const name of ['default', 'other']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
      const inf = new Informer(store, clock, 'ConfigMap');
      inf.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
      inf.run();
      for (const s of steps) {
        const existing = store.tryGet('ConfigMap', s.namespace, s.name);
        if (s.remove) { if (existing) store.delete('ConfigMap', s.namespace, s.name); continue; }
        const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: s.name, namespace: s.namespace, ownerReferences: s.controller ? owner(s.controller) : undefined }, data: { v: s.data } };
        if (existing) store.update(obj); else store.create(obj);
        clock.runUntilIdle();
        const all = inf.list();
        const keys = (objs: KubeObject[]) => objs.map((o) => `${o.metadata.namespace}/${o.metadata.name}`).sort();
        for (const value of ['rs-1', 'rs-2', 'orphan:default', 'orphan:other']) {
          expect(keys(inf.listByIndex(CONTROLLER_INDEX, value))).toEqual(keys(all.filter((o) => controllerIndexFunc(o).includes(value))));
        }
        for (const ns of ['default', 'other']) expect(keys(inf.listByIndex('namespace', ns))).toEqual(keys(all.filter((o) => o.metadata.namespace === ns)));
        for (const value of ['rs-1', 'rs-2', 'orphan:default', 'orphan:other']) expect(inf.countByIndex(CONTROLLER_INDEX, value)).toBe(inf.listByIndex(CONTROLLER_INDEX, value).length);
        for (const ns of ['default', 'other', 'none']) expect(inf.countByIndex('namespace', ns)).toBe(inf.listByIndex('namespace', ns).length);
      }
    }), { numRuns: 100 });
  });
});
