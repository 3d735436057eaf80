// "Pods Status:" of controllers (getPodStatusForController): the pods the selector matches and the
// controller owns, counted by phase.
import type { Pod } from 'kubernetes-types/core/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import { typed } from '../columns/column.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';

export interface PodPhaseCounts {
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
}

export function podStatusForController(ctx: DescribeContext, namespace: string | undefined, selector: LabelSelector | undefined, uid: string | undefined): PodPhaseCounts {
  const counts: PodPhaseCounts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  let matches: (labels: Record<string, string> | undefined) => boolean;
  try {
    const sel = selectorFromLabelSelector(selector);
    matches = (labels) => sel.matches(labels);
  } catch {
    return counts;
  }
  for (const obj of listOrEmpty(ctx, 'Pod', namespace)) {
    const pod = typed<Pod>(obj);
    if (!matches(pod.metadata?.labels)) continue;
    const ref = (pod.metadata?.ownerReferences ?? []).find((o) => o.controller);
    if (!ref || ref.uid !== uid) continue;
    switch (pod.status?.phase) {
      case 'Running': counts.running++; break;
      case 'Pending': counts.waiting++; break;
      case 'Succeeded': counts.succeeded++; break;
      case 'Failed': counts.failed++; break;
    }
  }
  return counts;
}

export function formatPodPhaseCounts(c: PodPhaseCounts): string {
  return `${c.running} Running / ${c.waiting} Waiting / ${c.succeeded} Succeeded / ${c.failed} Failed`;
}
