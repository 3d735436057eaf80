// Strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch) for the list keys in mergekeys.ts:
// maps merge, null deletes, lists with a merge key merge element by element, `$patch: delete` removes an
// element, `$patch: replace` replaces a map or list, `$deleteFromPrimitiveList/<field>` removes set members.
import { listStrategy } from './mergekeys.ts';
import { jsonEqual } from './mergepatch.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class PatchError extends Error {}

export function applyStrategicMergePatch(original: unknown, patch: unknown, parentField?: string): unknown {
  if (!isObj(patch)) return structuredClone(patch);
  if (patch.$patch === 'replace') {
    const { $patch: _, ...rest } = patch;
    return structuredClone(rest);
  }
  if (patch.$patch === 'delete') return undefined;
  const result: Obj = isObj(original) ? { ...original } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$deleteFromPrimitiveList/')) {
      const field = k.slice('$deleteFromPrimitiveList/'.length);
      const drop = new Set((v as unknown[]).map((x) => JSON.stringify(x)));
      if (Array.isArray(result[field])) result[field] = (result[field] as unknown[]).filter((x) => !drop.has(JSON.stringify(x)));
      continue;
    }
    if (k.startsWith('$setElementOrder/') || k === '$retainKeys' || k === '$patch') continue;
    if (v === null) { delete result[k]; continue; }
    if (Array.isArray(v)) {
      result[k] = mergeList(result[k], v, k, parentField);
      continue;
    }
    if (isObj(v)) {
      const merged = applyStrategicMergePatch(result[k], v, k);
      if (merged === undefined) delete result[k]; else result[k] = merged;
      continue;
    }
    result[k] = v;
  }
  return result;
}

function mergeList(current: unknown, patch: unknown[], field: string, parentField: string | undefined): unknown[] {
  const strategy = listStrategy(field, parentField);
  const list = Array.isArray(current) ? [...current] : [];
  if (patch.some((e) => isObj(e) && e.$patch === 'replace')) return structuredClone(patch.filter((e) => !(isObj(e) && e.$patch === 'replace')));
  if (strategy.kind === 'set') {
    for (const e of patch) if (!list.some((x) => jsonEqual(x, e))) list.push(structuredClone(e));
    return list;
  }
  if (strategy.kind === 'replace') return structuredClone(patch);
  const key = strategy.key;
  for (const e of patch) {
    if (!isObj(e)) throw new PatchError(`unable to find api field in struct for the list "${field}": elements must be objects with the merge key "${key}"`);
    if (!(key in e)) throw new PatchError(`map: ${JSON.stringify(e)} does not contain declared merge key: ${key}`);
    const i = list.findIndex((x) => isObj(x) && jsonEqual(x[key], e[key]));
    if (e.$patch === 'delete') {
      if (i >= 0) list.splice(i, 1);
      continue;
    }
    if (i >= 0) list[i] = applyStrategicMergePatch(list[i], e, field);
    else list.push(applyStrategicMergePatch(undefined, e, field));
  }
  return list;
}

/**
 * A three-way strategic merge patch (CreateThreeWayMergePatch): what changed from `original` (the last applied
 * configuration) to `modified` (the file), computed against `current` (the live object). Fields set only by
 * others stay; fields removed from the file are deleted; keyed list elements merge by key.
 */
export function threeWayStrategicPatch(original: unknown, modified: unknown, current: unknown, parentField?: string): Obj {
  const patch: Obj = {};
  const o = isObj(original) ? original : {};
  const m = isObj(modified) ? modified : {};
  const c = isObj(current) ? current : {};
  for (const k of Object.keys(o)) if (!(k in m) && k in c) patch[k] = null;
  for (const [k, mv] of Object.entries(m)) {
    const cv = c[k];
    if (isObj(mv) && isObj(cv)) {
      const sub = threeWayStrategicPatch(o[k], mv, cv, k);
      if (Object.keys(sub).length) patch[k] = sub;
    } else if (Array.isArray(mv) && Array.isArray(cv)) {
      const sub = listPatch(Array.isArray(o[k]) ? (o[k] as unknown[]) : [], mv, cv, k, parentField);
      if (sub) patch[k] = sub;
    } else if (!jsonEqual(mv, cv)) patch[k] = mv;
  }
  return patch;
}

function listPatch(original: unknown[], modified: unknown[], current: unknown[], field: string, parentField: string | undefined): unknown[] | undefined {
  const strategy = listStrategy(field, parentField);
  if (strategy.kind !== 'merge' || !modified.every(isObj)) return jsonEqual(modified, current) ? undefined : modified;
  const key = strategy.key;
  const find = (list: unknown[], v: unknown) => list.find((x) => isObj(x) && jsonEqual(x[key], v)) as Obj | undefined;
  const out: unknown[] = [];
  for (const me of modified as Obj[]) {
    const ce = find(current, me[key]);
    if (!ce) { out.push(me); continue; }
    const sub = threeWayStrategicPatch(find(original, me[key]), me, ce, field);
    if (Object.keys(sub).length) out.push({ [key]: me[key], ...sub });
  }
  for (const oe of original) {
    if (!isObj(oe)) continue;
    if (!find(modified, oe[key]) && find(current, oe[key])) out.push({ [key]: oe[key], $patch: 'delete' });
  }
  return out.length ? out : undefined;
}
