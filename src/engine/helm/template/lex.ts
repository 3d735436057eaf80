// The lexer of Go's text/template: text between actions, and inside {{ }} the tokens of pipelines. "{{- " and
// " -}}" trim the white space on their side; {{/* */}} comments vanish. Positions are byte offsets into the source.

export type TokenType =
  | 'text' | 'leftDelim' | 'rightDelim' | 'space' | 'field' | 'variable' | 'identifier' | 'dot' | 'string' | 'rawString'
  | 'number' | 'bool' | 'nil' | 'pipe' | 'leftParen' | 'rightParen' | 'declare' | 'assign' | 'comma' | 'keyword' | 'eof';

export interface Token {
  type: TokenType;
  value: string;
  pos: number;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);

/** A parse error, worded as text/template's: "template: NAME:LINE: MESSAGE". */
export class TemplateParseError extends Error {}

export function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isAlnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

export function lex(name: string, text: string): Token[] {
  const tokens: Token[] = [];
  const fail = (pos: number, msg: string): never => { throw new TemplateParseError(`template: ${name}:${lineOf(text, pos)}: ${msg}`); };
  let i = 0;
  let trimNext = false;
  while (i < text.length) {
    let open = text.indexOf('{{', i);
    if (open < 0) open = text.length;
    let chunk = text.slice(i, open);
    const trimLeft = open < text.length && text[open + 2] === '-' && isSpace(text[open + 3]);
    if (trimNext) chunk = chunk.replace(/^[ \t\r\n]+/, '');
    if (trimLeft) chunk = chunk.replace(/[ \t\r\n]+$/, '');
    trimNext = false;
    if (chunk) tokens.push({ type: 'text', value: chunk, pos: i });
    if (open >= text.length) break;
    let p = open + (trimLeft ? 4 : 2);
    // A comment fills the whole action.
    if (text.startsWith('/*', p)) {
      const close = text.indexOf('*/', p + 2);
      if (close < 0) fail(open, 'unclosed comment');
      let q = close + 2;
      let trimRight = false;
      if (text[q] === ' ' && text[q + 1] === '-' && text.startsWith('}}', q + 2)) { trimRight = true; q += 2; }
      if (!text.startsWith('}}', q)) fail(open, 'comment ends before closing delimiter');
      i = q + 2;
      trimNext = trimRight;
      continue;
    }
    tokens.push({ type: 'leftDelim', value: '{{', pos: open });
    for (;;) {
      if (p >= text.length) fail(open, 'unclosed action');
      const c = text[p];
      if (isSpace(c)) {
        const start = p;
        while (isSpace(text[p])) p++;
        if (text[p] === '-' && text.startsWith('}}', p + 1)) {
          tokens.push({ type: 'rightDelim', value: '}}', pos: p });
          p += 3;
          trimNext = true;
          break;
        }
        tokens.push({ type: 'space', value: ' ', pos: start });
        continue;
      }
      if (text.startsWith('}}', p)) { tokens.push({ type: 'rightDelim', value: '}}', pos: p }); p += 2; break; }
      const start = p;
      if (c === '|') { tokens.push({ type: 'pipe', value: '|', pos: p++ }); continue; }
      if (c === '(') { tokens.push({ type: 'leftParen', value: '(', pos: p++ }); continue; }
      if (c === ')') { tokens.push({ type: 'rightParen', value: ')', pos: p++ }); continue; }
      if (c === ',') { tokens.push({ type: 'comma', value: ',', pos: p++ }); continue; }
      if (c === ':' ) {
        if (text[p + 1] !== '=') fail(p, 'expected :=');
        tokens.push({ type: 'declare', value: ':=', pos: p }); p += 2; continue;
      }
      if (c === '=') { tokens.push({ type: 'assign', value: '=', pos: p++ }); continue; }
      if (c === '"') {
        p++;
        while (p < text.length && text[p] !== '"') {
          if (text[p] === '\\') p++;
          if (text[p] === '\n') fail(start, 'unterminated quoted string');
          p++;
        }
        if (p >= text.length) fail(start, 'unterminated quoted string');
        p++;
        tokens.push({ type: 'string', value: text.slice(start, p), pos: start });
        continue;
      }
      if (c === '`') {
        const close = text.indexOf('`', p + 1);
        if (close < 0) fail(start, 'unterminated raw quoted string');
        p = close + 1;
        tokens.push({ type: 'rawString', value: text.slice(start, p), pos: start });
        continue;
      }
      if (c === '$') {
        p++;
        while (isAlnum(text[p])) p++;
        tokens.push({ type: 'variable', value: text.slice(start, p), pos: start });
        continue;
      }
      if (c === '.') {
        if (/[0-9]/.test(text[p + 1] ?? '')) { p = lexNumber(text, p); tokens.push({ type: 'number', value: text.slice(start, p), pos: start }); continue; }
        p++;
        while (isAlnum(text[p])) p++;
        tokens.push({ type: p - start === 1 ? 'dot' : 'field', value: text.slice(start, p), pos: start });
        continue;
      }
      if (/[0-9+-]/.test(c)) {
        p = lexNumber(text, p);
        if (p === start) fail(start, `unexpected "${c}" in command`);
        tokens.push({ type: 'number', value: text.slice(start, p), pos: start });
        continue;
      }
      if (isAlnum(c)) {
        while (isAlnum(text[p])) p++;
        const word = text.slice(start, p);
        const type: TokenType = KEYWORDS.has(word) ? 'keyword' : word === 'true' || word === 'false' ? 'bool' : word === 'nil' ? 'nil' : 'identifier';
        tokens.push({ type, value: word, pos: start });
        continue;
      }
      fail(p, `unexpected "${c}" in command`);
    }
    i = p;
  }
  tokens.push({ type: 'eof', value: '', pos: text.length });
  return tokens;
}

function lexNumber(text: string, p: number): number {
  const m = /^[+-]?(0[xX][0-9a-fA-F_]+|0[oObB]?[0-7_]+|(\d[\d_]*)?\.?\d*([eE][+-]?\d+)?)/.exec(text.slice(p));
  return p + (m ? m[0].length : 0);
}
