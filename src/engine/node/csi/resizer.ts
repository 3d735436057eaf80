// The external-resizer sidecar of csi.kubesim.io (kubernetes-csi/external-resizer): for a claim the expand controller
// handed over, ControllerExpandVolume grows the volume, the PV's capacity follows, and the claim waits for the
// filesystem resize on a node (FileSystemResizePending). The kubelet that has the volume mounted finishes it
// (NodeExpandVolume) and the claim's capacity becomes the new size.
// Simplification: the node-side step runs as soon as the controller side is done when the volume is attached (the
// kubelet's reconciler would notice within a second); an unattached volume finishes when a pod next mounts it.
import { objectKey } from '../../api/object.ts';
import { ANN_STORAGE_RESIZER, storageOf, type PV, type PVC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import type { VolumeAttachment } from 'kubernetes-types/storage/v1';
import { EXPAND_VOLUME_MS, type SimCSIDriver } from './driver.ts';
import { finishNodeExpansion, FS_RESIZE_PENDING } from './expansion.ts';
import { PendingOperations } from './operations.ts';

const GI = 1024 ** 3;

export class ExternalResizer extends Controller {
  private readonly pvcs: Informer<PVC>;
  private readonly ops: PendingOperations;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder, private readonly driver: SimCSIDriver) {
    super('csi-resizer', clock);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.ops = new PendingOperations(clock, this.queue);
    this.event = recorder.forSource({ component: 'external-resizer ' + driver.name });
  }

  start(): void {
    this.pvcs.addEventHandler({ add: (c) => this.queue.add(objectKey(c)), update: (_o, c) => this.queue.add(objectKey(c)) });
  }

  protected sync(key: string): void {
    const [ns, name] = key.split('/');
    const pvc = this.pvcs.getByName(ns, name);
    const pv = pvc?.spec?.volumeName ? this.store.tryGet<PV>('PersistentVolume', undefined, pvc.spec.volumeName) : undefined;
    const want = storageOf(pvc?.spec?.resources?.requests);
    const pvSize = storageOf(pv?.spec?.capacity);
    if (!pvc || !pv || !want || !pvSize || pvc.metadata.annotations?.[ANN_STORAGE_RESIZER] !== this.driver.name || pv.spec?.csi?.driver !== this.driver.name) { this.ops.done(key); return; }
    if (want.cmp(pvSize) > 0) {
      if (!this.ops.due(key, EXPAND_VOLUME_MS, () => this.event(pvc, 'Normal', 'Resizing', `External resizer is resizing volume ${pv.metadata.name}`))) return;
      this.ops.done(key);
      const r = this.driver.controllerExpandVolume(pv.spec!.csi!.volumeHandle, want.value());
      const size = `${r.capacityBytes / GI}Gi`;
      this.store.update({ ...structuredClone(pv), spec: { ...pv.spec, capacity: { ...pv.spec!.capacity, storage: size } } });
      const conditions = [...(pvc.status?.conditions ?? []).filter((c) => c.type !== FS_RESIZE_PENDING), {
        type: FS_RESIZE_PENDING, status: 'True', lastProbeTime: null as unknown as string, lastTransitionTime: this.clock.nowRFC3339(),
        message: 'Waiting for user to (re-)start a pod to finish file system resize of volume on node.',
      }];
      this.store.update({ ...pvc, status: { ...pvc.status, conditions, allocatedResources: { storage: want.toString() }, allocatedResourceStatuses: { storage: 'NodeResizePending' } } }, { subresource: 'status' });
      this.event(pvc, 'Normal', 'FileSystemResizeRequired', 'Require file system resize of volume on node');
      return;
    }
    // Controller side done: the node where the volume is attached finishes the filesystem.
    if (!pvc.status?.conditions?.some((c) => c.type === FS_RESIZE_PENDING)) return;
    const attached = this.store.list<VolumeAttachment>('VolumeAttachment').find((va) => va.spec.source.persistentVolumeName === pv.metadata.name && va.status?.attached);
    if (attached) finishNodeExpansion(this.store, this.event, pvc, pv, attached.spec.nodeName);
  }
}
