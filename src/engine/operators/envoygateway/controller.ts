// Envoy Gateway's controller (gateway.envoyproxy.io/gatewayclass-controller): it accepts the GatewayClasses that
// name it, runs an Envoy Deployment and LoadBalancer Service (infra.ts) for each Gateway of such a class and removes
// them with the Gateway, and writes status: the class's Accepted, the Gateway's addresses, Accepted, Programmed and
// per listener attachedRoutes, supportedKinds and conditions (Conflicted, ResolvedRefs), and each HTTPRoute's
// status.parents entries for its Gateways (attach.ts). It is level-triggered: every change recomputes the whole.
// Simplification: every accepted GatewayClass of this controller is served (upstream accepts one and marks the
// others OccludedByOtherGatewayClass only when more than one exists in a merged deployment).
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { Namespace, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer } from '../../client/informer.ts';
import { setCondition, type MetaCondition as Condition } from '../kueue/types.ts';
import type { OperatorDeps } from '../operator.ts';
import { listenerConflicts, routeParents, supportedKinds, type World } from './attach.ts';
import { infraName, OWNING_NAME, proxyDeployment, proxyService } from './infra.ts';
import { CONTROLLER_NAME, EG_NAMESPACE, GATEWAY_GROUP, type Gateway, type GatewayClass, type HTTPRoute, type ListenerStatus, type ReferenceGrant, type RouteParentStatus } from './types.ts';

const ALL = 'all';

/** The conditions a controller owns, each set as apimeta.SetStatusCondition would (observedGeneration included). */
function conditions(had: Condition[] | undefined, want: Omit<Condition, 'lastTransitionTime'>[], now: string): Condition[] {
  let out = (had ?? []).filter((c) => want.some((w) => w.type === c.type));
  for (const w of want) out = setCondition(out, w, now);
  return out;
}

export class GatewayApiController extends Controller {
  private readonly classes: Informer<GatewayClass>;
  private readonly gateways: Informer<Gateway>;
  private readonly routes: Informer<HTTPRoute>;
  private readonly grants: Informer<ReferenceGrant>;
  private readonly services: Informer<Service & KubeObject>;
  private readonly deployments: Informer<Deployment & KubeObject>;
  private readonly namespaces: Informer<Namespace & KubeObject>;

  constructor(private readonly deps: OperatorDeps) {
    super('envoy-gateway', deps.clock);
    const f = deps.informers;
    this.classes = f.informerFor<GatewayClass>('GatewayClass');
    this.gateways = f.informerFor<Gateway>('Gateway');
    this.routes = f.informerFor<HTTPRoute>('HTTPRoute');
    this.grants = f.informerFor<ReferenceGrant>('ReferenceGrant');
    this.services = f.informerFor<Service & KubeObject>('Service');
    this.deployments = f.informerFor<Deployment & KubeObject>('Deployment');
    this.namespaces = f.informerFor<Namespace & KubeObject>('Namespace');
  }

  start(): void {
    const all = () => this.queue.add(ALL);
    for (const i of [this.classes, this.gateways, this.routes, this.grants, this.namespaces] as Informer<KubeObject>[]) i.addEventHandler({ add: all, update: all, delete: all });
    // Services matter as backends (added, removed, ports) and as the proxies' addresses; Deployments as the proxies.
    const mine = (o: KubeObject) => { if (o.metadata.namespace === EG_NAMESPACE) all(); };
    this.services.addEventHandler({ add: all, delete: all, update: (o, n) => { if (!jsonEqual(o.spec?.ports, n.spec?.ports)) all(); else mine(n); } });
    this.deployments.addEventHandler({ add: mine, update: (_o, n) => mine(n), delete: mine });
  }

  private ours(): Set<string> {
    return new Set(this.classes.list().filter((c) => c.spec?.controllerName === CONTROLLER_NAME).map((c) => c.metadata.name!));
  }

  protected sync(): void {
    const now = this.clock.nowRFC3339();
    const classes = this.ours();
    for (const c of this.classes.list()) if (classes.has(c.metadata.name!)) this.writeStatus(c, { ...c.status, conditions: conditions(c.status?.conditions, [{ type: 'Accepted', status: 'True', reason: 'Accepted', message: 'Valid GatewayClass', observedGeneration: c.metadata.generation }], now) });
    const gateways = this.gateways.list().filter((g) => classes.has(g.spec?.gatewayClassName));
    this.syncInfra(gateways);
    const world: World = {
      gateways,
      namespaceLabels: (ns) => this.namespaces.getByName(undefined, ns)?.metadata.labels ?? {},
      service: (ns, name) => this.services.getByName(ns, name),
      grants: this.grants.list(),
    };
    const attached = new Map<string, number>(); // "ns/gateway/listener" → routes
    for (const route of this.routes.list()) {
      const parents = routeParents(route, world);
      for (const p of parents) for (const a of p.listeners) { const k = `${p.gateway.metadata.namespace}/${p.gateway.metadata.name}/${a.listener.name}`; attached.set(k, (attached.get(k) ?? 0) + 1); }
      const others = (route.status?.parents ?? []).filter((s) => s.controllerName !== CONTROLLER_NAME);
      const had = (route.status?.parents ?? []).filter((s) => s.controllerName === CONTROLLER_NAME);
      const mine: RouteParentStatus[] = parents.map((p) => {
        const ref = { group: GATEWAY_GROUP, kind: 'Gateway', ...p.ref };
        const prev = had.find((s) => jsonEqual(s.parentRef, ref));
        return { parentRef: ref, controllerName: CONTROLLER_NAME, conditions: conditions(prev?.conditions, [
          { type: 'Accepted', ...p.accepted, observedGeneration: route.metadata.generation },
          { type: 'ResolvedRefs', ...p.resolvedRefs, observedGeneration: route.metadata.generation },
        ], now) };
      });
      this.writeStatus(route, { ...route.status, parents: [...others, ...mine] });
    }
    for (const gw of gateways) this.gatewayStatus(gw, attached, now);
  }

