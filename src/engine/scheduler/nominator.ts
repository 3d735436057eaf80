// The nominator (the scheduling queue's nominatedPodMap): pods that preemption nominated to a node, so that the
// next cycles count them there (Filter runs with them) until they are bound or deleted.
import type { Pod } from 'kubernetes-types/core/v1';
import { podInfoOf, type PodInfo } from './framework/nodeinfo.ts';

export class Nominator {
  private readonly byNode = new Map<string, PodInfo[]>();
  private readonly nodeOf = new Map<string, string>();

  get size(): number { return this.nodeOf.size; }

  /** AddNominatedPod: nominate to the node (replacing an earlier nomination); "" only removes it. */
  add(pod: Pod, nodeName: string): void {
    this.delete(pod);
    if (!nodeName) return;
    const uid = pod.metadata!.uid!;
    let list = this.byNode.get(nodeName);
    if (!list) this.byNode.set(nodeName, (list = []));
    list.push(podInfoOf(pod));
    this.nodeOf.set(uid, nodeName);
  }

  /** A pending pod as the API server has it: status.nominatedNodeName decides. */
  addFromPod(pod: Pod): void {
    this.add(pod, pod.status?.nominatedNodeName ?? '');
  }

  /** DeleteNominatedPodIfExists. */
  delete(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    const node = this.nodeOf.get(uid);
    if (node === undefined) return;
    this.nodeOf.delete(uid);
    const rest = (this.byNode.get(node) ?? []).filter((i) => i.pod.metadata!.uid !== uid);
    if (rest.length) this.byNode.set(node, rest); else this.byNode.delete(node);
  }

  /** NominatedPodsForNode, in the order they were nominated. */
  forNode(nodeName: string): readonly PodInfo[] {
    return this.byNode.get(nodeName) ?? [];
  }

  nominatedNode(uid: string): string | undefined { return this.nodeOf.get(uid); }
}
