// Storage validation: PersistentVolume and PersistentVolumeClaim (core validation ValidatePersistentVolume*,
// ValidatePersistentVolumeClaim*) and storage.k8s.io StorageClass, CSIDriver, CSINode and VolumeAttachment.
// Simplification: the spec-immutability error of a claim update omits upstream's cmp.Diff of the two specs.
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { CSIDriver, CSINode, StorageClass, VolumeAttachment } from 'kubernetes-types/storage/v1';
import { Quantity } from '../../../api/quantity.ts';
import { ACCESS_MODES } from '../../../api/storage.ts';
import { isDNS1123Subdomain, isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, index, invalid, isRecord, key, notSupported, required, sortedEntries } from './field.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validateLabelSelector } from './labels.ts';
import { semanticEqual } from './semantic.ts';

const VOLUME_MODES = ['Block', 'Filesystem'];
const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];
/** The PersistentVolumeSource members: a volume names exactly one. */
const PV_SOURCES = ['gcePersistentDisk', 'awsElasticBlockStore', 'hostPath', 'glusterfs', 'nfs', 'rbd', 'quobyte', 'cinder', 'cephfs', 'fc',
  'flocker', 'flexVolume', 'azureFile', 'vsphereVolume', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'local', 'storageos', 'csi', 'iscsi'];

function quantity(v: unknown): Quantity | undefined {
  try { return Quantity.parse(String(v)); } catch { return undefined; }
}

/** ValidatePositiveQuantityValue. */
function positive(v: unknown, path: string): FieldError[] {
  const q = quantity(v);
  return q && q.sign() <= 0 ? [invalid(path, q.toString(), 'must be greater than zero')] : [];
}

