// The file commands people type in `kubectl exec` (cat, ls, head, tail, test, grep, touch, rm and `>`
// redirections), answered from a container's file tree. Output and error texts follow the two userlands images
// ship: busybox (alpine, busybox) and GNU coreutils with dash (Debian-based images).
import { dateString } from '../shell.ts';
import { file, lookup, place, readOnlyAt, splitPath, type FileNode } from './tree.ts';

export interface FileResult { exitCode: number; stdout: string; stderr: string }

/** A container's files for one exec: the tree, and where writes go to be kept. */
export interface ContainerFS {
  root: FileNode;
  busybox: boolean;
  now: number;
  /** Keep a write (or a removal: data undefined) made by an exec'd command. */
  record(path: string, data: string | undefined, append: boolean): void;
  /** The shell's working directory, relative paths start there ("/" when absent). */
  cwd?: string;
}

/** `p` as an absolute path: relative ones start at the working directory. */
export function absolute(fs: Pick<ContainerFS, 'cwd'>, p: string): string {
  return p.startsWith('/') ? p : `${fs.cwd ?? '/'}/${p}`;
}

export const FS_COMMANDS = new Set(['cat', 'ls', 'head', 'tail', 'test', '[', 'grep', 'touch', 'rm']);

const ENOENT = 'No such file or directory';
const EROFS = 'Read-only file system';
const res = (exitCode: number, stdout: string, stderr = ''): FileResult => ({ exitCode, stdout, stderr });

/** `stdin` is what a pipe feeds the command: cat, head, tail and grep read it when given no file (or `-`). */
export function runFileCommand(fs: ContainerFS, argv: string[], stdin?: string): FileResult {
  const [prog, ...args] = argv;
  const input = { fs, stdin };
  switch (prog.slice(prog.lastIndexOf('/') + 1)) {
    case 'cat': return cat(input, args);
    case 'ls': return ls(fs, args);
    case 'head': case 'tail': return headTail(input, prog.endsWith('head') ? 'head' : 'tail', args);
    case 'test': return res(testExpr(fs, args) ? 0 : 1, '');
    case '[': return res(testExpr(fs, args[args.length - 1] === ']' ? args.slice(0, -1) : args) ? 0 : 1, '');
    case 'grep': return grep(input, args);
    case 'touch': return touch(fs, args);
    default: return rm(fs, args);
  }
}

/** `> path` / `>> path`: the shell opens the file for writing before the command runs. */
export function redirectWrite(fs: ContainerFS, path: string, data: string, append: boolean): string | undefined {
  // Simplification: a missing parent directory is made (the image's own directories are not in the tree).
  const why = readOnlyAt(fs.root, absolute(fs, path)) ? EROFS : lookup(fs.root, absolute(fs, path))?.kind === 'dir' ? 'Is a directory' : undefined;
  if (why) return fs.busybox ? `sh: can't create ${path}: ${why}` : `sh: 1: cannot create ${path}: ${why}`;
  write(fs, path, data, append);
  return undefined;
}

function write(fs: ContainerFS, path: string, data: string, append: boolean): void {
  const at = absolute(fs, path);
  const old = lookup(fs.root, at);
  place(fs.root, at, file(append && old?.kind === 'file' ? (old.content ?? '') + data : data, fs.now));
  fs.record(at, data, append);
}

function options(args: string[]): { flags: Set<string>; paths: string[] } {
  const flags = new Set<string>();
  const paths: string[] = [];
  for (const a of args) {
    if (a.length > 1 && a.startsWith('-') && !/^-\d+$/.test(a)) for (const ch of a.slice(1)) flags.add(ch);
    else paths.push(a);
  }
  return { flags, paths };
}

/** The input files of cat, head, tail and grep: the paths given, or the piped stdin when none is (or for `-`). */
interface Input { fs: ContainerFS; stdin?: string }
const STDIN = '-';
const withStdin = (paths: string[]) => (paths.length ? paths : [STDIN]);

/** A path's content, or why it cannot be read (`dir` when it is a directory). */
function read({ fs, stdin }: Input, p: string): { content: string } | { missing: true } | { dir: true } {
  if (p === STDIN) return { content: stdin ?? '' };
  const n = lookup(fs.root, absolute(fs, p));
  if (!n) return { missing: true };
  return n.kind === 'dir' ? { dir: true } : { content: n.content ?? '' };
}

function cat(input: Input, args: string[]): FileResult {
  const { fs } = input;
  let out = '';
  let err = '';
  for (const p of withStdin(options(args).paths)) {
    const n = read(input, p);
    if ('missing' in n) err += fs.busybox ? `cat: can't open '${p}': ${ENOENT}\n` : `cat: ${p}: ${ENOENT}\n`;
    else if ('dir' in n) err += fs.busybox ? 'cat: read error: Is a directory\n' : `cat: ${p}: Is a directory\n`;
    else out += n.content;
  }
  return res(err ? 1 : 0, out, err);
}

