// What a Gateway's Envoy does with a request (Envoy Gateway's xDS translation of the Gateway API): the listeners on
// the port it came in on, the virtual host for its Host among the hostnames the attached HTTPRoutes serve there
// (hostnames.ts), the rule whose match has precedence (matching.ts), the rule's filters, then its backendRefs by
// weight. A request no virtual host or rule takes gets Envoy's 404 (response flag NR, empty body); a rule whose
// backendRefs do not resolve answers 500 for their share of the weight (as the spec asks); a backend with no ready
// endpoint answers 503 "no healthy upstream" (network/traffic/path.ts). The request path reads this through the
// mesh contract (api/mesh.ts): an Envoy Gateway proxy pod is a gateway pod.
// Simplification: filters on a backendRef are not applied; header modifiers are shown in the trace but reach no
// server (the simulated servers do not echo headers); HTTPS listeners route as HTTP (no TLS termination).
import type { Pod, Service } from 'kubernetes-types/core/v1';
import type { Namespace } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { GatewayRequest, MeshChoice, MeshDataPlane, MeshRoute } from '../../api/mesh.ts';
import type { MeshStore } from '../istio/dataplane.ts';
import { backendProblem, routeParents, type World } from './attach.ts';
import { virtualHostFor } from './hostnames.ts';
import { envoyPort, infraName, OWNING_NAME, OWNING_NAMESPACE } from './infra.ts';
import { selectRule, type Candidate } from './matching.ts';
import { CONTROLLER_NAME, EG_NAMESPACE, GATEWAY_GROUP, type Gateway, type GatewayClass, type HTTPPathModifier, type HTTPRoute, type HTTPRouteFilter, type ReferenceGrant } from './types.ts';

const key = (o: KubeObject) => `${o.metadata.namespace}/${o.metadata.name}`;
const oldestFirst = (a: KubeObject, b: KubeObject) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || key(a).localeCompare(key(b));

/** The path a ReplaceFullPath or ReplacePrefixMatch modifier makes of the request's path (the matched prefix replaced). */
export function modifyPath(mod: HTTPPathModifier, path: string, matchedPrefix: string): string {
  const [p, q] = path.split('?', 2);
  const query = q !== undefined ? `?${q}` : '';
  if (mod.type === 'ReplaceFullPath') return (mod.replaceFullPath ?? '/') + query;
  const prefix = matchedPrefix.replace(/\/+$/, '');
  const rest = p.slice(prefix.length);
  const repl = (mod.replacePrefixMatch ?? '/').replace(/\/+$/, '');
  const out = `${repl}${rest}`;
  return (out.startsWith('/') ? out : `/${out}`) + query;
}

const headerText = (what: string, f: { set?: { name: string; value: string }[]; add?: { name: string; value: string }[]; remove?: string[] } | undefined) => {
  const parts = [...(f?.set ?? []).map((h) => `set ${h.name}: ${h.value}`), ...(f?.add ?? []).map((h) => `add ${h.name}: ${h.value}`), ...(f?.remove ?? []).map((h) => `remove ${h}`)];
  return parts.length ? `${what} (${parts.join(', ')})` : '';
};

export class GatewayApiDataPlane {
  constructor(private readonly store: MeshStore) {}

  private objects<T>(kind: string): (T & KubeObject)[] {
    const info = this.store.kinds.byKindName(kind);
    return info?.group === GATEWAY_GROUP ? this.store.list<T>(kind) : [];
  }

  /** A proxy pod of Envoy Gateway (its Deployment's labels name the owning Gateway). */
  isGateway(pod: Pod): boolean {
    return pod.metadata?.namespace === EG_NAMESPACE && !!pod.metadata.labels?.[OWNING_NAME] && pod.metadata.labels['app.kubernetes.io/managed-by'] === 'envoy-gateway';
  }

  /** Whether the Gateway API's Gateway is served at all (a cluster without it pays nothing per request). */
  private served(): boolean {
    return this.store.kinds.byKindName('Gateway')?.group === GATEWAY_GROUP;
  }

