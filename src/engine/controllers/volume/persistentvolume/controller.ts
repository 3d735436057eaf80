// PersistentVolume controller (pkg/controller/volume/persistentvolume): binds claims to volumes and tracks their
// phases. syncClaim binds an unbound claim to the best matching volume (statically), waits for the first consumer
// when its class says WaitForFirstConsumer, or hands it to the class's external provisioner; syncVolume releases a
// volume whose claim is gone and applies its reclaim policy (Retain keeps it Released; Delete is done by the
// provisioner that created it).
// Simplifications: Recycle is not supported (no volume plugin of this simulator recycles); claims are not rebound
// after ClaimLost.
import type { PersistentVolumeClaimStatus, PersistentVolumeStatus } from 'kubernetes-types/core/v1';
import { objectKey } from '../../../api/object.ts';
import {
  ANN_BETA_STORAGE_PROVISIONER, ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER, ANN_DYNAMICALLY_PROVISIONED, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER,
  bestMatch, claimClass, NO_PROVISIONER, type PV, type PVC, type SC,
} from '../../../api/storage.ts';
import { isStatusError } from '../../../apiserver/errors.ts';
import type { Store } from '../../../apiserver/store.ts';
import { Controller } from '../../../client/controller.ts';
import type { EventRecorder } from '../../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../../client/informer.ts';
import type { SimClock } from '../../../sim/clock.ts';

/** --pvclaimbinder-sync-period: every claim and volume is synced again this often (a new volume finds waiting claims). */
export const SYNC_PERIOD_MS = 15_000;
const CLAIM = 'claim:';
const VOLUME = 'volume:';

