// NodeUnschedulable: a cordoned node (spec.unschedulable) takes only pods that tolerate
// node.kubernetes.io/unschedulable:NoSchedule.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin } from '../framework/interface.ts';
import type { NodeColumns } from '../framework/nodecolumns.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Code, Status, SUCCESS } from '../framework/status.ts';
import { toleratesTaint } from '../../api/taints.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint } from '../framework/events.ts';

export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
/** One status for every cordoned node, named for the plugin already. */
const UNSCHEDULABLE = new Status(Code.UnschedulableAndUnresolvable, [ERR_REASON_UNSCHEDULABLE], 'NodeUnschedulable');

export class NodeUnschedulable implements FilterPlugin {
  readonly name = 'NodeUnschedulable';
  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    return !node.unschedulable || admits(pod, node.node) ? SUCCESS : UNSCHEDULABLE;
  }

  fitsByColumns(_s: CycleState, _pod: Pod, columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean {
    if (columns.unschedulableNodes === 0) return true;
    const unschedulable = columns.unschedulable;
    let all = true;
    for (let i = from; i < to; i++) if (unschedulable[i]) { fits[i - from] = 0; all = false; }
    return all;
  }

  /** isSchedulableAfterNodeChange: a node that takes the pod now (and did not before: uncordoned). */
  eventsToRegister(): ClusterEventWithHint[] {
    return [{ resource: 'Node', actions: ['Add', 'UpdateNodeTaint'], hint: (pod, old, now) => admits(pod, now as Node) && (!old || !admits(pod, old as Node)) ? 'Queue' : 'QueueSkip' }];
  }
}

function admits(pod: Pod, node: Node): boolean {
  if (!node.spec?.unschedulable) return true;
  const taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
  return (pod.spec?.tolerations ?? []).some((t) => toleratesTaint(t, taint));
}
