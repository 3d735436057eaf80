// What kubectl expose reads from the object it exposes (polymorphichelpers): whether the kind can be exposed,
// its pod selector as "k=v,…", the ports of its pods (or a Service's own ports) and each port's protocols.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import type { PodSpec, ServiceSpec } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError } from '../../context.ts';
import { podSpecOf } from '../podtemplate.ts';
import { makeLabelSpec } from './service.ts';

/** canBeExposed's group/kinds: Pod, Service, ReplicationController (core), Deployment, ReplicaSet (apps). */
const EXPOSABLE = new Set(['/Pod', '/Service', '/ReplicationController', 'apps/Deployment', 'apps/ReplicaSet']);

export function checkExposable(info: KindInfo): void {
  if (!EXPOSABLE.has(`${info.group}/${info.kind}`)) throw new CommandError(`cannot expose a ${info.kind}${info.group ? `.${info.group}` : ''}`);
}

/** Go's %+v of []LabelSelectorRequirement. */
function goRequirements(selector: LabelSelector): string {
  return `[${(selector.matchExpressions ?? []).map((r) => `{Key:${r.key} Operator:${r.operator} Values:[${(r.values ?? []).join(' ')}]}`).join(' ')}]`;
}

/** mapBasedSelectorForObject: a selector a Service can hold, or why there is none. */
export function selectorFor(obj: KubeObject): string {
  const spec = (obj.spec ?? {}) as { selector?: unknown };
  switch (obj.kind) {
    case 'ReplicationController': return makeLabelSpec(spec.selector as Record<string, string> | undefined);
    case 'Pod':
      if (!Object.keys(obj.metadata.labels ?? {}).length) throw new Error('the pod has no labels and cannot be exposed');
      return makeLabelSpec(obj.metadata.labels);
    case 'Service':
      if (!spec.selector) throw new Error('the service has no pod selector set');
      return makeLabelSpec(spec.selector as Record<string, string>);
    default: {
      // apps/v1 Deployment and ReplicaSet: matchLabels required, matchExpressions refused.
      const selector = spec.selector as LabelSelector | undefined;
      const what = obj.kind === 'Deployment' ? 'deployment' : 'replicaset';
      if (!Object.keys(selector?.matchLabels ?? {}).length) throw new Error(`invalid ${what}: no selectors, therefore cannot be exposed`);
      if (selector?.matchExpressions?.length) throw new Error(`couldn't convert expressions - "${goRequirements(selector)}" to map-based selector format`);
      return makeLabelSpec(selector?.matchLabels);
    }
  }
}

interface NumberedPort { number: number; protocol?: string }

function numberedPorts(obj: KubeObject): NumberedPort[] {
  if (obj.kind === 'Service') return ((obj.spec as ServiceSpec | undefined)?.ports ?? []).map((p) => ({ number: p.port, protocol: p.protocol }));
  const spec: PodSpec | undefined = podSpecOf(structuredClone(obj));
  return (spec?.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => ({ number: p.containerPort, protocol: p.protocol })));
}

/** portsForObject: the distinct port numbers of the containers (not init containers) or of the Service. */
export function portsFor(obj: KubeObject): string[] {
  return [...new Set(numberedPorts(obj).map((p) => String(p.number)))];
}

/** multiProtocolsForObject: each port number's protocols in order, an unset one counting as TCP. */
export function protocolsFor(obj: KubeObject): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of numberedPorts(obj)) {
    const key = String(p.number);
    out.set(key, [...(out.get(key) ?? []), p.protocol || 'TCP']);
  }
  return out;
}
