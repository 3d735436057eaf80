// One HTTP GET from a container, as curl and wget make it: the connection the data plane routes, then what the
// pod serving it answers.
import type { NetProbe } from './probe.ts';
import { httpAnswer, type HttpAnswer } from './server.ts';

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
  | { kind: 'response'; ip: string; response: HttpAnswer };

export function fetch(probe: NetProbe, t: Target): Fetched {
  const c = probe.connect(t.host, t.port, t.path);
  if (c.kind === 'unresolved') return c;
  if (c.kind === 'closed') return { kind: 'no-reply', ip: c.ip };
  if (c.kind === 'refused' && 'local' in c) return { kind: 'refused', ip: c.ip, local: true };
  if (c.kind !== 'connected') return { kind: c.kind, ip: c.ip };
  const a = httpAnswer(c.pod, c.port, t.path, probe.now);
  if (a === undefined) return { kind: 'refused', ip: c.ip };
  if (a === 'no-reply') return { kind: 'no-reply', ip: c.ip };
  return { kind: 'response', ip: c.ip, response: a };
}
