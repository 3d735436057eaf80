// The update events compare only the parts of the two versions that are not the same object: whatever is
// shared or copied, they must name the events that comparing everything as JSON names.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { podRequests } from '../../api/pod.ts';
import { assignedPodUpdateEvents, nodeUpdateEvents, type ClusterEvent } from './events.ts';

const json = (v: unknown) => JSON.stringify(v ?? null);

/** The straightforward nodeUpdateEvents: every part as JSON. */
function nodeEventsByJson(old: Node, node: Node): string[] {
  const out: string[] = [];
  const conditions = (n: Node) => (n.status?.conditions ?? []).map((c) => [c.type, c.status]);
  if (!!old.spec?.unschedulable !== !!node.spec?.unschedulable) out.push('NodeSpecUnschedulableChange');
  if (json(old.status?.allocatable) !== json(node.status?.allocatable)) out.push('NodeAllocatableChange');
  if (json(old.metadata?.labels) !== json(node.metadata?.labels)) out.push('NodeLabelChange');
  if (json(old.spec?.taints) !== json(node.spec?.taints)) out.push('NodeTaintChange');
  if (json(conditions(old)) !== json(conditions(node))) out.push('NodeConditionChange');
  if (json(old.metadata?.annotations) !== json(node.metadata?.annotations)) out.push('NodeAnnotationChange');
  return out;
}

/** The straightforward assignedPodUpdateEvents, by action. */
function podEventsByJson(old: Pod, pod: Pod): string[] {
  const out: string[] = [];
  if (json(old.metadata?.labels) !== json(pod.metadata?.labels)) out.push('UpdatePodLabel');
  const before = podRequests(old), after = podRequests(pod);
  if (Object.entries(before).some(([k, v]) => (after[k] ?? 0) < v)) out.push('UpdatePodScaleDown');
  return out;
}

const labels = fc.option(fc.dictionary(fc.constantFrom('a', 'b'), fc.constantFrom('1', '2')), { nil: undefined });
const conditions = fc.option(fc.array(fc.record({
  type: fc.constantFrom('Ready', 'DiskPressure'),
  status: fc.option(fc.constantFrom('True', 'False'), { nil: undefined }),
  lastHeartbeatTime: fc.constantFrom('t1', 't2'),
}), { maxLength: 2 }), { nil: undefined });
const nodeArb = fc.record({
  labels, annotations: labels, conditions,
  allocatable: fc.option(fc.record({ cpu: fc.constantFrom('1', '2') }), { nil: undefined }),
  taints: fc.option(fc.array(fc.record({ key: fc.constantFrom('k', 'l'), effect: fc.constant('NoSchedule') }), { maxLength: 2 }), { nil: undefined }),
  unschedulable: fc.boolean(),
}).map((o): Node => ({
  metadata: { name: 'n', labels: o.labels, annotations: o.annotations },
  spec: { unschedulable: o.unschedulable, taints: o.taints },
  status: { allocatable: o.allocatable, conditions: o.conditions as Node['status'] extends infer S ? S extends { conditions?: infer C } ? C : never : never },
}));

/** The new version: each part the old one's object (an update left it alone), a copy of it, or the other node's. */
function mixed(old: Node, other: Node, pick: number[]): Node {
  const part = <T>(i: number, a: T, b: T): T => (pick[i] === 0 ? a : pick[i] === 1 ? structuredClone(a) : b);
  return {
    metadata: { name: 'n', labels: part(0, old.metadata!.labels, other.metadata!.labels), annotations: part(1, old.metadata!.annotations, other.metadata!.annotations) },
    spec: { unschedulable: part(2, old.spec!.unschedulable, other.spec!.unschedulable), taints: part(3, old.spec!.taints, other.spec!.taints) },
    status: { allocatable: part(4, old.status!.allocatable, other.status!.allocatable), conditions: part(5, old.status!.conditions, other.status!.conditions) },
  };
}

const labelsOf = (events: ClusterEvent[]) => events.map((e) => e.label);
const podActions = (events: ClusterEvent[]) => events.map((e) => e.action);

const podArb = fc.record({ labels, cpu: fc.constantFrom('100m', '200m') }).map((o): Pod => Object.freeze({
  metadata: { name: 'p', labels: o.labels },
  spec: Object.freeze({ containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: o.cpu } } }] }),
}) as Pod);

describe('update events', () => {
  it('property: nodeUpdateEvents equals comparing every part as JSON, whichever parts the versions share', () => {
    fc.assert(fc.property(nodeArb, nodeArb, fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }), (old, other, pick) => {
      const node = mixed(old, other, pick);
      expect(labelsOf(nodeUpdateEvents(old, node))).toEqual(nodeEventsByJson(old, node));
    }), { numRuns: 500 });
  });

  it('parts that print alike are alike, even when not built alike (a key set to undefined, an undefined part)', () => {
    const labelled = (labels: Record<string, string | undefined> | undefined): Node => ({ metadata: { name: 'n', labels: labels as Record<string, string> } });
    expect(nodeUpdateEvents(labelled({ a: '1', b: undefined }), labelled({ a: '1' }))).toEqual([]);
    expect(nodeUpdateEvents(labelled(undefined), labelled({}))).toEqual([{ resource: 'Node', action: 'UpdateNodeLabel', label: 'NodeLabelChange' }]);
  });

  it('a condition without a status and one with a null status are the same, as in JSON', () => {
    const node = (status: string | null | undefined): Node => ({ metadata: { name: 'n' }, status: { conditions: [{ type: 'Ready', status: status as string }] } });
    expect(nodeUpdateEvents(node(undefined), node(null))).toEqual([]);
    expect(labelsOf(nodeUpdateEvents(node('True'), node(null)))).toEqual(['NodeConditionChange']);
  });

  it('property: assignedPodUpdateEvents equals comparing as JSON, whether the versions share labels and spec or not', () => {
    fc.assert(fc.property(podArb, podArb, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (old, other, pickLabels, pickSpec) => {
      const part = <T>(pick: number, a: T, b: T): T => (pick === 0 ? a : pick === 1 ? Object.freeze(structuredClone(a)) : b);
      const pod: Pod = { metadata: { name: 'p', labels: part(pickLabels, old.metadata!.labels, other.metadata!.labels) }, spec: part(pickSpec, old.spec, other.spec), status: { phase: 'Running' } };
      expect(podActions(assignedPodUpdateEvents(old, pod))).toEqual(podEventsByJson(old, pod));
    }), { numRuns: 500 });
  });
});
