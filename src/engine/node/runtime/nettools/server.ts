// What a pod answers on a TCP port. SIMULATION: decided from the pod spec by the image convention of behavior.ts:
// - nginx and httpd listen on 80, redis on 6379, postgres on 5432, mysql on 3306 and 33060, and (Simplification:
//   their configuration is not simulated, so it is assumed to match) on every container port they declare;
// - agnhost `netexec` on --http-port (8080), `serve-hostname` on --port (9376);
// - go-httpbin (mccutchen/go-httpbin, Istio's samples/httpbin) on 8080 (kennethreitz/httpbin on 80): /status/CODE
//   answers that code and /delay/N answers after N seconds (at most 10), which is how an SRE makes a backend fail
//   or stall on purpose; Simplification: other paths answer 200 with a short JSON body, and /status takes one code;
// - any other long-running program is an unknown HTTP server on the container ports it declares (every port when
//   it declares none), answering 200 with an empty body (on 53: a DNS server, no HTTP); shells and `sleep` listen
//   nowhere.
// Simplification: the pages are short: nginx's welcome page keeps its title and heading only; headers are the
// server's usual few (no Last-Modified or ETag).
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { containerBehavior, type ServerKind } from '../behavior.ts';
import { parseImage, shortRepository } from '../images.ts';
import { serverVersion } from '../logs.ts';

const AGNHOST = 'registry.k8s.io/e2e-test-images/agnhost';
const DEFAULT_PORTS: Partial<Record<ServerKind, number[]>> = { nginx: [80], httpd: [80], redis: [6379], postgres: [5432], mysql: [3306, 33060] };

const HTTPBIN: Record<string, number> = { 'mccutchen/go-httpbin': 8080, 'kennethreitz/httpbin': 80 };
/** httpbin's longest /delay (go-httpbin's default -max-duration, kennethreitz's cap). */
const HTTPBIN_MAX_DELAY_S = 10;

type Listener =
  | { kind: ServerKind; tag: string }
  | { kind: 'netexec' | 'serve-hostname' | 'httpbin' | 'http' | 'dns' };

/** delayMs: how long the server takes before it answers (httpbin's /delay). */
export interface HttpAnswer { status: number; reason: string; headers: [string, string][]; body: string; delayMs?: number }