  private world(): World {
    const ours = new Set(this.objects<GatewayClass>('GatewayClass').filter((c) => c.spec?.controllerName === CONTROLLER_NAME).map((c) => c.metadata.name));
    const services = new Map(this.store.list<Service>('Service').map((s) => [key(s), s]));
    const namespaces = new Map(this.store.list<Namespace>('Namespace').map((n) => [n.metadata.name!, n.metadata.labels ?? {}]));
    return {
      gateways: this.objects<Gateway>('Gateway').filter((g) => ours.has(g.spec?.gatewayClassName)).sort(oldestFirst),
      namespaceLabels: (ns) => namespaces.get(ns),
      service: (ns, name) => services.get(`${ns}/${name}`),
      grants: this.objects<ReferenceGrant>('ReferenceGrant'),
    };
  }

  /** Each attached route of the Gateway with the hostnames it serves on listeners of the given ports (all when none). */
  private attached(world: World, gw: Gateway, ports?: number[]): { route: HTTPRoute; hostnames: string[] }[] {
    const out: { route: HTTPRoute; hostnames: string[] }[] = [];
    for (const route of this.objects<HTTPRoute>('HTTPRoute')) {
      const hostnames = routeParents(route, world).filter((p) => p.gateway === gw)
        .flatMap((p) => p.listeners.filter((a) => !ports || ports.includes(a.listener.port) || ports.includes(envoyPort(a.listener.port))).flatMap((a) => a.hostnames));
      if (hostnames.length) out.push({ route, hostnames: [...new Set(hostnames)] });
    }
    return out;
  }

