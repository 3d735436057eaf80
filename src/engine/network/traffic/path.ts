// One request's way through the data plane, from a client pod or an external client to a pod: DNS (CoreDNS
// behind the kube-dns Service), the client node's kube-proxy (or the node a NodePort or load-balancer address
// lands on, or the ingress controller), NetworkPolicy, and the pod's server. The result is a set of weighted
// legs: one for a traced request, or the spread of many requests for the traffic simulator.
// Simplifications: many requests to a headless name spread evenly over its addresses (CoreDNS's loadbalance
// rotation); an external client's many connections spread as if from many addresses (no ClientIP pinning); a
// stopped node's pods do not answer; the ingress controller balances a Service's ready endpoints round robin and
// reads no ingress-nginx annotations.
import type { Pod } from 'kubernetes-types/core/v1';
import { resolve, type DnsAnswer, type DnsRecords } from '../dns/coredns.ts';
import { INGRESS_CONTROLLER_IP } from '../loadbalancer/controller.ts';
import type { KubeProxy, ProxyDecision } from '../kubeproxy/proxier.ts';
import { usableEndpoints } from '../kubeproxy/proxier.ts';
import type { RuleTable } from '../kubeproxy/rules.ts';
import type { IngressRoute } from '../ingress/routing.ts';
import type { ProxyEndpoint, ProxyService, ProxyServicePort } from '../types.ts';
import { CLUSTER_DNS } from './constants.ts';
import { toRFC3339 } from '../../sim/clock.ts';
import { NO_HEALTHY_UPSTREAM, type OutlierPolicy, type MeshChoice, type MeshDataPlane, type MeshMirror, type MeshRoute, type ProxyAnswer } from '../../api/mesh.ts';
import { pickWeighted } from './mesh.ts';
import { balancer } from './balancer.ts';
import { CONNECT_TIMEOUT_MS, HOP_MS, routeTries, type Try } from './retry.ts';

/** SIMULATION: the address external clients appear to come from (TEST-NET-3). */
export const EXTERNAL_CLIENT_IP = '203.0.113.10';

export type FailureKind = 'dns' | 'refused' | 'timeout' | 'http' | 'reset';

/**
 * One step of a request's path, with the map object it happened at: the client, CoreDNS, the ingress controller, a
 * node's kube-proxy, a Service, an endpoint pod, or where the packet was dropped (the page draws the path with these).
 */
export interface Hop {
  kind: 'client' | 'dns' | 'ingress' | 'proxy' | 'service' | 'endpoint' | 'pod' | 'drop';
  text: string;
  /** namespace/name */
  pod?: string;
  node?: string;
  /** namespace/name */
  service?: string;
}

export interface Leg {
  weight: number;
  steps: Hop[];
  service?: string;
  pod?: string;
  node?: string;
  port?: number;
  failure?: { kind: FailureKind; message: string };
  /** The client's sidecar answered itself (failure kind 'http'). */
  answer?: ProxyAnswer;
  /** Time the client's sidecar added before the last try's answer: a fault delay, earlier tries and back-offs. */
  delayMs?: number;
  /** The request went through the client's sidecar proxy (mesh.ts). */
  viaSidecar?: boolean;
  /** What the serving pod answers (its HTTP status and the time it takes), when it speaks HTTP. */
  response?: PodResponse;
  /** How many tries the sidecar's router made (retry.ts). */
  tries?: number;
  /** Pods (namespace/name) that answered earlier tries with an error the router retried. */
  retried?: string[];
  /** Pods whose earlier tries failed (connection, timeout, 5xx), as the pool's outlier detection counts them. */
  errored?: Errored[];
  /** The client proxy's pool for the destination, when its DestinationRule has outlier detection. */
  pool?: { key: string; hosts: number; policy: OutlierPolicy };
  /** The ingress gateway pod (namespace/name) that routed the request, and the gateway's Service it came in by. */
  gateway?: { pod: string; service?: string };
  /** The path a gateway's rewrite sent upstream, when it changed the request's. */
  path?: string;
  /** Shadow copies of the request (a route's mirror): per pod, the share of requests copied to it. */
  mirrored?: { pod: string; node?: string; service: string; share: number }[];
}

