import { describe, expect, it } from 'vitest';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import type { StoreEvent } from '../apiserver/store.ts';
import fc from 'fast-check';
import { CONTROLLER_INDEX, controllerIndexFunc, ignoresStatus, Informer } from './informer.ts';

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

describe('ignoresStatus indexes', () => {
  // Values from everything such a function may read: labels, annotations, ownerReferences and spec.
  const values = (o: KubeObject) => {
    const m = o.metadata;
    return [`l=${m.labels?.app}`, `a=${m.annotations?.note}`, `o=${m.ownerReferences?.[0]?.uid}`, `n=${(o as { spec?: { nodeName?: string } }).spec?.nodeName}`];
  };
  const universe = ['l=undefined', 'l=web', 'l=api', 'a=undefined', 'a=x', 'a=y', 'o=undefined', 'o=rs-1', 'o=rs-2', 'n=undefined', 'n=w1', 'n=w2'];

  it('list as an index computed on every update does, through status writes and writes of each field it reads', () => {
    const step = fc.record({
      name: fc.constantFrom('a', 'b', 'c'),
      change: fc.constantFrom('status', 'labels', 'annotations', 'owner', 'node', 'copy', 'delete'),
      value: fc.constantFrom(0, 1, 2),
    });
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      // Changes delivered as a watch would, each new version sharing what the step left alone (as stored ones do).
      const clock = new SimClock();
      let deliver: (e: StoreEvent) => void = () => {};
      const store = { list: () => [], resourceVersion: 0, watch: (_k: string, _o: unknown, h: typeof deliver) => { deliver = h; return () => {}; } };
      const inf = new Informer(store as unknown as Store, clock, 'Pod');
      inf.addIndexer('skipping', ignoresStatus((o) => values(o)));
      inf.addIndexer('full', (o) => values(o));
      inf.run();
      const pods = new Map<string, KubeObject & { spec?: object; status?: object }>();
      let rv = 0;
      for (const s of steps) {
        const key = `default/${s.name}`;
        const existing = pods.get(key);
        rv++;
        if (s.change === 'delete' || !existing) {
          const created = { apiVersion: 'v1', kind: 'Pod', metadata: { name: s.name, namespace: 'default', resourceVersion: String(rv) }, spec: {}, status: {} };
          if (s.change === 'delete' && existing) pods.delete(key); else pods.set(key, created);
          deliver({ type: s.change === 'delete' ? 'DELETED' : 'ADDED', object: existing ?? created, resourceVersion: rv, key });
        } else {
          const m = { ...existing.metadata, resourceVersion: String(rv) };
          const pick = <V>(vs: V[]) => vs[s.value];
          let spec = existing.spec, status = existing.status;
          if (s.change === 'status') status = { message: pick(['one', 'two', 'three']) };
          if (s.change === 'labels') m.labels = pick([undefined, { app: 'web' }, { app: 'api' }]);
          if (s.change === 'annotations') m.annotations = pick([undefined, { note: 'x' }, { note: 'y' }]);
          if (s.change === 'owner') m.ownerReferences = pick([undefined, 'rs-1', 'rs-2'].map((uid) => (uid ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: uid, uid, controller: true }] : undefined)));
          if (s.change === 'node') spec = { ...spec, nodeName: pick([undefined, 'w1', 'w2']) };
          // An equal copy of everything: nothing shared, nothing changed.
          const next = s.change === 'copy' ? structuredClone({ ...existing, metadata: m }) : { ...existing, metadata: m, spec, status };
          pods.set(key, next);
          deliver({ type: 'MODIFIED', object: next, resourceVersion: rv, key });
        }
        clock.runUntilIdle();
        const keys = (index: string, v: string) => inf.listByIndex(index, v).map((o) => o.metadata.name);
        for (const v of universe) expect(keys('skipping', v)).toEqual(keys('full', v));
      }
    }), { numRuns: 300 });
  });
});

describe('Informer delivery', () => {
  it('applies each batch in order, and what its handlers write meanwhile in the next flush, after what they deferred', () => {
    const clock = new SimClock();
    const store = new Store(clock, new SeededRng(1));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    const inf = new Informer(store, clock, 'ConfigMap');
    inf.run();
    clock.runUntilIdle();
    const log: string[] = [];
    inf.addEventHandler({
      add: (o) => {
        log.push(o.metadata.name!);
        if (o.metadata.name !== 'a' && o.metadata.name !== 'e') return;
        clock.defer(() => log.push(`after ${o.metadata.name}`));
        store.create(cm(`${o.metadata.name}2`, {}));
        store.create(cm(`${o.metadata.name}3`, {}));
      },
    });
    for (const batch of [['a', 'b'], ['c'], ['d', 'e', 'f', 'g'], ['h']]) {
      for (const name of batch) store.create(cm(name, {}));
      clock.runUntilIdle();
    }
    expect(log).toEqual(['a', 'b', 'after a', 'a2', 'a3', 'c', 'd', 'e', 'f', 'g', 'after e', 'e2', 'e3', 'h']);
  });
});
