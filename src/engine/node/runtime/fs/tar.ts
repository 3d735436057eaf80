// `tar` in a container, as `kubectl cp` runs it: `tar cf - PATH` archives a file or directory to stdout, and
// `tar -xmf - [-C DIR]` extracts stdin's archive, writing where the container may write. Texts are GNU tar's
// (Debian-based images) or busybox's.
// SIMULATION: the archive is not ustar bytes but one JSON line per member ({name, type, mode, content?, target?}):
// the simulated file system holds text, and kubectl (commands/cp.ts) reads and writes the same lines.
import { lookup, readOnlyAt, splitPath, type FileNode } from './tree.ts';
import type { ContainerFS, FileResult } from './commands.ts';

export interface TarMember {
  name: string;
  type: 'file' | 'dir' | 'link';
  mode: number;
  content?: string;
  target?: string;
}

export const encodeArchive = (members: TarMember[]): string => members.map((m) => `${JSON.stringify(m)}\n`).join('');

/** The members of an archive; undefined when it is not one (tar's "This does not look like a tar archive"). */
export function decodeArchive(text: string): TarMember[] | undefined {
  try {
    return text.split('\n').filter(Boolean).map((line) => {
      const m = JSON.parse(line) as TarMember;
      if (typeof m.name !== 'string' || !['file', 'dir', 'link'].includes(m.type)) throw new Error('not a member');
      return m;
    });
  } catch {
    return undefined;
  }
}

const res = (exitCode: number, stdout: string, stderr = ''): FileResult => ({ exitCode, stdout, stderr });

/** tar's option words: the old style (`cf`, `-xmf`) and -C DIR; the archive is always "-" here. */
function parse(args: string[]): { mode?: 'c' | 'x'; dir?: string; paths: string[] } {
  let mode: 'c' | 'x' | undefined;
  let dir: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-C') { dir = args[++i]; continue; }
    if (a.startsWith('--')) continue; // --no-same-permissions, --no-same-owner
    if (i === 0 || a.startsWith('-')) {
      const letters = a.replace(/^-/, '');
      if (letters.includes('c')) mode = 'c';
      if (letters.includes('x')) mode = 'x';
      if (letters.endsWith('f')) i++; // the archive name, "-"
      continue;
    }
    paths.push(a);
  }
  return { mode, dir, paths };
}

export function runTar(fs: ContainerFS, args: string[], stdin: string): FileResult {
  const { mode, dir, paths } = parse(args);
  return mode === 'c' ? create(fs, paths) : extract(fs, dir ?? '/', stdin);
}

function create(fs: ContainerFS, paths: string[]): FileResult {
  const members: TarMember[] = [];
  let stderr = '';
  let failed = false;
  if (paths.some((p) => p.startsWith('/'))) stderr += fs.busybox ? "tar: removing leading '/' from member names\n" : "tar: Removing leading `/' from member names\n";
  const add = (name: string, n: FileNode) => {
    if (n.kind === 'link') members.push({ name, type: 'link', mode: n.mode, target: n.target });
    else if (n.kind === 'file') members.push({ name, type: 'file', mode: n.mode, content: n.content ?? '' });
    else {
      members.push({ name: `${name}/`, type: 'dir', mode: n.mode });
      for (const [child, c] of [...n.children!].sort(([a], [b]) => (a < b ? -1 : 1))) add(`${name}/${child}`, c);
    }
  };
  for (const p of paths) {
    // tar does not follow the last link of a path it is given (no -h), only links on the way.
    const node = lookup(fs.root, p, false);
    if (!node) {
      stderr += fs.busybox ? `tar: ${p}: No such file or directory\n` : `tar: ${p}: Cannot stat: No such file or directory\n`;
      failed = true;
      continue;
    }
    add(splitPath(p).join('/'), node);
  }
  if (failed) stderr += fs.busybox ? 'tar: error exit delayed from previous errors\n' : 'tar: Exiting with failure status due to previous errors\n';
  return res(failed ? (fs.busybox ? 1 : 2) : 0, encodeArchive(members), stderr);
}

function extract(fs: ContainerFS, dir: string, stdin: string): FileResult {
  const members = decodeArchive(stdin);
  if (!members) return res(fs.busybox ? 1 : 2, '', fs.busybox ? 'tar: invalid tar magic\n' : 'tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n');
  const target = lookup(fs.root, dir);
  if (!target || target.kind !== 'dir') {
    const why = target ? 'Not a directory' : 'No such file or directory';
    return res(fs.busybox ? 1 : 2, '', fs.busybox ? `tar: can't change directory to '${dir}': ${why}\n` : `tar: ${dir}: Cannot open: ${why}\ntar: Error is not recoverable: exiting now\n`);
  }
  let stderr = '';
  const fail = (name: string, why: string) => { stderr += fs.busybox ? `tar: can't open '${name}': ${why}\n` : `tar: ${name}: Cannot open: ${why}\n`; };
  for (const m of members) {
    if (m.type !== 'file') continue; // directories are made with their files; links are not kept
    const path = `/${[...splitPath(dir), ...splitPath(m.name)].join('/')}`;
    const parts = splitPath(path);
    const blocking = parts.slice(0, -1).map((_, i) => lookup(fs.root, `/${parts.slice(0, i + 1).join('/')}`)).find((n) => n && n.kind !== 'dir');
    const existing = lookup(fs.root, path);
    if (readOnlyAt(fs.root, path)) fail(m.name, 'Read-only file system');
    else if (blocking) fail(m.name, 'Not a directory');
    else if (existing?.kind === 'dir') fail(m.name, 'Is a directory');
    else fs.record(path, m.content ?? '', false); // the next look builds the tree with it
  }
  if (!stderr) return res(0, '');
  return res(fs.busybox ? 1 : 2, '', fs.busybox ? stderr : `${stderr}tar: Exiting with failure status due to previous errors\n`);
}
