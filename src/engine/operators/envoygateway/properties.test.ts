// Invariants of the Envoy proxies' routing, over generated Gateways and HTTPRoutes: weighted backendRefs split the
// requests in proportion to their weights (the seeded draws converge to it), and no request is sent to a backend
// of a route that is not Accepted by that Gateway (attach.ts decides, the data plane follows).
import fc from 'fast-check';
import type { Pod, Service } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { SeededRng } from '../../sim/rng.ts';
import { pickWeighted } from '../../network/traffic/mesh.ts';
import { routeParents } from './attach.ts';
import { GatewayApiDataPlane } from './dataplane.ts';
import { infraName, proxyLabels } from './infra.ts';
import { CONTROLLER_NAME, EG_NAMESPACE, GATEWAY_GROUP, type Gateway, type HTTPRoute } from './types.ts';

function stubStore(objects: KubeObject[]) {
  const kinds = new KindRegistry([]);
  for (const [kind, plural] of [['GatewayClass', 'gatewayclasses'], ['Gateway', 'gateways'], ['HTTPRoute', 'httproutes'], ['ReferenceGrant', 'referencegrants']]) {
    kinds.register({ kind, group: GATEWAY_GROUP, version: 'v1', plural, singular: kind.toLowerCase(), shortNames: [], namespaced: kind !== 'GatewayClass', hasStatus: true });
  }
  return { kinds, list: <T>(kind: string) => objects.filter((o) => o.kind === kind) as (T & KubeObject)[] };
}

const svc = (name: string, ns = 'default'): Service & KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec: { ports: [{ port: 80 }] } });
const nsObj = (name: string, labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
const gwClass: KubeObject = { apiVersion: `${GATEWAY_GROUP}/v1`, kind: 'GatewayClass', metadata: { name: 'eg' }, spec: { controllerName: CONTROLLER_NAME } };
const proxyPod = (gw: Gateway): Pod => ({ metadata: { name: `${infraName(gw)}-abc`, namespace: EG_NAMESPACE, labels: proxyLabels(gw) } });

describe('weighted backendRefs', () => {
  it('the seeded draws split requests as the weights say', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 4 }), fc.integer(), (weights, seed) => {
      fc.pre(weights.some((w) => w > 0));
      const gw: Gateway = { apiVersion: `${GATEWAY_GROUP}/v1`, kind: 'Gateway', metadata: { name: 'eg', namespace: 'default' }, spec: { gatewayClassName: 'eg', listeners: [{ name: 'http', port: 80, protocol: 'HTTP' }] } };
      const route: HTTPRoute = { apiVersion: `${GATEWAY_GROUP}/v1`, kind: 'HTTPRoute', metadata: { name: 'split', namespace: 'default' }, spec: { parentRefs: [{ name: 'eg' }], rules: [{ backendRefs: weights.map((weight, i) => ({ name: `v${i}`, port: 80, weight })) }] } };
      const plane = new GatewayApiDataPlane(stubStore([gwClass, gw, route, nsObj('default'), ...weights.map((_, i) => svc(`v${i}`))]));
      const plan = plane.gatewayRoute(proxyPod(gw), { host: 'x.example.com', ports: [80], path: '/', headers: {} });
      const total = weights.reduce((a, b) => a + b, 0);
      const rng = new SeededRng(seed);
      const n = 4000;
      const seen = new Map<string, number>();
      for (let i = 0; i < n; i++) { const c = pickWeighted(plan.choices, rng.next()); seen.set(c.service!, (seen.get(c.service!) ?? 0) + 1); }
      weights.forEach((w, i) => {
        expect(plan.choices.find((c) => c.service === `default/v${i}`)?.weight ?? 0).toBeCloseTo(w / total, 10);
        expect(Math.abs((seen.get(`default/v${i}`) ?? 0) / n - w / total)).toBeLessThan(0.04);
      });
    }), { numRuns: 40 });
  });
});

describe('attachment', () => {
  const hostnames = fc.constantFrom('a.example.com', 'b.example.com', '*.example.com', 'a.other.io');
  const listener = fc.record({ hostname: fc.option(hostnames, { nil: undefined }), from: fc.constantFrom('Same', 'All', 'Selector') as fc.Arbitrary<'Same' | 'All' | 'Selector'> });
  const routeArb = fc.record({
    ns: fc.constantFrom('default', 'team'),
    hostnames: fc.array(hostnames, { maxLength: 2 }),
    sectionName: fc.option(fc.constantFrom('l0', 'l1', 'l9'), { nil: undefined }),
    port: fc.option(fc.constantFrom(80, 8080), { nil: undefined }),
    backend: fc.constantFrom('web', 'missing'),
  });
  it('no request reaches a backend of a route its Gateway did not accept', () => {
    fc.assert(fc.property(fc.array(listener, { minLength: 1, maxLength: 2 }), fc.array(routeArb, { minLength: 1, maxLength: 3 }), hostnames, fc.constantFrom('/', '/x'), (ls, rs, host, path) => {
      const gw: Gateway = {
        apiVersion: `${GATEWAY_GROUP}/v1`, kind: 'Gateway', metadata: { name: 'eg', namespace: 'default', creationTimestamp: '2026-01-01T00:00:00Z' },
        spec: { gatewayClassName: 'eg', listeners: ls.map((l, i) => ({ name: `l${i}`, port: 80, protocol: 'HTTP', ...(l.hostname ? { hostname: l.hostname } : {}), allowedRoutes: { namespaces: { from: l.from, ...(l.from === 'Selector' ? { selector: { matchLabels: { shared: 'yes' } } } : {}) } } })) },
      };
      const routes: HTTPRoute[] = rs.map((r, i) => ({
        apiVersion: `${GATEWAY_GROUP}/v1`, kind: 'HTTPRoute', metadata: { name: `r${i}`, namespace: r.ns, creationTimestamp: '2026-01-01T00:00:00Z' },
        spec: { parentRefs: [{ name: 'eg', namespace: 'default', ...(r.sectionName ? { sectionName: r.sectionName } : {}), ...(r.port ? { port: r.port } : {}) }], hostnames: r.hostnames, rules: [{ backendRefs: [{ name: `${r.backend}-${i}`, port: 80 }] }] },
      }));
      const objects = [gwClass, gw, ...routes, nsObj('default'), nsObj('team', { shared: 'yes' }), ...rs.map((r, i) => svc(`web-${i}`, r.ns))];
      const store = stubStore(objects);
      const plan = new GatewayApiDataPlane(store).gatewayRoute(proxyPod(gw), { host, ports: [80], path, headers: {} });
      const world = { gateways: [gw], namespaceLabels: (n: string): Record<string, string> => (n === 'team' ? { shared: 'yes' } : {}), service: (n: string, name: string) => objects.find((o) => o.kind === 'Service' && o.metadata.namespace === n && o.metadata.name === name) as Service | undefined, grants: [] };
      for (const c of plan.choices.filter((x) => x.service)) {
        const i = Number(c.service!.split('/')[1].split('-')[1]);
        const parent = routeParents(routes[i], world)[0];
        expect(parent.accepted.status).toBe('True');
        expect(parent.resolvedRefs.status).toBe('True');
      }
    }), { numRuns: 300 });
  });
});
