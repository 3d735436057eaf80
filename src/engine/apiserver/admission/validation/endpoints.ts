// Endpoints (pkg/apis/core/validation ValidateEndpointsCreate, ValidateEndpointsUpdate, validateEndpointSubsets):
// each subset has an address, addresses are IPs outside the ranges ValidateNonSpecialIP refuses, ports 1-65535
// with a protocol, named when a subset has several.
import type { EndpointAddress, EndpointPort, Endpoints } from 'kubernetes-types/core/v1';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { child, index, invalid, notSupported, required } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** netutils.ParseIPSloppy, as the 16 bytes Go keeps (IPv4 as ::ffff:a.b.c.d), or undefined. */
export function parseIPSloppy(s: string): number[] | undefined {
  const v4 = IPV4.exec(s);
  if (v4) {
    const b = v4.slice(1).map(Number);
    return b.every((o) => o <= 255) ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...b] : undefined;
  }
  if (!s.includes(':') || !/^[0-9a-fA-F:.]+$/.test(s)) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      const n = parseInt(g, 16);
      out.push(n >> 8, n & 0xff);
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1 ? head.length !== 16 : head.length + tail.length > 14) return undefined;
  return [...head, ...new Array<number>(16 - head.length - tail.length).fill(0), ...tail];
}

const isV4 = (ip: number[]) => ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;

/** ValidateNonSpecialIP: unspecified, loopback and link-local addresses make no sense as endpoints. */
export function nonSpecialIPErrors(text: string): string[] {
  const ip = parseIPSloppy(text);
  if (!ip) return ['must be a valid IP address'];
  const v4 = isV4(ip);
  const errs: string[] = [];
  if (v4 ? ip[12] === 0 && ip[13] === 0 && ip[14] === 0 && ip[15] === 0 : ip.every((b) => b === 0)) errs.push(`may not be unspecified (${text})`);
  if (v4 ? ip[12] === 127 : ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1) errs.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if (v4 ? ip[12] === 169 && ip[13] === 254 : ip[0] === 0xfe && (ip[1] & 0xc0) === 0x80) errs.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if (v4 ? ip[12] === 224 && ip[13] === 0 && ip[14] === 0 : ip[0] === 0xff && (ip[1] & 0x0f) === 0x02) errs.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return errs;
}

function validateAddress(a: EndpointAddress, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ip = child(path, 'ip');
  // validation.IsValidIP, then ValidateNonSpecialIP (which says it again for a non-IP).
  if (!parseIPSloppy(a.ip ?? '')) errs.push(invalid(ip, a.ip ?? '', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  if (a.hostname) for (const m of isDNS1123Label(a.hostname)) errs.push(invalid(child(path, 'hostname'), a.hostname, m));
  if (a.nodeName !== undefined) for (const m of isDNS1123Subdomain(a.nodeName)) errs.push(invalid(child(path, 'nodeName'), a.nodeName, m));
  for (const m of nonSpecialIPErrors(a.ip ?? '')) errs.push(invalid(ip, a.ip ?? '', m));
  return errs;
}

function validatePort(p: EndpointPort, requireName: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (requireName && !p.name) errs.push(required(child(path, 'name')));
  else if (p.name) for (const m of isDNS1123Label(p.name)) errs.push(invalid(child(path, 'name'), p.name, m));
  if (!(typeof p.port === 'number' && p.port >= 1 && p.port <= 65535)) errs.push(invalid(child(path, 'port'), p.port ?? 0, 'must be between 1 and 65535, inclusive'));
  if (!p.protocol) errs.push(required(child(path, 'protocol')));
  else if (!(PROTOCOLS as readonly string[]).includes(p.protocol)) errs.push(notSupported(child(path, 'protocol'), p.protocol, PROTOCOLS));
  if (p.appProtocol !== undefined) for (const m of isQualifiedName(p.appProtocol)) errs.push(invalid(child(path, 'appProtocol'), p.appProtocol, m));
  return errs;
}

/** validateEndpointSubsets: a headless Service's subsets may have no ports, but every subset has an address. */
function validateSubsets(ep: Endpoints): FieldError[] {
  const errs: FieldError[] = [];
  (ep.subsets ?? []).forEach((ss, i) => {
    const path = index('subsets', i);
    if (!ss.addresses?.length && !ss.notReadyAddresses?.length) errs.push(required(path, 'must specify `addresses` or `notReadyAddresses`'));
    (ss.addresses ?? []).forEach((a, j) => errs.push(...validateAddress(a, index(child(path, 'addresses'), j))));
    (ss.notReadyAddresses ?? []).forEach((a, j) => errs.push(...validateAddress(a, index(child(path, 'notReadyAddresses'), j))));
    const ports = ss.ports ?? [];
    ports.forEach((p, j) => errs.push(...validatePort(p, ports.length > 1, index(child(path, 'ports'), j))));
  });
  return errs;
}

export function validateEndpoints(ep: Endpoints): FieldError[] {
  return [...validateObjectMeta(ep.metadata, nameIsDNSSubdomain), ...validateSubsets(ep)];
}

export function validateEndpointsUpdate(ep: Endpoints, old: Endpoints): FieldError[] {
  return [...validateObjectMetaUpdate(ep.metadata, old.metadata), ...validateSubsets(ep)];
}
