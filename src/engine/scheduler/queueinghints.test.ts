// Queueing hints (EventsToRegister + QueueingHintFn per plugin, as upstream's per-plugin
// Test…isSchedulableAfter… tables) and the queue that uses them: a rejected pod leaves unschedulablePods only
// on an event that may help, or after 5 minutes; the trace says where it went and why.
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { Store } from '../apiserver/store.ts';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { nodeUpdateEvents, type ClusterEventWithHint, type EnqueueExtensions } from './framework/events.ts';
import { schedulerHarness } from './harness.ts';
import { InterPodAffinity } from './plugins/InterPodAffinity.ts';
import { NodeAffinity } from './plugins/NodeAffinity.ts';
import { NodeResourcesFit } from './plugins/NodeResourcesFit.ts';
import { NodeUnschedulable } from './plugins/NodeUnschedulable.ts';
import { PodTopologySpread } from './plugins/PodTopologySpread.ts';
import { TaintToleration } from './plugins/TaintToleration.ts';

const node = (name: string, o: { cpu?: string; labels?: Record<string, string>; taints?: Node['spec'] extends infer S ? S extends { taints?: infer T } ? T : never : never; unschedulable?: boolean } = {}): Node => ({
  metadata: { name, labels: o.labels ?? {} },
  spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
  status: { allocatable: { cpu: o.cpu ?? '4', memory: '8Gi', pods: '110' } },
});
const pod = (name: string, spec: Partial<Pod['spec']> = {}, labels: Record<string, string> = {}, nodeName?: string): Pod => ({
  metadata: { name, namespace: 'default', uid: name, labels },
  spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: '2' } } }], ...(nodeName ? { nodeName } : {}), ...spec },
});

/** The hint a plugin registered for the resource and action. */
function hint(plugin: EnqueueExtensions, resource: string, action: string): NonNullable<ClusterEventWithHint['hint']> {
  const reg = plugin.eventsToRegister().find((r) => r.resource === resource && (r.actions as string[]).includes(action));
  if (!reg?.hint) throw new Error(`${resource}/${action} not registered with a hint`);
  return reg.hint;
}

