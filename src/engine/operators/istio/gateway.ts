// What an ingress gateway's Envoy does with a request (istiod's gateway listeners, pilot/pkg/networking/core
// gateway.go): the Gateways whose selector matches the gateway pod's labels and that have a server on the port the
// request came in on (the Service port or the pod's) offer their servers' hosts; a VirtualService binds to a
// Gateway by `gateways: [NAMESPACE/NAME]` (a bare name is in the VirtualService's namespace) and serves the hosts
// it shares with the server. A Host header that no bound VirtualService serves gets Envoy's 404 with an empty body
// (response flag NR). Simplifications: TLS servers (443) are not terminated (no certificates here): a request's
// server is matched by port and host alone; a server host's namespace part ("ns/host") is ignored.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Gateway, Server, VirtualService } from './types.ts';

/** A VirtualService's gateway reference as namespace/name ("mesh" stays as is). */
export function gatewayRef(ref: string, vsNamespace: string): string {
  return ref === 'mesh' || ref.includes('/') ? ref : `${vsNamespace}/${ref}`;
}

/** Envoy's virtual-host domain match: exact, "*", or a "*." suffix wildcard (either side may be the wildcard). */
export function hostMatches(pattern: string, host: string): boolean {
  const strip = (h: string) => h.replace(/^[^/]*\//, '');
  const [p, h] = [strip(pattern), strip(host)];
  if (p === '*' || h === '*' || p === h) return true;
  if (p.startsWith('*.') && h.endsWith(p.slice(1))) return true;
  return h.startsWith('*.') && p.endsWith(h.slice(1));
}

const selects = (gw: Gateway, pod: Pod) => {
  const sel = gw.spec?.selector ?? {};
  const labels = pod.metadata?.labels ?? {};
  return Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => labels[k] === v);
};

/** The Gateways that configure this pod, each with its servers on one of `ports`. */
export function gatewaysOf(gateways: (Gateway & KubeObject)[], pod: Pod, ports: number[]): { gw: Gateway & KubeObject; servers: Server[] }[] {
  return gateways.filter((g) => selects(g, pod)).map((gw) => ({ gw, servers: (gw.spec.servers ?? []).filter((s) => s.port?.number !== undefined && ports.includes(s.port.number)) })).filter((x) => x.servers.length);
}

/** Whether any Gateway selects the pod (it is a gateway workload, not a server). */
export function isGatewayPod(gateways: (Gateway & KubeObject)[], pod: Pod): boolean {
  return gateways.some((g) => selects(g, pod));
}

/** The VirtualServices bound to one of the gateways (namespace/name) for the host, oldest first. */
export function boundVirtualServices(all: (VirtualService & KubeObject)[], gateways: Set<string>, host: string): (VirtualService & KubeObject)[] {
  return all.filter((vs) => (vs.spec?.gateways ?? []).some((g) => gateways.has(gatewayRef(g, vs.metadata.namespace!))) && (vs.spec?.hosts ?? []).some((h) => hostMatches(h, host)));
}

/** IST0101 ReferencedResourceNotFound for each gateway a VirtualService names that does not exist. */
export function missingGateways(vs: VirtualService & KubeObject, gateways: (Gateway & KubeObject)[]): string[] {
  const have = new Set(gateways.map((g) => `${g.metadata.namespace}/${g.metadata.name}`));
  return (vs.spec?.gateways ?? []).filter((g) => g !== 'mesh' && !have.has(gatewayRef(g, vs.metadata.namespace!)));
}

export const referencedNotFound = (ref: string) => `Referenced gateway not found: "${ref}"`;
