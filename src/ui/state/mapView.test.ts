import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MapView } from './mapView.ts';

const keyOf = (v: { k: string }) => v.k;

describe('MapView', () => {
  it('gives a new view only when something changed, and a reset starts from nothing', () => {
    const a = new MapView<{ k: string; n: number }>();
    const b = a.apply({ upserts: [{ k: 'x', n: 1 }], deletes: [] }, keyOf, false);
    expect(b).not.toBe(a);
    expect(b.apply({ upserts: [], deletes: [] }, keyOf, false)).toBe(b);
    const c = b.apply({ upserts: [{ k: 'y', n: 2 }], deletes: [] }, keyOf, true);
    expect([...c.keys()]).toEqual(['y']);
    // The view before a reset keeps the map it had.
    expect([...b.values()]).toEqual([{ k: 'x', n: 1 }]);
    const seen: string[] = [];
    c.forEach((v, k, m) => seen.push(`${k}=${v.n}:${m === c}`));
    expect(seen).toEqual(['y=2:true']);
  });

  it('tells its changes only to the view it was made from', () => {
    const a = new MapView<{ k: string; n: number }>();
    const b = a.apply({ upserts: [{ k: 'x', n: 1 }, { k: 'y', n: 1 }], deletes: [] }, keyOf, false);
    const c = b.apply({ upserts: [{ k: 'x', n: 2 }], deletes: ['y', 'z'] }, keyOf, false);
    expect(c.changesSince(b)).toEqual({ upserts: [{ k: 'x', n: 2 }], removed: [{ k: 'y', n: 1 }, { k: 'x', n: 1 }] });
    // Two steps back, or across a reset, only a full pass knows.
    expect(c.changesSince(a)).toBeUndefined();
    expect(b.changesSince(a)).toBeUndefined();
    expect(c.apply({ upserts: [], deletes: [] }, keyOf, true).changesSince(c)).toBeUndefined();
  });

  it('holds what a Map holds after the same deletes and upserts', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(fc.property(fc.array(fc.record({ ups: fc.array(fc.tuple(key, fc.nat(9)), { maxLength: 3 }), dels: fc.array(key, { maxLength: 2 }), reset: fc.boolean() })), (steps) => {
      let view = new MapView<{ k: string; n: number }>();
      let ref = new Map<string, number>();
      for (const s of steps) {
        const ups = s.ups.map(([k, n]) => ({ k, n }));
        view = view.apply({ upserts: ups, deletes: s.dels }, keyOf, s.reset);
        if (s.reset) ref = new Map();
        for (const k of s.dels) ref.delete(k);
        for (const u of ups) ref.set(u.k, u.n);
      }
      expect(view.size).toBe(ref.size);
      expect([...view].map(([k, v]) => [k, v.n])).toEqual([...ref]);
      for (const k of ['a', 'b', 'c', 'd']) expect(view.has(k)).toBe(ref.has(k));
    }));
  });
});
