// The data plane, wired: every node's kube-proxy, CoreDNS, the load-balancer and ingress controllers, and the
// traffic simulator. cluster.ts builds one and hands it what it cannot see itself (API server and machine
// reachability, whether a pod's server answers, the NetworkPolicy verdict).
import type { Namespace, Node, Pod } from 'kubernetes-types/core/v1';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1';
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import type { EventRecorder } from '../client/events.ts';
import { NO_INDEX_VALUES, type Informer, type SharedInformerFactory } from '../client/informer.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { resolve, type DnsAnswer } from './dns/coredns.ts';
import { IngressController } from './ingress/controller.ts';
import { KubeProxyManager } from './kubeproxy/manager.ts';
import type { ProxyMode } from './kubeproxy/proxier.ts';
import { LoadBalancerController } from './loadbalancer/controller.ts';
import { evaluate, type PolicyEndpoint, type Protocol } from './networkpolicy/evaluate.ts';
import { echo, type EchoResult } from './traffic/echo.ts';
import { RequestPath, parseURL, type FailureKind, type Hop, type Leg, type PathEnv, type PodResponse, type Source } from './traffic/path.ts';
import { TrafficSimulator, type SourceStatus, type TrafficState } from './traffic/simulator.ts';
import { CLUSTER_DNS } from './traffic/constants.ts';
import type { MeshDataPlane, ProxyAnswer } from '../api/mesh.ts';
import type { TrafficSource } from './traffic/sources.ts';
import type { ServiceEndpointsView, TrafficSeries } from './types.ts';

type P = Pod & KubeObject;

const POD_IP_INDEX = 'network/podIP';

export interface NetworkDeps {
  store: Store;
  clock: SimClock;
  informers: SharedInformerFactory;
  recorder: EventRecorder;
  rng: SeededRng;
  /** Whether the API server runs. */
  apiServerUp(): boolean;
  nodeStopped(name: string): boolean;
  podAnswers(pod: Pod): 'serving' | 'refused' | 'gone';
  /** Whether a container of the pod listens on the port (node/runtime's convention of what each image serves). */
  podListens(pod: Pod, port: number): boolean;
  /** What the pod's server answers to GET path (node/runtime's convention), undefined when it speaks no HTTP. */
  podResponse(pod: Pod, port: number, path: string): PodResponse | undefined;
  /** Whether the pod network enforces NetworkPolicy (calico does, flannel does not). */
  enforcesNetworkPolicy(): boolean;
  /** Whether the node's pod network bridges its pods (flannel) rather than routing each one (calico). */
  podNetworkBridged(node: string): boolean;
  /** The service mesh's sidecars (traffic/mesh.ts), when the cluster can run one. */
  mesh?: MeshDataPlane;
}

/** What survives a snapshot. */
export interface NetworkState {
  proxyMode?: ProxyMode;
  /** Snapshots before the metric series were kept hold the sources alone. */
  traffic?: TrafficState | TrafficSource[];
}

/**
 * `sim trace request`: the hops in order, the outcome, and what kind of failure it was; `pod` and `port` say where
 * the connection ended (the serving pod, or the one that refused or dropped it).
 */
export interface TraceResult {
  url: string; from: string; hops: Hop[]; result: string; ok: boolean; failure?: FailureKind; pod?: string; port?: number;
  /** The path the serving pod got, when a gateway rewrote it. */
  path?: string;
  /** The client's sidecar answered (fault abort, no healthy upstream, timeout), held the request (fault delay, earlier tries), or passed it on. */
  answer?: ProxyAnswer; delayMs?: number; viaSidecar?: boolean;
  /** How many tries the sidecar's router made. */
  tries?: number;
}

export class Network {
  readonly proxies: KubeProxyManager;
  readonly ingress: IngressController;
  readonly loadBalancers: LoadBalancerController;
  readonly traffic: TrafficSimulator;
  readonly path: RequestPath;
  private readonly pods: Informer<P>;
  private readonly nodes: Informer<Node & KubeObject>;
  private readonly policies: Informer<NetworkPolicy & KubeObject>;
  private readonly namespaces: Informer<Namespace & KubeObject>;
  private enforcingAt: { at: number; value: boolean } | undefined;

