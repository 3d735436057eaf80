// User-supplied values: -f files, --set and --set-string (helm's strvals), merged in that order; and the
// coalescing of a chart's defaults under them (chartutil.CoalesceValues: the user's value wins, null deletes).
import { isMap } from './template/values.ts';
import { readValues } from './chart.ts';

export class ValuesError extends Error {}

type Values = Record<string, unknown>;

/** strvals' typedVal: true/false, null, and integers (int64) are typed; anything else is a string. */
function typed(v: string, asString: boolean): unknown {
  if (asString) return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null') return null;
  // A leading zero keeps a string ("007" is not 7), as strvals does.
  if (/^[-+]?(0|[1-9]\d*)$/.test(v)) {
    const n = BigInt(v);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return n;
  }
  return v;
}

/** Split on a separator that is not escaped with a backslash nor inside {…}. */
function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) { cur += c + s[++i]; continue; }
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (c === sep && depth === 0) { parts.push(cur); cur = ''; continue; }
    cur += c;
  }
  parts.push(cur);
  return parts;
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

function setPath(target: Values, key: string, value: unknown, line: string): void {
  // a.b[0].c: names split on unescaped dots, indexes in brackets.
  const parts: (string | number)[] = [];
  for (const seg of splitTop(key, '.')) {
    const m = /^(.*?)((?:\[\d+\])*)$/.exec(seg)!;
    if (m[1] === '' && !m[2]) throw new ValuesError(`key "${line}" has no value`);
    if (m[1] !== '') parts.push(unescape(m[1]));
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) parts.push(Number(idx[1]));
  }
  let cur: unknown = target;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const last = i === parts.length - 1;
    const next = parts[i + 1];
    const container = cur as Record<string | number, unknown>;
    if (last) { container[p] = value; return; }
    const existing = container[p];
    if (typeof next === 'number') {
      if (!Array.isArray(existing)) container[p] = [];
    } else if (!isMap(existing)) container[p] = {};
    cur = container[p];
  }
}

/** helm's strvals.ParseInto (--set) or ParseIntoString (--set-string). */
export function parseSet(line: string, into: Values, asString: boolean): void {
  for (const pair of splitTop(line, ',')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq < 0) throw new ValuesError(`failed parsing --set data: key "${pair}" has no value`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    let value: unknown;
    if (raw.startsWith('{') && raw.endsWith('}')) value = raw.slice(1, -1) === '' ? [] : splitTop(raw.slice(1, -1), ',').map((x) => typed(unescape(x), asString));
    else value = typed(unescape(raw), asString);
    setPath(into, key, value, pair);
  }
}

/** chartutil.MergeTables/mergeMaps: src over dest, maps merged key by key. */
export function mergeMaps(dest: Values, src: Values): Values {
  const out: Values = { ...dest };
  for (const [k, v] of Object.entries(src)) {
    out[k] = isMap(v) && isMap(out[k]) ? mergeMaps(out[k] as Values, v) : v;
  }
  return out;
}

export interface ValueOptions {
  valueFiles: string[];
  set: string[];
  setString: string[];
}

/** values.Options.MergeValues: -f files in order, then --set, then --set-string. */
export function mergeUserValues(files: ReadonlyMap<string, string>, opts: ValueOptions): Values {
  let base: Values = {};
  for (const f of opts.valueFiles) {
    const text = files.get(f);
    if (text === undefined) throw new ValuesError(`open ${f}: no such file or directory`);
    try {
      base = mergeMaps(base, readValues(text, f));
    } catch (e) {
      throw new ValuesError(`failed to parse ${f}: ${(e as Error).message.replace(/^cannot load [^:]*: /, '')}`);
    }
  }
  for (const s of opts.set) parseSet(s, base, false);
  for (const s of opts.setString) parseSet(s, base, true);
  return base;
}

/** chartutil.CoalesceValues: the chart's defaults under the user's values; a user's null removes the key. */
export function coalesce(defaults: Values, user: Values): Values {
  const out: Values = structuredClone(defaults);
  for (const [k, v] of Object.entries(user)) {
    if (v === null) { delete out[k]; continue; }
    out[k] = isMap(v) && isMap(out[k]) ? coalesce(out[k] as Values, v) : v;
  }
  return out;
}