function accessModeErrors(modes: unknown, path: string, requiredDetail: string): FieldError[] {
  const list = asArray<string>(modes);
  const errs: FieldError[] = [];
  if (list.length === 0) errs.push(required(path, requiredDetail));
  for (const m of list) if (!(ACCESS_MODES as readonly string[]).includes(m)) errs.push(notSupported(path, m, ACCESS_MODES));
  if (list.includes('ReadWriteOncePod') && list.length > 1) errs.push(forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

function classNameErrors(name: unknown, path: string): FieldError[] {
  return typeof name === 'string' && name !== '' ? isDNS1123Subdomain(name).map((m) => invalid(path, name, m)) : [];
}

// ---- PersistentVolumeClaim ----

export function validateClaimSpec(spec: PersistentVolumeClaim['spec'], path: string): FieldError[] {
  const s = isRecord(spec) ? (spec as NonNullable<PersistentVolumeClaim['spec']>) : {};
  const errs = accessModeErrors(s.accessModes, child(path, 'accessModes'), 'at least 1 access mode is required');
  if (s.selector) errs.push(...validateLabelSelector(s.selector, child(path, 'selector')));
  const storagePath = key(child(path, 'resources'), 'storage');
  const storage = s.resources?.requests?.storage;
  if (storage === undefined) errs.push(required(storagePath));
  else errs.push(...positive(storage, storagePath));
  errs.push(...classNameErrors(s.storageClassName, child(path, 'storageClassName')));
  if (s.volumeMode && !VOLUME_MODES.includes(s.volumeMode)) errs.push(notSupported(child(path, 'volumeMode'), s.volumeMode, VOLUME_MODES));
  return errs;
}

export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim): FieldError[] {
  return [...validateObjectMeta(pvc.metadata, nameIsDNSSubdomain), ...validateClaimSpec(pvc.spec, 'spec')];
}

export function validatePersistentVolumeClaimUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pvc.metadata, old.metadata), ...validateClaimSpec(pvc.spec, 'spec')];
  // The binder fills volumeName once; a bound claim may change only its storage request.
  const comparable = (p: PersistentVolumeClaim, keepRequests: boolean) => {
    const spec = structuredClone(p.spec ?? {});
    if (!old.spec?.volumeName) delete spec.volumeName;
    if (!keepRequests && spec.resources) delete spec.resources.requests;
    delete spec.volumeAttributesClassName;
    return spec;
  };
  const bound = old.status?.phase === 'Bound';
  if (!semanticEqual(comparable(pvc, !bound), comparable(old, !bound))) {
    errs.push(forbidden('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
  }
  // RecoverVolumeExpansionFailure: a request may shrink back, but not down to what the volume already has.
  const now = quantity(pvc.spec?.resources?.requests?.storage);
  const before = quantity(old.spec?.resources?.requests?.storage);
  const capacity = quantity(old.status?.capacity?.storage) ?? Quantity.parse('0');
  if (now && before && now.cmp(before) < 0 && now.cmp(capacity) <= 0) errs.push(forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  return errs;
}

// ---- PersistentVolume ----

function validatePersistentVolumeSpec(pv: PersistentVolume): FieldError[] {
  const s = (isRecord(pv.spec) ? pv.spec : {}) as NonNullable<PersistentVolume['spec']>;
  const errs = accessModeErrors(s.accessModes, 'spec.accessModes', 'must specify at least 1 access mode');
  const capacity = isRecord(s.capacity) ? s.capacity : {};
  if (Object.keys(capacity).length === 0) errs.push(required('spec.capacity'));
  if (!('storage' in capacity) || Object.keys(capacity).length > 1) errs.push(notSupported('spec.capacity', capacity, ['storage']));
  for (const [name, v] of sortedEntries(capacity)) errs.push(...positive(v, key('spec.capacity', name)));
  if (s.persistentVolumeReclaimPolicy && !RECLAIM_POLICIES.includes(s.persistentVolumeReclaimPolicy)) {
    errs.push(notSupported('spec.persistentVolumeReclaimPolicy', s.persistentVolumeReclaimPolicy, RECLAIM_POLICIES));
  }
  errs.push(...classNameErrors(s.storageClassName, 'spec.storageClassName'));
  if (s.volumeMode && !VOLUME_MODES.includes(s.volumeMode)) errs.push(notSupported('spec.volumeMode', s.volumeMode, VOLUME_MODES));
  const sources = PV_SOURCES.filter((k) => isRecord((s as Record<string, unknown>)[k]));
  if (sources.length === 0) errs.push(required('spec', 'must specify a volume type'));
  for (const src of sources.slice(1)) errs.push(forbidden(child('spec', src), 'may not specify more than 1 volume type'));
  if (s.hostPath && !s.hostPath.path) errs.push(required('spec.hostPath.path'));
  if (s.csi) {
    if (!s.csi.driver) errs.push(required('spec.csi.driver'));
    if (!s.csi.volumeHandle) errs.push(required('spec.csi.volumeHandle'));
  }
  if (s.local && !s.local.path) errs.push(required('spec.local.path'));
  if (s.local && !s.nodeAffinity) errs.push(required('spec.nodeAffinity', 'Local volume requires node affinity'));
  return errs;
}

export function validatePersistentVolume(pv: PersistentVolume): FieldError[] {
  return [...validateObjectMeta(pv.metadata, nameIsDNSSubdomain), ...validatePersistentVolumeSpec(pv)];
}

export function validatePersistentVolumeUpdate(pv: PersistentVolume, old: PersistentVolume): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pv.metadata, old.metadata), ...validatePersistentVolumeSpec(pv)];
  const source = (p: PersistentVolume) => PV_SOURCES.map((k) => (p.spec as Record<string, unknown> | undefined)?.[k]);
  if (!semanticEqual(source(pv), source(old))) errs.push(forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is immutable after creation'));
  if ((pv.spec?.volumeMode ?? '') !== (old.spec?.volumeMode ?? '')) errs.push(invalid('spec.volumeMode', pv.spec?.volumeMode, FIELD_IMMUTABLE));
  if (old.spec?.nodeAffinity && !semanticEqual(pv.spec?.nodeAffinity, old.spec.nodeAffinity)) errs.push(invalid('spec.nodeAffinity', pv.spec?.nodeAffinity, FIELD_IMMUTABLE));
  return errs;
}

// ---- storage.k8s.io ----

function validateStorageClassFields(sc: StorageClass): FieldError[] {
  const errs: FieldError[] = [];
  if (!sc.provisioner) errs.push(required('provisioner'));
  else for (const m of isQualifiedName(sc.provisioner.toLowerCase())) errs.push(invalid('provisioner', sc.provisioner, m));
  if (sc.reclaimPolicy && !['Delete', 'Retain'].includes(sc.reclaimPolicy)) errs.push(notSupported('reclaimPolicy', sc.reclaimPolicy, ['Delete', 'Retain']));
  if (!sc.volumeBindingMode) errs.push(required('volumeBindingMode'));
  else if (!['Immediate', 'WaitForFirstConsumer'].includes(sc.volumeBindingMode)) errs.push(notSupported('volumeBindingMode', sc.volumeBindingMode, ['Immediate', 'WaitForFirstConsumer']));
  return errs;
}

