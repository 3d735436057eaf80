// What a program in a container sees of the pod network (kubectl exec curl, wget, nslookup …). The node layer does
// not know the data plane: cluster.ts hands the kubelet one of these per exec, answered by network/ (the same
// DNS and request path `sim dns lookup` and `sim trace request` use).
import type { Pod } from 'kubernetes-types/core/v1';

/** The pod's resolver asking CoreDNS (its search list and ndots), or the query never answered. */
export type DnsReply =
  | { kind: 'A'; name: string; ips: string[]; cname?: string; tried: string[] }
  | { kind: 'NXDOMAIN'; tried: string[] }
  | { kind: 'timeout' };

/** One TCP connection to host:port as the data plane routes it. */
export type ConnectReply =
  | { kind: 'unresolved' }
  /** `ip`: the address the client dialled (the name's first address, or the IP given). */
  | { kind: 'refused' | 'timeout' | 'reset'; ip: string }
  /** Refused by the client's own machine (loopback): no round trip. */
  | { kind: 'refused'; ip: string; local: true }
  /** Through the client's sidecar (viaSidecar), which may hold the request (delayMs) or answer it itself. */
  | { kind: 'connected'; ip: string; pod: Pod; port: number; delayMs?: number; viaSidecar?: boolean; /** The path the server got, when a gateway rewrote it. */ path?: string }
  | { kind: 'answered'; ip: string; answer: { status: number; body: string; headers?: [string, string][] }; delayMs?: number; viaSidecar?: boolean }
  /** Accepted, then closed with no answer (a port-forward whose pod side failed). */
  | { kind: 'closed'; ip: string };

/** One ICMP echo: the reply's TTL as it arrives and whether it stayed on the client's node, or lost. */
export type EchoReply =
  | { kind: 'unresolved' }
  | { kind: 'lost'; ip: string }
  | { kind: 'reply'; ip: string; ttl: number; sameNode: boolean };

export interface NetProbe {
  /** Virtual now, for Date headers. */
  now: number;
  /** The nameserver in the pod's resolv.conf (kubelet --cluster-dns). */
  dnsServer: string;
  lookup(name: string): DnsReply;
  connect(host: string, port: number, path: string, headers?: Record<string, string>): ConnectReply;
  ping(host: string): EchoReply;
}