  constructor(private readonly deps: NetworkDeps, state: NetworkState = {}) {
    const { clock, informers } = deps;
    this.proxies = new KubeProxyManager(informers, clock, deps.rng.fork('kube-proxy'), {
      reachable: (node) => deps.apiServerUp() && !deps.nodeStopped(node),
    }, state.proxyMode ?? 'iptables');
    this.ingress = new IngressController(deps.store, clock, informers, deps.recorder);
    this.loadBalancers = new LoadBalancerController(deps.store, clock, informers, deps.recorder);
    this.pods = informers.informerFor<P>('Pod');
    this.pods.addIndexer(POD_IP_INDEX, (o) => {
      const p = o as P;
      return p.status?.podIP && !p.spec?.hostNetwork ? [p.status.podIP] : NO_INDEX_VALUES;
    });
    this.nodes = informers.informerFor<Node & KubeObject>('Node');
    this.policies = informers.informerFor<NetworkPolicy & KubeObject>('NetworkPolicy');
    this.namespaces = informers.informerFor<Namespace & KubeObject>('Namespace');
    this.path = new RequestPath(this.pathEnv());
    this.traffic = new TrafficSimulator(clock, deps.rng.fork('traffic'), {
      path: this.path,
      podSource: (key) => this.podSource(key),
      pod: (key) => this.podByKey(key),
    });
    const traffic = state.traffic ?? [];
    this.traffic.restore(Array.isArray(traffic) ? { sources: traffic } : traffic);
  }

  /** The controllers of the data plane (they write status), paused with the API server. */
  controllers(): (IngressController | LoadBalancerController)[] { return [this.ingress, this.loadBalancers]; }

  start(): void { for (const c of this.controllers()) c.start(); }

  state(): NetworkState { return { proxyMode: this.proxies.mode, traffic: this.traffic.state() }; }

  // ---- read models (the page, sim commands) ----

