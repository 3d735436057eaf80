// A CEL (Common Expression Language) evaluator for the places Kubernetes uses CEL: CRD x-kubernetes-validations
// (apiserver/apiextensions), DRA device selectors (scheduler/plugins/dynamicresources) and ValidatingAdmissionPolicy
// (apiserver/admission/plugins/validatingadmissionpolicy). Callers give the variables (`self`, `device`, `object` …);
// the Kubernetes quantity library, the strings extension and the list library (library.ts) and optional types
// (optional.ts) are built in.
// Simplification: a subset of CEL — literals, lists, field access, map indexing, has(), size(), int(), double(),
// string(), dyn(), quantity(), the operators (! - * / % + - < <= > >= == != in && || ?:), the macros all, exists,
// exists_one, map and filter, the methods size, startsWith, endsWith, contains, matches and library.ts's, and a
// quantity's compareTo, isGreaterThan, isLessThan, asInteger; no type checking at compile time (a wrong type is a
// runtime error), no cost limits, no map literals. Error texts follow cel-go's where the subset has them.
import { Quantity, QuantityError } from '../quantity.ts';
import { CelError } from './errors.ts';
import { listMethod, stringMethod } from './library.ts';
import { Optional, optionalFunction, optionalMethod } from './optional.ts';
import { OpaqueValue, opaqueMethod } from './opaque.ts';

export { CelError } from './errors.ts';
export { Optional } from './optional.ts';
export { OpaqueValue } from './opaque.ts';

type Value = unknown;
export type Node =
  | { t: 'lit'; v: Value }
  | { t: 'id'; name: string }
  | { t: 'list'; items: Node[] }
  | { t: 'member'; obj: Node; name: string; opt?: boolean }
  | { t: 'index'; obj: Node; idx: Node; opt?: boolean }
  | { t: 'call'; name: string; target?: Node; args: Node[] }
  | { t: 'un'; op: string; x: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; c: Node; a: Node; b: Node };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_][A-Za-z0-9_]*)|(&&|\|\||==|!=|<=|>=|[-+*/%<>!?:.,()[\]]))/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) throw new CelError(`Syntax error: token recognition error at: '${src.slice(at).trim()[0]}'`);
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: string[]) {}
  parse(): Node {
    const n = this.cond();
    if (this.i < this.toks.length) throw new CelError(`Syntax error: unexpected '${this.toks[this.i]}'`);
    return n;
  }
  private peek(): string | undefined { return this.toks[this.i]; }
  private eat(t: string): boolean { if (this.toks[this.i] === t) { this.i++; return true; } return false; }
  private expect(t: string): void { if (!this.eat(t)) throw new CelError(`Syntax error: expected '${t}'`); }
  private cond(): Node {
    const c = this.binary(0);
    if (!this.eat('?')) return c;
    const a = this.cond();
    this.expect(':');
    return { t: 'cond', c, a, b: this.cond() };
  }
  private static readonly LEVELS = [['||'], ['&&'], ['==', '!=', '<', '<=', '>', '>=', 'in'], ['+', '-'], ['*', '/', '%']];
  private binary(level: number): Node {
    if (level === Parser.LEVELS.length) return this.unary();
    let l = this.binary(level + 1);
    for (let op = this.peek(); op !== undefined && Parser.LEVELS[level].includes(op); op = this.peek()) {
      this.i++;
      l = { t: 'bin', op, l, r: this.binary(level + 1) };
    }
    return l;
  }
  private unary(): Node {
    const op = this.peek();
    if (op === '!' || op === '-') { this.i++; return { t: 'un', op, x: this.unary() }; }
    return this.postfix(this.primary());
  }
  private args(): Node[] {
    const args: Node[] = [];
    if (this.eat(')')) return args;
    do args.push(this.cond()); while (this.eat(','));
    this.expect(')');
    return args;
  }
  private postfix(n: Node): Node {
    for (;;) {
      if (this.eat('.')) {
        // obj.?field: an optional field selection.
        const opt = this.eat('?');
        const name = this.toks[this.i++];
        if (!name || !/^[A-Za-z_]/.test(name)) throw new CelError('Syntax error: expected a field name');
        n = !opt && this.eat('(') ? { t: 'call', name, target: n, args: this.args() } : { t: 'member', obj: n, name, opt };
      } else if (this.eat('[')) {
        const opt = this.eat('?');
        const idx = this.cond();
        this.expect(']');
        n = { t: 'index', obj: n, idx, opt };
      } else return n;
    }
  }
  private primary(): Node {
    const tok = this.toks[this.i++];
    if (tok === undefined) throw new CelError('Syntax error: unexpected end of expression');
    if (/^\d/.test(tok)) return { t: 'lit', v: Number(tok) };
    if (tok[0] === '"' || tok[0] === "'") return { t: 'lit', v: tok.slice(1, -1).replace(/\\(.)/g, '$1') };
    if (tok === 'true' || tok === 'false') return { t: 'lit', v: tok === 'true' };
    if (tok === 'null') return { t: 'lit', v: null };
    if (tok === '(') { const n = this.cond(); this.expect(')'); return n; }
    if (tok === '[') {
      const items: Node[] = [];
      if (!this.eat(']')) { do items.push(this.cond()); while (this.eat(',')); this.expect(']'); }
      return { t: 'list', items };
    }
    if (/^[A-Za-z_]/.test(tok)) return this.eat('(') ? { t: 'call', name: tok, args: this.args() } : { t: 'id', name: tok };
    throw new CelError(`Syntax error: unexpected '${tok}'`);
  }
}

