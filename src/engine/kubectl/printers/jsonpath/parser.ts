// The parser of kubectl's JSONPath dialect (k8s.io/client-go/util/jsonpath): text with {actions}, where an
// action holds fields (.a.b, escaped dots "a\.b"), [index|slice|union|'key'], [?(filter)], .., *, quoted
// text and the identifiers range/end. Errors carry upstream's wording ("unclosed action", "invalid array index x").

export interface SliceParam { known: boolean; value: number; derived: boolean }

export type JsonPathNode =
  | { type: 'list'; nodes: JsonPathNode[] }
  | { type: 'text'; text: string }
  | { type: 'field'; name: string }
  | { type: 'array'; params: [SliceParam, SliceParam, SliceParam] }
  | { type: 'filter'; left: ListNode; right: ListNode; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; nodes: ListNode[] }
  | { type: 'identifier'; name: string };

export type ListNode = Extract<JsonPathNode, { type: 'list' }>;

export class JsonPathParseError extends Error {}

const list = (): ListNode => ({ type: 'list', nodes: [] });
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const DICT_KEY = /^'([^']*)'$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;

const isSpace = (c: string) => c === ' ' || c === '\t';
const isEndOfLine = (c: string) => c === '\r' || c === '\n';
const isAlphaNumeric = (c: string) => c === '_' || /^[\p{L}\p{Nd}]$/u.test(c);
const isDigit = (c: string) => /^\p{Nd}$/u.test(c);
const EOF = '';

function isTerminator(c: string): boolean {
  return c === EOF || isSpace(c) || isEndOfLine(c) || '.,[]$@{}'.includes(c);
}

/** Parse a template; the root list holds text nodes and one list node per {action}. */
export function parseJsonPath(text: string): ListNode {
  return new Parser(text).parse();
}

/** An action's body parsed on its own ("{" + text + "}"), as filters, unions and ['keys'] do. */
function parseAction(text: string): ListNode {
  return new Parser(`{${text}}`).parse().nodes[0] as ListNode;
}

class Parser {
  private pos = 0;
  private start = 0;
  private readonly root = list();

  constructor(private readonly input: string) {}

  parse(): ListNode {
    this.parseText(this.root);
    return this.root;
  }

  private next(): string {
    if (this.pos >= this.input.length) return EOF;
    return this.input[this.pos++];
  }

  private peek(): string {
    return this.pos >= this.input.length ? EOF : this.input[this.pos];
  }

  private backup(c: string): void {
    if (c !== EOF) this.pos--;
  }