describe('queueing hints', () => {
  const objects = new Store(new SimClock(), new SeededRng(1));
  objects.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const handle = { nodeInfos: () => [], nodeInfo: () => undefined, now: () => 0, waitingPods: () => [] };
  const tolerating = { tolerations: [{ key: 'dedicated', operator: 'Equal' as const, value: 'gpu', effect: 'NoSchedule' as const }] };
  const gpuTaint = [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }];
  const affinity = { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'zone' }] } } };
  const anti = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } } };
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' as const, labelSelector: { matchLabels: { app: 'web' } } }] };

  it.each([
    ['NodeResourcesFit: a new node big enough', new NodeResourcesFit(), 'Node', 'Add', pod('p'), undefined, node('n', { cpu: '4' }), 'Queue'],
    ['NodeResourcesFit: a new node too small', new NodeResourcesFit(), 'Node', 'Add', pod('p'), undefined, node('n', { cpu: '1' }), 'QueueSkip'],
    ['NodeResourcesFit: allocatable grew to fit', new NodeResourcesFit(), 'Node', 'UpdateNodeAllocatable', pod('p'), node('n', { cpu: '1' }), node('n', { cpu: '4' }), 'Queue'],
    ['NodeResourcesFit: allocatable shrank', new NodeResourcesFit(), 'Node', 'UpdateNodeAllocatable', pod('p'), node('n', { cpu: '8' }), node('n', { cpu: '4' }), 'QueueSkip'],
    ['NodeResourcesFit: an assigned pod deleted', new NodeResourcesFit(), 'Pod', 'Delete', pod('p'), pod('q', {}, {}, 'n'), undefined, 'Queue'],
    ['NodeAffinity: a node gains the selected label', new NodeAffinity(), 'Node', 'UpdateNodeLabel', pod('p', { nodeSelector: { disk: 'ssd' } }), node('n'), node('n', { labels: { disk: 'ssd' } }), 'Queue'],
    ['NodeAffinity: another label changes', new NodeAffinity(), 'Node', 'UpdateNodeLabel', pod('p', { nodeSelector: { disk: 'ssd' } }), node('n'), node('n', { labels: { rack: 'a' } }), 'QueueSkip'],
    ['NodeAffinity: it matched already', new NodeAffinity(), 'Node', 'UpdateNodeLabel', pod('p', { nodeSelector: { disk: 'ssd' } }), node('n', { labels: { disk: 'ssd' } }), node('n', { labels: { disk: 'ssd', rack: 'a' } }), 'QueueSkip'],
    ['TaintToleration: the untolerated taint goes', new TaintToleration(), 'Node', 'UpdateNodeTaint', pod('p'), node('n', { taints: gpuTaint }), node('n'), 'Queue'],
    ['TaintToleration: a new node with an untolerated taint', new TaintToleration(), 'Node', 'Add', pod('p'), undefined, node('n', { taints: gpuTaint }), 'QueueSkip'],
    ['TaintToleration: a new node with a tolerated taint', new TaintToleration(), 'Node', 'Add', pod('p', tolerating), undefined, node('n', { taints: gpuTaint }), 'Queue'],
    ['NodeUnschedulable: uncordoned', new NodeUnschedulable(), 'Node', 'UpdateNodeTaint', pod('p'), node('n', { unschedulable: true }), node('n'), 'Queue'],
    ['NodeUnschedulable: cordoned', new NodeUnschedulable(), 'Node', 'UpdateNodeTaint', pod('p'), node('n'), node('n', { unschedulable: true }), 'QueueSkip'],
    ['InterPodAffinity: a pod the affinity selects arrives', new InterPodAffinity({}, handle, objects), 'Pod', 'Add', pod('p', affinity), undefined, pod('db', {}, { app: 'db' }, 'n'), 'Queue'],
    ['InterPodAffinity: an unrelated pod arrives', new InterPodAffinity({}, handle, objects), 'Pod', 'Add', pod('p', affinity), undefined, pod('web', {}, { app: 'web' }, 'n'), 'QueueSkip'],
    ['InterPodAffinity: a pod the anti-affinity selects goes', new InterPodAffinity({}, handle, objects), 'Pod', 'Delete', pod('p', anti), pod('db', {}, { app: 'db' }, 'n'), undefined, 'Queue'],
    ['InterPodAffinity: a node gets the topology key', new InterPodAffinity({}, handle, objects), 'Node', 'UpdateNodeLabel', pod('p', affinity), node('n'), node('n', { labels: { zone: 'a' } }), 'Queue'],
    ['PodTopologySpread: a selected pod goes', new PodTopologySpread({}, handle, objects), 'Pod', 'Delete', pod('p', spread, { app: 'web' }), pod('w', {}, { app: 'web' }, 'n'), undefined, 'Queue'],
    ['PodTopologySpread: another app\'s pod goes', new PodTopologySpread({}, handle, objects), 'Pod', 'Delete', pod('p', spread, { app: 'web' }), pod('x', {}, { app: 'db' }, 'n'), undefined, 'QueueSkip'],
    ['PodTopologySpread: a node without the key', new PodTopologySpread({}, handle, objects), 'Node', 'Add', pod('p', spread, { app: 'web' }), undefined, node('n'), 'QueueSkip'],
    ['PodTopologySpread: a node in a zone', new PodTopologySpread({}, handle, objects), 'Node', 'Add', pod('p', spread, { app: 'web' }), undefined, node('n', { labels: { zone: 'b' } }), 'Queue'],
  ] as const)('%s', (_name, plugin, resource, action, p, oldObj, newObj, want) => {
    expect(hint(plugin as unknown as EnqueueExtensions, resource, action)(p, oldObj, newObj)).toBe(want);
  });

  it('classifies node updates as upstream (a heartbeat is no event)', () => {
    const a = { ...node('n'), status: { ...node('n').status, conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: '2026-01-01T00:00:00Z' }] } } as Node;
    const heartbeat = { ...a, status: { ...a.status, conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: '2026-01-01T00:00:10Z' }] } } as Node;
    expect(nodeUpdateEvents(a, heartbeat)).toEqual([]);
    const changed = { ...heartbeat, metadata: { name: 'n', labels: { disk: 'ssd' } }, spec: { unschedulable: true, taints: gpuTaint } } as Node;
    expect(nodeUpdateEvents(a, changed).map((e) => e.label)).toEqual(['NodeSpecUnschedulableChange', 'NodeLabelChange', 'NodeTaintChange']);
  });
});

