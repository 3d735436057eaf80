// What the node-related controllers share (pkg/controller/util/node, pkg/api/v1/pod): the pods-by-node index,
// node conditions, node events, and marking pods NotReady.
import type { Node, NodeCondition, Pod, PodCondition, PodStatus } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import type { EventRecorder } from '../client/events.ts';
import { ignoresStatus, indexValue, NO_INDEX_VALUES } from '../client/informer.ts';

/** The "spec.nodeName" index of the pod informer: pods by the node they are bound to. */
export const NODE_NAME_INDEX = 'spec.nodeName';
export const nodeNameIndexFunc = ignoresStatus((o: KubeObject): readonly string[] => {
  const node = (o as Pod).spec?.nodeName;
  return node ? indexValue(node) : NO_INDEX_VALUES;
});

export function getNodeCondition(node: Pick<Node, 'status'> | undefined, type: string): NodeCondition | undefined {
  // An indexed loop, no closure: the node lifecycle controller asks once for every pod bound.
  const conditions = node?.status?.conditions;
  if (!conditions) return undefined;
  for (let i = 0; i < conditions.length; i++) if (conditions[i].type === type) return conditions[i];
  return undefined;
}

/** nodeutil.IsNodeReady: the Ready condition is True. */
export function isNodeReady(node: Node): boolean {
  return getNodeCondition(node, 'Ready')?.status === 'True';
}

type RecordFn = ReturnType<EventRecorder['forSource']>;

/** A reference to a node for events (namespace "", so the Event lands in "default"). */
function nodeRef(name: string, uid: string | undefined): KubeObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, ...(uid ? { uid } : {}) } };
}

/** RecordNodeEvent: "Node w1 event: Registered Node w1 in Controller". */
export function recordNodeEvent(record: RecordFn, name: string, uid: string | undefined, reason: string, event: string): void {
  record(nodeRef(name, uid), 'Normal', reason, `Node ${name} event: ${event}`);
}

/** RecordNodeStatusChange: "Node w1 status is now: NodeNotReady". */
export function recordNodeStatusChange(record: RecordFn, node: Node, newStatus: string): void {
  record(nodeRef(node.metadata!.name!, node.metadata!.uid), 'Normal', newStatus, `Node ${node.metadata!.name} status is now: ${newStatus}`);
}

/**
 * podutil.UpdatePodCondition: set the condition (its transition time moves only when the status changes);
 * true when anything changed.
 */
export function updatePodCondition(status: PodStatus, condition: PodCondition, now: string): boolean {
  const conditions = status.conditions ?? [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  const old = conditions[i];
  const next: PodCondition = { lastProbeTime: null as unknown as string, ...condition, lastTransitionTime: old && old.status === condition.status ? old.lastTransitionTime : now };
  if (!old) {
    status.conditions = [...conditions, next];
    return true;
  }
  const same = old.status === next.status && old.reason === next.reason && old.message === next.message
    && old.lastProbeTime === next.lastProbeTime && old.lastTransitionTime === next.lastTransitionTime;
  status.conditions = conditions.map((c, j) => (j === i ? next : c));
  return !same;
}

/**
 * MarkPodsNotReady: the Ready condition of each pod bound to the node turns False (reason and message kept),
 * with a NodeNotReady event. NotFound pods are skipped; other failures are returned after trying them all.
 */
export function markPodsNotReady(store: Store, record: RecordFn, pods: readonly Pod[], nodeName: string, now: string): Error[] {
  const errs: Error[] = [];
  for (const pod of pods) {
    if (pod.spec?.nodeName !== nodeName) continue;
    const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
    if (!ready) continue;
    const status = structuredClone(pod.status!);
    if (!updatePodCondition(status, { ...ready, status: 'False' }, now)) continue;
    try {
      store.update({ ...pod, status } as Pod & KubeObject, { subresource: 'status' });
    } catch (e) {
      if (isStatusError(e, 'NotFound')) continue;
      errs.push(e as Error);
    }
    record(pod as KubeObject, 'Warning', 'NodeNotReady', 'Node is not ready');
  }
  return errs;
}
