// kubectl describe replicaset (describeReplicaSet).
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { formatSelector } from '../selector.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { formatPodPhaseCounts, podStatusForController } from './controllerpods.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { printController } from './pod.ts';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './writer.ts';

export function describeReplicaSet(obj: KubeObject, ctx: DescribeContext): string {
  const rs = typed<ReplicaSet>(obj);
  const meta = rs.metadata ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatSelector(rs.spec?.selector)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  const controlledBy = printController(meta.ownerReferences);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  w.write(LEVEL_0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 1} desired\n`);
  const counts = podStatusForController(ctx, meta.namespace, rs.spec?.selector, meta.uid);
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(counts)}\n`);
  describePodTemplate(rs.spec?.template, w);
  const conditions = rs.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'ReplicaSet', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
