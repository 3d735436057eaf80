// text/template's parser: a list of nodes per template, with {{define}}d templates collected beside the main one.
// Node.toString gives the text Go's errors quote ("at <.Values.foo.bar>").
import { lex, lineOf, TemplateParseError, type Token } from './lex.ts';

/** One parsed template: its name (the file's, or a define's) and the file it came from (for error positions). */
export interface Tree {
  name: string;
  /** The file's name (text/template's ParseName) and its text: positions in errors count in it. */
  parseName: string;
  text: string;
  root: ListNode;
}

export type ListNode = Node[];

export type Node =
  | { t: 'text'; pos: number; text: string }
  | { t: 'action'; pos: number; pipe: Pipe }
  | { t: 'if' | 'with' | 'range'; pos: number; pipe: Pipe; list: ListNode; elseList?: ListNode }
  | { t: 'template'; pos: number; name: string; pipe?: Pipe }
  | { t: 'break' | 'continue'; pos: number };

export interface Pipe {
  pos: number;
  decl: string[];
  isAssign: boolean;
  cmds: Command[];
}

export interface Command {
  pos: number;
  args: Arg[];
}

export type Arg =
  | { t: 'field'; pos: number; ident: string[] }
  | { t: 'variable'; pos: number; name: string; ident: string[] }
  | { t: 'dot'; pos: number }
  | { t: 'identifier'; pos: number; name: string }
  | { t: 'string'; pos: number; text: string; value: string }
  | { t: 'number'; pos: number; text: string; value: number | bigint }
  | { t: 'bool'; pos: number; value: boolean }
  | { t: 'nil'; pos: number }
  | { t: 'pipe'; pos: number; pipe: Pipe }
  | { t: 'chain'; pos: number; node: Arg; field: string[] };

export function argString(a: Arg): string {
  switch (a.t) {
    case 'field': return a.ident.map((f) => `.${f}`).join('');
    case 'variable': return [a.name, ...a.ident].join('.');
    case 'dot': return '.';
    case 'identifier': return a.name;
    case 'string': case 'number': return a.text;
    case 'bool': return String(a.value);
    case 'nil': return 'nil';
    case 'pipe': return `(${pipeString(a.pipe)})`;
    case 'chain': return `${argString(a.node)}${a.field.map((f) => `.${f}`).join('')}`;
  }
}

export function commandString(c: Command): string {
  return c.args.map(argString).join(' ');
}

export function pipeString(p: Pipe): string {
  const decl = p.decl.length ? `${p.decl.join(', ')} ${p.isAssign ? '=' : ':='} ` : '';
  return decl + p.cmds.map(commandString).join(' | ');
}

/** Go's strconv.Unquote for the template's string literals. */
function unquote(text: string): string {
  if (text.startsWith('`')) return text.slice(1, -1);
  return text.slice(1, -1).replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_m, e: string) => {
    switch (e[0]) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'a': return '\x07';
      case 'b': return '\b';
      case 'f': return '\f';
      case 'v': return '\v';
      case 'x': case 'u': case 'U': return String.fromCodePoint(parseInt(e.slice(1), 16));
      default: return /^[0-7]{3}$/.test(e) ? String.fromCharCode(parseInt(e, 8)) : e;
    }
  });
}

function parseNumber(text: string): number | bigint | undefined {
  const clean = text.replace(/_/g, '');
  if (/^[+-]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|\d+)$/.test(clean)) {
    const neg = clean.startsWith('-');
    let body = clean.replace(/^[+-]/, '');
    if (/^0[0-7]+$/.test(body)) body = `0o${body.slice(1)}`;
    const v = BigInt(body.replace(/^0O/, '0o').replace(/^0X/, '0x').replace(/^0B/, '0b'));
    return neg ? -v : v;
  }
  const f = Number(clean);
  return Number.isNaN(f) ? undefined : f;
}

class Parser {
  private i = 0;
  readonly defines: Tree[] = [];
  /** Variables in scope, as text/template checks them at parse time. */
  private vars: string[] = ['$'];

  constructor(private readonly name: string, private readonly text: string, private readonly tokens: Token[], private readonly funcs: ReadonlySet<string>) {}

  private fail(pos: number, msg: string): never {
    throw new TemplateParseError(`template: ${this.name}:${lineOf(this.text, pos)}: ${msg}`);
  }
  private peek(): Token { return this.tokens[this.i]; }
  private next(): Token { return this.tokens[this.i++]; }
  private peekNonSpace(): Token {
    while (this.tokens[this.i].type === 'space') this.i++;
    return this.tokens[this.i];
  }
  private nextNonSpace(): Token {
    const t = this.peekNonSpace();
    this.i++;
    return t;
  }

