// Field selectors (k8s.io/apimachinery/pkg/fields) with the API server's per-kind field label check.
import { goQuote } from './validation.ts';

export interface FieldRequirement { field: string; operator: '=' | '==' | '!='; value: string }

export interface FieldSelector {
  /** Matches an object by the dotted paths of its fields (a missing field reads as ""). */
  matches(obj: unknown): boolean;
  /** Matches a precomputed field set (fields.Set), e.g. {"spec.nodeName": "w1"}. */
  matchesFields(fields: Readonly<Record<string, string>>): boolean;
  empty(): boolean;
  toString(): string;
  requirements(): FieldRequirement[];
}

export class FieldSelectorError extends Error {
  override name = 'FieldSelectorError';
}

export interface FieldSelectorOptions {
  /** Old spellings the kind's conversion rewrites, e.g. pods: {"spec.host": "spec.nodeName"}. */
  aliases?: Readonly<Record<string, string>>;
  /** The message for an unsupported field; defaults to the core kinds' "field label not supported: <label>". */
  unsupported?: (label: string) => string;
}

/** The message of kinds without their own conversion (runtime.DefaultMetaV1FieldSelectorConversion). */
export function metaOnlyFieldLabelError(label: string): string {
  return `${goQuote(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;
}

function fieldLabelNotSupported(label: string): string {
  return `field label not supported: ${label}`;
}

/** fields.EscapeValue: backslash, comma and equals are escaped with a backslash. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** fields.UnescapeValue. */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') throw new FieldSelectorError(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      inSlash = false;
    } else if (c === '\\') {
      inSlash = true;
    } else if (c === ',' || c === '=') {
      // Upstream prints the rune with %v, i.e. its code point number.
      throw new FieldSelectorError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else {
      out += c;
    }
  }
  if (inSlash) throw new FieldSelectorError('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** Terms split on unescaped commas; the escapes stay in the terms. */
function splitTerms(s: string): string[] {
  if (s.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') { terms.push(s.slice(start, i)); start = i + 1; }
  }
  terms.push(s.slice(start));
  return terms;
}

/** The first operator occurrence splits the term; "!=" and "==" are tried before "=" at each position. */
function splitTerm(term: string): [string, '!=' | '==' | '=', string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

/** Go's byte-wise string order (UTF-16 order differs only beyond the BMP). */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fieldValue(obj: unknown, path: string): string {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  if (typeof cur === 'string') return cur;
  if (typeof cur === 'number' || typeof cur === 'boolean') return String(cur);
  return '';
}

interface Term { field: string; negate: boolean; value: string }

class TermSelector implements FieldSelector {
  private readonly terms: readonly Term[];
  constructor(terms: readonly Term[]) { this.terms = terms; }

  matches(obj: unknown): boolean {
    return this.terms.every((t) => (fieldValue(obj, t.field) === t.value) !== t.negate);
  }

  matchesFields(fields: Readonly<Record<string, string>>): boolean {
    return this.terms.every((t) => ((Object.hasOwn(fields, t.field) ? fields[t.field] : '') === t.value) !== t.negate);
  }

  empty(): boolean { return this.terms.length === 0; }

  toString(): string {
    return this.terms.map((t) => `${t.field}${t.negate ? '!=' : '='}${escapeFieldValue(t.value)}`).join(',');
  }

  requirements(): FieldRequirement[] {
    return this.terms.map((t) => ({ field: t.field, operator: t.negate ? '!=' : '=', value: t.value }));
  }
}

export const everythingFields: FieldSelector = new TermSelector([]);

/**
 * fields.ParseSelector followed by the kind's field label conversion, as the API server applies it to
 * ?fieldSelector=. Throws FieldSelectorError with upstream's messages.
 */
export function parseFieldSelector(s: string, supported: readonly string[], options: FieldSelectorOptions = {}): FieldSelector {
  // Terms are sorted as written (escapes included) so that the result does not depend on their order.
  const parts = splitTerms(s).sort(byteOrder);
  const parsed: Term[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const split = splitTerm(part);
    if (!split) throw new FieldSelectorError(`invalid selector: '${s}'; can't understand '${part}'`);
    const [lhs, op, rhs] = split;
    parsed.push({ field: lhs, negate: op === '!=', value: unescapeFieldValue(rhs) });
  }
  const terms: Term[] = [];
  for (const t of parsed) {
    const alias = options.aliases && Object.hasOwn(options.aliases, t.field) ? options.aliases[t.field] : undefined;
    const field = alias ?? t.field;
    if (alias === undefined && !supported.includes(field)) {
      throw new FieldSelectorError((options.unsupported ?? fieldLabelNotSupported)(t.field));
    }
    terms.push({ ...t, field });
  }
  return terms.length === 0 ? everythingFields : new TermSelector(terms);
}
