// `kubectl exec -it POD -- sh` in the page: the terminal becomes the container's shell. Each line runs as
// `kubectl exec … -- SHELL -c 'cd CWD && LINE'`, so everything a command does goes through the engine's exec (its
// files, tools and network); the session keeps the working directory between lines, as a shell does.
// Simplifications: a `cd` counts only as a command of its own (inside a list it lasts for that line); the prompt
// is bash's for bash and busybox ash's for any other shell (dash's would be a bare "# "); no job control.

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

/** The kubectl line that runs `script` in the session's shell, from its working directory. */
export function sessionCommand(s: Pick<ShellSession, 'target' | 'shell' | 'cwd'>, script: string): string {
  return `kubectl ${s.target.join(' ')} -- ${s.shell} -c ${shellQuote(`cd ${shellQuote(s.cwd)} && ${script}`)}`;
}

/** What the shell shows before each line. */
export function shellPrompt(s: ShellSession): string {
  if (s.shell.endsWith('bash')) return `root@${s.hostname}:${s.cwd === '/root' ? '~' : s.cwd}# `;
  return `${s.cwd === '/root' ? '~' : s.cwd} # `;
}

/** What a line typed in the session is: leave it, change directory, or run. */
export function sessionLine(line: string): { kind: 'exit' } | { kind: 'cd'; script: string } | { kind: 'run' } | { kind: 'empty' } {
  const l = line.trim();
  if (!l) return { kind: 'empty' };
  if (/^exit(\s+\d+)?$/.test(l) || l === 'logout') return { kind: 'exit' };
  const cd = /^cd(?:\s+(\S+))?$/.exec(l);
  // The shell's own cd, then pwd: its output is the new working directory. `cd` and `cd ~` go home.
  if (cd) return { kind: 'cd', script: `${!cd[1] || cd[1] === '~' ? 'cd' : `cd ${shellQuote(cd[1])}`} && pwd` };
  return { kind: 'run' };
}

/** kubectl's closing "command terminated with exit code N": a shell session shows no such line per command. */
export function withoutExitLine(stderr: string): string {
  return stderr.replace(/command terminated with exit code \d+\n?$/, '');
}
