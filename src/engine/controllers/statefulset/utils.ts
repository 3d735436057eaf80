// stateful_set_utils.go: pod identities (name, ordinal, labels, hostname), stable storage, revisions of pods
// and the status arithmetic of the StatefulSet controller.
import type { StatefulSet, StatefulSetStatus } from 'kubernetes-types/apps/v1';
import type { PersistentVolumeClaim, Pod, Volume } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { isPodReady } from '../../api/pod.ts';
import type { Revision } from '../history/revision.ts';
import { isPodAvailable, podFromTemplate } from '../podcontrol.ts';

export type STS = StatefulSet & KubeObject;
export type P = Pod & KubeObject;

export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** StatefulSetRevisionLabel: the name of the ControllerRevision a pod was made from. */
export const REVISION_LABEL = 'controller-revision-hash';

const statefulPodRegex = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal: "web-2" → web, 2; -1 when the name has no ordinal that fits in an int32. */
export function parentAndOrdinal(pod: Pod): { parent: string; ordinal: number } {
  const m = statefulPodRegex.exec(pod.metadata?.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  return { parent: m[1], ordinal: n <= 2147483647 ? n : -1 };
}

export const ordinalOf = (pod: Pod): number => parentAndOrdinal(pod).ordinal;
export const startOrdinal = (set: StatefulSet): number => set.spec?.ordinals?.start ?? 0;
export const replicasOf = (set: StatefulSet): number => set.spec?.replicas ?? 1;
export const endOrdinal = (set: StatefulSet): number => startOrdinal(set) + replicasOf(set) - 1;
export const podName = (set: StatefulSet, ordinal: number): string => `${set.metadata?.name}-${ordinal}`;

export function inOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const o = ordinalOf(pod);
  return o >= startOrdinal(set) && o <= endOrdinal(set);
}

export const isMemberOf = (set: StatefulSet, pod: Pod): boolean => parentAndOrdinal(pod).parent === set.metadata?.name;

export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const { parent, ordinal } = parentAndOrdinal(pod);
  return ordinal >= 0 && parent === set.metadata?.name && pod.metadata?.name === podName(set, ordinal) &&
    pod.metadata?.namespace === set.metadata?.namespace && pod.metadata?.labels?.[POD_NAME_LABEL] === pod.metadata?.name;
}

/** getPersistentVolumeClaimName: "<template>-<set>-<ordinal>". */
export const claimName = (set: StatefulSet, template: PersistentVolumeClaim, ordinal: number): string => `${template.metadata?.name}-${set.metadata?.name}-${ordinal}`;

export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  return (set.spec?.volumeClaimTemplates ?? []).every((t) => {
    const v = volumes.get(t.metadata?.name ?? '');
    return v?.persistentVolumeClaim?.claimName === claimName(set, t, ordinal);
  });
}

/** getPersistentVolumeClaims: the claims a pod needs, labelled with the set's matchLabels. */
export function claimsFor(set: StatefulSet, pod: Pod): { template: string; claim: PersistentVolumeClaim & KubeObject }[] {
  const ordinal = ordinalOf(pod);
  return (set.spec?.volumeClaimTemplates ?? []).map((t) => {
    const claim = structuredClone(t) as PersistentVolumeClaim & KubeObject;
    delete (claim as { status?: unknown }).status;
    claim.apiVersion = 'v1';
    claim.kind = 'PersistentVolumeClaim';
    claim.metadata = { ...claim.metadata, name: claimName(set, t, ordinal), namespace: set.metadata?.namespace, labels: { ...(t.metadata?.labels ?? {}), ...(set.spec?.selector?.matchLabels ?? {}) } };
    delete (claim.metadata as { creationTimestamp?: unknown }).creationTimestamp;
    return { template: t.metadata?.name ?? '', claim };
  });
}

/** updateStorage: a volume per claim template, replacing same-named pod volumes. */
export function updateStorage(set: StatefulSet, pod: P): void {
  const claims = claimsFor(set, pod);
  const names = new Set(claims.map((c) => c.template));
  const volumes: Volume[] = claims.map((c) => ({ name: c.template, persistentVolumeClaim: { claimName: c.claim.metadata.name! } }));
  pod.spec = { ...pod.spec!, volumes: [...volumes, ...(pod.spec?.volumes ?? []).filter((v) => !names.has(v.name))] };
  if (pod.spec.volumes!.length === 0) delete pod.spec.volumes;
}

