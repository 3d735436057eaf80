// kubectl describe daemonset (describeDaemonSet).
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { formatLabels } from '../labelmap.ts';
import { selectorString } from '../selector.ts';
import { describePodTemplate } from './containers.ts';
import type { DescribeContext } from './context.ts';
import { formatPodPhaseCounts, podStatusForController } from './controllerpods.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

export function describeDaemonSet(obj: KubeObject, ctx: DescribeContext): string {
  const d = typed<DaemonSet>(obj);
  const meta = d.metadata ?? {};
  const st = d.status;
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(d.spec?.selector)}\n`);
  w.write(LEVEL_0, `Node-Selector:\t${formatLabels(d.spec?.template?.spec?.nodeSelector)}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${st?.desiredNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${st?.currentNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${st?.updatedNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${st?.numberAvailable ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Misscheduled: ${st?.numberMisscheduled ?? 0}\n`);
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(podStatusForController(ctx, meta.namespace, d.spec?.selector, meta.uid))}\n`);
  describePodTemplate(d.spec?.template, w);
  describeEvents(searchEvents(obj, ctx, { kind: 'DaemonSet', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
