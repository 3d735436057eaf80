// Reading manifests: multi-document YAML (or JSON) with each document's line range, for editors that mark lines.
import { LineCounter, parseAllDocuments, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import type { KubeObject } from '../api/object.ts';

/**
 * How kubectl reads YAML (sigs.k8s.io/yaml over go-yaml v2): YAML 1.1 scalars, so `defaultMode: 0644` is octal 420
 * and yes/no/on/off/y/n are booleans, but without 1.1's timestamps and base-60 numbers, which go-yaml v2 leaves
 * as strings.
 */
export const KUBECTL_YAML: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((t) => !(typeof t === 'object' && (t.tag === 'tag:yaml.org,2002:timestamp' || t.format === 'TIME'))),
};

export interface Manifest {
  index: number;
  startLine: number;
  endLine: number;
  object?: KubeObject;
  /** A YAML syntax error, in the words kubectl uses. */
  error?: string;
}

export function parseManifests(text: string, source: string): Manifest[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { ...KUBECTL_YAML, lineCounter, uniqueKeys: false });
  const out: Manifest[] = [];
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    // The document's own content, not the "---" marker or comments before it.
    const start = doc.contents?.range?.[0] ?? doc.range[0];
    const end = doc.range[2];
    const startLine = lineCounter.linePos(start).line;
    const endLine = Math.max(startLine, lineCounter.linePos(Math.max(start, end - 1)).line);
    if (doc.errors.length) {
      const e = doc.errors[0];
      const line = e.linePos?.[0]?.line ?? startLine;
      out.push({ index: out.length, startLine: line, endLine: line, error: `error parsing ${source}: error converting YAML to JSON: yaml: line ${line}: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}` });
      continue;
    }
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) continue; // empty document ("---" at the end)
    const items = isList(value) ? (value.items as unknown[]) : [value];
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        out.push({ index: out.length, startLine, endLine, error: `error validating "${source}": error validating data: invalid object to validate` });
        continue;
      }
      out.push({ index: out.length, startLine, endLine, object: item as KubeObject });
    }
  }
  return out;
}

function isList(v: unknown): v is { kind: string; items: unknown[] } {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'List' && Array.isArray((v as { items?: unknown }).items);
}
