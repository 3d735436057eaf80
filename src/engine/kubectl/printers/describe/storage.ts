// kubectl describe for the storage kinds (describe.go): PersistentVolumeClaim (with the pods using it),
// PersistentVolume (with its source) and StorageClass.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { Quantity } from '../../../api/quantity.ts';
import { goList } from '../../../api/validation.ts';
import { accessModesString, claimClass, isDefaultClass, volumeClass, type PV, type PVC, type SC } from '../../../api/storage.ts';
import { typed } from '../columns/column.ts';
import { formatLabels, sortedKeys } from '../labelmap.ts';
import { formatRFC1123Z, translateTimestampSince } from '../time.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './writer.ts';

const quantity = (v: string | undefined) => { try { return Quantity.parse(v ?? '0').toString(); } catch { return v ?? ''; } };

function status(obj: KubeObject, phase: string | undefined, now: number): string {
  return obj.metadata.deletionTimestamp ? `Terminating (lasts ${translateTimestampSince(obj.metadata.deletionTimestamp, now)})` : phase ?? '';
}

export function describePersistentVolumeClaim(obj: KubeObject, ctx: DescribeContext): string {
  const pvc = typed<PVC>(obj);
  const w = new PrefixWriter();
  const bound = !!pvc.spec?.volumeName;
  w.write(LEVEL_0, `Name:\t${pvc.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${pvc.metadata.namespace}\n`);
  w.write(LEVEL_0, `StorageClass:\t${claimClass(pvc)}\n`);
  w.write(LEVEL_0, `Status:\t${status(pvc, pvc.status?.phase, ctx.now)}\n`);
  w.write(LEVEL_0, `Volume:\t${pvc.spec?.volumeName ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', pvc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goList(pvc.metadata.finalizers)}\n`);
  w.write(LEVEL_0, `Capacity:\t${bound ? quantity(pvc.status?.capacity?.storage) : ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${bound ? accessModesString(pvc.status?.accessModes) : ''}\n`);
  if (pvc.spec?.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
  const users = (listOrEmpty(ctx, 'Pod', pvc.metadata.namespace) as (Pod & KubeObject)[])
    .filter((p) => (p.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name))
    .map((p) => p.metadata.name!).sort();
  w.write(LEVEL_0, 'Used By:\t');
  if (!users.length) w.writeLine('<none>');
  users.forEach((name, i) => (i === 0 ? w.writeLine(name) : w.write(LEVEL_0, `\t${name}\n`)));
  const conditions = pvc.status?.conditions ?? [];
  if (conditions.length) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastProbeTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'PersistentVolumeClaim', uids: [pvc.metadata.uid!] }), w, ctx.now);
  return w.toString();
}

