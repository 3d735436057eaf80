// curl 8.x in a container: one GET (or HEAD) through the simulated data plane, with curl's messages and exit codes
// (lib/connect.c, lib/multi.c, src/tool_*). Options: -s -S -f/--fail-with-body -i -I -v -o FILE -w FORMAT -m/--max-time
// --connect-timeout, -H (sent; a mesh's routes may match on them); -L, -k, -X, -A, -4, --retry are accepted and
// change nothing here.
// Simplifications: no progress meter (as under `kubectl exec -it`); the time a command takes is reported, not spent
// (the virtual clock does not move during exec); -o writes no file.
import type { ExecResult } from '../exec.ts';
import { fetch, KERNEL_CONNECT_TIMEOUT_MS, parseTarget, ROUND_TRIP_MS, type Fetched, type Target } from './request.ts';
import type { NetProbe } from './probe.ts';
import type { HttpAnswer } from './server.ts';

export const CURL_VERSION = '8.11.1';

const FLAGS: Record<string, string> = { '-s': 'silent', '--silent': 'silent', '-S': 'show-error', '--show-error': 'show-error', '-f': 'fail', '--fail': 'fail', '-i': 'include', '--include': 'include', '-I': 'head', '--head': 'head', '-v': 'verbose', '--verbose': 'verbose', '-L': '', '--location': '', '-k': '', '--insecure': '', '-4': '', '--ipv4': '', '-N': '', '--no-buffer': '', '--fail-with-body': 'fail-with-body' };
const VALUED: Record<string, string> = { '-o': 'output', '--output': 'output', '-w': 'write-out', '--write-out': 'write-out', '-m': 'max-time', '--max-time': 'max-time', '--connect-timeout': 'connect-timeout', '-H': 'header', '--header': 'header', '-X': 'request', '--request': 'request', '-A': '', '--user-agent': '', '--retry': '', '-d': 'data', '--data': 'data', '-u': '', '--user': '' };

/** An option's value; -H may repeat (one header a line). */
function setOpt(opt: Map<string, string>, key: string, v: string): void {
  const had = opt.get(key);
  opt.set(key, key === 'header' && had !== undefined ? `${had}\n${v}` : v);
}

/** The -H headers as name (lower case) → value. */
function requestHeaders(opt: Map<string, string>): Record<string, string> | undefined {
  const lines = opt.get('header');
  if (lines === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const line of lines.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

const usage = (msg: string): ExecResult => ({ exitCode: 2, stdout: '', stderr: `curl: ${msg}\ncurl: try 'curl --help' or 'curl --manual' for more information\n` });

export function curl(probe: NetProbe, args: string[]): ExecResult {
  const opt = new Map<string, string>();
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') { urls.push(a); continue; }
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (name in VALUED) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) return usage(`option ${name}: requires parameter`);
      if (VALUED[name]) setOpt(opt, VALUED[name], v);
      continue;
    }
    if (name in FLAGS) { if (FLAGS[name]) opt.set(FLAGS[name], ''); continue; }
    // Bundled short flags (-sS, -fsSL, -so /dev/null, -sm 2).
    if (!a.startsWith('--') && a.length > 2) {
      const letters = a.slice(1);
      let k = 0;
      for (; k < letters.length; k++) {
        const f = `-${letters[k]}`;
        if (f in FLAGS) { if (FLAGS[f]) opt.set(FLAGS[f], ''); continue; }
        if (f in VALUED) {
          const rest = letters.slice(k + 1);
          const v = rest || args[++i];
          if (v === undefined) return usage(`option ${f}: requires parameter`);
          if (VALUED[f]) setOpt(opt, VALUED[f], v);
          break;
        }
        return usage(`option ${f}: is unknown`);
      }
      continue;
    }
    return usage(`option ${name}: is unknown`);
  }
  if (!urls.length) return usage('no URL specified');
  for (const key of ['max-time', 'connect-timeout']) {
    const v = opt.get(key);
    if (v !== undefined && !(Number(v) >= 0)) return usage(`option --${key}: expected a proper numerical parameter`);
  }
  return request(probe, urls[0], opt);
}

