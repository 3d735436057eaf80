// kube-proxy's change trackers (pkg/proxy/servicechangetracker.go, endpointschangetracker.go): Services and
// EndpointSlices from its informers become per-Service proxy entries, rebuilt only for the Services that changed.
import type { Service } from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { ProxyEndpoint, ProxyService } from '../types.ts';

type Svc = Service & KubeObject;
type Slice = EndpointSlice & KubeObject;

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
const SLICE_INDEX = 'kube-proxy/service';

/** Build the proxy entry of a Service from its slices (servicePortInfo + endpointsInfo). */
export function proxyService(svc: Service, slices: readonly EndpointSlice[]): ProxyService {
  const spec = svc.spec ?? {};
  const ns = svc.metadata?.namespace ?? '';
  const name = svc.metadata?.name ?? '';
  return {
    key: `${ns}/${name}`, namespace: ns, name,
    type: spec.type ?? 'ClusterIP',
    clusterIP: spec.clusterIP && spec.clusterIP !== 'None' ? spec.clusterIP : undefined,
    externalIPs: spec.externalIPs ?? [],
    loadBalancerIPs: (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? '').filter((ip) => ip !== ''),
    externalName: spec.externalName,
    headless: spec.clusterIP === 'None',
    addresses: sliceAddresses(slices),
    sessionAffinity: spec.sessionAffinity === 'ClientIP' ? 'ClientIP' : 'None',
    affinityTimeoutSeconds: spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 10800,
    internalTrafficPolicy: spec.internalTrafficPolicy === 'Local' ? 'Local' : 'Cluster',
    externalTrafficPolicy: spec.externalTrafficPolicy === 'Local' ? 'Local' : 'Cluster',
    ports: (spec.ports ?? []).map((sp) => {
      const endpoints: ProxyEndpoint[] = [];
      const seen = new Set<string>();
      for (const s of slices) {
        const port = (s.ports ?? []).find((p) => (p.name ?? '') === (sp.name ?? '') && (p.protocol ?? 'TCP') === (sp.protocol ?? 'TCP'));
        if (!port?.port) continue;
        for (const e of s.endpoints ?? []) {
          const ip = e.addresses[0];
          if (seen.has(ip)) continue;
          seen.add(ip);
          const ready = e.conditions?.ready !== false;
          endpoints.push({
            ip, port: port.port, nodeName: e.nodeName,
            pod: e.targetRef?.kind === 'Pod' ? `${e.targetRef.namespace}/${e.targetRef.name}` : undefined,
            ready, serving: e.conditions?.serving ?? ready, terminating: e.conditions?.terminating ?? false,
          });
        }
      }
      endpoints.sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
      return { name: sp.name ?? '', port: sp.port, protocol: sp.protocol ?? 'TCP', nodePort: sp.nodePort, endpoints };
    }),
  };
}

function sliceAddresses(slices: readonly EndpointSlice[]): ProxyService['addresses'] {
  const out: ProxyService['addresses'] = [];
  const seen = new Set<string>();
  for (const s of slices) {
    for (const e of s.endpoints ?? []) {
      const ip = e.addresses[0];
      if (seen.has(ip)) continue;
      seen.add(ip);
      out.push({
        ip, hostname: e.hostname, ready: e.conditions?.ready !== false, nodeName: e.nodeName,
        pod: e.targetRef?.kind === 'Pod' ? `${e.targetRef.namespace}/${e.targetRef.name}` : undefined,
      });
    }
  }
  return out.sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
}

/**
 * The latest Services and slices, as the informers of one kube-proxy see them. `changed` lists the Service keys
 * touched since the last `drain()`; the proxiers compile only those.
 */
export class ServiceChangeTracker {
  private readonly services: Informer<Svc>;
  private readonly slices: Informer<Slice>;
  private readonly changed = new Set<string>();
  private readonly listeners: (() => void)[] = [];

  constructor(informers: SharedInformerFactory) {
    this.services = informers.informerFor<Svc>('Service');
    this.slices = informers.informerFor<Slice>('EndpointSlice');
    this.slices.addIndexer(SLICE_INDEX, (o) => {
      const n = o.metadata.labels?.[SERVICE_NAME_LABEL];
      return n ? [`${o.metadata.namespace}/${n}`] : [];
    });
    const svcChanged = (s: Svc) => this.mark(objectKey(s));
    const sliceChanged = (s: Slice) => { const n = s.metadata.labels?.[SERVICE_NAME_LABEL]; if (n) this.mark(`${s.metadata.namespace}/${n}`); };
    this.services.addEventHandler({ add: svcChanged, update: (_o, s) => svcChanged(s), delete: svcChanged });
    this.slices.addEventHandler({ add: sliceChanged, update: (_o, s) => sliceChanged(s), delete: sliceChanged });
  }

  onChange(fn: () => void): void { this.listeners.push(fn); }

  private mark(key: string): void {
    const first = this.changed.size === 0;
    this.changed.add(key);
    if (first) for (const fn of this.listeners) fn();
  }

  /** The Service keys changed since the last drain. */
  drain(): string[] {
    const out = [...this.changed];
    this.changed.clear();
    return out;
  }

  /** The entry of one Service now, undefined when it is gone. */
  compile(key: string): ProxyService | undefined {
    const i = key.indexOf('/');
    const svc = this.services.getByName(key.slice(0, i), key.slice(i + 1));
    return svc ? proxyService(svc, this.slices.listByIndex(SLICE_INDEX, key)) : undefined;
  }

  allKeys(): string[] { return this.services.list().map((s) => objectKey(s)); }
}
