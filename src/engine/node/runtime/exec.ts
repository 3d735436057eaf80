// SIMULATION: what `kubectl exec` runs in a container. Nothing runs: a handful of commands people type to look
// around (env, printenv, echo, hostname, date, whoami, pwd, true, false, exit, sleep, cat/ls/test of files the
// container's script made) are answered from what the runtime knows; `sh -c` runs a list of those joined by
// `;`, `&&` and `||`. Network tools the image has (curl, wget, nslookup …) go through the data plane (nettools/);
// tar, where the image has it, packs and unpacks files for kubectl cp (fs/tar.ts).
// Anything else is not found, as in an image without that program. With the container's file tree (fs/), file
// commands read and write it instead, and `> FILE` redirections write to it.
import { absolute, FS_COMMANDS, redirectWrite, runFileCommand, splitRedirect, type ContainerFS } from './fs/commands.ts';
import { lookup, splitPath } from './fs/tree.ts';
import { runNetTool, type NetContext } from './nettools/index.ts';
import { imageTools } from './nettools/tools.ts';
import { runTar } from './fs/tar.ts';

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The runtime could not start the process at all (the exec request fails). */
  startError?: string;
}

export interface ExecContext {
  env: { key: string; value: string }[];
  hostname: string;
  /** `date` as the container prints it. */
  date(): string;
  /** A busybox-style shell (`sh: foo: not found`) rather than dash (`sh: 1: foo: not found`). */
  busybox: boolean;
  /** File commands (cat, ls, test …): the runtime's check against the files the container's script made. */
  files(argv: string[]): { exitCode: number; stdout: string };
  /** The container's files, when the kubelet could build them. */
  fs?: ContainerFS;
  /** The pod network, for the image's network tools (curl, wget, nslookup …: nettools/). */
  net?: NetContext;
  /** The container's image (which programs it has: nettools/tools.ts). */
  image: string;
  /** What the exec request streams to the process's stdin (kubectl cp's archive). */
  stdin?: string;
}

const SHELLS = new Set(['sh', 'bash', 'ash', '/bin/sh', '/bin/bash', '/bin/ash', '/usr/bin/bash']);
const FILE_COMMANDS = new Set(['cat', 'ls', 'stat', 'test', '[', 'head', 'grep', 'tail']);
const ok = (stdout = ''): ExecResult => ({ exitCode: 0, stdout, stderr: '' });
const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export function runExec(ctx: ExecContext, argv: string[]): ExecResult {
  const [prog, ...args] = argv;
  if (SHELLS.has(prog)) {
    if (args[0] === '-c') return runScript(ctx, args[1] ?? '');
    return ok(); // no terminal: the shell reads an empty stdin and exits
  }
  const r = builtin(ctx, argv);
  if (r) return r;
  return { exitCode: 126, stdout: '', stderr: '', startError: `OCI runtime exec failed: exec failed: unable to start container process: exec: "${prog}": executable file not found in $PATH: unknown` };
}

/** One simple command, or undefined when the image has no such program. */
function builtin(ctx: ExecContext, argv: string[]): ExecResult | undefined {
  const [prog, ...args] = argv;
  const env = new Map(ctx.env.map((e) => [e.key, e.value]));
  switch (base(prog ?? '')) {
    case 'env': return ok(ctx.env.map((e) => `${e.key}=${e.value}\n`).join(''));
    case 'printenv': {
      if (!args.length) return ok(ctx.env.map((e) => `${e.key}=${e.value}\n`).join(''));
      const found = args.filter((a) => env.has(a));
      return { exitCode: found.length === args.length ? 0 : 1, stdout: found.map((a) => `${env.get(a)}\n`).join(''), stderr: '' };
    }
    case 'echo': return args[0] === '-n' ? ok(args.slice(1).join(' ')) : ok(`${args.join(' ')}\n`);
    case 'hostname': return ok(`${ctx.hostname}\n`);
    case 'date': return ok(`${ctx.date()}\n`);
    case 'whoami': return ok('root\n');
    case 'pwd': return ok(`${ctx.fs?.cwd ?? '/'}\n`);
    case 'true': case ':': case 'sleep': return ok();
    case 'false': return { exitCode: 1, stdout: '', stderr: '' };
    case 'exit': return { exitCode: Number(args[0] ?? 0) || 0, stdout: '', stderr: '' };
    case 'tar':
      if (ctx.fs && imageTools(ctx.image).tools.has('tar')) return runTar(ctx.fs, args, ctx.stdin ?? '');
      return undefined;
    default: {
      const r = ctx.net && runNetTool(ctx.net, base(prog ?? ''), args);
      if (r) return r;
    }
  }
  if (ctx.fs && FS_COMMANDS.has(base(prog ?? ''))) return runFileCommand(ctx.fs, argv);
  if (!FILE_COMMANDS.has(base(prog ?? ''))) return undefined;
  const r = ctx.files(argv);
  // The runtime's check says whether the file is there; its content is not simulated.
  return r.exitCode === 0 ? ok() : { exitCode: r.exitCode, stdout: '', stderr: `${r.stdout}\n` };
}

