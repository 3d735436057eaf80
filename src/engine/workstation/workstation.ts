// The learner's workstation: the machine kubectl runs on. It owns what a laptop's shell session would: the
// sockets `kubectl port-forward` listens on, the shell's jobs (`CMD &`, `jobs`, `kill %N`) and a `curl` and
// `wget` that reach the forwards on localhost (the containers' own tools, run with this machine's network).
// Nothing here is saved: forwards and jobs are client processes, so a reload (or a restored snapshot) starts a new
// session without them, as closing a terminal would.
import type { Pod } from 'kubernetes-types/core/v1';
import type { Store } from '../apiserver/store.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import type { PortForwardHost } from '../kubectl/commands/portforward/index.ts';
import type { PortForward } from '../kubectl/commands/portforward/forward.ts';
import { joinHostPort, type ListenAddress } from '../kubectl/commands/portforward/ports.ts';
import { curl } from '../node/runtime/nettools/curl.ts';
import { wget } from '../node/runtime/nettools/wget.ts';
import type { ConnectReply } from '../node/runtime/nettools/probe.ts';
import { Jobs, type Job, type JobSink, type Signal } from './jobs.ts';
import { workstationProbe } from './probe.ts';
import { WorkstationShell } from './shell.ts';

export interface WorkstationDeps {
  store: Store;
  clock: SimClock;
  rng: SeededRng;
  /** A connection from outside the cluster to a node's address, or undefined when the address is no node's. */
  node(ip: string, port: number, path: string, headers?: Record<string, string>): ConnectReply | undefined;
}

export interface CommandResult { code: number; stdout: string; stderr: string }

/** What a command printed that is not its own: jobs' lines and their end notices. */
interface Printed { out: string[]; err: string[]; notices: string[] }
const nothing = (): Printed => ({ out: [], err: [], notices: [] });
const lines = (l: string[]) => l.map((x) => `${x}\n`).join('');

/** The programs the workstation's shell runs itself (kubectl and sim are the cluster's). */
export const WORKSTATION_PROGRAMS: readonly string[] = ['curl', 'wget', 'jobs', 'kill'];
const PROGRAMS = new Set(WORKSTATION_PROGRAMS);
/** What a command line may start with, in the words of the terminal's error for anything else. */
export const COMMANDS_HINT = `commands start with "kubectl", "helm", "argocd" or "sim", or are the workstation's shell commands (${WORKSTATION_PROGRAMS.join(', ')}, echo, grep, wc, base64 …)`;

/** Linux's ephemeral port range (net.ipv4.ip_local_port_range), where a listen on port 0 lands. */
const EPHEMERAL = { from: 32768, to: 60999 };

/** What a caller that cannot hold its prompt (headless exec) is told when a forward starts in the foreground. */
export const FORWARD_HEADLESS_NOTE = (job: number) =>
  `port-forward: this caller cannot hold the prompt (exec returns at once), so the forward runs on as job [${job}]: \`jobs\` lists it, \`kill %${job}\` stops it`;

export class Workstation {
  /** The shell the user's lines run in: its variables last for the session. */
  readonly shell: WorkstationShell;
  private readonly jobs: Jobs;
  private readonly ports: SeededRng;
  /** Listening sockets, by "ADDRESS PORT". */
  private readonly sockets = new Map<string, PortForward>();
  private readonly forwards = new Map<PortForward, Job>();
  private unwatch: (() => void) | undefined;
  /** Output of background jobs during the user's command line being run (it shows with that command's output). */
  private capture: Printed | undefined;
  /** Output of background jobs nobody streams, printed with the next command's output (bash prints it at the prompt). */
  private pending = nothing();

  constructor(private readonly deps: WorkstationDeps) {
    this.jobs = new Jobs(deps.rng.fork('pids'));
    this.shell = new WorkstationShell(deps.rng.fork('openssl'));
    this.ports = deps.rng.fork('ports');
  }

  /** `CMD &`: the command and whether it runs in the background (a trailing `&`, not `&&`). */
  static background(line: string): { line: string; background: boolean } {
    const m = /^(.*?)\s*(?<!&)&\s*$/.exec(line);
    return m && m[1].trim() ? { line: m[1].trim(), background: true } : { line: line.trim(), background: false };
  }

  runs(program: string | undefined): boolean { return program !== undefined && PROGRAMS.has(program); }

  /** curl, wget, jobs or kill. */
  exec(argv: string[]): CommandResult {
    const [program, ...args] = argv;
    switch (program) {
      case 'jobs': return this.jobs.jobs(args);
      case 'kill': return { ...this.jobs.kill(args), stdout: '' };
      default: {
        const probe = workstationProbe({ now: this.deps.clock.now(), loopback: (a, p) => this.connect(a, p), node: this.deps.node });
        const r = program === 'wget' ? wget(probe, args) : curl(probe, args);
        return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
      }
    }
  }

  /**
   * Run one of the user's command lines: what background jobs print meanwhile joins its output (before it, as
   * the connection comes before the answer), and their end notices follow it, as bash prints them at the next prompt.
   */
  session<R extends CommandResult>(run: () => R): R {
    const outer = this.capture;
    const printed = nothing();
    this.capture = printed;
    let r: R;
    try {
      r = run();
    } finally {
      this.capture = outer;
    }
    if (outer) return r;
    const before = this.pending;
    this.pending = nothing();
    return {
      ...r,
      stdout: lines([...before.out, ...before.notices, ...printed.out]) + r.stdout + lines(printed.notices),
      stderr: lines([...before.err, ...printed.err]) + r.stderr,
    };
  }

