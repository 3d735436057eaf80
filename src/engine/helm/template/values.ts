// The Go values templates see, in JavaScript: maps are plain objects, slices arrays, int64 a bigint, float64 a
// number (YAML values decode to float64, as sigs.k8s.io/yaml gives them; --set integers are int64), nil is
// null/undefined, and Go structs (.Chart, .Capabilities) GoStruct, whose function fields are methods.

export class GoStruct {
  constructor(
    /** The Go type errors name ("*chart.Metadata"). */
    readonly type: string,
    readonly fields: Record<string, unknown>,
    /** What fmt prints for it when the type has a String method (KubeVersion prints its Version). */
    readonly stringer?: string,
    /** A Go map type with methods (.Files): what range iterates over and truth tests. */
    readonly entries?: ReadonlyMap<string, unknown>,
  ) {}
}

export type Method = (...args: unknown[]) => unknown;

export function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GoStruct);
}

/** text/template's truth: false, 0, nil, and empty strings, slices and maps are false; structs are true. */
export function isTrue(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'string') return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof GoStruct) return v.entries ? v.entries.size > 0 : true;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** Go's type name for a value, as %T and errors print it. */
export function goType(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'number') return 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  if (v instanceof GoStruct) return v.type;
  return 'map[string]interface {}';
}

/**
 * fmt's %v of a float64 (%g, shortest): an exponent from 1e+06 and below 1e-04, which is why a large number in
 * values.yaml renders as 1.234567e+06.
 */
export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const exp = Number(f.toExponential().split('e')[1]);
  if (exp < -4 || exp >= 6) {
    const [m, e] = f.toExponential().split('e');
    const n = Number(e);
    return `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(f);
}

/** fmt's %v. */
export function formatValue(v: unknown, top = true): string {
  if (v === null || v === undefined) return top ? '<nil>' : '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return formatFloat(v);
  if (Array.isArray(v)) return `[${v.map((x) => formatValue(x, false)).join(' ')}]`;
  if (v instanceof GoStruct) {
    if (v.stringer !== undefined) return v.stringer;
    return `{${Object.values(v.fields).filter((x) => typeof x !== 'function').map((x) => formatValue(x, false)).join(' ')}}`;
  }
  if (typeof v === 'function') return '<func>';
  const o = v as Record<string, unknown>;
  return `map[${Object.keys(o).sort().map((k) => `${k}:${formatValue(o[k], false)}`).join(' ')}]`;
}

/** Plain JSON-able data (bigint to number, structs to their fields), for toYaml, toJson and release storage. */
export function toPlain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof GoStruct) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v.fields)) if (typeof x !== 'function') out[k] = toPlain(x);
    return out;
  }
  if (isMap(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toPlain(x);
    return out;
  }
  return v === undefined ? null : v;
}
