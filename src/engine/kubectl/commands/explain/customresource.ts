// kubectl explain for custom resources: the CRD's openAPIV3Schema seen as explain's type table. Object types are
// "Object", lists "[]T", maps "map[string]T", int-or-string "IntOrString"; apiVersion, kind and metadata carry the
// standard documentation every kind has.
import type { Schema } from '../../../apiserver/apiextensions/schema.ts';
import { explainTable, type FieldDoc, type TypeDoc } from './schema.ts';

/** The name explain prints for a schema's type. */
function typeName(s: Schema): string {
  if (s['x-kubernetes-int-or-string']) return 'IntOrString';
  if (s.type === 'array') return `[]${s.items ? typeName(s.items) : 'Object'}`;
  if (s.type === 'object' && !s.properties && typeof s.additionalProperties === 'object') return `map[string]${typeName(s.additionalProperties)}`;
  if (s.type === 'object' || !s.type) return 'Object';
  return s.type;
}

/** The node whose fields a value of this schema has (through lists and maps). */
function fieldsNode(s: Schema): Schema | undefined {
  if (s.type === 'array') return s.items && fieldsNode(s.items);
  if (s.properties) return s;
  return typeof s.additionalProperties === 'object' ? fieldsNode(s.additionalProperties) : undefined;
}

/** The kind's documentation under `root`, its nested objects under generated names, over the built-in types. */
export function customResourceTypes(root: Schema, rootName: string): Record<string, TypeDoc> {
  const builtIn = explainTable().types;
  const types: Record<string, TypeDoc> = { ...builtIn };
  const meta = builtIn.Pod.f!;
  const add = (s: Schema, name: string, isRoot: boolean): void => {
    const f: Record<string, FieldDoc> = {};
    const req = new Set(s.required ?? []);
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const doc: FieldDoc = { t: typeName(prop), d: prop.description ?? '' };
      if (req.has(key)) doc.req = true;
      const sub = fieldsNode(prop);
      if (sub) {
        doc.r = `${name}.${key}`;
        add(sub, doc.r, false);
      }
      f[key] = doc;
    }
    if (isRoot) for (const key of ['apiVersion', 'kind', 'metadata'] as const) f[key] = meta[key];
    types[name] = { d: s.description ?? '', f };
  };
  add(root, rootName, true);
  return types;
}
