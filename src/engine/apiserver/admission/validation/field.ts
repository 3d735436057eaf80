// Builders for field.Error values (k8s.io/apimachinery/pkg/util/validation/field) and small path helpers.
import type { FieldError } from '../../errors.ts';

export function required(field: string, detail = ''): FieldError {
  return detail ? { type: 'Required', field, detail } : { type: 'Required', field };
}

export function invalid(field: string, value: unknown, detail: string): FieldError {
  return { type: 'Invalid', field, value, detail };
}

/**
 * An error whose bad value Go prints as a struct or a nil map (%#v), which the JSON-based formatter of
 * errors.ts cannot render: the Go text goes in front of the detail, so fieldErrorText prints it verbatim.
 */
export function withGoValue(type: FieldError['type'], field: string, goText: string, detail = ''): FieldError {
  return { type, field, detail: detail ? `${goText}: ${detail}` : goText };
}

/** field.NotSupported: `supported values: "Always", "OnFailure", "Never"`. */
export function notSupported(field: string, value: unknown, validValues: readonly string[]): FieldError {
  const detail = validValues.length ? `supported values: ${validValues.map((v) => JSON.stringify(v)).join(', ')}` : '';
  return detail ? { type: 'NotSupported', field, value, detail } : { type: 'NotSupported', field, value };
}

export function duplicate(field: string, value: unknown): FieldError {
  return { type: 'Duplicate', field, value };
}

export function forbidden(field: string, detail: string): FieldError {
  return { type: 'Forbidden', field, detail };
}

/** field.TooLong with a byte limit (the v1.30 wording). */
export function tooLong(field: string, maxLength: number): FieldError {
  return { type: 'TooLong', field, detail: `must have at most ${maxLength} bytes` };
}

/** apimachinery ValidateNonnegativeField. */
export function nonNegative(value: unknown, field: string): FieldError[] {
  return typeof value === 'number' && value < 0 ? [invalid(field, value, 'must be greater than or equal to 0')] : [];
}

/** Field paths as field.Path prints them: child "a.b", index "a[0]", key "a[cpu]". */
// child runs for every field validation visits, error or not: a loop, not an array filtered and joined.
export const child = (path: string, ...names: string[]): string => {
  let out = path;
  for (const n of names) if (n !== '') out = out === '' ? n : `${out}.${n}`;
  return out;
};
export const index = (path: string, i: number): string => `${path}[${i}]`;
export const key = (path: string, k: string): string => `${path}[${k}]`;

/** Map iteration in a fixed order (Go iterates maps randomly; a deterministic simulator sorts). */
export function sortedEntries<V>(m: Record<string, V> | undefined | null): [string, V][] {
  if (!m || typeof m !== 'object') return [];
  return Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asArray<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

export function asString(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
