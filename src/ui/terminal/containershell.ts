// `kubectl exec -it POD -- sh` in the page: the terminal becomes the container's shell. Each line runs as
// `kubectl exec … -- SHELL -c 'cd CWD && { LINE\n}; …; pwd'`, so everything a command does goes through the
// engine's exec (its files, tools and network), and the shell's own `pwd` at the end (after a marker line the
// session strips) is the working directory for the next line, wherever in the line a `cd` was. A here-document's
// lines (gathered by the terminal until the delimiter, continuation.ts) are one such line: `}` follows the delimiter.
// Simplifications: the prompt is bash's for bash and busybox ash's for any other shell (dash's would be a bare
// "# "); an `exit` inside a longer line ends that line, not the session; no job control.

/** A shell open in a container. `target`: the exec arguments that name it (pod, -c, -n …), without -i/-t. */
export interface ShellSession { target: string[]; shell: string; hostname: string; cwd: string }

const SHELLS = new Set(['sh', 'bash', 'ash', '/bin/sh', '/bin/bash', '/bin/ash', '/usr/bin/bash']);

/** The session a line asks for: `kubectl exec` with stdin and a TTY (-it, -ti, -i -t, --stdin --tty) running a shell. */
export function interactiveExec(line: string): { target: string[]; shell: string } | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'kubectl' && words[0] !== 'k') return undefined;
  const dash = words.indexOf('--');
  if (dash < 0 || dash !== words.length - 2 || !SHELLS.has(words[dash + 1])) return undefined;
  const before = words.slice(1, dash);
  if (!before.includes('exec')) return undefined;
  let stdin = false;
  let tty = false;
  const target: string[] = [];
  for (const w of before) {
    if (/^-[a-zA-Z]+$/.test(w) && /^-[it]+$/.test(w)) {
      stdin ||= w.includes('i');
      tty ||= w.includes('t');
      continue;
    }
    if (w === '--stdin' || w === '--stdin=true') { stdin = true; continue; }
    if (w === '--tty' || w === '--tty=true') { tty = true; continue; }
    target.push(w);
  }
  return stdin && tty ? { target, shell: words[dash + 1] } : undefined;
}

/** Single quotes for sh: the text taken literally. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The line the session prints after a command, before the working directory it then has (stripped again). */
const CWD_MARK = '__kubesim_cwd__';

/**
 * The kubectl line that runs `line` in the session's shell, from its working directory, ending with that directory;
 * the line's exit code is kept as the shell's own (`exit $rc`).
 */
export function sessionCommand(s: Pick<ShellSession, 'target' | 'shell' | 'cwd'>, line: string): string {
  const script = `cd ${shellQuote(s.cwd)} && {\n${line}\n}; rc=$?; echo; echo ${CWD_MARK}; pwd; exit $rc`;
  return `kubectl ${s.target.join(' ')} -- ${s.shell} -c ${shellQuote(script)}`;
}

/** A session command's output split into what the line printed and the working directory after it (if it got there). */
export function sessionOutput(stdout: string): { stdout: string; cwd?: string } {
  const at = stdout.lastIndexOf(`\n${CWD_MARK}\n`);
  if (at < 0) return { stdout };
  // The echo before the marker ends a last line printed without a newline; a line that did end adds an empty one.
  const printed = stdout.slice(0, at);
  return { stdout: !printed || printed.endsWith('\n') ? printed : `${printed}\n`, cwd: stdout.slice(at + CWD_MARK.length + 2).trim() };
}

/** What the shell shows before each line. */
export function shellPrompt(s: ShellSession): string {
  if (s.shell.endsWith('bash')) return `root@${s.hostname}:${s.cwd === '/root' ? '~' : s.cwd}# `;
  return `${s.cwd === '/root' ? '~' : s.cwd} # `;
}

/** What a line typed in the session is: leave it, or run. */
export function sessionLine(line: string): 'exit' | 'run' | 'empty' {
  const l = line.trim();
  if (!l) return 'empty';
  return /^exit(\s+\d+)?$/.test(l) || l === 'logout' ? 'exit' : 'run';
}

/** kubectl's closing "command terminated with exit code N": a shell session shows no such line per command. */
export function withoutExitLine(stderr: string): string {
  return stderr.replace(/command terminated with exit code \d+\n?$/, '');
}
