// A unified diff of two texts (diff -u), line based, with three lines of context: what `kubectl diff` shows.

export type Op = { kind: ' ' | '-' | '+'; line: string };

export function lineOps(a: string[], b: string[]): Op[] {
  // Longest common subsequence table; manifests are small enough for O(n·m).
  const n = a.length, m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) { ops.push({ kind: ' ', line: a[i] }); i++; j++; }
    // Deletions before insertions, as diff prints them.
    else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) { ops.push({ kind: '-', line: a[i] }); i++; }
    else { ops.push({ kind: '+', line: b[j] }); j++; }
  }
  return ops;
}

export function unifiedDiff(from: string, to: string, fromName: string, toName: string, stamp: string, context = 3): string {
  const a = from ? from.replace(/\n$/, '').split('\n') : [];
  const b = to ? to.replace(/\n$/, '').split('\n') : [];
  const ops = lineOps(a, b);
  if (ops.every((o) => o.kind === ' ')) return '';
  const out = [`diff -u -N ${fromName} ${toName}`, `--- ${fromName}\t${stamp}`, `+++ ${toName}\t${stamp}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].kind === ' ') { k++; continue; }
    // A hunk: from `context` lines before the change to `context` lines after the last change near it.
    let start = Math.max(0, k - context);
    let end = k;
    while (end < ops.length) {
      if (ops[end].kind !== ' ') { end++; continue; }
      let run = 0;
      while (end + run < ops.length && ops[end + run].kind === ' ') run++;
      if (end + run >= ops.length || run > 2 * context) { end = Math.min(ops.length, end + context); break; }
      end += run;
    }
    const before = ops.slice(0, start);
    const aStart = before.filter((o) => o.kind !== '+').length;
    const bStart = before.filter((o) => o.kind !== '-').length;
    const hunk = ops.slice(start, end);
    const aLen = hunk.filter((o) => o.kind !== '+').length;
    const bLen = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@`);
    for (const o of hunk) out.push(o.kind + o.line);
    k = end;
    start = end;
  }
  return out.join('\n') + '\n';
}
