// The external-provisioner sidecar of csi.kubesim.io (kubernetes-csi/external-provisioner): provisions a volume for
// every claim the PV controller annotated with volume.kubernetes.io/storage-provisioner (CreateVolume, then a PV
// pre-bound to the claim), and deletes released volumes whose reclaim policy is Delete (DeleteVolume, then the PV).
// For WaitForFirstConsumer classes it waits for the scheduler's selected-node annotation and provisions in that
// node's zone.
// Simplification: the CSI controller plugin (this sidecar, the attacher and the resizer) runs in-process beside the
// controller manager, not as a Deployment; PVs carry no external-provisioner finalizer.
import type { Node } from 'kubernetes-types/core/v1';
import { objectKey } from '../../api/object.ts';
import { Quantity } from '../../api/quantity.ts';
import { ANN_DYNAMICALLY_PROVISIONED, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER, claimClass, type PV, type PVC, type SC } from '../../api/storage.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { CREATE_VOLUME_MS, CSIError, DELETE_VOLUME_MS, ZONE_LABEL, type SimCSIDriver } from './driver.ts';
import { PendingOperations } from './operations.ts';

const GI = 1024 ** 3;

/** PV names of provisioned volumes: the provisioner's prefix and the claim's uid. */
export const provisionedVolumeName = (pvc: PVC): string => `pvc-${pvc.metadata.uid}`;

export class ExternalProvisioner extends Controller {
  private readonly pvcs: Informer<PVC>;
  private readonly pvs: Informer<PV>;
  private readonly classes: Informer<SC>;
  private readonly ops: PendingOperations;
  private readonly event: ReturnType<EventRecorder['forSource']>;
  /** The provisioner identity recorded in every PV it creates (so that it deletes only its own). */
  private readonly identity: string;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder, private readonly driver: SimCSIDriver) {
    super('csi-provisioner', clock);
    this.pvcs = informers.informerFor<PVC>('PersistentVolumeClaim');
    this.pvs = informers.informerFor<PV>('PersistentVolume');
    this.classes = informers.informerFor<SC>('StorageClass');
    this.ops = new PendingOperations(clock, this.queue);
    this.event = recorder.forSource({ component: `${driver.name}_csi-provisioner` });
    this.identity = `${clock.now()}-0-${driver.name}`;
  }

  start(): void {
    this.pvcs.addEventHandler({ add: (c) => this.queue.add(`claim/${objectKey(c)}`), update: (_o, c) => this.queue.add(`claim/${objectKey(c)}`) });
    this.pvs.addEventHandler({ add: (v) => this.queue.add(`volume/${v.metadata.name}`), update: (_o, v) => this.queue.add(`volume/${v.metadata.name}`) });
  }

  protected sync(key: string): void {
    const [what, ...rest] = key.split('/');
    if (what === 'claim') this.syncClaim(key, rest[0], rest[1]);
    else this.syncVolume(key, rest[0]);
  }

  private syncClaim(key: string, namespace: string, name: string): void {
    const pvc = this.pvcs.getByName(namespace, name);
    const sc = pvc && this.classes.getByName(undefined, claimClass(pvc));
    const selectedNode = pvc?.metadata.annotations?.[ANN_SELECTED_NODE];
    const wanted = pvc && sc && !pvc.spec?.volumeName && !pvc.metadata.deletionTimestamp && sc.provisioner === this.driver.name
      && pvc.metadata.annotations?.[ANN_STORAGE_PROVISIONER] === this.driver.name
      && (sc.volumeBindingMode !== 'WaitForFirstConsumer' || !!selectedNode)
      && !this.store.tryGet('PersistentVolume', undefined, provisionedVolumeName(pvc));
    if (!wanted) { this.ops.done(key); return; }
    const claimName = `${namespace}/${name}`;
    if (!this.ops.due(key, CREATE_VOLUME_MS, () => this.event(pvc, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${claimName}"`))) return;
    this.ops.done(key);
    const zone = selectedNode ? this.store.tryGet<Node>('Node', undefined, selectedNode)?.metadata?.labels?.[ZONE_LABEL] : undefined;
    const request = Quantity.parse(String(pvc.spec?.resources?.requests?.storage ?? '0')).value();
    const vol = this.driver.createVolume({ name: provisionedVolumeName(pvc), capacityBytes: request, parameters: sc.parameters, accessibilityRequirements: zone ? { segments: { [ZONE_LABEL]: zone } } : undefined });
    const zoneOf = vol.accessibleTopology[0]?.segments[ZONE_LABEL];
    const pv: PV = {
      apiVersion: 'v1', kind: 'PersistentVolume',
      metadata: { name: provisionedVolumeName(pvc), annotations: { [ANN_DYNAMICALLY_PROVISIONED]: this.driver.name, 'volume.kubernetes.io/provisioner-deletion-secret-name': '', 'volume.kubernetes.io/provisioner-deletion-secret-namespace': '' } },
      spec: {
        accessModes: pvc.spec?.accessModes, capacity: { storage: `${vol.capacityBytes / GI}Gi` },
        claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name, uid: pvc.metadata.uid, resourceVersion: pvc.metadata.resourceVersion },
        csi: { driver: this.driver.name, volumeHandle: vol.volumeId, fsType: 'ext4', volumeAttributes: { 'storage.kubernetes.io/csiProvisionerIdentity': this.identity } },
        persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete', storageClassName: sc.metadata.name, volumeMode: pvc.spec?.volumeMode ?? 'Filesystem',
        ...(sc.mountOptions ? { mountOptions: sc.mountOptions } : {}),
        ...(zoneOf ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE_LABEL, operator: 'In', values: [zoneOf] }] }] } } } : {}),
      },
    };
    try {
      this.store.create(pv);
    } catch (e) {
      if (!isStatusError(e, 'AlreadyExists')) throw e;
    }
    this.event(pvc, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${pv.metadata.name}`);
  }

  private syncVolume(key: string, name: string): void {
    const pv = this.pvs.getByName(undefined, name);
    const wanted = pv && pv.status?.phase === 'Released' && pv.spec?.persistentVolumeReclaimPolicy === 'Delete'
      && pv.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED] === this.driver.name && pv.spec.csi?.driver === this.driver.name && !pv.metadata.deletionTimestamp;
    if (!wanted) { this.ops.done(key); return; }
    if (!this.ops.due(key, DELETE_VOLUME_MS)) return;
    this.ops.done(key);
    try {
      this.driver.deleteVolume(pv.spec!.csi!.volumeHandle);
    } catch (e) {
      if (!(e instanceof CSIError)) throw e;
      this.event(pv, 'Warning', 'VolumeFailedDelete', e.message);
      throw e;
    }
    try {
      this.store.delete('PersistentVolume', undefined, name);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}
