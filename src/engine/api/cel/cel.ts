// A CEL (Common Expression Language) evaluator for the places Kubernetes uses CEL: CRD x-kubernetes-validations
// (apiserver/apiextensions) and DRA device selectors (scheduler/plugins/dynamicresources). Callers give the
// variables (`self`, `device` …); the Kubernetes quantity library is built in.
// Simplification: a subset of CEL — literals, lists, field access, map indexing, has(), size(), int(), string(),
// quantity(), the operators (! - * / % + - < <= > >= == != in && || ?:), and the methods size, startsWith,
// endsWith, contains, matches, all, exists, and a quantity's compareTo, isGreaterThan, isLessThan, asInteger;
// no type checking at compile time (a wrong type is a runtime error), no cost limits, no macros beyond has, all
// and exists. Error texts follow cel-go's where the subset has them.
import { Quantity, QuantityError } from '../quantity.ts';

type Value = unknown;
export type Node =
  | { t: 'lit'; v: Value }
  | { t: 'id'; name: string }
  | { t: 'list'; items: Node[] }
  | { t: 'member'; obj: Node; name: string }
  | { t: 'index'; obj: Node; idx: Node }
  | { t: 'call'; name: string; target?: Node; args: Node[] }
  | { t: 'un'; op: string; x: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; c: Node; a: Node; b: Node };

export class CelError extends Error {}

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
        const name = this.toks[this.i++];
        if (!name || !/^[A-Za-z_]/.test(name)) throw new CelError('Syntax error: expected a field name');
        n = this.eat('(') ? { t: 'call', name, target: n, args: this.args() } : { t: 'member', obj: n, name };
      } else if (this.eat('[')) {
        const idx = this.cond();
        this.expect(']');
        n = { t: 'index', obj: n, idx };
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

const isObj = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Quantity);

function member(obj: Value, name: string): Value {
  if (!isObj(obj) || !(name in obj) || obj[name] === undefined) throw new CelError(`no such key: ${name}`);
  return obj[name];
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
    case 'member': return member(evaluate(n.obj, env), n.name);
    case 'index': {
      const obj = evaluate(n.obj, env), idx = evaluate(n.idx, env);
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
      return isObj(obj) && obj[arg.name] !== undefined;
    }
    const args = n.args.map((a) => evaluate(a, env));
    if (n.name === 'size') return sizeOf(args[0]);
    if (n.name === 'int') return Math.trunc(Number(args[0]));
    if (n.name === 'string') return String(args[0]);
    if (n.name === 'quantity') return parseQuantity(args[0]);
    throw new CelError(`undeclared reference to '${n.name}'`);
  }
  if (n.name === 'all' || n.name === 'exists') {
    const target = evaluate(n.target, env);
    const [v, pred] = n.args;
    if (v?.t !== 'id' || !pred) throw new CelError(`invalid argument to ${n.name}() macro`);
    const items = Array.isArray(target) ? target : isObj(target) ? Object.keys(target) : [];
    const test = (x: Value) => evaluate(pred, new Map(env).set(v.name, x)) === true;
    return n.name === 'all' ? items.every(test) : items.some(test);
  }
  const target = evaluate(n.target, env);
  const args = n.args.map((a) => evaluate(a, env));
  if (n.name === 'size') return sizeOf(target);
  if (target instanceof Quantity) return quantityMethod(n.name, target, args);
  if (typeof target !== 'string' || typeof args[0] !== 'string') throw new CelError(`found no matching overload for '${n.name}'`);
  switch (n.name) {
    case 'startsWith': return target.startsWith(args[0]);
    case 'endsWith': return target.endsWith(args[0]);
    case 'contains': return target.includes(args[0]);
    case 'matches': return new RegExp(args[0], 'u').test(target);
    default: throw new CelError(`undeclared reference to '${n.name}'`);
  }
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
