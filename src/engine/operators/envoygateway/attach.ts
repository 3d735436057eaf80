// Which listeners an HTTPRoute attaches to, and why not (apis/v1 shared_types.go RouteConditionReason, as Envoy
// Gateway reports them): a parentRef names a Gateway (and optionally a listener by sectionName or port); the
// listeners it selects must exist (else NoMatchingParent), allow the route's namespace and kind (allowedRoutes:
// Same, All or a namespace Selector; else NotAllowedByListeners) and share a hostname with the route (else
// NoMatchingListenerHostname). Backend references resolve to Services (else InvalidKind or BackendNotFound); one in
// another namespace needs a ReferenceGrant there (else RefNotPermitted).
import type { Service } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import { intersectHostnames } from './hostnames.ts';
import { GATEWAY_GROUP, type Gateway, type HTTPBackendRef, type HTTPRoute, type Listener, type ParentReference, type ReferenceGrant, type RouteGroupKind } from './types.ts';

export interface World {
  /** Gateways of an accepted GatewayClass of this controller. */
  gateways: Gateway[];
  namespaceLabels(ns: string): Record<string, string> | undefined;
  service(ns: string, name: string): Service | undefined;
  grants: ReferenceGrant[];
}

export interface Verdict { status: 'True' | 'False'; reason: string; message: string }
export interface AttachedListener { listener: Listener; hostnames: string[] }
export interface ParentResult { ref: ParentReference; gateway: Gateway; accepted: Verdict; resolvedRefs: Verdict; listeners: AttachedListener[] }

/** Route kinds a listener's protocol carries (Envoy Gateway's supportedKinds; Simplification: no GRPCRoute here). */
export function supportedKinds(l: Listener): RouteGroupKind[] {
  const kind = { HTTP: 'HTTPRoute', HTTPS: 'HTTPRoute', TLS: 'TLSRoute', TCP: 'TCPRoute', UDP: 'UDPRoute' }[l.protocol];
  return kind ? [{ group: GATEWAY_GROUP, kind }] : [];
}

/** Listeners that share a port with a listener of another protocol (ProtocolConflict) or the same hostname (HostnameConflict). */
export function listenerConflicts(gw: Gateway): Map<string, 'ProtocolConflict' | 'HostnameConflict'> {
  const out = new Map<string, 'ProtocolConflict' | 'HostnameConflict'>();
  const ls = gw.spec.listeners ?? [];
  for (const a of ls) {
    for (const b of ls) {
      if (a === b || a.port !== b.port) continue;
      if (a.protocol !== b.protocol) out.set(a.name, 'ProtocolConflict');
      else if ((a.hostname ?? '') === (b.hostname ?? '') && !out.has(a.name)) out.set(a.name, 'HostnameConflict');
    }
  }
  return out;
}

function allows(l: Listener, gw: Gateway, routeNs: string, world: World): boolean {
  const ns = l.allowedRoutes?.namespaces;
  const from = ns?.from ?? 'Same';
  const nsOk = from === 'All' || (from === 'Same' ? routeNs === gw.metadata.namespace : selectorFromLabelSelector(ns?.selector as never).matches(world.namespaceLabels(routeNs)));
  const kinds = l.allowedRoutes?.kinds?.length ? l.allowedRoutes.kinds : supportedKinds(l);
  return nsOk && kinds.some((k) => k.kind === 'HTTPRoute' && (k.group ?? GATEWAY_GROUP) === GATEWAY_GROUP) && supportedKinds(l).some((k) => k.kind === 'HTTPRoute');
}

const ok = (reason: string, message: string): Verdict => ({ status: 'True', reason, message });
const no = (reason: string, message: string): Verdict => ({ status: 'False', reason, message });

/** Whether a ReferenceGrant in the target's namespace lets HTTPRoutes of `fromNs` refer to the Service. */
export function referenceGranted(grants: ReferenceGrant[], fromNs: string, toNs: string, name: string): boolean {
  return grants.some((g) => g.metadata.namespace === toNs
    && g.spec.from.some((f) => f.group === GATEWAY_GROUP && f.kind === 'HTTPRoute' && f.namespace === fromNs)
    && g.spec.to.some((t) => t.group === '' && t.kind === 'Service' && (!t.name || t.name === name)));
}

/** Why a backendRef does not resolve (its condition reason and message), or undefined when it is a Service port here. */
export function backendProblem(route: HTTPRoute, ref: HTTPBackendRef, rule: number, index: number, world: World): Verdict | undefined {
  const at = `Failed to process route rule ${rule} backendRef ${index}`;
  const ns = ref.namespace ?? route.metadata.namespace!;
  if ((ref.group ?? '') !== '' || (ref.kind ?? 'Service') !== 'Service') return no('InvalidKind', `${at}: ${ref.kind ?? 'Service'} is an unsupported kind.`);
  if (ns !== route.metadata.namespace && !referenceGranted(world.grants, route.metadata.namespace!, ns, ref.name)) return no('RefNotPermitted', `${at}: backendRef ${ref.name} in namespace ${ns} is not permitted by any ReferenceGrant.`);
  const svc = world.service(ns, ref.name);
  if (!svc) return no('BackendNotFound', `${at}: service ${ns}/${ref.name} not found.`);
  if (!(svc.spec?.ports ?? []).some((p) => p.port === ref.port)) return no('BackendNotFound', `${at}: port ${ref.port} not found for service ${ns}/${ref.name}.`);
  return undefined;
}

/** The route's result for each parentRef that names a Gateway of this controller. */
export function routeParents(route: HTTPRoute, world: World): ParentResult[] {
  const out: ParentResult[] = [];
  const routeNs = route.metadata.namespace!;
  let resolved: Verdict = ok('ResolvedRefs', 'Resolved all the Object references for the Route');
  (route.spec.rules ?? []).forEach((r, i) => (r.backendRefs ?? []).forEach((b, j) => {
    const p = resolved.status === 'True' ? backendProblem(route, b, i, j, world) : undefined;
    if (p) resolved = p;
  }));
  for (const ref of route.spec.parentRefs ?? []) {
    if ((ref.group ?? GATEWAY_GROUP) !== GATEWAY_GROUP || (ref.kind ?? 'Gateway') !== 'Gateway') continue;
    const gateway = world.gateways.find((g) => g.metadata.name === ref.name && g.metadata.namespace === (ref.namespace ?? routeNs));
    if (!gateway) continue;
    const conflicted = listenerConflicts(gateway);
    const named = (gateway.spec.listeners ?? []).filter((l) => (ref.sectionName === undefined || l.name === ref.sectionName) && (ref.port === undefined || l.port === ref.port) && !conflicted.has(l.name));
    const allowed = named.filter((l) => allows(l, gateway, routeNs, world));
    const listeners = allowed.map((listener) => ({ listener, hostnames: intersectHostnames(listener.hostname, route.spec.hostnames) })).filter((a) => a.hostnames.length);
    const accepted = !named.length ? no('NoMatchingParent', 'No listeners match this parent ref')
      : !allowed.length ? no('NotAllowedByListeners', 'No listeners included by this parent ref allowed this attachment.')
        : !listeners.length ? no('NoMatchingListenerHostname', "There were no hostname intersections between the HTTPRoute and this parent ref's Listener(s).")
          : ok('Accepted', 'Route is accepted');
    out.push({ ref, gateway, accepted, resolvedRefs: resolved, listeners: accepted.status === 'True' ? listeners : [] });
  }
  return out;
}
