// `kubectl edit` in the page: instead of a terminal editor, the object opens as a document in the YAML editor,
// where the user changes it and presses Apply. The engine itself keeps refusing `kubectl edit` (headless use).

export type EditRequest =
  | { kind: 'get'; getLine: string }
  | { kind: 'error'; message: string };

/**
 * Reads `kubectl edit TYPE/NAME` or `kubectl edit TYPE NAME [-n NS]` into the `kubectl get … -o yaml` line that
 * fetches the object; undefined when the line is not a `kubectl edit`.
 * Simplification: exactly one object, and only -n/--namespace among edit's flags.
 */
export function parseEdit(line: string): EditRequest | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'kubectl' || words[1] !== 'edit') return undefined;
  const args: string[] = [];
  let namespace: string | undefined;
  for (let i = 2; i < words.length; i++) {
    const w = words[i];
    if (w === '-n' || w === '--namespace') {
      namespace = words[++i];
      if (!namespace) return { kind: 'error', message: `error: flag needs an argument: '${w === '-n' ? 'n' : 'namespace'}' in ${w}` };
    } else if (w.startsWith('--namespace=')) namespace = w.slice('--namespace='.length);
    else if (w.startsWith('-n') && w.length > 2) namespace = w.slice(2);
    else if (w.startsWith('-')) return { kind: 'error', message: `error: unknown flag: ${w.split('=')[0]}` };
    else args.push(w);
  }
  const target = args.length === 1 && args[0].includes('/') ? args[0].split('/') : args;
  if (target.length === 0) return { kind: 'error', message: 'error: You must provide one or more resources by argument or filename.' };
  if (target.length !== 2 || !target[0] || !target[1]) {
    return { kind: 'error', message: 'error: kubectl edit here opens one object: kubectl edit TYPE/NAME or kubectl edit TYPE NAME' };
  }
  const ns = namespace ? ` -n ${namespace}` : '';
  return { kind: 'get', getLine: `kubectl get ${target[0]} ${target[1]}${ns} -o yaml` };
}

/** The editor document an edited object opens in, and the `kind/name` the terminal names it by. */
export function editDocument(yaml: string): { documentName: string; ref: string } | undefined {
  const kind = /^kind: *(\S+)/m.exec(yaml)?.[1];
  const name = /^metadata:\n(?: +.*\n)*? {2}name: *(\S+)/m.exec(yaml)?.[1];
  if (!kind || !name) return undefined;
  const ref = `${kind.toLowerCase()}/${name}`;
  return { documentName: `edit-${kind.toLowerCase()}-${name}.yaml`, ref };
}
