// What one pod contributes to a Service's EndpointSlices (pkg/controller/util/endpointslice: podToEndpoint,
// getEndpointPorts, ShouldPodBeInEndpoints).
import type { Pod, Service, ServicePort } from 'kubernetes-types/core/v1';
import type { Endpoint, EndpointPort } from 'kubernetes-types/discovery/v1';
import { isPodReady } from '../../api/pod.ts';

export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
export const HEADLESS_LABEL = 'service.kubernetes.io/headless';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/**
 * Terminal pods and pods without an IP have no endpoint; terminating ones only with `includeTerminating` (always
 * for EndpointSlices, where they are terminating=true; for Endpoints when the Service publishes not-ready addresses).
 */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') return false;
  if (!pod.status?.podIP && !pod.status?.podIPs?.length) return false;
  return includeTerminating || !pod.metadata?.deletionTimestamp;
}

/** ShouldSetHostname: the pod's hostname when its subdomain is this Service. */
export function shouldSetHostname(pod: Pod, svc: Service): boolean {
  return !!pod.spec?.hostname && pod.spec.subdomain === svc.metadata?.name && pod.metadata?.namespace === svc.metadata?.namespace;
}

/** podutil.FindPort: a number as is, a name looked up among the pod's container ports. */
export function findPort(pod: Pod, sp: ServicePort): number | undefined {
  const tp = sp.targetPort ?? sp.port;
  if (typeof tp === 'number') return tp;
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) if (p.name === tp && (p.protocol ?? 'TCP') === (sp.protocol ?? 'TCP')) return p.containerPort;
  }
  return undefined;
}

/** getEndpointPorts: one port per Service port the pod can serve. */
export function endpointPorts(svc: Service, pod: Pod): EndpointPort[] {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** The key of a port set: endpoints with the same ports share slices. */
export function portsKey(ports: EndpointPort[]): string {
  return ports.map((p) => `${p.name}/${p.port}/${p.protocol}`).sort().join(',');
}

/** podToEndpoint: ready never true while terminating, unless publishNotReadyAddresses. */
export function podToEndpoint(pod: Pod, svc: Service, zone: string | undefined): Endpoint {
  const publish = svc.spec?.publishNotReadyAddresses === true;
  const serving = publish || isPodReady(pod);
  const terminating = !!pod.metadata?.deletionTimestamp;
  const ready = publish || (serving && !terminating);
  const ep: Endpoint = {
    addresses: [pod.status?.podIP ?? pod.status!.podIPs![0].ip!],
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata?.namespace, name: pod.metadata?.name, uid: pod.metadata?.uid },
  };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  if (zone) ep.zone = zone;
  if (shouldSetHostname(pod, svc)) ep.hostname = pod.spec!.hostname;
  return ep;
}
