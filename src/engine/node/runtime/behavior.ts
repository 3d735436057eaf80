// How simulated containers behave. SIMULATION: nothing runs in kubesim; this file is the one convention that
// decides what a container's process does, and users rely on it. It reads the container's image,
// command/args and env, and the pod annotation `kubesim.io/behavior`.
//
// 1. The process, from command and args (Kubernetes joins them: command replaces the image's ENTRYPOINT,
//    args its CMD; `$(VAR)` expands from the container's env, `$$` is a literal `$`):
//    - `sleep N` (seconds, or Ns/Nm/Nh/Nd) exits 0 after N; `sleep infinity` never exits.
//    - `sh -c SCRIPT` (also /bin/sh, bash, ash, `-ec`) runs a tiny shell (see shell.ts): `echo` lines go to the
//      log, `sleep` takes time, `exit N` ends with code N ("echo hi; exit 3" logs "hi" and exits 3), the last
//      command's status is the exit code otherwise, `while true; do …; sleep 5; done` loops for ever, a loop on a
//      network tool (`until nslookup db; do sleep 2; done`) waits until the pod network answers it, `touch`
//      and `rm` manage files that exec probes (`cat FILE`, `test -f FILE`, `ls FILE`) can look at.
//    - `true` exits 0, `false` exits 1, `echo …` prints and exits 0.
//    - `istio-iptables …` (Istio's istio-init, image istio/proxyv2) writes its redirect rules and exits 0.
//    - Any other program (python app.py, /server, nginx -g "daemon off;") runs until it is stopped.
//    Without command and args the image decides:
//    - Servers run until stopped and print start-up lines like the real image: nginx, httpd, redis,
//      postgres, mysql, registry.k8s.io/e2e-test-images/agnhost. postgres exits 1 without POSTGRES_PASSWORD
//      (or POSTGRES_HOST_AUTH_METHOD=trust), mysql without MYSQL_ROOT_PASSWORD (or MYSQL_ALLOW_EMPTY_PASSWORD,
//      MYSQL_RANDOM_ROOT_PASSWORD), as the real images do.
//    - busybox, alpine, ubuntu, debian, python and node start a shell or REPL without a terminal: they exit 0
//      at once (so a bare `busybox` Deployment crash-loops with Completed, as it does on a real cluster). With
//      `stdin: true` (kubectl run -i, kubectl debug -i) the shell waits on its open stdin and runs until stopped.
//    - Any other image runs until stopped.
// 2. Stopping: servers exit 0 shortly after SIGTERM (SIGQUIT for nginx). A shell or `sleep` running as PID 1
//    ignores SIGTERM (unless the script has a `trap … TERM`), so it is SIGKILLed (exit 137) when the grace
//    period ends. Other programs exit 0 one second after SIGTERM.
// 3. Resources: every image has a small idle use (nginx about 1m CPU and 4Mi memory). Memory above the
//    container's memory limit is OOMKilled (exit 137); CPU above its cpu limit is throttled, never killed.
// 4. Probes: exec, httpGet, tcpSocket and grpc probes succeed while the container runs, except exec probes
//    that look at a file the script manages (see above), and except what the annotation says.
//
// The annotation `kubesim.io/behavior` overrides per container. Grammar (spaces are ignored):
//
//   behavior := entry { ";" entry }
//   entry    := CONTAINER ":" setting { "," setting }     CONTAINER is a container name, or * for all of them
//   setting  := "exit-after=" DURATION                    the process exits after DURATION with code 0 …
//             | "code=" INTEGER                           … or this code (also replaces the command's own code)
//             | "crash-after=" DURATION                   the process exits with code 1 after DURATION
//             | "memory=" QUANTITY                        steady memory use, e.g. memory=300Mi
//             | "memory=grow:" QUANTITY "/s"              memory use grows this much per second from the start
//             | "cpu=" QUANTITY                           CPU demand, e.g. cpu=750m or cpu=2
//             | "disk=" QUANTITY                          what the process writes to its writable layer, e.g. disk=2Gi
//             | "disk=grow:" QUANTITY "/s"                … or writes this much per second from the start
//             | PROBE "=" OUTCOME                         PROBE is liveness, readiness or startup
//             | "stop=" (DURATION | "ignore")             time to exit after SIGTERM; ignore waits for SIGKILL
//   OUTCOME  := "fail" | "pass" | "fail-after=" DURATION | "pass-after=" DURATION   (time since container start)
//   DURATION := 500ms, 30s, 5m, 1h30m (a bare number is seconds)
//
//   kubesim.io/behavior: "app: exit-after=30s,code=1; sidecar: crash-after=10s; worker: memory=grow:50Mi/s; web: cpu=750m"
//   kubesim.io/behavior: "web: readiness=fail-after=60s; api: liveness=fail"
//
// A mistake in the annotation does not stop the pod: the kubelet reports it as a Warning event
// (reason InvalidBehavior) and the container runs with the settings that were understood.
import type { Container } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../api/object.ts';
import { Quantity, QuantityError } from '../../api/quantity.ts';
import { parseDuration } from '../../sim/clock.ts';
import { shortRepository } from './images.ts';
import { runScript, type Timeline, type TimelineEvent } from './shell.ts';

