// The Service kubectl builds on the client for `kubectl expose` and `kubectl run --expose` (expose's
// createService): selector and labels from "k=v,…" strings, one ServicePort per port (named port-1, port-2 … when
// there are several; port-N-tcp, port-N-udp when one port carries several protocols), targetPort = port unless
// --target-port says otherwise.
import type { ServicePort } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { newMeta } from '../create/objects.ts';

export interface ServiceParams {
  name: string;
  /** "k=v,…": required (introspected from the exposed object when --selector is not given). */
  selector: string;
  /** "k=v,…" or empty for none. */
  labels: string;
  /** One port ("80") or several ("80,443"); empty only for a headless Service. */
  ports: string;
  /** --protocol: the protocol of every port, whatever the exposed object says. */
  protocol?: string;
  /** The protocols the exposed object gives each port number ("53" → ["UDP", "TCP"]). */
  protocols?: Map<string, string[]>;
  targetPort?: string;
  externalIP?: string;
  type?: string;
  loadBalancerIP?: string;
  sessionAffinity?: string;
  clusterIP?: string;
  namespace?: string;
}

/** generate.ParseLabels of a non-empty spec: "k=v,k2=v2", each pair one "=", no empty key (values are the server's to check). */
export function parseLabelSpec(spec: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of spec.split(',')) {
    const parts = pair.split('=');
    if (parts.length !== 2) throw new CommandError(`unexpected label spec: ${pair}`);
    if (!parts[0]) throw new CommandError('unexpected empty label key');
    labels[parts[0]] = parts[1];
  }
  return labels;
}

/** polymorphichelpers.MakeLabels: the inverse of parseLabelSpec. */
export function makeLabelSpec(labels: Record<string, string> | undefined): string {
  return Object.entries(labels ?? {}).map(([k, v]) => `${k}=${v}`).join(',');
}

/** strconv.Atoi as kubectl reports it. */
export function atoi(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new CommandError(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  return Number(s);
}

/** intstr.Parse: a number when the whole string is one, else a (port) name. */
function intOrString(s: string): number | string {
  return /^[+-]?\d+$/.test(s) ? Number(s) : s;
}

function servicePorts(p: ServiceParams): ServicePort[] {
  if (!p.ports) return [];
  const list = p.ports.split(',');
  const out: ServicePort[] = [];
  list.forEach((text, i) => {
    const port = atoi(text);
    const name = list.length > 1 ? `port-${i + 1}` : undefined;
    const objectProtocols = p.protocols?.get(text);
    if (!p.protocol && objectProtocols && objectProtocols.length > 1) {
      for (const protocol of objectProtocols) out.push({ name: `port-${i + 1}-${protocol.toLowerCase()}`, port, protocol });
      return;
    }
    const protocol = p.protocol || objectProtocols?.[0] || 'TCP';
    out.push({ ...(name ? { name } : {}), port, protocol });
  });
  const target = p.targetPort ? intOrString(p.targetPort) : undefined;
  return out.map((sp) => ({ ...sp, targetPort: target ?? sp.port }));
}

export function buildService(p: ServiceParams): KubeObject {
  if (!p.selector) throw new CommandError('selector must be specified');
  const selector = parseLabelSpec(p.selector);
  const labels = p.labels ? parseLabelSpec(p.labels) : undefined;
  const spec: Record<string, unknown> = { ports: servicePorts(p), selector };
  if (!(spec.ports as ServicePort[]).length) delete spec.ports;
  if (p.externalIP) spec.externalIPs = [p.externalIP];
  if (p.type) spec.type = p.type;
  if (p.type === 'LoadBalancer' && p.loadBalancerIP) spec.loadBalancerIP = p.loadBalancerIP;
  if (p.sessionAffinity) {
    if (p.sessionAffinity !== 'None' && p.sessionAffinity !== 'ClientIP') throw new CommandError(`unknown session affinity: ${p.sessionAffinity}`);
    spec.sessionAffinity = p.sessionAffinity;
  }
  if (p.clusterIP) spec.clusterIP = p.clusterIP;
  return {
    apiVersion: 'v1', kind: 'Service',
    metadata: newMeta(p.name, p.namespace, labels ? { labels } : {}),
    spec,
    // Go encodes the empty LoadBalancerStatus struct.
    status: { loadBalancer: {} },
  } as KubeObject;
}
