// The port and address arguments of kubectl port-forward, as kubectl (portforward.go) and client-go
// (tools/portforward) read them: named ports resolved against the pod or the Service, then `[LOCAL:]REMOTE`
// parsed as uint16s (`:5000` and `0:5000` pick a free local port), and --address's IPs or localhost.
import type { Pod, Service } from 'kubernetes-types/core/v1';

/** client-go's ForwardedPort: Local 0 until a listener picks one. */
export interface ForwardedPort { local: number; remote: number }

/** One address to listen on: localhost's two must not both fail ("all"), an explicit IP must not fail ("any"). */
export interface ListenAddress { address: string; protocol: 'tcp4' | 'tcp6'; failureMode: 'all' | 'any' }

/** splitPort: "[LOCAL:]REMOTE"; anything but one colon is LOCAL and REMOTE alike (parsePorts rejects it later). */
export function splitPort(port: string): { local: string; remote: string } {
  const parts = port.split(':');
  return parts.length === 2 ? { local: parts[0], remote: parts[1] } : { local: parts[0], remote: parts[0] };
}

const isNumber = (s: string) => /^[+-]?\d+$/.test(s);

/** util.LookupContainerPortNumberByName: containers, then init containers. */
export function containerPortByName(pod: Pod, name: string): number {
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const p = (c.ports ?? []).find((x) => x.name === name);
    if (p) return p.containerPort;
  }
  throw new Error(`Pod '${pod.metadata?.name ?? ''}' does not have a named port '${name}'`);
}

/** util.LookupServicePortNumberByName. */
function servicePortByName(svc: Service, name: string): number {
  const p = (svc.spec?.ports ?? []).find((x) => x.name === name);
  if (!p) throw new Error(`Service '${svc.metadata?.name ?? ''}' does not have a named port '${name}'`);
  return p.port;
}

/** util.LookupContainerPortNumberByServicePort: the targetPort (a name looked up in the pod); a headless Service keeps the port. */
function containerPortForServicePort(svc: Service, pod: Pod, port: number): number {
  if (svc.spec?.clusterIP === 'None') return port;
  const sp = (svc.spec?.ports ?? []).find((p) => p.port === port);
  if (!sp) throw new Error(`Service ${svc.metadata?.name ?? ''} does not have a service port ${port}`);
  const target = sp.targetPort;
  if (typeof target === 'string' && !isNumber(target)) return containerPortByName(pod, target);
  return Number(target ?? 0) || sp.port;
}

/** translateServicePortToTargetPort: each service port (or its name) becomes the container port it targets. */
export function translateServicePorts(ports: string[], svc: Service, pod: Pod): string[] {
  return ports.map((spec) => {
    let { local, remote } = splitPort(spec);
    let portnum = Number(remote);
    if (!isNumber(remote)) {
      portnum = servicePortByName(svc, remote);
      if (local === remote) local = String(portnum);
    }
    remote = String(containerPortForServicePort(svc, pod, portnum));
    return local !== remote ? `${local}:${remote}` : remote;
  });
}

/** convertPodNamedPortToNumber: a named remote port becomes the container's port number. */
export function convertPodNamedPorts(ports: string[], pod: Pod): string[] {
  return ports.map((spec) => {
    const { local, remote } = splitPort(spec);
    if (remote === '') throw new Error('remote port cannot be empty');
    const number = isNumber(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${number}` : number;
  });
}

/** checkUDPPortInService / checkUDPPortInPod: a port declared only as UDP cannot be forwarded. */
export function checkUdpPorts(ports: string[], declared: { port: number; protocol?: string }[], byName: (name: string) => number): void {
  const tcp = new Set(declared.filter((p) => (p.protocol ?? 'TCP') === 'TCP').map((p) => p.port));
  const udpOnly = new Set(declared.filter((p) => p.protocol === 'UDP' && !tcp.has(p.port)).map((p) => p.port));
  for (const spec of ports) {
    const { remote } = splitPort(spec);
    const n = isNumber(remote) ? Number(remote) : byName(remote);
    if (udpOnly.has(n)) throw new Error(`UDP protocol is not supported for ${remote}`);
  }
}

/** strconv.ParseUint(s, 10, 16)'s value or its error text. */
function parseUint16(s: string): number | string {
  if (!/^\d+$/.test(s)) return `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = Number(s);
  return n > 65535 ? `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range` : n;
}

/** client-go's parsePorts. */
export function parsePorts(ports: string[]): ForwardedPort[] {
  return ports.map((spec) => {
    const parts = spec.split(':');
    if (parts.length > 2) throw new Error(`invalid port format '${spec}'`);
    const localString = parts.length === 1 ? parts[0] : parts[0] || '0';
    const remoteString = parts.length === 1 ? parts[0] : parts[1];
    const local = parseUint16(localString);
    if (typeof local === 'string') throw new Error(`error parsing local port '${localString}': ${local}`);
    const remote = parseUint16(remoteString);
    if (typeof remote === 'string') throw new Error(`error parsing remote port '${remoteString}': ${remote}`);
    if (remote === 0) throw new Error('remote port must be > 0');
    return { local, remote };
  });
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const isIPv4 = (s: string) => { const m = IPV4.exec(s); return !!m && m.slice(1).every((o) => Number(o) <= 255); };
/** A textual IPv6 address (netutils.ParseIPSloppy's IPv6 forms, without zones). */
const isIPv6 = (s: string) => s.includes(':') && /^[0-9a-fA-F:.]+$/.test(s) && (s.match(/::/g) ?? []).length <= 1 && s.split(':').every((g) => g.length <= 4 || isIPv4(g));

/** client-go's parseAddresses: localhost is 127.0.0.1 and ::1; sorted by address, each once. */
export function parseAddresses(addresses: string[]): ListenAddress[] {
  const parsed = new Map<string, ListenAddress>();
  for (const a of addresses) {
    if (a === 'localhost') {
      if (!parsed.has('127.0.0.1')) parsed.set('127.0.0.1', { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' });
      if (!parsed.has('::1')) parsed.set('::1', { address: '::1', protocol: 'tcp6', failureMode: 'all' });
    } else if (isIPv4(a)) parsed.set(a, { address: a, protocol: 'tcp4', failureMode: 'any' });
    else if (isIPv6(a)) parsed.set(a, { address: a, protocol: 'tcp6', failureMode: 'any' });
    else throw new Error(`${a} is not a valid IP`);
  }
  return [...parsed.values()].sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : 0));
}

/** net.JoinHostPort. */
export const joinHostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