export const BEHAVIOR_ANNOTATION = 'kubesim.io/behavior';

export type ProbeType = 'liveness' | 'readiness' | 'startup';

/** A probe fails while the container's age is in [from, until). */
export interface ProbeOutcome { from: number; until: number }

export type StopBehavior = { ms: number; code: number } | 'ignore';

/** What the annotation says about one container. */
export interface BehaviorSettings {
  exitAfterMs?: number;
  code?: number;
  memoryBytes?: number;
  memoryGrowPerSec?: number;
  cpuMilli?: number;
  diskBytes?: number;
  diskGrowPerSec?: number;
  probes?: Partial<Record<ProbeType, ProbeOutcome>>;
  stop?: StopBehavior;
}

/** Everything the simulated runtime needs to run one container. */
export interface ContainerBehavior {
  timeline: Timeline;
  /** The image's server, when the process is that server (for its log lines). */
  server?: ServerKind;
  memoryBytes: number;
  memoryGrowPerSec: number;
  cpuMilli: number;
  /** Whether memory and cpu came from the annotation (the runtime varies idle use a little otherwise). */
  explicitUsage: boolean;
  /** SIMULATION: bytes in the container's writable layer, and their growth per second while it runs (default none). */
  diskBytes?: number;
  diskGrowPerSec?: number;
  probes: Partial<Record<ProbeType, ProbeOutcome>>;
  stop: StopBehavior;
}

export type ServerKind = 'nginx' | 'httpd' | 'redis' | 'postgres' | 'mysql' | 'agnhost';

interface ImageProfile { server?: ServerKind; binary?: string; shell?: boolean; cpuMilli: number; memoryMi: number; stopMs: number }

const MI = 1024 * 1024;
/** SIMULATION: idle use and stop time of the images the convention knows. */
const profiles: Record<string, ImageProfile> = {
  nginx: { server: 'nginx', binary: 'nginx', cpuMilli: 1, memoryMi: 4, stopMs: 200 },
  httpd: { server: 'httpd', binary: 'httpd-foreground', cpuMilli: 1, memoryMi: 8, stopMs: 300 },
  redis: { server: 'redis', binary: 'redis-server', cpuMilli: 2, memoryMi: 4, stopMs: 200 },
  postgres: { server: 'postgres', binary: 'postgres', cpuMilli: 3, memoryMi: 32, stopMs: 500 },
  mysql: { server: 'mysql', binary: 'mysqld', cpuMilli: 5, memoryMi: 380, stopMs: 1500 },
  'registry.k8s.io/e2e-test-images/agnhost': { server: 'agnhost', binary: 'agnhost', cpuMilli: 1, memoryMi: 10, stopMs: 100 },
  busybox: { shell: true, cpuMilli: 0, memoryMi: 0.3, stopMs: 0 },
  'registry.k8s.io/busybox': { shell: true, cpuMilli: 0, memoryMi: 0.3, stopMs: 0 },
  alpine: { shell: true, cpuMilli: 0, memoryMi: 0.4, stopMs: 0 },
  ubuntu: { shell: true, cpuMilli: 0, memoryMi: 0.6, stopMs: 0 },
  debian: { shell: true, cpuMilli: 0, memoryMi: 0.6, stopMs: 0 },
  python: { shell: true, cpuMilli: 0, memoryMi: 9, stopMs: 0 },
  node: { shell: true, cpuMilli: 0, memoryMi: 40, stopMs: 0 },
};
const UNKNOWN: ImageProfile = { cpuMilli: 1, memoryMi: 20, stopMs: 1000 };
/** A shell script or `sleep` as PID 1. */
const SCRIPT_USAGE = { cpuMilli: 0, memoryMi: 0.3 };
/** A loop that never sleeps keeps a core busy. */
const BUSY_LOOP_MILLI = 1000;

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh']);

