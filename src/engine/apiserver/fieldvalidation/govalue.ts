// Go's %+v of a decoded JSON value (map[string]interface{} …), as the API server quotes a patch in its errors:
// "map[spec:map[replicas:3 selector:<nil>]]": map keys sorted, strings bare, null as <nil>.
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goValue((v as Record<string, unknown>)[k])}`).join(' ')}]`;
  }
  return String(v);
}
