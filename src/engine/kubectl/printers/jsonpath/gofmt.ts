// How Go's fmt prints decoded JSON values with %v: strings bare, floats in %g with a two-digit exponent, null as
// <nil>, maps as map[k:v], lists as [a b]. (encoding/json's compact form is api/gojson.ts.)

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