/** Programs that do one thing and exit 0 (after 100 ms), with what they log. */
const ONE_SHOT: Record<string, string[]> = {
  'istio-iptables': ['* nat', '-N ISTIO_INBOUND', '-N ISTIO_REDIRECT', '-N ISTIO_IN_REDIRECT', '-N ISTIO_OUTPUT', '-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT', '-A ISTIO_IN_REDIRECT -p tcp -j REDIRECT --to-ports 15006', '-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001', 'COMMIT'],
};

// ---- the annotation ----

export interface ParsedBehavior { settings: ReadonlyMap<string, BehaviorSettings>; errors: readonly string[] }

/** Parse the annotation; containerNames are the pod's containers (init containers included). */
export function parseBehavior(text: string | undefined, containerNames: string[]): ParsedBehavior {
  const settings = new Map<string, BehaviorSettings>();
  const errors: string[] = [];
  if (!text?.trim()) return { settings, errors };
  for (const rawEntry of text.split(';')) {
    const entry = rawEntry.trim();
    if (!entry) continue;
    const colon = entry.indexOf(':');
    if (colon < 0) { errors.push(`"${entry}": expected CONTAINER: setting,…`); continue; }
    const name = entry.slice(0, colon).trim();
    const targets = name === '*' ? containerNames : [name];
    if (name !== '*' && !containerNames.includes(name)) {
      errors.push(`"${name}" is not a container of this pod (containers: ${containerNames.join(', ')})`);
      continue;
    }
    const s: BehaviorSettings = {};
    for (const rawSetting of entry.slice(colon + 1).split(',')) {
      const setting = rawSetting.replace(/\s+/g, '');
      if (!setting) continue;
      try {
        applySetting(s, setting);
      } catch (e) {
        errors.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    for (const t of targets) settings.set(t, { ...settings.get(t), ...s, probes: { ...settings.get(t)?.probes, ...s.probes } });
  }
  return { settings, errors };
}

const KEYS = 'exit-after, code, crash-after, memory, cpu, disk, liveness, readiness, startup, stop';

function applySetting(s: BehaviorSettings, setting: string): void {
  const eq = setting.indexOf('=');
  if (eq < 0) throw new Error(`"${setting}": expected KEY=VALUE (keys: ${KEYS})`);
  const key = setting.slice(0, eq);
  const value = setting.slice(eq + 1);
  switch (key) {
    case 'exit-after': s.exitAfterMs = duration(value); return;
    case 'crash-after': s.exitAfterMs = duration(value); s.code ??= 1; return;
    case 'code': {
      if (!/^\d{1,3}$/.test(value) || Number(value) > 255) throw new Error(`code "${value}": expected an exit code from 0 to 255`);
      s.code = Number(value);
      return;
    }
    case 'memory': {
      const grow = /^grow:(.+)\/s$/.exec(value);
      if (grow) s.memoryGrowPerSec = quantity(grow[1], 'memory').value();
      else s.memoryBytes = quantity(value, 'memory').value();
      return;
    }
    case 'cpu': s.cpuMilli = quantity(value, 'cpu').milliValue(); return;
    case 'disk': {
      const grow = /^grow:(.+)\/s$/.exec(value);
      if (grow) s.diskGrowPerSec = quantity(grow[1], 'disk').value();
      else s.diskBytes = quantity(value, 'disk').value();
      return;
    }
    case 'liveness': case 'readiness': case 'startup': {
      s.probes = { ...s.probes, [key]: outcome(value) };
      return;
    }
    case 'stop': s.stop = value === 'ignore' ? 'ignore' : { ms: duration(value), code: 0 }; return;
    default: throw new Error(`unknown setting "${key}" (keys: ${KEYS})`);
  }
}

function outcome(value: string): ProbeOutcome {
  if (value === 'fail') return { from: 0, until: Infinity };
  if (value === 'pass') return { from: Infinity, until: Infinity };
  const m = /^(fail|pass)-after=(.+)$/.exec(value);
  if (!m) throw new Error(`probe outcome "${value}": expected fail, pass, fail-after=DURATION or pass-after=DURATION`);
  const at = duration(m[2]);
  return m[1] === 'fail' ? { from: at, until: Infinity } : { from: 0, until: at };
}

function duration(text: string): number {
  try {
    return parseDuration(text);
  } catch {
    throw new Error(`duration "${text}": expected e.g. 500ms, 30s, 5m or 1h30m`);
  }
}

function quantity(text: string, what: string): Quantity {
  try {
    return Quantity.parse(text);
  } catch (e) {
    if (e instanceof QuantityError) throw new Error(`${what} "${text}": ${e.message}`);
    throw e;
  }
}

// ---- the process ----

/** The container's literal env values (valueFrom is resolved elsewhere or not at all). */
function envOf(c: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of c.env ?? []) if (e.value !== undefined) env[e.name] = e.value;
  return env;
}

/** Kubernetes' $(VAR) expansion of command and args ($$ escapes; unknown references stay as written). */
function expandK8sVars(s: string, env: Record<string, string>): string {
  return s.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (m, name?: string) => (m === '$$' ? '$' : env[name!] ?? m));
}

