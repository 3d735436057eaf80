// Expand controller (pkg/controller/volume/expand): a bound claim asking for more storage than it has is handed to
// the external resizer of its CSI driver (the volume.kubernetes.io/storage-resizer annotation), with an
// ExternalExpanding event.
import { objectKey } from '../../../api/object.ts';
import { ANN_STORAGE_RESIZER, storageOf, type PV, type PVC } from '../../../api/storage.ts';
import type { Store } from '../../../apiserver/store.ts';
import { Controller } from '../../../client/controller.ts';
import type { EventRecorder } from '../../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../../client/informer.ts';
import type { SimClock } from '../../../sim/clock.ts';

export class ExpandController extends Controller {
  private readonly pvcs: Informer<PVC>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('volume-expand-controller', clock);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.event = recorder.forSource({ component: 'volume_expand' });
  }

  start(): void {
    this.pvcs.addEventHandler({ add: (c) => this.queue.add(objectKey(c)), update: (_o, c) => this.queue.add(objectKey(c)) });
  }

  protected sync(key: string): void {
    const [ns, name] = key.split('/');
    const pvc = this.pvcs.getByName(ns, name);
    if (!pvc || pvc.status?.phase !== 'Bound' || !pvc.spec?.volumeName) return;
    const want = storageOf(pvc.spec.resources?.requests);
    const have = storageOf(pvc.status.capacity);
    if (!want || !have || want.cmp(have) <= 0) return;
    const pv = this.store.tryGet<PV>('PersistentVolume', undefined, pvc.spec.volumeName);
    const driver = pv?.spec?.csi?.driver;
    if (!driver || pvc.metadata.annotations?.[ANN_STORAGE_RESIZER] === driver) return;
    const next = structuredClone(pvc);
    next.metadata.annotations = { ...next.metadata.annotations, [ANN_STORAGE_RESIZER]: driver };
    this.store.update(next);
    this.event(pvc, 'Normal', 'ExternalExpanding', 'waiting for an external controller to expand this PVC');
  }
}
