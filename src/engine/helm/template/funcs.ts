// The functions charts call: text/template's builtins, the sprig functions charts really use, and helm's own
// (include, tpl, toYaml, toJson, required, fail, lookup). Semantics follow sprig v3 and helm's engine/funcs.go.
import { base64Encode } from '../../api/base64.ts';
import { sha256Hex } from '../../api/sha256.ts';
import { goJson } from '../../api/gojson.ts';
import { toYaml as kubectlYaml } from '../../kubectl/printers/format.ts';
import { ExecError, State, type TemplateFunc } from './exec.ts';
import { parse } from './parse.ts';
import { formatValue, goType, GoStruct, isMap, isTrue, toPlain } from './values.ts';
import { sprintf } from './printf.ts';

/** helm wraps the messages of required and fail so that its error cleanup can show them alone. */
export const HELM_ERR_START = 'HELM_ERR_START';
export const HELM_ERR_END = 'HELM_ERR_END';
const warnWrap = (s: string) => `${HELM_ERR_START}${s}${HELM_ERR_END}`;

/** sprig's strval: strings as they are, anything else as fmt's %v. */
function strval(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '<nil>';
  return formatValue(v);
}

/** sprig's empty: nil, false, 0, "" and empty collections. */
function empty(v: unknown): boolean {
  return !isTrue(v) && !(v instanceof GoStruct);
}

/** Go's %q of a string (strconv.Quote). */
export function goQuoteString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function toInt(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  if (typeof v === 'string') return /^[+-]?\d+$/.test(v.trim()) ? BigInt(v.trim()) : 0n;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  return 0n;
}

/** text/template's basicKind for eq/lt: numbers of one kind compare, other kinds are errors. */
function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return 'complex';
}

function eq(a: unknown, ...rest: unknown[]): boolean {
  const ka = kindOf(a);
  if (ka === 'complex') throw new Error('invalid type for comparison');
  for (const b of rest) {
    const kb = kindOf(b);
    if (ka !== kb) {
      if (ka !== 'nil' && kb !== 'nil') throw new Error('incompatible types for comparison');
      continue;
    }
    if (a === b) return true;
  }
  return false;
}

function less(a: unknown, b: unknown): boolean {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === 'nil' || ka === 'complex' || ka === 'bool' || kb === 'bool') throw new Error('invalid type for comparison');
  if (ka !== kb) throw new Error('incompatible types for comparison');
  return (a as number) < (b as number);
}

/** sprig's indent: every line, the first included, gets n spaces. */
function indent(n: unknown, s: unknown): string {
  const pad = ' '.repeat(Number(toInt(n)));
  return pad + String(s ?? '').replace(/\n/g, `\n${pad}`);
}

/** helm's toYaml: sigs.k8s.io/yaml's output without its last newline; an error renders as "". */
function toYaml(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  const plain = toPlain(v);
  if (typeof plain !== 'object') return kubectlYaml(plain).replace(/\n$/, '');
  return kubectlYaml(plain).replace(/\n$/, '');
}

function dict(...kv: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < kv.length; i += 2) out[strval(kv[i])] = i + 1 < kv.length ? kv[i + 1] : '';
  return out;
}

function title(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}_'])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

function trunc(n: unknown, s: unknown): string {
  const str = String(s ?? '');
  const c = Number(toInt(n));
  if (c < 0 && str.length + c > 0) return str.slice(str.length + c);
  if (c >= 0 && str.length > c) return str.slice(0, c);
  return str;
}

function fn(f: (...args: never[]) => unknown, arity: number, variadic = false): TemplateFunc {
  return { fn: f as TemplateFunc['fn'], arity, variadic };
}

/** include NAME DATA: the named template rendered to a string (so it can be piped, unlike {{template}}). */
function include(this: State, name: string, data: unknown): string {
  const tree = this.templates().trees.get(name);
  if (!tree) throw new Error(`template: no template "${name}" associated with template "gotpl"`);
  return this.call(tree, data);
}

