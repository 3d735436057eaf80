// NetworkPolicy validation (pkg/apis/networking/validation ValidateNetworkPolicy / ValidateNetworkPolicyUpdate).
import type { IPBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from 'kubernetes-types/networking/v1';
import { parseCidr } from '../../../api/cidr.ts';
import type { FieldError } from '../../errors.ts';
import { portNameErrors } from './containers.ts';
import { child, forbidden, index, invalid, notSupported, required, withGoValue } from './field.ts';
import { goStringSlice } from './gotext.ts';
import { validateLabelSelector } from './labels.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];
const PORT_RANGE = 'must be between 1 and 65535, inclusive';
const CIDR_MESSAGE = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

function validatePort(port: NetworkPolicyPort, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (port.protocol !== undefined && !PROTOCOLS.includes(port.protocol)) errs.push(notSupported(child(path, 'protocol'), port.protocol, PROTOCOLS));
  const p = port.port;
  if (p === undefined || p === null) {
    if (port.endPort !== undefined) errs.push(invalid(child(path, 'endPort'), port.endPort, 'may not be specified when `port` is not specified'));
  } else if (typeof p === 'number') {
    if (!Number.isInteger(p) || p < 1 || p > 65535) errs.push(invalid(child(path, 'port'), p, PORT_RANGE));
    if (port.endPort !== undefined) {
      if (port.endPort < p) errs.push(invalid(child(path, 'endPort'), port.endPort, 'must be greater than or equal to `port`'));
      if (!Number.isInteger(port.endPort) || port.endPort < 1 || port.endPort > 65535) errs.push(invalid(child(path, 'endPort'), port.endPort, PORT_RANGE));
    }
  } else {
    if (port.endPort !== undefined) errs.push(invalid(child(path, 'endPort'), port.endPort, 'may not be specified when `port` is non-numeric'));
    for (const msg of portNameErrors(p)) errs.push(invalid(child(path, 'port'), p, msg));
  }
  return errs;
}

function cidrOk(s: string, allowed: readonly string[]): boolean {
  if (allowed.includes(s)) return true;
  try {
    parseCidr(s);
    return true;
  } catch {
    return false;
  }
}

/** ValidateIPBlock: a valid cidr, and exceptions that are strict subsets of it. */
function validateIPBlock(ipb: IPBlock, path: string, allowed: readonly string[]): FieldError[] {
  if (!ipb.cidr) return [required(child(path, 'cidr'))];
  if (!cidrOk(ipb.cidr, allowed)) return [invalid(child(path, 'cidr'), ipb.cidr, CIDR_MESSAGE)];
  const errs: FieldError[] = [];
  // A CIDR kept from the old object that does not parse: its exceptions cannot be compared with it.
  if (!cidrOk(ipb.cidr, [])) return errs;
  const outer = parseCidr(ipb.cidr);
  (ipb.except ?? []).forEach((e, i) => {
    const p = index(child(path, 'except'), i);
    if (!cidrOk(e, allowed)) { errs.push(invalid(p, e, CIDR_MESSAGE)); return; }
    if (!cidrOk(e, [])) return;
    const inner = parseCidr(e);
    const size = 2 ** (32 - outer.prefix);
    if (!(inner.base >= outer.base && inner.base < outer.base + size) || outer.prefix >= inner.prefix) errs.push(invalid(p, e, 'must be a strict subset of `cidr`'));
  });
  return errs;
}

function validatePeer(peer: NetworkPolicyPeer, path: string, allowed: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  if (peer.podSelector) { n++; errs.push(...validateLabelSelector(peer.podSelector, child(path, 'podSelector'))); }
  if (peer.namespaceSelector) { n++; errs.push(...validateLabelSelector(peer.namespaceSelector, child(path, 'namespaceSelector'))); }
  if (peer.ipBlock) { n++; errs.push(...validateIPBlock(peer.ipBlock, child(path, 'ipBlock'), allowed)); }
  if (n === 0) errs.push(required(path, 'must specify a peer'));
  else if (n > 1 && peer.ipBlock) errs.push(forbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

function validateSpec(np: NetworkPolicy, allowed: readonly string[]): FieldError[] {
  const spec = np.spec ?? ({} as NetworkPolicySpec);
  const errs = validateLabelSelector(spec.podSelector, 'spec.podSelector');
  (spec.ingress ?? []).forEach((r, i) => {
    const p = index('spec.ingress', i);
    (r.ports ?? []).forEach((port, j) => errs.push(...validatePort(port, index(child(p, 'ports'), j))));
    (r.from ?? []).forEach((peer, j) => errs.push(...validatePeer(peer, index(child(p, 'from'), j), allowed)));
  });
  (spec.egress ?? []).forEach((r, i) => {
    const p = index('spec.egress', i);
    (r.ports ?? []).forEach((port, j) => errs.push(...validatePort(port, index(child(p, 'ports'), j))));
    (r.to ?? []).forEach((peer, j) => errs.push(...validatePeer(peer, index(child(p, 'to'), j), allowed)));
  });
  const types = spec.policyTypes ?? [];
  if (types.length > 2) {
    errs.push(withGoValue('Invalid', 'spec.policyTypes', `&${goStringSlice(types).replace('[]string', '[]networking.PolicyType')}`, 'may not specify more than two policyTypes'));
    return errs;
  }
  types.forEach((t, i) => {
    if (t !== 'Ingress' && t !== 'Egress') errs.push(notSupported(index('spec.policyTypes', i), t, ['Ingress', 'Egress']));
  });
  return errs;
}

export function validateNetworkPolicy(np: NetworkPolicy): FieldError[] {
  return [...validateObjectMeta(np.metadata, nameIsDNSSubdomain), ...validateSpec(np, [])];
}

/** CIDRs the old object already had are accepted again unchanged (ValidateNetworkPolicyUpdate). */
export function validateNetworkPolicyUpdate(np: NetworkPolicy, old: NetworkPolicy): FieldError[] {
  const peers = [...(old.spec?.ingress ?? []).flatMap((r) => r.from ?? []), ...(old.spec?.egress ?? []).flatMap((r) => r.to ?? [])];
  const existing = peers.flatMap((p) => (p.ipBlock ? [p.ipBlock.cidr, ...(p.ipBlock.except ?? [])] : []));
  return [...validateObjectMetaUpdate(np.metadata, old.metadata), ...validateSpec(np, existing)];
}
