// The kubelet's makeEnvironmentVariables: a container's envFrom and env, with downward API fields, resource
// fields, ConfigMap and Secret keys resolved and $(VAR) references expanded, in the order the kubelet builds them.
import type { ConfigMap, Container, EnvVar, Pod, Secret } from 'kubernetes-types/core/v1';
import { Quantity } from '../../api/quantity.ts';
import { base64Decode } from '../../api/base64.ts';

export interface EnvLookup {
  configMap(namespace: string, name: string): ConfigMap | undefined;
  secret(namespace: string, name: string): Secret | undefined;
}

export interface KeyValue { key: string; value: string }

/** podFieldSelectorRuntimeValue and ExtractFieldPathAsString. */
export function fieldValue(pod: Pod, path: string): string {
  const meta = pod.metadata ?? {};
  const bracket = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (bracket) return (bracket[1] === 'labels' ? meta.labels : meta.annotations)?.[bracket[2]] ?? '';
  switch (path) {
    case 'metadata.name': return meta.name ?? '';
    case 'metadata.namespace': return meta.namespace ?? '';
    case 'metadata.uid': return meta.uid ?? '';
    case 'spec.nodeName': return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName': return pod.spec?.serviceAccountName ?? '';
    case 'status.hostIP': return pod.status?.hostIP ?? '';
    case 'status.hostIPs': return (pod.status?.hostIPs ?? []).map((i) => i.ip).join(',');
    case 'status.podIP': return pod.status?.podIP ?? '';
    case 'status.podIPs': return (pod.status?.podIPs ?? []).map((i) => i.ip).join(',');
    default: return '';
  }
}

/**
 * ExtractContainerResourceValue: the request or limit in units of the divisor, rounded up. With the node's
 * allocatable (as the downward API volume gets it), an unset limit is the node's allocatable and an unset request 0.
 */
export function resourceValue(c: Container, resource: string, divisor: string | undefined, allocatable?: Record<string, string>): string {
  const [kind, name] = resource.split('.') as ['limits' | 'requests', string];
  const q = c.resources?.[kind]?.[name] ?? (kind === 'requests' ? c.resources?.limits?.[name] : undefined)
    ?? (allocatable ? (kind === 'limits' ? allocatable[name] : '0') : undefined);
  if (q === undefined) return '';
  const d = Quantity.parse(divisor ?? '1');
  return String(Math.ceil(Quantity.parse(q).milliValue() / d.milliValue()));
}

/** expansion.Expand: $(VAR) from the variables defined so far, $$ escapes, unknown references stay as written. */
function expand(value: string, vars: Map<string, string>): string {
  return value.replace(/\$\$|\$\(([^)]*)\)/g, (m, name: string | undefined) => (m === '$$' ? '$' : vars.get(name!) ?? m));
}

/** Simplification: a missing ConfigMap or Secret key resolves to empty (the kubelet fails the container start instead). */
export function containerEnv(pod: Pod, c: Container, lookup: EnvLookup): KeyValue[] {
  const ns = pod.metadata?.namespace ?? 'default';
  const vars = new Map<string, string>();
  for (const from of c.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (from.configMapRef) for (const [k, v] of Object.entries(lookup.configMap(ns, from.configMapRef.name ?? '')?.data ?? {})) vars.set(prefix + k, v);
    if (from.secretRef) for (const [k, v] of Object.entries(lookup.secret(ns, from.secretRef.name ?? '')?.data ?? {})) vars.set(prefix + k, base64Decode(v));
  }
  for (const e of c.env ?? []) vars.set(e.name, valueOf(pod, c, e, vars, lookup, ns));
  return [...vars].map(([key, value]) => ({ key, value }));
}

function valueOf(pod: Pod, c: Container, e: EnvVar, vars: Map<string, string>, lookup: EnvLookup, ns: string): string {
  const from = e.valueFrom;
  if (!from) return expand(e.value ?? '', vars);
  if (from.fieldRef) return fieldValue(pod, from.fieldRef.fieldPath);
  if (from.resourceFieldRef) {
    const target = from.resourceFieldRef.containerName ? pod.spec?.containers.find((x) => x.name === from.resourceFieldRef!.containerName) ?? c : c;
    return resourceValue(target, from.resourceFieldRef.resource, from.resourceFieldRef.divisor);
  }
  if (from.configMapKeyRef) return lookup.configMap(ns, from.configMapKeyRef.name ?? '')?.data?.[from.configMapKeyRef.key] ?? '';
  if (from.secretKeyRef) {
    const v = lookup.secret(ns, from.secretKeyRef.name ?? '')?.data?.[from.secretKeyRef.key];
    return v === undefined ? '' : base64Decode(v);
  }
  return '';
}