/** A process of the pod that listens on the port, and what it is. */
function listener(pod: Pod, port: number): Listener | undefined {
  const running = [...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always'), ...(pod.spec?.containers ?? [])];
  for (const c of running) {
    const l = containerListener(c, port);
    if (l) return l;
  }
  return undefined;
}

function containerListener(c: Container, port: number): Listener | undefined {
  const declared = (c.ports ?? []).filter((p) => (p.protocol ?? 'TCP') === 'TCP').map((p) => p.containerPort);
  if (shortRepository(c.image ?? '') === AGNHOST) {
    const args = [...(c.command ?? []), ...(c.args ?? [])];
    const flag = (name: string, def: number) => {
      const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
      return i < 0 ? def : Number(args[i].includes('=') ? args[i].split('=')[1] : args[i + 1]);
    };
    if (args.includes('netexec')) return port === flag('http-port', 8080) ? { kind: 'netexec' } : undefined;
    if (args.includes('serve-hostname')) return port === flag('port', 9376) ? { kind: 'serve-hostname' } : undefined;
  }
  const httpbin = HTTPBIN[shortRepository(c.image ?? '')];
  if (httpbin !== undefined && !c.command?.length) return port === httpbin || declared.includes(port) ? { kind: 'httpbin' } : undefined;
  const b = containerBehavior(c);
  if (b.server && DEFAULT_PORTS[b.server]) return DEFAULT_PORTS[b.server]!.includes(port) || declared.includes(port) ? { kind: b.server, tag: parseImage(c.image ?? '').tag } : undefined;
  const end = b.timeline.end;
  const serves = end.kind === 'forever' && (end.serve ? end.serve !== 'sleep' : !c.command?.length && !c.args?.length);
  if (!serves) return undefined;
  if (declared.length && !declared.includes(port)) return undefined;
  // A DNS server (CoreDNS) on 53 answers no HTTP.
  return port === 53 ? { kind: 'dns' } : { kind: 'http' };
}

/** Whether a process of the pod listens on the TCP port (else its kernel refuses the connection). */
export function podListens(pod: Pod, port: number): boolean {
  return listener(pod, port) !== undefined;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');
/** An HTTP Date header (RFC 7231 IMF-fixdate). */
export function httpDate(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} GMT`;
}

const NGINX_WELCOME = '<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n</head>\n<body>\n<h1>Welcome to nginx!</h1>\n</body>\n</html>\n';
const nginxError = (status: string, version: string) => `<html>\n<head><title>${status}</title></head>\n<body>\n<center><h1>${status}</h1></center>\n<hr><center>nginx/${version}</center>\n</body>\n</html>\n`;
const HTTPD_WORKS = '<html><body><h1>It works!</h1></body></html>\n';
const HTTPD_404 = '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n';

/**
 * The pod's answer to `GET path` on the port: an HTTP response, 'no-reply' for a server that does not speak HTTP
 * (it closes the connection), or undefined when nothing listens.
 */
export function httpAnswer(pod: Pod, port: number, path: string, now: number): HttpAnswer | 'no-reply' | undefined {
  const l = listener(pod, port);
  if (!l) return undefined;
  const date = httpDate(now);
  const hostname = pod.spec?.hostname ?? pod.metadata?.name ?? '';
  const plain = (status: number, reason: string, body: string, type = 'text/plain; charset=utf-8'): HttpAnswer =>
    ({ status, reason, headers: [['Content-Type', type], ['Date', date], ['Content-Length', String(body.length)]], body });
  const file = path.split('?')[0];
  switch (l.kind) {
    case 'nginx': {
      const v = serverVersion('nginx', l.tag);
      const ok = file === '/' || file === '/index.html';
      const body = ok ? NGINX_WELCOME : nginxError('404 Not Found', v);
      return { status: ok ? 200 : 404, reason: ok ? 'OK' : 'Not Found', headers: [['Server', `nginx/${v}`], ['Date', date], ['Content-Type', 'text/html'], ['Content-Length', String(body.length)], ['Connection', 'keep-alive'], ...(ok ? [['Accept-Ranges', 'bytes'] as [string, string]] : [])], body };
    }
    case 'httpd': {
      const ok = file === '/' || file === '/index.html';
      const body = ok ? HTTPD_WORKS : HTTPD_404;
      return { status: ok ? 200 : 404, reason: ok ? 'OK' : 'Not Found', headers: [['Date', date], ['Server', `Apache/${serverVersion('httpd', l.tag)} (Unix)`], ['Content-Length', String(body.length)], ['Content-Type', ok ? 'text/html' : 'text/html; charset=iso-8859-1']], body };
    }
    case 'serve-hostname': return plain(200, 'OK', hostname);
    case 'netexec':
      if (file === '/hostname') return plain(200, 'OK', hostname);
      if (file === '/' ) return plain(200, 'OK', `NOW: ${new Date(now).toISOString().replace('T', ' ').replace('Z', ' +0000 UTC')}`);
      return plain(404, 'Not Found', '404 page not found\n');
    case 'httpbin': return httpbinAnswer(file, plain);
    case 'http': return plain(200, 'OK', '');
    default: return 'no-reply';
  }
}

/** Reason phrases (Go's http.StatusText) of the codes servers and proxies here answer. */
export const HTTP_REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 418: "I'm a teapot", 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

/** The few httpbin endpoints that matter to a mesh: /status/CODE and /delay/SECONDS. */
function httpbinAnswer(file: string, plain: (status: number, reason: string, body: string, type?: string) => HttpAnswer): HttpAnswer {
  const status = /^\/status\/(\d{3})$/.exec(file);
  if (status) {
    const code = Number(status[1]);
    return code < 100 || code > 599 ? plain(400, 'Bad Request', 'invalid status code\n') : plain(code, HTTP_REASONS[code] ?? 'Unknown', '');
  }
  const delay = /^\/delay\/([0-9.]+)$/.exec(file);
  if (delay) {
    const s = Number(delay[1]);
    if (!Number.isFinite(s)) return plain(400, 'Bad Request', 'invalid duration\n');
    return { ...plain(200, 'OK', '{\n  "args": {},\n  "method": "GET"\n}\n', 'application/json; encoding=utf-8'), delayMs: Math.round(Math.min(s, HTTPBIN_MAX_DELAY_S) * 1000) };
  }
  return plain(200, 'OK', '{\n  "args": {},\n  "method": "GET"\n}\n', 'application/json; encoding=utf-8');
}
