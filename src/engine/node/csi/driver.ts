// The simulated CSI driver "csi.kubesim.io": a network block-storage backend in the shape of the CSI spec's
// Controller service (CreateVolume, DeleteVolume, ControllerPublishVolume, ControllerUnpublishVolume,
// ControllerExpandVolume) and Node service (NodeStageVolume, NodePublishVolume, NodeUnpublishVolume,
// NodeUnstageVolume, NodeExpandVolume, NodeGetInfo). Volumes live in one zone when the node that asks for them
// has a topology.kubernetes.io/zone label; zone-less nodes share one pool.
//
// The backend's state is derived from API objects (a PV per volume, a VolumeAttachment per publication), so a
// restored cluster rebuilds it with restore() instead of keeping it in the snapshot.
import type { PersistentVolume } from 'kubernetes-types/core/v1';
import type { VolumeAttachment } from 'kubernetes-types/storage/v1';
import { Quantity } from '../../api/quantity.ts';

/** The driver's name (a reverse-DNS name, as CSI drivers are named), its StorageClass and its topology key. */
export const CSI_DRIVER_NAME = 'csi.kubesim.io';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';
/** SIMULATION: how many of the driver's volumes one node can attach (CSINode allocatable count). */
export const CSI_MAX_VOLUMES_PER_NODE = 32;
/** SIMULATION: virtual time the backend takes for each Controller call. */
export const CREATE_VOLUME_MS = 1_500;
export const DELETE_VOLUME_MS = 500;
export const PUBLISH_VOLUME_MS = 1_000;
export const EXPAND_VOLUME_MS = 1_000;
/** SIMULATION: virtual time NodeStageVolume + NodePublishVolume take (format on first use, mount). */
export const NODE_MOUNT_MS = 300;
/** SIMULATION: volumes are allocated in whole GiB, as most cloud disks are. */
const ALLOCATION_UNIT = 1024 ** 3;

export class CSIError extends Error {
  constructor(readonly code: 'NotFound' | 'InvalidArgument' | 'FailedPrecondition' | 'ResourceExhausted', message: string) {
    super(`rpc error: code = ${code} desc = ${message}`);
  }
}

export interface Topology { segments: Record<string, string> }
export interface CreateVolumeRequest { name: string; capacityBytes: number; parameters?: Record<string, string>; accessibilityRequirements?: Topology }
export interface CSIVolume { volumeId: string; capacityBytes: number; accessibleTopology: Topology[] }

interface BackendVolume extends CSIVolume { publishedOn: Set<string> }

export class SimCSIDriver {
  readonly name = CSI_DRIVER_NAME;
  private readonly volumes = new Map<string, BackendVolume>();

  // ---- Controller service ----

  /** Idempotent by name: a retry gets the volume the first call created. */
  createVolume(req: CreateVolumeRequest): CSIVolume {
    if (!req.name) throw new CSIError('InvalidArgument', 'Name missing in request');
    const existing = this.volumes.get(req.name);
    if (existing) return existing;
    const capacityBytes = Math.max(ALLOCATION_UNIT, Math.ceil(req.capacityBytes / ALLOCATION_UNIT) * ALLOCATION_UNIT);
    const zone = req.accessibilityRequirements?.segments[ZONE_LABEL];
    const v: BackendVolume = { volumeId: req.name, capacityBytes, accessibleTopology: zone ? [{ segments: { [ZONE_LABEL]: zone } }] : [], publishedOn: new Set() };
    this.volumes.set(v.volumeId, v);
    return v;
  }

  deleteVolume(volumeId: string): void {
    const v = this.volumes.get(volumeId);
    if (v && v.publishedOn.size) throw new CSIError('FailedPrecondition', `volume ${volumeId} is still published on node(s) ${[...v.publishedOn].sort().join(', ')}`);
    this.volumes.delete(volumeId);
  }

  controllerPublishVolume(volumeId: string, nodeId: string): Record<string, string> {
    const v = this.get(volumeId);
    v.publishedOn.add(nodeId);
    return { devicePath: `/dev/disk/by-id/kubesim-${volumeId}` };
  }

  controllerUnpublishVolume(volumeId: string, nodeId: string): void {
    this.volumes.get(volumeId)?.publishedOn.delete(nodeId);
  }

  controllerExpandVolume(volumeId: string, capacityBytes: number): { capacityBytes: number; nodeExpansionRequired: boolean } {
    const v = this.get(volumeId);
    v.capacityBytes = Math.max(v.capacityBytes, Math.ceil(capacityBytes / ALLOCATION_UNIT) * ALLOCATION_UNIT);
    return { capacityBytes: v.capacityBytes, nodeExpansionRequired: true };
  }

  has(volumeId: string): boolean { return this.volumes.has(volumeId); }

  // ---- Node service (stateless here; the kubelet keeps what is mounted where) ----

  nodeGetInfo(nodeName: string, labels: Record<string, string>): { nodeId: string; maxVolumesPerNode: number; accessibleTopology?: Topology } {
    const zone = labels[ZONE_LABEL];
    return { nodeId: nodeName, maxVolumesPerNode: CSI_MAX_VOLUMES_PER_NODE, ...(zone ? { accessibleTopology: { segments: { [ZONE_LABEL]: zone } } } : {}) };
  }

  /** NodeStageVolume + NodePublishVolume: the device must be attached to this node first. */
  nodeStageAndPublish(volumeId: string, nodeId: string): void {
    const v = this.get(volumeId);
    if (!v.publishedOn.has(nodeId)) throw new CSIError('FailedPrecondition', `volume ${volumeId} is not attached to node ${nodeId}`);
  }

  // ---- restore ----

  /** Rebuild the backend from the PVs it provisioned and the attachments that are in place. */
  restore(pvs: readonly PersistentVolume[], attachments: readonly VolumeAttachment[]): void {
    this.volumes.clear();
    for (const pv of pvs) {
      const csi = pv.spec?.csi;
      if (csi?.driver !== this.name) continue;
      const zone = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms?.[0]?.matchExpressions?.find((e) => e.key === ZONE_LABEL)?.values?.[0];
      this.volumes.set(csi.volumeHandle, {
        volumeId: csi.volumeHandle, capacityBytes: Quantity.parse(String(pv.spec?.capacity?.storage ?? '0')).value(),
        accessibleTopology: zone ? [{ segments: { [ZONE_LABEL]: zone } }] : [], publishedOn: new Set(),
      });
    }
    for (const va of attachments) {
      const pv = pvs.find((p) => p.metadata?.name === va.spec.source.persistentVolumeName);
      const handle = pv?.spec?.csi?.volumeHandle;
      if (va.status?.attached && handle) this.volumes.get(handle)?.publishedOn.add(va.spec.nodeName);
    }
  }

  private get(volumeId: string): BackendVolume {
    const v = this.volumes.get(volumeId);
    if (!v) throw new CSIError('NotFound', `volume id ${volumeId} does not exist in the volumes list`);
    return v;
  }
}