export function validateStorageClass(sc: StorageClass): FieldError[] {
  return [...validateObjectMeta(sc.metadata, nameIsDNSSubdomain), ...validateStorageClassFields(sc)];
}

export function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): FieldError[] {
  const errs = [...validateObjectMetaUpdate(sc.metadata, old.metadata), ...validateStorageClassFields(sc)];
  if (!semanticEqual(sc.parameters ?? {}, old.parameters ?? {})) errs.push(forbidden('parameters', 'updates to parameters are forbidden.'));
  if (sc.provisioner !== old.provisioner) errs.push(forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if ((sc.reclaimPolicy ?? '') !== (old.reclaimPolicy ?? '')) errs.push(forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  if (sc.volumeBindingMode !== old.volumeBindingMode) errs.push(invalid('volumeBindingMode', sc.volumeBindingMode, FIELD_IMMUTABLE));
  return errs;
}

function validateVolumeAttachmentSpec(va: VolumeAttachment): FieldError[] {
  const errs: FieldError[] = [];
  if (!va.spec?.attacher) errs.push(required('spec.attacher'));
  if (!va.spec?.nodeName) errs.push(required('spec.nodeName'));
  const src = va.spec?.source ?? {};
  const n = (src.persistentVolumeName ? 1 : 0) + (src.inlineVolumeSpec ? 1 : 0);
  if (n !== 1) errs.push(forbidden('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName'));
  return errs;
}

export function validateVolumeAttachment(va: VolumeAttachment): FieldError[] {
  return [...validateObjectMeta(va.metadata, nameIsDNSSubdomain), ...validateVolumeAttachmentSpec(va)];
}

export function validateVolumeAttachmentUpdate(va: VolumeAttachment, old: VolumeAttachment): FieldError[] {
  const errs = validateObjectMetaUpdate(va.metadata, old.metadata);
  if (!semanticEqual(va.spec, old.spec)) errs.push(invalid('spec', va.spec, FIELD_IMMUTABLE));
  return errs;
}

export function validateCSIDriver(d: CSIDriver): FieldError[] {
  return validateObjectMeta(d.metadata, (name) => isDNS1123Subdomain(name));
}

export function validateCSIDriverUpdate(d: CSIDriver, old: CSIDriver): FieldError[] {
  const errs = validateObjectMetaUpdate(d.metadata, old.metadata);
  for (const f of ['attachRequired', 'podInfoOnMount', 'volumeLifecycleModes', 'fsGroupPolicy'] as const) {
    if (!semanticEqual(d.spec?.[f], old.spec?.[f])) errs.push(invalid(child('spec', f), d.spec?.[f], FIELD_IMMUTABLE));
  }
  return errs;
}

function validateCSINodeDrivers(n: CSINode): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  asArray<{ name?: string; nodeID?: string; allocatable?: { count?: number } }>(n.spec?.drivers).forEach((d, i) => {
    const p = index('spec.drivers', i);
    if (!d.name) errs.push(required(child(p, 'name')));
    else if (seen.has(d.name)) errs.push({ type: 'Duplicate', field: child(p, 'name'), value: d.name });
    if (d.name) seen.add(d.name);
    if (!d.nodeID) errs.push(required(child(p, 'nodeID'), 'nodeID must be provided'));
    if (typeof d.allocatable?.count === 'number' && d.allocatable.count < 0) errs.push(invalid(child(p, 'allocatable', 'count'), d.allocatable.count, 'must be greater than or equal to 0'));
  });
  return errs;
}

export function validateCSINode(n: CSINode): FieldError[] {
  return [...validateObjectMeta(n.metadata, nameIsDNSSubdomain), ...validateCSINodeDrivers(n)];
}

export function validateCSINodeUpdate(n: CSINode, old: CSINode): FieldError[] {
  return [...validateObjectMetaUpdate(n.metadata, old.metadata), ...validateCSINodeDrivers(n)];
}
