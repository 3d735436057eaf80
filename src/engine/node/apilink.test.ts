import { describe, expect, it } from 'vitest';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import type { KubeObject } from '../api/object.ts';
import { Store } from '../apiserver/store.ts';
import { ApiLink } from './apilink.ts';

const cm = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { k: 'v' } });

describe('ApiLink', () => {
  it('reads and writes the store while up; while down its writes are lost and reads still answer', () => {
    const store = new Store(new SimClock(), new SeededRng(1));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    const a = new ApiLink(store), b = new ApiLink(store);
    a.store.create(cm('one'));
    expect(store.tryGet('ConfigMap', 'default', 'one')?.data).toEqual({ k: 'v' });
    expect(b.store.resourceVersion).toBe(store.resourceVersion);
    a.up = false;
    const lost = cm('two');
    expect(a.store.create(lost)).toBe(lost);
    expect(a.store.delete('ConfigMap', 'default', 'one')).toBe(store.tryGet('ConfigMap', 'default', 'one'));
    expect(store.count('ConfigMap')).toBe(1);
    // Another machine's link is not affected, and reads follow the store's changes.
    b.store.create(cm('three'));
    expect(a.store.tryGet('ConfigMap', 'default', 'three')).toBeDefined();
    expect(a.store.resourceVersion).toBe(store.resourceVersion);
    store.available = false;
    b.store.create(cm('four'));
    expect(store.count('ConfigMap')).toBe(2);
  });
});