function headTail(input: Input, prog: 'head' | 'tail', args: string[]): FileResult {
  const { fs } = input;
  let count = 10;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-n') count = Number(args[++i] ?? 10);
    else if (/^-n?\d+$/.test(a)) count = Number(a.replace(/^-n?/, ''));
    else if (!a.startsWith('-')) paths.push(a);
  }
  let out = '';
  let err = '';
  for (const p of withStdin(paths)) {
    const n = read(input, p);
    if (!('content' in n)) {
      const isDir = 'dir' in n;
      const why = isDir ? 'Is a directory' : ENOENT;
      err += fs.busybox ? (prog === 'tail' ? `tail: can't open '${p}': ${why}\n` : `head: ${p}: ${why}\n`) : `${prog}: ${isDir ? 'error reading' : 'cannot open'} '${p}'${isDir ? '' : ' for reading'}: ${why}\n`;
      continue;
    }
    const lines = n.content.split(/(?<=\n)/);
    out += (prog === 'head' ? lines.slice(0, count) : lines.slice(-count || lines.length)).join('');
  }
  return res(err ? 1 : 0, out, err);
}

function grep(input: Input, args: string[]): FileResult {
  const { flags, paths } = options(args);
  const [pattern = '', ...named] = paths;
  const files = withStdin(named);
  let re: RegExp;
  try { re = new RegExp(pattern, flags.has('i') ? 'i' : ''); } catch { re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')); }
  let out = '';
  let err = '';
  let matched = 0;
  for (const p of files) {
    const n = read(input, p);
    if ('missing' in n) { err += `grep: ${p}: ${ENOENT}\n`; continue; }
    if ('dir' in n) { err += `grep: ${p}: Is a directory\n`; continue; }
    const prefix = files.length > 1 ? `${p}:` : '';
    const hits = n.content.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '').filter((line) => re.test(line) !== flags.has('v'));
    matched += hits.length;
    // -c counts the selected lines of each file instead of printing them.
    out += flags.has('c') ? `${prefix}${hits.length}\n` : hits.map((line) => `${prefix}${line}\n`).join('');
  }
  return res(err ? 2 : matched ? 0 : 1, out, err);
}

function touch(fs: ContainerFS, args: string[]): FileResult {
  let err = '';
  for (const p of options(args).paths) {
    if (readOnlyAt(fs.root, absolute(fs, p))) { err += fs.busybox ? `touch: ${p}: ${EROFS}\n` : `touch: cannot touch '${p}': ${EROFS}\n`; continue; }
    if (!lookup(fs.root, absolute(fs, p))) write(fs, p, '', false);
  }
  return res(err ? 1 : 0, '', err);
}

function rm(fs: ContainerFS, args: string[]): FileResult {
  const { flags, paths } = options(args);
  let err = '';
  for (const p of paths) {
    const at = absolute(fs, p);
    const n = lookup(fs.root, at, false);
    if (!n) { if (!flags.has('f')) err += fs.busybox ? `rm: can't remove '${p}': ${ENOENT}\n` : `rm: cannot remove '${p}': ${ENOENT}\n`; continue; }
    if (readOnlyAt(fs.root, at)) { err += fs.busybox ? `rm: can't remove '${p}': ${EROFS}\n` : `rm: cannot remove '${p}': ${EROFS}\n`; continue; }
    const parts = splitPath(at);
    lookup(fs.root, `/${parts.slice(0, -1).join('/')}`)?.children?.delete(parts[parts.length - 1]);
    fs.record(at, undefined, false);
  }
  return res(err ? 1 : 0, '', err);
}

/** test / [ with the file and string operators scripts use. */
function testExpr(fs: ContainerFS, args: string[]): boolean {
  if (args[0] === '!') return !testExpr(fs, args.slice(1));
  if (args.length === 0) return false;
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, p] = args;
    if (op === '-z') return p === '';
    if (op === '-n') return p !== '';
    const n = lookup(fs.root, absolute(fs, p), op !== '-L' && op !== '-h');
    switch (op) {
      case '-e': case '-r': return !!n;
      case '-f': return n?.kind === 'file';
      case '-d': return n?.kind === 'dir';
      case '-s': return n?.kind === 'dir' || !!n?.content;
      case '-L': case '-h': return n?.kind === 'link';
      case '-w': return !!n && !readOnlyAt(fs.root, absolute(fs, p));
      case '-x': return !!n && (n.kind === 'dir' || (n.mode & 0o111) !== 0);
      default: return false;
    }
  }
  const [a, op, b] = args;
  switch (op) {
    case '=': case '==': return a === b;
    case '!=': return a !== b;
    case '-eq': return Number(a) === Number(b);
    case '-ne': return Number(a) !== Number(b);
    case '-lt': return Number(a) < Number(b);
    case '-gt': return Number(a) > Number(b);
    default: return false;
  }
}

