// The external-attacher sidecar of csi.kubesim.io (kubernetes-csi/external-attacher): for each VolumeAttachment
// naming this driver it calls ControllerPublishVolume and reports status.attached (with the publish context as
// attachmentMetadata); a deleted attachment is unpublished before its finalizer is removed.
import type { VolumeAttachment } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../api/object.ts';
import type { PV } from '../../api/storage.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { CSIError, PUBLISH_VOLUME_MS, type SimCSIDriver } from './driver.ts';
import { PendingOperations } from './operations.ts';

type VA = VolumeAttachment & KubeObject;

/** external-attacher's finalizer: "external-attacher/" + the driver name with dots as dashes. */
export const attacherFinalizer = (driver: string): string => `external-attacher/${driver.replace(/\./g, '-')}`;

export class ExternalAttacher extends Controller {
  private readonly vas: Informer<VA>;
  private readonly ops: PendingOperations;
  private readonly finalizer: string;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, private readonly driver: SimCSIDriver) {
    super('csi-attacher', clock);
    this.vas = informers.informerFor<VA>('VolumeAttachment');
    this.ops = new PendingOperations(clock, this.queue);
    this.finalizer = attacherFinalizer(driver.name);
  }

  start(): void {
    const add = (va: VA) => { if (va.spec.attacher === this.driver.name) this.queue.add(va.metadata.name!); };
    this.vas.addEventHandler({ add, update: (_o, va) => add(va) });
  }

  protected sync(name: string): void {
    const va = this.vas.getByName(undefined, name);
    if (!va) { this.ops.done(name); return; }
    const pv = this.store.tryGet<PV>('PersistentVolume', undefined, va.spec.source.persistentVolumeName ?? '');
    const handle = pv?.spec?.csi?.volumeHandle;
    if (va.metadata.deletionTimestamp) {
      if (!va.metadata.finalizers?.includes(this.finalizer)) return;
      if (!this.ops.due(name, PUBLISH_VOLUME_MS)) return;
      this.ops.done(name);
      if (handle) this.driver.controllerUnpublishVolume(handle, va.spec.nodeName);
      this.write({ ...va, metadata: { ...va.metadata, finalizers: va.metadata.finalizers.filter((f) => f !== this.finalizer) } });
      return;
    }
    if (va.status?.attached) return;
    if (!va.metadata.finalizers?.includes(this.finalizer)) {
      this.write({ ...va, metadata: { ...va.metadata, finalizers: [...(va.metadata.finalizers ?? []), this.finalizer] } });
      return;
    }
    if (!this.ops.due(name, PUBLISH_VOLUME_MS)) return;
    this.ops.done(name);
    const at = this.clock.nowRFC3339();
    try {
      if (!handle) throw new CSIError('NotFound', `persistentvolume "${va.spec.source.persistentVolumeName}" not found`);
      const metadata = this.driver.controllerPublishVolume(handle, va.spec.nodeName);
      this.writeStatus(va, { attached: true, attachmentMetadata: metadata });
    } catch (e) {
      if (!(e instanceof CSIError)) throw e;
      this.writeStatus(va, { attached: false, attachError: { time: at, message: e.message } });
      throw e;
    }
  }

  private write(va: VA): void {
    try {
      this.store.update(va);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  private writeStatus(va: VA, status: VolumeAttachment['status']): void {
    const live = this.store.tryGet<VA>('VolumeAttachment', undefined, va.metadata.name!);
    if (live) this.store.update({ ...live, status }, { subresource: 'status' });
  }
}
