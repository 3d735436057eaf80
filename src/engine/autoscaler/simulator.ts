// The autoscaler's cluster snapshot (simulator/clustersnapshot): copies of the scheduler's NodeInfos plus
// hypothetical nodes, on which pods are placed to see what would fit, checked by the scheduler's own framework.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { NodeInfo, podInfoOf } from '../scheduler/framework/nodeinfo.ts';
import type { Status } from '../scheduler/framework/status.ts';

/** The scheduler's PreFilter and Filter for pod on node, PreFilter over all (Scheduler.checkPredicates). */
export type PredicateChecker = (pod: Pod, node: NodeInfo, all: NodeInfo[]) => Status;

export class SimulatedCluster {
  /** Node name → its NodeInfo here (a copy once something was placed on it). */
  private readonly byName = new Map<string, NodeInfo>();
  private list: NodeInfo[];
  /** The copies this snapshot made, which it may change. */
  private readonly owned = new Set<NodeInfo>();

  constructor(nodes: readonly NodeInfo[], private readonly check: PredicateChecker) {
    this.list = [...nodes];
    for (const n of this.list) this.byName.set(n.name, n);
  }

  nodes(): readonly NodeInfo[] { return this.list; }

  /** A trial copy: placements on it leave this one as it is (a scale-down candidate's pods may not all move). */
  fork(): SimulatedCluster { return new SimulatedCluster(this.list, this.check); }
  node(name: string): NodeInfo | undefined { return this.byName.get(name); }

  /** A node that is not in the cluster yet (an upcoming machine, the estimator's new one). */
  addNode(node: Node): NodeInfo {
    const info = new NodeInfo(node);
    this.list = [...this.list, info];
    this.byName.set(info.name, info);
    return info;
  }

  /** Leaves the node out of later checks (nodes a scale-down pass removes). */
  removeNode(name: string): void {
    this.list = this.list.filter((n) => n.name !== name);
    this.byName.delete(name);
  }

  fits(pod: Pod, node: string): Status {
    return this.check(pod, this.byName.get(node)!, this.list);
  }

  /** Places the pod on the node: a copy of the node takes it, the scheduler's own NodeInfo stays as it was. */
  place(pod: Pod, node: string): void {
    const current = this.byName.get(node)!;
    const copy = this.owned.has(current) ? current : current.clone();
    this.owned.add(copy);
    copy.addPod(podInfoOf(pod));
    if (copy !== current) {
      this.byName.set(node, copy);
      this.list = this.list.map((n) => (n === current ? copy : n));
    }
  }

  /** The first node (in order) the pod fits, where it is placed; undefined when none. */
  placeAnywhere(pod: Pod): string | undefined {
    for (const n of this.list) {
      if (!this.check(pod, n, this.list).isSuccess()) continue;
      this.place(pod, n.name);
      return n.name;
    }
    return undefined;
  }
}

/** A copy of a node under another name (the estimator's new machines, the upcoming ones). */
export function renamedNode(node: Node, name: string): Node {
  return { ...node, metadata: { ...node.metadata, name, labels: { ...node.metadata?.labels, 'kubernetes.io/hostname': name } } };
}
