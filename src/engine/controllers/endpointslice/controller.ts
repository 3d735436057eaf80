// EndpointSlice controller (pkg/controller/endpointslice): for every Service with a selector, EndpointSlices
// (discovery.k8s.io/v1, addressType IPv4) listing the matching pods with an IP, their ready, serving and
// terminating conditions, at most 100 endpoints per slice, labelled kubernetes.io/service-name.
// Simplification: no legacy v1 Endpoints object; no endpoints.kubernetes.io/last-change-trigger-time annotation.
import type { Node, Pod, Service } from 'kubernetes-types/core/v1';
import type { Endpoint, EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { selectorFromSet } from '../../api/labels.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import { ignoresStatus, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { podEndpointsChanged } from './podchange.ts';
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
/** Pods by each label pair, Services by each selector pair: a sync or a pod event looks only at candidates. */
const POD_LABEL_INDEX = 'endpointslice/label';
const SERVICE_SELECTOR_INDEX = 'endpointslice/selector';

const pairs = (m: Readonly<Record<string, string>> | undefined): string[] => Object.entries(m ?? {}).map(([k, v]) => `${k}=${v}`);
/** Stored labels are frozen and shared by a template's pods: their pairs are built once per labels object. */
const pairCache = new WeakMap<object, string[]>();
const labelPairs = (m: Readonly<Record<string, string>> | undefined): string[] => {
  if (!m || !Object.isFrozen(m)) return pairs(m);
  let out = pairCache.get(m);
  if (!out) pairCache.set(m, (out = pairs(m)));
  return out;
};
/**
 * The values a pod's labels are looked up under in the Services' selector index ("<namespace>/<key>=<value>"), for
 * every write of every pod: kept per stored labels object, with the namespace they were built for (stored labels
 * are shared by equal JSON, so across namespaces too).
 */
const selectorValueCache = new WeakMap<object, { namespace: string; values: string[] }>();
const selectorValues = (namespace: string, m: Readonly<Record<string, string>> | undefined): string[] => {
  if (!m || !Object.isFrozen(m)) return pairs(m).map((p) => `${namespace}/${p}`);
  let c = selectorValueCache.get(m);
  if (c?.namespace !== namespace) selectorValueCache.set(m, (c = { namespace, values: labelPairs(m).map((p) => `${namespace}/${p}`) }));
  return c.values;
};

export class EndpointSliceController extends Controller {
  private readonly services: Informer<Svc>;
  private readonly pods: Informer<P>;
  private readonly slices: Informer<Slice>;
  private readonly nodes: Informer<Node & KubeObject>;
  /** endpointSliceTracker: per Service, the slices written (name → resourceVersion, null when deleted). */
  private readonly written = new Map<string, Map<string, string | null>>();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, private readonly maxPerSlice = MAX_ENDPOINTS_PER_SLICE) {
    super('endpointslice-controller', clock);
    this.services = informers.informerFor<Svc>('Service');
    this.pods = informers.informerFor<P>('Pod');
    this.slices = informers.informerFor<Slice>('EndpointSlice');
    this.nodes = informers.informerFor<Node & KubeObject>('Node');
    this.pods.addIndexer(POD_LABEL_INDEX, ignoresStatus((o) => labelPairs(o.metadata.labels)));
    this.services.addIndexer(SERVICE_SELECTOR_INDEX, (o) => pairs((o as Svc).spec?.selector).map((p) => `${o.metadata.namespace}/${p}`));
    this.slices.addIndexer(SERVICE_INDEX, (o) => {
      const name = o.metadata.labels?.[SERVICE_NAME_LABEL];
      return name && o.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME ? [`${o.metadata.namespace}/${name}`] : [];
    });
  }

  start(): void {
    this.services.addEventHandler({
      add: (s) => this.queue.add(objectKey(s)),
      update: (_o, s) => this.queue.add(objectKey(s)),
      delete: (s) => this.queue.add(objectKey(s)),
    });
    this.pods.addEventHandler({
      add: (p) => this.enqueueFor(p),
      update: (o, p) => {
        if (isResync(o, p)) return;
        const { podChanged, labelsChanged } = podEndpointsChanged(o, p);
        if (!podChanged && !labelsChanged) return;
        if (!labelsChanged) this.enqueueFor(p);
        else if (podChanged) this.enqueueFor(p, o);
        else this.enqueueMoved(p, o);
      },
      delete: (p) => this.enqueueFor(p),
    });
    // A slice changed by someone else puts its Service back (the controller owns its slices); its own writes, which
    // the tracker expects, do not (upstream's endpointSliceTracker.ShouldSync / HandleDeletion).
    this.slices.addEventHandler({
      add: (s) => { if (managedByController(s) && !this.isOwnWrite(s)) this.enqueueOwner(s); },
      update: (o, s) => {
        if (isResync(o, s)) return;
        if (o.metadata.labels?.[SERVICE_NAME_LABEL] !== s.metadata.labels?.[SERVICE_NAME_LABEL]) {
          this.enqueueOwner(s);
          this.enqueueOwner(o);
        } else if (managedByController(o) !== managedByController(s) || (managedByController(s) && !this.isOwnWrite(s))) this.enqueueOwner(s);
      },
      delete: (s) => { if (managedByController(s) && !this.isOwnWrite(s, true)) this.enqueueOwner(s); },
    });
  }

  /** The slice version this controller wrote (or the deletion it made), as the tracker recorded it. */
  private isOwnWrite(s: Slice, deleted = false): boolean {
    const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
    const rv = name ? this.written.get(`${s.metadata.namespace}/${name}`)?.get(s.metadata.name!) : undefined;
    return deleted ? rv === null : rv !== undefined && rv === s.metadata.resourceVersion;
  }

  /** queueServiceForEndpointSlice: after endpointSliceChangeMinSyncDelay, so a burst of slice changes makes one sync. */
  private enqueueOwner(s: Slice): void {
    const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
    if (name) this.queue.addAfter(`${s.metadata.namespace}/${name}`, ENDPOINT_SLICE_CHANGE_MIN_SYNC_DELAY_MS);
  }

  /** GetPodServiceMemberships: the Services whose selector matches the pod's labels, old or new. */
  private enqueueFor(p: P, old?: P): void {
    const seen = this.enqueueSelecting(p.metadata.labels, p, old, undefined);
    // Old labels that are the new ones (a status write) find the same Services again.
    if (old && old.metadata.labels !== p.metadata.labels) this.enqueueSelecting(old.metadata.labels, p, old, seen);
  }

  /**
   * determineNeededServiceUpdates without a pod change: only the Services the pod joined or left (those selecting
   * exactly one of its old and new labels) need a sync.
   */
  private enqueueMoved(p: P, old: P): void {
    for (const labels of [p.metadata.labels, old.metadata.labels]) {
      for (const value of selectorValues(p.metadata.namespace!, labels)) {
        for (const svc of this.services.listByIndex(SERVICE_SELECTOR_INDEX, value)) {
          const s = selectorFromSet(svc.spec?.selector);
          if (s.matches(p.metadata.labels) !== s.matches(old.metadata.labels)) this.queue.add(objectKey(svc));
        }
      }
    }
  }

  /**
   * The Services indexed under one of `labels`' pairs that select p or old, each once (`seen`: the Services looked
   * at already, made when a Service turns up: most pods' labels match none; returned for the next call).
   */
  private enqueueSelecting(labels: P['metadata']['labels'], p: P, old: P | undefined, seen: Set<string> | undefined): Set<string> | undefined {
    const values = selectorValues(p.metadata.namespace!, labels);
    for (let i = 0; i < values.length; i++) {
      if (this.services.countByIndex(SERVICE_SELECTOR_INDEX, values[i]) === 0) continue;
      for (const svc of this.services.listByIndex(SERVICE_SELECTOR_INDEX, values[i])) {
        const key = objectKey(svc);
        if (seen?.has(key)) continue;
        (seen ??= new Set()).add(key);
        const s = selectorFromSet(svc.spec?.selector);
        if (s.matches(p.metadata.labels) || (old && s.matches(old.metadata.labels))) this.queue.add(key);
      }
    }
    return seen;
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const svc = this.services.getByName(namespace, name);
    // As upstream's tracker: acting on a cache that has not seen our own writes would duplicate slices.
    if (this.staleCache(key)) throw new Error('EndpointSlice informer cache is out of date');
    const existing = this.slices.listByIndex(SERVICE_INDEX, key);
    // Deleted Services' slices go with the garbage collector; ExternalName ones have none.
    if (!svc || svc.metadata.deletionTimestamp) { this.written.delete(key); return; }
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
      this.track(key, this.store.update(updated));
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
      this.track(key, this.store.create(slice as Slice));
    }
    // Labels follow the Service even when the endpoints do not change.
    const touched = new Set([...plan.update.map((u) => u.slice.metadata?.name), ...plan.delete.map((d) => d.metadata?.name)]);
    for (const s of existing) {
      if (touched.has(s.metadata.name) || jsonEqual(s.metadata.labels, labels)) continue;
      this.track(key, this.store.update({ ...structuredClone(s), metadata: { ...structuredClone(s.metadata), labels } } as Slice));
    }
  }

  private desired(svc: Svc): Map<string, DesiredSet> {
    const selector = selectorFromSet(svc.spec!.selector);
    const out = new Map<string, DesiredSet>();
    // The pods with the selector's first pair, then the whole selector (a selector is never empty here).
    const pods = this.pods.listByIndex(POD_LABEL_INDEX, pairs(svc.spec!.selector)[0])
      .filter((p) => p.metadata.namespace === svc.metadata.namespace && selector.matches(p.metadata.labels) && shouldPodBeInEndpoints(p));
    pods.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    for (const p of pods) {
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

  private track(key: string, s: Slice, deleted = false): void {
    let m = this.written.get(key);
    if (!m) this.written.set(key, (m = new Map()));
    m.set(s.metadata.name!, deleted ? null : s.metadata.resourceVersion!);
  }

  private staleCache(key: string): boolean {
    const m = this.written.get(key);
    if (!m) return false;
    const ns = splitKey(key).namespace;
    for (const [name, rv] of m) {
      const seen = this.slices.getByName(ns, name);
      if (rv === null ? seen : !seen || Number(seen.metadata.resourceVersion) < Number(rv)) return true;
    }
    this.written.delete(key);
    return false;
  }

  private deleteSlice(key: string, s: Slice): void {
    this.track(key, s, true);
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
