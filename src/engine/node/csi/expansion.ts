// NodeExpandVolume's outcome in the API: the claim's capacity becomes the volume's, its FileSystemResizePending
// condition and allocated-resource status go, and a FileSystemResizeSuccessful event says where it happened.
import type { KubeObject } from '../../api/object.ts';
import type { PV, PVC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';

export const FS_RESIZE_PENDING = 'FileSystemResizePending';

type Emit = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string) => void;

export function finishNodeExpansion(store: Store, emit: Emit, pvc: PVC, pv: PV, nodeName: string): void {
  const live = store.tryGet<PVC>('PersistentVolumeClaim', pvc.metadata.namespace, pvc.metadata.name!);
  if (!live?.status?.conditions?.some((c) => c.type === FS_RESIZE_PENDING)) return;
  const { allocatedResourceStatuses: _, conditions: old, ...rest } = live.status;
  const conditions = (old ?? []).filter((c) => c.type !== FS_RESIZE_PENDING);
  store.update({ ...live, status: { ...rest, capacity: { ...rest.capacity, storage: pv.spec!.capacity!.storage }, ...(conditions.length ? { conditions } : {}) } }, { subresource: 'status' });
  emit(live, 'Normal', 'FileSystemResizeSuccessful', `MountVolume.NodeExpandVolume succeeded for volume "${pv.metadata.name}" ${nodeName}`);
}
