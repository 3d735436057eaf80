// A container's file system as `kubectl exec` sees it: a small tree built when someone looks (never kept per
// container), holding what the simulation knows of — the kubelet's mounts and generated files and what the
// container's scripts wrote. SIMULATION: the image's own files (binaries, /etc/nginx …) are not in it.

export interface FileNode {
  kind: 'file' | 'dir' | 'link';
  /** Permission bits (0o644 …). */
  mode: number;
  /** Modification time, ms on the virtual clock. */
  mtime: number;
  content?: string;
  target?: string;
  children?: Map<string, FileNode>;
  /** A read-only mount covers this node (writes fail with EROFS). */
  readOnly?: boolean;
}

export const dir = (mtime: number, mode = 0o755, readOnly = false): FileNode => ({ kind: 'dir', mode, mtime, children: new Map(), readOnly });
export const file = (content: string, mtime: number, mode = 0o644, readOnly = false): FileNode => ({ kind: 'file', mode, mtime, content, readOnly });
export const link = (target: string, mtime: number, readOnly = false): FileNode => ({ kind: 'link', mode: 0o777, mtime, target, readOnly });

/** Path components of an absolute or relative path, with `.` and `..` applied. */
export function splitPath(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out;
}

/** Put `node` at `path`, making missing parent directories; what was there is replaced (a mount hides it). */
export function place(root: FileNode, path: string, node: FileNode): void {
  const parts = splitPath(path);
  let cur = root;
  for (const p of parts.slice(0, -1)) {
    let next = cur.children!.get(p);
    if (!next || next.kind !== 'dir') cur.children!.set(p, (next = dir(node.mtime, 0o755, node.readOnly)));
    cur = next;
  }
  if (parts.length) cur.children!.set(parts[parts.length - 1], node);
}

/** What `path` names: with `follow`, symbolic links (also the last one) are resolved as the kernel does. */
export function lookup(root: FileNode, path: string, follow = true, depth = 0): FileNode | undefined {
  if (depth > 40) return undefined; // ELOOP
  const parts = splitPath(path);
  let cur = root;
  const walked: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (cur.kind !== 'dir') return undefined;
    const next = cur.children!.get(parts[i]);
    if (!next) return undefined;
    const last = i === parts.length - 1;
    if (next.kind === 'link' && (!last || follow)) {
      const target = next.target!.startsWith('/') ? next.target! : [...walked, next.target!].join('/');
      const resolved = lookup(root, `/${target}`, true, depth + 1);
      if (!resolved) return undefined;
      cur = resolved;
      walked.splice(0, walked.length, ...splitPath(target));
      continue;
    }
    cur = next;
    walked.push(parts[i]);
  }
  return cur;
}

/** Whether writing at `path` hits a read-only mount (the nearest existing node decides). */
export function readOnlyAt(root: FileNode, path: string): boolean {
  const parts = splitPath(path);
  for (let n = parts.length; n >= 0; n--) {
    const node = lookup(root, `/${parts.slice(0, n).join('/')}`);
    if (node) return !!node.readOnly;
  }
  return false;
}

/** A deep copy, read-only when `readOnly` (a read-only mount of a volume another mount may show writable). */
export function copyTree(n: FileNode, readOnly: boolean): FileNode {
  const out: FileNode = { ...n, readOnly: readOnly || n.readOnly };
  if (n.children) out.children = new Map([...n.children].map(([k, c]) => [k, copyTree(c, readOnly)]));
  return out;
}

/** A file a container's process (its script, or a command run in it by exec) wrote, appended to or removed. */
export interface WrittenFile {
  container: string;
  containerId: string;
  path: string;
  /** undefined: removed. `touch` writes nothing and appends. */
  data?: string;
  append: boolean;
  at: number;
}
