// .Files in templates (helm's engine.files, a map of path to bytes with methods): Get, GetBytes, Glob, Lines,
// AsConfig and AsSecrets over the chart's non-template files (chart.go's loader and .helmignore decide which).
// Simplification: []byte is the file's text (GetBytes and Glob's values are strings).
import { base64Encode } from '../api/base64.ts';
import { toYaml } from '../kubectl/printers/format.ts';
import type { ChartFile } from './chart.ts';
import { globMatch } from './glob.ts';
import { GoStruct } from './template/values.ts';

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** sigs.k8s.io/yaml of a map[string]string without its last newline, "" for an empty map (helm's toYAML). */
function mapYaml(m: Record<string, string>): string {
  return Object.keys(m).length ? toYaml(m).replace(/\n$/, '') : '';
}

export function filesStruct(files: ReadonlyMap<string, string>): GoStruct {
  const text = (name: unknown) => files.get(String(name)) ?? '';
  const byBase = (f: (s: string) => string) => {
    const out: Record<string, string> = {};
    for (const [k, v] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[baseName(k)] = f(v);
    return out;
  };
  return new GoStruct('engine.files', {
    Get: text,
    GetBytes: text,
    Glob: (pattern: unknown) => filesStruct(new Map([...files].filter(([k]) => globMatch(String(pattern), k)))),
    Lines: (name: unknown) => {
      const s = files.get(String(name));
      if (!s) return [];
      return (s.endsWith('\n') ? s.slice(0, -1) : s).split('\n');
    },
    AsConfig: () => mapYaml(byBase((v) => v)),
    AsSecrets: () => mapYaml(byBase((v) => base64Encode(v))),
  }, undefined, files);
}

/** The .Files of a chart. */
export function chartFiles(files: readonly ChartFile[]): GoStruct {
  return filesStruct(new Map(files.map((f) => [f.name, f.text])));
}
