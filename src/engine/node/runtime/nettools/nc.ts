// nc as a connect check (`nc -z host port`, `-v`, `-w SEC`): busybox's nc (busybox-based images) or OpenBSD's
// (netshoot), through the same connection path as curl. Simplification: only the connect check; no data is sent
// or read (a plain `nc host port` connects and closes at once, as with an empty stdin).
import type { ExecResult } from '../exec.ts';
import { parseTarget } from './request.ts';
import type { NetProbe } from './probe.ts';
import { busyboxUsage } from './tools.ts';

const SERVICES: Record<number, string> = { 80: 'http', 443: 'https', 53: 'domain', 22: 'ssh', 6379: 'redis', 5432: 'postgresql', 3306: 'mysql' };

export function nc(probe: NetProbe, args: string[], busybox: boolean): ExecResult {
  let verbose = 0;
  let wait: number | undefined;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') { words.push(a); continue; }
    for (let k = 1; k < a.length; k++) {
      if (a[k] === 'v') verbose++;
      else if (a[k] === 'w') { wait = Number(a.slice(k + 1) || args[++i]); break; }
      // -z (no I/O), -n, -u are what the check means here anyway.
    }
  }
  const [host, portText] = words;
  const port = Number(portText);
  if (!host || !(port >= 1 && port <= 65535) || !parseTarget(`${host}:${port}`)) {
    return { exitCode: 1, stdout: '', stderr: busybox ? busyboxUsage('nc [OPTIONS] HOST PORT  - connect') : 'usage: nc [-46CDdFhklNnrStUuvZz] [-I length] [-i interval] [-M ttl]\n\t  [-m minttl] [-O length] [-P proxy_username] [-p source_port]\n\t  [-q seconds] [-s sourceaddr] [-T keyword] [-V rtable] [-W recvlimit]\n\t  [-w timeout] [-X proxy_protocol] [-x proxy_address[:port]]\n\t  [destination] [port]\n' };
  }
  const c = probe.connect(host.toLowerCase(), port, '/');
  const fail = (msg: string): ExecResult => ({ exitCode: 1, stdout: '', stderr: `nc: ${msg}\n` });
  if (c.kind === 'unresolved') return fail(busybox ? `bad address '${host}'` : `getaddrinfo for host "${host}" port ${port}: Name does not resolve`);
  if (busybox) {
    // nc_bloaty.c: failures are silent without -v, and a refusal needs -vv (a port scan's usual answer).
    if (c.kind === 'refused') return verbose > 1 ? fail(`${host} (${c.ip}:${port}): Connection refused`) : { exitCode: 1, stdout: '', stderr: '' };
    if (c.kind === 'timeout') return verbose ? fail(`${host} (${c.ip}:${port}): Connection timed out`) : { exitCode: 1, stdout: '', stderr: '' };
    return { exitCode: 0, stdout: '', stderr: verbose ? `${host} (${c.ip}:${port}) open\n` : '' };
  }
  // netcat.c warns of a failed connect only with -v.
  if (c.kind !== 'connected' && !verbose) return { exitCode: 1, stdout: '', stderr: '' };
  if (c.kind === 'refused') return fail(`connect to ${host} (${c.ip}) port ${port} (tcp) failed: Connection refused`);
  if (c.kind === 'timeout') return fail(wait ? `connect to ${host} (${c.ip}) port ${port} (tcp) timed out: Operation now in progress` : `connect to ${host} (${c.ip}) port ${port} (tcp) failed: Operation timed out`);
  return { exitCode: 0, stdout: '', stderr: verbose ? `Connection to ${host} (${c.ip}) ${port} port [tcp/${SERVICES[port] ?? '*'}] succeeded!\n` : '' };
}
