// What simulated containers print, and the bounded buffer that keeps it. SIMULATION: the lines of the server
// images imitate the real images loosely (enough to recognise them); the rest comes from shell.ts timelines.
import { flat } from '../../api/flat.ts';
import type { ServerKind } from './behavior.ts';

/** Lines a container's log keeps (per container instance); older lines are dropped, as log rotation would. */
export const LOG_BUFFER_LINES = 1000;

export interface LogLine { at: number; text: string }

/**
 * The most recent lines, kept as runs: a line, or lines written in one instant (a server's start lines, one
 * frozen list that the containers started in that instant share), each with its time. Every container of
 * 150,000 pods keeps one, and reads (kubectl logs) are rare.
 */
export class LogBuffer {
  /** The first run, in place rather than in the lists: most containers only ever write their start lines. */
  private first: string | readonly string[] | undefined;
  private firstAt = 0;
  /** The runs after the first (every run, after a rotation), made at the second, at its size. */
  private ats: number[] | undefined;
  private runs: (string | readonly string[])[] | undefined;
  /** The lines of every run. */
  private lines = 0;

  add(at: number, text: string): void { this.push(at, text, 1); }

  /** Lines written at one time, kept as the list given: it must not change afterwards. */
  addAll(at: number, texts: readonly string[]): void {
    if (texts.length) this.push(at, texts, texts.length);
  }

  all(): LogLine[] {
    const out: LogLine[] = [];
    const skip = { n: Math.max(0, this.lines - LOG_BUFFER_LINES) };
    if (this.first !== undefined) emitRun(out, this.firstAt, this.first, skip);
    const { ats, runs } = this;
    if (ats && runs) for (let i = 0; i < runs.length; i++) emitRun(out, ats[i], runs[i], skip);
    return out;
  }

  private push(at: number, run: string | readonly string[], lines: number): void {
    if (this.first === undefined && !this.ats) {
      this.first = run;
      this.firstAt = at;
    } else if (!this.ats || !this.runs) {
      this.ats = [at];
      this.runs = [run];
    } else {
      this.ats.push(at);
      this.runs.push(run);
    }
    this.lines += lines;
    if (this.lines > LOG_BUFFER_LINES * 2) {
      // Rotation: the older lines go, the last LOG_BUFFER_LINES stay (one run each, all in the lists).
      const kept = this.all();
      this.first = undefined;
      this.ats = kept.map((l) => l.at);
      this.runs = kept.map((l) => l.text);
      this.lines = kept.length;
    }
  }
}

/** The lines of one run after the first `skip.n` (which it uses up). */
function emitRun(out: LogLine[], at: number, run: string | readonly string[], skip: { n: number }): void {
  if (typeof run === 'string') {
    if (skip.n > 0) skip.n--; else out.push({ at, text: run });
    return;
  }
  // By index: a run is often a frozen list, and for-of over a frozen array allocates.
  for (let j = 0; j < run.length; j++) if (skip.n > 0) skip.n--; else out.push({ at, text: run[j] });
}

export interface ServerContext { now: number; podIP: string; tag: string }

const DEFAULT_VERSIONS: Record<ServerKind, string> = { nginx: '1.27.3', httpd: '2.4.62', redis: '7.4.1', postgres: '17.2', mysql: '9.1.0', agnhost: '2.53' };

/** The version a server reports: the image tag when it is one ("1.27" → "1.27.0"), else the latest. */
/** The server version an image tag names (the image default for latest, alpine …). */
export function serverVersion(kind: ServerKind, tag: string): string {
  const m = /^(\d+(?:\.\d+){0,2})/.exec(tag);
  if (!m) return DEFAULT_VERSIONS[kind];
  const parts = m[1].split('.');
  while (parts.length < (kind === 'postgres' ? 2 : 3)) parts.push('0');
  return parts.join('.');
}