  /**
   * The host one kubectl command line runs on. `started` tells whether a forward started (and became a job);
   * `sink` streams its later output (the page), else it prints with later commands.
   */
  host(command: string, background: boolean, sink: JobSink | undefined): PortForwardHost & { started?: Job } {
    const host: PortForwardHost & { started?: Job } = {
      listen: (forward, address, port) => this.listen(forward, address, port),
      release: (forward) => this.release(forward),
      start: (forward) => { host.started = this.start(forward, command, background || !sink, sink); },
    };
    return host;
  }

  /** `CMD &` for a command that is no forward: it ran to its end at once (`[1] 4242`, its output, `[1]+  Done …`). */
  finished(command: string, r: CommandResult): CommandResult {
    const job = this.jobs.spawn(command, true, () => undefined);
    const notice = this.jobs.finish(job, r.code);
    return { code: 0, stdout: `[${job.id}] ${job.pid}\n${r.stdout}${notice}\n`, stderr: r.stderr };
  }

  private start(forward: PortForward, command: string, background: boolean, sink: JobSink | undefined): Job {
    let signalled: Signal | undefined;
    const job = this.jobs.spawn(command, background, (sig) => {
      signalled = sig;
      // kubectl stops cleanly on an interrupt (exit 0); other signals end the process.
      forward.stop(sig === 'INT' ? 0 : sig === 'KILL' ? 137 : 143);
    });
    job.sink = sink;
    this.forwards.set(forward, job);
    this.unwatch ??= this.deps.store.watchAll((e) => {
      if (e.object.kind !== 'Pod') return;
      const phase = (e.object as Pod).status?.phase;
      if (e.type !== 'DELETED' && phase !== 'Succeeded' && phase !== 'Failed') return;
      for (const f of [...this.forwards.keys()]) if (f.pod.uid === e.object.metadata.uid) f.lost();
    });
    forward.run({
      pid: job.pid,
      out: (l) => this.print(job, 'out', l),
      err: (l) => this.print(job, 'err', l),
      exit: (code) => this.exited(job, code, signalled === 'INT' ? undefined : signalled),
    });
    return job;
  }

  /** A streaming caller stopped (Ctrl+C on the page): the job is interrupted without a notice. */
  interrupt(job: Job): void {
    job.sink = undefined;
    job.signal('INT');
  }

  private print(job: Job, stream: 'out' | 'err', text: string): void {
    if (job.sink && !job.background) job.sink[stream](`${text}\n`);
    else if (this.capture) this.capture[stream].push(text);
    else if (job.sink) job.sink[stream](`${text}\n`);
    else this.pending[stream].push(text);
  }

  private exited(job: Job, code: number, sig: Signal | undefined): void {
    const notice = this.jobs.finish(job, code, sig);
    const sink = job.sink;
    if (job.background) {
      if (this.capture) this.capture.notices.push(notice);
      else if (sink) sink.out(`${notice}\n`);
      else this.pending.notices.push(notice);
    }
    sink?.end();
  }

  private listen(forward: PortForward, a: ListenAddress, port: number): number | { error: string } {
    const own = a.protocol === 'tcp4' ? /^127\./.test(a.address) || a.address === '0.0.0.0' : a.address === '::1' || a.address === '::';
    if (!own) return { error: `listen ${a.protocol} ${joinHostPort(a.address, port)}: bind: cannot assign requested address` };
    const wildcard = a.protocol === 'tcp4' ? '0.0.0.0' : '::';
    const taken = (p: number) => this.sockets.has(`${a.address} ${p}`) || this.sockets.has(`${wildcard} ${p}`) ||
      (a.address === wildcard && [...this.sockets.keys()].some((k) => k.endsWith(` ${p}`) && k.includes(':') === (a.protocol === 'tcp6')));
    let bound = port;
    while (bound === 0) {
      const p = EPHEMERAL.from + this.ports.int(EPHEMERAL.to - EPHEMERAL.from + 1);
      if (!taken(p)) bound = p;
    }
    if (taken(bound)) return { error: `listen ${a.protocol} ${joinHostPort(a.address, bound)}: bind: address already in use` };
    this.sockets.set(`${a.address} ${bound}`, forward);
    return bound;
  }

  private release(forward: PortForward): void {
    for (const [k, f] of this.sockets) if (f === forward) this.sockets.delete(k);
    this.forwards.delete(forward);
    if (!this.forwards.size) {
      this.unwatch?.();
      this.unwatch = undefined;
    }
  }

  /** A connection to a loopback address: the forward listening there (or on the wildcard address) accepts it. */
  private connect(address: '127.0.0.1' | '::1', port: number): ConnectReply | undefined {
    const f = this.sockets.get(`${address} ${port}`) ?? this.sockets.get(`${address === '::1' ? '::' : '0.0.0.0'} ${port}`);
    if (!f) return undefined;
    const c = f.accept(port);
    return c.kind === 'connected' ? { kind: 'connected', ip: address, pod: c.pod, port: c.port } : { kind: 'closed', ip: address };
  }
}
