// kubectl apply's three-way merge: fields removed from the file since the last apply are deleted, fields in
// the file overwrite the live object, fields set by others (controllers, defaults) stay.
// Simplification: lists are replaced whole (JSON merge patch); strategic merge by list keys comes later.
import { jsonEqual } from '../apiserver/patch/mergepatch.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON merge patch from (original, modified, current); empty object when nothing changes. */
export function threeWayMergePatch(original: unknown, modified: unknown, current: unknown): Obj {
  const patch: Obj = {};
  const o = isObj(original) ? original : {};
  const m = isObj(modified) ? modified : {};
  const c = isObj(current) ? current : {};
  for (const k of Object.keys(o)) if (!(k in m) && k in c) patch[k] = null;
  for (const [k, mv] of Object.entries(m)) {
    const cv = c[k];
    if (isObj(mv) && isObj(cv)) {
      const sub = threeWayMergePatch(o[k], mv, cv);
      if (Object.keys(sub).length) patch[k] = sub;
    } else if (Array.isArray(mv) && Array.isArray(cv) ? !isSubset(mv, cv) : !jsonEqual(mv, cv)) patch[k] = mv;
  }
  return patch;
}

/** Every field the file sets is already so in the live value (lists element by element). */
function isSubset(m: unknown, c: unknown): boolean {
  if (Array.isArray(m)) return Array.isArray(c) && m.length === c.length && m.every((x, i) => isSubset(x, c[i]));
  if (isObj(m)) return isObj(c) && Object.entries(m).every(([k, v]) => isSubset(v, c[k]));
  return jsonEqual(m, c);
}
