// The scheduler cache: NodeInfo per node with the pods on it, including pods assumed to be there while
// their binding is in flight.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeColumns } from './framework/nodecolumns.ts';
import { NodeChangeLog, NodeInfo, podInfoOf, setNodeListLog, type PodInfo } from './framework/nodeinfo.ts';

export class SchedulerCache {
  readonly nodes = new Map<string, NodeInfo>();
  /** uid → node name of every pod counted in a NodeInfo. */
  private readonly podNode = new Map<string, string>();
  private readonly assumed = new Set<string>();
  /** Stable order for round-robin node iteration. */
  private order: NodeInfo[] = [];
  private orderDirty = true;
  /** The order's per-node numbers, by position. */
  private orderColumns = new NodeColumns(0);
  /** Image name → how many nodes have it, kept as nodes come, change and go. */
  private readonly imageNodes = new Map<string, number>();

  addOrUpdateNode(node: Node): void {
    const name = node.metadata!.name!;
    const info = this.nodes.get(name);
    if (info) {
      if (!info.node.status) this.orderDirty = true; // a placeholder becomes a real node
      this.countImages(info, -1);
      info.setNode(node);
      this.countImages(info, 1);
    } else {
      const created = new NodeInfo(node);
      this.nodes.set(name, created);
      this.countImages(created, 1);
      this.orderDirty = true;
    }
  }

  removeNode(name: string): void {
    const info = this.nodes.get(name);
    if (!info) return;
    this.countImages(info, -1);
    this.nodes.delete(name);
    this.orderDirty = true;
  }

  imageNodeCount(image: string): number { return this.imageNodes.get(image) ?? 0; }

  private countImages(info: NodeInfo, delta: number): void {
    for (const image of info.imageSizes.keys()) {
      const n = (this.imageNodes.get(image) ?? 0) + delta;
      if (n) this.imageNodes.set(image, n); else this.imageNodes.delete(image);
    }
  }

  nodeList(): NodeInfo[] {
    if (this.orderDirty) {
      this.order = [...this.nodes.values()].filter((n) => n.node.status);
      this.orderDirty = false;
      this.orderColumns = new NodeColumns(this.order.length);
      // The nodes record their changes by position in a log of the new order (placeholders and nodes of an
      // earlier order write to no log that this order's readers read).
      const log = new NodeChangeLog(4 * this.order.length + 64);
      setNodeListLog(this.order, log);
      this.order.forEach((n, i) => {
        n.position = i;
        n.columns = this.orderColumns;
        n.log = log;
        this.orderColumns.write(i, n);
      });
    }
    return this.order;
  }

  /** The columns of nodeList(), row i for the node at position i. */
  columns(): NodeColumns {
    this.nodeList();
    return this.orderColumns;
  }

  /** The nodes of these names, in node-list order (a PreFilterResult's few nodes without a pass over all of them). */
  inOrder(names: ReadonlySet<string>): NodeInfo[] {
    const order = this.nodeList();
    if (names.size * 8 > order.length) return order.filter((n) => names.has(n.name));
    const out: NodeInfo[] = [];
    for (const name of names) {
      const info = this.nodes.get(name);
      if (info && order[info.position] === info) out.push(info);
    }
    return out.sort((a, b) => a.position - b.position);
  }

  /** An assigned, non-terminal pod as the informer reports it; confirms an assumed pod. */
  addOrUpdatePod(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    this.assumed.delete(uid);
    const nodeName = pod.spec!.nodeName!;
    // Mostly a new version of a pod already on its node that changes nothing the node derives from it.
    if (this.nodes.get(nodeName)?.updatePod(pod)) return;
    this.place(pod, nodeName);
  }

  removePod(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    this.assumed.delete(uid);
    const node = this.podNode.get(uid);
    const info = node === undefined ? undefined : this.nodes.get(node);
    info?.removePod(uid);
    this.podNode.delete(uid);
  }

  /** AssumePod: count the pod on the node now, before the API server has the binding (info: the cycle's PodInfo). */
  assume(pod: Pod, nodeName: string, info?: PodInfo): void {
    this.assumed.add(pod.metadata!.uid!);
    this.place({ ...pod, spec: { ...pod.spec!, nodeName } }, nodeName, info);
  }

  /** ForgetPod: the binding failed. */
  forget(pod: Pod): void {
    if (this.assumed.has(pod.metadata!.uid!)) this.removePod(pod);
  }

  isAssumed(uid: string): boolean { return this.assumed.has(uid); }

  private place(pod: Pod, nodeName: string, earlier?: PodInfo): void {
    const uid = pod.metadata!.uid!;
    const prev = this.podNode.get(uid);
    const info = this.nodes.get(nodeName);
    // Mostly the pod stays where it was (an assumed pod's binding confirmed): one node lookup serves both.
    const was = prev === undefined ? undefined : prev === nodeName ? info : this.nodes.get(prev);
    earlier ??= was?.pods.get(uid);
    if (was && prev !== nodeName) was.removePod(uid);
    // A pod on a node the cache does not know yet is kept on a placeholder until the node arrives.
    if (!info) {
      const placeholder = new NodeInfo({ metadata: { name: nodeName } });
      placeholder.addPod(podInfoOf(pod, earlier));
      this.nodes.set(nodeName, placeholder);
      this.orderDirty = true;
    } else info.addPod(podInfoOf(pod, earlier));
    if (prev !== nodeName) this.podNode.set(uid, nodeName);
  }
}
