// The text around the object in kubectl edit's temp file (editoptions.go's editHeader), and how kubectl reads the
// saved file back: comment lines dropped (cmdutil.StripComments / ManualStrip), a file of only comments is empty.
import { parse as parseYaml } from 'yaml';

export const EDIT_HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

/** One failure the reopened file names: "deployments.apps "web" was not valid" and its causes. */
export interface EditReason {
  head: string;
  other: string[];
}

/** editHeader.writeTo: the fixed header, then each reason as "# head:" with "# * cause" lines and a "#". */
export function writeHeader(reasons: readonly EditReason[]): string {
  let text = EDIT_HEADER;
  for (const r of reasons) {
    text += `# ${hashOnLineBreak(r.head)}${r.other.length ? ':' : ''}\n`;
    for (const o of r.other) text += `# * ${hashOnLineBreak(o)}\n`;
    text += '#\n';
  }
  return text;
}

/** A multi-line message stays a comment: each line break not already followed by '#' continues with "# ". */
function hashOnLineBreak(s: string): string {
  return s.replace(/\n(?=[^#])/g, '\n# ');
}

/** cmdutil.ManualStrip: every line whose first non-blank character is '#' (but not "#!") goes. */
export function manualStrip(text: string): string {
  return text.split('\n').filter((line) => {
    const t = line.trim();
    return !(t.startsWith('#') && !t.startsWith('#!'));
  }).join('\n');
}

/**
 * cmdutil.StripComments: the file as JSON (so comments and formatting do not count as a change); when it does not
 * parse, the text without its comment lines.
 */
export function stripComments(text: string): string {
  try {
    return JSON.stringify(parseYaml(text.replace(/\r\n/g, '\n')) ?? null);
  } catch {
    return manualStrip(text);
  }
}

/** editoptions.go's hasLines: is there a line that is neither blank nor a comment? */
export function hasLines(text: string): boolean {
  return text.split('\n').some((line) => {
    const t = line.trim();
    return t !== '' && !t.startsWith('#');
  });
}
