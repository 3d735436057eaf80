// apiequality.Semantic.DeepEqual on JSON: Go compares zero values and absent fields alike (a nil slice equals an
// empty one, an unset int equals 0), and quantities by value (they are canonical strings by now).

function normalize(v: unknown): unknown {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return undefined;
  if (Array.isArray(v)) return v.length ? v.map((x) => normalize(x) ?? null) : undefined;
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const n = normalize((v as Record<string, unknown>)[k]);
      if (n !== undefined) out[k] = n;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return v;
}

export function semanticEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}