  parseTemplate(): ListNode {
    const { list, end } = this.itemList(false);
    if (end) this.fail(end.pos, `unexpected {{${end.value}}}`);
    return list;
  }

  /** Nodes until {{end}} or {{else}} (when inside a control structure) or EOF. */
  private itemList(inside: boolean): { list: ListNode; end?: Token } {
    const list: ListNode = [];
    for (;;) {
      const t = this.next();
      if (t.type === 'eof') {
        if (inside) this.fail(t.pos, 'unexpected EOF');
        return { list };
      }
      if (t.type === 'text') { list.push({ t: 'text', pos: t.pos, text: t.value }); continue; }
      // leftDelim
      const k = this.peekNonSpace();
      if (k.type === 'keyword') {
        this.i++;
        switch (k.value) {
          case 'end': case 'else':
            if (!inside) this.fail(k.pos, `unexpected {{${k.value}}}`);
            return { list, end: k };
          case 'if': case 'with': case 'range': list.push(this.control(k.value, k.pos)); break;
          case 'define': this.define(); break;
          case 'template': list.push(this.templateCall(k.pos, false)); break;
          case 'block': list.push(this.templateCall(k.pos, true)); break;
          case 'break': case 'continue':
            this.expectRight(k.value);
            list.push({ t: k.value, pos: k.pos });
            break;
        }
        continue;
      }
      const pipe = this.pipeline('command', true);
      list.push({ t: 'action', pos: pipe.pos, pipe });
    }
  }

  private expectRight(context: string): void {
    const t = this.nextNonSpace();
    if (t.type !== 'rightDelim') this.fail(t.pos, `unexpected ${describe(t)} in ${context}`);
  }

  private control(kind: 'if' | 'with' | 'range', pos: number): Node {
    const depth = this.vars.length;
    const pipe = this.pipeline(kind, kind === 'range');
    const { list, end } = this.itemList(true);
    let elseList: ListNode | undefined;
    if (end!.value === 'else') {
      // {{else if …}} / {{else with …}} nest a second control structure that shares the {{end}}.
      const k = this.peekNonSpace();
      if (k.type === 'keyword' && (k.value === 'if' || k.value === 'with') && kind !== 'range') {
        this.i++;
        elseList = [this.control(k.value, k.pos)];
      } else {
        this.expectRight('else');
        const r = this.itemList(true);
        if (r.end!.value !== 'end') this.fail(r.end!.pos, 'expected end; found {{else}}');
        this.expectRight('end');
        elseList = r.list;
      }
    } else this.expectRight('end');
    this.vars.length = depth;
    return { t: kind, pos, pipe, list, ...(elseList ? { elseList } : {}) };
  }

  private define(): void {
    const nameTok = this.nextNonSpace();
    if (nameTok.type !== 'string' && nameTok.type !== 'rawString') this.fail(nameTok.pos, 'unexpected name in define clause');
    this.expectRight('define clause');
    const saved = this.vars;
    this.vars = ['$'];
    const { list, end } = this.itemList(true);
    if (end!.value !== 'end') this.fail(end!.pos, 'unexpected {{else}}');
    this.expectRight('end');
    this.vars = saved;
    this.defines.push({ name: unquote(nameTok.value), parseName: this.name, text: this.text, root: list });
  }

  private templateCall(pos: number, block: boolean): Node {
    const ctx = block ? 'block clause' : 'template clause';
    const nameTok = this.nextNonSpace();
    if (nameTok.type !== 'string' && nameTok.type !== 'rawString') this.fail(nameTok.pos, `unexpected ${describe(nameTok)} in ${ctx}`);
    const name = unquote(nameTok.value);
    let pipe: Pipe | undefined;
    if (this.peekNonSpace().type !== 'rightDelim') pipe = this.pipeline(ctx, false);
    else this.i++;
    if (block) {
      const { list } = this.itemList(true);
      this.expectRight('end');
      this.defines.push({ name, parseName: this.name, text: this.text, root: list });
    }
    return { t: 'template', pos, name, ...(pipe ? { pipe } : {}) };
  }

