// Tables of the networking kinds (printers.go printService, printEndpoints, printEndpointSlice, printIngress, printIngressClass).
import type { Endpoints, LoadBalancerStatus, Service } from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { Ingress, IngressClass } from 'kubernetes-types/networking/v1';
import { formatLabels } from '../labelmap.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** loadBalancerWidth: without -o wide a long address list is cut to 16 characters. */
const LOAD_BALANCER_WIDTH = 16;

/** loadBalancerStatusStringer: the ingress points' IPs and hostnames. */
export function loadBalancerStatusString(s: LoadBalancerStatus | undefined, wide: boolean): string {
  const r = (s?.ingress ?? []).flatMap((i) => [i.ip, i.hostname].filter((x): x is string => !!x)).join(',');
  return !wide && r.length > LOAD_BALANCER_WIDTH ? `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...` : r;
}

/** getServiceExternalIP. */
function externalIP(svc: Service, wide: boolean): string {
  const external = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type) {
    case 'ExternalName': return svc.spec.externalName ?? '';
    case 'LoadBalancer': {
      const lb = loadBalancerStatusString(svc.status?.loadBalancer, wide);
      const all = [lb, ...external].filter((x) => x !== '');
      return all.length ? all.join(',') : '<pending>';
    }
    default: return external.length ? external.join(',') : '<none>';
  }
}

/** makePortString: "80/TCP", "80:30080/TCP" with a NodePort. */
export function servicePortString(svc: Service): string {
  const ports = (svc.spec?.ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? 'TCP'}` : `${p.port}/${p.protocol ?? 'TCP'}`));
  return ports.length ? ports.join(',') : '<none>';
}

export const serviceTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Type' }, { name: 'Cluster-IP' }, { name: 'External-IP' }, { name: 'Port(s)' }, { name: 'Age' }, { name: 'Selector', wide: true }],
  row(obj, { now }) {
    const svc = typed<Service>(obj);
    return [
      svc.metadata?.name ?? '', svc.spec?.type ?? '', svc.spec?.clusterIP || '<none>', externalIP(svc, false), servicePortString(svc),
      translateTimestampSince(svc.metadata?.creationTimestamp, now), formatLabels(svc.spec?.selector),
    ];
  },
};

/** net.JoinHostPort: an IPv6 address in brackets. */
const joinHostPort = (ip: string, port: number | undefined): string => `${ip.includes(':') ? `[${ip}]` : ip}:${port ?? 0}`;

/**
 * formatEndpoints: the ready addresses (with each port), three at most, then "+ N more..."; <none> without subsets,
 * an empty cell when every address is not ready.
 */
export function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (!subsets.length) return '<none>';
  const max = 3;
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addrs = ss.addresses ?? [];
    // A headless Service's subsets may have no ports: addresses alone.
    const ports = ss.ports?.length ? ss.ports.map((p) => p.port) : [undefined];
    for (const port of ports) {
      count += addrs.length;
      for (const a of addrs) {
        if (list.length === max) { more = true; break; }
        list.push(port === undefined && !ss.ports?.length ? a.ip : joinHostPort(a.ip, port));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export const endpointsTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Endpoints' }, { name: 'Age' }],
  row(obj, { now }) {
    const ep = typed<Endpoints>(obj);
    return [ep.metadata?.name ?? '', formatEndpoints(ep), translateTimestampSince(ep.metadata?.creationTimestamp, now)];
  },
};

/** listWithMoreString: the first three, then "+ N more...", "<unset>" for none. */
function listWithMore(items: string[], max = 3): string {
  const shown = items.slice(0, max).join(',');
  if (items.length > max) return `${shown} + ${items.length - max} more...`;
  return shown || '<unset>';
}

export const endpointSliceTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'AddressType' }, { name: 'Ports' }, { name: 'Endpoints' }, { name: 'Age' }],
  row(obj, { now }) {
    const s = typed<EndpointSlice>(obj);
    const ports = (s.ports ?? []).map((p) => (p.port !== undefined ? String(p.port) : p.name ? p.name : '*'));
    const addrs = (s.endpoints ?? []).flatMap((e) => e.addresses ?? []);
    return [s.metadata?.name ?? '', s.addressType ?? '', listWithMore(ports), listWithMore(addrs), translateTimestampSince(s.metadata?.creationTimestamp, now)];
  },
};

/** formatHosts: the first three hosts, "*" when no rule names one. */
function formatHosts(ing: Ingress): string {
  const rules = ing.spec?.rules ?? [];
  const hosts = rules.map((r) => r.host ?? '').filter((h) => h !== '');
  if (!hosts.length) return '*';
  return rules.length > 3 ? `${hosts.slice(0, 3).join(',')} + ${rules.length - 3} more...` : hosts.join(',');
}

export const ingressTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Class' }, { name: 'Hosts' }, { name: 'Address' }, { name: 'Ports' }, { name: 'Age' }],
  row(obj, { now }) {
    const ing = typed<Ingress>(obj);
    return [
      ing.metadata?.name ?? '', ing.spec?.ingressClassName ?? '<none>', formatHosts(ing),
      loadBalancerStatusString(ing.status?.loadBalancer as LoadBalancerStatus | undefined, false),
      ing.spec?.tls?.length ? '80, 443' : '80', translateTimestampSince(ing.metadata?.creationTimestamp, now),
    ];
  },
};

export const ingressClassTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Controller' }, { name: 'Parameters' }, { name: 'Age' }],
  row(obj, { now }) {
    const ic = typed<IngressClass>(obj);
    const p = ic.spec?.parameters;
    const params = p ? `${p.apiGroup ? `${p.kind}.${p.apiGroup}` : p.kind}/${p.name}` : '<none>';
    return [ic.metadata?.name ?? '', ic.spec?.controller ?? '', params, translateTimestampSince(ic.metadata?.creationTimestamp, now)];
  },
};
