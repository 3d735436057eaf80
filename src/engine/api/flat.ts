// V8 keeps a string built by concatenation as a tree of its pieces (a cons string, 32 bytes a node) until
// something reads its characters, which flattens it in place; the garbage collector then drops the tree.
// Strings kept for an object's whole life (stored fields, log lines) are flattened once, when kept.

/** The string, flattened (short strings are built flat already). */
export function flat(s: string): string {
  if (s.length > 12) s.charCodeAt(0);
  return s;
}
