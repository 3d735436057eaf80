// Endpoints controller (pkg/controller/endpoint): for every Service with a selector, the v1 Endpoints object of the
// same name listing the selected pods with an IP: ready ones in addresses, the others in notReadyAddresses (all
// ready with publishNotReadyAddresses, which also keeps terminating pods), one port per Service port the pod
// serves, repacked into subsets. Services without a selector keep the Endpoints their owner writes.
// Simplification: no checkLeftoverEndpoints pass at start (the Service deletion handler removes them).
import type { Endpoints, EndpointAddress, EndpointPort, EndpointSubset, Pod, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { isPodReady } from '../../api/pod.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { findPort, HEADLESS_LABEL, shouldPodBeInEndpoints, shouldSetHostname } from '../endpointslice/endpoints.ts';
import { PodServiceMemberships } from '../endpointslice/memberships.ts';
import { ownDraws } from '../owndraws.ts';
import { repackSubsets } from './repack.ts';
import { TriggerTimeTracker } from './triggertime.ts';

type Svc = Service & KubeObject;
type P = Pod & KubeObject;
type Ep = Endpoints & KubeObject;

export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
export const OVER_CAPACITY = 'endpoints.kubernetes.io/over-capacity';
/** maxCapacity: an Endpoints object lists at most this many addresses. */
export const MAX_CAPACITY = 1000;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class EndpointsController extends Controller {
  private readonly services: Informer<Svc>;
  private readonly pods: Informer<P>;
  private readonly endpoints: Informer<Ep>;
  private readonly memberships: PodServiceMemberships;
  private readonly triggerTimes = new TriggerTimeTracker();
  /** staleEndpointsTracker: the resourceVersion each Endpoints had before this controller's last update of it. */
  private readonly stale = new Map<string, string>();
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('endpoints-controller', clock);
    this.services = informers.informerFor<Svc>('Service');
    this.pods = informers.informerFor<P>('Pod');
    this.endpoints = informers.informerFor<Ep>('Endpoints');
    this.memberships = new PodServiceMemberships(this.services, this.pods);
    this.event = recorder.forSource({ component: 'endpoint-controller' });
  }

  start(): void {
    this.memberships.addEventHandlers(this.queue);
    // An Endpoints deleted under a Service with a selector comes back.
    this.endpoints.addEventHandler({ delete: (e) => this.queue.add(objectKey(e)) });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const svc = this.services.getByName(namespace, name);
    if (!svc) {
      try {
        this.store.delete('Endpoints', namespace, name);
      } catch (e) {
        if (!isStatusError(e, 'NotFound')) throw e;
      }
      this.triggerTimes.delete(key);
      this.stale.delete(key);
      return;
    }
    if (svc.spec?.type === 'ExternalName') return;
    // Services without a selector receive their Endpoints out of band (an empty selector is stored as none).
    if (!svc.spec?.selector || !Object.keys(svc.spec.selector).length) return;

    const pods = this.memberships.selectedPods(svc);
    const triggerTime = this.triggerTimes.compute(key, svc, pods);
    const subsets = endpointSubsets(svc, pods);

    const current = this.endpoints.getByName(namespace, name);
    if (current && this.stale.get(key) === current.metadata.resourceVersion) {
      throw new Error(`endpoints informer cache is out of date, resource version ${current.metadata.resourceVersion} already processed for endpoints ${key}`);
    }
    const svcLabels = svc.metadata.labels ?? {};
    if (current) {
      const compare = { ...(current.metadata.labels ?? {}) };
      delete compare[HEADLESS_LABEL];
      if (jsonEqual(current.subsets ?? [], subsets) && jsonEqual(compare, svcLabels) && capacityAnnotationSetCorrectly(current)) return;
    }

    const annotations: Record<string, string> = { ...(current?.metadata.annotations ?? {}) };
    if (triggerTime) annotations[LAST_CHANGE_TRIGGER_TIME] = triggerTime;
    else delete annotations[LAST_CHANGE_TRIGGER_TIME];
    const kept = truncateEndpoints(subsets);
    if (kept) annotations[OVER_CAPACITY] = 'truncated';
    else delete annotations[OVER_CAPACITY];
    const labels: Record<string, string> = { ...svcLabels };
    // IsServiceIPSet: a headless Service (or one without a cluster IP) is labelled so.
    if (!svc.spec.clusterIP || svc.spec.clusterIP === 'None') labels[HEADLESS_LABEL] = '';
    else delete labels[HEADLESS_LABEL];

    const meta: Ep['metadata'] = current ? structuredClone(current.metadata) : { name, namespace };
    meta.labels = labels;
    if (Object.keys(annotations).length) meta.annotations = annotations;
    else delete meta.annotations;
    const next = { apiVersion: 'v1', kind: 'Endpoints', metadata: meta, subsets: kept ?? subsets } as Ep;
    if (!next.subsets!.length) delete next.subsets;
    try {
      if (!current) this.store.create(next, { uid: ownDraws(this.store, `endpoints-controller/${key}`).uuid() });
      else {
        const updated = this.store.update(next);
        if (updated.metadata.resourceVersion !== current.metadata.resourceVersion) this.stale.set(key, current.metadata.resourceVersion!);
      }
    } catch (e) {
      // A terminating namespace takes no new objects: the Service goes with it.
      if (!current && isStatusError(e, 'Forbidden') && message(e).includes('because it is being terminated')) return;
      if (!current) this.event(next, 'Warning', 'FailedToCreateEndpoint', `Failed to create endpoint for service ${namespace}/${name}: ${message(e)}`);
      else this.event(next, 'Warning', 'FailedToUpdateEndpoint', `Failed to update endpoint ${namespace}/${name}: ${message(e)}`);
      throw e;
    }
  }
}