  private consumeText(): string {
    const v = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return v;
  }

  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        this.pos += 1;
        this.consumeText();
        const action = list();
        cur.nodes.push(action);
        this.parseInsideAction(action);
        return;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      const rest = this.input.slice(this.pos);
      if (rest.startsWith('}')) {
        this.pos += 1;
        this.consumeText();
        this.parseText(this.root);
        return;
      }
      if (rest.startsWith('[?(')) { this.parseFilter(cur); continue; }
      if (rest.startsWith('..')) { this.parseRecursive(cur); continue; }
      const c = this.next();
      if (c === EOF || isEndOfLine(c)) throw new JsonPathParseError('unclosed action');
      if (c === ' ' || c === '@' || c === '$') this.consumeText(); // "@" and "$" are the current object
      else if (c === '[') this.parseArray(cur);
      else if (c === '"' || c === "'") this.parseQuote(cur, c);
      else if (c === '.') this.parseField(cur);
      else if (c === '+' || c === '-' || isDigit(c)) { this.backup(c); this.parseNumber(cur); }
      else if (isAlphaNumeric(c)) { this.backup(c); this.parseIdentifier(cur); }
      else throw new JsonPathParseError(`unrecognized character in action: ${goRuneFormat(c)}`);
    }
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const c = this.next();
      if (isTerminator(c)) { this.backup(c); break; }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') throw new JsonPathParseError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const first = this.peek();
    if (first === '+' || first === '-') this.next();
    for (;;) {
      const c = this.next();
      if (c !== '.' && !isDigit(c)) { this.backup(c); break; }
    }
    const value = this.consumeText();
    if (/^[+-]?\d+$/.test(value)) cur.nodes.push({ type: 'int', value: Number(value) });
    else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) cur.nodes.push({ type: 'float', value: Number(value) });
    else throw new JsonPathParseError(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const c = this.next();
      if (c === EOF || c === '\n') throw new JsonPathParseError('unterminated array');
      if (c === ']') break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      cur.nodes.push({ type: 'union', nodes: parts.map((p) => parseAction(`[${p.trim()}]`)) });
      return;
    }
    const key = DICT_KEY.exec(text);
    if (key) {
      cur.nodes.push(...parseAction(`.${key[1]}`).nodes);
      return;
    }
    const m = SLICE.exec(text);
    if (!m) throw new JsonPathParseError(`invalid array index ${text}`);
    const params = [0, 1, 2].map((): SliceParam => ({ known: false, value: 0, derived: false })) as [SliceParam, SliceParam, SliceParam];
    for (let i = 0; i < 3; i++) {
      let v = m[i + 1] ?? '';
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') continue;
        if (!/^-?\d+$/.test(v)) throw new JsonPathParseError(`array index ${v} is not a number`);
        params[i] = { known: true, value: Number(v), derived: false };
      } else if (i === 1) {
        params[1] = { known: true, value: params[0].value + 1, derived: true };
      }
    }
    cur.nodes.push({ type: 'array', params });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const c = this.next();
      if (c === EOF || c === '\n') throw new JsonPathParseError('unterminated filter');
      if (c === '"' || c === "'") {
        if (!begin) { begin = true; pair = c; continue; }
        if (this.input[this.pos - 2] !== '\\' && c === pair) end = true;
      } else if (c === ')' && begin === end) break;
    }
    if (this.next() !== ']') throw new JsonPathParseError('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) cur.nodes.push({ type: 'filter', left: parseAction(text), right: list(), operator: 'exists' });
    else cur.nodes.push({ type: 'filter', left: parseAction(m[1]), right: parseAction(m[3]), operator: m[2] });
  }

  private parseQuote(cur: ListNode, quote: string): void {
    for (;;) {
      const c = this.next();
      if (c === EOF || c === '\n') throw new JsonPathParseError('unterminated quoted string');
      if (c === quote && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new JsonPathParseError(`unquote string ${value} error ${(e as Error).message}`);
    }
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    for (;;) {
      const c = this.next();
      if (c === '\\') { this.next(); continue; }
      if (isTerminator(c)) { this.backup(c); break; }
    }
    const value = this.consumeText();
    cur.nodes.push(value === '*' ? { type: 'wildcard' } : { type: 'field', name: value.replace(/\\/g, '') });
  }
}

/** Go's %#U: "U+0023 '#'". */
function goRuneFormat(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`;
}

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"' };

/** UnquoteExtend: strconv.Unquote for double- and single-quoted strings ("invalid syntax" otherwise). */
function unquoteExtend(s: string): string {
  const quote = s[0];
  if (s.length < 2 || s[s.length - 1] !== quote || (quote !== '"' && quote !== "'")) throw new Error('invalid syntax');
  const body = s.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === quote) throw new Error('invalid syntax');
    if (c !== '\\') { out += c; continue; }
    const e = body[++i];
    if (e === undefined) throw new Error('invalid syntax');
    if (e in SIMPLE_ESCAPES) {
      if ((e === "'" || e === '"') && e !== quote) throw new Error('invalid syntax');
      out += SIMPLE_ESCAPES[e];
      continue;
    }
    const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (hex) {
      const digits = body.slice(i + 1, i + 1 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) throw new Error('invalid syntax');
      out += String.fromCodePoint(parseInt(digits, 16));
      i += hex;
      continue;
    }
    const octal = body.slice(i, i + 3);
    if (/^[0-7]{3}$/.test(octal)) {
      out += String.fromCharCode(parseInt(octal, 8));
      i += 2;
      continue;
    }
    throw new Error('invalid syntax');
  }
  return out;
}
