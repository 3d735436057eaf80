// EndpointSlice controller (pkg/controller/endpointslice): for every Service with a selector, EndpointSlices
// (discovery.k8s.io/v1, addressType IPv4) listing the matching pods with an IP, their ready, serving and
// terminating conditions, at most 100 endpoints per slice, labelled kubernetes.io/service-name.
// Simplification: no legacy v1 Endpoints object; no endpoints.kubernetes.io/last-change-trigger-time annotation.
import type { Node, Pod, Service } from 'kubernetes-types/core/v1';
import type { Endpoint, EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { splitKey } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import { type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { PodServiceMemberships } from './memberships.ts';
import { EndpointSliceTracker } from './tracker.ts';
import { isResync } from '../refmanager.ts';
import { CONTROLLER_NAME, endpointPorts, HEADLESS_LABEL, MANAGED_BY_LABEL, podToEndpoint, portsKey, SERVICE_NAME_LABEL, shouldPodBeInEndpoints, ZONE_LABEL } from './endpoints.ts';
import { MAX_ENDPOINTS_PER_SLICE, planSlices, type DesiredSet } from './reconciler.ts';

type Svc = Service & KubeObject;
type P = Pod & KubeObject;
type Slice = EndpointSlice & KubeObject;

const SERVICE_INDEX = 'service-name';
/** endpointSliceChangeMinSyncDelay. */
const ENDPOINT_SLICE_CHANGE_MIN_SYNC_DELAY_MS = 1000;
const managedByController = (s: Slice): boolean => s.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME;

export class EndpointSliceController extends Controller {
  private readonly services: Informer<Svc>;
  private readonly pods: Informer<P>;
  private readonly slices: Informer<Slice>;
  private readonly nodes: Informer<Node & KubeObject>;
  private readonly memberships: PodServiceMemberships;
  private readonly tracker: EndpointSliceTracker;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, private readonly maxPerSlice = MAX_ENDPOINTS_PER_SLICE) {
    super('endpointslice-controller', clock);
    this.services = informers.informerFor<Svc>('Service');
    this.pods = informers.informerFor<P>('Pod');
    this.slices = informers.informerFor<Slice>('EndpointSlice');
    this.nodes = informers.informerFor<Node & KubeObject>('Node');
    this.memberships = new PodServiceMemberships(this.services, this.pods);
    this.tracker = new EndpointSliceTracker(this.slices);
    this.slices.addIndexer(SERVICE_INDEX, (o) => {
      const name = o.metadata.labels?.[SERVICE_NAME_LABEL];
      return name && o.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME ? [`${o.metadata.namespace}/${name}`] : [];
    });
  }

  start(): void {
    this.memberships.addEventHandlers(this.queue);
    // A slice changed by someone else puts its Service back (the controller owns its slices); its own writes, which
    // the tracker expects, do not (upstream's endpointSliceTracker.ShouldSync / HandleDeletion).
    this.slices.addEventHandler({
      add: (s) => { if (managedByController(s) && !this.tracker.isOwnWrite(s)) this.enqueueOwner(s); },
      update: (o, s) => {
        if (isResync(o, s)) return;
        if (o.metadata.labels?.[SERVICE_NAME_LABEL] !== s.metadata.labels?.[SERVICE_NAME_LABEL]) {
          this.enqueueOwner(s);
          this.enqueueOwner(o);
        } else if (managedByController(o) !== managedByController(s) || (managedByController(s) && !this.tracker.isOwnWrite(s))) this.enqueueOwner(s);
      },
      delete: (s) => { if (managedByController(s) && !this.tracker.isOwnWrite(s, true)) this.enqueueOwner(s); },
    });
  }

  /** queueServiceForEndpointSlice: after endpointSliceChangeMinSyncDelay, so a burst of slice changes makes one sync. */
  private enqueueOwner(s: Slice): void {
    const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
    if (name) this.queue.addAfter(`${s.metadata.namespace}/${name}`, ENDPOINT_SLICE_CHANGE_MIN_SYNC_DELAY_MS);
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const svc = this.services.getByName(namespace, name);
    // As upstream's tracker: acting on a cache that has not seen our own writes would duplicate slices.
    if (this.tracker.stale(key)) throw new Error('EndpointSlice informer cache is out of date');
    const existing = this.slices.listByIndex(SERVICE_INDEX, key);
    // Deleted Services' slices go with the garbage collector; ExternalName ones have none.
    if (!svc || svc.metadata.deletionTimestamp) { this.tracker.forget(key); return; }
    if (svc.spec?.type === 'ExternalName') {
      for (const s of existing) this.deleteSlice(key, s);
      return;
    }
    // Services without a selector get no slices from this controller (their owner writes them).
    if (!svc.spec?.selector || !Object.keys(svc.spec.selector).length) return;
    const desired = this.desired(svc);
    const plan = planSlices(desired, existing, this.maxPerSlice, (s) => s.metadata?.ownerReferences?.some((r) => r.controller && r.uid === svc.metadata.uid) === true);
    const labels = this.sliceLabels(svc);
    for (const s of plan.delete) this.deleteSlice(key, s as Slice);
    for (const u of plan.update) {
      const updated = { ...structuredClone(u.slice), metadata: { ...structuredClone(u.slice.metadata), labels }, endpoints: u.endpoints } as Slice;
      if (u.ports) {
        if (u.ports.length) updated.ports = u.ports;
        else delete updated.ports;
      }
      this.tracker.track(key, this.store.update(updated));
    }
    for (const c of plan.create) {
      const slice: EndpointSlice = {
        apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
        metadata: { generateName: slicePrefix(svc.metadata.name!), namespace, labels, ownerReferences: [controllerRefTo(svc)] },
        addressType: 'IPv4',
        endpoints: c.endpoints,
        ports: c.ports.length ? c.ports : undefined,
      };
      if (!slice.ports) delete slice.ports;
      this.tracker.track(key, this.store.create(slice as Slice));
    }
    // Labels follow the Service even when the endpoints do not change.
    const touched = new Set([...plan.update.map((u) => u.slice.metadata?.name), ...plan.delete.map((d) => d.metadata?.name)]);
    for (const s of existing) {
      if (touched.has(s.metadata.name) || jsonEqual(s.metadata.labels, labels)) continue;
      this.tracker.track(key, this.store.update({ ...structuredClone(s), metadata: { ...structuredClone(s.metadata), labels } } as Slice));
    }
  }

  private desired(svc: Svc): Map<string, DesiredSet> {
    const out = new Map<string, DesiredSet>();
    for (const p of this.memberships.selectedPods(svc)) {
      if (!shouldPodBeInEndpoints(p, true)) continue;
      const ports = endpointPorts(svc, p);
      const k = portsKey(ports);
      let set = out.get(k);
      if (!set) out.set(k, (set = { ports, endpoints: [] }));
      const zone = p.spec?.nodeName ? this.nodes.getByName(undefined, p.spec.nodeName)?.metadata.labels?.[ZONE_LABEL] : undefined;
      set.endpoints.push(podToEndpoint(p, svc, zone) as Endpoint);
    }
    return out;
  }

  /** The Service's labels, then the controller's (setEndpointSliceLabels). */
  private sliceLabels(svc: Svc): Record<string, string> {
    const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
    delete labels[HEADLESS_LABEL];
    if (svc.spec?.clusterIP === 'None') labels[HEADLESS_LABEL] = '';
    labels[SERVICE_NAME_LABEL] = svc.metadata.name!;
    labels[MANAGED_BY_LABEL] = CONTROLLER_NAME;
    return labels;
  }

  private deleteSlice(key: string, s: Slice): void {
    this.tracker.track(key, s, true);
    try {
      this.store.delete('EndpointSlice', s.metadata.namespace, s.metadata.name!);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}

/** getEndpointSlicePrefix: "<service>-", or "slice-" when that is not a valid name prefix. */
function slicePrefix(service: string): string {
  const prefix = `${service}-`;
  return prefix.length <= 253 - 5 ? prefix : 'slice-';
}
