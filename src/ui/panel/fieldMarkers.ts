// A document's validation error names the fields at fault ("spec.replicas: Invalid value: -1: …"): its marker goes
// on those fields' lines rather than over the whole document. Fields the text does not hold (a Required value) are
// marked at their nearest parent that it does; a message naming no field keeps the document's range.
import { isMap, isNode, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import type { EditorMarker } from './editorTypes.ts';

// field.ErrorType's texts (k8s.io/apimachinery/pkg/util/validation/field), each after a field path.
const FIELD_ERROR = /(?<=^|: \[|: |, )([A-Za-z_$][\w$-]*(?:\[[^\]]*\]|\.[A-Za-z_$][\w$-]*)*): (?:Required value|Invalid value|Unsupported value|Duplicate value|Forbidden|Too long|Too many|Not found)/g;

/** "spec.containers[0].resources.requests[cpu]" → ['spec', 'containers', 0, 'resources', 'requests', 'cpu']. */
export function fieldPath(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)].map(([, name, index]) => (name !== undefined ? name : /^\d+$/.test(index) ? Number(index) : index));
}

/** The field errors of an API error message: each field with its own text, the "… is invalid" head kept. */
export function fieldErrors(message: string): { field: string; message: string }[] {
  const starts = [...message.matchAll(FIELD_ERROR)];
  if (starts.length === 0) return [];
  const head = message.slice(0, starts[0].index).replace(/\[$/, '');
  return starts.map((m, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].index : message.length;
    const own = message.slice(m.index, end).replace(/(, |\])\s*$/, '').trim();
    return { field: m[1], message: starts.length === 1 ? message : `${head}${own}` };
  });
}

/** The 1-based line (within the parsed text) of the field, or of its nearest parent present. */
function lineOf(doc: Document, lineAt: (offset: number) => number, path: (string | number)[]): number | undefined {
  for (let n = path.length; n > 0; n--) {
    const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
    const key = path[n - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
      if (pair && isNode(pair.key) && pair.key.range) return lineAt(pair.key.range[0]);
    } else if (isSeq(parent) && typeof key === 'number') {
      const item = parent.items[key];
      if (isNode(item) && item.range) return lineAt(item.range[0]);
    }
  }
  return undefined;
}

/** Narrow each marker that names fields to those fields' lines in `text` (the whole editor text). */
export function onFieldLines(markers: EditorMarker[], text: string): EditorMarker[] {
  if (markers.length === 0) return markers;
  const lines = text.split('\n');
  return markers.flatMap((m) => {
    const errors = fieldErrors(m.message);
    if (errors.length === 0) return [m];
    const body = lines.slice(m.startLine - 1, m.endLine).join('\n');
    const doc = parseDocument(body);
    if (doc.errors.length) return [m];
    const lineStarts = [0];
    for (let i = 0; i < body.length; i++) if (body[i] === '\n') lineStarts.push(i + 1);
    const lineAt = (offset: number) => lineStarts.findLastIndex((s) => s <= offset) + m.startLine;
    return errors.map((e) => {
      const line = lineOf(doc, lineAt, fieldPath(e.field));
      return line === undefined ? { ...m, message: e.message } : { ...m, startLine: line, endLine: line, message: e.message };
    });
  });
}
