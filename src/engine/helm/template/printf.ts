// fmt.Sprintf for the verbs templates use: %s %v %d %q %t %f %x %T %%, with width, precision and the "-" and "0"
// flags; a verb that does not fit its argument prints Go's %!VERB(TYPE=VALUE), a missing argument %!VERB(MISSING).
import { formatFloat, formatValue, goType } from './values.ts';

function quote(s: string): string {
  return JSON.stringify(s);
}

function bad(verb: string, v: unknown): string {
  return `%!${verb}(${goType(v)}=${formatValue(v)})`;
}

function one(verb: string, v: unknown, prec: number | undefined): string {
  switch (verb) {
    case 'v': return v === null || v === undefined ? '<nil>' : formatValue(v);
    case 's': return typeof v === 'string' ? (prec === undefined ? v : v.slice(0, prec)) : v === null || v === undefined ? '%!s(<nil>)' : typeof v === 'object' ? formatValue(v) : bad('s', v);
    case 'd': return typeof v === 'bigint' ? String(v) : bad('d', v);
    case 'q': return typeof v === 'string' ? quote(v) : bad('q', v);
    case 't': return typeof v === 'boolean' ? String(v) : bad('t', v);
    case 'f': case 'F':
      if (typeof v === 'number') return v.toFixed(prec ?? 6);
      return bad(verb, v);
    case 'g': return typeof v === 'number' ? formatFloat(v) : bad('g', v);
    case 'x': return typeof v === 'bigint' ? v.toString(16) : typeof v === 'string' ? [...new TextEncoder().encode(v)].map((b) => b.toString(16).padStart(2, '0')).join('') : bad('x', v);
    case 'T': return goType(v);
    default: return `%!${verb}(${goType(v)}=${formatValue(v)})`;
  }
}

export function sprintf(format: string, args: unknown[]): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') { out += c; continue; }
    const m = /^([-+# 0]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/.exec(format.slice(i + 1));
    if (!m) { out += '%!(NOVERB)'; break; }
    i += m[0].length;
    const [, flags, width, precision, verb] = m;
    if (verb === '%') { out += '%'; continue; }
    if (n >= args.length) { out += `%!${verb}(MISSING)`; continue; }
    let s = one(verb, args[n++], precision === undefined ? undefined : Number(precision));
    const w = width ? Number(width) : 0;
    if (s.length < w) s = flags.includes('-') ? s.padEnd(w) : s.padStart(w, flags.includes('0') && verb !== 's' ? '0' : ' ');
    out += s;
  }
  if (n < args.length) out += `%!(EXTRA ${args.slice(n).map((a) => `${goType(a)}=${formatValue(a)}`).join(', ')})`;
  return out;
}
