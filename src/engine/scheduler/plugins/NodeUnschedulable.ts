// NodeUnschedulable: a cordoned node (spec.unschedulable) takes only pods that tolerate
// node.kubernetes.io/unschedulable:NoSchedule.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import { toleratesTaint } from '../../api/taints.ts';

export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

export class NodeUnschedulable implements FilterPlugin {
  readonly name = 'NodeUnschedulable';
  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    if (!node.node.spec?.unschedulable) return Status.success();
    const taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
    if ((pod.spec?.tolerations ?? []).some((t) => toleratesTaint(t, taint))) return Status.success();
    return Status.unresolvable(ERR_REASON_UNSCHEDULABLE);
  }
}
