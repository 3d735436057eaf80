// The text filters people pipe kubectl into on their own machine: wc, sort, uniq, base64 and tr, with GNU
// coreutils' options and messages (the workstation is a Linux laptop). They read the piped text or documents.
// Simplification: sort compares as in the C locale (code units), not by the locale's collation.

export interface TextResult { exitCode: number; stdout: string; stderr: string }

/** The text of each input: the documents named, or stdin when none is (or for `-`); missing ones are errors. */
export type ReadInput = (name: string) => string | undefined;

export const TEXT_UTILS = new Set(['wc', 'sort', 'uniq', 'base64', 'tr']);

const ok = (stdout: string): TextResult => ({ exitCode: 0, stdout, stderr: '' });
const fail = (stderr: string, exitCode = 1): TextResult => ({ exitCode, stdout: '', stderr });
const tryHelp = (prog: string) => `Try '${prog} --help' for more information.\n`;

/** Short flags (`-lc`) and long ones apart from the operands; an unknown flag is GNU's "invalid option". */
function parse(prog: string, args: string[], short: string, long: Record<string, string> = {}): { flags: Set<string>; operands: string[] } | TextResult {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (a.startsWith('--') && a.length > 2) {
      const f = long[a.slice(2)];
      if (!f) return fail(`${prog}: unrecognized option '${a}'\n${tryHelp(prog)}`);
      flags.add(f);
    } else if (a.startsWith('-') && a.length > 1) {
      for (const ch of a.slice(1)) {
        if (!short.includes(ch)) return fail(`${prog}: invalid option -- '${ch}'\n${tryHelp(prog)}`);
        flags.add(ch);
      }
    } else operands.push(a);
  }
  return { flags, operands };
}

/** The inputs' texts, in order, and the error lines of those that cannot be read. */
function inputs(prog: string, operands: string[], read: ReadInput): { texts: { name: string; text: string }[]; errors: string } {
  const texts: { name: string; text: string }[] = [];
  let errors = '';
  for (const name of operands.length ? operands : ['-']) {
    const text = read(name);
    if (text === undefined) errors += `${prog}: ${name}: No such file or directory\n`;
    else texts.push({ name, text });
  }
  return { texts, errors };
}

/** Lines of a text (a last line without its newline counts). */
const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

function wc(args: string[], read: ReadInput): TextResult {
  const p = parse('wc', args, 'lwcm', { lines: 'l', words: 'w', bytes: 'c', chars: 'm' });
  if ('exitCode' in p) return p;
  const chosen = ['l', 'w', 'm', 'c'].filter((f) => p.flags.has(f));
  const shown = chosen.length ? chosen : ['l', 'w', 'c'];
  const { texts, errors } = inputs('wc', p.operands, read);
  const count = (text: string): Record<string, number> => ({
    l: (text.match(/\n/g) ?? []).length,
    w: text.split(/\s+/).filter(Boolean).length,
    m: [...text].length,
    c: new TextEncoder().encode(text).length,
  });
  const rows = texts.map((t) => ({ name: t.name, n: count(t.text) }));
  if (rows.length > 1) rows.push({ name: 'total', n: Object.fromEntries(shown.map((f) => [f, rows.reduce((s, r) => s + r.n[f], 0)])) });
  // GNU's width: one count of one input prints bare; else the digits of the files' total size, at least 7 when
  // an input is a pipe (its size is unknown).
  const fileBytes = texts.filter((t) => t.name !== '-').reduce((s, t) => s + new TextEncoder().encode(t.text).length, 0);
  const width = shown.length === 1 && texts.length === 1 ? 1 : Math.max(String(fileBytes).length, texts.some((t) => t.name === '-') ? 7 : 1);
  const out = rows.map((r) => shown.map((f) => String(r.n[f]).padStart(width)).join(' ') + (r.name === '-' ? '' : ` ${r.name}`) + '\n').join('');
  return { exitCode: errors ? 1 : 0, stdout: out, stderr: errors };
}

function sort(args: string[], read: ReadInput): TextResult {
  const p = parse('sort', args, 'rnu', { reverse: 'r', 'numeric-sort': 'n', unique: 'u' });
  if ('exitCode' in p) return p;
  const { texts, errors } = inputs('sort', p.operands, read);
  if (errors) return fail(errors, 2);
  const num = (s: string) => Number.parseFloat(s.trim()) || 0;
  const cmp = p.flags.has('n')
    ? (a: string, b: string) => num(a) - num(b) || (a < b ? -1 : a > b ? 1 : 0)
    : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  let lines = texts.flatMap((t) => linesOf(t.text)).sort(cmp);
  if (p.flags.has('r')) lines.reverse();
  if (p.flags.has('u')) lines = lines.filter((l, i) => i === 0 || cmp(lines[i - 1], l) !== 0);
  return ok(lines.map((l) => `${l}\n`).join(''));
}

