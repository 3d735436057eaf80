// RFC 7386 JSON merge patch, as `kubectl patch --type merge` and the API server apply it.
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete result[k];
    else result[k] = applyMergePatch(result[k], v);
  }
  return result;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep equality for JSON values (used for "did the spec change?" and "unchanged" on apply). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Keys whose value is undefined do not exist in JSON: count the defined keys of both, compare a's against b's.
  // Written without Object.keys/filter: this runs on every write (no-op detection, generation bumps).
  const ao = a as Record<string, unknown>, bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k in ao) {
    const v = ao[k];
    if (v === undefined) continue;
    defined++;
    if (!jsonEqual(v, bo[k])) return false;
  }
  for (const k in bo) if (bo[k] !== undefined) defined--;
  return defined === 0;
}

/**
 * jsonpatch.CreateMergePatch: the RFC 7386 patch that turns `original` into `modified` (removed keys as null,
 * maps recursively, anything else whole when it differs).
 */
export function createMergePatch(original: unknown, modified: unknown): Record<string, unknown> {
  const o = isObject(original) ? original : {};
  const m = isObject(modified) ? modified : {};
  const patch: Record<string, unknown> = {};
  for (const k of Object.keys(o)) if (o[k] !== undefined && m[k] === undefined) patch[k] = null;
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined || jsonEqual(o[k], v)) continue;
    patch[k] = isObject(v) && isObject(o[k]) ? createMergePatch(o[k], v) : v;
  }
  return patch;
}
