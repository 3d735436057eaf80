// The workstation shell's job control, as bash shows it: `CMD &` prints `[1] 4242`, `jobs` lists
// `[1]+  Running                 CMD &`, `kill %1` signals a job, and a job that ends is reported once as
// `[1]+  Exit 1                  CMD` (Done, Exit N, Terminated, Interrupt, Killed).
// SIMULATION: process ids come from the session's seeded RNG.
import type { SeededRng } from '../sim/rng.ts';

/** Where a job's output goes while something streams it (the page's terminal). */
export interface JobSink {
  out(text: string): void;
  err(text: string): void;
  /** The job ended; nothing more comes. */
  end(): void;
}

export type Signal = 'INT' | 'KILL' | 'TERM';

/** bash's words for a job that ended by a signal. */
const SIGNALLED: Record<Signal, string> = { INT: 'Interrupt', KILL: 'Killed', TERM: 'Terminated' };
const SIGNALS: Record<string, Signal> = { 2: 'INT', INT: 'INT', SIGINT: 'INT', 9: 'KILL', KILL: 'KILL', SIGKILL: 'KILL', 15: 'TERM', TERM: 'TERM', SIGTERM: 'TERM' };

export interface Job {
  readonly id: number;
  readonly pid: number;
  /** The command line as typed, without the `&`. */
  readonly command: string;
  /** Started with `&` (else it holds the prompt of whoever streams it). */
  readonly background: boolean;
  sink?: JobSink;
  /** Deliver a signal; the job ends through `exit` (or ignores it). */
  signal(sig: Signal): void;
}

interface Entry { job: Job; status: string }

export class Jobs {
  private readonly running: Job[] = [];
  private lastPid: number;

  constructor(rng: SeededRng) {
    // A login session's shell has been around a while: its children's ids are somewhere in the low thousands.
    this.lastPid = 2000 + rng.int(30000);
  }

  list(): readonly Job[] { return this.running; }

  /** A new job: the lowest number above the jobs still in the table, a fresh process id. */
  spawn(command: string, background: boolean, signal: (sig: Signal) => void): Job {
    const id = Math.max(0, ...this.running.map((j) => j.id)) + 1;
    this.lastPid += 1 + (this.lastPid % 7);
    const job: Job = { id, pid: this.lastPid, command, background, signal };
    this.running.push(job);
    return job;
  }

  /** The job ended: its notice (`[1]+  Exit 1 …`), and it leaves the table. */
  finish(job: Job, code: number, sig?: Signal): string {
    const line = this.format({ job, status: sig ? SIGNALLED[sig] : code === 0 ? 'Done' : `Exit ${code}` }, false);
    const i = this.running.indexOf(job);
    if (i >= 0) this.running.splice(i, 1);
    return line;
  }

  /** `jobs [-l|-p]`. */
  jobs(args: string[]): { code: number; stdout: string; stderr: string } {
    let long = false, pids = false;
    for (const a of args) {
      if (a === '-l') long = true;
      else if (a === '-p') pids = true;
      else return { code: 2, stdout: '', stderr: `bash: jobs: ${a}: invalid option\njobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n` };
    }
    const lines = this.running.map((job) => (pids ? String(job.pid) : this.format({ job, status: 'Running' }, long)));
    return { code: 0, stdout: lines.map((l) => `${l}\n`).join(''), stderr: '' };
  }

  /** `kill [-s SIG|-SIG] %N|%%|%+|%-|PID …`: signals the jobs; the notices of those that ended come back. */
  kill(args: string[]): { code: number; stderr: string } {
    let sig: Signal = 'TERM';
    const targets: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const named = a === '-s' || a === '-n' ? args[++i] : /^-\w+$/.test(a) ? a.slice(1) : undefined;
      if (named !== undefined) {
        const s = SIGNALS[named.toUpperCase()];
        if (!s) return { code: 1, stderr: `bash: kill: ${named}: invalid signal specification\n` };
        sig = s;
      } else targets.push(a);
    }
    if (!targets.length) return { code: 2, stderr: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n' };
    const errors: string[] = [];
    for (const t of targets) {
      const job = this.find(t);
      if (typeof job === 'string') errors.push(job);
      else job.signal(sig);
    }
    return { code: errors.length ? 1 : 0, stderr: errors.map((e) => `${e}\n`).join('') };
  }

  private find(spec: string): Job | string {
    if (spec.startsWith('%')) {
      const rest = spec.slice(1);
      const byOrder = [...this.running].sort((a, b) => a.id - b.id);
      const job = rest === '%' || rest === '+' || rest === '' ? byOrder[byOrder.length - 1] : rest === '-' ? byOrder[byOrder.length - 2] ?? byOrder[byOrder.length - 1] : /^\d+$/.test(rest) ? this.running.find((j) => j.id === Number(rest)) : undefined;
      return job ?? `bash: kill: ${spec}: no such job`;
    }
    if (!/^\d+$/.test(spec)) return `bash: kill: ${spec}: arguments must be process or job IDs`;
    return this.running.find((j) => j.pid === Number(spec)) ?? `bash: kill: (${spec}) - No such process`;
  }

  /** `[1]+  Running                 CMD &`: + marks the newest job, - the one before. */
  private format(e: Entry, long: boolean): string {
    const ids = this.running.map((j) => j.id).sort((a, b) => a - b);
    const at = ids.indexOf(e.job.id);
    const mark = at < 0 ? ' ' : at === ids.length - 1 ? '+' : at === ids.length - 2 ? '-' : ' ';
    const running = e.status === 'Running';
    return `[${e.job.id}]${mark} ${long ? `${e.job.pid} ` : ' '}${e.status.padEnd(24)}${e.job.command}${running ? ' &' : ''}`;
  }
}
