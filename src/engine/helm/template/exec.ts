// text/template's executor: walks a tree with a dot and variables, evaluating pipelines, fields and functions.
// Errors read as Go's: `template: FILE:LINE:COL: executing "NAME" at <NODE>: MESSAGE`.
import { argString, commandString, type Arg, type Command, type ListNode, type Node, type Pipe, type Tree } from './parse.ts';
import { formatValue, GoStruct, isMap, isTrue, type Method } from './values.ts';

/** An execution error (text/template's ExecError). */
export class ExecError extends Error {}

/** A template function: receives evaluated arguments; throws an Error to fail ("error calling NAME: …"). */
export interface TemplateFunc {
  fn: (...args: unknown[]) => unknown;
  /** Fixed arity, or the least count for variadic functions (then `variadic`). */
  arity: number;
  variadic?: boolean;
}

export interface TemplateSet {
  trees: Map<string, Tree>;
  funcs: Map<string, TemplateFunc>;
}

type ControlNode = Extract<Node, { pipe: Pipe; list: ListNode }>;

const NONE = Symbol('no final value');
type Final = unknown;
class Break {}
class Continue {}

/** Go's ErrorContext: "FILE:LINE:COL" (COL counts bytes from the line's start, from 0 on the first line). */
function location(tree: Tree, pos: number): string {
  const before = tree.text.slice(0, pos);
  const nl = before.lastIndexOf('\n');
  const line = 1 + (before.match(/\n/g)?.length ?? 0);
  return `${tree.parseName}:${line}:${nl < 0 ? pos : pos - nl - 1}`;
}

export class State {
  private vars: { name: string; value: unknown }[];
  private out: string[] = [];
  private at?: { pos: number; text: string };
  private depth: number;

  constructor(private readonly set: TemplateSet, private readonly tree: Tree, dot: unknown, depth = 0) {
    this.vars = [{ name: '$', value: dot }];
    this.depth = depth;
  }

  run(dot: unknown): string {
    this.walkList(dot, this.tree.root);
    return this.out.join('');
  }

  private setAt(pos: number, text: string): void { this.at = { pos, text }; }

  errorf(msg: string): never {
    if (!this.at) throw new ExecError(`template: ${this.tree.name}: ${msg}`);
    const ctx = this.at.text.length > 20 ? `${this.at.text.slice(0, 20)}...` : this.at.text;
    throw new ExecError(`template: ${location(this.tree, this.at.pos)}: executing "${this.tree.name}" at <${ctx}>: ${msg}`);
  }

  private walkList(dot: unknown, list: ListNode): void {
    for (const n of list) this.walk(dot, n);
  }