/** tpl TEXT DATA: a string of values rendered as a template, with the chart's named templates. */
function tpl(this: State, text: string, data: unknown): string {
  const set = this.templates();
  let trees;
  try {
    trees = parse('gotpl', String(text), new Set(set.funcs.keys()));
  } catch (e) {
    throw new Error(`cannot parse template ${goQuoteString(String(text))}: ${(e as Error).message}`);
  }
  const scoped = { trees: new Map(set.trees), funcs: set.funcs };
  for (const t of trees.slice(1)) scoped.trees.set(t.name, t);
  try {
    return new State(scoped, trees[0], data).run(data).replaceAll('<no value>', '');
  } catch (e) {
    if (e instanceof ExecError) throw new Error(`error during tpl function execution for ${goQuoteString(String(text))}: ${e.message}`);
    throw e;
  }
}

export const FUNCS: ReadonlyMap<string, TemplateFunc> = new Map<string, TemplateFunc>([
  // text/template builtins (and/or are evaluated lazily by the executor).
  ['and', fn(() => undefined, 1, true)],
  ['or', fn(() => undefined, 1, true)],
  ['not', fn((v: unknown) => !isTrue(v), 1)],
  ['eq', fn((a: unknown, ...b: unknown[]) => eq(a, ...b), 2, true)],
  ['ne', fn((a: unknown, b: unknown) => !eq(a, b), 2)],
  ['lt', fn((a: unknown, b: unknown) => less(a, b), 2)],
  ['le', fn((a: unknown, b: unknown) => less(a, b) || eq(a, b), 2)],
  ['gt', fn((a: unknown, b: unknown) => less(b, a), 2)],
  ['ge', fn((a: unknown, b: unknown) => less(b, a) || eq(a, b), 2)],
  ['len', fn((v: unknown) => {
    if (typeof v === 'string' || Array.isArray(v)) return BigInt(v.length);
    if (isMap(v)) return BigInt(Object.keys(v).length);
    throw new Error(`len of type ${goType(v)}`);
  }, 1)],
  ['index', fn((v: unknown, ...keys: unknown[]) => {
    let cur = v;
    for (const k of keys) {
      if (Array.isArray(cur)) {
        const i = Number(toInt(k));
        if (i < 0 || i >= cur.length) throw new Error(`index out of range: ${i}`);
        cur = cur[i];
      } else if (isMap(cur)) cur = cur[strval(k)];
      else if (cur === null || cur === undefined) throw new Error('index of untyped nil');
      else throw new Error(`can't index item of type ${goType(cur)}`);
    }
    return cur;
  }, 1, true)],
  ['print', fn((...a: unknown[]) => a.map((x, i) => (i > 0 && typeof x !== 'string' && typeof a[i - 1] !== 'string' ? ' ' : '') + strval(x)).join(''), 0, true)],
  ['println', fn((...a: unknown[]) => `${a.map(strval).join(' ')}\n`, 0, true)],
  ['printf', fn((f: string, ...a: unknown[]) => sprintf(String(f), a), 1, true)],
  // sprig: strings
  ['quote', fn((...a: unknown[]) => a.filter((x) => x !== null && x !== undefined).map((x) => goQuoteString(strval(x))).join(' '), 0, true)],
  ['squote', fn((...a: unknown[]) => a.filter((x) => x !== null && x !== undefined).map((x) => `'${strval(x)}'`).join(' '), 0, true)],
  ['upper', fn((s: unknown) => strval(s).toUpperCase(), 1)],
  ['lower', fn((s: unknown) => strval(s).toLowerCase(), 1)],
  ['title', fn((s: unknown) => title(strval(s)), 1)],
  ['trim', fn((s: unknown) => strval(s).trim(), 1)],
  ['trunc', fn(trunc, 2)],
  ['trimSuffix', fn((suf: unknown, s: unknown) => { const x = strval(s); const f = strval(suf); return f && x.endsWith(f) ? x.slice(0, -f.length) : x; }, 2)],
  ['trimPrefix', fn((pre: unknown, s: unknown) => { const x = strval(s); const f = strval(pre); return x.startsWith(f) ? x.slice(f.length) : x; }, 2)],
  ['replace', fn((o: unknown, n: unknown, s: unknown) => strval(s).split(strval(o)).join(strval(n)), 3)],
  ['contains', fn((sub: unknown, s: unknown) => strval(s).includes(strval(sub)), 2)],
  ['hasPrefix', fn((p: unknown, s: unknown) => strval(s).startsWith(strval(p)), 2)],
  ['hasSuffix', fn((p: unknown, s: unknown) => strval(s).endsWith(strval(p)), 2)],
  ['indent', fn(indent, 2)],
  ['nindent', fn((n: unknown, s: unknown) => `\n${indent(n, s)}`, 2)],
  // sprig's path functions (path.Base, path.Dir, path.Ext), as .Files.Glob loops use them.
  ['base', fn((s: unknown) => { const p = strval(s).replace(/\/+$/, ''); return p === '' ? (strval(s) ? '/' : '.') : p.slice(p.lastIndexOf('/') + 1); }, 1)],
  ['dir', fn((s: unknown) => { const p = strval(s); const i = p.lastIndexOf('/'); return i < 0 ? '.' : i === 0 ? '/' : p.slice(0, i); }, 1)],
  ['ext', fn((s: unknown) => { const p = strval(s); const b = p.slice(p.lastIndexOf('/') + 1); const i = b.lastIndexOf('.'); return i < 0 ? '' : b.slice(i); }, 1)],
  ['b64enc', fn((s: unknown) => base64Encode(strval(s)), 1)],
  ['sha256sum', fn((s: unknown) => sha256Hex(strval(s)), 1)],
  ['toString', fn((v: unknown) => strval(v), 1)],
  ['int', fn((v: unknown) => toInt(v), 1)],
  ['int64', fn((v: unknown) => toInt(v), 1)],
  ['float64', fn((v: unknown) => (typeof v === 'string' ? Number(v) || 0 : Number(typeof v === 'bigint' ? Number(v) : v ?? 0)), 1)],
  ['join', fn((sep: unknown, v: unknown) => (Array.isArray(v) ? v.map(strval).join(strval(sep)) : strval(v)), 2)],
  // sprig: defaults and flow
  ['default', fn((d: unknown, ...v: unknown[]) => (v.length === 0 || empty(v[0]) ? d : v[0]), 1, true)],
  ['empty', fn((v: unknown) => empty(v), 1)],
  ['coalesce', fn((...v: unknown[]) => v.find((x) => !empty(x)) ?? null, 0, true)],
  ['ternary', fn((a: unknown, b: unknown, c: unknown) => (isTrue(c) ? a : b), 3)],
  ['fail', fn((msg: unknown) => { throw new Error(warnWrap(strval(msg))); }, 1)],
  // sprig: lists and dicts
  ['list', fn((...v: unknown[]) => v, 0, true)],
  ['dict', fn(dict, 0, true)],
  ['hasKey', fn((m: unknown, k: unknown) => isMap(m) && Object.prototype.hasOwnProperty.call(m, strval(k)), 2)],
  ['get', fn((m: unknown, k: unknown) => (isMap(m) && strval(k) in m ? m[strval(k)] : ''), 2)],
  ['set', fn((m: unknown, k: unknown, v: unknown) => { if (isMap(m)) m[strval(k)] = v; return m; }, 3)],
  ['keys', fn((...ms: unknown[]) => ms.flatMap((m) => (isMap(m) ? Object.keys(m) : [])), 1, true)],
  ['kindIs', fn((k: unknown, v: unknown) => kindName(v) === strval(k), 2)],
  // helm
  ['include', fn(include as never, 2)],
  ['tpl', fn(tpl as never, 2)],
  ['toYaml', fn(toYaml, 1)],
  ['toJson', fn((v: unknown) => goJson(toPlain(v)), 1)],
  ['required', fn((warn: unknown, v: unknown) => {
    if (v === null || v === undefined || v === '') throw new Error(warnWrap(strval(warn)));
    return v;
  }, 2)],
  // SIMULATION: lookup answers as under `helm template` (an empty map): charts must cope with that anyway.
  ['lookup', fn(() => ({}), 4)],
]);

/** reflect.Kind's name, as sprig's kindIs and kindOf give it. */
function kindName(v: unknown): string {
  if (v === null || v === undefined) return 'invalid';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'number') return 'float64';
  if (Array.isArray(v)) return 'slice';
  if (v instanceof GoStruct) return 'ptr';
  return 'map';
}

export const FUNC_NAMES: ReadonlySet<string> = new Set(FUNCS.keys());
