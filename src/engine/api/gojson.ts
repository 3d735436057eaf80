// Go's encoding/json Marshal of decoded JSON (map[string]interface{} and friends): object keys sorted, and
// <, >, &, U+2028 and U+2029 escaped: the bytes controllers hash (ControllerRevisions) and kubectl prints compactly.

const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** encoding/json's HTMLEscape of JSON text: <, >, & and the JavaScript line separators as \u escapes. */
export function htmlEscapeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]);
}

function goString(s: string): string {
  return htmlEscapeJson(JSON.stringify(s));
}

export function goJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${goString(k)}:${goJson(obj[k])}`).join(',')}}`;
}
