// Cluster events and queueing hints (framework/types.go ClusterEvent, QueueingHintFn; EnqueueExtensions):
// a pod rejected by some plugins waits in unschedulablePods until an event arrives that one of those plugins
// registered and whose hint says it may help now.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { podRequests } from '../../api/pod.ts';

/** 'Node', 'Pod' (assigned pods) or another kind a plugin watches (PersistentVolumeClaim …). */
export type EventResource = string;
export type ActionType =
  | 'Add' | 'Delete'
  | 'UpdateNodeAllocatable' | 'UpdateNodeLabel' | 'UpdateNodeTaint' | 'UpdateNodeCondition' | 'UpdateNodeAnnotation'
  | 'UpdatePodLabel' | 'UpdatePodScaleDown'
  | 'Update';

/** One event as it happens: the resource, the action, the label upstream logs ("NodeAdd", "AssignedPodDelete" …). */
export interface ClusterEvent { resource: EventResource; action: ActionType; label: string }

export type QueueingHint = 'Queue' | 'QueueSkip';
/** Whether the event (oldObj → newObj; oldObj undefined on Add, newObj undefined on Delete) may make the pod schedulable. */
export type QueueingHintFn = (pod: Pod, oldObj: unknown, newObj: unknown) => QueueingHint;

/** A registration: the resource and the actions of interest, and a hint (none means every such event may help). */
export interface ClusterEventWithHint { resource: EventResource; actions: ActionType[]; hint?: QueueingHintFn }

/** EnqueueExtensions. */
export interface EnqueueExtensions { eventsToRegister(): ClusterEventWithHint[] }

export const NODE_ADD: ClusterEvent = { resource: 'Node', action: 'Add', label: 'NodeAdd' };
export const NODE_DELETE: ClusterEvent = { resource: 'Node', action: 'Delete', label: 'NodeDelete' };
export const ASSIGNED_POD_ADD: ClusterEvent = { resource: 'Pod', action: 'Add', label: 'AssignedPodAdd' };
export const ASSIGNED_POD_DELETE: ClusterEvent = { resource: 'Pod', action: 'Delete', label: 'AssignedPodDelete' };
/** Not an object change: a pod waited podMaxInUnschedulablePodsDuration, or the configuration changed. */
export const UNSCHEDULABLE_TIMEOUT: ClusterEvent = { resource: 'Pod', action: 'Add', label: 'UnschedulableTimeout' };
export const FORCE_ACTIVATE: ClusterEvent = { resource: 'Pod', action: 'Add', label: 'ForceActivate' };

const json = (v: unknown) => JSON.stringify(v ?? null);

/** nodeSchedulingPropertiesChange: the events an update of a node is, in upstream order (none for a heartbeat). */
export function nodeUpdateEvents(old: Node, node: Node): ClusterEvent[] {
  const out: ClusterEvent[] = [];
  if (!!old.spec?.unschedulable !== !!node.spec?.unschedulable) out.push({ resource: 'Node', action: 'UpdateNodeTaint', label: 'NodeSpecUnschedulableChange' });
  if (json(old.status?.allocatable) !== json(node.status?.allocatable)) out.push({ resource: 'Node', action: 'UpdateNodeAllocatable', label: 'NodeAllocatableChange' });
  if (json(old.metadata?.labels) !== json(node.metadata?.labels)) out.push({ resource: 'Node', action: 'UpdateNodeLabel', label: 'NodeLabelChange' });
  if (json(old.spec?.taints) !== json(node.spec?.taints)) out.push({ resource: 'Node', action: 'UpdateNodeTaint', label: 'NodeTaintChange' });
  if (json(conditionStatuses(old)) !== json(conditionStatuses(node))) out.push({ resource: 'Node', action: 'UpdateNodeCondition', label: 'NodeConditionChange' });
  if (json(old.metadata?.annotations) !== json(node.metadata?.annotations)) out.push({ resource: 'Node', action: 'UpdateNodeAnnotation', label: 'NodeAnnotationChange' });
  return out;
}

/** Conditions compared without their heartbeat times (nodeConditionsChanged). */
function conditionStatuses(n: Node): [string, string][] {
  return (n.status?.conditions ?? []).map((c) => [c.type, c.status]);
}

/** An assigned pod's update: its labels changed, or its requests went down (in-place resize). */
export function assignedPodUpdateEvents(old: Pod, pod: Pod): ClusterEvent[] {
  const out: ClusterEvent[] = [];
  if (json(old.metadata?.labels) !== json(pod.metadata?.labels)) out.push({ resource: 'Pod', action: 'UpdatePodLabel', label: 'AssignedPodUpdate' });
  const before = podRequests(old), after = podRequests(pod);
  if (Object.entries(before).some(([k, v]) => (after[k] ?? 0) < v)) out.push({ resource: 'Pod', action: 'UpdatePodScaleDown', label: 'AssignedPodUpdate' });
  return out;
}