const p2 = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function nginxTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}
function redisTime(ms: number): string {
  const d = new Date(ms);
  return `${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
}
function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC');
}
function apacheTime(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}000 ${d.getUTCFullYear()}`;
}
function clfTime(ms: number): string {
  const d = new Date(ms);
  return `${p2(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}

/** The last start lines made: the containers a rollout starts in one instant share them rather than each keeping a copy. */
let lastStart: { key: string; lines: readonly string[] } | undefined;

/** What a server prints when it starts (the same lines for the same kind, moment and tag; httpd names its IP). */
export function serverStartLines(kind: ServerKind, ctx: ServerContext): readonly string[] {
  const key = `${kind}\u0000${ctx.now}\u0000${ctx.tag}\u0000${kind === 'httpd' ? ctx.podIP : ''}`;
  if (lastStart?.key !== key) lastStart = { key, lines: Object.freeze(startLines(kind, ctx).map(flat)) };
  return lastStart.lines;
}

function startLines(kind: ServerKind, ctx: ServerContext): string[] {
  const ver = serverVersion(kind, ctx.tag);
  switch (kind) {
    case 'nginx': {
      const t = nginxTime(ctx.now);
      return [
        '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
        '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
        '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
        '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
        '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
        '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
        '/docker-entrypoint.sh: Configuration complete; ready for start up',
        `${t} [notice] 1#1: using the "epoll" event method`,
        `${t} [notice] 1#1: nginx/${ver}`,
        `${t} [notice] 1#1: built by gcc 12.2.0 (Debian 12.2.0-14) `,
        `${t} [notice] 1#1: OS: Linux 6.1.0-28-amd64`,
        `${t} [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576`,
        `${t} [notice] 1#1: start worker processes`,
        `${t} [notice] 1#1: start worker process 29`,
      ];
    }
    case 'httpd': {
      const t = apacheTime(ctx.now);
      const fqdn = `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ctx.podIP}. Set the 'ServerName' directive globally to suppress this message`;
      return [fqdn, fqdn,
        `[${t}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/${ver} (Unix) configured -- resuming normal operations`,
        `[${t}] [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'`];
    }
    case 'redis': {
      const t = redisTime(ctx.now);
      return [
        `1:C ${t} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo`,
        `1:C ${t} * Redis version=${ver}, bits=64, commit=00000000, modified=0, pid=1, just started`,
        `1:C ${t} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf`,
        `1:M ${t} * monotonic clock: POSIX clock_gettime`,
        `1:M ${t} * Running mode=standalone, port=6379.`,
        `1:M ${t} * Server initialized`,
        `1:M ${t} * Ready to accept connections tcp`,
      ];
    }
    case 'postgres': {
      const t = isoTime(ctx.now);
      return [
        `${t} [1] LOG:  starting PostgreSQL ${ver} (Debian ${ver}-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`,
        `${t} [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432`,
        `${t} [1] LOG:  listening on IPv6 address "::", port 5432`,
        `${t} [1] LOG:  listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"`,
        `${t} [1] LOG:  database system is ready to accept connections`,
      ];
    }
    case 'mysql': {
      const t = new Date(ctx.now).toISOString().replace(/\.\d+Z$/, '.000000Z');
      return [
        `${t} 0 [System] [MY-015015] [Server] MySQL Server - start.`,
        `${t} 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld ${ver}) starting as process 1`,
        `${t} 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '${ver}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`,
      ];
    }
    case 'agnhost':
      return [`I${new Date(ctx.now).toISOString().slice(5, 10).replace('-', '')} ${new Date(ctx.now).toISOString().slice(11, 23)}000       1 log.go:245] Started HTTP server on port 8080`];
  }
}

export function serverStopLines(kind: ServerKind, ctx: ServerContext): string[] {
  switch (kind) {
    case 'nginx': {
      const t = nginxTime(ctx.now);
      return [
        `${t} [notice] 1#1: signal 3 (SIGQUIT) received, shutting down`,
        `${t} [notice] 29#29: gracefully shutting down`,
        `${t} [notice] 29#29: exiting`,
        `${t} [notice] 29#29: exit`,
        `${t} [notice] 1#1: signal 17 (SIGCHLD) received from 29`,
        `${t} [notice] 1#1: worker process 29 exited with code 0`,
        `${t} [notice] 1#1: exit`,
      ];
    }
    case 'httpd':
      return [`[${apacheTime(ctx.now)}] [mpm_event:notice] [pid 1:tid 1] AH00492: caught SIGWINCH, shutting down gracefully`];
    case 'redis': {
      const t = redisTime(ctx.now);
      return [`1:signal-handler (${Math.floor(ctx.now / 1000)}) Received SIGTERM scheduling shutdown...`,
        `1:M ${t} * User requested shutdown...`, `1:M ${t} * Saving the final RDB snapshot before exiting.`,
        `1:M ${t} * DB saved on disk`, `1:M ${t} # Redis is now ready to exit, bye bye...`];
    }
    case 'postgres': {
      const t = isoTime(ctx.now);
      return [`${t} [1] LOG:  received fast shutdown request`, `${t} [1] LOG:  aborting any active transactions`,
        `${t} [1] LOG:  database system is shut down`];
    }
    case 'mysql':
      return [`${new Date(ctx.now).toISOString().replace(/\.\d+Z$/, '.000000Z')} 0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete (mysqld ${serverVersion(kind, ctx.tag)})  MySQL Community Server - GPL.`];
    case 'agnhost':
      return [];
  }
}

/** The access-log line a web server writes for a kubelet HTTP probe. */
export function probeAccessLine(kind: ServerKind, ctx: { now: number; clientIP: string; path: string; status: number; kubeletVersion: string }): string | undefined {
  const agent = `kube-probe/${ctx.kubeletVersion.replace(/^v/, '').split('.').slice(0, 2).join('.')}`;
  const bytes = ctx.status === 200 ? 615 : 153;
  if (kind === 'nginx') return `${ctx.clientIP} - - [${clfTime(ctx.now)}] "GET ${ctx.path} HTTP/1.1" ${ctx.status} ${bytes} "-" "${agent}" "-"`;
  if (kind === 'httpd') return `${ctx.clientIP} - - [${clfTime(ctx.now)}] "GET ${ctx.path} HTTP/1.1" ${ctx.status} ${ctx.status === 200 ? 45 : 196}`;
  return undefined;
}
