// Helpers the workload controllers share (pkg/controller/controller_utils.go): which pods count,
// pods from a template, and the ranking that picks which pods to delete first.
import type { Pod, PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../api/object.ts';
import { isPodReady } from '../api/pod.ts';

/** Active pods: not terminal and not being deleted (controller.FilterActivePods). */
export function isPodActive(p: Pod): boolean {
  return p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata?.deletionTimestamp;
}

export function controllerRefTo(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

/** GetPodFromTemplate: labels, annotations and spec from the template; generateName "<owner>-". */
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
    spec: structuredClone(template.spec!),
  };
}

/** When a pod became Ready, for availability (minReadySeconds). */
export function readySince(p: Pod): number | undefined {
  const c = p.status?.conditions?.find((x) => x.type === 'Ready' && x.status === 'True');
  return c?.lastTransitionTime ? Date.parse(c.lastTransitionTime) : undefined;
}

export function isPodAvailable(p: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(p)) return false;
  if (minReadySeconds <= 0) return true;
  const since = readySince(p);
  return since !== undefined && since + minReadySeconds * 1000 <= now;
}

const phaseRank: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * ActivePodsWithRanks ordering (the pods to delete first come first): unassigned before assigned, Pending
 * before Unknown before Running, not ready before ready, more pods of the same owner on the node first,
 * ready for less time first, more restarts first, newer first.
 */
export function comparePodsForDeletion(a: Pod, b: Pod, podsOnNode: (node: string) => number): number {
  const an = a.spec?.nodeName ? 1 : 0, bn = b.spec?.nodeName ? 1 : 0;
  if (an !== bn) return an - bn;
  const ap = phaseRank[a.status?.phase ?? 'Pending'] ?? 0, bp = phaseRank[b.status?.phase ?? 'Pending'] ?? 0;
  if (ap !== bp) return ap - bp;
  const ar = isPodReady(a) ? 1 : 0, br = isPodReady(b) ? 1 : 0;
  if (ar !== br) return ar - br;
  if (a.spec?.nodeName && b.spec?.nodeName) {
    const ad = podsOnNode(a.spec.nodeName), bd = podsOnNode(b.spec.nodeName);
    if (ad !== bd) return bd - ad;
  }
  if (ar && br) {
    const at = readySince(a) ?? 0, bt = readySince(b) ?? 0;
    if (at !== bt) return bt - at;
  }
  const restarts = (p: Pod) => (p.status?.containerStatuses ?? []).reduce((s, c) => s + c.restartCount, 0);
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  const ac = Date.parse(a.metadata?.creationTimestamp ?? ''), bc = Date.parse(b.metadata?.creationTimestamp ?? '');
  if (ac !== bc) return bc - ac;
  return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}
