// The workstation's shell: a command line with shell syntax — pipes, `;` `&&` `||`, variables and `export`,
// `$(…)` substitutions, `if`/`for`, `> FILE` — read by the same parser and runner as `kubectl exec … sh -c`
// (node/runtime/execscript.ts). Its programs are kubectl, helm, sim and the workstation's own (curl, wget, jobs,
// kill), the shell's builtins (echo, env, date …), file commands over the editor's documents (cat, ls, head, tail,
// grep, test), text filters (wc, sort, uniq, base64, tr, xargs) and openssl (openssl.ts). Variables live as long as the session, as in a
// terminal: `export POD=$(kubectl get pods -o name | head -1)` then `kubectl logs $POD`.
// Input comes from here-documents (`kubectl apply -f - <<EOF`), here-strings and documents (`< app.yaml`). `cd`
// moves among the documents' folders for the rest of the session, and kubectl, helm and sim read relative paths
// from there; `sleep N` lets N seconds of virtual time pass, as helm --wait runs the clock inside a command.
// SIMULATION: the documents' folder is `/` (what `pwd` prints and where `cd` with no operand goes), and documents
// are written (`> FILE`) but never removed from here.
import { runExecScript, type ScriptHost } from '../node/runtime/execscript.ts';
import { builtin } from '../node/runtime/exec.ts';
import { parseScript, type Seq } from '../node/runtime/shell.ts';
import { absolute, type ContainerFS } from '../node/runtime/fs/commands.ts';
import { dir, file, lookup, place } from '../node/runtime/fs/tree.ts';
import { sleepMs } from '../node/runtime/shell.ts';
import { runTextUtil, TEXT_UTILS } from './textutils.ts';
import { runOpenssl } from './openssl.ts';
import type { SeededRng } from '../sim/rng.ts';

export interface ShellResult { code: number; stdout: string; stderr: string }

/**
 * Runs one program of the line. `sole`: it is the line's only command, run as typed (not in a pipe, a redirection
 * or a substitution), so it may hold the prompt and stream (a watch, a foreground port-forward, kubectl edit).
 * `background`: started with `&` inside a longer line, it becomes a job.
 */
export type ShellProgram = (argv: string[], stdin: string | undefined, sole: boolean, background: boolean) => ShellResult;

export interface ShellDeps {
  now: number;
  /** Let `ms` of virtual time pass (when the clock may move now); returns the time it is after. */
  sleep(ms: number): number;
  /** The editor's documents, by name. */
  files: ReadonlyMap<string, string>;
  /** Keep a document written by `> FILE` (the page opens it). */
  write(name: string, text: string): void;
  program: ShellProgram;
}

