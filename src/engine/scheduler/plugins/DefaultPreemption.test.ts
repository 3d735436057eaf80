// Table tests with the cases and values of upstream's default_preemption_test.go (TestPostFilter,
// TestDryRunPreemption, TestSelectBestCandidate), the args, eligibility, and a property over random clusters.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { Code, Status } from '../framework/status.ts';
import { cloneNodeInfo } from '../preemption/evaluator.ts';
import { pickOneNodeForPreemption } from '../preemption/pick.ts';
import {
  harness, highPriority, largeRes, lowPriority, makeNode, makePDB, makePod, mediumRes, midPriority, negPriority, smallRes, veryHighPriority, veryLargeRes,
  type Harness,
} from '../preemption/testing.ts';
import type { Candidate } from '../preemption/victims.ts';
import { DefaultPreemption } from './DefaultPreemption.ts';

const statuses = (m: Record<string, Code>) => {
  const map = new Map(Object.entries(m).map(([n, c]) => [n, new Status(c)]));
  return { get: (n: string) => map.get(n), entries: () => map.entries() };
};
const U = Code.Unschedulable, UU = Code.UnschedulableAndUnresolvable;
const onePodRes = { pods: '1' };
const nodeRes = { cpu: '200m', memory: '400' };

describe('DefaultPreemption PostFilter (upstream TestPostFilter)', () => {
  const cases: { name: string; pod: Pod; pods: Pod[]; nodes: ReturnType<typeof makeNode>[]; filtered: Record<string, Code>; pdbs?: PodDisruptionBudget[]; node: string; message: string }[] = [
    {
      name: 'pod with higher priority can be made schedulable',
      pod: makePod('p', { priority: highPriority }), pods: [makePod('p1', { node: 'node1' })],
      nodes: [makeNode('node1', onePodRes)], filtered: { node1: U }, node: 'node1', message: '',
    },
    {
      name: 'pod with tied priority is still unschedulable',
      pod: makePod('p'), pods: [makePod('p1', { node: 'node1' })],
      nodes: [makeNode('node1', onePodRes)], filtered: { node1: U }, node: '',
      message: 'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    },
    {
      name: 'preemption should respect filteredNodesStatuses',
      pod: makePod('p', { priority: highPriority }), pods: [makePod('p1', { node: 'node1' })],
      nodes: [makeNode('node1', onePodRes)], filtered: { node1: UU }, node: '',
      message: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    },
    {
      name: 'preemption should respect absent NodeToStatusReader entry meaning UnschedulableAndUnresolvable',
      pod: makePod('p', { priority: highPriority }), pods: [makePod('p1', { node: 'node1' })],
      nodes: [makeNode('node1', onePodRes)], filtered: {}, node: '',
      message: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    },
    {
      name: 'pod can be made schedulable on one node',
      pod: makePod('p', { priority: midPriority }),
      pods: [makePod('p1', { node: 'node1', priority: highPriority }), makePod('p2', { node: 'node2', priority: lowPriority })],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', onePodRes)], filtered: { node1: U, node2: U }, node: 'node2', message: '',
    },
    {
      name: 'pod can be made schedulable on minHighestPriority node',
      pod: makePod('p', { priority: veryHighPriority }),
      pods: [
        makePod('p1', { node: 'node1', priority: highPriority, labels: { pdb: 'non-violating' } }),
        makePod('p2', { node: 'node1', priority: lowPriority, labels: { pdb: 'violating' } }),
        makePod('p3', { node: 'node2', priority: midPriority, labels: { pdb: 'violating' } }),
      ],
      pdbs: [makePDB('violating-pdb', { pdb: 'violating' }, 0), makePDB('non-violating-pdb', { pdb: 'non-violating' }, 2147483647)],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', onePodRes)], filtered: { node1: U, node2: U }, node: 'node2', message: '',
    },
    {
      name: 'no candidate nodes found, no enough resource after removing low priority pods',
      pod: makePod('p', { priority: highPriority, req: largeRes }),
      pods: [makePod('p1', { node: 'node1' }), makePod('p2', { node: 'node2' })],
      nodes: [makeNode('node1', nodeRes), makeNode('node2', nodeRes)], filtered: { node1: U, node2: U }, node: '',
      message: 'preemption: 0/2 nodes are available: 2 Insufficient cpu.',
    },
    {
      name: 'no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource',
      pod: makePod('p', { priority: highPriority, req: largeRes }),
      pods: [makePod('p1', { node: 'node1', priority: highPriority }), makePod('p2', { node: 'node2' }), makePod('p3', { node: 'node3', priority: highPriority })],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', nodeRes), makeNode('node3', onePodRes)], filtered: { node1: U, node2: U, node3: U }, node: '',
      message: 'preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.',
    },
    {
      name: 'no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don\'t have enough CPU resource',
      pod: makePod('p', { priority: highPriority, req: largeRes }),
      pods: [makePod('p1', { node: 'node1' }), makePod('p2', { node: 'node2' })],
      nodes: ['node1', 'node2', 'node3', 'node4'].map((n) => makeNode(n, nodeRes)), filtered: { node1: U, node2: U, node4: UU }, node: '',
      message: 'preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.',
    },
  ];
  it.each(cases)('$name', ({ pod, pods, nodes, filtered, pdbs, node, message }) => {
    const h = harness(nodes, pods, pod, { pdbs });
    const { status, result } = h.plugin.postFilter(h.state, pod, statuses(filtered));
    expect(result?.nominatedNodeName).toBe(node);
    expect(status.code).toBe(node ? Code.Success : Code.Unschedulable);
    expect(status.message()).toBe(message);
  });

  it('evicts the victims gracefully with the DisruptionTarget condition and a Preempted event', () => {
    const pod = makePod('p', { priority: highPriority });
    const h = harness([makeNode('node1', onePodRes)], [makePod('p1', { node: 'node1' })], pod);
    h.plugin.postFilter(h.state, pod, statuses({ node1: U }));
    const victim = h.store.get<Pod>('Pod', 'default', 'p1');
    expect(victim.metadata.deletionTimestamp).toBeDefined();
    expect(victim.status?.conditions).toContainEqual(expect.objectContaining({
      type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler', message: 'default-scheduler: preempting to accommodate a higher priority pod',
    }));
    expect(h.events).toEqual([{ name: 'p1', reason: 'Preempted', message: 'Preempted by pod p on node node1' }]);
  });

  it('clears the nomination of lower-priority pods nominated to the chosen node', () => {
    const pod = makePod('p', { priority: highPriority });
    const other = { ...makePod('q', { priority: midPriority }), status: { phase: 'Pending', nominatedNodeName: 'node1' } };
    const h = harness([makeNode('node1', onePodRes)], [makePod('p1', { node: 'node1' }), other], pod);
    h.plugin.postFilter(h.state, pod, statuses({ node1: U }));
    expect(h.store.get<Pod>('Pod', 'default', 'q').status?.nominatedNodeName).toBeUndefined();
  });
});

describe('PodEligibleToPreemptOthers', () => {
  const nominated = (p: Pod) => ({ ...p, status: { ...p.status, nominatedNodeName: 'node1' } });
  const terminating = (p: Pod, reason = 'PreemptionByScheduler') => ({
    ...p, metadata: { ...p.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' },
    status: { ...p.status, conditions: [{ type: 'DisruptionTarget', status: 'True', reason }] },
  });
  it('refuses preemptionPolicy Never', () => {
    const pod = { ...makePod('p', { priority: highPriority }), spec: { ...makePod('p').spec!, priority: highPriority, preemptionPolicy: 'Never' } };
    const h = harness([makeNode('node1', onePodRes)], [makePod('p1', { node: 'node1' })], pod);
    const { status, result } = h.plugin.postFilter(h.state, pod, statuses({ node1: U }));
    expect([status.code, status.message(), result]).toEqual([Code.Unschedulable, 'preemption: not eligible due to preemptionPolicy=Never.', undefined]);
    expect(h.store.get<Pod>('Pod', 'default', 'p1').metadata.deletionTimestamp).toBeUndefined();
  });
  it('waits while a lower-priority victim on the nominated node terminates', () => {
    const pod = nominated(makePod('p', { priority: highPriority }));
    const h = harness([makeNode('node1', onePodRes)], [terminating(makePod('p1', { node: 'node1' }))], pod);
    expect(h.plugin.podEligibleToPreemptOthers(pod, new Status(U))).toEqual({ eligible: false, message: 'not eligible due to a terminating pod on the nominated node.' });
    // Not when the nominated node is now out of reach, and not for a pod terminating for another reason.
    expect(h.plugin.podEligibleToPreemptOthers(pod, new Status(UU)).eligible).toBe(true);
    const h2 = harness([makeNode('node1', onePodRes)], [terminating(makePod('p1', { node: 'node1' }), 'DeletionByTaintManager')], pod);
    expect(h2.plugin.podEligibleToPreemptOthers(pod, new Status(U)).eligible).toBe(true);
  });
});

/** Run the dry run as upstream's test does and return candidates sorted by node, victims by name. */
function dryRun(h: Harness, pod: Pod, offset: number, num?: number): { name: string; victims: string[]; pdb: number }[] {
  const { candidates } = h.plugin.evaluator.dryRunPreemption(h.state, pod, h.infos, h.store.list<PodDisruptionBudget>('PodDisruptionBudget'), offset, num ?? h.plugin.calculateNumCandidates(h.infos.length));
  return candidates.map((c) => ({ name: c.name, victims: c.victims.pods.map((p) => p.metadata!.name!).sort(), pdb: c.victims.numPDBViolations }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('DryRunPreemption (upstream TestDryRunPreemption)', () => {
  const two = ['node1', 'node2'].map((n) => makeNode(n));
  const five = ['node1', 'node2', 'node3', 'node4', 'node5'].map((n) => makeNode(n));
  const big = makePod('p', { priority: highPriority, req: largeRes });
  it('a pod that fits on both nodes when lower priority pods are preempted', () => {
    const h = harness(two, [makePod('p1', { node: 'node1', priority: midPriority, req: largeRes }), makePod('p2', { node: 'node2', priority: midPriority, req: largeRes })], big);
    expect(dryRun(h, big, 0)).toEqual([{ name: 'node1', victims: ['p1'], pdb: 0 }, { name: 'node2', victims: ['p2'], pdb: 0 }]);
  });
  it('a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen', () => {
    const low = makePod('p', { priority: lowPriority, req: largeRes });
    const h = harness(two, [makePod('p1', { node: 'node1', priority: midPriority, req: largeRes }), makePod('p2', { node: 'node2', priority: midPriority, req: largeRes })], low);
    expect(dryRun(h, low, 0)).toEqual([]);
  });
  it('medium priority pod is preempted, but lower priority one stays as it is small', () => {
    const h = harness(two, [
      makePod('p1.1', { node: 'node1', priority: lowPriority, req: smallRes }), makePod('p1.2', { node: 'node1', priority: midPriority, req: largeRes }),
      makePod('p2', { node: 'node2', priority: midPriority, req: largeRes }),
    ], big);
    expect(dryRun(h, big, 0)).toEqual([{ name: 'node1', victims: ['p1.2'], pdb: 0 }, { name: 'node2', victims: ['p2'], pdb: 0 }]);
  });
  it('mixed priority pods are preempted', () => {
    const h = harness(two, [
      makePod('p1.1', { node: 'node1', priority: midPriority, req: smallRes }), makePod('p1.2', { node: 'node1', priority: lowPriority, req: smallRes }),
      makePod('p1.3', { node: 'node1', priority: midPriority, req: mediumRes }), makePod('p1.4', { node: 'node1', priority: highPriority, req: smallRes }),
      makePod('p2', { node: 'node2', priority: highPriority, req: largeRes }),
    ], big);
    expect(dryRun(h, big, 0)).toEqual([{ name: 'node1', victims: ['p1.2', 'p1.3'], pdb: 0 }]);
  });
  it('mixed priority pods are preempted, pick later StartTime one when priorities are equal', () => {
    const h = harness(two, [
      makePod('p1.1', { node: 'node1', priority: lowPriority, req: smallRes, start: 5 }), makePod('p1.2', { node: 'node1', priority: lowPriority, req: smallRes, start: 4 }),
      makePod('p1.3', { node: 'node1', priority: midPriority, req: mediumRes, start: 3 }), makePod('p1.4', { node: 'node1', priority: highPriority, req: smallRes, start: 2 }),
      makePod('p2', { node: 'node2', priority: highPriority, req: largeRes, start: 1 }),
    ], big);
    expect(dryRun(h, big, 0)).toEqual([{ name: 'node1', victims: ['p1.1', 'p1.3'], pdb: 0 }]);
  });
  const veryBig = makePod('p', { priority: highPriority, req: veryLargeRes });
  const foo = (name: string) => makePod(name, { node: 'node1', priority: midPriority, req: mediumRes, labels: { app: 'foo' } });
  it('preemption with violation of same pdb', () => {
    const h = harness([makeNode('node1')], [foo('p1.1'), foo('p1.2')], veryBig, { pdbs: [makePDB('pdb', { app: 'foo' }, 1)] });
    expect(dryRun(h, veryBig, 0)).toEqual([{ name: 'node1', victims: ['p1.1', 'p1.2'], pdb: 1 }]);
  });
  it('preemption with violation of the pdb with pod whose eviction was processed, the victim doesn\'t belong to DisruptedPods', () => {
    const h = harness([makeNode('node1')], [foo('p1.1'), foo('p1.2')], veryBig, { pdbs: [makePDB('pdb', { app: 'foo' }, 1, { p2: '2026-01-01T00:00:00Z' })] });
    expect(dryRun(h, veryBig, 0)).toEqual([{ name: 'node1', victims: ['p1.1', 'p1.2'], pdb: 1 }]);
  });
  it('preemption with violation of the pdb with pod whose eviction was processed, the victim belongs to DisruptedPods', () => {
    const h = harness([makeNode('node1')], [foo('p1.1'), foo('p1.2')], veryBig, { pdbs: [makePDB('pdb', { app: 'foo' }, 1, { 'p1.2': '2026-01-01T00:00:00Z' })] });
    expect(dryRun(h, veryBig, 0)).toEqual([{ name: 'node1', victims: ['p1.1', 'p1.2'], pdb: 0 }]);
  });
  it('preemption with violation of the pdb with pod whose eviction was processed, the victim which belongs to DisruptedPods is treated as \'nonViolating\'', () => {
    const h = harness([makeNode('node1')], [foo('p1.1'), foo('p1.2'), foo('p1.3')], veryBig, { pdbs: [makePDB('pdb', { app: 'foo' }, 1, { 'p1.3': '2026-01-01T00:00:00Z' })] });
    expect(dryRun(h, veryBig, 0)).toEqual([{ name: 'node1', victims: ['p1.1', 'p1.2', 'p1.3'], pdb: 1 }]);
  });
  const mid = (i: number, o: { priority?: number; labels?: Record<string, string> } = {}) => makePod(`p${i}`, { node: `node${i}`, priority: midPriority, req: largeRes, ...o });
  it('all nodes are possible candidates, but DefaultPreemptionArgs limits to 2 (offset 4: node5, node1)', () => {
    const h = harness(five, [1, 2, 3, 4, 5].map((i) => mid(i)), big, { args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 } });
    expect(dryRun(h, big, 4)).toEqual([{ name: 'node1', victims: ['p1'], pdb: 0 }, { name: 'node5', victims: ['p5'], pdb: 0 }]);
  });
  it('some nodes are not possible candidates, DefaultPreemptionArgs limits to 2 (offset 4: node5 no, node1, node2 no, node3)', () => {
    const h = harness(five, [mid(1), mid(2, { priority: veryHighPriority }), mid(3), mid(4), mid(5, { priority: veryHighPriority })], big, { args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 } });
    expect(dryRun(h, big, 4)).toEqual([{ name: 'node1', victims: ['p1'], pdb: 0 }, { name: 'node3', victims: ['p3'], pdb: 0 }]);
  });
  it('preemption offset across multiple scheduling cycles and wrap around (offsets 4, 1, 3)', () => {
    const h = harness(five, [1, 2, 3, 4, 5].map((i) => mid(i)), big, { args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 1 } });
    expect([4, 1, 3].map((o) => dryRun(h, big, o).map((c) => c.name))).toEqual([['node1', 'node5'], ['node2', 'node3'], ['node4', 'node5']]);
  });
  it('preemption looks past numCandidates until a non-PDB violating node is found', () => {
    const foo2 = { labels: { app: 'foo' } };
    const h = harness(five, [mid(1, foo2), mid(2, foo2), mid(3), mid(4), mid(5, foo2)], big, {
      args: { minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: 2 }, pdbs: [makePDB('pdb', { app: 'foo' }, 0)],
    });
    expect(dryRun(h, big, 4)).toEqual([{ name: 'node1', victims: ['p1'], pdb: 1 }, { name: 'node3', victims: ['p3'], pdb: 0 }, { name: 'node5', victims: ['p5'], pdb: 1 }]);
  });
  it('leaves the node infos it dry-runs on untouched', () => {
    const h = harness(two, [makePod('p1', { node: 'node1', priority: midPriority, req: largeRes })], big);
    dryRun(h, big, 0);
    expect(h.infos[0].pods.size).toBe(1);
    expect(cloneNodeInfo(h.infos[0]).requested).toEqual(h.infos[0].requested);
  });
});

describe('SelectCandidate (upstream TestSelectBestCandidate)', () => {
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => makeNode(`node${i + 1}`));
  const at = (name: string, priority: number, req: typeof smallRes, start = 0) => makePod(name, { node: `node${name[1]}`, priority, req, start });
  const cases: [string, number, number, Pod[], string][] = [
    ['node with min highest priority pod is picked', 3, highPriority, [
      at('p1.1', midPriority, mediumRes), at('p1.2', midPriority, largeRes), at('p2.1', midPriority, mediumRes), at('p2.2', lowPriority, mediumRes),
      at('p3.1', lowPriority, mediumRes), at('p3.2', lowPriority, mediumRes)], 'node3'],
    ['when highest priorities are the same, minimum sum of priorities is picked', 3, highPriority, [
      at('p1.1', midPriority, mediumRes), at('p1.2', midPriority, largeRes), at('p2.1', midPriority, largeRes), at('p2.2', lowPriority, mediumRes),
      at('p3.1', midPriority, mediumRes), at('p3.2', midPriority, mediumRes)], 'node2'],
    ['when highest priority and sum are the same, minimum number of pods is picked', 3, highPriority, [
      at('p1.1', midPriority, smallRes), at('p1.2', negPriority, smallRes), at('p1.3', midPriority, smallRes), at('p1.4', negPriority, smallRes),
      at('p2.1', midPriority, largeRes), at('p2.2', negPriority, mediumRes), at('p3.1', midPriority, mediumRes), at('p3.2', negPriority, smallRes),
      at('p3.3', lowPriority, smallRes)], 'node2'],
    ['sum of adjusted priorities is considered', 3, highPriority, [
      at('p1.1', midPriority, smallRes), at('p1.2', negPriority, smallRes), at('p1.3', negPriority, smallRes), at('p2.1', midPriority, largeRes),
      at('p2.2', negPriority, mediumRes), at('p3.1', midPriority, mediumRes), at('p3.2', negPriority, smallRes), at('p3.3', lowPriority, smallRes)], 'node2'],
    ['non-overlapping lowest high priority, sum priorities, and number of pods', 4, veryHighPriority, [
      at('p1.1', midPriority, smallRes), at('p1.2', lowPriority, smallRes), at('p1.3', lowPriority, smallRes), at('p2.1', highPriority, largeRes),
      at('p3.1', midPriority, mediumRes), at('p3.2', lowPriority, smallRes), at('p3.3', lowPriority, smallRes), at('p3.4', lowPriority, mediumRes),
      at('p4.1', midPriority, mediumRes), at('p4.2', midPriority, smallRes), at('p4.3', midPriority, smallRes), at('p4.4', negPriority, smallRes)], 'node1'],
    ['same priority, same number of victims, different start time for each node\'s pod', 3, highPriority, [
      at('p1.1', midPriority, mediumRes, 2), at('p1.2', midPriority, mediumRes, 2), at('p2.1', midPriority, mediumRes, 3), at('p2.2', midPriority, mediumRes, 3),
      at('p3.1', midPriority, mediumRes, 1), at('p3.2', midPriority, mediumRes, 1)], 'node2'],
    ['same priority, same number of victims, different start time for all pods', 3, highPriority, [
      at('p1.1', midPriority, mediumRes, 4), at('p1.2', midPriority, mediumRes, 2), at('p2.1', midPriority, mediumRes, 5), at('p2.2', midPriority, mediumRes, 1),
      at('p3.1', midPriority, mediumRes, 3), at('p3.2', midPriority, mediumRes, 6)], 'node3'],
    ['different priority, same number of victims, different start time for all pods', 3, highPriority, [
      at('p1.1', lowPriority, mediumRes, 4), at('p1.2', midPriority, mediumRes, 2), at('p2.1', midPriority, mediumRes, 6), at('p2.2', lowPriority, mediumRes, 1),
      at('p3.1', lowPriority, mediumRes, 3), at('p3.2', midPriority, mediumRes, 5)], 'node2'],
  ];
  it.each(cases)('%s', (_name, n, priority, pods, want) => {
    const pod = makePod('p', { priority, req: veryLargeRes });
    const h = harness(nodes(n), pods, pod);
    const { candidates } = h.plugin.evaluator.dryRunPreemption(h.state, pod, h.infos, [], 0, h.plugin.calculateNumCandidates(n));
    expect(h.plugin.evaluator.selectCandidate(candidates).name).toBe(want);
  });

  it('prefers fewer PDB violations over everything else', () => {
    const c = (name: string, prio: number, pdb: number): Candidate => ({ name, victims: { pods: [makePod(`v-${name}`, { priority: prio })], numPDBViolations: pdb } });
    expect(pickOneNodeForPreemption([c('a', lowPriority, 1), c('b', highPriority, 0)], 0)).toBe('b');
    expect(pickOneNodeForPreemption([c('a', lowPriority, 0), c('b', lowPriority, 0)], 0)).toBe('a');
  });
});

describe('DefaultPreemptionArgs', () => {
  it.each([
    [10, 100, 10, 10], [10, 100, 1000, 100], [40, 1, 5, 2], [10, 100, 5000, 500], [0, 5, 4, 4], [50, 0, 9, 4],
  ])('percentage %d, absolute %d of %d nodes → %d candidates', (pct, abs, nodes, want) => {
    const h = harness([], [], makePod('p'), { args: { minCandidateNodesPercentage: pct, minCandidateNodesAbsolute: abs } });
    expect(h.plugin.calculateNumCandidates(nodes)).toBe(want);
  });
  it('defaults to 10 % and 100, and refuses values out of range', () => {
    const d = harness([], [], makePod('p')).plugin;
    expect([d.minCandidateNodesPercentage, d.minCandidateNodesAbsolute]).toEqual([10, 100]);
    const make = (a: object) => () => new DefaultPreemption(a, d['handle'], harness([], [], makePod('p')).store, d['rng']);
    expect(make({ minCandidateNodesPercentage: 101 })).toThrow('minCandidateNodesPercentage: Invalid value: 101: not in valid range [0, 100]');
    expect(make({ minCandidateNodesAbsolute: -1 })).toThrow('minCandidateNodesAbsolute: Invalid value: -1: not in valid range [0, inf)');
    expect(make({ minCandidateNodesPercentage: 0, minCandidateNodesAbsolute: 0 })).toThrow('cannot be zero at the same time as minCandidateNodesAbsolute');
  });
});

describe('property: preemption evicts only lower-priority pods, all on the nominated node, and then the pod fits', () => {
  const podArb = fc.record({ node: fc.integer({ min: 1, max: 3 }), priority: fc.constantFrom(-100, 0, 100, 1000), cpu: fc.integer({ min: 1, max: 4 }) });
  it('holds for random nodes, pods and preemptors', () => {
    fc.assert(fc.property(fc.array(podArb, { maxLength: 12 }), fc.constantFrom(0, 100, 1000, 10000), fc.integer({ min: 1, max: 6 }), (placed, priority, cpu) => {
      const nodes = [1, 2, 3].map((i) => makeNode(`node${i}`, { cpu: '6', memory: '1Gi' }));
      const used = [0, 0, 0];
      const pods = placed.flatMap((p, i) => {
        if (used[p.node - 1] + p.cpu > 6) return [];
        used[p.node - 1] += p.cpu;
        return [makePod(`v${i}`, { node: `node${p.node}`, priority: p.priority, req: { cpu: String(p.cpu), memory: '1' } })];
      });
      const pod = makePod('p', { priority, req: { cpu: String(cpu), memory: '1' } });
      const h = harness(nodes, pods, pod, { seed: placed.length });
      const filtered = Object.fromEntries(h.infos.map((n) => [n.name, h.fwk.runFilter(h.state, pod, n).code]));
      if (Object.values(filtered).some((c) => c === Code.Success)) return;
      const { result } = h.plugin.postFilter(h.state, pod, statuses(filtered as Record<string, Code>));
      const evicted = h.store.list<Pod>('Pod').filter((p) => p.metadata.deletionTimestamp);
      for (const v of evicted) {
        expect(v.spec!.priority!).toBeLessThan(priority);
        expect(v.spec!.nodeName).toBe(result?.nominatedNodeName);
      }
      if (result?.nominatedNodeName) {
        const node = cloneNodeInfo(h.infos.find((n) => n.name === result.nominatedNodeName)!);
        for (const v of evicted) node.removePod(v.metadata.uid!);
        expect(h.fwk.runFilter(h.state, pod, node).isSuccess()).toBe(true);
      } else expect(evicted).toEqual([]);
    }), { numRuns: 200 });
  });
});
