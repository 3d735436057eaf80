// DescribeProbe: "http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3".
import type { Probe } from 'kubernetes-types/core/v1';

/** net.JoinHostPort: IPv6 hosts in brackets. */
function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export function describeProbe(probe: Probe): string {
  const attrs = `delay=${probe.initialDelaySeconds ?? 0}s timeout=${probe.timeoutSeconds ?? 0}s period=${probe.periodSeconds ?? 0}s ` +
    `#success=${probe.successThreshold ?? 0} #failure=${probe.failureThreshold ?? 0}`;
  if (probe.exec) return `exec [${(probe.exec.command ?? []).join(' ')}] ${attrs}`;
  if (probe.httpGet) {
    const g = probe.httpGet;
    const scheme = (g.scheme ?? '').toLowerCase();
    const port = g.port === undefined ? '' : String(g.port);
    const host = port ? joinHostPort(g.host ?? '', port) : g.host ?? '';
    let path = g.path ?? '';
    if (path && !path.startsWith('/') && host) path = `/${path}`;
    const url = scheme ? `${scheme}://${host}${path}` : `//${host}${path}`;
    return `http-get ${url} ${attrs}`;
  }
  if (probe.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${String(probe.tcpSocket.port)} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}
