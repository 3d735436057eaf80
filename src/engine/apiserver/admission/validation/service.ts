// Services (pkg/apis/core/validation ValidateService, ValidateServiceUpdate): the rules a user meets most.
// Simplification: dual-stack fields, externalIPs, loadBalancerSourceRanges and topology annotations are not checked.
import type { Service, ServicePort } from 'kubernetes-types/core/v1';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { child, duplicate, forbidden, index, invalid, notSupported, required } from './field.ts';
import { validateObjectMeta, validateObjectMetaUpdate, type NameFn } from './objectmeta.ts';
import { portNameErrors } from './containers.ts';
import { validateLabels } from './labels.ts';

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] as const;
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;
const IP_TEXT = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** ValidateServiceName: a DNS-1035 label (a Service name becomes a DNS name and an environment variable). */
const nameIsDNS1035Label: NameFn = (name, prefix) => isDNS1035Label(prefix && name.endsWith('-') ? name.slice(0, -2) + 'a' : name);

function isIPv4(s: string): boolean {
  const m = IP_TEXT.exec(s);
  return !!m && m.slice(1).every((o) => Number(o) <= 255);
}

function portNumErrors(port: unknown): string[] {
  return typeof port === 'number' && port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

function validatePort(p: ServicePort, i: number, requireName: boolean, names: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const path = index('spec.ports', i);
  if (requireName && !p.name) errs.push(required(child(path, 'name')));
  else if (p.name) {
    const msgs = isDNS1123Label(p.name);
    if (msgs.length) errs.push(...msgs.map((m) => invalid(child(path, 'name'), p.name, m)));
    else if (names.has(p.name)) errs.push(duplicate(child(path, 'name'), p.name));
    names.add(p.name);
  }
  for (const m of portNumErrors(p.port)) errs.push(invalid(child(path, 'port'), p.port, m));
  if (!p.protocol) errs.push(required(child(path, 'protocol')));
  else if (!(PROTOCOLS as readonly string[]).includes(p.protocol)) errs.push(notSupported(child(path, 'protocol'), p.protocol, PROTOCOLS));
  const tp = p.targetPort;
  if (typeof tp === 'number') for (const m of portNumErrors(tp)) errs.push(invalid(child(path, 'targetPort'), tp, m));
  else if (typeof tp === 'string') for (const m of portNameErrors(tp)) errs.push(invalid(child(path, 'targetPort'), tp, m));
  return errs;
}

function validateSpec(svc: Service): FieldError[] {
  const errs: FieldError[] = [];
  const spec = svc.spec ?? {};
  const type = spec.type ?? 'ClusterIP';
  if (!(SERVICE_TYPES as readonly string[]).includes(type)) errs.push(notSupported('spec.type', type, SERVICE_TYPES));
  const headless = spec.clusterIP === 'None';
  const ports = spec.ports ?? [];
  if (ports.length === 0 && !headless && type !== 'ExternalName') errs.push(required('spec.ports'));
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validatePort(p, i, ports.length > 1, names)));
  if (type === 'ClusterIP') {
    ports.forEach((p, i) => { if (p.nodePort) errs.push(forbidden(child(index('spec.ports', i), 'nodePort'), "may not be used when `type` is 'ClusterIP'")); });
  }
  if (type === 'ExternalName') {
    if (!spec.externalName) errs.push(required('spec.externalName'));
    else for (const m of isDNS1123Subdomain(spec.externalName.replace(/\.$/, ''))) errs.push(invalid('spec.externalName', spec.externalName, m));
  }
  (spec.clusterIPs ?? []).forEach((ip, i) => {
    if (ip !== 'None' && !isIPv4(ip)) errs.push(invalid(index('spec.clusterIPs', i), ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  });
  if (spec.clusterIP && spec.clusterIPs?.length && spec.clusterIP !== spec.clusterIPs[0]) {
    errs.push(invalid('spec.clusterIPs', spec.clusterIPs, 'must be empty or the first value must match spec.clusterIP'));
  }
  if (headless && type !== 'ClusterIP' && type !== 'ExternalName') {
    errs.push(invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
  }
  if (spec.sessionAffinity && !['ClientIP', 'None'].includes(spec.sessionAffinity)) errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']));
  const timeout = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds;
  if (timeout !== undefined && (timeout <= 0 || timeout > 86400)) {
    errs.push(invalid('spec.sessionAffinityConfig.clientIP.timeoutSeconds', timeout, 'must be greater than 0 and less than 86400'));
  }
  if (spec.externalTrafficPolicy && type !== 'NodePort' && type !== 'LoadBalancer') {
    errs.push(invalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, "may only be set when `type` is 'NodePort' or 'LoadBalancer'"));
  } else if (spec.externalTrafficPolicy && !['Cluster', 'Local'].includes(spec.externalTrafficPolicy)) {
    errs.push(notSupported('spec.externalTrafficPolicy', spec.externalTrafficPolicy, ['Cluster', 'Local']));
  }
  if (spec.internalTrafficPolicy && !['Cluster', 'Local'].includes(spec.internalTrafficPolicy)) errs.push(notSupported('spec.internalTrafficPolicy', spec.internalTrafficPolicy, ['Cluster', 'Local']));
  errs.push(...validateLabels(spec.selector, 'spec.selector'));
  return errs;
}

export function validateService(svc: Service): FieldError[] {
  return [...validateObjectMeta(svc.metadata, nameIsDNS1035Label), ...validateSpec(svc)];
}

export function validateServiceUpdate(svc: Service, old: Service): FieldError[] {
  const errs = [...validateObjectMetaUpdate(svc.metadata, old.metadata), ...validateSpec(svc)];
  // The primary ClusterIP may not change, unless the Service turns into or out of an ExternalName.
  const was = old.spec?.clusterIPs?.[0];
  const now = svc.spec?.clusterIPs?.[0];
  if (was && now && was !== now && old.spec?.type !== 'ExternalName' && svc.spec?.type !== 'ExternalName') {
    errs.push(invalid('spec.clusterIPs[0]', svc.spec?.clusterIPs, 'may not change once set'));
  }
  return errs;
}