export interface PodResponse { status: number; delayMs: number }

/** A try that failed at a pod: `gateway` for a connection failure, a timeout, or 502/503/504. */
export interface Errored { pod: string; gateway: boolean }

export interface RequestTarget { host: string; port: number; path: string; headers?: Record<string, string> }

/** What the path needs from the rest of the cluster (wired by network.ts). */
export interface PathEnv {
  rules(): RuleTable;
  proxy(node: string): KubeProxy | undefined;
  nodeByIP(ip: string): string | undefined;
  /** The node that answers for a load-balancer address (MetalLB L2 announcement). */
  announcer(svc: ProxyService): string | undefined;
  podByIP(ip: string): (Pod & { metadata: { name: string; namespace: string } }) | undefined;
  podByKey(key: string): Pod | undefined;
  /** 'serving', 'refused' (running, but its server does not answer), or 'gone' (not running, or its machine is down). */
  podState(pod: Pod): 'serving' | 'refused' | 'gone';
  /** Whether a process of the pod listens on the TCP port (nothing listening: the pod's kernel answers RST). */
  podListens(pod: Pod, port: number): boolean;
  /** What the pod's server answers to GET path on the port (undefined: it speaks no HTTP). */
  podResponse(pod: Pod, port: number, path: string): PodResponse | undefined;
  ingressHosts(): Set<string>;
  ingressRoute(host: string, path: string): IngressRoute | undefined;
  /** NetworkPolicy: undefined when allowed, else why the packet is dropped. */
  policyDenies(src: { pod?: Pod; ip: string }, dst: Pod, port: number, protocol: string): string | undefined;
  now(): number;
  /** The service mesh, when one is installed (mesh.ts). */
  mesh?: MeshDataPlane;
  /** A pod's requests waiting (the traffic model's gauge), for LEAST_REQUEST. */
  requestsWaiting?(pod: string): number;
  /** A client pool's round-robin turn (its count of picks so far), for DestinationRule ROUND_ROBIN. */
  nextRoundRobin?(pool: string): number;
  /** A client pool's ejected pods (outlier.ts), each with the time it may come back. */
  ejected?(pool: string, policy: OutlierPolicy): Map<string, number>;
}

export function parseURL(url: string): RequestTarget {
  const m = /^(?:http:\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url.trim());
  if (!m) throw new Error(`invalid URL "${url}": expected http://HOST[:PORT]/PATH`);
  const port = m[2] ? Number(m[2]) : 80;
  if (port < 1 || port > 65535) throw new Error(`invalid URL "${url}": port ${port} out of range`);
  return { host: m[1].toLowerCase(), port, path: m[3] ?? '/' };
}