/**
 * The Service's subsets from its selected pods (addEndpointSubset per pod and Service port, then RepackSubsets): the
 * pods with an IP, terminating ones only when publishing not-ready addresses.
 */
export function endpointSubsets(svc: Service, pods: readonly Pod[]): EndpointSubset[] {
  const publish = svc.spec!.publishNotReadyAddresses === true;
  const out: EndpointSubset[] = [];
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, publish)) continue;
    const addr = podToEndpointAddress(pod);
    if (shouldSetHostname(pod, svc)) addr.hostname = pod.spec!.hostname;
    const ready = publish || isPodReady(pod);
    const add = (ports: EndpointPort[]) => out.push(ready ? { addresses: [addr], ports } : { notReadyAddresses: [addr], ports });
    const servicePorts = svc.spec!.ports ?? [];
    // A headless Service may have no ports: its pods' addresses alone.
    if (!servicePorts.length) {
      if (svc.spec!.clusterIP === 'None') add([]);
      continue;
    }
    for (const sp of servicePorts) {
      const port = findPort(pod, sp);
      if (port === undefined) continue;
      const epp: EndpointPort = { port, protocol: sp.protocol ?? 'TCP' };
      if (sp.name) epp.name = sp.name;
      if (sp.appProtocol) epp.appProtocol = sp.appProtocol;
      add([epp]);
    }
  }
  return repackSubsets(out);
}

/** podToEndpointAddressForService (IPv4 single stack: the pod's first IP). */
function podToEndpointAddress(pod: Pod): EndpointAddress {
  const addr: EndpointAddress = {
    ip: pod.status?.podIPs?.[0]?.ip ?? pod.status!.podIP!,
    nodeName: pod.spec?.nodeName ?? '',
    targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
  };
  return addr;
}

/** capacityAnnotationSetCorrectly: over capacity needs truncating; under it, the annotation must be gone. */
function capacityAnnotationSetCorrectly(ep: Ep): boolean {
  let n = 0;
  for (const ss of ep.subsets ?? []) n += (ss.addresses?.length ?? 0) + (ss.notReadyAddresses?.length ?? 0);
  return n <= MAX_CAPACITY && ep.metadata.annotations?.[OVER_CAPACITY] === undefined;
}

/**
 * truncateEndpoints: over MAX_CAPACITY addresses, each subset keeps its share (rounded up) of the room, ready
 * addresses first: the truncated subsets, or undefined when all fit.
 */
export function truncateEndpoints(subsets: readonly EndpointSubset[]): EndpointSubset[] | undefined {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const ss of subsets) {
    totalReady += ss.addresses?.length ?? 0;
    totalNotReady += ss.notReadyAddresses?.length ?? 0;
  }
  if (totalReady + totalNotReady <= MAX_CAPACITY) return undefined;
  const truncateReady = totalReady > MAX_CAPACITY;
  const max = truncateReady ? MAX_CAPACITY : MAX_CAPACITY - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  return subsets.map((ss) => {
    const inSubset = truncateReady ? ss.addresses?.length ?? 0 : ss.notReadyAddresses?.length ?? 0;
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    const out: EndpointSubset = { ...ss };
    if (truncateReady) {
      if (ss.addresses) out.addresses = ss.addresses.slice(0, toBeAdded);
      delete out.notReadyAddresses;
      canBeAdded -= out.addresses?.length ?? 0;
    } else {
      if (ss.notReadyAddresses) out.notReadyAddresses = ss.notReadyAddresses.slice(0, toBeAdded);
      canBeAdded -= out.notReadyAddresses?.length ?? 0;
    }
    return out;
  });
}
