// SIMULATION: what `kubectl exec` runs in a container. Nothing runs: a handful of commands people type to look
// around (env, printenv, echo, hostname, date, whoami, pwd, true, false, exit, sleep, cat/ls/test of files the
// container's script made) are answered from what the runtime knows; `sh -c` runs a script of those
// (execscript.ts: lists, pipes, redirections, if and for). Network tools the image has (curl, wget, nslookup …) go through the data plane (nettools/);
// tar, where the image has it, packs and unpacks files for kubectl cp (fs/tar.ts).
// Anything else is not found, as in an image without that program. With the container's file tree (fs/), file
// commands read and write it instead, and `> FILE` redirections write to it.
import { absolute, FS_COMMANDS, runFileCommand, type ContainerFS } from './fs/commands.ts';
import { lookup } from './fs/tree.ts';
import { runTextUtil } from '../../workstation/textutils.ts';
import { runExecScript } from './execscript.ts';
import { formatDate } from './shell.ts';
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
  /** The virtual time the command runs at (`date`). */
  now: number;
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
    if (args[0] === '-c') {
      const env = Object.fromEntries(ctx.env.map((e) => [e.key, e.value]));
      const run = (words: string[], stdin: string | undefined, exported: Record<string, string>) => {
        const names = new Set(Object.keys(exported));
        const vars = [...ctx.env.filter((e) => !names.has(e.key)), ...Object.entries(exported).map(([key, value]) => ({ key, value }))];
        return builtin({ ...ctx, env: vars, ...(stdin === undefined ? {} : { stdin }) }, words);
      };
      return runExecScript({ env, now: ctx.now, hostname: ctx.hostname, busybox: ctx.busybox, fs: ctx.fs, run }, args[1] ?? '');
    }
    return ok(); // no terminal: the shell reads an empty stdin and exits
  }
  const r = builtin(ctx, argv);
  if (r) return r;
  return { exitCode: 126, stdout: '', stderr: '', startError: `OCI runtime exec failed: exec failed: unable to start container process: exec: "${prog}": executable file not found in $PATH: unknown` };
}

/** One simple command, or undefined when the image has no such program (the workstation's shell runs these too). */
export function builtin(ctx: ExecContext, argv: string[]): ExecResult | undefined {
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
    case 'date': return ok(`${formatDate(args.join(' '), ctx.now)}\n`);
    case 'whoami': return ok('root\n');
    case 'pwd': return ok(`${ctx.fs?.cwd ?? '/'}\n`);
    case 'true': case ':': case 'sleep': return ok();
    case 'false': return { exitCode: 1, stdout: '', stderr: '' };
    case 'exit': return { exitCode: Number(args[0] ?? 0) || 0, stdout: '', stderr: '' };
    case 'tar':
      if (ctx.fs && imageTools(ctx.image).tools.has('tar')) return runTar(ctx.fs, args, ctx.stdin ?? '');
      return undefined;
    // coreutils' (and busybox's) text filters, in every image with a shell: over the pipe's input or the container's files.
    // Simplification: they answer in GNU's words, also in busybox images.
    case 'wc': case 'sort': case 'uniq': case 'base64': case 'tr':
      return runTextUtil([base(prog), ...args], (name) => (name === '-' ? ctx.stdin ?? '' : readContainerFile(ctx.fs, name)));
    default: {
      const r = ctx.net && runNetTool(ctx.net, base(prog ?? ''), args);
      if (r) return r;
    }
  }
  if (ctx.fs && FS_COMMANDS.has(base(prog ?? ''))) return runFileCommand(ctx.fs, argv, ctx.stdin);
  if (!FILE_COMMANDS.has(base(prog ?? ''))) return undefined;
  const r = ctx.files(argv);
  // The runtime's check says whether the file is there; its content is not simulated.
  return r.exitCode === 0 ? ok() : { exitCode: r.exitCode, stdout: '', stderr: `${r.stdout}\n` };
}

/** A regular file's content in the container's tree; undefined when there is none (the filter says so). */
function readContainerFile(fs: ContainerFS | undefined, path: string): string | undefined {
  const node = fs && lookup(fs.root, absolute(fs, path));
  return node?.kind === 'file' ? node.content ?? '' : undefined;
}