const compiled = new Map<string, Node>();
/** Parse an expression (cached: selectors and rules are evaluated again and again). */
export function compile(rule: string): Node {
  let n = compiled.get(rule);
  if (!n) compiled.set(rule, (n = new Parser(tokenize(rule)).parse()));
  return n;
}

/** Check that a rule parses (CRD validation reports a rule that does not compile). */
export function compileError(rule: string): string | undefined {
  try { compile(rule); return undefined; } catch (e) { return (e as Error).message; }
}

/**
 * A map whose values are computed when first read and then kept (ValidatingAdmissionPolicy's `variables`: a
 * variable is evaluated only if an expression uses it, and its error, if any, is that expression's).
 */
export class LazyMap {
  private readonly done = new Map<string, { v?: Value; err?: unknown }>();
  constructor(private readonly names: readonly string[], private readonly compute: (name: string) => Value) {}
  has(name: string): boolean { return this.names.includes(name); }
  get(name: string): Value {
    let r = this.done.get(name);
    if (!r) {
      try { r = { v: this.compute(name) }; } catch (err) { r = { err }; }
      this.done.set(name, r);
    }
    if (r.err) throw r.err;
    return r.v;
  }
}

const isObj = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Quantity) && !(v instanceof Optional) && !(v instanceof LazyMap) && !(v instanceof OpaqueValue);

function member(obj: Value, name: string): Value {
  if (obj instanceof LazyMap && obj.has(name)) return obj.get(name);
  if (obj instanceof OpaqueValue) {
    const v = obj.field(name);
    if (v === undefined) throw new CelError(`no such key: ${name}`);
    return v;
  }
  if (!isObj(obj) || !(name in obj) || obj[name] === undefined) throw new CelError(`no such key: ${name}`);
  return obj[name];
}

/** obj.?name (or obj[?name]): an optional, empty where the field is absent; selecting on an optional stays optional. */
function optionalMember(obj: Value, name: string): Optional {
  if (obj instanceof Optional) return obj.present ? optionalMember(obj.inner, name) : Optional.none;
  if (obj instanceof LazyMap) return obj.has(name) ? Optional.of(obj.get(name)) : Optional.none;
  return isObj(obj) && obj[name] !== undefined && obj[name] !== null ? Optional.of(obj[name]) : Optional.none;
}