const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;

/**
 * A stored (frozen) container's behaviour without settings, built once: a Deployment's pods share their container
 * specs (apiserver/intern.ts), so one ContainerBehavior serves them all. Frozen, since every holder shares it.
 */
const defaultBehaviors = new WeakMap<Container, ContainerBehavior>();

/** The behaviour of container `c` under the annotation's settings for it. */
export function containerBehavior(c: Container, settings?: BehaviorSettings): ContainerBehavior {
  if (settings !== undefined || !Object.isFrozen(c)) return buildBehavior(c, settings ?? {});
  let b = defaultBehaviors.get(c);
  if (!b) defaultBehaviors.set(c, (b = deepFreeze(buildBehavior(c, {}))));
  return b;
}

function buildBehavior(c: Container, settings: BehaviorSettings): ContainerBehavior {
  const env = envOf(c);
  const profile = profiles[shortRepository(c.image ?? '')] ?? UNKNOWN;
  const argv = c.command?.length ? [...c.command, ...(c.args ?? [])] : c.args?.length ? c.args : undefined;
  let timeline: Timeline;
  let server: ServerKind | undefined;
  let usage = { cpuMilli: profile.cpuMilli, memoryMi: profile.memoryMi };
  let stop: StopBehavior = { ms: profile.stopMs, code: 0 };
  if (!argv || (!c.command?.length && profile.server && argv[0].startsWith('-'))) {
    // The image's own entrypoint.
    timeline = imageDefault(profile, env, !!c.stdin);
    server = timeline.end.kind === 'forever' ? profile.server : undefined;
  } else {
    const words = argv.map((a) => expandK8sVars(a, env));
    const prog = words[0].slice(words[0].lastIndexOf('/') + 1);
    const script = SHELLS.has(prog) && /^-[a-z]*c[a-z]*$/.test(words[1] ?? '') ? words[2] ?? '' : words.map(quote).join(' ');
    const oneShot = ONE_SHOT[prog];
    timeline = oneShot ? { events: oneShot.map((text) => ({ at: 100, kind: 'log' as const, text, env: {} })), end: { kind: 'exit', at: 100, code: 0 } } : runScript(script, env);
    const end = timeline.end;
    if (end.kind === 'forever' && end.serve && end.serve === profile.binary) server = profile.server;
    else if (end.kind === 'forever' && end.serve) usage = UNKNOWN;
    else usage = SCRIPT_USAGE;
    const pid1Shell = SHELLS.has(prog) || prog === 'sleep';
    if (server) stop = { ms: profile.stopMs, code: 0 };
    else if (pid1Shell && !/\btrap\b[^;\n]*\b(TERM|SIGTERM|15)\b/.test(script)) stop = 'ignore';
    else stop = { ms: end.kind === 'forever' && end.serve ? UNKNOWN.stopMs : 0, code: 0 };
  }
  if (timeline.end.kind === 'forever' && timeline.end.busy) usage = { ...usage, cpuMilli: BUSY_LOOP_MILLI };
  if (settings.exitAfterMs !== undefined) {
    const end = timeline.end;
    const ownExit = end.kind === 'exit' ? end.at : Infinity;
    if (settings.exitAfterMs < ownExit) {
      const at = settings.exitAfterMs;
      const code = settings.code ?? 0;
      const note: TimelineEvent = { at, kind: 'log', text: `kubesim: ${BEHAVIOR_ANNOTATION} ends the process after ${formatMs(at)} with exit code ${code}`, env: {} };
      timeline = { events: [...timeline.events.filter((e) => e.at <= at), note], end: { kind: 'exit', at, code } };
    }
  }
  if (settings.code !== undefined && timeline.end.kind === 'exit') timeline = { ...timeline, end: { ...timeline.end, code: settings.code } };
  return {
    timeline,
    server,
    memoryBytes: settings.memoryBytes ?? Math.round(usage.memoryMi * MI),
    memoryGrowPerSec: settings.memoryGrowPerSec ?? 0,
    cpuMilli: settings.cpuMilli ?? usage.cpuMilli,
    explicitUsage: settings.memoryBytes !== undefined || settings.memoryGrowPerSec !== undefined || settings.cpuMilli !== undefined,
    probes: settings.probes ?? {},
    stop: settings.stop ?? stop,
    ...(settings.diskBytes !== undefined ? { diskBytes: settings.diskBytes } : {}),
    ...(settings.diskGrowPerSec !== undefined ? { diskGrowPerSec: settings.diskGrowPerSec } : {}),
  };
}

