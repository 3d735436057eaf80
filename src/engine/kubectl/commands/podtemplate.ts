// Where a workload keeps its pods (polymorphichelpers.updatePodSpecForObject), kubectl's container name
// wildcards, and the two-way strategic merge patch that "set" and "rollout" commands send for a local edit.
import type { Container, PodSpec, PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { threeWayStrategicPatch } from '../../apiserver/patch/strategic.ts';
import type { KubectlContext } from '../context.ts';
import type { DryRun } from './printresult.ts';

type Obj = Record<string, unknown>;

const TEMPLATED = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

/** The pod template of a workload (in the given, mutable copy); a CronJob's is inside its job template. */
export function templateOf(obj: KubeObject): PodTemplateSpec | undefined {
  const spec = (obj.spec ?? {}) as Obj;
  if (TEMPLATED.has(obj.kind)) return (spec.template ??= {}) as PodTemplateSpec;
  if (obj.kind === 'CronJob') {
    const jobTemplate = (spec.jobTemplate ??= {}) as Obj;
    const jobSpec = (jobTemplate.spec ??= {}) as Obj;
    return (jobSpec.template ??= {}) as PodTemplateSpec;
  }
  return undefined;
}

/** The pod spec of a Pod or of a workload's template, or undefined for kinds without pods. */
export function podSpecOf(obj: KubeObject): PodSpec | undefined {
  if (obj.kind === 'Pod') return (obj.spec ??= {}) as PodSpec;
  const template = templateOf(obj);
  if (!template) return undefined;
  return (template.spec ??= { containers: [] });
}

/** Go's %T of the object kubectl decoded: "*v1.ConfigMap". */
function goTypeOf(info: KindInfo): string {
  return `*${info.version}.${info.kind}`;
}

/** The error of updatePodSpecForObject for kinds without a pod template. */
export function noPodTemplate(info: KindInfo): string {
  return `the object is not a pod or does not have a pod template: ${goTypeOf(info)}`;
}

/** selectString: "*" matches all, otherwise "*" is a non-greedy wildcard inside a name. */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  const parts = spec.split('*');
  let pos = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '') continue;
    const next = s.slice(pos).indexOf(part);
    if (next < pos || (i === 0 && pos !== 0) || (i === parts.length - 1 && s.length !== part.length + next)) return false;
    pos = next;
  }
  return true;
}

/** selectContainers over the containers, then the init containers, as set resources/env do. */
export function selectContainers(spec: PodSpec, selector: string): Container[] {
  return [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c) => selectString(c.name, selector));
}

/** CreateTwoWayMergePatch(before, after): what a local edit changed, for the API server to apply. */
export function twoWayPatch(before: KubeObject, after: KubeObject): Obj {
  return threeWayStrategicPatch(before, after, before);
}

/** Send a local edit as a strategic merge patch (nothing with a client dry run): what the server stored. */
export function patchEdited(ctx: KubectlContext, before: KubeObject, after: KubeObject, dryRun: DryRun): KubeObject {
  if (dryRun === 'client') return after;
  const info = ctx.store.info(before.kind);
  return ctx.store.patch(info.kind, before.metadata.namespace, before.metadata.name ?? '', twoWayPatch(before, after), { type: 'strategic', dryRun: dryRun === 'server' });
}
