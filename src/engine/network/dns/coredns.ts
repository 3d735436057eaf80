// CoreDNS with the kubernetes plugin (cluster.local), as a pod's resolver uses it:
// - <svc>.<ns>.svc.cluster.local: the ClusterIP; for a headless Service, the ready endpoints' addresses
//   (all of them with publishNotReadyAddresses, which the EndpointSlice already marks ready); an ExternalName
//   Service answers a CNAME.
// - <hostname>.<svc>.<ns>.svc.cluster.local: a headless Service's endpoint with that hostname (a StatefulSet pod,
//   web-0.web.default.svc.cluster.local); <a-b-c-d>.<svc>.<ns>.svc.cluster.local: the endpoint with that address.
// - <a-b-c-d>.<ns>.pod.cluster.local: the address itself (pods insecure).
// - The pod's resolv.conf: search <ns>.svc.cluster.local svc.cluster.local cluster.local, options ndots:5: a name
//   with fewer than five dots is tried with each search domain first, then as written.
// Simplification: no upstream resolver (names outside cluster.local are NXDOMAIN), no SRV or PTR records.
import { CLUSTER_DOMAIN, NDOTS, searchPath } from '../../api/dns.ts';
import type { ProxyService } from '../types.ts';


export type DnsAnswer =
  | { kind: 'A'; name: string; ips: string[]; service?: string; note: string; tried: string[] }
  | { kind: 'CNAME'; name: string; target: string; service: string; tried: string[] }
  | { kind: 'NXDOMAIN'; name: string; tried: string[] };

export interface DnsRecords {
  service(namespace: string, name: string): ProxyService | undefined;
}

/** The fully qualified names a resolver tries, in order. */
export function candidates(name: string, namespace: string | undefined): string[] {
  const lower = name.toLowerCase();
  if (lower.endsWith('.')) return [lower.slice(0, -1)];
  const dots = lower.split('.').length - 1;
  const searched = namespace === undefined ? [] : searchPath(namespace).map((d) => `${lower}.${d}`);
  return dots >= NDOTS ? [lower, ...searched] : [...searched, lower];
}

const DASHED_IP = /^(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})$/;

/** One fully qualified name against the kubernetes plugin's zone. */
export function answerFQDN(fqdn: string, records: DnsRecords): Omit<Extract<DnsAnswer, { kind: 'A' }>, 'tried'> | Omit<Extract<DnsAnswer, { kind: 'CNAME' }>, 'tried'> | undefined {
  const suffix = `.${CLUSTER_DOMAIN}`;
  if (!fqdn.endsWith(suffix)) return undefined;
  const labels = fqdn.slice(0, -suffix.length).split('.');
  if (labels.length === 3 && labels[2] === 'pod') {
    const m = DASHED_IP.exec(labels[0]);
    return m ? { kind: 'A', name: fqdn, ips: [m.slice(1).join('.')], note: 'pod A record' } : undefined;
  }
  if (labels.length < 3 || labels[labels.length - 1] !== 'svc') return undefined;
  const ns = labels[labels.length - 2];
  const svcName = labels[labels.length - 3];
  const svc = records.service(ns, svcName);
  if (!svc) return undefined;
  if (labels.length === 3) {
    if (svc.type === 'ExternalName') return { kind: 'CNAME', name: fqdn, target: svc.externalName ?? '', service: svc.key };
    if (!svc.headless) return svc.clusterIP ? { kind: 'A', name: fqdn, ips: [svc.clusterIP], service: svc.key, note: `ClusterIP of Service ${svc.key}` } : undefined;
    const ips = svc.addresses.filter((a) => a.ready).map((a) => a.ip);
    return ips.length ? { kind: 'A', name: fqdn, ips, service: svc.key, note: `headless Service ${svc.key}: ${ips.length} ready endpoint(s)` } : undefined;
  }
  if (labels.length === 4 && svc.headless) {
    const host = labels[0];
    const m = DASHED_IP.exec(host);
    const hit = svc.addresses.find((a) => a.hostname === host || (m && a.ip === m.slice(1).join('.')));
    return hit ? { kind: 'A', name: fqdn, ips: [hit.ip], service: svc.key, note: `endpoint ${hit.hostname ?? hit.ip} of headless Service ${svc.key}${hit.pod ? ` (pod ${hit.pod})` : ''}` } : undefined;
  }
  return undefined;
}

/** Resolve `name` as a pod in `namespace` would (or, without a namespace, as an absolute name). */
export function resolve(name: string, namespace: string | undefined, records: DnsRecords): DnsAnswer {
  const tried: string[] = [];
  for (const fqdn of candidates(name, namespace)) {
    tried.push(fqdn);
    const a = answerFQDN(fqdn, records);
    if (a) return { ...a, tried } as DnsAnswer;
  }
  return { kind: 'NXDOMAIN', name, tried };
}
