// The script of `kubectl exec POD -- sh -c SCRIPT`, read by the same parser as pods' own scripts (shell.ts: quotes,
// escapes, `;` `&&` `||`, pipes, `>`/`>>`, `<` files, `<<` here-documents and `<<<` here-strings, if/for, `{ }`)
// and run at one instant with the exec's commands.
// Simplification: while/until loops are refused, since no virtual time passes inside one exec.
// `$(CMD)` runs CMD in a subshell (variables it sets stay there) and stands for its output without the final
// newlines. Simplification: quoting is gone once a script is parsed, so a word that is only a substitution is
// split into fields at whitespace (`for p in $(kubectl get pods -o name)`), quoted or not, and no other word is.
import type { ExecResult } from './exec.ts';
import { absolute, redirectWrite, type ContainerFS } from './fs/commands.ts';
import { lookup, splitPath } from './fs/tree.ts';
import { expand, LITERAL_DOLLAR, parseScript, type Input, type Node, type Seq } from './shell.ts';

export interface ScriptHost {
  env: Record<string, string>;
  now: number;
  hostname: string;
  /** busybox's ash (`sh: foo: not found`) rather than dash (`sh: 1: foo: not found`). */
  busybox: boolean;
  /** bash, the workstation's shell: its error texts (`bash: cd: x: No such file or directory`) and exit codes. */
  bash?: boolean;
  fs?: ContainerFS;
  /**
   * One command with what is piped into it and the variables the script exported; undefined when the image has no
   * such program. `captured`: it runs inside a `$(…)` substitution; `background`: it was started with `&`.
   */
  run(argv: string[], stdin: string | undefined, exported: Record<string, string>, captured?: boolean, background?: boolean): ExecResult | undefined;
}

/** Thrown by `exit` to leave every nesting level at once. */
class Exit { constructor(readonly code: number) {} }

class ScriptRun {
  stdout = '';
  stderr = '';
  code = 0;
  /** `export NAME=value`: what the script's commands see in their environment besides the container's. */
  private readonly exported: Record<string, string> = {};
  constructor(private readonly host: ScriptHost) {}

  seq(seq: Seq, stdin?: string): void {
    let piped = stdin;
    for (const [i, { join, node }] of seq.entries()) {
      if ((join === '&&' && this.code !== 0) || (join === '||' && this.code === 0)) continue;
      const input = piped;
      piped = undefined;
      if (!seq[i + 1]?.piped) { this.node(node, input); continue; }
      // `compound | next`: the compound command's output becomes the next one's stdin.
      const shown = this.stdout;
      this.stdout = '';
      this.node(node, input);
      piped = this.stdout;
      this.stdout = shown;
    }
  }

  private get syntaxCode(): number { return this.host.busybox || this.host.bash ? 1 : 2; }
  private word(w: string): string {
    this.host.env['?'] = String(this.code);
    return expand(this.substitute(w), this.host.env, this.host.now, this.host.hostname);
  }

  /** A word's fields: a word that is one command substitution splits at whitespace, others stay one field. */
  private fields(w: string): string[] {
    const whole = commandSubstitutions(w);
    if (whole.length !== 1 || whole[0].start !== 0 || whole[0].end !== w.length) return [this.word(w)];
    return this.word(w).split(/\s+/).filter(Boolean);
  }

  /** w with each `$(CMD)` replaced by CMD's output, whose `$` signs are literal (bash expands a word once). */
  private substitute(w: string): string {
    const subs = commandSubstitutions(w);
    if (!subs.length) return w;
    let out = '';
    let at = 0;
    for (const { start, end } of subs) {
      out += w.slice(at, start) + this.capture(w.slice(start + 2, end - 1)).replaceAll('$', LITERAL_DOLLAR);
      at = end;
    }
    return out + w.slice(at);
  }

  /** What a subshell running script prints (without its final newlines); its errors go to this script's. */
  private capture(script: string): string {
    const host = this.host;
    const sub = new ScriptRun({ ...host, env: { ...host.env }, run: (argv, stdin, exported, _captured, background) => host.run(argv, stdin, exported, true, background) });
    try {
      sub.seq(parseScript(script));
    } catch (e) {
      if (!(e instanceof Exit)) throw e;
    }
    this.stderr += sub.stderr;
    return sub.stdout.replace(/\n+$/, '');
  }

  /** `stdin`: what a pipe feeds the command (its first command reads it). */
  private node(n: Node, stdin?: string): void {
    switch (n.t) {
      case 'group': return this.seq(n.body, stdin);
      case 'if':
        this.seq(n.cond, stdin);
        if (this.code === 0) this.seq(n.then);
        else if (n.otherwise) this.seq(n.otherwise);
        else this.code = 0;
        return;
      case 'for':
        this.code = 0;
        for (const item of n.items.flatMap((w) => this.fields(w))) {
          this.host.env[n.name] = item;
          this.seq(n.body);
        }
        return;
      case 'loop':
        this.stderr += `sh: ${n.until ? 'until' : 'while'}: loops are not simulated in kubectl exec (no time passes in one exec)\n`;
        this.code = this.syntaxCode;
        return;
      case 'simple': return this.simple(n, stdin);
    }
  }

  private simple(n: Extract<Node, { t: 'simple' }>, stdin: string | undefined): void {
    const stages = [...(n.pipeline ?? []), n.words].map((ws) => ws.flatMap((w) => this.fields(w)));
    let piped = stdin;
    for (const [i, argv] of stages.entries()) {
      const last = i === stages.length - 1;
      const input = n.input?.stage === i ? this.input(n.input) : { text: piped };
      if ('error' in input) {
        // The shell could not open the input: the command does not run.
        this.stderr += `${input.error}\n`;
        this.code = this.syntaxCode;
        piped = '';
        continue;
      }
      const r = this.command(argv, input.text, last ? n.redirect && this.word(n.redirect) : undefined, !!n.append, last && n.background);
      piped = r.stdout;
      this.stderr += n.stderrTo ? this.writeStderr(this.word(n.stderrTo), r.stderr) : r.stderr;
      this.code = r.exitCode;
      if (last) this.stdout += r.stdout;
    }
  }

