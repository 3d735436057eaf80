// Storage defaults: SetDefaults_PersistentVolume, SetDefaults_PersistentVolumeClaim (core/v1) and the storage.k8s.io/v1
// defaulters for StorageClass and CSIDriver.
import { ensureObj, isObj, type Obj } from './objects.ts';

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

export function setPersistentVolumeDefaults(obj: Obj): void {
  const spec = ensureObj(obj, 'spec');
  if (absent(spec.persistentVolumeReclaimPolicy)) spec.persistentVolumeReclaimPolicy = 'Retain';
  if (absent(spec.volumeMode)) spec.volumeMode = 'Filesystem';
  if (isObj(obj.status) && absent(obj.status.phase)) obj.status.phase = 'Pending';
}

export function setPersistentVolumeClaimDefaults(obj: Obj): void {
  const spec = ensureObj(obj, 'spec');
  if (absent(spec.volumeMode)) spec.volumeMode = 'Filesystem';
  if (isObj(obj.status) && absent(obj.status.phase)) obj.status.phase = 'Pending';
}

export function setStorageClassDefaults(obj: Obj): void {
  if (absent(obj.reclaimPolicy)) obj.reclaimPolicy = 'Delete';
  if (absent(obj.volumeBindingMode)) obj.volumeBindingMode = 'Immediate';
}

export function setCSIDriverDefaults(obj: Obj): void {
  const spec = ensureObj(obj, 'spec');
  if (absent(spec.attachRequired)) spec.attachRequired = true;
  if (absent(spec.podInfoOnMount)) spec.podInfoOnMount = false;
  if (absent(spec.storageCapacity)) spec.storageCapacity = false;
  if (absent(spec.fsGroupPolicy)) spec.fsGroupPolicy = 'ReadWriteOnceWithFSType';
  if (absent(spec.requiresRepublish)) spec.requiresRepublish = false;
  if (absent(spec.seLinuxMount)) spec.seLinuxMount = false;
  if (!Array.isArray(spec.volumeLifecycleModes) || spec.volumeLifecycleModes.length === 0) spec.volumeLifecycleModes = ['Persistent'];
}
