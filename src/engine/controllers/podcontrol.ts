// Helpers the workload controllers share (pkg/controller/controller_utils.go): which pods count,
// pods from a template, availability (the ranking of pods to delete is podrank.ts).
import type { Pod, PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../api/object.ts';
import { isPodReady } from '../api/pod.ts';
import { readySince } from './podrank.ts';

/** Active pods: not terminal and not being deleted (controller.FilterActivePods). */
export function isPodActive(p: Pod): boolean {
  return p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata?.deletionTimestamp;
}

export function controllerRefTo(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

/**
 * GetPodFromTemplate: labels, annotations and spec from the template; generateName "<owner>-". The spec is the
 * template's own (store.create copies what it is given): replace its fields rather than change them in place.
 */
export function podFromTemplate(template: PodTemplateSpec, owner: KubeObject): Pod & KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${owner.metadata.name}-`,
      namespace: owner.metadata.namespace,
      labels: { ...(template.metadata?.labels ?? {}) },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ownerReferences: [controllerRefTo(owner)],
    },
    spec: template.spec!,
  };
}

export function isPodAvailable(p: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(p)) return false;
  if (minReadySeconds <= 0) return true;
  const since = readySince(p);
  return since !== undefined && since + minReadySeconds * 1000 <= now;
}
