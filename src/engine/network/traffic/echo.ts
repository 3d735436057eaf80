// An ICMP echo (ping) from a pod: who answers it, with what TTL, or where it is lost. Pods answer on their own
// address; a node answers on its InternalIP; a Service's virtual address answers only in IPVS mode, where
// kube-proxy binds it to the kube-ipvs0 interface of every node (the client's node replies). In iptables mode
// kube-proxy has rules for the Service's ports alone, so nothing answers ICMP and every echo is lost.
// NetworkPolicy has no ICMP port: a policy that isolates a pod lets echoes through only with a rule that names no
// ports (as Calico and Cilium do).
// SIMULATION: no network outside the cluster, so any other address never answers.
import type { Hop, PathEnv, Source } from './path.ts';

/** What echo needs beyond the request path's view of the cluster. */
export interface EchoEnv extends Pick<PathEnv, 'rules' | 'proxy' | 'nodeByIP' | 'podByIP' | 'podState' | 'policyDenies'> {
  nodeUp(node: string): boolean;
  /** Whether the node's pod network puts its pods on one bridge (flannel's cni0): their packets are not routed. */
  bridged(node: string): boolean;
}

/** The echo's fate; `ttl` is the reply's as it arrives, `sameNode` whether it never left the client's node. */
export type EchoResult =
  | { reply: true; ttl: number; sameNode: boolean; steps: Hop[] }
  | { reply: false; steps: Hop[] };

/** Linux starts every packet at TTL 64; each routing node on the way takes one. */
const INITIAL_TTL = 64;

export function echo(env: EchoEnv, src: Source, ip: string): EchoResult {
  const lost = (text: string, node?: string): EchoResult => ({ reply: false, steps: [{ kind: 'drop', node, text }] });
  const pod = env.podByIP(ip);
  if (pod && !pod.spec?.hostNetwork) {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const node = pod.spec?.nodeName;
    const denied = env.policyDenies({ pod: src.pod, ip: src.ip }, pod, 0, 'ICMP');
    if (denied) return lost(`NetworkPolicy drops the echo: ${denied}`, node);
    if (env.podState(pod) === 'gone') return lost(`pod ${key} is not running or its node is down: no answer`, node);
    const sameNode = node === src.node;
    // Across nodes both nodes route the reply; on one node only a routed (not bridged) pod network does.
    const routed = ip === src.ip ? 0 : !sameNode ? 2 : src.node && env.bridged(src.node) ? 0 : 1;
    return { reply: true, ttl: INITIAL_TTL - routed, sameNode, steps: [{ kind: 'pod', pod: key, node, text: `pod ${key} answers on ${ip}` }] };
  }
  const node = env.nodeByIP(ip);
  if (node) {
    if (!env.nodeUp(node)) return lost(`node ${node} is down: no answer`, node);
    // The node's own reply is not forwarded by it; the client's node forwards one from another node.
    const sameNode = node === src.node;
    return { reply: true, ttl: sameNode ? INITIAL_TTL : INITIAL_TTL - 1, sameNode, steps: [{ kind: 'pod', node, text: `node ${node} answers on ${ip}` }] };
  }
  const svc = [...env.rules().services.values()].find((s) => s.clusterIP === ip || s.externalIPs.includes(ip) || s.loadBalancerIPs.includes(ip));
  if (svc) {
    const proxy = src.node ? env.proxy(src.node) : undefined;
    if (proxy?.mode === 'ipvs') {
      return { reply: true, ttl: INITIAL_TTL, sameNode: true, steps: [{ kind: 'proxy', node: proxy.nodeName, service: svc.key, text: `${ip} (Service ${svc.key}) is bound to kube-ipvs0 on ${proxy.nodeName}: the node answers` }] };
    }
    return { reply: false, steps: [{ kind: 'drop', node: src.node, service: svc.key, text: `${ip} is Service ${svc.key}'s virtual address: kube-proxy (iptables) has rules for its ports only, and no interface holds it to answer ICMP` }] };
  }
  return lost(`no host in the cluster has ${ip}`);
}
