// Tables of the storage kinds (printers.go): PersistentVolume, PersistentVolumeClaim, StorageClass,
// VolumeAttachment, CSIDriver and CSINode.
import type { CSIDriver, CSINode, VolumeAttachment } from 'kubernetes-types/storage/v1';
import { Quantity } from '../../../api/quantity.ts';
import { accessModesString, claimClass, isDefaultClass, volumeClass, type PV, type PVC, type SC } from '../../../api/storage.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

const UNSET = '<unset>';
const age = (obj: { metadata?: { creationTimestamp?: string } }, now: number) => translateTimestampSince(obj.metadata?.creationTimestamp, now);
/** A Quantity's String(): an absent one prints as "0". */
const storage = (v: string | undefined) => { try { return Quantity.parse(v ?? '0').toString(); } catch { return v ?? ''; } };

export const persistentVolumeTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Capacity' }, { name: 'Access Modes' }, { name: 'Reclaim Policy' }, { name: 'Status' }, { name: 'Claim' }, { name: 'StorageClass' },
    { name: 'VolumeAttributesClass' }, { name: 'Reason' }, { name: 'Age' }, { name: 'VolumeMode', wide: true }],
  row(obj, { now }) {
    const pv = typed<PV>(obj);
    const ref = pv.spec?.claimRef;
    return [
      pv.metadata.name ?? '', storage(pv.spec?.capacity?.storage), accessModesString(pv.spec?.accessModes), pv.spec?.persistentVolumeReclaimPolicy ?? '',
      pv.metadata.deletionTimestamp ? 'Terminating' : pv.status?.phase ?? '', ref ? `${ref.namespace}/${ref.name}` : '', volumeClass(pv),
      pv.spec?.volumeAttributesClassName ?? UNSET, pv.status?.reason ?? '', age(pv, now), pv.spec?.volumeMode ?? UNSET,
    ];
  },
};

export const persistentVolumeClaimTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Status' }, { name: 'Volume' }, { name: 'Capacity' }, { name: 'Access Modes' }, { name: 'StorageClass' },
    { name: 'VolumeAttributesClass' }, { name: 'Age' }, { name: 'VolumeMode', wide: true }],
  row(obj, { now }) {
    const pvc = typed<PVC>(obj);
    const bound = !!pvc.spec?.volumeName;
    return [
      pvc.metadata.name ?? '', pvc.metadata.deletionTimestamp ? 'Terminating' : pvc.status?.phase ?? '', pvc.spec?.volumeName ?? '',
      bound ? storage(pvc.status?.capacity?.storage) : '', bound ? accessModesString(pvc.status?.accessModes) : '', claimClass(pvc),
      pvc.spec?.volumeAttributesClassName ?? UNSET, age(pvc, now), pvc.spec?.volumeMode ?? UNSET,
    ];
  },
};

export const storageClassTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Provisioner' }, { name: 'ReclaimPolicy' }, { name: 'VolumeBindingMode' }, { name: 'AllowVolumeExpansion' }, { name: 'Age' }],
  row(obj, { now }) {
    const sc = typed<SC>(obj);
    return [
      `${sc.metadata.name ?? ''}${isDefaultClass(sc) ? ' (default)' : ''}`, sc.provisioner, sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate',
      String(sc.allowVolumeExpansion ?? false), age(sc, now),
    ];
  },
};

export const volumeAttachmentTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Attacher' }, { name: 'PV' }, { name: 'Node' }, { name: 'Attached' }, { name: 'Age' }],
  row(obj, { now }) {
    const va = typed<VolumeAttachment>(obj);
    return [va.metadata?.name ?? '', va.spec.attacher, va.spec.source.persistentVolumeName ?? '', va.spec.nodeName, String(va.status?.attached ?? false), age(va, now)];
  },
};

export const csiDriverTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'AttachRequired' }, { name: 'PodInfoOnMount' }, { name: 'StorageCapacity' }, { name: 'TokenRequests' }, { name: 'RequiresRepublish' },
    { name: 'Modes' }, { name: 'Age' }],
  row(obj, { now }) {
    const d = typed<CSIDriver>(obj);
    const tokens = (d.spec.tokenRequests ?? []).map((t) => t.audience);
    return [
      d.metadata?.name ?? '', String(d.spec.attachRequired ?? true), String(d.spec.podInfoOnMount ?? false), String(d.spec.storageCapacity ?? false),
      tokens.length ? tokens.join(',') : UNSET, String(d.spec.requiresRepublish ?? false), (d.spec.volumeLifecycleModes ?? []).join(','), age(d, now),
    ];
  },
};

export const csiNodeTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Drivers' }, { name: 'Age' }],
  row(obj, { now }) {
    const n = typed<CSINode>(obj);
    return [n.metadata?.name ?? '', String(n.spec.drivers?.length ?? 0), age(n, now)];
  },
};
