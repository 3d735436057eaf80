// What the sidecars do with traffic (network/traffic/mesh.ts's MeshDataPlane, read by the request path): a client's
// istio-proxy routes a request for a Service by the VirtualService for its host (HTTP routes in order: uri
// exact/prefix/regex, headers, method; weighted destinations; fault delay and abort with their percentages), finds a
// destination's subset in the DestinationRule for its host, and a server's istio-proxy resets plaintext connections
// when PeerAuthentication makes its port STRICT (workload, then namespace, then mesh-wide in istio-system).
// An ingress gateway pod routes by the Gateways that select it and the VirtualServices bound to them (gateway.ts).
// A destination's DestinationRule trafficPolicy (trafficpolicy.ts) rides on its choice for the client's pool.
// Simplifications: the oldest VirtualService (and DestinationRule) for a host applies, exportTo is not read; redirects and rewrites are not modelled
// (retries and the route timeout are: retry.ts, and the tries in network/traffic/retry.ts; so is mirror with
// mirrorPercentage: copies the proxy sends and whose answers it drops, network/traffic/path.ts); a destination on another port than the request's uses that port of its Service.
import type { Pod, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { KindRegistry } from '../../api/kinds.ts';
import { DEFAULT_RETRY_POLICY, FAULT_ABORT_BODY, type GatewayRequest, type MeshChoice, type MeshTrafficPolicy, type MeshDataPlane, type MeshMirror, type MeshRequest, type MeshRoute } from '../../api/mesh.ts';
import { parseDuration } from '../../sim/clock.ts';
import type { SeededRng } from '../../sim/rng.ts';
import { boundVirtualServices, gatewaysOf, hostMatches as gatewayHostMatches, isGatewayPod, missingGateways, referencedNotFound } from './gateway.ts';
import { hasSidecar } from './inject.ts';
import { convertRetryPolicy, durationMs } from './retry.ts';
import { trafficPolicy } from './trafficpolicy.ts';
import { ISTIO_NAMESPACE, type DestinationRule, type Gateway, type HTTPMatchRequest, type HTTPRoute, type MutualTLSMode, type PeerAuthentication, type StringMatch, type VirtualService } from './types.ts';

const DOMAIN = 'cluster.local';

/** What the mesh reads: the objects as the API server has them. */
export interface MeshStore {
  readonly kinds: KindRegistry;
  list<T = KubeObject>(kind: string, opts?: { namespace?: string }): (T & KubeObject)[];
}

/** ResolveShortnameToFQDN: a name without dots is a Service in the rule's namespace. */
export function resolveHost(host: string, namespace: string): string {
  return host.includes('.') || host === '*' ? host : `${host}.${namespace}.svc.${DOMAIN}`;
}

function hostMatches(pattern: string, fqdn: string): boolean {
  return pattern === fqdn || pattern === '*' || (pattern.startsWith('*.') && fqdn.endsWith(pattern.slice(1)));
}

const key = (o: KubeObject) => `${o.metadata.namespace}/${o.metadata.name}`;
const oldestFirst = (a: KubeObject, b: KubeObject) => {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  return ta === tb ? (key(a) < key(b) ? -1 : 1) : ta < tb ? -1 : 1;
};

function stringMatches(m: StringMatch | undefined, value: string | undefined): boolean {
  if (!m) return true;
  if (value === undefined) return false;
  if (m.exact !== undefined) return value === m.exact;
  if (m.prefix !== undefined) return value.startsWith(m.prefix);
  if (m.regex !== undefined) {
    try { return new RegExp(`^(?:${m.regex})$`).test(value); } catch { return false; }
  }
  return true;
}

function requestMatches(m: HTTPMatchRequest, req: MeshRequest): boolean {
  const uri = m.uri;
  // Envoy's exact and regex path matches ignore the query string; a prefix sees the whole :path.
  const pathOnly = req.path.split('?')[0];
  if (uri && !stringMatches(uri, uri.prefix !== undefined ? req.path : pathOnly)) return false;
  if (m.method && !stringMatches(m.method, 'GET')) return false;
  return Object.entries(m.headers ?? {}).every(([name, sm]) => stringMatches(sm, req.headers[name.toLowerCase()]));
}

/** A percentage field as a share; unset means every request. */
const share = (p: { value?: number } | undefined) => (p?.value === undefined ? 1 : Math.min(100, Math.max(0, p.value)) / 100);

export class IstioDataPlane implements MeshDataPlane {
  constructor(private readonly store: MeshStore, private readonly rng: SeededRng) {}

  hasSidecar(pod: Pod): boolean { return hasSidecar(pod); }

  draw(): number { return this.rng.next(); }

  private objects<T>(kind: string): (T & KubeObject)[] {
    return this.store.kinds.byKindName(kind) ? this.store.list<T>(kind) : [];
  }

  private virtualService(fqdn: string): VirtualService & KubeObject | undefined {
    return this.objects<VirtualService>('VirtualService')
      .filter((vs) => (!vs.spec?.gateways?.length || vs.spec.gateways.includes('mesh')) && vs.spec?.hosts?.some((h) => hostMatches(resolveHost(h, vs.metadata.namespace!), fqdn)))
      .sort(oldestFirst)[0];
  }

  private destinationRule(fqdn: string): DestinationRule & KubeObject | undefined {
    return this.objects<DestinationRule>('DestinationRule').filter((d) => d.spec?.host && hostMatches(resolveHost(d.spec.host, d.metadata.namespace!), fqdn)).sort(oldestFirst)[0];
  }

  private subsetLabels(fqdn: string, subset: string): { rule?: string; labels?: Record<string, string> } {
    const dr = this.destinationRule(fqdn);
    const s = dr?.spec.subsets?.find((x) => x.name === subset);
    return { rule: dr ? key(dr) : undefined, labels: s ? s.labels ?? {} : undefined };
  }

  /** The DestinationRule's trafficPolicy for a host (and subset), as the choice's `policy`. */
  private policy(fqdn: string, subset?: string): { policy?: MeshTrafficPolicy } {
    const dr = this.destinationRule(fqdn);
    const p = dr && trafficPolicy(key(dr), dr.spec.trafficPolicy, subset ? dr.spec.subsets?.find((x) => x.name === subset)?.trafficPolicy : undefined);
    return p ? { policy: p } : {};
  }

  route(_client: Pod, req: MeshRequest): MeshRoute {
    const fqdn = `${req.service}.${req.namespace}.svc.${DOMAIN}`;
    const vs = this.virtualService(fqdn);
    if (!vs) return { text: `no VirtualService for ${fqdn}, the default route (least request over the Service's endpoints)`, choices: [{ weight: 1, text: 'default route', ...this.policy(fqdn) }], retry: DEFAULT_RETRY_POLICY };
    return this.vsRoute(vs, req);
  }

  gatewayRoute(gateway: Pod, req: GatewayRequest): MeshRoute | undefined {
    const gateways = this.objects<Gateway>('Gateway');
    if (!isGatewayPod(gateways, gateway)) return undefined;
    const host = req.host.replace(/:\d+$/, '').toLowerCase();
    const port = req.ports.join('/');
    const notFound = (why: string): MeshRoute => ({ text: why, choices: [{ weight: 1, text: 'no route: Envoy answers 404 (NR)', answer: { status: 404, body: '' } }] });
    const serving = gatewaysOf(gateways, gateway, req.ports).filter(({ servers }) => servers.some((s) => (s.hosts ?? []).some((h) => gatewayHostMatches(h, host))));
    if (!serving.length) return notFound(`no Gateway server on port ${port} has host "${host}"`);
    const names = serving.map(({ gw }) => key(gw));
    const vs = boundVirtualServices(this.objects<VirtualService>('VirtualService'), new Set(names), host).sort(oldestFirst)[0];
    if (!vs) {
      // A VirtualService for the host that names a Gateway that does not exist: what istioctl analyze reports.
      const dangling = this.objects<VirtualService>('VirtualService').filter((v) => (v.spec?.hosts ?? []).some((h) => gatewayHostMatches(h, host))).flatMap((v) => missingGateways(v, gateways).map((g) => `VirtualService ${key(v)}: ${referencedNotFound(g)} (IST0101)`));
      return notFound(`Gateway ${names.join(', ')}: no VirtualService bound to it has host "${host}"${dangling.length ? `; ${dangling.join('; ')}` : ''}`);
    }
    const r = this.vsRoute(vs, { namespace: '', service: '', port: 0, path: req.path, headers: req.headers });
    return { ...r, text: `Gateway ${names.join(', ')} host "${host}": ${r.text}` };
  }

  isGateway(pod: Pod): boolean { return isGatewayPod(this.objects<Gateway>('Gateway'), pod); }

  gatewayService(host: string): string | undefined {
    const h = host.toLowerCase();
    const gateways = this.objects<Gateway>('Gateway').filter((g) => (g.spec.servers ?? []).some((s) => (s.hosts ?? []).some((x) => !x.includes('*') && gatewayHostMatches(x, h)))).sort(oldestFirst);
    if (!gateways.length) return undefined;
    const pods = this.store.list<Pod>('Pod').filter((p) => gateways.some((g) => isGatewayPod([g], p)));
    const svc = this.store.list<Service>('Service').sort(oldestFirst).find((s) => s.spec?.type === 'LoadBalancer' && s.spec.selector && pods.some((p) => p.metadata.namespace === s.metadata.namespace && Object.entries(s.spec!.selector!).every(([k, v]) => p.metadata.labels?.[k] === v)));
    return svc ? key(svc) : undefined;
  }

  /** A VirtualService's first matching HTTP route as the proxy's plan. */
  private vsRoute(vs: VirtualService & KubeObject, req: MeshRequest): MeshRoute {
    const routes = vs.spec.http ?? [];
    const i = routes.findIndex((r) => !r.match?.length || r.match.some((m) => requestMatches(m, req)));
    if (i < 0) return { text: `VirtualService ${key(vs)}: no route matches ${req.path}`, choices: [{ weight: 1, text: 'no route matches: the proxy answers 404 (NR)', answer: { status: 404, body: '' } }] };
    const route = routes[i];
    const name = route.name ? `route "${route.name}"` : `http[${i}]`;
    const retry = convertRetryPolicy(route.retries);
    const timeoutMs = durationMs(route.timeout);
    const mirror = this.mirror(vs, route);
    return { text: `VirtualService ${key(vs)} ${name}`, choices: this.choices(vs, route, req), ...(retry ? { retry } : {}), ...(timeoutMs ? { timeoutMs } : {}), ...(mirror ? { mirror } : {}) };
  }

  /**
   * The route's shadow traffic: a Service of this cluster (and a subset a DestinationRule defines) gets the copies.
   * Simplification: a mirror to another host, or to a subset no DestinationRule defines, sends no copies.
   */
  private mirror(vs: VirtualService & KubeObject, route: HTTPRoute): MeshMirror | undefined {
    const p = share(route.mirrorPercentage);
    if (!route.mirror?.host || p <= 0) return undefined;
    const host = resolveHost(route.mirror.host, vs.metadata.namespace!);
    const m = /^([^.]+)\.([^.]+)\.svc\.cluster\.local$/.exec(host);
    if (!m) return undefined;
    const subset = route.mirror.subset ? this.subsetLabels(host, route.mirror.subset).labels : undefined;
    if (route.mirror.subset && !subset) return undefined;
    const port = route.mirror.port?.number;
    const text = `mirror ${route.mirror.host}${route.mirror.subset ? ` subset ${route.mirror.subset}` : ''} (${Math.round(p * 10000) / 100}% of requests)`;
    return { service: `${m[2]}/${m[1]}`, share: p, text, ...(subset ? { subset } : {}), ...(port ? { port } : {}) };
  }

  /** A route's outcomes: the fault filter first (delay, then abort), then the weighted destinations. */
  private choices(vs: VirtualService & KubeObject, route: HTTPRoute, req: MeshRequest): MeshChoice[] {
    const ns = vs.metadata.namespace!;
    const dests = (route.route ?? []).filter((d) => (route.route!.length === 1 ? true : (d.weight ?? 0) > 0));
    const total = dests.reduce((a, d) => a + (dests.length === 1 ? 1 : d.weight ?? 0), 0) || 1;
    const delay = route.fault?.delay?.fixedDelay ? { ms: parseDuration(route.fault.delay.fixedDelay), p: share(route.fault.delay.percentage) } : undefined;
    const abort = route.fault?.abort?.httpStatus ? { status: route.fault.abort.httpStatus, p: share(route.fault.abort.percentage) } : undefined;
    const delays = delay ? [{ p: delay.p, ms: delay.ms }, { p: 1 - delay.p, ms: 0 }].filter((d) => d.p > 0) : [{ p: 1, ms: 0 }];
    const out: MeshChoice[] = [];
    for (const d of delays) {
      const held = d.ms ? { delayMs: d.ms } : {};
      const heldText = d.ms ? `fault delay ${d.ms} ms, ` : '';
      if (abort && abort.p > 0) out.push({ weight: d.p * abort.p, text: `${heldText}fault abort: the proxy answers ${abort.status}`, answer: { status: abort.status, body: FAULT_ABORT_BODY }, ...held });
      const pass = d.p * (1 - (abort?.p ?? 0));
      if (pass <= 0) continue;
      for (const dest of dests) {
        const w = (dests.length === 1 ? 1 : dest.weight ?? 0) / total;
        const host = resolveHost(dest.destination.host, ns);
        const m = /^([^.]+)\.([^.]+)\.svc\.cluster\.local$/.exec(host);
        const service = m ? `${m[2]}/${m[1]}` : undefined;
        const port = dest.destination.port?.number;
        const target = `${dest.destination.host}${dest.destination.subset ? ` subset ${dest.destination.subset}` : ''} (weight ${dests.length === 1 ? 100 : dest.weight})`;
        const base = { weight: pass * w, ...held, ...this.policy(host, dest.destination.subset), ...(service && service !== `${req.namespace}/${req.service}` ? { service } : {}), ...(port && port !== req.port ? { port } : {}) };
        if (!service) { out.push({ ...base, text: `${heldText}${target}: not a Service of this cluster, the proxy answers 503`, answer: { status: 503, body: '' } }); continue; }
        if (!dest.destination.subset) { out.push({ ...base, text: `${heldText}${target}` }); continue; }
        const s = this.subsetLabels(host, dest.destination.subset);
        if (!s.labels) { out.push({ ...base, text: `${heldText}${target}: no DestinationRule defines the subset, the proxy answers 503 (NC)`, answer: { status: 503, body: '' } }); continue; }
        out.push({ ...base, text: `${heldText}${target}, pods with ${Object.entries(s.labels).map(([k, v]) => `${k}=${v}`).join(',') || 'any labels'} (DestinationRule ${s.rule})`, subset: s.labels });
      }
    }
    return out;
  }

  refusesPlaintext(server: Pod, port: number): string | undefined {
    if (!hasSidecar(server)) return undefined;
    const all = this.objects<PeerAuthentication>('PeerAuthentication');
    if (!all.length) return undefined;
    const ns = server.metadata?.namespace;
    const labels = server.metadata?.labels ?? {};
    const selects = (pa: PeerAuthentication) => Object.entries(pa.spec?.selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
    const workload = all.filter((pa) => pa.metadata.namespace === ns && pa.spec?.selector?.matchLabels && selects(pa)).sort(oldestFirst)[0];
    const namespace = all.filter((pa) => pa.metadata.namespace === ns && !pa.spec?.selector?.matchLabels).sort(oldestFirst)[0];
    const mesh = all.filter((pa) => pa.metadata.namespace === ISTIO_NAMESPACE && !pa.spec?.selector?.matchLabels).sort(oldestFirst)[0];
    // The most specific setting that is not UNSET decides; PERMISSIVE by default.
    const levels: [PeerAuthentication & KubeObject | undefined, MutualTLSMode | undefined][] = [
      [workload, workload?.spec.portLevelMtls?.[String(port)]?.mode],
      [workload, workload?.spec.mtls?.mode],
      [namespace, namespace?.spec.mtls?.mode],
      [mesh, mesh?.spec.mtls?.mode],
    ];
    for (const [pa, mode] of levels) {
      if (!pa || !mode || mode === 'UNSET') continue;
      return mode === 'STRICT' ? `PeerAuthentication ${key(pa)} requires mutual TLS (STRICT)` : undefined;
    }
    return undefined;
  }
}
