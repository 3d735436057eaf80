// The scheduler cache: NodeInfo per node with the pods on it, including pods assumed to be there while
// their binding is in flight.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, podInfoOf } from './framework/nodeinfo.ts';

export class SchedulerCache {
  readonly nodes = new Map<string, NodeInfo>();
  /** uid → node name of every pod counted in a NodeInfo. */
  private readonly podNode = new Map<string, string>();
  private readonly assumed = new Set<string>();
  /** Stable order for round-robin node iteration. */
  private order: NodeInfo[] = [];
  private orderDirty = true;

  addOrUpdateNode(node: Node): void {
    const name = node.metadata!.name!;
    const info = this.nodes.get(name);
    if (info) {
      if (!info.node.status) this.orderDirty = true; // a placeholder becomes a real node
      info.setNode(node);
    } else { this.nodes.set(name, new NodeInfo(node)); this.orderDirty = true; }
  }

  removeNode(name: string): void {
    if (this.nodes.delete(name)) this.orderDirty = true;
  }

  nodeList(): NodeInfo[] {
    if (this.orderDirty) {
      this.order = [...this.nodes.values()].filter((n) => n.node.status);
      this.orderDirty = false;
    }
    return this.order;
  }

  /** An assigned, non-terminal pod as the informer reports it; confirms an assumed pod. */
  addOrUpdatePod(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    this.assumed.delete(uid);
    this.place(pod, pod.spec!.nodeName!);
  }

  removePod(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    this.assumed.delete(uid);
    const node = this.podNode.get(uid);
    if (node !== undefined) this.nodes.get(node)?.removePod(uid);
    this.podNode.delete(uid);
  }

  /** AssumePod: count the pod on the node now, before the API server has the binding. */
  assume(pod: Pod, nodeName: string): void {
    this.assumed.add(pod.metadata!.uid!);
    this.place({ ...pod, spec: { ...pod.spec!, nodeName } }, nodeName);
  }

  /** ForgetPod: the binding failed. */
  forget(pod: Pod): void {
    if (this.assumed.has(pod.metadata!.uid!)) this.removePod(pod);
  }

  isAssumed(uid: string): boolean { return this.assumed.has(uid); }

  private place(pod: Pod, nodeName: string): void {
    const uid = pod.metadata!.uid!;
    const prev = this.podNode.get(uid);
    if (prev !== undefined && prev !== nodeName) this.nodes.get(prev)?.removePod(uid);
    const info = this.nodes.get(nodeName);
    // A pod on a node the cache does not know yet is kept on a placeholder until the node arrives.
    if (!info) {
      const placeholder = new NodeInfo({ metadata: { name: nodeName } });
      placeholder.addPod(podInfoOf(pod));
      this.nodes.set(nodeName, placeholder);
      this.orderDirty = true;
    } else info.addPod(podInfoOf(pod));
    this.podNode.set(uid, nodeName);
  }
}
