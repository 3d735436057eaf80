// Label selectors (k8s.io/apimachinery/pkg/labels, metav1.LabelSelectorAsSelector): the string grammar,
// requirement validation and matching, with upstream error texts.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import {
  aggregateErrors, invalidFieldError, isQualifiedName, isValidLabelValue, notSupportedFieldError, goQuote,
} from './validation.ts';

export type Operator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface Requirement { key: string; operator: Operator; values: string[] }

export interface Selector {
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  /** Matches everything. */
  empty(): boolean;
  requirements(): Requirement[];
  /** The upstream String() form, e.g. "app=web,tier in (a,b),!canary". */
  toString(): string;
}

export class LabelSelectorError extends Error {
  override name = 'LabelSelectorError';
}

// selection.Operator order as upstream lists them in "expected:" messages and NotSupported errors.
const binaryOperators: readonly Operator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const validOperators: readonly Operator[] = [...binaryOperators, 'exists', '!'];

/** strconv.ParseInt(s, 10, 64). */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  return v > 9223372036854775807n || v < -9223372036854775808n ? undefined : v;
}

function hasOwn(labels: Readonly<Record<string, string>>, key: string): boolean {
  return Object.hasOwn(labels, key);
}

function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>, bound: bigint | undefined): boolean {
  switch (r.operator) {
    case 'in': case '=': case '==':
      return hasOwn(labels, r.key) && r.values.includes(labels[r.key]);
    case 'notin': case '!=':
      return !hasOwn(labels, r.key) || !r.values.includes(labels[r.key]);
    case 'exists':
      return hasOwn(labels, r.key);
    case '!':
      return !hasOwn(labels, r.key);
    case 'gt': case 'lt': {
      if (!hasOwn(labels, r.key) || bound === undefined) return false;
      const v = parseInt64(labels[r.key]);
      if (v === undefined) return false;
      return r.operator === 'gt' ? v > bound : v < bound;
    }
  }
}