/** Words of one simple command: quotes group, $VAR and ${VAR} expand outside single quotes. */
function words(text: string, env: Map<string, string>): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:\\.|[^"])*)"|(\S+)/g;
  const sub = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => env.get((a ?? b)!) ?? '');
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? sub(m[2] ?? m[3]));
  return out;
}

/** `;`, `&&` and `||` lists, split outside quotes. */
function split(script: string): { op: string; text: string }[] {
  const parts: { op: string; text: string }[] = [];
  let quote = '';
  let cur = '';
  let op = ';';
  for (let i = 0; i < script.length; i++) {
    const ch = script[i];
    if (quote) { if (ch === quote) quote = ''; cur += ch; continue; }
    if (ch === "'" || ch === '"') { quote = ch; cur += ch; continue; }
    const two = script.slice(i, i + 2);
    if (two === '&&' || two === '||' || ch === ';' || ch === '\n') {
      parts.push({ op, text: cur });
      op = two === '&&' || two === '||' ? two : ';';
      if (op !== ';') i++;
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push({ op, text: cur });
  return parts.filter((p) => p.text.trim() !== '');
}

/**
 * The shell's `cd`: the working directory of the rest of the script (relative paths of file commands and `pwd`).
 * The error text of busybox's ash or dash when the directory is not there; without a file tree any path is taken.
 */
function changeDirectory(ctx: ExecContext, target: string): string | undefined {
  if (!ctx.fs) return undefined;
  const path = `/${splitPath(absolute(ctx.fs, target)).join('/')}`;
  const node = lookup(ctx.fs.root, path);
  if (node?.kind === 'dir') {
    ctx.fs.cwd = path;
    return undefined;
  }
  if (!ctx.busybox) return `sh: 1: cd: can't cd to ${target}`;
  return `sh: cd: can't cd to ${target}: ${node ? 'Not a directory' : 'No such file or directory'}`;
}

function runScript(ctx: ExecContext, script: string): ExecResult {
  const env = new Map(ctx.env.map((e) => [e.key, e.value]));
  let stdout = '';
  let stderr = '';
  let code = 0;
  for (const { op, text } of split(script)) {
    if ((op === '&&' && code !== 0) || (op === '||' && code === 0)) continue;
    const redirect = ctx.fs ? splitRedirect(words(text.trim(), env)) : { argv: words(text.trim(), env), append: false };
    const argv = redirect.argv;
    if (argv[0] === 'exit') return { exitCode: Number(argv[1] ?? code) || 0, stdout, stderr };
    if (argv[0] === 'cd') {
      const failed = changeDirectory(ctx, argv[1] ?? env.get('HOME') ?? '/');
      if (failed) { stderr += `${failed}\n`; code = ctx.busybox ? 1 : 2; } else code = 0;
      continue;
    }
    // The shell opens the file before it runs the command: a read-only mount stops it there.
    const opened = redirect.path && ctx.fs ? redirectWrite(ctx.fs, redirect.path, '', redirect.append) : undefined;
    if (opened) { stderr += `${opened}\n`; code = ctx.busybox ? 1 : 2; continue; }
    const r = builtin(ctx, argv);
    if (!r) {
      stderr += ctx.busybox ? `sh: ${argv[0]}: not found\n` : `sh: 1: ${argv[0]}: not found\n`;
      code = 127;
      continue;
    }
    if (redirect.path && ctx.fs) { redirectWrite(ctx.fs, redirect.path, r.stdout, true); stderr += r.stderr; code = r.exitCode; continue; }
    stdout += r.stdout;
    stderr += r.stderr;
    code = r.exitCode;
  }
  return { exitCode: code, stdout, stderr };
}
