import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import type { KubeObject } from '../api/object.ts';
import { Store } from './store.ts';
import { PartInterner } from './intern.ts';

type P = Pod & KubeObject;

function newStore() {
  const store = new Store(new SimClock(), new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return store;
}

const pod = (name: string, labels: Record<string, string>, image: string): P => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'app', image, resources: { requests: { cpu: '100m' } } }], tolerations: [{ key: 'k', operator: 'Exists' }] },
});

describe('PartInterner (pods share their template parts)', () => {
  it('stores equal template parts of two pods as one frozen object, and different parts apart', () => {
    const store = newStore();
    const a = store.create(pod('a', { app: 'web' }, 'nginx:1.27'));
    const b = store.create(pod('b', { app: 'web' }, 'nginx:1.27'));
    const c = store.create(pod('c', { app: 'db' }, 'redis:7'));
    expect(b.spec!.containers).toBe(a.spec!.containers);
    expect(b.spec!.tolerations).toBe(a.spec!.tolerations);
    expect(b.metadata.labels).toBe(a.metadata.labels);
    expect(c.spec!.containers).not.toBe(a.spec!.containers);
    expect(c.spec!.containers[0].image).toBe('redis:7');
    expect(Object.isFrozen(a.spec!.containers[0].resources)).toBe(true);
  });

  it('pods whose status writes carry equal conditions share them; a different condition list is kept apart', () => {
    const store = newStore();
    const cond = (status: string) => [{ type: 'Ready', status, lastProbeTime: null as unknown as string, lastTransitionTime: '2026-01-01T00:00:00Z' }];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => store.create(pod(n, { app: 'web' }, 'nginx:1.27')));
    const write = (p: P, status: string) => store.update({ ...p, status: { phase: 'Running', conditions: cond(status) } } as P, { subresource: 'status' });
    const [wa, wb, wc] = [write(a, 'True'), write(b, 'True'), write(c, 'False')];
    expect(wb.status!.conditions).toBe(wa.status!.conditions);
    expect(wc.status!.conditions).toEqual(cond('False'));
    expect(Object.isFrozen(wa.status!.conditions![0])).toBe(true);
  });

  it('a write to one pod never shows in another that shares its parts', () => {
    const store = newStore();
    store.create(pod('a', { app: 'web' }, 'nginx:1.27'));
    const b = store.create(pod('b', { app: 'web' }, 'nginx:1.27'));
    store.patch('Pod', 'default', 'a', { metadata: { labels: { app: 'web', extra: 'x' } } });
    expect(store.get<P>('Pod', 'default', 'a').metadata.labels).toEqual({ app: 'web', extra: 'x' });
    expect(store.get<P>('Pod', 'default', 'b').metadata.labels).toEqual({ app: 'web' });
    expect(store.get<P>('Pod', 'default', 'b').metadata.labels).toBe(b.metadata.labels);
  });

  it('keeps every stored pod equal to what was written, whatever parts repeat', () => {
    const labels = fc.dictionary(fc.constantFrom('app', 'tier', 'x'), fc.constantFrom('a', 'b'), { maxKeys: 2 });
    fc.assert(fc.property(fc.array(fc.tuple(labels, fc.constantFrom('nginx:1.27', 'redis:7')), { minLength: 1, maxLength: 12 }), (specs) => {
      const store = newStore();
      specs.forEach(([l, image], i) => store.create(pod(`p${i}`, l, image)));
      specs.forEach(([l, image], i) => {
        const got = store.get<P>('Pod', 'default', `p${i}`);
        expect(got.metadata.labels ?? {}).toEqual(l);
        expect(got.spec!.containers.map((c) => c.image)).toEqual([image]);
      });
    }), { numRuns: 50 });
  });

  it('shares the parts of pods loaded from a snapshot too', () => {
    const store = newStore();
    store.create(pod('a', { app: 'web' }, 'nginx:1.27'));
    store.create(pod('b', { app: 'web' }, 'nginx:1.27'));
    const restored = new Store(new SimClock(), new SeededRng(1));
    restored.load(store.dump(), store.resourceVersion);
    const [a, b] = ['a', 'b'].map((n) => restored.get<P>('Pod', 'default', n));
    expect(b.spec!.containers).toBe(a.spec!.containers);
    expect(b.metadata.labels).toEqual({ app: 'web' });
    expect(Object.isFrozen(b.spec!.containers)).toBe(true);
  });

  it('forgets the oldest parts beyond its bound, and still returns equal values', () => {
    const interner = new PartInterner(2);
    const first = interner.intern({ a: 1 });
    interner.intern({ b: 1 });
    interner.intern({ c: 1 });
    const again = interner.intern({ a: 1 });
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(interner.intern({ c: 1 })).toEqual({ c: 1 });
  });

  it("a field's recent part is the part the lookup by JSON would return, through key orders, undefined keys and forgetting", () => {
    // Parts that are alike, differ only in key order, or only by a key left undefined (the same JSON).
    const variants = [
      () => ({ name: 'app', image: 'nginx' }), () => ({ image: 'nginx', name: 'app' }),
      () => ({ name: 'app', image: 'nginx', tag: undefined }), () => ({ name: 'db', image: 'redis' }),
      () => [{ key: 'k' }], () => [{ key: 'k', value: undefined }], () => ({ d: new Date(0) }), () => ({ d: new Date(1) }),
    ];
    const step = fc.record({ variant: fc.nat(variants.length - 1), field: fc.constantFrom('containers', 'tolerations') });
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), fc.integer({ min: 1, max: 4 }), (steps, max) => {
      const withFields = new PartInterner(max);
      const byJsonOnly = new PartInterner(max);
      const a = steps.map((s) => withFields.intern(variants[s.variant](), s.field));
      const b = steps.map((s) => byJsonOnly.intern(variants[s.variant]()));
      for (let i = 0; i < a.length; i++) {
        expect(JSON.stringify(a[i])).toBe(JSON.stringify(b[i]));
        for (let j = 0; j < i; j++) expect(a[i] === a[j]).toBe(b[i] === b[j]);
      }
    }), { numRuns: 300 });
  });
});
