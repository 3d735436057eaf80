// describe's PrefixWriter: text at indentation levels of two spaces, laid out at the end by the describe
// tabwriter (min width 0, padding 2), so that "Key:\tvalue" lines of a section line up.
import { DESCRIBE_TABWRITER, tabwrite } from '../tabwriter.ts';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;
export const LEVEL_4 = 4;

export class PrefixWriter {
  private buf = '';

  /** Text at an indentation level (not newline-terminated unless the text is). */
  write(level: number, text: string): void {
    this.buf += '  '.repeat(level) + text;
  }

  /** The rest of the current line, then a newline (Go's fmt.Sprintln of one value). */
  writeLine(text = ''): void {
    this.buf += `${text}\n`;
  }

  /** The aligned output. */
  toString(): string {
    return tabwrite(this.buf, DESCRIBE_TABWRITER);
  }
}

/** A nested writer shifts every level (NewNestedPrefixWriter). */
export class NestedPrefixWriter extends PrefixWriter {
  private readonly parent: PrefixWriter;
  private readonly indent: number;

  constructor(parent: PrefixWriter, indent: number) {
    super();
    this.parent = parent;
    this.indent = indent;
  }

  override write(level: number, text: string): void {
    this.parent.write(level + this.indent, text);
  }

  override writeLine(text = ''): void {
    this.parent.write(this.indent, `${text}\n`);
  }

  override toString(): string {
    return this.parent.toString();
  }
}

/** printBool. */
export function printBool(v: boolean | undefined): string {
  return v ? 'True' : 'False';
}

/** stringOrNone. */
export function stringOrNone(s: string | undefined): string {
  return s ? s : '<none>';
}