  /** Each Gateway's proxies exist with its listener ports; a gone Gateway's are deleted. */
  private syncInfra(gateways: Gateway[]): void {
    const want = new Map(gateways.map((g) => [infraName(g), g]));
    for (const [kind, informer, build] of [['Deployment', this.deployments, proxyDeployment], ['Service', this.services, proxyService]] as const) {
      for (const o of (informer as Informer<KubeObject>).list()) {
        if (o.metadata.namespace !== EG_NAMESPACE || !o.metadata.labels?.[OWNING_NAME] || want.has(o.metadata.name!)) continue;
        this.deps.store.delete(kind, EG_NAMESPACE, o.metadata.name!);
      }
      for (const [name, gw] of want) {
        const obj = build(gw) as KubeObject & { spec: Record<string, unknown> };
        const have = (informer as Informer<KubeObject>).getByName(EG_NAMESPACE, name) as KubeObject & { spec: Record<string, unknown> } | undefined;
        if (!have) { this.deps.store.create(obj); continue; }
        // The listener ports are what a Gateway's change alters (a Service's ports, the template's container ports).
        const field = kind === 'Service' ? 'ports' : 'template';
        if (!jsonEqual(have.spec[field], obj.spec[field])) this.deps.store.update({ ...have, spec: { ...have.spec, [field]: obj.spec[field] } });
      }
    }
  }

  private gatewayStatus(gw: Gateway, attached: Map<string, number>, now: string): void {
    const name = infraName(gw);
    const ip = this.services.getByName(EG_NAMESPACE, name)?.status?.loadBalancer?.ingress?.[0]?.ip;
    const d = this.deployments.getByName(EG_NAMESPACE, name);
    const available = d?.status?.availableReplicas ?? 0;
    const replicas = d?.spec?.replicas ?? 1;
    const gen = gw.metadata.generation;
    const programmed: Omit<Condition, 'type' | 'lastTransitionTime'> = !ip ? { status: 'False', reason: 'AddressNotAssigned', message: 'No addresses have been assigned to the Gateway' }
      : available < 1 ? { status: 'False', reason: 'NoResources', message: 'Envoy replicas unavailable' }
        : { status: 'True', reason: 'Programmed', message: `Address assigned to the Gateway, ${available}/${replicas} envoy replicas available` };
    const conflicts = listenerConflicts(gw);
    const listeners: ListenerStatus[] = (gw.spec.listeners ?? []).map((l) => {
      const prev = gw.status?.listeners?.find((s) => s.name === l.name)?.conditions;
      const kinds = supportedKinds(l);
      const badKinds = (l.allowedRoutes?.kinds ?? []).filter((k) => !kinds.some((s) => s.kind === k.kind && (k.group ?? GATEWAY_GROUP) === s.group));
      const conflict = conflicts.get(l.name);
      const want: Omit<Condition, 'lastTransitionTime'>[] = conflict
        ? [
          { type: 'Conflicted', status: 'True', reason: conflict, message: conflict === 'ProtocolConflict' ? 'All listeners for a given port must use a compatible protocol' : 'All listeners for a given port must use a unique hostname' },
          { type: 'Programmed', status: 'False', reason: 'Invalid', message: 'Listener is invalid, see other Conditions for details.' },
        ]
        : badKinds.length
          ? [
            { type: 'ResolvedRefs', status: 'False', reason: 'InvalidRouteKinds', message: `${badKinds[0].kind} is not supported, kind must be one of [${kinds.map((k) => k.kind).join(', ')}]` },
            { type: 'Programmed', status: 'False', reason: 'Invalid', message: 'Listener is invalid, see other Conditions for details.' },
          ]
          : [
            { type: 'Programmed', status: 'True', reason: 'Programmed', message: 'Sending translated listener configuration to the data plane' },
            { type: 'Accepted', status: 'True', reason: 'Accepted', message: 'Listener has been successfully translated' },
            { type: 'ResolvedRefs', status: 'True', reason: 'ResolvedRefs', message: 'Listener references have been resolved' },
          ];
      return { name: l.name, supportedKinds: kinds.filter((k) => !badKinds.length || (l.allowedRoutes?.kinds ?? []).some((a) => a.kind === k.kind)), attachedRoutes: attached.get(`${gw.metadata.namespace}/${gw.metadata.name}/${l.name}`) ?? 0, conditions: conditions(prev, want.map((c) => ({ ...c, observedGeneration: gen })), now) };
    });
    this.writeStatus(gw, {
      ...gw.status,
      ...(ip ? { addresses: [{ type: 'IPAddress', value: ip }] } : { addresses: undefined }),
      conditions: conditions(gw.status?.conditions, [
        { type: 'Accepted', status: 'True', reason: 'Accepted', message: 'The Gateway has been scheduled by Envoy Gateway', observedGeneration: gen },
        { type: 'Programmed', ...programmed, observedGeneration: gen },
      ], now),
      listeners,
    });
  }

  private writeStatus<T extends KubeObject>(o: T, status: T['status']): void {
    const clean = JSON.parse(JSON.stringify(status ?? {})) as T['status'];
    if (jsonEqual(o.status ?? {}, clean)) return;
    this.deps.store.update({ ...o, status: clean }, { subresource: 'status' });
  }
}