  /** A pipeline up to the closing delimiter (or ")" when inside parentheses). */
  private pipeline(context: string, allowDecl: boolean, end: 'rightDelim' | 'rightParen' = 'rightDelim'): Pipe {
    const start = this.peekNonSpace();
    const pipe: Pipe = { pos: start.pos, decl: [], isAssign: false, cmds: [] };
    // Declarations: $x := …, $i, $v := … (range), $x = … .
    if (start.type === 'variable') {
      const save = this.i;
      this.i++;
      const names = [start.value];
      let t = this.peekNonSpace();
      if (t.type === 'comma' && allowDecl) {
        this.i++;
        const second = this.nextNonSpace();
        if (second.type !== 'variable') this.fail(second.pos, `unexpected ${describe(second)} in ${context}`);
        names.push(second.value);
        t = this.peekNonSpace();
      }
      if (t.type === 'declare' || t.type === 'assign') {
        this.i++;
        pipe.decl = names;
        pipe.isAssign = t.type === 'assign';
        if (t.type === 'declare') this.vars.push(...names);
        else for (const n of names) if (!this.vars.includes(n)) this.fail(start.pos, `undefined variable "${n}"`);
      } else this.i = save;
    }
    for (;;) {
      const t = this.peekNonSpace();
      if (t.type === end) {
        this.i++;
        if (!pipe.cmds.length) this.fail(t.pos, `missing value for ${context}`);
        return pipe;
      }
      if (t.type === 'eof' || (t.type === 'rightDelim' && end === 'rightParen')) this.fail(t.pos, t.type === 'eof' ? 'unclosed action' : 'unclosed left paren');
      pipe.cmds.push(this.command(end));
      const after = this.peekNonSpace();
      if (after.type === 'pipe') {
        this.i++;
        if (this.peekNonSpace().type === end) this.fail(after.pos, 'missing command');
      }
    }
  }

  private command(end: 'rightDelim' | 'rightParen'): Command {
    const args: Arg[] = [];
    const pos = this.peekNonSpace().pos;
    for (;;) {
      const t = this.peekNonSpace();
      if (t.type === end || t.type === 'pipe' || t.type === 'eof' || t.type === 'rightDelim') break;
      args.push(this.operand());
      const after = this.peek();
      if (after.type !== 'space' && after.type !== end && after.type !== 'pipe' && after.type !== 'rightDelim' && after.type !== 'rightParen') {
        this.fail(after.pos, `unexpected ${describe(after)} in operand`);
      }
    }
    if (!args.length) this.fail(pos, 'empty command');
    return { pos, args };
  }

  private operand(): Arg {
    const term = this.term();
    if (this.peek().type !== 'field') return term;
    const fields: string[] = [];
    while (this.peek().type === 'field') fields.push(this.next().value.slice(1));
    if (term.t === 'field') return { ...term, ident: [...term.ident, ...fields] };
    if (term.t === 'variable') return { ...term, ident: [...term.ident, ...fields] };
    if (term.t === 'string' || term.t === 'number' || term.t === 'bool' || term.t === 'nil') this.fail(term.pos, `unexpected . after term "${argString(term)}"`);
    return { t: 'chain', pos: term.pos, node: term, field: fields };
  }

  private term(): Arg {
    const t = this.nextNonSpace();
    switch (t.type) {
      case 'identifier':
        if (!this.funcs.has(t.value)) this.fail(t.pos, `function "${t.value}" not defined`);
        return { t: 'identifier', pos: t.pos, name: t.value };
      case 'dot': return { t: 'dot', pos: t.pos };
      case 'nil': return { t: 'nil', pos: t.pos };
      case 'bool': return { t: 'bool', pos: t.pos, value: t.value === 'true' };
      case 'variable':
        if (!this.vars.includes(t.value)) this.fail(t.pos, `undefined variable "${t.value}"`);
        return { t: 'variable', pos: t.pos, name: t.value, ident: [] };
      case 'field': return { t: 'field', pos: t.pos, ident: [t.value.slice(1)] };
      case 'string': case 'rawString': return { t: 'string', pos: t.pos, text: t.value, value: unquote(t.value) };
      case 'number': {
        const value = parseNumber(t.value);
        if (value === undefined) this.fail(t.pos, `bad number syntax: "${t.value}"`);
        return { t: 'number', pos: t.pos, text: t.value, value };
      }
      case 'leftParen': {
        const pipe = this.pipeline('parenthesized pipeline', false, 'rightParen');
        return { t: 'pipe', pos: t.pos, pipe };
      }
      default: return this.fail(t.pos, `unexpected ${describe(t)} in operand`);
    }
  }
}

function describe(t: Token): string {
  if (t.type === 'eof') return 'EOF';
  if (t.type === 'rightDelim') return '"}}"';
  if (t.type === 'keyword') return `<${t.value}>`;
  return `"${t.value}"`;
}

/** Parse one file: its own tree (named after the file) and the templates it defines; `funcs` are the known functions. */
export function parse(name: string, text: string, funcs: ReadonlySet<string>): Tree[] {
  const p = new Parser(name, text, lex(name, text), funcs);
  const root = p.parseTemplate();
  return [{ name, parseName: name, text, root }, ...p.defines];
}

export { TemplateParseError };
