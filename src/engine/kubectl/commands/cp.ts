// kubectl cp SRC DEST [-c CONTAINER] (cp.go): one side a [[namespace/]pod:]path in a container, the other a local
// file — here an editor document (ctx.files; ctx.writeFile creates or overwrites one). From a pod kubectl runs
// `tar cf - PATH` in the container and unpacks what it prints; into a pod it packs the local files and runs
// `tar -xmf - -C DIR` with them on stdin, so the image must have tar (node/runtime/fs/tar.ts, nettools/tools.ts).
// Simplification: local files are the page's documents, named by their cleaned path; a local directory is the
// documents whose names start with it and a "/".
import { decodeArchive, encodeArchive, type TarMember } from '../../node/runtime/fs/tar.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { namespaceOf } from '../namespace.ts';
import { podExec } from './exec.ts';
import { containerFor, podFor } from './logs.ts';

interface FileSpec { namespace?: string; pod?: string; file: string }

const FORMAT = 'filespec must match the canonical format: [[namespace/]pod:]file/path';

/** extractFileSpec: "pod:path", "namespace/pod:path", or a local path. */
export function extractFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i === 0) throw new CommandError(FORMAT);
  if (i < 0) return { file: arg.replace(/(.)\/+$/, '$1') };
  const pieces = arg.slice(0, i).split('/');
  if (pieces.length > 2) throw new CommandError(FORMAT);
  const file = arg.slice(i + 1);
  return pieces.length === 2 ? { namespace: pieces[0], pod: pieces[1], file } : { pod: pieces[0], file };
}

/** path.Clean, for the slash-separated paths on both sides. */
export function cleanPath(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (part !== '..' || !abs) out.push(part);
  }
  const joined = out.join('/');
  return abs ? `/${joined}` : joined || '.';
}
const baseName = (p: string) => { const c = cleanPath(p); return c === '/' ? '/' : c.slice(c.lastIndexOf('/') + 1); };
const dirName = (p: string) => { const c = cleanPath(p); const i = c.lastIndexOf('/'); return i < 0 ? '.' : i === 0 ? '/' : c.slice(0, i); };
const join = (a: string, b: string) => cleanPath(`${a}/${b}`);

export function cpCommand(ctx: KubectlContext, args: ParsedArgs): number {
  if (args.positional.length !== 2) throw new CommandError('source and destination are required');
  const src = extractFileSpec(args.positional[0]);
  const dest = extractFileSpec(args.positional[1]);
  if (src.pod && dest.pod) throw new CommandError('one of src or dest must be a local file specification');
  if (!src.file || !dest.file) throw new CommandError('filepath can not be empty');
  if (src.pod) return copyFromPod(ctx, args, src as Required<Pick<FileSpec, 'pod'>> & FileSpec, dest.file);
  if (dest.pod) return copyToPod(ctx, args, src.file, dest as Required<Pick<FileSpec, 'pod'>> & FileSpec);
  throw new CommandError('one of src or dest must be a remote file specification');
}

/** The pod and container a spec names (its namespace, else the command's), found as kubectl exec finds them. */
function target(ctx: KubectlContext, args: ParsedArgs, spec: FileSpec & { pod: string }) {
  const pod = podFor(ctx, spec.pod, spec.namespace || namespaceOf(ctx, args));
  return { pod, container: containerFor(ctx, pod, flag(args, 'container')) };
}

/** exec's failure after the process ran, as kubectl ends on it. */
function terminated(ctx: KubectlContext, code: number): number {
  ctx.err.push(`command terminated with exit code ${code}`);
  return code;
}

function copyFromPod(ctx: KubectlContext, args: ParsedArgs, src: FileSpec & { pod: string }, dest: string): number {
  const { pod, container } = target(ctx, args, src);
  const r = podExec(ctx, pod, container, ['tar', 'cf', '-', src.file]);
  // The tar process's stderr is copied to kubectl's stdout.
  if (r.stderr) ctx.out.push(r.stderr.replace(/\n$/, ''));
  if (r.exitCode !== 0) return terminated(ctx, r.exitCode);
  // The members' names start with the source path without its leading slashes and "../" shortcuts.
  const prefix = cleanPath(src.file.replace(/^\/+/, '')).replace(/^(\.\.\/)+/, '').replace(/^\.\.?$/, '');
  const local = cleanPath(dest);
  let hinted = false;
  for (const m of decodeArchive(r.stdout) ?? []) {
    if (!m.name.startsWith(prefix)) throw new CommandError('tar contents corrupted');
    const name = join(local, m.name.slice(prefix.length));
    if (m.type === 'dir') continue;
    if (m.type === 'link') {
      const hint = hinted ? '' : ` (consider using "kubectl exec -n ${JSON.stringify(pod.metadata.namespace ?? '')} ${JSON.stringify(pod.metadata.name)} -- tar cf - ${JSON.stringify(src.file)} | tar xf -")`;
      ctx.err.push(`warning: skipping symlink: ${JSON.stringify(name)} -> ${JSON.stringify(m.target ?? '')}${hint}`);
      hinted = true;
      continue;
    }
    // The page's documents have no directories: "." (or a name ending in "/") is one only here.
    if (name === '.' || name === '/') throw new CommandError(`open ${name}: is a directory`);
    if (!ctx.writeFile) throw new CommandError(`open ${name}: read-only file system`);
    ctx.writeFile(name, m.content ?? '');
  }
  return 0;
}

/** The local files under `src` as tar members named from `destBase` (makeTar's recursiveTar). */
function localMembers(ctx: KubectlContext, src: string, destBase: string): TarMember[] | undefined {
  const clean = cleanPath(src);
  const text = ctx.files.get(src) ?? ctx.files.get(clean);
  if (text !== undefined) return [{ name: destBase, type: 'file', mode: 0o644, content: text }];
  const under = [...ctx.files.keys()].filter((n) => cleanPath(n).startsWith(`${clean}/`)).sort();
  if (!under.length) return undefined;
  return under.map((n) => ({ name: `${destBase}/${cleanPath(n).slice(clean.length + 1)}`, type: 'file' as const, mode: 0o644, content: ctx.files.get(n)! }));
}

function isRemoteDir(ctx: KubectlContext, pod: Parameters<typeof podExec>[1], container: string, path: string): boolean {
  try {
    return podExec(ctx, pod, container, ['test', '-d', path]).exitCode === 0;
  } catch {
    return false;
  }
}

function copyToPod(ctx: KubectlContext, args: ParsedArgs, src: string, dest: FileSpec & { pod: string }): number {
  if (localMembers(ctx, src, '') === undefined) throw new CommandError(`${src} doesn't exist in local filesystem`);
  const { pod, container } = target(ctx, args, dest);
  let destFile = dest.file !== '/' ? dest.file.replace(/\/+$/, '') : dest.file;
  // checkDestinationIsDir (its failures are only "not a directory"): into a directory, the source keeps its name.
  if (isRemoteDir(ctx, pod, container, destFile)) destFile = join(destFile, baseName(src));
  const members = localMembers(ctx, src, baseName(destFile))!;
  const command = boolFlag(args, 'no-preserve') ? ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-'] : ['tar', '-xmf', '-'];
  const r = podExec(ctx, pod, container, [...command, '-C', dirName(destFile)], encodeArchive(members));
  if (r.stdout) ctx.out.push(r.stdout.replace(/\n$/, ''));
  if (r.stderr) ctx.err.push(r.stderr.replace(/\n$/, ''));
  return r.exitCode === 0 ? 0 : terminated(ctx, r.exitCode);
}