  gatewayRoute(pod: Pod, req: GatewayRequest): MeshRoute {
    const world = this.world();
    const labels = pod.metadata?.labels ?? {};
    const gw = world.gateways.find((g) => g.metadata.name === labels[OWNING_NAME] && g.metadata.namespace === labels[OWNING_NAMESPACE]);
    const notFound = (why: string): MeshRoute => ({ text: why, choices: [{ weight: 1, text: 'no route: Envoy answers 404 (NR)', answer: { status: 404, body: '' } }] });
    if (!gw) return notFound(`Gateway ${labels[OWNING_NAMESPACE]}/${labels[OWNING_NAME]} is gone: this Envoy has no listeners`);
    const host = req.host.replace(/:\d+$/, '').toLowerCase();
    const routes = this.attached(world, gw, req.ports);
    const vhost = virtualHostFor(routes.flatMap((r) => r.hostnames), host);
    const name = `Gateway ${key(gw)}`;
    if (vhost === undefined) return notFound(`${name}: no HTTPRoute attached on port ${req.ports[0]} serves host "${host}"`);
    const onHost = routes.filter((r) => r.hostnames.includes(vhost)).map((r) => r.route);
    const hit = selectRule(onHost, { path: req.path, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v])) });
    if (!hit) return notFound(`${name} virtual host "${vhost}": no rule of ${onHost.map((r) => `HTTPRoute ${key(r)}`).join(', ')} matches ${req.path}`);
    const r = this.ruleRoute(hit, world, req, host);
    return { ...r, text: `${name} virtual host "${vhost}": ${r.text}` };
  }

  /** A rule's plan: a redirect answers at once; otherwise its backendRefs by weight, each with the rule's rewrite. */
  private ruleRoute(hit: Candidate, world: World, req: GatewayRequest, host: string): MeshRoute {
    const { route, rule: i } = hit;
    const rule = (route.spec.rules ?? [{}])[i];
    const where = `HTTPRoute ${key(route)} rule ${i} (${describeMatch(hit)})`;
    const filters = rule.filters ?? [];
    const find = (t: HTTPRouteFilter['type']) => filters.find((f) => f.type === t);
    const prefix = hit.m.path?.type === 'PathPrefix' ? hit.m.path.value ?? '/' : '';
    const notes = [headerText('request headers', find('RequestHeaderModifier')?.requestHeaderModifier), headerText('response headers', find('ResponseHeaderModifier')?.responseHeaderModifier)].filter(Boolean);
    const redirect = find('RequestRedirect')?.requestRedirect;
    if (redirect) {
      const scheme = redirect.scheme ?? 'http';
      const defaultPort = scheme === 'https' ? 443 : 80;
      const port = redirect.port ?? (redirect.scheme ? defaultPort : req.ports[0]);
      const path = redirect.path ? modifyPath(redirect.path, req.path, prefix) : req.path;
      const location = `${scheme}://${redirect.hostname ?? host}${port === defaultPort ? '' : `:${port}`}${path}`;
      const status = redirect.statusCode ?? 302;
      return { text: where, choices: [{ weight: 1, text: `RequestRedirect: Envoy answers ${status} with Location: ${location}`, answer: { status, body: '', headers: [['location', location]] } }] };
    }
    const rewrite = find('URLRewrite')?.urlRewrite;
    const path = rewrite?.path ? modifyPath(rewrite.path, req.path, prefix) : undefined;
    const rewriteText = rewrite ? `URLRewrite${path ? ` path ${path}` : ''}${rewrite.hostname ? ` host ${rewrite.hostname}` : ''}` : '';
    const refs = rule.backendRefs ?? [];
    const total = refs.reduce((a, b) => a + (b.weight ?? 1), 0);
    const text = [where, ...notes, rewriteText].filter(Boolean).join('; ');
    if (!refs.length || total === 0) return { text, choices: [{ weight: 1, text: `${refs.length ? 'every backendRef has weight 0' : 'the rule has no backendRefs'}: Envoy answers 500`, answer: { status: 500, body: '' } }] };
    const choices: MeshChoice[] = refs.filter((b) => (b.weight ?? 1) > 0).map((b, j) => {
      const weight = (b.weight ?? 1) / total;
      const ns = b.namespace ?? route.metadata.namespace!;
      const label = `backendRef ${ns}/${b.name}:${b.port ?? '?'} (weight ${b.weight ?? 1} of ${total})`;
      const problem = backendProblem(route, b, i, j, world);
      if (problem) return { weight, text: `${label}: ${problem.reason}, Envoy answers 500`, answer: { status: 500, body: '' } };
      return { weight, text: label, service: `${ns}/${b.name}`, port: b.port, ...(path ? { path } : {}) };
    });
    return { text, choices };
  }

  /** Outside DNS for a hostname a Gateway serves (a listener's or an attached route's): that Gateway's proxy Service. */
  gatewayService(host: string): string | undefined {
    if (!this.served()) return undefined;
    const world = this.world();
    const h = host.toLowerCase();
    for (const gw of world.gateways) {
      const names = [...(gw.spec.listeners ?? []).map((l) => l.hostname ?? ''), ...this.attached(world, gw).flatMap((r) => r.hostnames)];
      if (names.includes(h)) return `${EG_NAMESPACE}/${infraName(gw)}`;
    }
    return undefined;
  }
}

function describeMatch(c: Candidate): string {
  const m = c.m;
  const parts = [`${m.path?.type ?? 'PathPrefix'} ${m.path?.value ?? '/'}`];
  if (m.method) parts.push(`method ${m.method}`);
  for (const h of m.headers ?? []) parts.push(`header ${h.name}${h.type === 'RegularExpression' ? ' ~ ' : ': '}${h.value}`);
  for (const q of m.queryParams ?? []) parts.push(`query ${q.name}=${q.value}`);
  return parts.join(', ');
}

/** The cluster's mesh hook with Envoy Gateway's proxies as gateway pods beside Istio's. */
export function withGatewayApi(mesh: MeshDataPlane, gateways: GatewayApiDataPlane): MeshDataPlane {
  return {
    hasSidecar: (pod) => mesh.hasSidecar(pod),
    route: (client, req) => mesh.route(client, req),
    refusesPlaintext: (server, port) => mesh.refusesPlaintext(server, port),
    gatewayRoute: (pod, req) => (gateways.isGateway(pod) ? gateways.gatewayRoute(pod, req) : mesh.gatewayRoute(pod, req)),
    gatewayService: (host) => gateways.gatewayService(host) ?? mesh.gatewayService(host),
    isGateway: (pod) => gateways.isGateway(pod) || mesh.isGateway(pod),
    draw: () => mesh.draw(),
  };
}
