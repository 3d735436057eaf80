// Maps and lists printed one entry per line under a "Title:\t" column: labels, annotations, taints,
// tolerations (describe.go's print*Multiline helpers).
import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { sortedKeys } from '../labelmap.ts';
import { LEVEL_0, type PrefixWriter } from './writer.ts';

/** Annotations describe never shows. */
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const MAX_ANNOTATION_LEN = 140;

export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined, initialIndent = '', innerIndent = '\t'): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const keys = sortedKeys(labels);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}${innerIndent}`);
    w.write(LEVEL_0, `${key}=${labels?.[key] ?? ''}\n`);
  });
}

function shorten(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** One "key: value" per line; long or multi-line values go below their key, each line cut at 138 chars. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = sortedKeys(annotations).filter((k) => !SKIP_ANNOTATIONS.has(k));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = (annotations?.[key] ?? '').replace(/\n$/, '');
    if (value.length + key.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Taint.ToString: "key=value:Effect", "key:Effect" without a value; without an effect "key" or "key=value:". */
export function taintString(t: Taint): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** Sorted by effect then key. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: Taint[] | undefined, initialIndent = '', innerIndent = '\t'): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  if (!taints || taints.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const sortKey = (t: Taint): string => `${t.effect},${t.key}`;
  const sorted = [...taints].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}${innerIndent}`);
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}

/** "key=value:Effect", " op=Exists" for a value-less Exists, " for 300s" with tolerationSeconds; sorted by key. */
export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: Toleration[] | undefined, initialIndent = '', innerIndent = '\t'): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  if (!tolerations || tolerations.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: Toleration): string => t.key ?? '';
  const sorted = [...tolerations].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}${innerIndent}`);
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
    w.write(LEVEL_0, `${s}\n`);
  });
}