/** updateIdentity: name, namespace, and the pod-name and pod-index labels. */
export function updateIdentity(set: StatefulSet, pod: P): void {
  const ordinal = ordinalOf(pod);
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata?.namespace;
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** newStatefulSetPod: from the template, with its identity, hostname.subdomain and storage. */
export function newStatefulSetPod(set: STS, ordinal: number): P {
  const pod = podFromTemplate(set.spec!.template!, set);
  pod.metadata.name = podName(set, ordinal);
  updateIdentity(set, pod);
  // initIdentity: hostname and subdomain are set once, at creation (they are immutable).
  pod.spec = { ...pod.spec!, hostname: pod.metadata.name, subdomain: set.spec?.serviceName };
  if (!pod.spec.subdomain) delete pod.spec.subdomain;
  updateStorage(set, pod);
  return pod;
}

export const podRevision = (pod: Pod): string => pod.metadata?.labels?.[REVISION_LABEL] ?? '';

/**
 * newVersionedStatefulSetPod: ordinals below the partition (or below status.currentReplicas without a
 * rollingUpdate block) are made at the current revision, the others at the update revision.
 */
export function newVersionedStatefulSetPod(currentSet: STS, updateSet: STS, currentRevision: string, updateRevision: string, ordinal: number): P {
  const strategy = currentSet.spec?.updateStrategy;
  const start = startOrdinal(currentSet);
  const atCurrent = (strategy?.type === 'RollingUpdate' && !strategy.rollingUpdate && ordinal < start + (currentSet.status?.currentReplicas ?? 0)) ||
    (!!strategy?.rollingUpdate && ordinal < start + (strategy.rollingUpdate.partition ?? 0));
  const pod = newStatefulSetPod(atCurrent ? currentSet : updateSet, ordinal);
  pod.metadata.labels = { ...pod.metadata.labels, [REVISION_LABEL]: atCurrent ? currentRevision : updateRevision };
  return pod;
}

// ---- pod states ----

export const isCreated = (p: Pod): boolean => !!p.status?.phase;
export const isFailed = (p: Pod): boolean => p.status?.phase === 'Failed';
export const isSucceeded = (p: Pod): boolean => p.status?.phase === 'Succeeded';
export const isPending = (p: Pod): boolean => p.status?.phase === 'Pending';
export const isTerminating = (p: Pod): boolean => !!p.metadata?.deletionTimestamp;
export const isRunningAndReady = (p: Pod): boolean => p.status?.phase === 'Running' && isPodReady(p);
export const isRunningAndAvailable = (p: Pod, minReadySeconds: number, now: number): boolean => isPodAvailable(p, minReadySeconds, now);
export const isUnavailable = (p: Pod, minReadySeconds: number, now: number): boolean => !isRunningAndAvailable(p, minReadySeconds, now) || isTerminating(p);

export const descendingOrdinal = (a: Pod, b: Pod): number => ordinalOf(b) - ordinalOf(a);

// ---- status ----

/** updateStatus/computeReplicaStatus over the pods (and placeholders not created yet) of the set. */
export function replicaStatus(status: StatefulSetStatus, pods: Pod[], minReadySeconds: number, now: number, currentRevision: Revision, updateRevision: Revision): void {
  const s = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const pod of pods) {
    if (isCreated(pod)) s.replicas++;
    if (isRunningAndReady(pod)) {
      s.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) s.availableReplicas++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const rev = podRevision(pod);
      if (rev === currentRevision.metadata.name) s.currentReplicas++;
      if (rev === updateRevision.metadata.name) s.updatedReplicas++;
    }
  }
  Object.assign(status, s);
}

/** completeRollingUpdate: once every replica is updated and ready the update revision becomes current. */
export function completeRollingUpdate(set: StatefulSet, status: StatefulSetStatus): void {
  const replicas = replicasOf(set);
  if (set.spec?.updateStrategy?.type === 'RollingUpdate' && status.updatedReplicas === replicas && status.readyReplicas === replicas && status.replicas === replicas) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
}

/** inconsistentStatus: whether the computed status differs from the stored one in a field that is written. */
export function inconsistentStatus(set: StatefulSet, status: StatefulSetStatus): boolean {
  const old = set.status ?? { replicas: 0 };
  return (status.observedGeneration ?? 0) > (old.observedGeneration ?? 0) ||
    status.replicas !== (old.replicas ?? 0) || (status.currentReplicas ?? 0) !== (old.currentReplicas ?? 0) ||
    (status.readyReplicas ?? 0) !== (old.readyReplicas ?? 0) || (status.updatedReplicas ?? 0) !== (old.updatedReplicas ?? 0) ||
    (status.currentRevision ?? '') !== (old.currentRevision ?? '') || (status.availableReplicas ?? 0) !== (old.availableReplicas ?? 0) ||
    (status.updateRevision ?? '') !== (old.updateRevision ?? '');
}
