// Storage API helpers shared by the PV controller, the scheduler's volume plugins, the kubelet and kubectl: the
// well-known annotations, access-mode abbreviations, and the claim ↔ volume matching rules
// (pkg/controller/volume/persistentvolume/util and component-helpers/storage/volume).
import type { Node, PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject } from './object.ts';
import { Quantity } from './quantity.ts';
import { LabelSelectorError, selectorFromLabelSelector } from './labels.ts';
import { termMatches } from './nodeaffinity.ts';
import { sha256Hex } from './sha256.ts';

export type PV = PersistentVolume & KubeObject;
export type PVC = PersistentVolumeClaim & KubeObject;
export type SC = StorageClass & KubeObject;

export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_DYNAMICALLY_PROVISIONED = 'pv.kubernetes.io/provisioned-by';
export const ANN_STORAGE_RESIZER = 'volume.kubernetes.io/storage-resizer';
export const ANN_DEFAULT_STORAGE_CLASS = 'storageclass.kubernetes.io/is-default-class';
export const ANN_BETA_DEFAULT_STORAGE_CLASS = 'storageclass.beta.kubernetes.io/is-default-class';
/** The kubelet's "no provisioner" value for classes of pre-created local volumes. */
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';

export const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'] as const;
const ABBREVIATIONS: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };

/** GetAccessModesAsString: "RWO,ROX" in upstream's fixed order, each mode once. */
export function accessModesString(modes: readonly string[] | undefined): string {
  const set = new Set(modes ?? []);
  return ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'].filter((m) => set.has(m)).map((m) => ABBREVIATIONS[m]).join(',');
}

/** storagehelpers.GetPersistentVolumeClaimClass: spec.storageClassName, else the beta annotation. */
export function claimClass(pvc: PersistentVolumeClaim): string {
  return pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
}

export function volumeClass(pv: PersistentVolume): string {
  return pv.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pv.spec?.storageClassName ?? '';
}

export function isDefaultClass(sc: StorageClass): boolean {
  const a = sc.metadata?.annotations ?? {};
  return a[ANN_DEFAULT_STORAGE_CLASS] === 'true' || a[ANN_BETA_DEFAULT_STORAGE_CLASS] === 'true';
}

export function storageOf(v: { storage?: string | number } | undefined): Quantity | undefined {
  const s = v?.storage;
  if (s === undefined) return undefined;
  try { return Quantity.parse(String(s)); } catch { return undefined; }
}

/** A claim whose binding the PV controller has completed (or that names its volume). */
export function isClaimBound(pvc: PersistentVolumeClaim): boolean {
  return !!pvc.spec?.volumeName;
}

/** The claims a pod's volumes name, in spec order. */
export function podClaimNames(pod: Pod): readonly { volume: string; claim: string }[] {
  const volumes = pod.spec?.volumes;
  // Most pods have no volumes: the scheduler's volume plugins ask every cycle, and get one shared empty list.
  if (!volumes?.length) return NO_CLAIMS;
  return volumes.flatMap((v) => (v.persistentVolumeClaim ? [{ volume: v.name, claim: v.persistentVolumeClaim.claimName }] : []));
}

const NO_CLAIMS: readonly { volume: string; claim: string }[] = [];

/** Whether a volume's access modes include every mode the claim asks for (CheckAccessModes). */
export function accessModesCover(pv: PersistentVolume, pvc: PersistentVolumeClaim): boolean {
  const have = new Set(pv.spec?.accessModes ?? []);
  return (pvc.spec?.accessModes ?? []).every((m) => have.has(m));
}

/**
 * Whether an unbound volume can serve a claim, node topology aside (FindMatchingVolume's per-volume checks):
 * same class, volume mode, access modes, enough capacity, the claim's selector, and not bound or pre-bound elsewhere.
 */
export function volumeMatchesClaim(pv: PersistentVolume, pvc: PVC): boolean {
  if (pv.metadata?.deletionTimestamp) return false;
  const ref = pv.spec?.claimRef;
  if (ref && (ref.namespace !== pvc.metadata.namespace || ref.name !== pvc.metadata.name || (ref.uid && ref.uid !== pvc.metadata.uid))) return false;
  if (!ref && pv.status?.phase !== 'Available' && pv.status?.phase !== 'Pending') return false;
  if (volumeClass(pv) !== claimClass(pvc)) return false;
  if ((pv.spec?.volumeMode ?? 'Filesystem') !== (pvc.spec?.volumeMode ?? 'Filesystem')) return false;
  if (!accessModesCover(pv, pvc)) return false;
  const want = storageOf(pvc.spec?.resources?.requests);
  const have = storageOf(pv.spec?.capacity);
  if (!want || !have || have.cmp(want) < 0) return false;
  const sel = pvc.spec?.selector;
  if (sel) {
    try {
      if (!selectorFromLabelSelector(sel).matches(pv.metadata?.labels ?? {})) return false;
    } catch (e) {
      if (e instanceof LabelSelectorError) return false;
      throw e;
    }
  }
  return true;
}

/** CheckNodeAffinity: a volume without node affinity is reachable from every node. */
export function volumeNodeAffinityMatches(pv: PersistentVolume, node: Node): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  return !terms || terms.some((t) => termMatches(t, node));
}

/** The smallest matching volume (a volume pre-bound to the claim wins), as FindMatchingVolume picks. */
export function bestMatch(pvs: readonly PV[], pvc: PVC, fits: (pv: PV) => boolean = () => true): PV | undefined {
  let best: PV | undefined;
  for (const pv of pvs) {
    if (!volumeMatchesClaim(pv, pvc) || !fits(pv)) continue;
    if (pv.spec?.claimRef) return pv;
    if (!best || storageOf(pv.spec?.capacity)!.cmp(storageOf(best.spec?.capacity)!) < 0) best = pv;
  }
  return best;
}

/** The attach-detach controller's VolumeAttachment name for a volume on a node: "csi-" + sha256(pv + driver + node). */
export function volumeAttachmentName(pvName: string, driver: string, nodeName: string): string {
  return `csi-${sha256Hex(pvName + driver + nodeName)}`;
}

/** Multi-attach is allowed unless the volume is ReadWriteOnce(Pod) only (IsMultiAttachAllowed). */
export function isMultiAttachAllowed(pv: PersistentVolume): boolean {
  const modes = pv.spec?.accessModes ?? [];
  return modes.length === 0 || modes.includes('ReadWriteMany') || modes.includes('ReadOnlyMany');
}

/** The kubelet's unique name of a CSI volume (node.status.volumesInUse / volumesAttached). */
export function csiUniqueVolumeName(driver: string, handle: string): string {
  return `kubernetes.io/csi/${driver}^${handle}`;
}