  serviceEndpoints(): ServiceEndpointsView[] {
    return [...this.proxies.rules().services.values()].map((s) => ({
      key: s.key, type: s.type, clusterIP: s.clusterIP,
      ports: s.ports.map((p) => ({ name: p.name, port: p.port, protocol: p.protocol, nodePort: p.nodePort })),
      endpoints: s.ports.flatMap((p) => p.endpoints.map((e) => ({ ...e, portName: p.name }))),
    })).sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  trafficMetrics(scope?: TrafficSeries['scope']): TrafficSeries[] { return this.traffic.series(scope); }
  trafficSources(): SourceStatus[] { return this.traffic.list(); }

  // ---- commands ----

  /**
   * `sim dns lookup NAME [--from POD] [-n NAMESPACE]`: from a pod, through its node's kube-proxy to CoreDNS; without
   * one, CoreDNS's answer with the search path of a pod in `namespace`.
   */
  dnsLookup(name: string, from?: string, namespace = 'default'): { answer?: DnsAnswer; steps: Hop[]; error?: string } {
    if (from) {
      const src = this.podSource(from);
      if (!src) throw new Error(`pod ${from} is not running`);
      return this.path.lookup(name, src);
    }
    return { answer: resolve(name, namespace, this.path.dnsRecords()), steps: [] };
  }

  /** `sim trace request URL [--from POD]`: one request, step by step. */
  trace(url: string, from: string, headers?: Record<string, string>, podIP?: string): TraceResult {
    const target = { ...parseURL(url), ...(headers ? { headers } : {}) };
    const src: Source | undefined = from === 'external' ? { ip: '203.0.113.10', label: 'external client' } : this.podSource(from, podIP);
    if (!src) throw new Error(`pod ${from} is not running`);
    const [leg] = this.path.legs(src, target, true) as Leg[];
    const client: Hop = { kind: 'client', pod: src.pod ? from : undefined, node: src.node, text: `client: ${src.label} (${src.ip})${src.node ? ` on node ${src.node}` : ''}` };
    return {
      url, from, hops: [client, ...leg.steps], ok: !leg.failure, failure: leg.failure?.kind,
      result: (leg.failure ? leg.failure.message : `${leg.response?.status ?? 200}${leg.response && leg.response.status !== 200 ? '' : ' OK'} from pod ${leg.pod}`)
        + (leg.tries && leg.tries > 1 ? ` after ${leg.tries} tries` : '')
        + (leg.delayMs ? ` (held ${leg.delayMs} ms by the sidecar)` : '') + (leg.response?.delayMs ? ` (the server takes ${leg.response.delayMs} ms)` : ''),
      ...(leg.pod ? { pod: leg.pod, port: leg.port } : {}), ...(leg.path ? { path: leg.path } : {}),
      ...(leg.answer ? { answer: leg.answer } : {}), ...(leg.delayMs ? { delayMs: leg.delayMs } : {}), ...(leg.viaSidecar ? { viaSidecar: true } : {}),
      ...(leg.tries && leg.tries > 1 ? { tries: leg.tries } : {}),
    };
  }

  /**
   * The pod network as a program in pod `from` (namespace/name) sees it, for `kubectl exec curl|wget|nslookup`: its
   * resolver's lookups (`sim dns lookup --from`) and its connections (`sim trace request --from`), step for step.
   */
  /** podIP: the pod's address before its status shows it (its init containers run then). */
  podView(from: string, podIP?: string): PodNetworkView {
    const lookup = (name: string): DnsReply => {
      const src = this.podSource(from, podIP);
      const r = src ? this.path.lookup(name, src) : undefined;
      if (!r?.answer || r.error) return { kind: 'timeout' };
      const a = r.answer;
      if (a.kind === 'CNAME') {
        // An ExternalName Service: the resolver follows the CNAME (only cluster.local names answer here).
        const target = resolve(`${a.target}.`, undefined, this.path.dnsRecords());
        if (target.kind !== 'A') return { kind: 'NXDOMAIN', tried: a.tried };
        return { kind: 'A', name: target.name, ips: target.ips, cname: a.name, tried: a.tried };
      }
      return a.kind === 'A' ? { kind: 'A', name: a.name, ips: a.ips, tried: a.tried } : { kind: 'NXDOMAIN', tried: a.tried };
    };
    return {
      now: this.deps.clock.now(),
      dnsServer: CLUSTER_DNS.ip,
      lookup,
      connect: (host, port, path, headers) => {
        let ip = host;
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) {
          const a = lookup(host);
          if (a.kind !== 'A') return { kind: 'unresolved' };
          ip = a.ips[0];
        }
        let t: TraceResult;
        try {
          t = this.trace(`http://${host}:${port}${path}`, from, headers, podIP);
        } catch {
          return { kind: 'unresolved' }; // a name the request path cannot parse
        }
        if (t.failure === 'dns') return { kind: 'unresolved' };
        if (t.failure === 'refused' || t.failure === 'timeout' || t.failure === 'reset') return { kind: t.failure, ip };
        const mesh = { ...(t.delayMs ? { delayMs: t.delayMs } : {}), ...(t.viaSidecar ? { viaSidecar: true } : {}) };
        if (t.answer) return { kind: 'answered', ip, answer: t.answer, ...mesh };
        const pod = t.pod ? this.podByKey(t.pod) : undefined;
        return pod && t.port !== undefined ? { kind: 'connected', ip, pod, port: t.port, ...mesh, ...(t.path ? { path: t.path } : {}) } : { kind: 'timeout', ip };
      },
      ping: (host) => {
        let ip = host;
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) {
          const a = lookup(host);
          if (a.kind !== 'A') return { kind: 'unresolved' };
          ip = a.ips[0];
        }
        const src = this.podSource(from, podIP);
        const e = src && this.echo(src, ip);
        return e?.reply ? { kind: 'reply', ip, ttl: e.ttl, sameNode: e.sameNode } : { kind: 'lost', ip };
      },
    };
  }

  /**
   * A connection from outside the cluster (the learner's workstation) to a node's address or a load-balancer address,
   * routed as `sim trace request` routes an external client's; undefined when neither has the address.
   */
  externalConnect(ip: string, port: number, path: string, headers?: Record<string, string>): ReturnType<PodNetworkView['connect']> | undefined {
    const env = this.pathEnv();
    if (!env.nodeByIP(ip) && !env.rules().byIP(ip, port)?.svc.loadBalancerIPs.includes(ip)) return undefined;
    const t = this.trace(`http://${ip}:${port}${path}`, 'external', headers);
    if (t.failure === 'timeout') return { kind: 'timeout', ip };
    if (t.answer) return { kind: 'answered', ip, answer: t.answer, ...(t.delayMs ? { delayMs: t.delayMs } : {}) };
    const pod = t.pod ? this.podByKey(t.pod) : undefined;
    return pod && t.port !== undefined && !t.failure ? { kind: 'connected', ip, pod, port: t.port, ...(t.path ? { path: t.path } : {}) } : { kind: 'refused', ip };
  }

  /** One ICMP echo from a pod to an address (ping): traffic/echo.ts. */
  echo(src: Source, ip: string): EchoResult {
    const env = this.pathEnv();
    return echo({ ...env, nodeUp: (n) => !this.deps.nodeStopped(n), bridged: (n) => this.deps.podNetworkBridged(n) }, src, ip);
  }

  // ---- internals ----

  private podByKey(key: string): P | undefined {
    const i = key.indexOf('/');
    return this.pods.getByName(key.slice(0, i), key.slice(i + 1));
  }

  /** A client pod: it must be bound, have an address and be running. */
  private podSource(key: string, podIP?: string): Source | undefined {
    const pod = this.podByKey(key);
    const ip = pod?.status?.podIP || podIP;
    if (!pod?.spec?.nodeName || !ip || this.deps.podAnswers(pod) === 'gone') return undefined;
    return { pod, node: pod.spec.nodeName, ip, namespace: pod.metadata.namespace, label: `pod ${key}` };
  }

  /** NetworkPolicy (network/networkpolicy) when the pod network enforces it: why the packet is dropped. */
  private policyDenies(src: { pod?: Pod; ip: string }, dst: Pod, port: number, protocol: string): string | undefined {
    const policies = this.policies.list();
    if (!policies.length || !this.enforcing()) return undefined;
    const namespaces = this.namespaces.list().map((n) => ({ name: n.metadata.name!, labels: n.metadata.labels ?? {} }));
    const v = evaluate(policies, namespaces, policyEndpoint(src.ip, src.pod), policyEndpoint(dst.status?.podIP ?? '', dst), port, protocol as Protocol);
    if (v.allowed || !v.deniedBy) return undefined;
    return `${v.deniedBy.direction === 'Ingress' ? 'ingress to the server' : 'egress from the client'} is not allowed by NetworkPolicy ${v.deniedBy.policies.join(', ')}`;
  }

  /** Whether the pod network enforces NetworkPolicy, asked once per virtual instant (it reads every node's CNI). */
  private enforcing(): boolean {
    const now = this.deps.clock.now();
    if (this.enforcingAt?.at !== now) this.enforcingAt = { at: now, value: this.deps.enforcesNetworkPolicy() };
    return this.enforcingAt.value;
  }

  private nodeReady(n: Node): boolean {
    return !!n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
  }

  private pathEnv(): PathEnv {
    return {
      rules: () => this.proxies.rules(),
      proxy: (node) => this.proxies.proxy(node),
      nodeByIP: (ip) => this.nodes.list().find((n) => n.status?.addresses?.some((a) => a.type === 'InternalIP' && a.address === ip))?.metadata.name,
      announcer: (svc) => {
        const ready = this.nodes.list().filter((n) => this.nodeReady(n)).map((n) => n.metadata.name!).sort();
        if (svc.externalTrafficPolicy !== 'Local') return ready[0];
        const local = new Set(svc.ports.flatMap((p) => p.endpoints.filter((e) => e.ready).map((e) => e.nodeName)));
        return ready.find((n) => local.has(n)) ?? ready[0];
      },
      podByIP: (ip) => this.pods.listByIndex(POD_IP_INDEX, ip)[0] as ReturnType<PathEnv['podByIP']>,
      podByKey: (key) => this.podByKey(key),
      podState: (pod) => this.deps.podAnswers(pod),
      podListens: (pod, port) => this.deps.podListens(pod, port),
      podResponse: (pod, port, path) => this.deps.podResponse(pod, port, path),
      ingressHosts: () => this.ingress.hosts(),
      ingressRoute: (host, path) => this.ingress.route(host, path),
      policyDenies: (src, dst, port, protocol) => this.policyDenies(src, dst, port, protocol),
      now: () => this.deps.clock.now(),
      mesh: this.deps.mesh,
      ejected: (pool, policy) => this.traffic.outliers.ejected(pool, policy),
      nextRoundRobin: (pool) => this.traffic.nextRoundRobin(pool),
      requestsWaiting: (pod) => this.traffic.requestsWaiting(pod),
    };
  }
}

