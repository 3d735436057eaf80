// kubectl describe hpa (describeHorizontalPodAutoscalerV2): metrics as "current / target", replica bounds, the
// behavior when set, the target's pods, conditions and Events.
import type { HorizontalPodAutoscaler, HPAScalingRules, MetricValueStatus } from 'kubernetes-types/autoscaling/v2';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { formatRFC1123Z } from '../time.ts';
import type { DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './writer.ts';

const UNKNOWN = '<unknown>';

function printDirectionBehavior(w: PrefixWriter, direction: string, rules: HPAScalingRules | undefined): void {
  if (!rules) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined) w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  if (rules.policies?.length) {
    w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(LEVEL_2, 'Policies:\n');
    for (const p of rules.policies) w.write(LEVEL_3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
  }
}

/** A utilization line: "45% (225m) / 50%". */
function utilization(current: MetricValueStatus | undefined, target: number | undefined): string {
  const cur = current?.averageUtilization !== undefined ? `${current.averageUtilization}% (${current.averageValue ?? ''})` : UNKNOWN;
  return `${cur} / ${target !== undefined ? `${target}%` : '<auto>'}`;
}

export function describeHorizontalPodAutoscaler(obj: KubeObject, ctx: DescribeContext): string {
  const hpa = typed<HorizontalPodAutoscaler>(obj);
  const meta = hpa.metadata ?? {};
  const spec = hpa.spec!;
  const status = hpa.status;
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(meta.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Reference:\t${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}\n`);
  w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
  (spec.metrics ?? []).forEach((m, i) => {
    const st = status?.currentMetrics?.[i];
    if (m.type === 'Resource' && m.resource) {
      w.write(LEVEL_1, `resource ${m.resource.name} on pods`);
      const t = m.resource.target;
      if (t.averageValue !== undefined) w.write(LEVEL_0, `:\t${st?.resource?.current.averageValue ?? UNKNOWN} / ${t.averageValue}\n`);
      else w.write(LEVEL_1, `(as a percentage of request):\t${utilization(st?.resource?.current, t.averageUtilization)}\n`);
    } else if (m.type === 'ContainerResource' && m.containerResource) {
      const c = m.containerResource;
      w.write(LEVEL_1, `resource ${c.name} of container "${c.container}" on pods`);
      if (c.target.averageValue !== undefined) w.write(LEVEL_0, `:\t${st?.containerResource?.current.averageValue ?? UNKNOWN} / ${c.target.averageValue}\n`);
      else w.write(LEVEL_1, `(as a percentage of request):\t${utilization(st?.containerResource?.current, c.target.averageUtilization)}\n`);
    } else if (m.type === 'Pods' && m.pods) {
      w.write(LEVEL_1, `"${m.pods.metric.name}" on pods:\t${st?.pods?.current.averageValue ?? UNKNOWN} / ${m.pods.target.averageValue ?? ''}\n`);
    } else {
      // Simplification: Object and External metrics are listed by type only (no API serves them here).
      w.write(LEVEL_1, `<unknown metric type "${m.type}">\n`);
    }
  });
  w.write(LEVEL_0, `Min replicas:\t${spec.minReplicas !== undefined ? spec.minReplicas : '<unset>'}\n`);
  w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas}\n`);
  if (spec.behavior) {
    w.write(LEVEL_0, 'Behavior:\n');
    printDirectionBehavior(w, 'Scale Up', spec.behavior.scaleUp);
    printDirectionBehavior(w, 'Scale Down', spec.behavior.scaleDown);
  }
  w.write(LEVEL_0, `${spec.scaleTargetRef.kind} pods:\t${status?.currentReplicas ?? 0} current / ${status?.desiredReplicas ?? 0} desired\n`);
  if (status?.conditions?.length) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------\t-------\n');
    for (const c of status.conditions) w.write(LEVEL_1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'HorizontalPodAutoscaler', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