export function describePersistentVolume(obj: KubeObject, ctx: DescribeContext): string {
  const pv = typed<PV>(obj);
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${pv.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', pv.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pv.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goList(pv.metadata.finalizers)}\n`);
  w.write(LEVEL_0, `StorageClass:\t${volumeClass(pv)}\n`);
  w.write(LEVEL_0, `Status:\t${status(pv, pv.status?.phase, ctx.now)}\n`);
  const ref = pv.spec?.claimRef;
  w.write(LEVEL_0, `Claim:\t${ref ? `${ref.namespace}/${ref.name}` : ''}\n`);
  w.write(LEVEL_0, `Reclaim Policy:\t${pv.spec?.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${accessModesString(pv.spec?.accessModes)}\n`);
  if (pv.spec?.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${pv.spec.volumeMode}\n`);
  w.write(LEVEL_0, `Capacity:\t${quantity(pv.spec?.capacity?.storage)}\n`);
  printVolumeNodeAffinity(w, pv);
  w.write(LEVEL_0, `Message:\t${pv.status?.message ?? ''}\n`);
  w.write(LEVEL_0, 'Source:\n');
  printSource(w, pv);
  describeEvents(searchEvents(obj, ctx, { kind: 'PersistentVolume', uids: [pv.metadata.uid!] }), w, ctx.now);
  return w.toString();
}

function printVolumeNodeAffinity(w: PrefixWriter, pv: PV): void {
  w.write(LEVEL_0, 'Node Affinity:\t');
  const required = pv.spec?.nodeAffinity?.required;
  if (!required) { w.writeLine('<none>'); return; }
  w.writeLine('');
  w.write(LEVEL_1, 'Required Terms:\t');
  if (!required.nodeSelectorTerms.length) { w.writeLine('<none>'); return; }
  w.writeLine('');
  required.nodeSelectorTerms.forEach((term, i) => {
    w.write(LEVEL_2, `Term ${i}:\t`);
    const reqs = term.matchExpressions ?? [];
    if (!reqs.length) { w.writeLine('<none>'); return; }
    reqs.forEach((r, j) => {
      if (j !== 0) w.write(LEVEL_2, '\t');
      w.write(LEVEL_0, `${r.key} ${r.operator.toLowerCase()}${r.values?.length ? ` [${r.values.join(', ')}]` : ''}\n`);
    });
  });
}

function printSource(w: PrefixWriter, pv: PV): void {
  const s = pv.spec ?? {};
  if (s.csi) {
    w.write(LEVEL_2, 'Type:\tCSI (a Container Storage Interface (CSI) volume source)\n' +
      `    Driver:\t${s.csi.driver}\n    FSType:\t${s.csi.fsType ?? ''}\n    VolumeHandle:\t${s.csi.volumeHandle}\n    ReadOnly:\t${s.csi.readOnly === true}\n`);
    w.write(LEVEL_2, 'VolumeAttributes:\t');
    const keys = sortedKeys(s.csi.volumeAttributes);
    if (!keys.length) w.writeLine('<none>');
    keys.forEach((k, i) => {
      if (i !== 0) { w.write(LEVEL_2, ''); w.write(LEVEL_2, '\t'); }
      w.write(LEVEL_2, `${k}=${s.csi!.volumeAttributes![k]}\n`);
    });
  } else if (s.hostPath) {
    w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${s.hostPath.path}\n    HostPathType:\t${s.hostPath.type ?? ''}\n`);
  } else if (s.local) {
    w.write(LEVEL_2, `Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${s.local.path}\n`);
  } else if (s.nfs) {
    w.write(LEVEL_2, `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${s.nfs.server}\n    Path:\t${s.nfs.path}\n    ReadOnly:\t${s.nfs.readOnly === true}\n`);
  } else {
    w.write(LEVEL_2, '<unknown>\n');
  }
}

export function describeStorageClass(obj: KubeObject, ctx: DescribeContext): string {
  const sc = typed<SC>(obj);
  const w = new PrefixWriter();
  const boolPtr = (b: boolean | undefined) => (b === undefined ? '<unset>' : b ? 'True' : 'False');
  w.write(LEVEL_0, `Name:\t${sc.metadata.name}\n`);
  w.write(LEVEL_0, `IsDefaultClass:\t${isDefaultClass(sc) ? 'Yes' : 'No'}\n`);
  w.write(LEVEL_0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
  w.write(LEVEL_0, `Provisioner:\t${sc.provisioner}\n`);
  w.write(LEVEL_0, `Parameters:\t${formatLabels(sc.parameters)}\n`);
  w.write(LEVEL_0, `AllowVolumeExpansion:\t${boolPtr(sc.allowVolumeExpansion)}\n`);
  if (!sc.mountOptions?.length) w.write(LEVEL_0, 'MountOptions:\t<none>\n');
  else {
    w.write(LEVEL_0, 'MountOptions:\n');
    for (const o of sc.mountOptions) w.write(LEVEL_1, `${o}\n`);
  }
  if (sc.reclaimPolicy) w.write(LEVEL_0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode) w.write(LEVEL_0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  if (sc.allowedTopologies) {
    w.write(LEVEL_0, 'AllowedTopologies:\t');
    if (!sc.allowedTopologies.length) w.writeLine('<none>');
    else {
      w.writeLine('');
      sc.allowedTopologies.forEach((t, i) => {
        w.write(LEVEL_1, `Term ${i}:\t`);
        (t.matchLabelExpressions ?? []).forEach((e, j) => {
          if (j !== 0) w.write(LEVEL_1, '\t');
          w.write(LEVEL_0, `${e.key} in [${e.values.join(', ')}]\n`);
        });
      });
    }
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'StorageClass', uids: [sc.metadata.uid!] }), w, ctx.now);
  return w.toString();
}
