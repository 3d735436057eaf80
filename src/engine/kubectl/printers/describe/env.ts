// How describe shows a container's environment: literal values, field and resource references (resolved the
// way kubectl resolves them), and references to ConfigMap and Secret keys.
import type { Container, EnvVar, Pod } from 'kubernetes-types/core/v1';
import { Quantity } from '../../../api/quantity.ts';
import { sortedKeys } from '../labelmap.ts';
import { LEVEL_2, LEVEL_3, type PrefixWriter } from './writer.ts';

/** Resolves a fieldRef for a pod; absent for a pod template (describe then prints an empty value). */
export type EnvResolver = (e: EnvVar) => string;

function formatMap(m: Record<string, string> | undefined): string {
  return sortedKeys(m).map((k) => `${k}=${JSON.stringify(m?.[k] ?? '')}`).join('\n');
}

/**
 * kubectl's fieldpath.ExtractFieldPathAsString: only metadata fields resolve; anything else (spec.nodeName,
 * status.podIP) is an error that describe shows as an empty value.
 */
export function envValueRetriever(pod: Pod): EnvResolver {
  return (e) => {
    const path = e.valueFrom?.fieldRef?.fieldPath ?? '';
    const meta = pod.metadata ?? {};
    const sub = /^(metadata\.(?:annotations|labels))\['(.*)'\]$/.exec(path);
    if (sub) return (sub[1] === 'metadata.labels' ? meta.labels : meta.annotations)?.[sub[2]] ?? '';
    switch (path) {
      case 'metadata.annotations': return formatMap(meta.annotations);
      case 'metadata.labels': return formatMap(meta.labels);
      case 'metadata.name': return meta.name ?? '';
      case 'metadata.namespace': return meta.namespace ?? '';
      case 'metadata.uid': return meta.uid ?? '';
      default: return '';
    }
  };
}

/** ExtractContainerResourceValue: the container's request or limit divided by the divisor, rounded up. */
function containerResourceValue(resource: string, divisor: string | undefined, c: Container): string {
  const [kind, name] = resource.split('.', 2);
  if ((kind !== 'limits' && kind !== 'requests') || !name) return '';
  const list = ((kind === 'limits' ? c.resources?.limits : c.resources?.requests) ?? {}) as Record<string, string>;
  try {
    const q = list[name] !== undefined ? Quantity.parse(list[name]) : Quantity.fromValue(0);
    const d = Quantity.parse(divisor ?? '1');
    if (name === 'cpu') return String(Math.ceil(q.milliValue() / d.milliValue()));
    return String(Math.ceil(q.value() / d.value()));
  } catch {
    return '';
  }
}

export function describeContainerEnvVars(c: Container, resolver: EnvResolver | undefined, w: PrefixWriter): void {
  const env = c.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    const from = e.valueFrom;
    if (!from) {
      (e.value ?? '').split('\n').forEach((s, i) => {
        w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`);
      });
      continue;
    }
    if (from.fieldRef) {
      const value = resolver ? resolver(e) : '';
      w.write(LEVEL_3, `${e.name}:\t${value} (${from.fieldRef.apiVersion ?? 'v1'}:${from.fieldRef.fieldPath})\n`);
    } else if (from.resourceFieldRef) {
      const resource = from.resourceFieldRef.resource;
      let value = containerResourceValue(resource, from.resourceFieldRef.divisor, c);
      if (value === '0' && (resource === 'limits.cpu' || resource === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${value} (${resource})\n`);
    } else if (from.secretKeyRef) {
      const ref = from.secretKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${ref.key}' in secret '${ref.name ?? ''}'>\tOptional: ${ref.optional === true}\n`);
    } else if (from.configMapKeyRef) {
      const ref = from.configMapKeyRef;
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${ref.key}' of config map '${ref.name ?? ''}'>\tOptional: ${ref.optional === true}\n`);
    }
  }
}

export function describeContainerEnvFrom(c: Container, w: PrefixWriter): void {
  const envFrom = c.envFrom ?? [];
  w.write(LEVEL_2, `Environment Variables from:${envFrom.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of envFrom) {
    let from = '';
    let name = '';
    let optional = false;
    if (e.configMapRef) {
      from = 'ConfigMap';
      name = e.configMapRef.name ?? '';
      optional = e.configMapRef.optional === true;
    } else if (e.secretRef) {
      from = 'Secret';
      name = e.secretRef.name ?? '';
      optional = e.secretRef.optional === true;
    }
    const what = e.prefix ? `${from} with prefix '${e.prefix}'` : from;
    w.write(LEVEL_3, `${name}\t${what}\tOptional: ${optional}\n`);
  }
}