function formatMs(ms: number): string {
  return ms % 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

/** What an image does with no command or args. */
function imageDefault(profile: ImageProfile, env: Record<string, string>, stdin: boolean): Timeline {
  if (profile.shell) return { events: [], end: stdin ? { kind: 'forever', at: 0, busy: false } : { kind: 'exit', at: 0, code: 0 } };
  if (profile.server === 'postgres' && !env.POSTGRES_PASSWORD && env.POSTGRES_HOST_AUTH_METHOD !== 'trust') {
    return exitWithLines(POSTGRES_NO_PASSWORD);
  }
  if (profile.server === 'mysql' && !env.MYSQL_ROOT_PASSWORD && !env.MYSQL_ALLOW_EMPTY_PASSWORD && !env.MYSQL_RANDOM_ROOT_PASSWORD) {
    return exitWithLines(MYSQL_NO_PASSWORD);
  }
  return { events: [], end: { kind: 'forever', at: 0, busy: false, serve: profile.binary } };
}

function exitWithLines(lines: string[]): Timeline {
  const at = 50;
  return { events: lines.map((text) => ({ at, kind: 'log' as const, text, env: {} })), end: { kind: 'exit', at, code: 1 } };
}

const POSTGRES_NO_PASSWORD = [
  'Error: Database is uninitialized and superuser password is not specified.',
  '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
  '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
  '',
  '       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
  '       connections without a password. This is *not* recommended.',
  '',
  '       See PostgreSQL documentation about "trust":',
  '       https://www.postgresql.org/docs/current/auth-trust.html',
];

const MYSQL_NO_PASSWORD = [
  "$(date '+%F %T+00:00') [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified",
  '    You need to specify one of the following as an environment variable:',
  '    - MYSQL_ROOT_PASSWORD',
  '    - MYSQL_ALLOW_EMPTY_PASSWORD',
  '    - MYSQL_RANDOM_ROOT_PASSWORD',
];
