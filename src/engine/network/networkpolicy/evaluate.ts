// NetworkPolicy semantics (networking.k8s.io/v1), as a pure function the traffic model asks per connection.
// A pod is isolated for ingress (egress) when some policy in its namespace selects it and lists Ingress (Egress)
// in policyTypes; an isolated pod accepts (sends) only what the union of those policies' rules allows. A
// connection passes when the source's egress allows it and the destination's ingress allows it.
// A rule with no peers matches every peer, with no ports every port. A peer is a podSelector (pods of the policy's
// namespace), a namespaceSelector (every pod of the selected namespaces), both (the selected pods of the selected
// namespaces), or an ipBlock (CIDR minus its exceptions, matched against the peer's IP).
// Endpoints without `pod` are outside the pod network (other hosts, host-network pods, nodes): no policy
// selects them, and only ipBlock peers can match them.
import type { NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort } from 'kubernetes-types/networking/v1';
import { parseCidr } from '../../api/cidr.ts';
import { selectorFromLabelSelector } from '../../api/labels.ts';

/** ICMP: no NetworkPolicy port names it, so only a rule without ports matches it. */
export type Protocol = 'TCP' | 'UDP' | 'SCTP' | 'ICMP';

export interface PolicyEndpoint {
  ip: string;
  pod?: {
    name?: string;
    namespace: string;
    labels: Readonly<Record<string, string>>;
    /** The pod's named container ports, e.g. { http: { port: 8080, protocol: 'TCP' } }. */
    namedPorts?: Readonly<Record<string, { port: number; protocol: Protocol }>>;
  };
}

export interface NamespaceInfo { name: string; labels: Readonly<Record<string, string>> }

export type PolicyDirection = 'Ingress' | 'Egress';

export interface PolicyVerdict {
  allowed: boolean;
  /** The direction that dropped the connection, and the policies isolating that side ("namespace/name"). */
  deniedBy?: { direction: PolicyDirection; policies: string[] };
}

/** spec.policyTypes as the API server defaults them: Ingress always; Egress when egress rules exist. */
export function policyTypesOf(p: NetworkPolicy): PolicyDirection[] {
  const listed = p.spec?.policyTypes;
  if (listed?.length) return listed as PolicyDirection[];
  return p.spec?.egress?.length ? ['Ingress', 'Egress'] : ['Ingress'];
}

export function allows(policies: readonly NetworkPolicy[], namespaces: readonly NamespaceInfo[], src: PolicyEndpoint, dst: PolicyEndpoint, port: number, protocol: Protocol = 'TCP'): boolean {
  return evaluate(policies, namespaces, src, dst, port, protocol).allowed;
}

export function evaluate(policies: readonly NetworkPolicy[], namespaces: readonly NamespaceInfo[], src: PolicyEndpoint, dst: PolicyEndpoint, port: number, protocol: Protocol = 'TCP'): PolicyVerdict {
  const nsLabels = new Map(namespaces.map((n) => [n.name, n.labels]));
  const egress = side(policies, nsLabels, src, dst, dst, port, protocol, 'Egress');
  if (egress) return { allowed: false, deniedBy: { direction: 'Egress', policies: egress } };
  const ingress = side(policies, nsLabels, dst, src, dst, port, protocol, 'Ingress');
  if (ingress) return { allowed: false, deniedBy: { direction: 'Ingress', policies: ingress } };
  return { allowed: true };
}

/** The isolating policies' names when `subject` is isolated in this direction and no rule admits `peer`. */
function side(
  policies: readonly NetworkPolicy[], nsLabels: Map<string, Readonly<Record<string, string>>>, subject: PolicyEndpoint, peer: PolicyEndpoint,
  target: PolicyEndpoint, port: number, protocol: Protocol, direction: PolicyDirection,
): string[] | undefined {
  const pod = subject.pod;
  if (!pod) return undefined;
  const selecting = policies.filter((p) => (p.metadata?.namespace ?? 'default') === pod.namespace
    && policyTypesOf(p).includes(direction) && selectorFromLabelSelector(p.spec?.podSelector ?? {}).matches(pod.labels));
  if (!selecting.length) return undefined;
  for (const p of selecting) {
    const rules = direction === 'Ingress' ? (p.spec?.ingress ?? []).map((r) => ({ peers: r.from, ports: r.ports })) : (p.spec?.egress ?? []).map((r) => ({ peers: r.to, ports: r.ports }));
    for (const r of rules) {
      const peerOk = !r.peers?.length || r.peers.some((x) => peerMatches(x, p.metadata?.namespace ?? 'default', peer, nsLabels));
      if (peerOk && portsMatch(r.ports, target, port, protocol)) return undefined;
    }
  }
  return selecting.map((p) => `${p.metadata?.namespace ?? 'default'}/${p.metadata?.name ?? ''}`);
}

function peerMatches(peer: NetworkPolicyPeer, policyNamespace: string, ep: PolicyEndpoint, nsLabels: Map<string, Readonly<Record<string, string>>>): boolean {
  if (peer.ipBlock) return inIpBlock(ep.ip, peer.ipBlock.cidr, peer.ipBlock.except ?? []);
  const pod = ep.pod;
  if (!pod) return false;
  if (peer.namespaceSelector) {
    if (!selectorFromLabelSelector(peer.namespaceSelector).matches(nsLabels.get(pod.namespace) ?? {})) return false;
  } else if (pod.namespace !== policyNamespace) return false;
  return !peer.podSelector || selectorFromLabelSelector(peer.podSelector).matches(pod.labels);
}

/** A CIDR that does not parse (kept from before validation tightened) matches nothing. */
function inIpBlock(ip: string, cidr: string, except: readonly string[]): boolean {
  const inside = (c: string) => {
    let block;
    try {
      block = parseCidr(c);
    } catch {
      return false;
    }
    const addr = parseCidr(`${ip}/32`).base;
    const size = 2 ** (32 - block.prefix);
    return addr >= block.base && addr < block.base + size;
  };
  return inside(cidr) && !except.some(inside);
}

/** No ports: all of them. A named port is looked up on the destination pod; endPort makes a range. */
function portsMatch(ports: readonly NetworkPolicyPort[] | undefined, target: PolicyEndpoint, port: number, protocol: Protocol): boolean {
  if (!ports?.length) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'string') {
      const named = target.pod?.namedPorts?.[p.port];
      return !!named && named.port === port && named.protocol === protocol;
    }
    return p.endPort !== undefined ? port >= p.port && port <= p.endPort : port === p.port;
  });
}
