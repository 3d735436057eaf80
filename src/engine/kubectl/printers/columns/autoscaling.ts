// The HorizontalPodAutoscaler table (printers.go printHorizontalPodAutoscaler and formatHPAMetrics).
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from 'kubernetes-types/autoscaling/v2';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** formatHPAMetrics shows at most this many metrics, then "+ N more...". */
const MAX_METRICS = 2;
const UNKNOWN = '<unknown>';

/** A value or an average value: "current/target", with " (avg)" for a per-pod average of an Object or External metric. */
function valueTarget(target: MetricTarget | undefined, current: MetricValueStatus | undefined, avgSuffix: boolean): string {
  if (target?.averageValue !== undefined) return `${current?.averageValue ?? UNKNOWN}/${target.averageValue}${avgSuffix ? ' (avg)' : ''}`;
  return `${current?.value ?? UNKNOWN}/${target?.value ?? ''}`;
}

function resourceTarget(name: string, target: MetricTarget | undefined, current: MetricValueStatus | undefined): string {
  if (target?.averageValue !== undefined) return `${name}: ${current?.averageValue ?? UNKNOWN}/${target.averageValue}`;
  const cur = current?.averageUtilization !== undefined ? `${current.averageUtilization}%` : UNKNOWN;
  const tgt = target?.averageUtilization !== undefined ? `${target.averageUtilization}%` : '<auto>';
  return `${name}: ${cur}/${tgt}`;
}

export function formatHPAMetrics(specs: MetricSpec[] | undefined, statuses: MetricStatus[] | undefined | null): string {
  if (!specs?.length) return '<none>';
  const list = specs.map((spec, i) => {
    const st = statuses?.[i];
    switch (spec.type) {
      case 'External': return valueTarget(spec.external?.target, st?.external?.current, true);
      case 'Pods': return `${st?.pods?.current?.averageValue ?? UNKNOWN}/${spec.pods?.target?.averageValue ?? ''}`;
      case 'Object': return valueTarget(spec.object?.target, st?.object?.current, true);
      case 'Resource': return resourceTarget(spec.resource?.name ?? '', spec.resource?.target, st?.resource?.current);
      case 'ContainerResource': return resourceTarget(spec.containerResource?.name ?? '', spec.containerResource?.target, st?.containerResource?.current);
      default: return '<unknown type>';
    }
  });
  if (list.length <= MAX_METRICS) return list.join(', ');
  return `${list.slice(0, MAX_METRICS).join(', ')} + ${list.length - MAX_METRICS} more...`;
}

export const horizontalPodAutoscalerTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Reference' }, { name: 'Targets' }, { name: 'MinPods' }, { name: 'MaxPods' }, { name: 'Replicas' }, { name: 'Age' }],
  row(obj, { now }) {
    const hpa = typed<HorizontalPodAutoscaler>(obj);
    const ref = hpa.spec?.scaleTargetRef;
    return [
      hpa.metadata?.name ?? '', `${ref?.kind ?? ''}/${ref?.name ?? ''}`, formatHPAMetrics(hpa.spec?.metrics, hpa.status?.currentMetrics),
      hpa.spec?.minReplicas !== undefined ? String(hpa.spec.minReplicas) : '<unset>', String(hpa.spec?.maxReplicas ?? 0),
      String(hpa.status?.currentReplicas ?? 0), translateTimestampSince(hpa.metadata?.creationTimestamp, now),
    ];
  },
};
