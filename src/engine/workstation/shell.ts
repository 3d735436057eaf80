// The workstation's shell: a command line with shell syntax — pipes, `;` `&&` `||`, variables and `export`,
// `$(…)` substitutions, `if`/`for`, `> FILE` — read by the same parser and runner as `kubectl exec … sh -c`
// (node/runtime/execscript.ts). Its programs are kubectl, helm, sim and the workstation's own (curl, wget, jobs,
// kill), the shell's builtins (echo, env, date …), file commands over the editor's documents (cat, ls, head, tail,
// grep, test) and text filters (wc, sort, uniq, base64, tr, xargs). Variables live as long as the session, as in a
// terminal: `export POD=$(kubectl get pods -o name | head -1)` then `kubectl logs $POD`.
// SIMULATION: the working directory is the documents' folder; `cd` lasts for the rest of its line only, and
// documents are written (`> FILE`) but never removed from here.
import { runExecScript } from '../node/runtime/execscript.ts';
import { builtin } from '../node/runtime/exec.ts';
import { parseScript, type Seq } from '../node/runtime/shell.ts';
import type { ContainerFS } from '../node/runtime/fs/commands.ts';
import { dir, file, lookup, place } from '../node/runtime/fs/tree.ts';
import { runTextUtil, TEXT_UTILS } from './textutils.ts';

export interface ShellResult { code: number; stdout: string; stderr: string }

/**
 * Runs one program of the line. `sole`: it is the line's only command, run as typed (not in a pipe, a redirection
 * or a substitution), so it may hold the prompt and stream (a watch, a foreground port-forward, kubectl edit).
 */
export type ShellProgram = (argv: string[], stdin: string | undefined, sole: boolean) => ShellResult;

export interface ShellDeps {
  now: number;
  /** The editor's documents, by name. */
  files: ReadonlyMap<string, string>;
  /** Keep a document written by `> FILE` (the page opens it). */
  write(name: string, text: string): void;
  program: ShellProgram;
}

/** Characters outside quotes that make a line more than one plain command. */
const SYNTAX = /[|;&<>`$\n()]|^\s*(?:(?:if|for|while|until|export)\b|[A-Za-z_]\w*=)/;

/** The shell's own file commands over the documents (no rm or touch: documents are removed in the editor). */
const FILE_COMMANDS = new Set(['cat', 'ls', 'head', 'tail', 'grep', 'test', '[']);

export class WorkstationShell {
  /** Shell variables of the session ($? among them), as a terminal keeps them between lines. */
  private readonly env: Record<string, string> = { USER: 'kubesim', SHELL: '/bin/bash' };

  /** Does the line use shell syntax (else it is one command, split into words as before)? */
  static needed(line: string): boolean {
    return SYNTAX.test(unquoted(line));
  }

  run(line: string, deps: ShellDeps): ShellResult {
    const script = parseScript(line);
    const only = script.length === 1 ? script[0].node : undefined;
    const plain = only?.t === 'simple' && !only.pipeline && !only.redirect && !only.stderrTo;
    const fs = documentsFS(deps);
    const r = runExecScript({
      env: this.env,
      now: deps.now,
      hostname: 'workstation',
      busybox: false,
      fs,
      run: (argv, stdin, _exported, captured) => {
        const [prog] = argv;
        if (FILE_COMMANDS.has(prog)) return builtin({ env: [], hostname: 'workstation', now: deps.now, busybox: false, files: () => ({ exitCode: 1, stdout: '' }), fs, image: '', stdin }, argv);
        if (TEXT_UTILS.has(prog)) return runTextUtil(argv, (name) => (name === '-' ? stdin ?? '' : deps.files.get(name)));
        if (prog === 'xargs') return this.xargs(argv.slice(1), stdin ?? '', deps);
        // Without the file tree: touch and rm would reach the documents.
        const own = builtin({ env: Object.entries(this.env).filter(([k]) => k !== '?').map(([key, value]) => ({ key, value })), hostname: 'workstation', now: deps.now, busybox: false, files: () => ({ exitCode: 127, stdout: '' }), image: '' }, argv);
        if (own) return own;
        const p = deps.program(argv, stdin, plain && !captured);
        return { exitCode: p.code, stdout: p.stdout, stderr: p.stderr };
      },
    }, line);
    return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
  }

  /** xargs CMD ARGS…: CMD with the input's whitespace-separated words appended (GNU's default, one run). */
  private xargs(args: string[], stdin: string, deps: ShellDeps): { exitCode: number; stdout: string; stderr: string } {
    // xargs's own options come before the command; they are not simulated.
    if (args[0]?.startsWith('-')) return { exitCode: 1, stdout: '', stderr: `xargs: ${args[0]}: options are not simulated\n` };
    const words = stdin.split(/\s+/).filter(Boolean);
    const argv = [...(args.length ? args : ['echo']), ...words];
    const r = argv[0] === 'echo' ? { code: 0, stdout: `${argv.slice(1).join(' ')}\n`, stderr: '' } : deps.program(argv, undefined, false);
    // GNU xargs exits 123 when a command run fails with a status from 1 to 125.
    return { exitCode: r.code === 0 ? 0 : r.code <= 125 ? 123 : r.code, stdout: r.stdout, stderr: r.stderr };
  }
}

/**
 * Every command a line may run, as written (unexpanded), those of pipes, lists, loops and `$(…)` included: what a
 * caller checks before running the line (the page refuses writes while it shows the past).
 */
export function commandsOf(line: string): string[][] {
  const out: string[][] = [];
  const words = (ws: string[]) => {
    out.push(ws);
    for (const w of ws) for (const m of w.matchAll(/\$\((?!\()(.*)\)/g)) out.push(...commandsOf(m[1]));
  };
  const walk = (seq: Seq): void => {
    for (const { node: n } of seq) {
      if (n.t === 'simple') { n.pipeline?.forEach(words); words(n.words); }
      else if (n.t === 'for') { words(n.items); walk(n.body); }
      else if (n.t === 'loop' || n.t === 'if') { walk(n.cond); walk(n.t === 'if' ? n.then : n.body); if (n.t === 'if' && n.otherwise) walk(n.otherwise); }
      else walk(n.body);
    }
  };
  walk(parseScript(line));
  return out;
}

/** The shell's own programs, which change nothing in the cluster (a redirection writes a document). */
export const SHELL_PROGRAMS = new Set([...FILE_COMMANDS, ...TEXT_UTILS, 'echo', 'env', 'printenv', 'date', 'hostname', 'whoami', 'pwd', 'true', 'false', ':', 'sleep', 'export']);

/** The line with quoted text blanked, so that only the shell's own characters are left to look at. */
function unquoted(line: string): string {
  return line.replace(/\\./g, '__').replace(/'[^']*'/g, "''").replace(/"(?:[^"\\$`]|\\.)*"/g, '""');
}

/** The documents as a folder: the shell's files; what a redirection writes becomes a document. */
function documentsFS(deps: ShellDeps): ContainerFS {
  const root = dir(deps.now);
  for (const [name, text] of deps.files) place(root, `/${name}`, file(text, deps.now));
  return {
    root,
    busybox: false,
    now: deps.now,
    cwd: '/',
    // The tree holds the file's whole text after the write (a `>>` appended to it).
    record: (path, data) => {
      const written = data === undefined ? undefined : lookup(root, path);
      if (written?.kind === 'file') deps.write(path.replace(/^\/+/, ''), written.content ?? '');
    },
  };
}