/** Characters outside quotes that make a line more than one plain command. */
const SYNTAX = /[|;&<>`$\n()]|^\s*(?:(?:if|for|while|until|export)\b|[A-Za-z_]\w*=)/;

/** The shell's own file commands over the documents (no rm or touch: documents are removed in the editor). */
const FILE_COMMANDS = new Set(['cat', 'ls', 'head', 'tail', 'grep', 'test', '[', 'pwd']);

export class WorkstationShell {
  /** `rng`: where openssl's keys come from. */
  constructor(private readonly rng: SeededRng) {}

  /** Shell variables of the session ($? among them), as a terminal keeps them between lines. */
  private readonly env: Record<string, string> = { USER: 'kubesim', SHELL: '/bin/bash' };
  /** The working directory among the documents' folders, kept between lines. */
  private cwd = '/';

  /** Does the line use shell syntax (else it is one command, split into words as before)? */
  static needed(line: string): boolean {
    return SYNTAX.test(unquoted(line));
  }

  run(line: string, deps: ShellDeps): ShellResult {
    const script = parseScript(line);
    const only = script.length === 1 ? script[0].node : undefined;
    const plain = only?.t === 'simple' && !only.pipeline && !only.redirect && !only.stderrTo && !only.input;
    const fs = documentsFS(deps, this.cwd);
    const host: ScriptHost = {
      env: this.env,
      now: deps.now,
      hostname: 'workstation',
      busybox: false,
      bash: true,
      fs,
      run: (argv, stdin, _exported, captured, background) => {
        const [prog] = argv;
        const ctx = { env: [], hostname: 'workstation', now: host.now, busybox: false, image: '', stdin };
        if (FILE_COMMANDS.has(prog)) return builtin({ ...ctx, files: () => ({ exitCode: 1, stdout: '' }), fs }, argv);
        if (TEXT_UTILS.has(prog)) return runTextUtil(argv, (name) => (name === '-' ? stdin ?? '' : lookupFile(fs, name)));
        if (prog === 'xargs') return this.xargs(argv.slice(1), stdin ?? '', deps);
        if (prog === 'openssl') return runOpenssl(argv, { rng: this.rng, read: (name) => (name === '-' ? stdin : lookupFile(fs, name)), write: (name, text) => writeFile(fs, deps, name, text) });
        // `sleep N &` returns at once (a job that nothing waits for).
        if (prog === 'sleep') return background ? { exitCode: 0, stdout: '', stderr: '' } : this.sleep(argv.slice(1), deps, host);
        // Without the file tree: touch and rm would reach the documents.
        const own = builtin({ ...ctx, env: Object.entries(this.env).filter(([k]) => k !== '?').map(([key, value]) => ({ key, value })), files: () => ({ exitCode: 127, stdout: '' }) }, argv);
        if (own) return own;
        const p = deps.program(argv, stdin, plain && !captured, !!background);
        return { exitCode: p.code, stdout: p.stdout, stderr: p.stderr };
      },
    };
    const r = runExecScript(host, line);
    this.cwd = fs.cwd ?? '/';
    return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
  }

  /**
   * The documents as kubectl, helm and sim name them from the working directory: relative to it, and absolute
   * (`/` being the documents' folder). The same map while the shell is in the documents' folder.
   */
  files(documents: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
    if (this.cwd === '/') return documents;
    const here = this.cwd.split('/').filter(Boolean);
    const out = new Map<string, string>();
    for (const [name, text] of documents) {
      const parts = name.split('/').filter(Boolean);
      let common = 0;
      while (common < here.length && common < parts.length - 1 && parts[common] === here[common]) common++;
      out.set([...Array<string>(here.length - common).fill('..'), ...parts.slice(common)].join('/'), text);
      out.set(`/${parts.join('/')}`, text);
    }
    return out;
  }

  /** coreutils' sleep: NUMBER[smhd] operands, summed; the simulation runs meanwhile. */
  private sleep(args: string[], deps: ShellDeps, host: ScriptHost): { exitCode: number; stdout: string; stderr: string } {
    const usage = "Try 'sleep --help' for more information.\n";
    if (!args.length) return { exitCode: 1, stdout: '', stderr: `sleep: missing operand\n${usage}` };
    const bad = args.find((a) => !/^(?:\d+(?:\.\d*)?|\.\d+)[smhd]?$|^inf(?:inity)?$/.test(a));
    if (bad) return { exitCode: 1, stdout: '', stderr: `sleep: invalid time interval ‘${bad}’\n${usage}` };
    const ms = sleepMs(args);
    // kubesim's own refusal: a sleep that never ends would hold the terminal for good (there is no Ctrl+C for it).
    if (ms === Infinity) return { exitCode: 1, stdout: '', stderr: 'sleep: an endless sleep would never give the prompt back; give a number of seconds\n' };
    host.now = deps.sleep(ms);
    return { exitCode: 0, stdout: '', stderr: '' };
  }

  /** xargs CMD ARGS…: CMD with the input's whitespace-separated words appended (GNU's default, one run). */
  private xargs(args: string[], stdin: string, deps: ShellDeps): { exitCode: number; stdout: string; stderr: string } {
    // xargs's own options come before the command; they are not simulated.
    if (args[0]?.startsWith('-')) return { exitCode: 1, stdout: '', stderr: `xargs: ${args[0]}: options are not simulated\n` };
    const words = stdin.split(/\s+/).filter(Boolean);
    const argv = [...(args.length ? args : ['echo']), ...words];
    const r = argv[0] === 'echo' ? { code: 0, stdout: `${argv.slice(1).join(' ')}\n`, stderr: '' } : deps.program(argv, undefined, false, false);
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
  const substitutions = (w: string) => { for (const m of w.matchAll(/\$\((?!\()(.*)\)/g)) out.push(...commandsOf(m[1])); };
  const words = (ws: string[]) => {
    out.push(ws);
    ws.forEach(substitutions);
  };
  const walk = (seq: Seq): void => {
    for (const { node: n } of seq) {
      if (n.t === 'simple') {
        n.pipeline?.forEach(words);
        words(n.words);
        // A here-document or here-string is expanded too (one with a quoted delimiter is not).
        const input = n.input;
        if (input && 'word' in input) substitutions(input.word);
        if (input && 'heredoc' in input && !input.heredoc.literal) input.heredoc.body.split('\n').forEach(substitutions);
      }
      else if (n.t === 'for') { words(n.items); walk(n.body); }
      else if (n.t === 'loop' || n.t === 'if') { walk(n.cond); walk(n.t === 'if' ? n.then : n.body); if (n.t === 'if' && n.otherwise) walk(n.otherwise); }
      else walk(n.body);
    }
  };
  walk(parseScript(line));
  return out;
}

/** The shell's own programs, which change nothing in the cluster (a redirection writes a document; `sleep` is not one: time passes). */
export const SHELL_PROGRAMS = new Set([...FILE_COMMANDS, ...TEXT_UTILS, 'openssl', 'echo', 'env', 'printenv', 'date', 'hostname', 'whoami', 'pwd', 'true', 'false', ':', 'cd', 'export']);

/** The line with quoted text blanked, so that only the shell's own characters are left to look at. */
function unquoted(line: string): string {
  return line.replace(/\\./g, '__').replace(/'[^']*'/g, "''").replace(/"(?:[^"\\$`]|\\.)*"/g, '""');
}

/** The documents as a folder (the working directory `cwd` when it is still one): what a redirection writes becomes a document. */
function documentsFS(deps: ShellDeps, cwd: string): ContainerFS {
  const root = dir(deps.now);
  for (const [name, text] of deps.files) place(root, `/${name}`, file(text, deps.now));
  return {
    root,
    busybox: false,
    now: deps.now,
    cwd: lookup(root, cwd)?.kind === 'dir' ? cwd : '/',
    // The tree holds the file's whole text after the write (a `>>` appended to it).
    record: (path, data) => {
      const written = data === undefined ? undefined : lookup(root, path);
      if (written?.kind === 'file') deps.write(path.replace(/^\/+/, ''), written.content ?? '');
    },
  };
}

/** Write a document by a path from the working directory (what openssl's -out writes): later commands of the line see it. */
function writeFile(fs: ContainerFS, deps: ShellDeps, name: string, text: string): void {
  const path = absolute(fs, name);
  place(fs.root, path, file(text, deps.now));
  deps.write(path.replace(/^\/+/, ''), text);
}

/** A document's text by a path from the working directory (what the text filters read). */
function lookupFile(fs: ContainerFS, name: string): string | undefined {
  const node = lookup(fs.root, absolute(fs, name));
  return node?.kind === 'file' ? node.content ?? '' : undefined;
}
