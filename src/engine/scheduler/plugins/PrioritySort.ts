// PrioritySort: higher .spec.priority first, then earlier queue timestamp.
import type { QueueSortPlugin, QueuedPodInfo } from '../framework/interface.ts';

export class PrioritySort implements QueueSortPlugin {
  readonly name = 'PrioritySort';
  less(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
    const pa = a.pod.spec?.priority ?? 0, pb = b.pod.spec?.priority ?? 0;
    return pa > pb || (pa === pb && a.timestamp < b.timestamp);
  }
}
