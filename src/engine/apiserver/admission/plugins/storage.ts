// Storage admission plugins: DefaultStorageClass (plugin/pkg/admission/storage/storageclass/setdefault) gives a
// claim without spec.storageClassName the default class; PersistentVolumeClaimResize
// (plugin/pkg/admission/storage/persistentvolume/resize) lets a bound claim grow only when its class allows expansion;
// StorageObjectInUseProtection (storageobjectinuseprotection) adds the protection finalizers that keep a claim in use
// by a pod, or a bound volume, from disappearing under it.
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import { Quantity } from '../../../api/quantity.ts';
import { claimClass, isDefaultClass, PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../../api/storage.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type AdmissionStore } from './plugin.ts';

/** GetDefaultClass: of several default classes, the newest (then the name first in order). */
export function defaultStorageClass(store: AdmissionStore): StorageClass | undefined {
  let best: StorageClass | undefined;
  for (const sc of store.list<StorageClass>('StorageClass')) {
    if (!isDefaultClass(sc)) continue;
    const t = sc.metadata?.creationTimestamp ?? '';
    const bt = best?.metadata?.creationTimestamp ?? '';
    if (!best || t > bt || (t === bt && sc.metadata!.name! < best.metadata!.name!)) best = sc;
  }
  return best;
}

export function defaultStorageClassAdmission(host: AdmissionHost): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    admit(a) {
      if (a.kind.kind !== 'PersistentVolumeClaim' || a.operation !== 'CREATE') return;
      const pvc = a.object as PersistentVolumeClaim;
      // Only an absent class is defaulted: "" asks for a volume without class.
      if (pvc.spec?.storageClassName !== undefined && pvc.spec.storageClassName !== null) return;
      if (pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] !== undefined) return;
      const def = defaultStorageClass(host.store);
      if (def && pvc.spec) pvc.spec.storageClassName = def.metadata!.name;
    },
  };
}

const quantity = (v: unknown) => { try { return Quantity.parse(String(v)); } catch { return undefined; } };

export function persistentVolumeClaimResizeAdmission(host: AdmissionHost): AdmissionPlugin {
  return {
    name: 'PersistentVolumeClaimResize',
    validate(a) {
      if (a.kind.kind !== 'PersistentVolumeClaim' || a.operation !== 'UPDATE' || !a.oldObject) return;
      const pvc = a.object as PersistentVolumeClaim;
      const old = a.oldObject as PersistentVolumeClaim;
      const now = quantity(pvc.spec?.resources?.requests?.storage);
      const before = quantity(old.spec?.resources?.requests?.storage);
      if (!now || !before || now.cmp(before) <= 0) return;
      // Expansion needs a bound claim whose class allows it.
      if (old.status?.phase !== 'Bound') throw forbiddenFor(a, 'Only bound persistent volume claims can be expanded');
      const sc = host.store.tryGet<StorageClass>('StorageClass', undefined, claimClass(pvc));
      if (!sc?.allowVolumeExpansion) {
        throw forbiddenFor(a, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
      }
    },
  };
}

export function storageObjectInUseProtectionAdmission(): AdmissionPlugin {
  return {
    name: 'StorageObjectInUseProtection',
    admit(a) {
      if (a.operation !== 'CREATE') return;
      const finalizer = a.kind.kind === 'PersistentVolumeClaim' ? PVC_PROTECTION_FINALIZER : a.kind.kind === 'PersistentVolume' ? PV_PROTECTION_FINALIZER : undefined;
      if (!finalizer) return;
      const meta = a.object.metadata;
      if (!(meta.finalizers ?? []).includes(finalizer)) meta.finalizers = [...(meta.finalizers ?? []), finalizer];
    },
  };
}