function eq(a: Value, b: Value): boolean {
  if (a instanceof Quantity || b instanceof Quantity) return a instanceof Quantity && b instanceof Quantity && a.sub(b).isZero();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Evaluate a compiled expression with these variables; a runtime error throws a CelError. */
export function evaluate(n: Node, env: Map<string, Value>): Value {
  switch (n.t) {
    case 'lit': return n.v;
    case 'list': return n.items.map((x) => evaluate(x, env));
    case 'id':
      if (!env.has(n.name)) throw new CelError(`undeclared reference to '${n.name}'`);
      return env.get(n.name);
    case 'member': {
      const obj = evaluate(n.obj, env);
      return n.opt || obj instanceof Optional ? optionalMember(obj, n.name) : member(obj, n.name);
    }
    case 'index': {
      const obj = evaluate(n.obj, env), idx = evaluate(n.idx, env);
      if (n.opt || obj instanceof Optional) {
        if (Array.isArray(obj) && typeof idx === 'number') return idx >= 0 && idx < obj.length ? Optional.of(obj[idx]) : Optional.none;
        return optionalMember(obj, String(idx));
      }
      if (Array.isArray(obj) && typeof idx === 'number') {
        if (idx < 0 || idx >= obj.length) throw new CelError(`index out of bounds: ${idx}`);
        return obj[idx];
      }
      return member(obj, String(idx));
    }
    case 'cond': return evaluate(n.c, env) === true ? evaluate(n.a, env) : evaluate(n.b, env);
    case 'un': {
      const x = evaluate(n.x, env);
      if (n.op === '!') return x !== true;
      if (typeof x !== 'number') throw new CelError("found no matching overload for '-_'");
      return -x;
    }
    case 'bin': return binary(n, env);
    case 'call': return call(n, env);
  }
}

function binary(n: Extract<Node, { t: 'bin' }>, env: Map<string, Value>): Value {
  if (n.op === '&&') return evaluate(n.l, env) === true && evaluate(n.r, env) === true;
  if (n.op === '||') return evaluate(n.l, env) === true || evaluate(n.r, env) === true;
  const l = evaluate(n.l, env), r = evaluate(n.r, env);
  switch (n.op) {
    case '==': return eq(l, r);
    case '!=': return !eq(l, r);
    case 'in': return Array.isArray(r) ? r.some((x) => eq(x, l)) : isObj(r) && typeof l === 'string' && l in r;
    case '+':
      if (typeof l === 'string' && typeof r === 'string') return l + r;
      if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
  }
  if (typeof l !== typeof r || (typeof l !== 'number' && typeof l !== 'string')) throw new CelError(`found no matching overload for '_${n.op}_' applied to '(${celType(l)}, ${celType(r)})'`);
  const a = l as number, b = r as number;
  switch (n.op) {
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': if (b === 0) throw new CelError('division by zero'); return Number.isInteger(a) && Number.isInteger(b) ? Math.trunc(a / b) : a / b;
    default: if (b === 0) throw new CelError('modulus by zero'); return a % b;
  }
}

export function celType(v: Value): string {
  if (v instanceof Quantity) return 'Quantity';
  if (v instanceof Optional) return 'optional_type';
  if (v instanceof OpaqueValue) return v.typeName;
  if (Array.isArray(v)) return 'list';
  if (isObj(v)) return 'map';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  return v === null ? 'null_type' : typeof v === 'boolean' ? 'bool' : typeof v;
}

function sizeOf(v: Value): number {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (isObj(v)) return Object.keys(v).length;
  throw new CelError(`found no matching overload for 'size' applied to '(${celType(v)})'`);
}

function call(n: Extract<Node, { t: 'call' }>, env: Map<string, Value>): Value {
  if (!n.target) {
    if (n.name === 'has') {
      const arg = n.args[0];
      if (arg?.t !== 'member') throw new CelError('invalid argument to has() macro');
      const obj = evaluate(arg.obj, env);
      return obj instanceof LazyMap ? obj.has(arg.name) : isObj(obj) && obj[arg.name] !== undefined;
    }
    const args = n.args.map((a) => evaluate(a, env));
    if (n.name === 'size') return sizeOf(args[0]);
    if (n.name === 'int') return toInt(args[0]);
    if (n.name === 'double') return toDouble(args[0]);
    if (n.name === 'string') return typeof args[0] === 'string' || typeof args[0] === 'number' || typeof args[0] === 'boolean' ? String(args[0]) : noOverload('string', args[0]);
    if (n.name === 'dyn') return args[0];
    if (n.name === 'quantity') return parseQuantity(args[0]);
    throw new CelError(`undeclared reference to '${n.name}'`);
  }
  if (MACROS.has(n.name) && n.args.length >= 2) return macro(n as Call & { target: Node }, env);
  // optional.of(x), optional.none(): functions of the `optional` namespace, unless a variable has that name.
  if (n.target.t === 'id' && n.target.name === 'optional' && !env.has('optional')) return optionalFunction(n.name, n.args.map((a) => evaluate(a, env)));
  const target = evaluate(n.target, env);
  const args = n.args.map((a) => evaluate(a, env));
  if (n.name === 'size') return sizeOf(target);
  if (target instanceof Quantity) return quantityMethod(n.name, target, args);
  if (target instanceof Optional) return optionalMethod(n.name, target, args);
  if (target instanceof OpaqueValue) return opaqueMethod(target, n.name, args, celType);
  const result = typeof target === 'string' ? stringMethod(n.name, target, args) : Array.isArray(target) ? listMethod(n.name, target, args, eq) : undefined;
  if (result === undefined) throw new CelError(`found no matching overload for '${n.name}' applied to '${celType(target)}'`);
  return result;
}

type Call = Extract<Node, { t: 'call' }>;
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** The comprehension macros: all, exists, exists_one, map (with an optional filter) and filter, over a list or a map's keys. */
function macro(n: Call & { target: Node }, env: Map<string, Value>): Value {
  const target = evaluate(n.target, env);
  const [v, ...rest] = n.args;
  if (v?.t !== 'id') throw new CelError(`${n.name}() variable name must be a simple identifier`);
  if (!Array.isArray(target) && !isObj(target)) throw new CelError(`found no matching overload for '${n.name}' applied to '${celType(target)}'`);
  const items = Array.isArray(target) ? target : Object.keys(target);
  const run = (x: Value, e: Node) => evaluate(e, new Map(env).set(v.name, x));
  const test = (x: Value, e: Node) => {
    const r = run(x, e);
    if (typeof r !== 'boolean') throw new CelError(`no such overload`);
    return r;
  };
  switch (n.name) {
    case 'all': return items.every((x) => test(x, rest[0]));
    case 'exists': return items.some((x) => test(x, rest[0]));
    case 'exists_one': return items.filter((x) => test(x, rest[0])).length === 1;
    case 'filter': return items.filter((x) => test(x, rest[0]));
    default: return rest.length > 1 ? items.filter((x) => test(x, rest[0])).map((x) => run(x, rest[1])) : items.map((x) => run(x, rest[0]));
  }
}

function noOverload(name: string, v: Value): never {
  throw new CelError(`found no matching overload for '${name}' applied to '(${celType(v)})'`);
}

function toInt(v: Value): number {
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v)) return Number(v);
  if (typeof v === 'string') throw new CelError(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  return noOverload('int', v);
}

