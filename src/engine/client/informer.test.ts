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

  it('list each value\'s objects in the order a set per value would keep them, whether one object has the value or several', () => {
    // One value per object ("data"), often its own; label pairs, some shared: the reference keeps a Set per value.
    const dataValue = (o: KubeObject) => [(o as { data?: { v?: string } }).data?.v ?? ''];
    const step = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd'), data: fc.constantFrom('x', 'y', 'z', 'w'),
      labels: fc.subarray(['app=web', 'tier=front', 'tier=back']), remove: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      const clock = new SimClock();
      const store = new Store(clock, new SeededRng(1));
      store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
      const inf = new Informer(store, clock, 'ConfigMap');
      const fns: Record<string, (o: KubeObject) => string[]> = { data: dataValue, labels: pairs };
      for (const [name, fn] of Object.entries(fns)) inf.addIndexer(name, fn);
      inf.run();
      const ref = new Map(Object.keys(fns).map((name) => [name, new Map<string, Set<string>>()]));
      const refPut = (key: string, obj: KubeObject | undefined, old: KubeObject | undefined) => {
        for (const [name, fn] of Object.entries(fns)) {
          const idx = ref.get(name)!;
          const values = obj ? fn(obj) : [], oldValues = old ? fn(old) : [];
          if (obj && old && values.join('\n') === oldValues.join('\n')) continue;
          for (const v of oldValues) { idx.get(v)?.delete(key); if (idx.get(v)?.size === 0) idx.delete(v); }
          for (const v of values) { if (!idx.has(v)) idx.set(v, new Set()); idx.get(v)!.add(key); }
        }
      };
      for (const s of steps) {
        const key = `default/${s.name}`;
        const existing = store.tryGet('ConfigMap', 'default', s.name);
        if (s.remove) {
          if (!existing) continue;
          store.delete('ConfigMap', 'default', s.name);
          refPut(key, undefined, existing);
        } else {
          const labels = Object.fromEntries(s.labels.map((l) => l.split('=')));
          const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: s.name, namespace: 'default', labels }, data: { v: s.data } };
          refPut(key, existing ? store.update(obj) : store.create(obj), existing);
        }
        clock.runUntilIdle();
        for (const [name, idx] of ref) {
          for (const value of ['x', 'y', 'z', 'w', 'app=web', 'tier=front', 'tier=back']) {
            const want = [...(idx.get(value) ?? [])];
            expect(inf.listByIndex(name, value).map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(want);
            expect(inf.countByIndex(name, value)).toBe(want.length);
          }
        }
      }
    }), { numRuns: 200 });
  });

  it('build the namespace index on first use, listing as one kept from the start would', () => {
    const step = fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd'), namespace: fc.constantFrom('default', 'other'), data: fc.constantFrom('x', 'y'), remove: fc.boolean() });
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), fc.nat({ max: 30 }), (steps, lateAt) => {
      const clock = new SimClock();
      const store = new Store(clock, new SeededRng(1));
      for (const name of ['default', 'other']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
      const early = new Informer(store, clock, 'ConfigMap');
      const late = new Informer(store, clock, 'ConfigMap');
      early.run();
      late.run();
      const listed = (inf: Informer, ns: string) => inf.listByIndex('namespace', ns).map((o) => o.metadata.name);
      listed(early, 'default');
      steps.forEach((s, i) => {
        const existing = store.tryGet('ConfigMap', s.namespace, s.name);
        if (s.remove) { if (existing) store.delete('ConfigMap', s.namespace, s.name); } else {
          const obj: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: s.name, namespace: s.namespace }, data: { v: s.data } };
          if (existing) store.update(obj); else store.create(obj);
        }
        clock.runUntilIdle();
        if (i === lateAt) listed(late, 'other');
        if (i >= lateAt) for (const ns of ['default', 'other']) expect(listed(late, ns)).toEqual(listed(early, ns));
      });
      for (const ns of ['default', 'other']) expect([listed(late, ns), late.countByIndex('namespace', ns)]).toEqual([listed(early, ns), early.countByIndex('namespace', ns)]);
    }), { numRuns: 200 });
  });
});