  /** One command of a pipeline: assignments, the shell's own builtins, then the image's programs. */
  private command(argv: string[], stdin: string | undefined, redirect: string | undefined, append: boolean, background: boolean): ExecResult {
    const ok = (stdout = ''): ExecResult => ({ exitCode: 0, stdout, stderr: '' });
    const assignments = argv.findIndex((w) => !/^[A-Za-z_]\w*=/.test(w));
    if (assignments < 0 || (argv[0] === 'export' && argv.length > 1)) {
      const exporting = argv[0] === 'export';
      for (const w of exporting ? argv.slice(1) : argv) {
        const eq = w.indexOf('=');
        const [name, value] = eq > 0 ? [w.slice(0, eq), w.slice(eq + 1)] : [w, this.host.env[w] ?? ''];
        if (eq > 0) this.host.env[name] = value;
        if (exporting) this.exported[name] = value;
      }
      return ok();
    }
    const words = argv.slice(assignments);
    if (words[0] === 'exit') throw new Exit(words[1] === undefined ? this.code : Number(words[1]) || 0);
    if (words[0] === 'cd') {
      const failed = this.changeDirectory(words[1] ?? this.host.env.HOME ?? '/');
      return failed ? { exitCode: this.syntaxCode, stdout: '', stderr: `${failed}\n` } : ok();
    }
    const fs = this.host.fs;
    // The shell opens the file before it runs the command: a read-only mount stops it there.
    const opened = redirect && fs ? redirectWrite(fs, redirect, '', append) : undefined;
    if (opened) return { exitCode: this.syntaxCode, stdout: '', stderr: `${opened}\n` };
    const r = this.host.run(words, stdin, this.exported, false, background);
    if (!r) return { exitCode: 127, stdout: '', stderr: this.host.busybox ? `sh: ${words[0]}: not found\n` : `sh: 1: ${words[0]}: not found\n` };
    if (redirect && fs) {
      redirectWrite(fs, redirect, r.stdout, true);
      return { ...r, stdout: '' };
    }
    return r;
  }

  /**
   * A command's input redirection: a here-document (expanded as a double-quoted word unless its delimiter was
   * quoted; a backslash escapes only $ ` \\ and a newline there), a here-string with its newline, or a file read
   * before the command runs (the shell's error when it cannot be opened).
   */
  private input(input: Input): { text: string } | { error: string } {
    if ('heredoc' in input) {
      const { body, literal } = input.heredoc;
      if (literal) return { text: body };
      return { text: this.word(body.replace(/\\([$`\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch === '$' ? LITERAL_DOLLAR : ch))) };
    }
    if ('word' in input) return { text: `${this.word(input.word)}\n` };
    const path = this.word(input.file);
    const node = this.host.fs && lookup(this.host.fs.root, absolute(this.host.fs, path));
    if (node?.kind === 'file') return { text: node.content ?? '' };
    const why = node ? 'Is a directory' : 'No such file or directory';
    if (this.host.bash) return { error: `bash: ${path}: ${why}` };
    return { error: this.host.busybox ? `sh: can't open '${path}': ${why}` : `sh: 1: cannot open ${path}: ${node ? why : 'No such file'}` };
  }

  /** `2> FILE`: the command's errors go to the file (nowhere for /dev/null); what is left for the terminal. */
  private writeStderr(path: string, text: string): string {
    if (path === '/dev/null' || !this.host.fs) return '';
    const failed = redirectWrite(this.host.fs, path, text, true);
    return failed ? `${failed}\n` : '';
  }

  /**
   * The shell's `cd`: the working directory of the rest of the script (relative paths of file commands and `pwd`).
   * The error text of bash, busybox's ash or dash when the directory is not there; without a file tree any path is taken.
   */
  private changeDirectory(target: string): string | undefined {
    const fs = this.host.fs;
    if (!fs) return undefined;
    const path = `/${splitPath(absolute(fs, target)).join('/')}`;
    const node = lookup(fs.root, path);
    if (node?.kind === 'dir') {
      fs.cwd = path;
      return undefined;
    }
    if (this.host.bash) return `bash: cd: ${target}: ${node ? 'Not a directory' : 'No such file or directory'}`;
    if (!this.host.busybox) return `sh: 1: cd: can't cd to ${target}`;
    return `sh: cd: can't cd to ${target}: ${node ? 'Not a directory' : 'No such file or directory'}`;
  }
}

/** Where `$(…)` substitutions sit in a word (`$((…))` is arithmetic, not one): [start, end) of each. */
function commandSubstitutions(w: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let i = w.indexOf('$('); i >= 0; i = w.indexOf('$(', i)) {
    if (w[i + 2] === '(') { i += 3; continue; }
    let depth = 0;
    let j = i + 1;
    for (; j < w.length; j++) {
      if (w[j] === '(') depth++;
      else if (w[j] === ')' && --depth === 0) break;
    }
    if (j >= w.length) break;
    out.push({ start: i, end: j + 1 });
    i = j + 1;
  }
  return out;
}

export function runExecScript(host: ScriptHost, script: string): ExecResult {
  const run = new ScriptRun(host);
  try {
    run.seq(parseScript(script));
  } catch (e) {
    if (!(e instanceof Exit)) throw e;
    run.code = e.code;
  }
  return { exitCode: run.code, stdout: run.stdout, stderr: run.stderr };
}
