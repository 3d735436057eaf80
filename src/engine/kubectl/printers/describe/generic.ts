// The generic describer, for kinds without their own (Lease, Event …): name, namespace, labels, annotations,
// then every other field of the object in key order, nested by indentation, then its events.
import type { KubeObject } from '../../../api/object.ts';
import type { DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { smartLabelFor } from './smartlabel.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

const SKIP = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

/** Go's %v of a value decoded from JSON (integers as int64, other numbers as float64 %g, nil as <nil>). */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return BigInt(v).toString();
    const exp = Math.floor(Math.log10(Math.abs(v)));
    if (exp < -4 || exp >= 6) {
      const [m, e] = v.toExponential().split('e');
      const n = Number(e);
      return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
    }
    return String(v);
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function printUnstructuredContent(w: PrefixWriter, level: number, content: Record<string, unknown>, skipPrefix: string): void {
  for (const field of Object.keys(content).sort()) {
    const value = content[field];
    const path = `${skipPrefix}.${field}`;
    if (SKIP.includes(path) || value === undefined) continue;
    if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) {
          printUnstructuredContent(w, level + 1, child as Record<string, unknown>, path);
        } else {
          w.write(level + 1, `${goValue(child)}\n`);
        }
      }
    } else if (value !== null && typeof value === 'object') {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value as Record<string, unknown>, path);
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

export function describeGeneric(obj: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${obj.metadata?.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${obj.metadata?.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', obj.metadata?.labels);
  printAnnotationsMultiline(w, 'Annotations', obj.metadata?.annotations);
  printUnstructuredContent(w, LEVEL_0, obj as Record<string, unknown>, '');
  const uid = obj.metadata?.uid;
  describeEvents(searchEvents(obj, ctx, { kind: obj.kind, uids: uid ? [uid] : [] }), w, ctx.now);
  return w.toString();
}
