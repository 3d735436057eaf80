// Nominated pods (RunFilterPluginsWithNominatedPods and the nominator), as upstream's
// TestRunFilterPluginsWithNominatedPods and the scheduling queue's nominator tests.
import { describe, expect, it } from 'vitest';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { Store } from '../apiserver/store.ts';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { CycleState } from './framework/interface.ts';
import { NodeInfo, podInfoOf } from './framework/nodeinfo.ts';
import { Framework } from './framework/runtime.ts';
import { schedulerHarness } from './harness.ts';
import { InterPodAffinity } from './plugins/InterPodAffinity.ts';
import { NodeResourcesFit } from './plugins/NodeResourcesFit.ts';
import { PrioritySort } from './plugins/PrioritySort.ts';
import { makeNode, makePod } from './preemption/testing.ts';
import { Nominator } from './nominator.ts';

type Case = { name: string; nominated: Pod[]; pod: Pod; nodePods?: Pod[]; want: string };

function framework(nominator: Nominator, withAffinity = false): { fwk: Framework; prefilter(pod: Pod, node: NodeInfo): CycleState } {
  const fit = new NodeResourcesFit();
  const store = new Store(new SimClock(), new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  let infos: NodeInfo[] = [];
  const handle = { nodeInfos: () => infos, nodeInfo: () => undefined, now: () => 0, waitingPods: () => [], nominatedPodsForNode: (n: string) => nominator.forNode(n) };
  const affinity = new InterPodAffinity({}, handle, store);
  const plugins = withAffinity ? [fit, affinity] : [fit];
  const fwk = new Framework('test', {
    preEnqueue: [], queueSort: new PrioritySort(), preFilter: plugins, filter: plugins, postFilter: [],
    preScore: [], score: [], reserve: [], permit: [], preBind: [], bind: [], postBind: [],
  }, 0, new Map(), handle);
  return {
    fwk,
    prefilter(pod, node) {
      infos = [node];
      const state = new CycleState();
      fwk.runPreFilter(state, pod, infos);
      return state;
    },
  };
}

const verdict = (s: { isSuccess(): boolean; code: string; plugin: string; message(): string }) => (s.isSuccess() ? 'Success' : `${s.code} ${s.plugin}: ${s.message()}`);

describe('RunFilterPluginsWithNominatedPods', () => {
  const node = makeNode('n1', { cpu: '500m', memory: '500' });
  const cases: Case[] = [
    { name: 'no nominated pods: Filter as usual', nominated: [], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Success' },
    { name: 'a higher-priority nominated pod takes the room', nominated: [makePod('n', { priority: 100, req: { cpu: '300m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Unschedulable NodeResourcesFit: Insufficient cpu' },
    { name: 'an equal-priority nominated pod counts too', nominated: [makePod('n', { priority: 10, req: { cpu: '300m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Unschedulable NodeResourcesFit: Insufficient cpu' },
    { name: 'a lower-priority nominated pod does not count', nominated: [makePod('n', { priority: 5, req: { cpu: '300m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Success' },
    { name: 'the pod itself, nominated here, is not counted twice', nominated: [makePod('p', { priority: 10, req: { cpu: '300m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Success' },
    { name: 'nominated pods that leave room pass both runs', nominated: [makePod('n', { priority: 100, req: { cpu: '100m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Success' },
    { name: 'the assigned pods and the nominated ones add up', nominated: [makePod('n', { priority: 100, req: { cpu: '100m' } })], nodePods: [makePod('a', { node: 'n1', req: { cpu: '200m' } })], pod: makePod('p', { priority: 10, req: { cpu: '300m' } }), want: 'Unschedulable NodeResourcesFit: Insufficient cpu' },
  ];
  it.each(cases)('$name', ({ nominated, pod, nodePods, want }) => {
    const nominator = new Nominator();
    for (const p of nominated) nominator.add(p, 'n1');
    const { fwk, prefilter } = framework(nominator);
    const info = new NodeInfo(node);
    for (const p of nodePods ?? []) info.addPod(podInfoOf(p));
    const generation = info.generation;
    expect(verdict(fwk.runFilterWithNominatedPods(prefilter(pod, info), pod, info))).toBe(want);
    // The nominated pods go to copies: the node itself is unchanged.
    expect(info.generation).toBe(generation);
    expect(info.pods.size).toBe(nodePods?.length ?? 0);
  });

  it('runs a second time without the nominated pods: affinity they would satisfy does not count', () => {
    const nominator = new Nominator();
    const web = makePod('web', { priority: 100, labels: { app: 'web' } });
    nominator.add(web, 'n1');
    const { fwk, prefilter } = framework(nominator, true);
    const pod = makePod('p', { priority: 10 });
    const withAffinity = { ...pod, spec: { ...pod.spec!, affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } } } };
    const n1 = new NodeInfo({ ...node, metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } } });
    expect(verdict(fwk.runFilterWithNominatedPods(prefilter(withAffinity, n1), withAffinity, n1))).toBe("UnschedulableAndUnresolvable InterPodAffinity: node(s) didn't match pod affinity rules");
  });
});

describe('Nominator', () => {
  it('keeps one nomination per pod, in order per node, and forgets deleted pods', () => {
    const n = new Nominator();
    const [a, b] = [makePod('a'), makePod('b')];
    n.add(a, 'n1');
    n.add(b, 'n1');
    expect(n.forNode('n1').map((i) => i.pod.metadata!.name)).toEqual(['a', 'b']);
    n.add(a, 'n2');
    expect(n.forNode('n1').map((i) => i.pod.metadata!.name)).toEqual(['b']);
    expect(n.nominatedNode('a')).toBe('n2');
    n.add(b, '');
    n.delete(a);
    expect([n.size, n.forNode('n1'), n.forNode('n2')]).toEqual([0, [], []]);
  });
});

describe('nominated pods in the scheduler', () => {
  const classes = [['low', 0], ['mid', 500], ['high', 1000], ['top', 2000]] as const;
  function setup() {
    const h = schedulerHarness(3);
    for (const [name, value] of classes) h.store.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value } as KubeObject);
    h.addNodes(1, { cpu: '2', memory: '8Gi' });
    const create = (name: string, priorityClassName: string, cpu: string) => h.store.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
      spec: { priorityClassName, containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu } } }] },
    } as Pod & KubeObject);
    const get = (name: string) => h.store.tryGet<Pod>('Pod', 'default', name);
    const failures = (name: string) => h.store.list<Event>('Event').filter((e) => e.involvedObject.name === name && e.reason === 'FailedScheduling').map((e) => e.message);
    return { h, create, get, failures };
  }

  it('counts the preemptor on its nominated node until it binds, then forgets it', () => {
    const { h, create, get, failures } = setup();
    create('victim', 'low', '1500m');
    h.clock.advance(1000);
    create('preemptor', 'high', '1500m');
    h.clock.advance(1000);
    expect(get('preemptor')?.status?.nominatedNodeName).toBe('node-0');
    expect(get('victim')?.metadata?.deletionTimestamp).toBeDefined(); // terminating: no kubelet confirms it
    expect(h.scheduler.queue.nominator.forNode('node-0').map((i) => i.pod.metadata!.name)).toEqual(['preemptor']);

    // 400m would fit next to the terminating victim, but not next to the victim and the nominated preemptor.
    create('mid', 'mid', '400m');
    h.clock.advance(1000);
    expect(get('mid')?.spec?.nodeName).toBeUndefined();
    expect(failures('mid')[0]).toMatch(/^0\/1 nodes are available: 1 Insufficient cpu\./);
    // A pod above the preemptor's priority does not see the nomination.
    create('top', 'top', '400m');
    h.clock.advance(1000);
    expect(get('top')?.spec?.nodeName).toBe('node-0');

    h.store.delete('Pod', 'default', 'victim', { gracePeriodSeconds: 0 });
    h.clock.advance(15_000);
    expect(get('preemptor')?.spec?.nodeName).toBe('node-0');
    expect(h.scheduler.queue.nominator.size).toBe(0);
    expect(get('mid')?.spec?.nodeName).toBeUndefined();
  });

  it('forgets the nomination of a deleted pod and keeps one made in memory across an update without it', () => {
    const { h, create, get } = setup();
    create('victim', 'low', '1500m');
    h.clock.advance(1000);
    create('preemptor', 'high', '1800m');
    h.clock.advance(1000);
    expect(h.scheduler.queue.nominator.nominatedNode(get('preemptor')!.metadata!.uid!)).toBe('node-0');
    // A label change (the API object still names the node) keeps the nomination.
    h.store.patch('Pod', 'default', 'preemptor', { metadata: { labels: { x: 'y' } } });
    h.clock.advance(10);
    expect(h.scheduler.queue.nominator.size).toBe(1);
    h.store.delete('Pod', 'default', 'preemptor');
    h.clock.advance(10);
    expect(h.scheduler.queue.nominator.size).toBe(0);
  });
});
