// The terminal's scrollback: blocks of text, each a command line, its output, an error or a note. Output that
// ends without a newline (kubectl -o jsonpath prints exactly its template's text) leaves its block open, and the
// stream's next output continues it, as a shell shows `kubectl get -w -o jsonpath=…` running on in one line.

/** 'shell': a line typed in a container's shell, its prompt included. */
export type LineKind = 'cmd' | 'shell' | 'out' | 'err' | 'info';
export interface Line { id: number; kind: LineKind; text: string; open: boolean }

/** `lines` with `text` added (the same array when text is empty), keeping at most `max` blocks. */
export function appendText(lines: Line[], kind: LineKind, text: string, id: number, max: number): Line[] {
  if (!text) return lines;
  const open = !text.endsWith('\n');
  const body = open ? text : text.slice(0, -1);
  const last = lines[lines.length - 1];
  const next = last?.open && last.kind === kind
    ? [...lines.slice(0, -1), { ...last, text: last.text + body, open }]
    : [...lines, { id, kind, text: body, open }];
  return next.length > max ? next.slice(next.length - max) : next;
}