  private walk(dot: unknown, node: Node): void {
    switch (node.t) {
      case 'text': this.out.push(node.text); return;
      case 'action': {
        const v = this.evalPipeline(dot, node.pipe);
        if (!node.pipe.decl.length) this.out.push(v === undefined || v === null ? '<no value>' : formatValue(v));
        return;
      }
      case 'if': case 'with': {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, node.pipe);
        if (isTrue(v)) this.walkList(node.t === 'with' ? v : dot, node.list);
        else if (node.elseList) this.walkList(dot, node.elseList);
        this.vars.length = mark;
        return;
      }
      case 'range': this.range(dot, node); return;
      case 'template': {
        const tree = this.set.trees.get(node.name);
        this.setAt(node.pos, `{{template "${node.name}"}}`);
        if (!tree) this.errorf(`template: no template "${node.name}" associated with template "${this.tree.name}"`);
        const newDot = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
        this.out.push(this.call(tree, newDot));
        return;
      }
      case 'break': throw new Break();
      case 'continue': throw new Continue();
    }
  }

  /** Another template with its own variables ($ is its dot), as {{template}} and include run it. */
  call(tree: Tree, dot: unknown): string {
    // Go's text/template stops at 100,000 nested calls; a template that includes itself fails far sooner here.
    if (this.depth >= 1000) this.errorf(`exceeded maximum template depth (1000)`);
    return new State(this.set, tree, dot, this.depth + 1).run(dot);
  }

  private range(dot: unknown, node: ControlNode): void {
    const mark = this.vars.length;
    const v = this.evalCommands(dot, node.pipe);
    const items: [unknown, unknown][] = [];
    if (Array.isArray(v)) v.forEach((x, i) => items.push([BigInt(i), x]));
    else if (isMap(v)) for (const k of Object.keys(v).sort()) items.push([k, v[k]]);
    else if (v instanceof GoStruct && v.entries) for (const k of [...v.entries.keys()].sort()) items.push([k, v.entries.get(k)]);
    else if (typeof v === 'bigint') for (let i = 0n; i < v; i++) items.push([i, i]);
    else if (v !== null && v !== undefined) this.errorf(`range can't iterate over ${formatValue(v)}`);
    for (const [k, x] of items) {
      const [first, second] = node.pipe.decl;
      if (first !== undefined) this.vars.push({ name: first, value: second === undefined ? x : k });
      if (second !== undefined) this.vars.push({ name: second, value: x });
      try {
        this.walkList(x, node.list);
      } catch (e) {
        if (e instanceof Break) { this.vars.length = mark; break; }
        if (!(e instanceof Continue)) throw e;
      }
      this.vars.length = mark;
    }
    if (!items.length && node.elseList) this.walkList(dot, node.elseList);
    this.vars.length = mark;
  }

  private evalCommands(dot: unknown, pipe: Pipe): unknown {
    let value: unknown = NONE;
    for (const cmd of pipe.cmds) value = this.evalCommand(dot, cmd, value);
    return value;
  }

  private evalPipeline(dot: unknown, pipe: Pipe): unknown {
    const value = this.evalCommands(dot, pipe);
    for (const name of pipe.decl) {
      if (pipe.isAssign) {
        const v = [...this.vars].reverse().find((x) => x.name === name);
        if (v) v.value = value;
      } else this.vars.push({ name, value });
    }
    return value;
  }

  private variable(name: string): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i].name === name) return this.vars[i].value;
    return this.errorf(`undefined variable: ${name}`);
  }

  private notAFunction(arg: Arg, args: Arg[], final: Final): void {
    if (args.length > 1 || final !== NONE) {
      this.setAt(arg.pos, argString(arg));
      this.errorf(`can't give argument to non-function ${argString(arg)}`);
    }
  }

  private evalCommand(dot: unknown, cmd: Command, final: Final): unknown {
    const first = cmd.args[0];
    switch (first.t) {
      case 'field': return this.evalFieldChain(dot, dot, first, first.ident, cmd.args, final);
      case 'chain': return this.evalFieldChain(dot, this.evalArg(dot, first.node), first, first.field, cmd.args, final);
      case 'identifier': return this.evalFunction(dot, first.name, cmd, final);
      case 'variable': {
        const v = this.variable(first.name);
        if (!first.ident.length) { this.notAFunction(first, cmd.args, final); return v; }
        return this.evalFieldChain(dot, v, first, first.ident, cmd.args, final);
      }
      default:
        this.notAFunction(first, cmd.args, final);
        return this.evalArg(dot, first);
    }
  }

  private evalFieldChain(dot: unknown, receiver: unknown, node: Arg, ident: string[], args: Arg[], final: Final): unknown {
    for (let i = 0; i < ident.length - 1; i++) receiver = this.evalField(dot, ident[i], node, [], NONE, receiver);
    return this.evalField(dot, ident[ident.length - 1], node, args, final, receiver);
  }

  private evalField(dot: unknown, field: string, node: Arg, args: Arg[], final: Final, receiver: unknown): unknown {
    this.setAt(node.pos, argString(node));
    const hasArgs = args.length > 1 || final !== NONE;
    if (receiver instanceof GoStruct) {
      if (!(field in receiver.fields)) this.errorf(`can't evaluate field ${field} in type ${receiver.type}`);
      const f = receiver.fields[field];
      if (typeof f === 'function') {
        const values = args.slice(1).map((a) => this.evalArg(dot, a));
        if (final !== NONE) values.push(final);
        try {
          return (f as Method)(...values);
        } catch (e) {
          this.setAt(node.pos, argString(node));
          return this.errorf(`error calling ${field}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      if (hasArgs) this.errorf(`${field} has arguments but cannot be invoked as function`);
      return f;
    }
    if (isMap(receiver)) {
      if (hasArgs) this.errorf(`${field} is not a method but has arguments`);
      return Object.prototype.hasOwnProperty.call(receiver, field) ? receiver[field] : undefined;
    }
    if (receiver === null || receiver === undefined) return this.errorf(`nil pointer evaluating interface {}.${field}`);
    return this.errorf(`can't evaluate field ${field} in type interface {}`);
  }

  private evalArg(dot: unknown, arg: Arg): unknown {
    switch (arg.t) {
      case 'dot': return dot;
      case 'nil': return null;
      case 'bool': case 'string': case 'number': return arg.value;
      case 'field': return this.evalFieldChain(dot, dot, arg, arg.ident, [arg], NONE);
      case 'variable': {
        const v = this.variable(arg.name);
        return arg.ident.length ? this.evalFieldChain(dot, v, arg, arg.ident, [arg], NONE) : v;
      }
      case 'pipe': return this.evalPipeline(dot, arg.pipe);
      case 'chain': return this.evalFieldChain(dot, this.evalArg(dot, arg.node), arg, arg.field, [arg], NONE);
      case 'identifier': return this.evalFunction(dot, arg.name, { pos: arg.pos, args: [arg] }, NONE);
    }
  }

  private evalFunction(dot: unknown, name: string, cmd: Command, final: Final): unknown {
    const fn = this.set.funcs.get(name)!;
    const rest = cmd.args.slice(1);
    const count = rest.length + (final !== NONE ? 1 : 0);
    // and/or evaluate their arguments only as far as they need (Go 1.18+).
    if (name === 'and' || name === 'or') {
      if (count < 1) { this.setAt(cmd.pos, commandString(cmd)); this.errorf(`wrong number of args for ${name}: want at least 1 got 0`); }
      let v: unknown;
      for (let i = 0; i < count; i++) {
        v = i < rest.length ? this.evalArg(dot, rest[i]) : final;
        if (isTrue(v) === (name === 'or')) return v;
      }
      return v;
    }
    const values = rest.map((a) => this.evalArg(dot, a));
    if (final !== NONE) values.push(final);
    this.setAt(cmd.pos, commandString(cmd));
    if (fn.variadic ? values.length < fn.arity : values.length !== fn.arity) {
      this.errorf(`wrong number of args for ${name}: want ${fn.variadic ? 'at least ' : ''}${fn.arity} got ${values.length}`);
    }
    try {
      return fn.fn.call(this, ...values);
    } catch (e) {
      this.setAt(cmd.pos, commandString(cmd));
      return this.errorf(`error calling ${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** The template set, for include and tpl. */
  templates(): TemplateSet { return this.set; }
}