function uniq(args: string[], read: ReadInput): TextResult {
  const p = parse('uniq', args, 'cdu', { count: 'c', repeated: 'd', unique: 'u' });
  if ('exitCode' in p) return p;
  const { texts, errors } = inputs('uniq', p.operands.slice(0, 1), read);
  if (errors) return fail(errors);
  const runs: { line: string; n: number }[] = [];
  for (const line of linesOf(texts[0].text)) {
    const last = runs[runs.length - 1];
    if (last && last.line === line) last.n++;
    else runs.push({ line, n: 1 });
  }
  const kept = runs.filter((r) => (p.flags.has('d') ? r.n > 1 : p.flags.has('u') ? r.n === 1 : true));
  return ok(kept.map((r) => (p.flags.has('c') ? `${String(r.n).padStart(7)} ${r.line}\n` : `${r.line}\n`)).join(''));
}

function base64(args: string[], read: ReadInput): TextResult {
  const wrapAt = args.findIndex((a) => a === '-w' || a.startsWith('--wrap='));
  const wrap = wrapAt < 0 ? 76 : Number(args[wrapAt] === '-w' ? args[wrapAt + 1] : args[wrapAt].slice(7));
  const rest = wrapAt < 0 ? args : args.filter((_, i) => i !== wrapAt && !(args[wrapAt] === '-w' && i === wrapAt + 1));
  const p = parse('base64', rest.map((a) => (/^-w\d+$/.test(a) ? '' : a)).filter(Boolean), 'di', { decode: 'd', 'ignore-garbage': 'i' });
  if ('exitCode' in p) return p;
  const { texts, errors } = inputs('base64', p.operands.slice(0, 1), read);
  if (errors) return fail(errors);
  const text = texts[0].text;
  if (p.flags.has('d')) {
    const clean = p.flags.has('i') ? text.replace(/[^A-Za-z0-9+/=]/g, '') : text.replace(/\n/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return fail('base64: invalid input\n');
    const bin = atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '='));
    return ok(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  }
  const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  const lines = wrap > 0 ? encoded.match(new RegExp(`.{1,${wrap}}`, 'g')) ?? [] : [encoded];
  return ok(lines.map((l) => `${l}\n`).join(''));
}

/** tr SET1 SET2 (ranges like a-z), tr -d SET: what people use to upper-case or strip characters. */
function tr(args: string[], read: ReadInput): TextResult {
  const p = parse('tr', args, 'd', { delete: 'd' });
  if ('exitCode' in p) return p;
  const need = p.flags.has('d') ? 1 : 2;
  if (p.operands.length < need) return fail(`tr: missing operand${p.operands.length ? ` after '${p.operands[p.operands.length - 1]}'` : ''}\n${need === 2 && p.operands.length ? 'Two strings must be given when translating.\n' : ''}${tryHelp('tr')}`);
  if (p.operands.length > need) return fail(`tr: extra operand '${p.operands[need]}'\n${tryHelp('tr')}`);
  const set = (s: string) => s.replace(/\\n/g, '\n').replace(/(.)-(.)/gu, (_, a: string, b: string) => String.fromCharCode(...Array.from({ length: Math.max(0, b.charCodeAt(0) - a.charCodeAt(0) + 1) }, (_x, i) => a.charCodeAt(0) + i)));
  const from = [...set(p.operands[0])];
  const text = read('-') ?? '';
  if (p.flags.has('d')) return ok([...text].filter((c) => !from.includes(c)).join(''));
  const to = [...set(p.operands[1])];
  // GNU pads SET2 with its last character to SET1's length.
  return ok([...text].map((c) => { const i = from.lastIndexOf(c); return i < 0 ? c : to[Math.min(i, to.length - 1)] ?? c; }).join(''));
}

export function runTextUtil(argv: string[], read: ReadInput): TextResult {
  const [prog, ...args] = argv;
  switch (prog) {
    case 'wc': return wc(args, read);
    case 'sort': return sort(args, read);
    case 'uniq': return uniq(args, read);
    case 'base64': return base64(args, read);
    default: return tr(args, read);
  }
}
