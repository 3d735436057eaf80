import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deepFreeze } from './object.ts';

/** Every object and array in the graph. */
function parts(v: unknown, out: object[] = []): object[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(v);
  for (const x of Object.values(v)) parts(x, out);
  return out;
}

describe('deepFreeze', () => {
  it('property: freezes every object and array of a JSON value, frozen parts included, and changes nothing', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.boolean(), (value, preFreezeAPart) => {
      const copy = structuredClone(value);
      // A part frozen already (a shared, stored part) is left as it is, inside too; the rest still gets frozen.
      const inner = parts(copy)[1];
      if (preFreezeAPart && inner) Object.freeze(inner);
      const leftAlone = new Set(preFreezeAPart && inner ? parts(inner) : []);
      expect(deepFreeze(copy)).toBe(copy);
      expect(copy).toEqual(value);
      for (const p of parts(copy)) if (!leftAlone.has(p)) expect(Object.isFrozen(p)).toBe(true);
    }));
  });
});
