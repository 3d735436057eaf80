// Whether two JSON-shaped values serialize the same, key order included, without serializing them.

/**
 * True when JSON.stringify would print a and b alike because they are alike: the same keys in the same order
 * (undefined-valued ones too) and the same primitives. False whenever that is not certain (a Date, another class).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  // The same keys in the same order, compared through a shared scratch list rather than two Object.keys arrays
  // per object (for-in walks a plain object's keys in Object.keys order). Done before looking at any value, so
  // the nested comparisons below may reuse the list.
  let n = 0;
  for (const k in a) keyScratch[n++] = k;
  let i = 0;
  for (const k in b) if (i === n || keyScratch[i++] !== k) return false;
  if (i !== n) return false;
  for (const k in a) if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

const keyScratch: string[] = [];

function isPlain(o: object): boolean {
  const proto = Object.getPrototypeOf(o);
  return proto === Object.prototype || proto === null;
}