export class PersistentVolumeController extends Controller {
  private readonly pvcs: Informer<PVC>;
  private readonly pvs: Informer<PV>;
  private readonly classes: Informer<SC>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('persistentvolume-binder-controller', clock);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.pvs = informers.informerFor<PV>('PersistentVolume');
    this.classes = informers.informerFor<SC>('StorageClass');
    this.event = recorder.forSource({ component: 'persistentvolume-controller' });
  }

  start(): void {
    const claim = (c: PVC) => this.queue.add(CLAIM + objectKey(c));
    const volume = (v: PV) => {
      this.queue.add(VOLUME + v.metadata.name);
      const ref = v.spec?.claimRef;
      if (ref?.name) this.queue.add(`${CLAIM}${ref.namespace}/${ref.name}`);
    };
    this.pvcs.addEventHandler({
      add: claim, update: (_o, c) => claim(c),
      // A deleted claim releases its volume.
      delete: (c) => { if (c.spec?.volumeName) this.queue.add(VOLUME + c.spec.volumeName); },
    });
    this.pvs.addEventHandler({ add: volume, update: (_o, v) => volume(v), delete: volume });
    // A class that appears may let pending claims provision.
    this.classes.addEventHandler({ add: (sc) => { for (const c of this.pvcs.list()) if (!c.spec?.volumeName && claimClass(c) === sc.metadata.name) claim(c); } });
    this.clock.every(SYNC_PERIOD_MS, () => {
      for (const c of this.pvcs.list()) claim(c);
      for (const v of this.pvs.list()) this.queue.add(VOLUME + v.metadata.name);
    });
  }

  protected sync(key: string): void {
    if (key.startsWith(CLAIM)) {
      const [ns, name] = key.slice(CLAIM.length).split('/');
      const pvc = this.pvcs.getByName(ns, name);
      if (pvc) this.syncClaim(pvc);
    } else {
      const pv = this.pvs.getByName(undefined, key.slice(VOLUME.length));
      if (pv) this.syncVolume(pv);
    }
  }

  // ---- claims ----

  private syncClaim(pvc: PVC): void {
    if (pvc.metadata.annotations?.[ANN_BIND_COMPLETED]) this.syncBoundClaim(pvc);
    else this.syncUnboundClaim(pvc);
  }

  private syncUnboundClaim(pvc: PVC): void {
    const name = pvc.spec?.volumeName;
    if (name) {
      // The user (or a previous sync) named the volume: finish binding to it.
      const pv = this.pvs.getByName(undefined, name);
      if (!pv) { this.setClaimPhase(pvc, 'Pending'); return; }
      const ref = pv.spec?.claimRef;
      if (!ref || (ref.namespace === pvc.metadata.namespace && ref.name === pvc.metadata.name && (!ref.uid || ref.uid === pvc.metadata.uid))) { this.bind(pv, pvc); return; }
      this.setClaimPhase(pvc, 'Pending');
      this.event(pvc, 'Warning', 'FailedBinding', `volume "${name}" already bound to a different claim.`);
      return;
    }
    const sc = this.classes.getByName(undefined, claimClass(pvc));
    const delayed = sc?.volumeBindingMode === 'WaitForFirstConsumer';
    // With delayed binding only a volume the scheduler (or the user) pre-bound to the claim is taken.
    const pv = bestMatch(this.pvs.list(), pvc, (v) => !delayed || !!v.spec?.claimRef);
    if (pv) { this.bind(pv, pvc); return; }
    this.setClaimPhase(pvc, 'Pending');
    if (delayed && !pvc.metadata.annotations?.[ANN_SELECTED_NODE]) {
      this.event(pvc, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
      return;
    }
    const className = claimClass(pvc);
    if (!className) {
      this.event(pvc, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
      return;
    }
    if (!sc) {
      this.event(pvc, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${className}" not found`);
      return;
    }
    if (sc.provisioner === NO_PROVISIONER) {
      this.event(pvc, 'Warning', 'ProvisioningFailed', `no volume plugin matched name: ${NO_PROVISIONER}`);
      return;
    }
    // Every provisioner is external (CSI): mark the claim for it and wait.
    const ann = pvc.metadata.annotations ?? {};
    if (ann[ANN_STORAGE_PROVISIONER] !== sc.provisioner || ann[ANN_BETA_STORAGE_PROVISIONER] !== sc.provisioner) {
      const next = structuredClone(pvc);
      next.metadata.annotations = { ...ann, [ANN_STORAGE_PROVISIONER]: sc.provisioner, [ANN_BETA_STORAGE_PROVISIONER]: sc.provisioner };
      this.store.update(next);
    }
    this.event(pvc, 'Normal', 'ExternalProvisioning',
      `Waiting for a volume to be created either by the external provisioner '${sc.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`);
  }

  private syncBoundClaim(pvc: PVC): void {
    const name = pvc.spec?.volumeName;
    const pv = name ? this.pvs.getByName(undefined, name) : undefined;
    if (!pv) {
      if (pvc.status?.phase !== 'Lost') {
        this.setClaimPhase(pvc, 'Lost');
        this.event(pvc, 'Warning', 'ClaimLost', name ? 'Bound claim has lost its PersistentVolume. Data on the volume is lost!' : 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!');
      }
      return;
    }
    const ref = pv.spec?.claimRef;
    if (!ref || ref.uid === pvc.metadata.uid) { this.bind(pv, pvc); return; }
    if (pvc.status?.phase !== 'Lost') {
      this.setClaimPhase(pvc, 'Lost');
      this.event(pvc, 'Warning', 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly');
    }
  }

  /** bind: volume → claim (claimRef), volume phase Bound, claim → volume (volumeName), claim phase Bound. Idempotent. */
  private bind(pv: PV, pvc: PVC): void {
    let volume = pv;
    const ref = pv.spec?.claimRef;
    if (!ref || ref.uid !== pvc.metadata.uid) {
      const next = structuredClone(pv);
      next.spec = { ...next.spec, claimRef: { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion } };
      if (!ref) next.metadata.annotations = { ...next.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' };
      // The cached resourceVersion guards against a volume another sync bound meanwhile (a Conflict retries).
      volume = this.store.update(next);
    }
    this.setVolumePhase(volume, 'Bound');
    let claim = pvc;
    const ann = pvc.metadata.annotations ?? {};
    if (pvc.spec?.volumeName !== pv.metadata.name || ann[ANN_BIND_COMPLETED] !== 'yes') {
      const next = structuredClone(pvc);
      const byController = !pvc.spec?.volumeName || ann[ANN_BOUND_BY_CONTROLLER] === 'yes';
      next.spec = { ...next.spec, volumeName: pv.metadata.name };
      next.metadata.annotations = { ...ann, [ANN_BIND_COMPLETED]: 'yes', ...(byController ? { [ANN_BOUND_BY_CONTROLLER]: 'yes' } : {}) };
      claim = this.store.update(next);
    }
    const status: PersistentVolumeClaimStatus = { ...claim.status, phase: 'Bound', accessModes: volume.spec?.accessModes, capacity: volume.spec?.capacity };
    if (JSON.stringify(status) !== JSON.stringify(claim.status)) this.store.update({ ...claim, status }, { subresource: 'status' });
  }

  // ---- volumes ----

  private syncVolume(pv: PV): void {
    const ref = pv.spec?.claimRef;
    if (!ref || !ref.uid) {
      // Unused, or pre-bound by name to a claim that will find it.
      this.setVolumePhase(pv, 'Available');
      return;
    }
    const pvc = this.pvcs.getByName(ref.namespace, ref.name!);
    const claim = pvc?.metadata.uid === ref.uid ? pvc : undefined;
    if (!claim) {
      // The claim is gone: Released, then the reclaim policy.
      if (pv.status?.phase === 'Released' || pv.status?.phase === 'Failed') return;
      // A claim the informer has not seen yet (just created) is not a deleted one.
      if (this.store.tryGet<PVC>('PersistentVolumeClaim', ref.namespace, ref.name!)?.metadata.uid === ref.uid) return;
      const released = this.setVolumePhase(pv, 'Released');
      this.reclaim(released);
      return;
    }
    if (!claim.spec?.volumeName) return; // pre-bound by the scheduler or the user; syncClaim finishes the binding
    if (claim.spec.volumeName === pv.metadata.name) { this.setVolumePhase(pv, 'Bound'); return; }
    // The claim is bound to another volume: a volume this controller bound is freed again.
    if (pv.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER]) {
      const next = structuredClone(pv);
      delete next.spec!.claimRef;
      delete next.metadata.annotations![ANN_BOUND_BY_CONTROLLER];
      this.setVolumePhase(this.store.update(next), 'Available');
    }
  }

  private reclaim(pv: PV): void {
    switch (pv.spec?.persistentVolumeReclaimPolicy) {
      case 'Delete':
        // A provisioned volume is deleted by its external provisioner; nothing else can delete here.
        if (pv.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED]) return;
        this.setVolumePhase(pv, 'Failed', 'error getting deleter volume plugin for volume "' + pv.metadata.name + '": no deletable volume plugin matched');
        this.event(pv, 'Warning', 'VolumeFailedDelete', `error getting deleter volume plugin for volume "${pv.metadata.name}": no deletable volume plugin matched`);
        return;
      case 'Recycle':
        this.setVolumePhase(pv, 'Failed', 'No recycler plugin found for the volume!');
        this.event(pv, 'Warning', 'VolumeFailedRecycle', 'No recycler plugin found for the volume!');
        return;
      default: // Retain: the data stays until an administrator deletes the volume.
    }
  }

  // ---- status ----

  private setVolumePhase(pv: PV, phase: string, message?: string): PV {
    const live = this.store.tryGet<PV>('PersistentVolume', undefined, pv.metadata.name!);
    if (!live || (live.status?.phase === phase && live.status?.message === message)) return live ?? pv;
    const status: PersistentVolumeStatus = { phase, lastPhaseTransitionTime: this.clock.nowRFC3339(), ...(message ? { message } : {}) };
    return this.store.update({ ...live, status }, { subresource: 'status' });
  }

  private setClaimPhase(pvc: PVC, phase: string): void {
    const live = this.store.tryGet<PVC>('PersistentVolumeClaim', pvc.metadata.namespace, pvc.metadata.name!);
    if (!live || live.status?.phase === phase) return;
    try {
      this.store.update({ ...live, status: { ...live.status, phase } }, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}
