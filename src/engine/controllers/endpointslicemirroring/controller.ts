// EndpointSlice mirroring controller (pkg/controller/endpointslicemirroring): the Endpoints of a Service without a
// selector (written by hand or by another controller) are mirrored to EndpointSlices managed by
// endpointslicemirroring-controller.k8s.io, so that kube-proxy and DNS, which read slices, route to them. Ready
// addresses become ready endpoints, not-ready ones not ready; each subset mirrors at most 1000 addresses.
// Simplification: one slice per address type and port set (upstream splits a port set's endpoints across slices of
// at most --mirroring-max-endpoints-per-subset, 1000, and so does this only per subset).
import type { EndpointAddress, Endpoints, Service } from 'kubernetes-types/core/v1';
import type { Endpoint, EndpointPort, EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { parseIPSloppy } from '../../apiserver/admission/validation/endpoints.ts';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../endpointslice/endpoints.ts';
import { EndpointSliceTracker } from '../endpointslice/tracker.ts';
import { ownDraws } from '../owndraws.ts';
import { LAST_CHANGE_TRIGGER_TIME } from '../endpoint/controller.ts';

type Svc = Service & KubeObject;
type Ep = Endpoints & KubeObject;
type Slice = EndpointSlice & KubeObject;

export const MIRRORING_CONTROLLER_NAME = 'endpointslicemirroring-controller.k8s.io';
export const SKIP_MIRROR_LABEL = 'endpointslice.kubernetes.io/skip-mirror';
/** resourcelock.LeaderElectionRecordAnnotationKey: Endpoints used as a leader-election lock are not Services'. */
const LEADER_ANNOTATION = 'control-plane.alpha.kubernetes.io/leader';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** --mirroring-max-endpoints-per-subset. */
export const MAX_ENDPOINTS_PER_SUBSET = 1000;
const MIRRORED_INDEX = 'endpointslicemirroring/endpoints';

/** shouldMirror: not labelled skip-mirror "true", not a leader-election lock. */
export function shouldMirror(ep: Endpoints | undefined): boolean {
  return !!ep && ep.metadata?.labels?.[SKIP_MIRROR_LABEL] !== 'true' && ep.metadata?.annotations?.[LEADER_ANNOTATION] === undefined;
}

const hasSelector = (s: Service | undefined): boolean => !!s?.spec?.selector && Object.keys(s.spec.selector).length > 0;

interface DesiredSlice { addressType: 'IPv4' | 'IPv6'; ports: EndpointPort[]; endpoints: Endpoint[] }

export class EndpointSliceMirroringController extends Controller {
  private readonly services: Informer<Svc>;
  private readonly endpoints: Informer<Ep>;
  private readonly slices: Informer<Slice>;
  private readonly tracker: EndpointSliceTracker;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('endpointslice-mirroring-controller', clock);
    this.services = informers.informerFor<Svc>('Service');
    this.endpoints = informers.informerFor<Ep>('Endpoints');
    this.slices = informers.informerFor<Slice>('EndpointSlice');
    this.tracker = new EndpointSliceTracker(this.slices);
    this.event = recorder.forSource({ component: 'endpointslice-mirroring-controller' });
    this.slices.addIndexer(MIRRORED_INDEX, (o) => {
      const name = o.metadata.labels?.[SERVICE_NAME_LABEL];
      return name && o.metadata.labels?.[MANAGED_BY_LABEL] === MIRRORING_CONTROLLER_NAME ? [`${o.metadata.namespace}/${name}`] : [];
    });
  }

  start(): void {
    // A Service matters when it appears, goes, or gains or loses its selector.
    this.services.addEventHandler({
      add: (s) => this.queue.add(objectKey(s)),
      update: (o, s) => { if (hasSelector(o) !== hasSelector(s) || o.spec?.type !== s.spec?.type) this.queue.add(objectKey(s)); },
      delete: (s) => this.queue.add(objectKey(s)),
    });
    this.endpoints.addEventHandler({
      add: (e) => { if (shouldMirror(e)) this.queue.add(objectKey(e)); },
      update: (o, e) => { if (shouldMirror(o) || shouldMirror(e)) this.queue.add(objectKey(e)); },
      delete: (e) => { if (shouldMirror(e)) this.queue.add(objectKey(e)); },
    });
    // Someone else's change to a mirrored slice is put right.
    const onSlice = (s: Slice, deleted = false) => {
      const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
      if (name && s.metadata.labels?.[MANAGED_BY_LABEL] === MIRRORING_CONTROLLER_NAME && !this.tracker.isOwnWrite(s, deleted)) this.queue.add(`${s.metadata.namespace}/${name}`);
    };
    this.slices.addEventHandler({ add: (s) => onSlice(s), update: (o, s) => { onSlice(o); onSlice(s); }, delete: (s) => onSlice(s, true) });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    if (this.tracker.stale(key)) throw new Error('EndpointSlice informer cache is out of date');
    const existing = this.slices.listByIndex(MIRRORED_INDEX, key);
    const ep = this.endpoints.getByName(namespace, name);
    const svc = this.services.getByName(namespace, name);
    // Nothing to mirror: no Endpoints, one not to mirror, no Service, or one whose Endpoints the controllers write.
    if (!ep || !shouldMirror(ep) || !svc || svc.spec?.type === 'ExternalName' || hasSelector(svc)) {
      for (const s of existing) this.deleteSlice(key, s);
      if (!existing.length) this.tracker.forget(key);
      return;
    }
    const desired = this.desired(ep);
    const labels = { ...(ep.metadata.labels ?? {}), [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: MIRRORING_CONTROLLER_NAME };
    const annotations = { ...(ep.metadata.annotations ?? {}) };
    delete annotations[LAST_CHANGE_TRIGGER_TIME];
    delete annotations[LAST_APPLIED];
    const unused = [...existing];
    for (const d of desired) {
      // The slice of the same address type and ports is updated in place; the others go.
      const i = unused.findIndex((s) => s.addressType === d.addressType && jsonEqual(s.ports ?? [], d.ports));
      const current = i >= 0 ? unused.splice(i, 1)[0] : undefined;
      const meta = current ? structuredClone(current.metadata) : {
        generateName: `${name}-`, namespace,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name, uid: ep.metadata.uid!, controller: true, blockOwnerDeletion: true }],
      };
      meta.labels = labels;
      if (Object.keys(annotations).length) meta.annotations = annotations;
      else delete meta.annotations;
      const slice = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: meta, addressType: d.addressType, endpoints: d.endpoints, ports: d.ports } as Slice;
      if (current && jsonEqual(current.metadata.labels, meta.labels) && jsonEqual(current.metadata.annotations, meta.annotations) && jsonEqual(current.endpoints ?? [], d.endpoints)) continue;
      if (current) this.tracker.track(key, this.store.update(slice));
      else {
        const rng = ownDraws(this.store, `endpointslice-mirroring-controller/${key}`);
        slice.metadata.name = `${name}-${rng.string(5)}`;
        this.tracker.track(key, this.store.create(slice, { uid: rng.uuid() }));
      }
    }
    for (const s of unused) this.deleteSlice(key, s);
  }

  /** The endpoints of each address type and port set, each subset's first MAX_ENDPOINTS_PER_SUBSET addresses. */
  private desired(ep: Ep): DesiredSlice[] {
    const out = new Map<string, DesiredSlice>();
    let invalid = 0;
    let skipped = 0;
    for (const ss of ep.subsets ?? []) {
      const ports: EndpointPort[] = (ss.ports ?? []).map((p) => {
        const port: EndpointPort = { name: p.name ?? '', port: p.port, protocol: p.protocol ?? 'TCP' };
        if (p.appProtocol) port.appProtocol = p.appProtocol;
        return port;
      });
      const all: [EndpointAddress, boolean][] = [...(ss.addresses ?? []).map((a): [EndpointAddress, boolean] => [a, true]), ...(ss.notReadyAddresses ?? []).map((a): [EndpointAddress, boolean] => [a, false])];
      let added = 0;
      for (const [addr, ready] of all) {
        if (added >= MAX_ENDPOINTS_PER_SUBSET) break;
        const e = addressToEndpoint(addr, ready);
        if (!e) { invalid++; continue; }
        const k = `${e.type}/${JSON.stringify(ports)}`;
        let d = out.get(k);
        if (!d) out.set(k, (d = { addressType: e.type, ports, endpoints: [] }));
        // One endpoint per address (a later not-ready entry does not repeat a ready one).
        if (!d.endpoints.some((x) => x.addresses[0] === e.endpoint.addresses[0])) d.endpoints.push(e.endpoint);
        added++;
      }
      skipped += all.length - added - invalid;
    }
    if (invalid > 0) this.event(ep, 'Warning', 'InvalidIPAddress', `Skipped ${invalid} invalid IP addresses when mirroring to EndpointSlices`);
    if (skipped > 0) this.event(ep, 'Warning', 'TooManyAddressesToMirror', `A max of ${MAX_ENDPOINTS_PER_SUBSET} addresses can be mirrored to EndpointSlices per Endpoints subset. ${skipped} addresses were skipped`);
    return [...out.values()];
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

/** addressToEndpoint: an IP (re-formatted as Go prints it) with its readiness, target, node and hostname. */
function addressToEndpoint(addr: EndpointAddress, ready: boolean): { endpoint: Endpoint; type: 'IPv4' | 'IPv6' } | undefined {
  const ip = parseIPSloppy(addr.ip ?? '');
  if (!ip) return undefined;
  const v4 = ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
  const endpoint: Endpoint = { addresses: [v4 ? ip.slice(12).join('.') : addr.ip], conditions: { ready } };
  if (addr.hostname) endpoint.hostname = addr.hostname;
  if (addr.nodeName) endpoint.nodeName = addr.nodeName;
  if (addr.targetRef) endpoint.targetRef = addr.targetRef;
  return { endpoint, type: v4 ? 'IPv4' : 'IPv6' };
}