function requirementString(r: Requirement): string {
  let out = r.operator === '!' ? `!${r.key}` : r.key;
  switch (r.operator) {
    case 'exists': case '!': return out;
    case 'in': out += ' in '; break;
    case 'notin': out += ' notin '; break;
    case 'gt': out += '>'; break;
    case 'lt': out += '<'; break;
    default: out += r.operator;
  }
  // Values print sorted without reordering the requirement itself (safeSort).
  const vals = r.values.length === 1 ? r.values[0] : [...r.values].sort().join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${out}(${vals})` : `${out}${vals}`;
}

class InternalSelector implements Selector {
  private readonly reqs: readonly Requirement[];
  private readonly bounds: readonly (bigint | undefined)[];
  private str: string | undefined;

  constructor(reqs: readonly Requirement[]) {
    this.reqs = reqs;
    this.bounds = reqs.map((r) => (r.operator === 'gt' || r.operator === 'lt') && r.values.length === 1 ? parseInt64(r.values[0]) : undefined);
  }

  matches(labels: Readonly<Record<string, string>> | undefined): boolean {
    const ls = labels ?? {};
    for (let i = 0; i < this.reqs.length; i++) {
      if (!requirementMatches(this.reqs[i], ls, this.bounds[i])) return false;
    }
    return true;
  }

  empty(): boolean { return this.reqs.length === 0; }
  requirements(): Requirement[] { return [...this.reqs]; }
  toString(): string { return (this.str ??= this.reqs.map(requirementString).join(',')); }
}

class NothingSelector implements Selector {
  matches(): boolean { return false; }
  empty(): boolean { return false; }
  requirements(): Requirement[] { return []; }
  toString(): string { return ''; }
}

export const everything: Selector = new InternalSelector([]);
export const nothing: Selector = new NothingSelector();

function freezeRequirement(key: string, operator: Operator, values: readonly string[]): Requirement {
  return Object.freeze({ key, operator, values: Object.freeze([...values]) as string[] });
}

/** Sorted by key, stably (upstream sort.Sort is stable for the short lists selectors have). */
function sortByKey(reqs: Requirement[]): Requirement[] {
  return reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** labels.NewRequirement: validates and returns a requirement, or throws with the aggregated field errors. */
export function newRequirement(key: string, operator: Operator, values: readonly string[], keyPath = 'key'): Requirement {
  const errs: string[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length) errs.push(invalidFieldError(keyPath, key, keyErrs.join('; ')));
  switch (operator) {
    case 'in': case 'notin':
      if (values.length === 0) errs.push(invalidFieldError('values', values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=': case '==': case '!=':
      if (values.length !== 1) errs.push(invalidFieldError('values', values, 'exact-match compatibility requires one single value'));
      break;
    case 'exists': case '!':
      if (values.length !== 0) errs.push(invalidFieldError('values', values, 'values set must be empty for exists and does not exist'));
      break;
    case 'gt': case 'lt':
      if (values.length !== 1) errs.push(invalidFieldError('values', values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(invalidFieldError(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(notSupportedFieldError('operator', operator, validOperators));
  }
  values.forEach((v, i) => {
    const valErrs = isValidLabelValue(v);
    if (valErrs.length) errs.push(invalidFieldError(`values[${i}][${key}]`, v, valErrs.join('; ')));
  });
  if (errs.length) throw new LabelSelectorError(aggregateErrors(errs));
  return freezeRequirement(key, operator, values);
}

/** Selector.Add on an empty selector: the requirements sorted by key. */
export function selectorFromRequirements(reqs: readonly Requirement[]): Selector {
  return reqs.length === 0 ? everything : new InternalSelector(sortByKey([...reqs]));
}

/** labels.SelectorFromSet: exact matches on every pair, not validated; empty or missing → everything. */
export function selectorFromSet(set: Readonly<Record<string, string>> | undefined): Selector {
  if (!set) return everything;
  const keys = Object.keys(set);
  if (keys.length === 0) return everything;
  return new InternalSelector(sortByKey(keys.map((k) => freezeRequirement(k, '=', [set[k]]))));
}

// ---- the string grammar (labels.Parse) ----

type Tok = 'ERR' | 'EOS' | ')' | ',' | '!' | '==' | '=' | '>' | 'ID' | 'in' | '<' | '!=' | 'notin' | '(';
interface Item { tok: Tok; lit: string }

const literalTokens: Readonly<Record<string, Tok>> = {
  ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(',
};

function literalToken(s: string): Tok | undefined {
  return Object.hasOwn(literalTokens, s) ? literalTokens[s] : undefined;
}

function isWhitespace(c: number): boolean { return c === 32 || c === 9 || c === 13 || c === 10; }
function isSpecial(c: number): boolean { return c === 61 || c === 33 || c === 40 || c === 41 || c === 44 || c === 62 || c === 60; } // = ! ( ) , > <

/** The lexer reads until a NUL or the end, both of which read as 0 like upstream's byte reader. */
function lex(s: string): Item[] {
  let pos = 0;
  const read = (): number => (pos < s.length ? s.charCodeAt(pos++) : 0);
  const items: Item[] = [];
  for (;;) {
    let ch = read();
    while (isWhitespace(ch)) ch = read();
    if (ch === 0) { items.push({ tok: 'EOS', lit: '' }); return items; }
    pos--;
    if (isSpecial(ch)) {
      // The longest operator made of special characters.
      let buf = '';
      let last: Item | undefined;
      for (;;) {
        const c = read();
        if (c === 0) break;
        if (!isSpecial(c)) { pos--; break; }
        buf += String.fromCharCode(c);
        const tok = literalToken(buf);
        if (tok) last = { tok, lit: buf };
        else if (last) { pos--; break; }
      }
      items.push(last ?? { tok: 'ERR', lit: `error expected: keyword found '${buf}'` });
    } else {
      let buf = '';
      for (;;) {
        const c = read();
        if (c === 0) break;
        if (isSpecial(c) || isWhitespace(c)) { pos--; break; }
        buf += String.fromCharCode(c);
      }
      const tok = literalToken(buf);
      items.push({ tok: tok === 'in' || tok === 'notin' ? tok : 'ID', lit: buf });
    }
  }
}

class Parser {
  private pos = 0;
  private readonly items: Item[];
  constructor(input: string) { this.items = lex(input); }

  /** In the values context, "in" and "notin" are plain identifiers (e.g. "x in (in)"). */
  private at(i: number, values: boolean): Item {
    const it = this.items[Math.min(i, this.items.length - 1)];
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'ID', lit: it.lit } : it;
  }
  private lookahead(values = true): Item { return this.at(this.pos, values); }
  private consume(values = true): Item { return this.at(this.pos++, values); }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead();
      if (tok === 'EOS') return reqs;
      if (tok !== 'ID' && tok !== '!') fail(`found '${lit}', expected: !, identifier, or 'end of string'`);
      try {
        reqs.push(this.parseRequirement());
      } catch (e) {
        if (e instanceof LabelSelectorError) fail(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const next = this.consume();
      if (next.tok === 'EOS') return reqs;
      if (next.tok !== ',') fail(`found '${next.lit}', expected: ',' or 'end of string'`);
      const after = this.lookahead();
      if (after.tok !== 'ID' && after.tok !== '!') fail(`found '${after.lit}', expected: identifier after ','`);
    }
  }

  private parseRequirement(): Requirement {
    let tok = this.consume();
    let op: Operator | undefined;
    if (tok.tok === '!') { op = '!'; tok = this.consume(); }
    if (tok.tok !== 'ID') fail(`found '${tok.lit}', expected: identifier`);
    const key = tok.lit;
    const keyErrs = isQualifiedName(key);
    // Upstream validates the key here with a nil field path, which prints as "<nil>".
    if (keyErrs.length) fail(invalidFieldError('<nil>', key, keyErrs.join('; ')));
    const next = this.lookahead().tok;
    if (next === 'EOS' || next === ',') op ??= 'exists';
    if (op === 'exists' || op === '!') return newRequirement(key, op, []);
    op = this.parseOperator();
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    // A set: sorted and deduplicated (sets.String.List()).
    return newRequirement(key, op, [...values].sort());
  }

  private parseOperator(): Operator {
    const { tok, lit } = this.consume(false);
    switch (tok) {
      case 'in': return 'in';
      case 'notin': return 'notin';
      case '=': return '=';
      case '==': return '==';
      case '>': return 'gt';
      case '<': return 'lt';
      case '!=': return '!=';
      default: return fail(`found '${lit}', expected: ${binaryOperators.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume();
    if (open.tok !== '(') fail(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.lookahead();
    if (tok === ')') { this.consume(); return new Set(['']); }
    if (tok !== 'ID' && tok !== ',') fail(`found '${lit}', expected: ',', ')' or identifier`);
    const values = this.parseIdentifiersList();
    this.consume(); // the ')' that ended the list
    return values;
  }

  /** A comma-separated list where empty entries are the empty string: "(,a)", "(a,)", "(a,,b)". */
  private parseIdentifiersList(): Set<string> {
    const values = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume();
      if (tok === 'ID') {
        values.add(lit);
        const next = this.lookahead();
        if (next.tok === ')') return values;
        if (next.tok !== ',') fail(`found '${next.lit}', expected: ',' or ')'`);
      } else if (tok === ',') {
        if (values.size === 0) values.add('');
        const next = this.lookahead().tok;
        if (next === ')') { values.add(''); return values; }
        if (next === ',') values.add('');
      } else {
        fail(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const next = this.lookahead().tok;
    if (next === 'EOS' || next === ',') return new Set(['']);
    const { tok, lit } = this.consume();
    if (tok === 'ID') return new Set([lit]);
    return fail(`found '${lit}', expected: identifier`);
  }
}

function fail(msg: string): never {
  throw new LabelSelectorError(msg);
}

/** labels.Parse: the full selector grammar; throws LabelSelectorError with upstream's message. */
export function parseSelector(s: string): Selector {
  const reqs = new Parser(s).parse();
  return reqs.length === 0 ? everything : new InternalSelector(sortByKey(reqs));
}

// ---- metav1.LabelSelector ----

const cache = new WeakMap<object, Selector | LabelSelectorError>();

function convertLabelSelector(ls: LabelSelector): Selector {
  const matchLabels = ls.matchLabels ?? {};
  const exprs = ls.matchExpressions ?? [];
  const keys = Object.keys(matchLabels);
  if (keys.length + exprs.length === 0) return everything;
  const reqs: Requirement[] = [];
  // Go visits matchLabels in random order; a sorted order makes the first error deterministic.
  for (const k of keys.sort()) reqs.push(newRequirement(k, '=', [matchLabels[k]]));
  for (const expr of exprs) {
    let op: Operator;
    switch (expr.operator) {
      case 'In': op = 'in'; break;
      case 'NotIn': op = 'notin'; break;
      case 'Exists': op = 'exists'; break;
      case 'DoesNotExist': op = '!'; break;
      default: throw new LabelSelectorError(`${goQuote(String(expr.operator))} is not a valid label selector operator`);
    }
    reqs.push(newRequirement(expr.key, op, expr.values ?? []));
  }
  return selectorFromRequirements(reqs);
}

/**
 * metav1.LabelSelectorAsSelector: null or undefined selects nothing, an empty selector everything.
 * Throws LabelSelectorError. Results for frozen (store-owned) selectors are cached.
 */
export function selectorFromLabelSelector(ls: LabelSelector | null | undefined): Selector {
  if (ls === null || ls === undefined) return nothing;
  const frozen = Object.isFrozen(ls);
  const hit = frozen ? cache.get(ls) : undefined;
  if (hit instanceof LabelSelectorError) throw hit;
  if (hit) return hit;
  try {
    const sel = convertLabelSelector(ls);
    if (frozen) cache.set(ls, sel);
    return sel;
  } catch (e) {
    if (frozen && e instanceof LabelSelectorError) cache.set(ls, e);
    throw e;
  }
}

/** metav1.FormatLabelSelector: "<none>" when it selects everything or nothing, "<error>" when invalid. */
export function formatLabelSelector(ls: LabelSelector | null | undefined): string {
  let sel: Selector;
  try {
    sel = selectorFromLabelSelector(ls);
  } catch (e) {
    if (e instanceof LabelSelectorError) return '<error>';
    throw e;
  }
  return sel.toString() || '<none>';
}
