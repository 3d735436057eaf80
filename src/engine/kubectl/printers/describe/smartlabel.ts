// Field names as the generic describer shows them (smartLabelFor): "apiVersion" → "API Version",
// "podCIDRs" → "Pod CIDRs", "holderIdentity" → "Holder Identity"; names with other characters stay as they are.

const ACRONYMS = new Set(['API', 'URL', 'UID', 'GUID']);

const isUpper = (c: string): boolean => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string): boolean => c !== c.toUpperCase() && c === c.toLowerCase();
const isLetter = (c: string): boolean => /\p{L}/u.test(c);

function charClass(c: string): number {
  if (isLower(c)) return 1;
  if (isUpper(c)) return 2;
  if (/\p{Nd}/u.test(c)) return 3;
  return 4;
}

/** fatih/camelcase.Split: runs of one character class, an upper-case letter moved onto a following lower-case run. */
export function camelSplit(src: string): string[] {
  const runs: string[][] = [];
  let last = 0;
  for (const ch of src) {
    const cls = charClass(ch);
    if (cls === last && runs.length > 0) runs[runs.length - 1].push(ch);
    else runs.push([ch]);
    last = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (isUpper(runs[i][0]) && isLower(runs[i + 1][0])) {
      runs[i + 1].unshift(runs[i].pop() as string);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

export function smartLabelFor(field: string): string {
  for (const ch of field) if (!isLetter(ch) && ch !== '-') return field;
  const parts = camelSplit(field);
  const merged: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const next = parts[i + 1];
    const allUpper = [...part].every((c) => !isLetter(c) || isUpper(c));
    if (next !== undefined && part.length >= 2 && allUpper && next.length > 0 && isUpper(next[0])) {
      merged.push(part + next);
      i++;
      continue;
    }
    merged.push(part);
  }
  const out: string[] = [];
  for (let part of merged) {
    if (part === '_') continue;
    if (ACRONYMS.has(part.toUpperCase())) part = part.toUpperCase();
    else if (part.toLowerCase() === part) part = part.charAt(0).toUpperCase() + part.slice(1);
    out.push(part);
  }
  return out.join(' ');
}