// ---- ls ----

interface Entry { name: string; node: FileNode }

const byteOrder = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function ls(fs: ContainerFS, args: string[]): FileResult {
  const { flags, paths } = options(args);
  const long = flags.has('l');
  const targets = paths.length ? paths : ['.'];
  const files: Entry[] = [];
  const dirs: Entry[] = [];
  let err = '';
  for (const p of targets) {
    // `ls -l LINK` describes the link itself; without -l (or with a trailing slash) it follows it.
    const n = lookup(fs.root, absolute(fs, p), !long || p.endsWith('/'));
    if (!n) { err += fs.busybox ? `ls: ${p}: ${ENOENT}\n` : `ls: cannot access '${p}': ${ENOENT}\n`; continue; }
    const followed = n.kind === 'link' ? lookup(fs.root, absolute(fs, p)) : n;
    (n.kind === 'dir' || (!long && followed?.kind === 'dir') ? dirs : files).push({ name: p, node: n.kind === 'dir' ? n : followed?.kind === 'dir' && !long ? followed : n });
  }
  const sections: string[] = [];
  if (files.length) sections.push(listing(fs, files.sort(byteOrder), long, false));
  const header = targets.length > 1 || err !== '';
  for (const d of dirs.sort(byteOrder)) {
    const entries: Entry[] = [...d.node.children!].map(([name, node]) => ({ name, node }))
      .filter((e) => flags.has('a') || flags.has('A') || !e.name.startsWith('.')).sort(byteOrder);
    if (flags.has('a')) entries.unshift({ name: '.', node: d.node }, { name: '..', node: lookup(fs.root, `${absolute(fs, d.name)}/..`) ?? d.node });
    sections.push(`${header ? `${d.name}:\n` : ''}${listing(fs, entries, long, true)}`);
  }
  // GNU ls exits 2 when a command-line argument cannot be accessed; busybox exits 1.
  return res(err ? (fs.busybox ? 1 : 2) : 0, sections.join('\n'), err);
}

const MODE_CHARS = 'rwxrwxrwx';

export function modeString(n: FileNode): string {
  const type = n.kind === 'dir' ? 'd' : n.kind === 'link' ? 'l' : '-';
  let bits = '';
  for (let i = 0; i < 9; i++) bits += n.mode & (1 << (8 - i)) ? MODE_CHARS[i] : '-';
  return type + bits;
}

const sizeOf = (n: FileNode) => (n.kind === 'dir' ? 4096 : n.kind === 'link' ? n.target!.length : new TextEncoder().encode(n.content ?? '').length);
const nlinkOf = (n: FileNode) => (n.kind === 'dir' ? 2 + [...n.children!.values()].filter((c) => c.kind === 'dir').length : 1);
/** 1K blocks: a 4K block per started 4K of a file or directory; fast symlinks take none. */
const blocksOf = (n: FileNode) => (n.kind === 'link' ? 0 : Math.max(n.kind === 'dir' ? 1 : 0, Math.ceil(sizeOf(n) / 4096)) * 4);

/** "Dec  7 00:34", as both ls print a time of the last six months. */
function lsTime(ms: number): string {
  const d = dateString(ms); // "Mon Dec  7 00:34:05 UTC 2026"
  return `${d.slice(4, 10)} ${d.slice(11, 16)}`;
}

function listing(fs: ContainerFS, entries: Entry[], long: boolean, inDir: boolean): string {
  if (!long) return entries.map((e) => `${e.name}\n`).join('');
  const rows = entries.map((e) => ({ e, mode: modeString(e.node), nlink: String(nlinkOf(e.node)), size: String(sizeOf(e.node)), time: lsTime(e.node.mtime) }));
  const total = inDir ? `total ${entries.reduce((s, e) => s + blocksOf(e.node), 0)}\n` : '';
  const name = (e: Entry) => (e.node.kind === 'link' ? `${e.name} -> ${e.node.target}` : e.name);
  if (fs.busybox) return total + rows.map((r) => `${r.mode.padEnd(10)} ${r.nlink.padStart(4)} root     root     ${r.size.padStart(9)} ${r.time} ${name(r.e)}\n`).join('');
  const w = (k: 'nlink' | 'size') => Math.max(...rows.map((r) => r[k].length));
  return total + rows.map((r) => `${r.mode} ${r.nlink.padStart(w('nlink'))} root root ${r.size.padStart(w('size'))} ${r.time} ${name(r.e)}\n`).join('');
}

