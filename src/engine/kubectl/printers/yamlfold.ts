// Line folding of long scalars the way libyaml (go-yaml v2, behind kubectl -o yaml) does it: while writing a
// plain or quoted scalar, a space becomes a line break once the line is already longer than 80 columns, so a
// folded line ends just past column 80 rather than before it. Continuation lines are indented two columns
// past the key (or the "- " of a sequence item). Literal blocks are never folded.

const BEST_WIDTH = 80;

interface ScalarLine {
  /** Text before the scalar (indentation, "- ", "key: "). */
  prefix: string;
  scalar: string;
  /** Indentation of continuation lines. */
  indent: number;
}

/** End index (exclusive) of a quoted token starting at i, or -1. */
function quotedEnd(s: string, i: number): number {
  const q = s[i];
  for (let j = i + 1; j < s.length; j++) {
    if (q === '"' && s[j] === '\\') {
      j++;
    } else if (s[j] === q) {
      if (q === "'" && s[j + 1] === "'") j++;
      else return j + 1;
    }
  }
  return -1;
}

/** Split a rendered line into prefix and scalar value; undefined when it carries no foldable scalar. */
function splitLine(line: string): ScalarLine | undefined {
  let pos = 0;
  while (line[pos] === ' ') pos++;
  let itemColumn = -1;
  while (line.startsWith('- ', pos)) {
    itemColumn = pos;
    pos += 2;
  }
  const rest = line.slice(pos);
  if (rest === '') return undefined;
  // A key: quoted, or plain up to the first ": ".
  let keyEnd = -1;
  if (rest[0] === '"' || rest[0] === "'") {
    const end = quotedEnd(rest, 0);
    if (end > 0 && rest[end] === ':' && (rest[end + 1] === ' ' || end + 1 === rest.length)) keyEnd = end;
  } else {
    const colon = rest.indexOf(': ');
    if (colon > 0) keyEnd = colon;
    else if (rest.endsWith(':')) keyEnd = rest.length - 1;
  }
  if (keyEnd < 0) {
    // A scalar sequence item.
    return itemColumn < 0 ? undefined : { prefix: line.slice(0, pos), scalar: rest, indent: itemColumn + 2 };
  }
  const valueStart = pos + keyEnd + 2;
  if (valueStart >= line.length) return undefined;
  return { prefix: line.slice(0, valueStart), scalar: line.slice(valueStart), indent: pos + 2 };
}

function foldScalar(prefixWidth: number, scalar: string, indent: number): string {
  const first = scalar[0];
  const style = first === '"' ? 'double' : first === "'" ? 'single' : 'plain';
  const chars = [...(style === 'plain' ? scalar : scalar.slice(1, -1))];
  const quote = style === 'plain' ? '' : first;
  let out = quote;
  let column = prefixWidth + quote.length;
  let afterSpace = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch !== ' ') {
      out += ch;
      column++;
      afterSpace = false;
      continue;
    }
    const nextIsSpace = chars[i + 1] === ' ';
    const inner = i > 0 && i < chars.length - 1;
    const breakable = !afterSpace && column > BEST_WIDTH &&
      (style === 'plain' ? !nextIsSpace : style === 'single' ? inner && !nextIsSpace : inner);
    if (breakable) {
      out += `\n${' '.repeat(indent)}`;
      column = indent;
      if (style === 'double' && nextIsSpace) {
        out += '\\';
        column++;
      }
    } else {
      out += ' ';
      column++;
    }
    afterSpace = true;
  }
  return out + quote;
}

/** libyaml writes spaces raw in double-quoted scalars; the yaml package escapes one before an escaped newline. */
function unescapeSpaces(scalar: string): string {
  return scalar.replace(/((?:^|[^\\])(?:\\\\)*)\\ /g, '$1 ');
}

const BLOCK_HEADER = /(?:^|: |- )[|>][0-9]?[+-]?$/;

/**
 * The column a block scalar belongs to: its key's, or the "-" of a sequence item holding it directly. Its
 * content is indented further; the next line at that column or less ends it.
 */
function blockOwnerColumn(line: string): number {
  let pos = 0;
  while (line[pos] === ' ') pos++;
  let dash = -1;
  while (line.startsWith('- ', pos)) {
    dash = pos;
    pos += 2;
  }
  return line[pos] === '|' || line[pos] === '>' ? Math.max(dash, 0) : pos;
}

export function foldLongScalars(yaml: string): string {
  const lines = yaml.split('\n');
  const out: string[] = [];
  let blockIndent = -1;
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) {
        out.push(line);
        continue;
      }
      blockIndent = -1;
    }
    if (BLOCK_HEADER.test(line)) {
      blockIndent = blockOwnerColumn(line);
      out.push(line);
      continue;
    }
    const parts = splitLine(line);
    if (!parts) {
      out.push(line);
      continue;
    }
    const scalar = parts.scalar.startsWith('"') ? unescapeSpaces(parts.scalar) : parts.scalar;
    out.push(parts.prefix + ([...line].length > BEST_WIDTH ? foldScalar([...parts.prefix].length, scalar, parts.indent) : scalar));
  }
  return out.join('\n');
}