function toDouble(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (typeof v === 'string') throw new CelError(`strconv.ParseFloat: parsing ${JSON.stringify(v)}: invalid syntax`);
  return noOverload('double', v);
}

/** The Kubernetes quantity library: quantity("40Gi") and its comparison methods. */
function parseQuantity(v: Value): Quantity {
  if (typeof v !== 'string') throw new CelError(`found no matching overload for 'quantity' applied to '(${celType(v)})'`);
  try {
    return Quantity.parse(v);
  } catch (e) {
    if (e instanceof QuantityError) throw new CelError(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`);
    throw e;
  }
}

function quantityMethod(name: string, q: Quantity, args: Value[]): Value {
  if (name === 'asInteger') {
    const v = q.scaledValueBig(0);
    if (!q.sub(Quantity.fromValue(v)).isZero() || v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) throw new CelError('cannot convert value to integer');
    return Number(v);
  }
  const o = args[0];
  if (!(o instanceof Quantity)) throw new CelError(`found no matching overload for '${name}' applied to 'Quantity.(${celType(o)})'`);
  const c = q.sub(o).sign();
  switch (name) {
    case 'compareTo': return c;
    case 'isGreaterThan': return c > 0;
    case 'isLessThan': return c < 0;
    default: throw new CelError(`undeclared reference to '${name}'`);
  }
}
