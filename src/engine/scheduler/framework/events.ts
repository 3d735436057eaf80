// Cluster events and queueing hints (framework/types.go ClusterEvent, QueueingHintFn; EnqueueExtensions):
// a pod rejected by some plugins waits in unschedulablePods until an event arrives that one of those plugins
// registered and whose hint says it may help now.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { podRequests } from '../../api/pod.ts';
import { sameJson } from '../../api/samejson.ts';

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

/**
 * Whether two parts of an object's versions differ as JSON. Stored versions share the parts an update left alone
 * (a status write keeps a pod's labels), and alike ones are found alike without encoding them (sameJson, which
 * is sure or says no); only the rest are encoded.
 */
const differ = (a: unknown, b: unknown) => !sameJson(a, b) && json(a) !== json(b);

/** nodeSchedulingPropertiesChange: the events an update of a node is, in upstream order (none for a heartbeat). */
export function nodeUpdateEvents(old: Node, node: Node): ClusterEvent[] {
  const out: ClusterEvent[] = [];
  if (!!old.spec?.unschedulable !== !!node.spec?.unschedulable) out.push({ resource: 'Node', action: 'UpdateNodeTaint', label: 'NodeSpecUnschedulableChange' });
  if (differ(old.status?.allocatable, node.status?.allocatable)) out.push({ resource: 'Node', action: 'UpdateNodeAllocatable', label: 'NodeAllocatableChange' });
  if (differ(old.metadata?.labels, node.metadata?.labels)) out.push({ resource: 'Node', action: 'UpdateNodeLabel', label: 'NodeLabelChange' });
  if (differ(old.spec?.taints, node.spec?.taints)) out.push({ resource: 'Node', action: 'UpdateNodeTaint', label: 'NodeTaintChange' });
  if (conditionsChanged(old, node)) out.push({ resource: 'Node', action: 'UpdateNodeCondition', label: 'NodeConditionChange' });
  if (differ(old.metadata?.annotations, node.metadata?.annotations)) out.push({ resource: 'Node', action: 'UpdateNodeAnnotation', label: 'NodeAnnotationChange' });
  return out;
}

/**
 * nodeConditionsChanged: the conditions' types and statuses, in order, without their heartbeat times (compared as
 * JSON would: a missing field is null).
 */
function conditionsChanged(old: Node, node: Node): boolean {
  const a = old.status?.conditions ?? [], b = node.status?.conditions ?? [];
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) {
    if ((a[i].type ?? null) !== (b[i].type ?? null) || (a[i].status ?? null) !== (b[i].status ?? null)) return true;
  }
  return false;
}

/** An assigned pod's update: its labels changed, or its requests went down (in-place resize). */
export function assignedPodUpdateEvents(old: Pod, pod: Pod): ClusterEvent[] {
  const out: ClusterEvent[] = [];
  if (differ(old.metadata?.labels, pod.metadata?.labels)) out.push({ resource: 'Pod', action: 'UpdatePodLabel', label: 'AssignedPodUpdate' });
  // The requests are the spec's: a status write keeps it.
  if (old.spec === pod.spec) return out;
  const before = podRequests(old), after = podRequests(pod);
  if (Object.entries(before).some(([k, v]) => (after[k] ?? 0) < v)) out.push({ resource: 'Pod', action: 'UpdatePodScaleDown', label: 'AssignedPodUpdate' });
  return out;
}
