// diff's default ("normal") output, which argocd app diff prints (it runs `diff` on the live and the target
// manifests): change commands like 5c5, 7a8,9, 3d2 with "< " old and "> " new lines.
import { lineOps } from '../kubectl/unifieddiff.ts';

const range = (from: number, to: number) => (to > from ? `${from},${to}` : `${from}`);

export function normalDiff(from: string, to: string): string {
  const a = from ? from.replace(/\n$/, '').split('\n') : [];
  const b = to ? to.replace(/\n$/, '').split('\n') : [];
  const ops = lineOps(a, b);
  const out: string[] = [];
  let i = 0, j = 0, k = 0;
  while (k < ops.length) {
    if (ops[k].kind === ' ') { i++; j++; k++; continue; }
    const del: string[] = [], add: string[] = [];
    while (k < ops.length && ops[k].kind !== ' ') (ops[k].kind === '-' ? del : add).push(ops[k++].line);
    // Old lines i+1..i+del, new lines j+1..j+add; an empty side names the line before it.
    const left = del.length ? range(i + 1, i + del.length) : `${i}`;
    const right = add.length ? range(j + 1, j + add.length) : `${j}`;
    out.push(`${left}${del.length && add.length ? 'c' : del.length ? 'd' : 'a'}${right}`);
    for (const l of del) out.push(`< ${l}`);
    if (del.length && add.length) out.push('---');
    for (const l of add) out.push(`> ${l}`);
    i += del.length; j += add.length;
  }
  return out.length ? out.join('\n') + '\n' : '';
}
