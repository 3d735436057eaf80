import { describe, expect, it } from 'vitest';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import { Informer } from './informer.ts';

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
});
