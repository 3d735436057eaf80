import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameJson } from './samejson.ts';

/** v with one change at a random depth: a value replaced, a key added or removed, or two keys swapped in order. */
function changed(v: unknown, pick: number): unknown {
  if (typeof v !== 'object' || v === null) return pick % 2 ? [v] : { v };
  if (Array.isArray(v)) {
    if (!v.length || pick % 3 === 0) return [...v, null];
    const i = pick % v.length;
    return v.map((x, j) => (j === i ? changed(x, Math.floor(pick / 3)) : x));
  }
  const keys = Object.keys(v);
  const o = v as Record<string, unknown>;
  if (!keys.length || pick % 4 === 0) return { ...o, ['k' + pick]: 1 };
  if (pick % 4 === 1) { const { [keys[0]]: _gone, ...rest } = o; return rest; }
  if (pick % 4 === 2 && keys.length > 1) return Object.fromEntries([...keys.slice(1), keys[0]].map((k) => [k, o[k]]));
  const k = keys[pick % keys.length];
  return { ...o, [k]: changed(o[k], Math.floor(pick / 4)) };
}

describe('sameJson', () => {
  it('property: true exactly when JSON.stringify prints both alike, key order included', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.nat(), fc.boolean(), (a, pick, change) => {
      const b = change ? changed(structuredClone(a), pick) : structuredClone(a);
      expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      expect(sameJson(b, a)).toBe(JSON.stringify(a) === JSON.stringify(b));
    }), { numRuns: 2000 });
  });

  it('counts keys whose value is undefined, and tells a Date from a plain object', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ d: new Date(0) }, { d: new Date(0) })).toBe(false);
    expect(sameJson({ a: { b: 1, c: 2 } }, { a: { c: 2, b: 1 } })).toBe(false);
  });
});
