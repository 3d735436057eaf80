// cmdutil.GetResourcesAndPairs / ParsePairs: "TYPE NAME KEY=VALUE … KEY-" command lines (set image, label,
// annotate), resources first, then the changes.
import { CommandError } from '../context.ts';

const isPair = (s: string) => (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');

export function splitResourcesAndPairs(args: string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    if (isPair(s)) pairs.push(s);
    else if (pairs.length) throw new CommandError(`all resources must be specified before ${pairType} changes: ${s}`);
    else resources.push(s);
  }
  return { resources, pairs };
}

/** KEY=VALUE pairs in order (the last value of a key wins) and, if allowed, KEY- removals. */
export function parsePairs(pairs: string[], pairType: string, supportRemove: boolean): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const p of pairs) {
    if (p.includes('=') && p[0] !== '=') {
      const i = p.indexOf('=');
      set.set(p.slice(0, i), p.slice(i + 1));
    } else if (supportRemove && p.endsWith('-') && p !== '-') remove.push(p.slice(0, -1));
    else invalid.push(p);
  }
  if (invalid.length) throw new CommandError(`invalid ${pairType} format: ${invalid.join(', ')}`);
  return { set, remove };
}
