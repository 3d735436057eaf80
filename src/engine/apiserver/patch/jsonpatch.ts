// RFC 6902 JSON patch (`kubectl patch --type json`): add, remove, replace, move, copy, test on JSON pointers.
import { jsonEqual } from './mergepatch.ts';
import { PatchError } from './strategic.ts';

export interface JsonPatchOp { op: string; path: string; value?: unknown; from?: string }

export function applyJsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw new PatchError('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let result = structuredClone(doc);
  for (const raw of ops as JsonPatchOp[]) {
    const op = raw?.op;
    switch (op) {
      case 'add': result = put(result, raw.path, raw.value, 'add'); break;
      case 'replace': get(result, raw.path); result = put(result, raw.path, raw.value, 'replace'); break;
      case 'remove': get(result, raw.path); result = removeAt(result, raw.path); break;
      case 'move': { const v = get(result, raw.from ?? ''); result = removeAt(result, raw.from ?? ''); result = put(result, raw.path, v, 'add'); break; }
      case 'copy': result = put(result, raw.path, structuredClone(get(result, raw.from ?? '')), 'add'); break;
      case 'test':
        if (!jsonEqual(get(result, raw.path), raw.value)) throw new PatchError(`testing value ${raw.path} failed: test failed`);
        break;
      default: throw new PatchError(`Unexpected kind: ${String(op)}`);
    }
  }
  return result;
}

function tokens(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`add operation does not apply: doc is missing path: "${path}": missing value`);
  return path.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function get(doc: unknown, path: string): unknown {
  let cur = doc;
  for (const t of tokens(path)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (cur && typeof cur === 'object') cur = (cur as Record<string, unknown>)[t];
    else cur = undefined;
    if (cur === undefined) throw new PatchError(`doc is missing path: "${path}": missing value`);
  }
  return cur;
}

function put(doc: unknown, path: string, value: unknown, mode: 'add' | 'replace'): unknown {
  const ts = tokens(path);
  if (!ts.length) return structuredClone(value);
  const parent = get(doc, parentPath(ts));
  const last = ts[ts.length - 1];
  if (Array.isArray(parent)) {
    const i = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(i) || i < 0 || i > parent.length) throw new PatchError(`add operation does not apply: doc is missing path: "${path}": missing value`);
    if (mode === 'add') parent.splice(i, 0, structuredClone(value)); else parent[i] = structuredClone(value);
  } else if (parent && typeof parent === 'object') {
    (parent as Record<string, unknown>)[last] = structuredClone(value);
  } else throw new PatchError(`add operation does not apply: doc is missing path: "${path}": missing value`);
  return doc;
}

function removeAt(doc: unknown, path: string): unknown {
  const ts = tokens(path);
  const parent = get(doc, parentPath(ts));
  const last = ts[ts.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<string, unknown>)[last];
  return doc;
}

function parentPath(ts: string[]): string {
  return ts.slice(0, -1).map((t) => '/' + t.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