const isIP = (s: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(s);

export interface Source { pod?: Pod; node?: string; ip: string; namespace?: string; label: string }

export class RequestPath {
  constructor(private readonly env: PathEnv) {}

  dnsRecords(): DnsRecords {
    const t = this.env.rules();
    return { service: (ns, name) => t.services.get(`${ns}/${name}`) };
  }

  /** A DNS query from a pod: the kube-dns Service must lead to a serving CoreDNS pod. */
  lookup(name: string, src: Source): { answer?: DnsAnswer; steps: Hop[]; error?: string } {
    const steps: Hop[] = [];
    const proxy = src.node ? this.env.proxy(src.node) : undefined;
    if (!proxy) return { steps, error: `no kube-proxy on the client's node` };
    const d = proxy.route(CLUSTER_DNS.ip, CLUSTER_DNS.port, src.ip, this.env.now(), 'UDP');
    if (d.kind !== 'endpoint') return { steps, error: `;; connection timed out; no servers could be reached (${CLUSTER_DNS.ip}: ${d.reason})` };
    const dnsPod = d.endpoint.pod ? this.env.podByKey(d.endpoint.pod) : undefined;
    if (!dnsPod || this.env.podState(dnsPod) !== 'serving') return { steps, error: `;; connection timed out; no servers could be reached (CoreDNS endpoint ${d.endpoint.ip} does not answer)` };
    const denied = this.env.policyDenies({ pod: src.pod, ip: src.ip }, dnsPod, d.endpoint.port, 'UDP');
    if (denied) return { steps, error: `;; connection timed out; no servers could be reached (NetworkPolicy drops the query: ${denied})` };
    steps.push({ kind: 'dns', pod: d.endpoint.pod, node: d.endpoint.nodeName, text: `DNS: query to ${CLUSTER_DNS.ip} (kube-dns) answered by CoreDNS pod ${d.endpoint.pod} at ${d.endpoint.ip}` });
    const answer = resolve(name, src.namespace, this.dnsRecords());
    return { answer, steps };
  }

  /** The legs of a request (weights sum to 1). `single` picks one backend as one connection would. */
  legs(src: Source, target: RequestTarget, single: boolean): Leg[] {
    const fail = (kind: FailureKind, message: string, steps: Hop[]): Leg[] => [{ weight: 1, steps, failure: { kind, message } }];
    const steps: Hop[] = [];
    let ips: string[];
    let host = target.host;
    if (isIP(host)) ips = [host];
    else if (src.pod) {
      const r = this.lookup(host, src);
      steps.push(...r.steps);
      if (r.error || !r.answer) return fail('dns', r.error ?? 'DNS failed', steps);
      let a = r.answer;
      // Later DNS steps happen at the CoreDNS pod that answered.
      const dns = (text: string): Hop => ({ ...r.steps[0], text });
      if (a.kind === 'CNAME') {
        steps.push(dns(`DNS: ${a.name} is a CNAME to ${a.target} (ExternalName Service ${a.service})`));
        const again = resolve(`${a.target}.`, undefined, this.dnsRecords());
        if (again.kind !== 'A') return fail('dns', `curl: (6) Could not resolve host: ${a.target}`, steps);
        a = again;
      }
      if (a.kind === 'NXDOMAIN') {
        steps.push(dns(`DNS: NXDOMAIN (tried ${a.tried.join(', ')})`));
        return fail('dns', `curl: (6) Could not resolve host: ${host}`, steps);
      }
      steps.push(dns(`DNS: ${a.name} → ${a.ips.join(', ')} (${a.note})`));
      ips = a.ips;
    } else if (this.env.ingressHosts().has(host)) {
      steps.push({ kind: 'dns', text: `DNS (outside the cluster): ${host} points at the ingress controller ${INGRESS_CONTROLLER_IP}` });
      ips = [INGRESS_CONTROLLER_IP];
    } else {
      // A Gateway server's host: outside DNS points it at the gateway Service's load-balancer address.
      const gw = this.env.mesh?.gatewayService(host);
      const ip = gw ? this.env.rules().services.get(gw)?.loadBalancerIPs[0] : undefined;
      if (!ip) return fail('dns', `curl: (6) Could not resolve host: ${host}`, steps);
      steps.push({ kind: 'dns', text: `DNS (outside the cluster): ${host} points at the load-balancer address ${ip} of the gateway Service ${gw}` });
      ips = [ip];
    }
    if (!isIP(target.host) && ips.length > 1) host = target.host;
    // Headless answers: the client takes the first address; CoreDNS's loadbalance rotates them, so many requests spread.
    const chosen = single ? [ips[0]] : ips;
    return chosen.flatMap((ip) => this.toAddress(src, ip, target, host, [...steps], single).flatMap((l) => this.atGateway(l, target, single)).map((l) => ({ ...this.withResponse(l, target.path), weight: l.weight / chosen.length })));
  }

  /** A leg that reached a serving pod, with what the pod answers. */
  private withResponse(l: Leg, path: string): Leg {
    if (l.failure || l.response || !l.pod || l.port === undefined) return l;
    const pod = this.env.podByKey(l.pod);
    const response = pod && this.env.podResponse(pod, l.port, path);
    return response ? { ...l, response } : l;
  }

  private toAddress(src: Source, ip: string, target: RequestTarget, host: string, steps: Hop[], single: boolean): Leg[] {
    if (ip === INGRESS_CONTROLLER_IP && target.port === 80) return this.viaIngress(host, target, steps);
    const pod = this.env.podByIP(ip);
    if (pod && !pod.spec?.hostNetwork) {
      const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
      steps.push({ kind: 'endpoint', pod: key, node: pod.spec?.nodeName, text: `${ip} is the address of pod ${key}: no Service, straight to the pod` });
      return [this.atPod(src, { ip, port: target.port, pod: key, nodeName: pod.spec?.nodeName, ready: true, serving: true, terminating: false }, undefined, steps, 1)];
    }
    // Which kube-proxy sees the packet: the client's node, or the node that owns (or announces) the address.
    let node = src.node;
    let external = false;
    const byIP = this.env.rules().byIP(ip, target.port);
    // A sidecar intercepts the connection before the node's kube-proxy sees it. Simplification: not one to a gateway's
    // Service, which then routes as if the sidecar passed it on (Istio's default route to the gateway pods).
    if (src.pod && byIP && this.env.mesh?.hasSidecar(src.pod) && !this.toGateway(byIP.port)) return this.viaSidecar(src, this.env.mesh, byIP.svc, byIP.port, target, steps, single);
    if (!src.pod) {
      const owner = this.env.nodeByIP(ip);
      if (owner) node = owner;
      else if (byIP && byIP.svc.loadBalancerIPs.includes(ip)) node = this.env.announcer(byIP.svc);
      else return [{ weight: 1, steps: [...steps, { kind: 'drop', text: `${ip}:${target.port} is not reachable from outside the cluster` }], failure: { kind: 'timeout', message: `curl: (28) Failed to connect to ${ip} port ${target.port} after ${5000} ms: Timeout was reached` } }];
      external = true;
    }
    const proxy = node ? this.env.proxy(node) : undefined;
    if (!proxy) return [{ weight: 1, steps: [...steps, { kind: 'drop', node, text: `no kube-proxy on node ${node ?? '?'}` }], failure: { kind: 'timeout', message: `curl: (28) Failed to connect to ${ip} port ${target.port}: Timeout was reached` } }];
    steps.push({ kind: 'proxy', node: proxy.nodeName, text: `kube-proxy on ${proxy.nodeName} (${proxy.mode}, rules synced at ${toRFC3339(proxy.syncedAt)})` });
    const hit = proxy.lookup(ip, target.port);
    if (!hit) {
      steps.push({ kind: 'drop', node: proxy.nodeName, text: `no rule for ${ip}:${target.port}` });
      return [{ weight: 1, steps, failure: { kind: 'timeout', message: `curl: (28) Failed to connect to ${ip} port ${target.port}: Timeout was reached` } }];
    }
    const { svc, port } = hit.target;
    const isExternal = external || hit.external;
    steps.push({ kind: 'service', service: svc.key, text: `Service ${svc.key} (${svc.type}) port ${port.name || port.port}/${port.protocol}${isExternal ? ' (external traffic)' : ''}` });
    const affinityPinned = svc.sessionAffinity === 'ClientIP' && !!src.pod;
    if (single || affinityPinned) {
      const d: ProxyDecision = proxy.route(ip, target.port, src.ip, this.env.now(), 'TCP', isExternal);
      return [this.decided(src, d, svc, steps)];
    }
    const { endpoints, local, note } = usableEndpoints(svc, port, proxy.nodeName, isExternal);
    if (!endpoints.length) {
      const d: ProxyDecision = local && port.endpoints.length ? { kind: 'drop', reason: `${note}: the packet is dropped` } : { kind: 'reject', reason: `Service ${svc.key} has no endpoints: REJECT (connection refused)` };
      return [this.decided(src, d, svc, steps)];
    }
    return endpoints.map((e) => this.atPod(src, e, svc.key, [...steps, endpointHop(e, ` (${proxy.mode === 'ipvs' ? 'round robin' : 'random'} among ${note})`)], 1 / endpoints.length));
  }

  private toGateway(port: ProxyServicePort): boolean {
    const mesh = this.env.mesh;
    return !!mesh && port.endpoints.some((e) => { const p = e.pod ? this.env.podByKey(e.pod) : undefined; return !!p && mesh.isGateway(p); });
  }

  /**
   * A request that reached an ingress gateway pod: its Envoy routes it by the Gateways and VirtualServices
   * (mesh.gatewayRoute), then tries it on the chosen Service's endpoints as a sidecar's router would.
   */
  private atGateway(l: Leg, target: RequestTarget, single: boolean): Leg[] {
    const mesh = this.env.mesh;
    const pod = !l.failure && l.pod && mesh ? this.env.podByKey(l.pod) : undefined;
    const plan = pod && mesh?.gatewayRoute(pod, { host: target.headers?.host ?? target.host, ports: [...new Set([target.port, l.port!])], path: target.path, headers: target.headers ?? {} });
    if (!pod || !mesh || !plan) return [l];
    const gwSrc: Source = { pod, node: pod.spec?.nodeName, ip: pod.status?.podIP ?? '', namespace: pod.metadata?.namespace, label: `gateway pod ${l.pod}` };
    const steps = [...l.steps.slice(0, -1), { kind: 'proxy' as const, pod: l.pod, node: l.node, text: `ingress gateway pod ${l.pod} (Envoy) on port ${l.port}: ${plan.text}` }];
    const via = { gateway: { pod: l.pod!, ...(l.service ? { service: l.service } : {}) } };
    const choices = single ? [{ ...pickWeighted(plan.choices, mesh.draw()), weight: 1 }] : plan.choices;
    return choices.flatMap((c): Leg[] => {
      const answered = (answer: ProxyAnswer, text: string): Leg[] => [{ weight: c.weight, steps: [...steps, { kind: 'proxy', pod: l.pod, node: l.node, text }], answer, failure: { kind: 'http', message: `${answer.status} ${answer.body}`.trim() } }];
      if (c.answer) return answered(c.answer, c.text);
      const svc = c.service ? this.env.rules().services.get(c.service) : undefined;
      const port = svc && (c.port !== undefined ? svc.ports.find((p) => p.port === c.port) : svc.ports.length === 1 ? svc.ports[0] : undefined);
      if (!svc || !port) return answered({ status: 503, body: '' }, `${c.text}: the destination has no such Service port (a destination port is needed when the Service has several), the proxy answers 503`);
      const legs = this.sidecarChoice(gwSrc, mesh, svc, port, plan, { ...c, service: undefined, port: undefined }, c.path ? { ...target, path: c.path } : target, [...steps], single);
      return c.path ? legs.map((g) => ({ ...g, path: c.path })) : legs;
    }).map((g) => ({ ...g, weight: g.weight * l.weight, ...via }));
  }

  /** The client's sidecar routes the request (mesh.ts): a route's choice, then an endpoint of its subset. */
  private viaSidecar(src: Source, mesh: MeshDataPlane, svc: ProxyService, port: ProxyServicePort, target: RequestTarget, steps: Hop[], single: boolean): Leg[] {
    const client = `${src.pod!.metadata!.namespace}/${src.pod!.metadata!.name}`;
    const plan = mesh.route(src.pod!, { namespace: svc.namespace, service: svc.name, port: port.port, path: target.path, headers: target.headers ?? {} });
    steps.push({ kind: 'proxy', pod: client, node: src.node, text: `sidecar istio-proxy of ${client} intercepts the connection to Service ${svc.key} port ${port.port}: ${plan.text}` });
    const choices = single ? [{ ...pickWeighted(plan.choices, mesh.draw()), weight: 1 }] : plan.choices;
    const legs = choices.flatMap((c) => this.sidecarChoice(src, mesh, svc, port, plan, c, target, [...steps], single));
    const shadow = plan.mirror ? this.mirror(src, mesh, plan.mirror, port, single) : undefined;
    return legs.map((l) => ({ ...l, viaSidecar: true, ...(shadow?.hop ? { steps: [...l.steps, shadow.hop] } : {}), ...(shadow?.mirrored.length ? { mirrored: shadow.mirrored } : {}) }));
  }

  /**
   * A route's mirror: the proxy copies a share of the requests to the mirror's endpoints and drops their answers, so
   * the client's response never depends on them. One traced request is copied or not by a draw.
   */
  private mirror(src: Source, mesh: MeshDataPlane, m: MeshMirror, port: ProxyServicePort, single: boolean): { hop?: Hop; mirrored: NonNullable<Leg['mirrored']> } {
    const svc = this.env.rules().services.get(m.service);
    const target = svc?.ports.find((p) => p.port === (m.port ?? port.port));
    const endpoints = target ? this.subsetEndpoints(target, m.subset) : [];
    const hop = (text: string): Hop => ({ kind: 'proxy', pod: `${src.pod!.metadata!.namespace}/${src.pod!.metadata!.name}`, node: src.node, text });
    if (!endpoints.length) return { hop: single ? hop(`${m.text}: no ready endpoint, no copy is sent`) : undefined, mirrored: [] };
    const at = (e: ProxyEndpoint, share: number) => ({ pod: e.pod ?? e.ip, ...(e.nodeName ? { node: e.nodeName } : {}), service: m.service, share });
    if (!single) return { mirrored: endpoints.map((e) => at(e, m.share / endpoints.length)) };
    if (mesh.draw() >= m.share) return { hop: hop(`${m.text}: this request is not copied`), mirrored: [] };
    const e = endpoints[Math.floor(mesh.draw() * endpoints.length)];
    return { hop: hop(`${m.text}: a copy goes to endpoint ${e.ip}:${e.port} (pod ${e.pod ?? '?'}); the proxy does not wait for its answer and discards it`), mirrored: [at(e, 1)] };
  }

  /** A Service port's ready endpoints, those of a subset's pods when one is given. */
  private subsetEndpoints(port: ProxyServicePort, subset: Record<string, string> | undefined): ProxyEndpoint[] {
    return port.endpoints.filter((e) => {
      if (!e.ready) return false;
      if (!subset) return true;
      const labels = e.pod ? this.env.podByKey(e.pod)?.metadata?.labels : undefined;
      return Object.entries(subset).every(([k, v]) => labels?.[k] === v);
    });
  }

  private sidecarChoice(src: Source, mesh: MeshDataPlane, svc: ProxyService, port: ProxyServicePort, plan: MeshRoute, c: MeshChoice, target: RequestTarget, steps: Hop[], single: boolean): Leg[] {
    const delay = c.delayMs ? { delayMs: c.delayMs } : {};
    const answered = (answer: ProxyAnswer, text: string): Leg[] => [{ weight: c.weight, service: svc.key, steps: [...steps, { kind: 'proxy', pod: steps.at(-1)?.pod, node: src.node, text }], answer, failure: { kind: 'http', message: `${answer.status} ${answer.body}` }, ...delay }];
    if (c.answer) return answered(c.answer, c.text);
    if (c.service || c.port) {
      const other = c.service ? this.env.rules().services.get(c.service) : svc;
      const otherPort = other?.ports.find((p) => p.port === (c.port ?? port.port));
      if (!other || !otherPort) return answered({ status: 503, body: '' }, `${c.text}: the destination has no such Service port, the proxy answers 503`);
      [svc, port] = [other, otherPort];
    }
    const ready = this.subsetEndpoints(port, c.subset);
    if (!ready.length) return answered({ status: 503, body: NO_HEALTHY_UPSTREAM }, `${c.text}: no ready endpoint, the proxy answers 503`);
    const key = svc.key;
    // The client's pool for this destination: outlier detection keeps ejected pods out of it.
    const outlier = c.policy?.outlier;
    const poolKey = `${steps.at(-1)?.pod ?? src.ip}>${key}`;
    const pool = outlier && this.env.ejected ? { key: poolKey, hosts: ready.length, policy: outlier } : undefined;
    const out = pool ? this.env.ejected!(pool.key, outlier!) : new Map<string, number>();
    const endpoints = ready.filter((e) => !e.pod || !out.has(e.pod));
    if (out.size) steps.push({ kind: 'proxy', pod: steps.at(-1)?.pod, node: src.node, text: `outlier detection (DestinationRule ${c.policy!.rule}): ${[...out].map(([p, until]) => `pod ${p} ejected until ${toRFC3339(until)}`).join(', ')}` });
    if (!endpoints.length) return answered({ status: 503, body: NO_HEALTHY_UPSTREAM }, `${c.text}: every endpoint is ejected, the proxy answers 503 (UH)`).map((l) => ({ ...l, ...(pool ? { pool } : {}) }));
    const lb = c.policy?.lb && balancer(c.policy.lb, target.headers ?? {}, () => mesh.draw(), () => this.env.nextRoundRobin?.(poolKey) ?? 0, (e) => (e.pod ? this.env.requestsWaiting?.(e.pod) ?? 0 : 0));
    const legs = routeTries({
      endpoints, retry: plan.retry, timeoutMs: plan.timeoutMs, at: { pod: steps.at(-1)?.pod, node: src.node },
      draw: single ? () => mesh.draw() : undefined,
      ...(single && lb ? { pick: lb.pick } : {}),
      tryAt: (e, before) => this.tryAt(src, e, key, [...before, endpointHop(e, ` (${c.text}; the proxy balances over ${endpoints.length} endpoint(s)${lb ? `, ${lb.text}` : ''})`)], target.path),
    }, steps, c.weight);
    return legs.map((l) => ({ ...l, ...(c.delayMs ? { delayMs: c.delayMs + (l.delayMs ?? 0) } : {}), ...(pool ? { pool } : {}) }));
  }

  /** One try of the client sidecar's router at an endpoint: the connection, then the pod's answer. */
  private tryAt(src: Source, e: ProxyEndpoint, service: string, steps: Hop[], path: string): Try {
    const leg = this.withResponse(this.atPod(src, e, service, steps, 1), path);
    const kind = leg.failure?.kind;
    if (kind === 'timeout') return { leg, outcome: { kind: 'connect-failure', reason: 'connection timeout', ms: CONNECT_TIMEOUT_MS } };
    if (kind) return { leg, outcome: { kind: 'connect-failure', reason: 'connection failure', ms: HOP_MS } };
    // A server that closes the connection without an HTTP answer resets the stream.
    if (!leg.response) return { leg, outcome: { kind: 'connect-failure', reason: 'connection termination', ms: HOP_MS } };
    return { leg, outcome: { kind: 'response', status: leg.response.status, ms: HOP_MS + leg.response.delayMs } };
  }

  private decided(src: Source, d: ProxyDecision, svc: ProxyService, steps: Hop[]): Leg {
    if (d.kind === 'endpoint') return this.atPod(src, d.endpoint, svc.key, [...steps, endpointHop(d.endpoint, `: ${d.reason}`)], 1);
    steps.push({ kind: 'drop', service: svc.key, text: d.reason });
    if (d.kind === 'reject') return { weight: 1, steps, service: svc.key, failure: { kind: 'refused', message: `curl: (7) Failed to connect to ${svc.clusterIP ?? svc.name}: Connection refused` } };
    return { weight: 1, steps, service: svc.key, failure: { kind: 'timeout', message: 'curl: (28) Connection timed out after 5000 milliseconds' } };
  }

  private viaIngress(host: string, target: RequestTarget, steps: Hop[]): Leg[] {
    const route = this.env.ingressRoute(host, target.path);
    steps.push({ kind: 'ingress', text: `ingress controller at ${INGRESS_CONTROLLER_IP}: ${route ? `Ingress ${route.ingress} rule ${route.rule}` : 'no rule matches'}` });
    if (!route?.backend.service) return [{ weight: 1, steps, failure: { kind: 'http', message: '404 Not Found (ingress default backend)' } }];
    const ns = route.ingress.split('/')[0];
    const svc = this.env.rules().services.get(`${ns}/${route.backend.service.name}`);
    const want = route.backend.service.port;
    const port = svc?.ports.find((p) => (want?.number !== undefined ? p.port === want.number : p.name === want?.name));
    if (!svc || !port) return [{ weight: 1, steps: [...steps, { kind: 'drop', text: `backend Service ${ns}/${route.backend.service.name} not found` }], failure: { kind: 'http', message: '503 Service Temporarily Unavailable' } }];
    // ingress-nginx balances over the Service's ready endpoints itself (no kube-proxy on this hop).
    const ready = port.endpoints.filter((e) => e.ready);
    steps.push({ kind: 'service', service: svc.key, text: `backend Service ${svc.key} port ${port.name || port.port}: ${ready.length} ready endpoint(s), round robin by the ingress controller` });
    if (!ready.length) return [{ weight: 1, steps, service: svc.key, failure: { kind: 'http', message: '503 Service Temporarily Unavailable' } }];
    const ingressSrc: Source = { ip: INGRESS_CONTROLLER_IP, label: 'ingress controller' };
    return ready.map((e) => this.atPod(ingressSrc, e, svc.key, [...steps, endpointHop(e, '')], 1 / ready.length));
  }

  private atPod(src: Source, e: ProxyEndpoint, service: string | undefined, steps: Hop[], weight: number): Leg {
    const base = { weight, service, node: e.nodeName, port: e.port };
    const pod = e.pod ? this.env.podByKey(e.pod) : this.env.podByIP(e.ip);
    const key = e.pod ?? (pod ? `${pod.metadata?.namespace}/${pod.metadata?.name}` : undefined);
    const timeout = (why: string): Leg => ({ ...base, pod: key, steps: [...steps, { kind: 'drop', pod: key, node: e.nodeName, text: why }], failure: { kind: 'timeout', message: `curl: (28) Failed to connect to ${e.ip} port ${e.port} after 5000 ms: Timeout was reached` } });
    if (!pod || pod.status?.podIP !== e.ip) return timeout(`no pod has ${e.ip} any more (stale endpoint): the packet goes nowhere`);
    const denied = this.env.policyDenies({ pod: src.pod, ip: src.ip }, pod, e.port, 'TCP');
    if (denied) return timeout(`NetworkPolicy drops the packet: ${denied}`);
    const state = this.env.podState(pod);
    if (state === 'gone') return timeout(`pod ${key} is not running or its node is down: no answer`);
    const strict = src.pod && (this.env.mesh?.hasSidecar(src.pod) || this.env.mesh?.isGateway(src.pod)) ? undefined : this.env.mesh?.refusesPlaintext(pod, e.port);
    if (strict) return { ...base, pod: key, steps: [...steps, { kind: 'drop', pod: key, node: e.nodeName, text: `the sidecar of pod ${key} resets the plaintext connection: ${strict}` }], failure: { kind: 'reset', message: 'curl: (56) Recv failure: Connection reset by peer' } };
    const refused = state === 'refused' ? 'the server does not answer yet' : !this.env.podListens(pod, e.port) ? `nothing listens on port ${e.port}` : undefined;
    if (refused) return { ...base, pod: key, steps: [...steps, { kind: 'drop', pod: key, node: e.nodeName, text: `pod ${key}: ${refused}` }], failure: { kind: 'refused', message: `curl: (7) Failed to connect to ${e.ip} port ${e.port}: Connection refused` } };
    return { ...base, pod: key, steps: [...steps, { kind: 'pod', pod: key, node: pod.spec?.nodeName, text: `pod ${key} on ${pod.spec?.nodeName ?? '?'} serves the request` }] };
  }
}

/** The endpoint kube-proxy (or the ingress controller) chose; `why` follows the address. */
function endpointHop(e: ProxyEndpoint, why: string): Hop {
  return { kind: 'endpoint', pod: e.pod, node: e.nodeName, text: `endpoint ${e.ip}:${e.port}${why}` };
}