type DnsReply =
  | { kind: 'A'; name: string; ips: string[]; cname?: string; tried: string[] }
  | { kind: 'NXDOMAIN'; tried: string[] }
  | { kind: 'timeout' };

/** What podView answers (the shape node/runtime/nettools/probe.ts expects; the layers share no imports). */
export interface PodNetworkView {
  now: number;
  dnsServer: string;
  lookup(name: string): DnsReply;
  connect(host: string, port: number, path: string, headers?: Record<string, string>):
    | { kind: 'unresolved' }
    | { kind: 'refused' | 'timeout' | 'reset'; ip: string }
    | { kind: 'connected'; ip: string; pod: Pod; port: number; delayMs?: number; viaSidecar?: boolean; path?: string }
    | { kind: 'answered'; ip: string; answer: ProxyAnswer; delayMs?: number; viaSidecar?: boolean };
  ping(host: string): { kind: 'unresolved' } | { kind: 'lost'; ip: string } | { kind: 'reply'; ip: string; ttl: number; sameNode: boolean };
}

/** A pod as NetworkPolicy sees it; host-network pods are not on the pod network. */
function policyEndpoint(ip: string, pod: Pod | undefined): PolicyEndpoint {
  if (!pod || pod.spec?.hostNetwork) return { ip };
  const namedPorts: Record<string, { port: number; protocol: Protocol }> = {};
  for (const c of pod.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.name) namedPorts[p.name] = { port: p.containerPort, protocol: (p.protocol ?? 'TCP') as Protocol };
  return { ip, pod: { name: pod.metadata?.name, namespace: pod.metadata?.namespace ?? 'default', labels: pod.metadata?.labels ?? {}, namedPorts } };
}
