// NodeName: a pod that names its node in spec.nodeName fits only there.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin } from '../framework/interface.ts';
import type { NodeColumns } from '../framework/nodecolumns.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import type { Node } from 'kubernetes-types/core/v1';
import type { ClusterEventWithHint } from '../framework/events.ts';

export class NodeName implements FilterPlugin {
  readonly name = 'NodeName';
  /** A node of the name the pod asks for appears. */
  eventsToRegister(): ClusterEventWithHint[] {
    return [{ resource: 'Node', actions: ['Add'], hint: (pod, _old, now) => (!pod.spec?.nodeName || pod.spec.nodeName === (now as Node).metadata?.name ? 'Queue' : 'QueueSkip') }];
  }

  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    const want = pod.spec?.nodeName;
    return !want || want === node.name ? Status.success() : Status.unresolvable("node(s) didn't match the requested node name");
  }

  fitsByColumns(_s: CycleState, pod: Pod, _columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean {
    if (!pod.spec?.nodeName) return true;
    fits.fill(0, 0, to - from);
    return false;
  }
}
