// One HTTP GET from a container, as curl and wget make it: the connection the data plane routes, then what the
// pod serving it answers.
import type { NetProbe } from './probe.ts';
import { HTTP_REASONS, httpAnswer, httpDate, type HttpAnswer } from './server.ts';

export interface Target { scheme: string; host: string; port: number; path: string }

/** SIMULATION: a connection refused or answered within the cluster takes this long (one round trip). */
export const ROUND_TRIP_MS = 1;
/** Linux gives up a connect() nobody answers after its SYN retries (tcp_syn_retries 6: 1+2+…+64 s). */
export const KERNEL_CONNECT_TIMEOUT_MS = 127_000;

/** "web", "web:8080/x", "http://10.96.0.10:53": curl and busybox wget take a URL without a scheme as http. */
export function parseTarget(url: string): Target | undefined {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?([^/:?#]*)(?::(\d*))?([/?].*)?$/.exec(url);
  if (!m || !m[2]) return undefined;
  const scheme = (m[1] ?? 'http').toLowerCase();
  const port = m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  const path = m[4] ?? '/';
  return { scheme, host: m[2].toLowerCase(), port, path: path.startsWith('/') ? path : `/${path}` };
}

export type Fetched =
  | { kind: 'unresolved' }
  | { kind: 'refused'; ip: string; local?: true }
  | { kind: 'timeout'; ip: string }
  | { kind: 'no-reply'; ip: string }
  /** The peer reset the connection after it was accepted (a sidecar refusing plaintext). */
  | { kind: 'reset'; ip: string }
  /** delayMs: what a sidecar's fault delay added to the round trip. */
  | { kind: 'response'; ip: string; response: HttpAnswer; delayMs?: number };

/**
 * A response as the client's sidecar (Envoy) hands it on: HTTP/1.1 header names in lower case, its own server
 * header, and the upstream's time (x-envoy-upstream-service-time); or its own local reply (text/plain).
 */
function throughEnvoy(r: HttpAnswer | undefined, local: { status: number; body: string; headers?: [string, string][] } | undefined, now: number): HttpAnswer {
  if (local) {
    return { status: local.status, reason: HTTP_REASONS[local.status] ?? 'Unknown', headers: [...(local.headers ?? []), ['content-length', String(local.body.length)], ['content-type', 'text/plain'], ['date', httpDate(now)], ['server', 'envoy']], body: local.body };
  }
  const headers: [string, string][] = r!.headers.filter(([k]) => k.toLowerCase() !== 'server' && k.toLowerCase() !== 'connection').map(([k, v]) => [k.toLowerCase(), v]);
  return { ...r!, headers: [...headers, ['x-envoy-upstream-service-time', String(1 + (r!.delayMs ?? 0))], ['server', 'envoy']] };
}

export function fetch(probe: NetProbe, t: Target, headers?: Record<string, string>): Fetched {
  const c = probe.connect(t.host, t.port, t.path, headers);
  if (c.kind === 'unresolved') return c;
  if (c.kind === 'closed') return { kind: 'no-reply', ip: c.ip };
  if (c.kind === 'refused' && 'local' in c) return { kind: 'refused', ip: c.ip, local: true };
  const delay = c.kind === 'connected' || c.kind === 'answered' ? (c.delayMs ? { delayMs: c.delayMs } : {}) : {};
  if (c.kind === 'answered') return { kind: 'response', ip: c.ip, response: throughEnvoy(undefined, c.answer, probe.now), ...delay };
  if (c.kind !== 'connected') return { kind: c.kind, ip: c.ip };
  const a = httpAnswer(c.pod, c.port, c.path ?? t.path, probe.now);
  if (a === undefined) return { kind: 'refused', ip: c.ip };
  if (a === 'no-reply') return { kind: 'no-reply', ip: c.ip };
  return { kind: 'response', ip: c.ip, response: c.viaSidecar ? throughEnvoy(a, undefined, probe.now) : a, ...delay };
}
