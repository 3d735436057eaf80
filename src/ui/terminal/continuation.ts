// When the terminal waits for more lines before it runs a command, as bash shows its `> ` prompt (PS2): a line
// that opens a here-document (`<<EOF`, `<<-EOF`, `<<'EOF'`) goes on until its delimiter is alone on a line.
// The page decides this itself, before anything reaches the worker, as readline does before bash parses.
// Simplification: only here-documents continue a line; an unclosed quote or a trailing backslash does not.

/** The delimiters a line's `<<` and `<<-` operators (outside quotes, not `<<<`) open, in order. */
function opened(line: string): { delimiter: string; stripTabs: boolean }[] {
  const out: { delimiter: string; stripTabs: boolean }[] = [];
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') i++;
    else if (ch === "'" || ch === '"') {
      const close = line.indexOf(ch, i + 1);
      i = close < 0 ? line.length : close;
    } else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) break;
    else if (line.startsWith('<<<', i)) i += 2;
    else if (line.startsWith('<<', i)) {
      const stripTabs = line[i + 2] === '-';
      const m = /^\s*((?:'[^']*'|"[^"]*"|\\.|[^\s;&|<>()])+)/.exec(line.slice(i + (stripTabs ? 3 : 2)));
      if (!m) continue;
      out.push({ delimiter: m[1].replace(/'([^']*)'|"([^"]*)"|\\(.)/g, (_, a?: string, b?: string, c?: string) => a ?? b ?? c ?? ''), stripTabs });
      i += (stripTabs ? 3 : 2) + m[0].length - 1;
    }
  }
  return out;
}

/** Do these lines, as typed so far, leave a here-document waiting for its delimiter? */
export function awaitsMore(lines: readonly string[]): boolean {
  const waiting: { delimiter: string; stripTabs: boolean }[] = [];
  for (const line of lines) {
    const doc = waiting[0];
    if (doc) {
      if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) waiting.shift();
      continue;
    }
    waiting.push(...opened(line));
  }
  return waiting.length > 0;
}
