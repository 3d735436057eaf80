// The PVC and PV protection controllers (pkg/controller/volume/pvcprotection, pvprotection): a deleted claim keeps
// its kubernetes.io/pvc-protection finalizer while a pod that is not terminated uses it, and a deleted volume keeps
// kubernetes.io/pv-protection while it is Bound; then the finalizer is removed and the object goes.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { objectKey } from '../../../api/object.ts';
import { isPodTerminal } from '../../../api/pod.ts';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER, type PV, type PVC } from '../../../api/storage.ts';
import { isStatusError } from '../../../apiserver/errors.ts';
import type { Store } from '../../../apiserver/store.ts';
import { Controller } from '../../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../../client/informer.ts';
import type { SimClock } from '../../../sim/clock.ts';

type P = Pod & KubeObject;

export class StorageProtectionController extends Controller {
  private readonly pvcs: Informer<PVC>;
  private readonly pvs: Informer<PV>;
  private readonly pods: Informer<P>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('storage-protection-controller', clock);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.pvs = informers.informerFor<PV>('PersistentVolume');
    this.pods = informers.informerFor<P>('Pod');
  }

  start(): void {
    const claim = (c: PVC) => { if (c.metadata.deletionTimestamp) this.queue.add(`pvc/${objectKey(c)}`); };
    const volume = (v: PV) => { if (v.metadata.deletionTimestamp) this.queue.add(`pv/${v.metadata.name}`); };
    this.pvcs.addEventHandler({ add: claim, update: (_o, c) => claim(c) });
    this.pvs.addEventHandler({ add: volume, update: (_o, v) => volume(v) });
    // A pod that stops or goes may free the claims it used.
    // On every pod write: an indexed loop, as for-of over the stored (frozen) volumes allocated per step.
    const pod = (p: P) => {
      const volumes = p.spec?.volumes;
      if (!volumes) return;
      for (let i = 0; i < volumes.length; i++) {
        const pvc = volumes[i].persistentVolumeClaim;
        const c = pvc && this.pvcs.getByName(p.metadata.namespace, pvc.claimName);
        if (c) claim(c);
      }
    };
    this.pods.addEventHandler({ update: (_o, p) => pod(p), delete: pod });
  }

  protected sync(key: string): void {
    const [kind, ns, name] = key.split('/');
    if (kind === 'pvc') {
      const pvc = this.pvcs.getByName(ns, name);
      if (!pvc?.metadata.deletionTimestamp || !pvc.metadata.finalizers?.includes(PVC_PROTECTION_FINALIZER)) return;
      const inUse = this.pods.list().some((p) => p.metadata.namespace === ns && !isPodTerminal(p)
        && (p.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === name));
      if (!inUse) this.removeFinalizer(pvc, PVC_PROTECTION_FINALIZER);
    } else {
      const pv = this.pvs.getByName(undefined, ns);
      if (!pv?.metadata.deletionTimestamp || !pv.metadata.finalizers?.includes(PV_PROTECTION_FINALIZER)) return;
      if (pv.status?.phase !== 'Bound') this.removeFinalizer(pv, PV_PROTECTION_FINALIZER);
    }
  }

  private removeFinalizer(obj: KubeObject, finalizer: string): void {
    try {
      this.store.update({ ...obj, metadata: { ...obj.metadata, finalizers: obj.metadata.finalizers!.filter((f) => f !== finalizer) } });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}