describe('the scheduling queue with queueing hints', () => {
  function cluster() {
    const h = schedulerHarness(5);
    const create = (name: string, cpu: string, spec: Partial<Pod['spec']> = {}) => h.store.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu } } }], ...spec },
    } as Pod & KubeObject);
    const get = (name: string) => h.store.tryGet<Pod>('Pod', 'default', name);
    const trace = (name: string) => h.scheduler.traces.forPod(`default/${name}`)!;
    const where = (name: string) => h.scheduler.queue.whereIs(get(name)!.metadata!.uid!);
    return { h, create, get, trace, where };
  }

  it('keeps a pod that does not fit through events that cannot help, and moves it on one that can', () => {
    const { h, create, get, trace, where } = cluster();
    h.addNodes(1, { cpu: '2' });
    create('big', '6');
    h.clock.advance(100);
    expect(where('big')).toBe('unschedulablePods');
    expect(trace('big').queueReason).toBe('waits for a cluster event that may help NodeResourcesFit (or 5 minutes)');
    const attempts = trace('big').attempt;
    h.addNodes(1, { cpu: '4' }); // NodeAdd: too small
    create('small', '100m'); // AssignedPodAdd once bound: NodeResourcesFit did not register it
    h.clock.advance(30_000);
    expect(get('small')?.spec?.nodeName).toBeDefined();
    expect([where('big'), trace('big').attempt]).toEqual(['unschedulablePods', attempts]);
    h.addNodes(1, { cpu: '8' });
    while (trace('big').queue === 'unschedulablePods') h.clock.step(); // up to the informer's delivery
    expect(trace('big')).toMatchObject({ queue: 'activeQ', queueReason: 'moved by NodeAdd (NodeResourcesFit)' });
    h.clock.advance(100);
    expect(get('big')?.spec?.nodeName).toBe('node-2');
  });

  it('moves a pod on a label that its node selector needs, not on other label changes', () => {
    const { h, create, get, trace, where } = cluster();
    h.addNodes(1);
    create('ssd', '100m', { nodeSelector: { disk: 'ssd' } });
    h.clock.advance(100);
    expect(trace('ssd').queueReason).toContain('NodeAffinity');
    h.store.patch('Node', undefined, 'node-0', { metadata: { labels: { rack: 'r1' } } });
    h.clock.advance(20_000);
    expect(where('ssd')).toBe('unschedulablePods');
    h.store.patch('Node', undefined, 'node-0', { metadata: { labels: { disk: 'ssd' } } });
    h.clock.advance(20_000);
    expect(get('ssd')?.spec?.nodeName).toBe('node-0');
  });

  it('flushes a pod that waited 5 minutes without a helpful event (UnschedulableTimeout)', () => {
    const { h, create, trace, where } = cluster();
    h.addNodes(1, { cpu: '2' });
    create('big', '6');
    h.clock.advance(100);
    h.clock.advance(4 * 60_000);
    expect(where('big')).toBe('unschedulablePods');
    h.clock.advance(90_000);
    // Moved, retried, rejected again: the latest attempt is the second.
    expect(trace('big').attempt).toBe(2);
    expect(where('big')).toBe('unschedulablePods');
  });

  it('requeues the pod when an assigned pod that held the room is deleted', () => {
    const { h, create, get, trace } = cluster();
    h.addNodes(1, { cpu: '4' });
    create('holder', '3');
    h.clock.advance(100);
    create('waiter', '3');
    h.clock.advance(100);
    expect(trace('waiter').result).toBe('Unschedulable');
    h.store.delete('Pod', 'default', 'holder', { gracePeriodSeconds: 0 });
    h.clock.advance(20_000);
    expect(get('waiter')?.spec?.nodeName).toBe('node-0');
  });
});