function request(probe: NetProbe, url: string, opt: Map<string, string>): ExecResult {
  const silent = opt.has('silent') && !opt.has('show-error');
  const verbose = opt.has('verbose');
  const head = opt.has('head');
  let stdout = '';
  const log: string[] = [];
  const fail = (code: number, message: string): ExecResult => {
    if (verbose) log.push(`* closing connection #0`);
    const err = silent ? '' : `curl: (${code}) ${message}\n`;
    return { exitCode: code, stdout: stdout + writeOut(opt, code, undefined, ip, t, elapsedMs), stderr: log.map((l) => `${l}\n`).join('') + err };
  };
  let ip = '';
  /** What the transfer took (reported, not spent): a round trip, a sidecar's fault delay and tries, the server's time. */
  let elapsedMs = 0;
  const t = parseTarget(url);
  if (!t) return { exitCode: 3, stdout: '', stderr: silent ? '' : `curl: (3) URL rejected: Bad hostname\n` };
  if (t.scheme !== 'http' && t.scheme !== 'https') return { exitCode: 1, stdout: '', stderr: silent ? '' : `curl: (1) Protocol "${t.scheme}" not supported\n` };
  const sent = requestHeaders(opt);
  const got: Fetched = fetch(probe, t, sent);
  if (got.kind === 'unresolved') {
    if (verbose) log.push(`* Could not resolve host: ${t.host}`);
    return fail(6, `Could not resolve host: ${t.host}`);
  }
  ip = got.ip;
  if (verbose) {
    if (!/^\d+\.\d+\.\d+\.\d+$/.test(t.host)) log.push(`* Host ${t.host}:${t.port} was resolved.`, '* IPv6: (none)', `* IPv4: ${ip}`);
    log.push(`*   Trying ${ip}:${t.port}...`);
  }
  const limit = timeoutMs(opt);
  if (got.kind === 'timeout') {
    if (limit !== undefined && limit < KERNEL_CONNECT_TIMEOUT_MS) return fail(28, `Connection timed out after ${limit} milliseconds`);
    return fail(28, `Failed to connect to ${t.host} port ${t.port} after ${KERNEL_CONNECT_TIMEOUT_MS} ms: Couldn't connect to server`);
  }
  if (got.kind === 'refused') {
    if (verbose) log.push(`* connect to ${ip} port ${t.port} failed: Connection refused`);
    return fail(7, `Failed to connect to ${t.host} port ${t.port} after ${got.local ? 0 : ROUND_TRIP_MS} ms: Couldn't connect to server`);
  }
  if (verbose) log.push(`* Connected to ${t.host} (${ip}) port ${t.port}`);
  // SIMULATION: nothing in the cluster speaks TLS; the server's plain answer breaks the handshake.
  if (t.scheme === 'https') return fail(35, 'TLS connect error: error:0A00010B:SSL routines::wrong version number');
  const method = head ? 'HEAD' : opt.get('request') ?? (opt.has('data') ? 'POST' : 'GET');
  if (verbose) log.push(`> ${method} ${t.path} HTTP/1.1`, `> Host: ${sent?.host ?? `${t.host}${t.port === 80 ? '' : `:${t.port}`}`}`, `> User-Agent: curl/${CURL_VERSION}`, '> Accept: */*', ...Object.entries(sent ?? {}).filter(([k]) => k !== 'host').map(([k, v]) => `> ${k}: ${v}`), '> ', '* Request completely sent off');
  if (got.kind === 'no-reply') return fail(52, 'Empty reply from server');
  if (got.kind === 'reset') {
    if (verbose) log.push('* Recv failure: Connection reset by peer');
    return fail(56, 'Recv failure: Connection reset by peer');
  }
  const r = got.response;
  elapsedMs = ROUND_TRIP_MS + (got.delayMs ?? 0) + (r.delayMs ?? 0);
  // --max-time bounds the whole transfer: a server (or sidecar) slower than it gets no answer out.
  const maxTime = Number(opt.get('max-time'));
  if (maxTime > 0 && elapsedMs > maxTime * 1000) return fail(28, `Operation timed out after ${Math.round(maxTime * 1000)} milliseconds with 0 bytes received`);
  const headerBlock = `HTTP/1.1 ${r.status} ${r.reason}\r\n${r.headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  if (verbose) log.push(...headerBlock.split('\r\n').slice(0, -1).map((l) => `< ${l}`));
  if (opt.has('fail') && r.status >= 400) return fail(22, `The requested URL returned error: ${r.status}`);
  // --fail-with-body: the page first, then the same error.
  if (opt.has('fail-with-body') && r.status >= 400) {
    if (opt.get('output') === undefined) stdout += r.body;
    return fail(22, `The requested URL returned error: ${r.status}`);
  }
  const output = opt.get('output');
  const shown = (head || opt.has('include') ? headerBlock : '') + (head ? '' : r.body);
  if (output === undefined || output === '-') stdout += shown;
  if (verbose) log.push(`* Connection #0 to host ${t.host} left intact`);
  return { exitCode: 0, stdout: stdout + writeOut(opt, 0, r, ip, t, elapsedMs), stderr: log.map((l) => `${l}\n`).join('') };
}

/** The earlier of --connect-timeout and --max-time, in ms. */
function timeoutMs(opt: Map<string, string>): number | undefined {
  const ms = ['connect-timeout', 'max-time'].map((k) => opt.get(k)).filter((v): v is string => v !== undefined && Number(v) > 0).map((v) => Math.round(Number(v) * 1000));
  return ms.length ? Math.min(...ms) : undefined;
}

/** -w: %{http_code} and friends, \n escapes. */
function writeOut(opt: Map<string, string>, exitCode: number, r: HttpAnswer | undefined, ip: string, t: Target | undefined, elapsedMs: number): string {
  const fmt = opt.get('write-out');
  if (fmt === undefined) return '';
  const vars: Record<string, string> = {
    http_code: String(r?.status ?? 0).padStart(3, '0'), response_code: String(r?.status ?? 0).padStart(3, '0'), exitcode: String(exitCode),
    remote_ip: ip, remote_port: ip && t ? String(t.port) : '', url_effective: t ? `${t.scheme}://${t.host}${t.port === 80 ? '' : `:${t.port}`}${t.path}` : '',
    size_download: String(r?.body.length ?? 0), time_total: (elapsedMs / 1000).toFixed(6), content_type: r?.headers.find(([k]) => k === 'Content-Type')?.[1] ?? '',
  };
  return fmt.replace(/%\{(\w+)\}|\\n|\\t|\\r/g, (m, name?: string) => (name !== undefined ? vars[name] ?? '' : m === '\\n' ? '\n' : m === '\\t' ? '\t' : '\r'));
}
