// How Go prints decoded JSON values: encoding/json's compact form (sorted keys, HTML-safe escapes) and fmt's
// %v (strings bare, floats in %g with a two-digit exponent, null as <nil>, maps as map[k:v], lists as [a b]).
import { jsonKeyLess, sortKeysDeep } from '../keyorder.ts';

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** json.Marshal: compact, keys sorted, <, > and & escaped. */
export function goJson(v: unknown): string {
  return JSON.stringify(sortKeysDeep(v, jsonKeyLess)).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]);
}

/** strconv.FormatFloat(f, 'g', -1, 64) as %v uses it: exponent below 1e-4 and from 1e21, at least two digits. */
function goFloat(f: number): string {
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf';
  const abs = Math.abs(f);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) {
    return f.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(f);
}

/** fmt.Fprint of a scalar from decoded JSON. */
export function goValueText(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return goFloat(v);
  return String(v);
}

/** fmt.Sprint of any decoded JSON value. */
export function goSprint(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o).sort().map((k) => `${k}:${goSprint(o[k])}`).join(' ')}]`;
  }
  return goValueText(v);
}
