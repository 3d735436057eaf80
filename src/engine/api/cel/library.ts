// The CEL extension libraries Kubernetes enables: cel-go's strings extension (charAt, indexOf, lastIndexOf,
// lowerAscii, upperAscii, replace, split, substring, trim, join) and Kubernetes' list library (sum, min, max,
// isSorted, indexOf, lastIndexOf). Indexes count code points, as CEL strings do.
import { CelError } from './errors.ts';

const noOverload = (name: string, types: string) => new CelError(`found no matching overload for '${name}' applied to '${types}'`);

function index(s: string[], sub: string[], from: number, last: boolean): number {
  const match = (i: number) => sub.every((c, j) => s[i + j] === c);
  if (last) {
    for (let i = Math.min(from, s.length - sub.length); i >= 0; i--) if (match(i)) return i;
  } else {
    for (let i = from; i + sub.length <= s.length; i++) if (match(i)) return i;
  }
  return -1;
}

function checkRange(i: number, size: number): void {
  if (i < 0 || i > size) throw new CelError(`index out of range: ${i}`);
}

/** A strings-extension method on a string, or undefined when the name is not one. */
export function stringMethod(name: string, target: string, args: unknown[]): unknown {
  const chars = [...target];
  const str = (i: number) => {
    if (typeof args[i] !== 'string') throw noOverload(name, `string.(${args.map((a) => typeof a).join(', ')})`);
    return args[i] as string;
  };
  const int = (i: number) => {
    if (typeof args[i] !== 'number' || !Number.isInteger(args[i])) throw noOverload(name, `string.(${args.map((a) => typeof a).join(', ')})`);
    return args[i] as number;
  };
  switch (name) {
    case 'startsWith': return target.startsWith(str(0));
    case 'endsWith': return target.endsWith(str(0));
    case 'contains': return target.includes(str(0));
    case 'matches': return new RegExp(str(0), 'u').test(target);
    case 'lowerAscii': return target.replace(/[A-Z]/g, (c) => c.toLowerCase());
    case 'upperAscii': return target.replace(/[a-z]/g, (c) => c.toUpperCase());
    case 'trim': return target.replace(/^[\s\u0085\u00a0]+|[\s\u0085\u00a0]+$/gu, '');
    case 'charAt': { const i = int(0); checkRange(i, chars.length); return chars[i] ?? ''; }
    case 'indexOf': case 'lastIndexOf': {
      const sub = [...str(0)];
      const last = name === 'lastIndexOf';
      const from = args.length > 1 ? int(1) : last ? chars.length : 0;
      checkRange(from, chars.length);
      return index(chars, sub, from, last);
    }
    case 'substring': {
      const start = int(0), end = args.length > 1 ? int(1) : chars.length;
      checkRange(start, chars.length);
      checkRange(end, chars.length);
      if (start > end) throw new CelError(`invalid substring range. start: ${start}, end: ${end}`);
      return chars.slice(start, end).join('');
    }
    case 'replace': {
      const n = args.length > 2 ? int(2) : -1;
      const from = str(0), to = str(1);
      if (n < 0) return target.split(from).join(to);
      let out = target;
      let at = 0;
      for (let k = 0; k < n; k++) {
        const i = out.indexOf(from, at);
        if (i < 0) break;
        out = out.slice(0, i) + to + out.slice(i + from.length);
        at = i + to.length;
      }
      return out;
    }
    case 'split': {
      const sep = str(0);
      const limit = args.length > 1 ? int(1) : -1;
      if (limit === 0) return [];
      const parts = sep === '' ? chars : target.split(sep);
      return limit > 0 && parts.length > limit ? [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(sep)] : parts;
    }
    default: return undefined;
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new CelError('no such overload');
}

/** A list-library method on a list, or undefined when the name is not one. */
export function listMethod(name: string, target: unknown[], args: unknown[], eq: (a: unknown, b: unknown) => boolean): unknown {
  switch (name) {
    case 'join': {
      const sep = args.length ? args[0] : '';
      if (typeof sep !== 'string' || !target.every((x) => typeof x === 'string')) throw noOverload('join', 'list.(string)');
      return target.join(sep);
    }
    case 'sum':
      if (!target.every((x) => typeof x === 'number')) throw noOverload('sum', 'list');
      return (target as number[]).reduce((s, x) => s + x, 0);
    case 'min': case 'max': {
      if (!target.length) throw new CelError(`${name} called on empty list`);
      return target.reduce((m, x) => (compare(x, m) * (name === 'min' ? -1 : 1) > 0 ? x : m));
    }
    case 'isSorted': return target.every((x, i) => i === 0 || compare(target[i - 1], x) <= 0);
    case 'indexOf': return target.findIndex((x) => eq(x, args[0]));
    case 'lastIndexOf': return target.findLastIndex((x) => eq(x, args[0]));
    default: return undefined;
  }
}
