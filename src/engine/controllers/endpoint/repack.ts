// pkg/api/v1/endpoints RepackSubsets and SortSubsets: subsets of one address and one port each, as the Endpoints
// controller builds them, grouped so that addresses offering the same ports share one subset. An address is ready
// for a port only if every subset offering it that port says so ("not ready always trumps ready").
// Simplification: upstream orders ports and subsets by the md5 of their spew dump; here by their JSON text, which is
// as deterministic but not the same order when a Service has several ports or its pods several port sets.
import type { EndpointAddress, EndpointPort, EndpointSubset } from 'kubernetes-types/core/v1';

/** LessEndpointAddress: by IP (byte order), then by the target's UID, a missing target first. */
export function lessEndpointAddress(a: EndpointAddress, b: EndpointAddress): boolean {
  if (a.ip !== b.ip) return a.ip < b.ip;
  if (!b.targetRef) return false;
  if (!a.targetRef) return true;
  return (a.targetRef.uid ?? '') < (b.targetRef.uid ?? '');
}

const byAddress = (a: EndpointAddress, b: EndpointAddress): number => (lessEndpointAddress(a, b) ? -1 : lessEndpointAddress(b, a) ? 1 : 0);
const byJSON = (a: unknown, b: unknown): number => { const x = JSON.stringify(a); const y = JSON.stringify(b); return x < y ? -1 : x > y ? 1 : 0; };

/** The port a subset without ports is filed under (upstream's Port: -1 sentinel). */
const NO_PORT = '';
const portKey = (p: EndpointPort): string => JSON.stringify([p.name ?? '', p.port, p.protocol ?? '', p.appProtocol ?? null]);

export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  // Each address once (by IP and target UID), and per port the addresses offering it with their readiness.
  const allAddrs = new Map<string, EndpointAddress>();
  const byPort = new Map<string, { port: EndpointPort | undefined; addrs: Map<EndpointAddress, boolean> }>();
  const mapAddress = (addr: EndpointAddress, port: EndpointPort | undefined, ready: boolean) => {
    const key = `${addr.ip}/${addr.targetRef?.uid ?? ''}`;
    let existing = allAddrs.get(key);
    if (!existing) allAddrs.set(key, (existing = { ...addr }));
    const pk = port ? portKey(port) : NO_PORT;
    let entry = byPort.get(pk);
    if (!entry) byPort.set(pk, (entry = { port, addrs: new Map() }));
    const was = entry.addrs.get(existing);
    if (was === undefined || was) entry.addrs.set(existing, ready);
  };
  for (const ss of subsets) {
    for (const port of ss.ports?.length ? ss.ports : [undefined]) {
      for (const a of ss.addresses ?? []) mapAddress(a, port, true);
      for (const a of ss.notReadyAddresses ?? []) mapAddress(a, port, false);
    }
  }
  // Then the ports each set of addresses (with readiness) offers.
  const groups = new Map<string, { addrs: Map<EndpointAddress, boolean>; ports: EndpointPort[] }>();
  for (const { port, addrs } of byPort.values()) {
    const sorted = [...addrs].sort((x, y) => byAddress(x[0], y[0]));
    const key = JSON.stringify(sorted);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { addrs, ports: [] }));
    if (port) g.ports.push(port);
  }
  const out: EndpointSubset[] = [];
  for (const { addrs, ports } of groups.values()) {
    const ss: EndpointSubset = {};
    const ready = [...addrs].filter(([, r]) => r).map(([a]) => a);
    const notReady = [...addrs].filter(([, r]) => !r).map(([a]) => a);
    if (ready.length) ss.addresses = ready;
    if (notReady.length) ss.notReadyAddresses = notReady;
    if (ports.length) ss.ports = ports;
    out.push(ss);
  }
  return sortSubsets(out);
}

/** SortSubsets: addresses by IP and UID, ports and then subsets in one stable order. */
export function sortSubsets(subsets: EndpointSubset[]): EndpointSubset[] {
  for (const ss of subsets) {
    ss.addresses?.sort(byAddress);
    ss.notReadyAddresses?.sort(byAddress);
    ss.ports?.sort(byJSON);
  }
  return subsets.sort(byJSON);
}
