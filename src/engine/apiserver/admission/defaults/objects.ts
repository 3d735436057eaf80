// Helpers the defaulting functions share: they fill plain JSON objects in place, creating parents on the way.
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const NONE: readonly Obj[] = [];

/** The objects of a list, to walk: the list itself when it holds nothing else (no copy per pod and list). */
export function objects(v: unknown): readonly Obj[] {
  if (!Array.isArray(v)) return NONE;
  for (let i = 0; i < v.length; i++) if (!isObj(v[i])) return v.filter(isObj);
  return v as Obj[];
}

/** parent[key] as an object, created empty when missing. */
export function ensureObj(parent: Obj, key: string): Obj {
  const v = parent[key];
  if (isObj(v)) return v;
  const o: Obj = {};
  parent[key] = o;
  return o;
}
