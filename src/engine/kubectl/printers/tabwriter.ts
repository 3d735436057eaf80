// Column alignment with the elastic-tabstop rules of Go's text/tabwriter (left-aligned, space padding), the
// writer kubectl uses for tables (min width 6, padding 3) and for describe (min width 0, padding 2).
//
// Text is a sequence of lines; cells are tab-terminated, so the last cell of a line never belongs to a column
// and is never padded. A column is a block of consecutive lines that all have a tab-terminated cell at that
// index; its width is the widest cell plus padding (at least the min width). A line with fewer cells ends the
// blocks it does not reach, which is why a single-cell line ("Containers:") separates aligned sections.

export interface TabwriterOptions {
  /** Minimal cell width, padding included. */
  minWidth: number;
  /** Spaces added to the widest cell of a column. */
  padding: number;
}

/** kubectl get: printers.GetNewTabWriter. */
export const TABLE_TABWRITER: TabwriterOptions = { minWidth: 6, padding: 3 };
/** kubectl describe: tabbedString. */
export const DESCRIBE_TABWRITER: TabwriterOptions = { minWidth: 0, padding: 2 };

/** Display width of a cell: Go counts runes (UTF-8 code points), not bytes or UTF-16 units. */
function cellWidth(cell: string): number {
  let n = 0;
  for (const _ of cell) n++;
  return n;
}

export function tabwrite(text: string, opts: TabwriterOptions): string {
  if (text === '') return '';
  const rows = text.split('\n');
  const endsWithNewline = rows[rows.length - 1] === '';
  if (endsWithNewline) rows.pop();
  const lines = rows.map((r) => r.split('\t'));
  const out: string[] = [];
  const widths: number[] = [];

  const writeLines = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const line = lines[i];
      let s = '';
      for (let j = 0; j < line.length; j++) {
        const cell = line[j];
        s += cell;
        if (j < widths.length) s += ' '.repeat(Math.max(0, widths[j] - cellWidth(cell)));
      }
      out.push(s);
    }
  };

  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let row = line0; row < line1; row++) {
      if (column >= lines[row].length - 1) continue;
      // A tab-terminated cell exists in this column: print the lines above, then size the block.
      writeLines(line0, row);
      line0 = row;
      let width = opts.minWidth;
      for (; row < line1; row++) {
        const line = lines[row];
        if (column >= line.length - 1) break;
        width = Math.max(width, cellWidth(line[column]) + opts.padding);
      }
      widths.push(width);
      format(line0, row);
      widths.pop();
      line0 = row;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n') + (endsWithNewline ? '\n' : '');
}
