// kubectl describe statefulset (describeStatefulSet, describeVolumeClaimTemplates).
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { selectorString } from '../selector.ts';
import { formatRFC1123Z } from '../time.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { formatPodPhaseCounts, podStatusForController } from './controllerpods.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

/** storageutil.GetPersistentVolumeClaimClass: spec.storageClassName, else the beta annotation. */
function claimClass(pvc: PersistentVolumeClaim): string {
  return pvc.spec?.storageClassName ?? pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

function describeVolumeClaimTemplates(templates: PersistentVolumeClaim[] | undefined, w: PrefixWriter): void {
  if (!templates?.length) {
    w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'Volume Claims:\n');
  for (const pvc of templates) {
    w.write(LEVEL_1, `Name:\t${pvc.metadata?.name ?? ''}\n`);
    w.write(LEVEL_1, `StorageClass:\t${claimClass(pvc)}\n`);
    printLabelsMultiline(w, 'Labels', pvc.metadata?.labels, '  ');
    printLabelsMultiline(w, 'Annotations', pvc.metadata?.annotations, '  ');
    const storage = (pvc.spec?.resources?.requests as Record<string, string> | undefined)?.storage;
    w.write(LEVEL_1, `Capacity:\t${storage ?? '<default>'}\n`);
    w.write(LEVEL_1, `Access Modes:\t[${(pvc.spec?.accessModes ?? []).join(' ')}]\n`);
  }
}

export function describeStatefulSet(obj: KubeObject, ctx: DescribeContext): string {
  const s = typed<StatefulSet>(obj);
  const meta = s.metadata ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(s.spec?.selector)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Replicas:\t${s.spec?.replicas ?? 1} desired | ${s.status?.replicas ?? 0} total\n`);
  w.write(LEVEL_0, `Update Strategy:\t${s.spec?.updateStrategy?.type ?? ''}\n`);
  const ru = s.spec?.updateStrategy?.rollingUpdate;
  if (ru?.partition !== undefined) {
    w.write(LEVEL_1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined) w.write(LEVEL_1, `MaxUnavailable:\t${ru.maxUnavailable}\n`);
  }
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(podStatusForController(ctx, meta.namespace, s.spec?.selector, meta.uid))}\n`);
  describePodTemplate(s.spec?.template, w);
  describeVolumeClaimTemplates(s.spec?.volumeClaimTemplates, w);
  describeEvents(searchEvents(obj, ctx, { kind: 'StatefulSet', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
