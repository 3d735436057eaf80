// Helpers the defaulting functions share: they fill plain JSON objects in place, creating parents on the way.
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** parent[key] as an object, created empty when missing. */
export function ensureObj(parent: Obj, key: string): Obj {
  const v = parent[key];
  if (isObj(v)) return v;
  const o: Obj = {};
  parent[key] = o;
  return o;
}
