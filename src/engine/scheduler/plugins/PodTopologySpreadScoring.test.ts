// Upstream podtopologyspread/scoring_test.go cases: TestPreScoreSkip, TestPreScoreStateEmptyNodes and
// TestPodTopologySpreadScore (run with defaultingType System, as upstream does).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { rowsOf } from '../framework/nodecolumns.ts';
import { Code } from '../framework/status.ts';
import { PodTopologySpread, type PodTopologySpreadArgs } from './PodTopologySpread.ts';
import { exists, handleOf, node, pod, reader, snapshot, spread, UNSCHEDULABLE_TAINT } from './PodTopologySpread.fixtures.ts';
import { LABEL_HOSTNAME, LABEL_TOPOLOGY_ZONE, type ObjectReader } from './PodTopologySpreadCommon.ts';
import { NodeInfo } from '../framework/nodeinfo.ts';
import { filterConstraints } from './PodTopologySpreadCommon.ts';
import { CrossCycleCache } from './PodTopologySpreadCounts.ts';
import { computeScoreState, spreadScore, spreadScores, topologyNormalizingWeight, type SpreadScoreState } from './PodTopologySpreadScoring.ts';

const foo = exists('foo');
const bar = exists('bar');
const host = (name: string, more: Record<string, string> = {}) => node(name, { [LABEL_HOSTNAME]: name, ...more });
const zoned = (name: string, zone: string) => host(name, { zone });
const on = (name: string, nodeName: string, labels: Record<string, string> = { foo: '' }, ns?: string) => pod(name, { node: nodeName, labels, namespace: ns });
const many = (nodeName: string, n: number, labels: Record<string, string> = { foo: '' }) => Array.from({ length: n }, (_, i) => on(`p-${nodeName}-${i}`, nodeName, labels));
const soft = (maxSkew: number, key: string, sel = foo, more: Partial<TopologySpreadConstraint> = {}) => spread(maxSkew, key, 'ScheduleAnyway', sel, more);
const withSpread = (labels: Record<string, string>, ...spreads: TopologySpreadConstraint[]) => pod('p', { labels, spread: spreads });
/** Upstream's topologyValueToPodCounts[i]: the candidates' domains of constraint i with their matching pods. */
const valueCounts = (s: SpreadScoreState, i: number) => Object.fromEntries(s.candidateDomains[i].map((id) => [s.topologies[i].values[id], s.podsPerValueId[i]![id]]));

function run(incoming: Pod, nodes: Node[], failed: Node[], pods: Pod[], args: PodTopologySpreadArgs = {}, objects: ObjectReader = reader()) {
  const all = snapshot([...nodes, ...failed], pods);
  const candidates = all.slice(0, nodes.length);
  const p = new PodTopologySpread(args, handleOf(all), objects);
  const state = new CycleState();
  const status = p.preScore(state, incoming, candidates);
  const scores = Float64Array.from(candidates, (n) => p.score(state, incoming, n));
  // The batch form gives every node the score the per-node form gives it (the runtime calls the batch form).
  const batch = new Float64Array(candidates.length).fill(-1);
  if (status.isSuccess()) p.scoreNodes(state, incoming, candidates, batch);
  if (status.isSuccess()) expect([...batch]).toEqual([...scores]);
  // And with the scheduler's rows (positions in the node list) given to PreScore and Score.
  const given = { ...rowsOf(candidates), positions: Int32Array.from(candidates, (n) => all.indexOf(n)), list: all };
  const byRows = new CycleState();
  p.preScore(byRows, incoming, candidates, given);
  if (status.isSuccess()) p.scoreNodes(byRows, incoming, candidates, batch.fill(-1), given);
  if (status.isSuccess()) expect([...batch]).toEqual([...scores]);
  if (status.isSuccess()) p.normalizeScore(state, incoming, candidates, scores);
  return { status, scores: Object.fromEntries(candidates.map((n, i) => [n.name, scores[i]])), s: state.read<SpreadScoreState>('PreScorePodTopologySpread') };
}

describe('PodTopologySpread Score (TestPodTopologySpreadScore)', () => {
  const fourHosts = ['node-a', 'node-b', 'node-c', 'node-d'].map((n) => host(n));
  const spread2103 = [...many('node-a', 2), ...many('node-b', 1), ...many('node-d', 3)];
  const spread4321 = [...many('node-a', 4), ...many('node-b', 3), ...many('node-c', 2), ...many('node-d', 1)];
  const spread421x3 = [...many('node-a', 4), ...many('node-b', 2), ...many('node-x', 1), ...many('node-y', 3)];
  const abxy = [zoned('node-a', 'zone1'), zoned('node-b', 'zone1'), zoned('node-x', 'zone2'), zoned('node-y', 'zone2')];
  const mixed = [on('p-a1', 'node-a'), on('p-b1', 'node-b', { foo: '', bar: '' }), on('p-y1', 'node-y'), on('p-y2', 'node-y', { bar: '' })];
  const nodeKey = (n: string, more: Record<string, string> = {}) => node(n, { node: n, ...more });
  const policyPods = [on('p-a1', 'node-a'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-c1', 'node-c')];
  const abcFoo = [nodeKey('node-a', { foo: '' }), nodeKey('node-b', { foo: '' }), nodeKey('node-c')];
  const abcTaint = [nodeKey('node-a'), nodeKey('node-b'), node('node-c', { node: 'node-c' }, UNSCHEDULABLE_TAINT)];
  const abcd4 = [zoned('node-a', 'zone1'), zoned('node-b', 'zone1'), zoned('node-c', 'zone2'), zoned('node-d', 'zone2')];
  const lkPods = [on('p-a1', 'node-a'), on('p-b1', 'node-b', { foo: '', bar: '' }), on('p-y1', 'node-c'), on('p-y2', 'node-c', { bar: '' })];

  it.each([
    { name: 'one constraint on node, no existing pods', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: fourHosts.slice(0, 2), failed: [], pods: [], want: { 'node-a': 100, 'node-b': 100 } },
    { name: 'one constraint on node, only one node is candidate', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: [host('node-a')], failed: [host('node-b')], pods: [...many('node-a', 2), ...many('node-b', 1)], want: { 'node-a': 100 } },
    { name: 'one constraint on node, all nodes have the same number of matching pods', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: fourHosts.slice(0, 2), failed: [], pods: [...many('node-a', 1), ...many('node-b', 1)], want: { 'node-a': 100, 'node-b': 100 } },
    { name: 'one constraint on node, all 4 nodes are candidates', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: fourHosts, failed: [], pods: spread2103, want: { 'node-a': 20, 'node-b': 60, 'node-c': 100, 'node-d': 0 } },
    { name: 'one constraint on node, null selector', pod: withSpread({ foo: '' }, spread(1, LABEL_HOSTNAME, 'ScheduleAnyway', undefined)), nodes: fourHosts, failed: [], pods: spread2103, want: { 'node-a': 100, 'node-b': 100, 'node-c': 100, 'node-d': 100 } },
    { name: 'one constraint on node, all 4 nodes are candidates, maxSkew=2', pod: withSpread({ foo: '' }, soft(2, LABEL_HOSTNAME)), nodes: fourHosts, failed: [], pods: spread2103, want: { 'node-a': 33, 'node-b': 66, 'node-c': 100, 'node-d': 16 } },
    { name: 'one constraint on node, all 4 nodes are candidates, maxSkew=3', pod: withSpread({ foo: '' }, soft(3, LABEL_HOSTNAME)), nodes: fourHosts, failed: [], pods: spread4321, want: { 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 } },
    { name: 'one constraint on node, 3 out of 4 nodes are candidates', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: [host('node-a'), host('node-b'), host('node-x')], failed: [host('node-y')], pods: spread421x3, want: { 'node-a': 33, 'node-b': 83, 'node-x': 100 } },
    { name: 'one constraint on node, 3 out of 4 nodes are candidates, one node doesn\'t match topology key', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: [host('node-a'), node('node-b', { n: 'node-b' }), host('node-x')], failed: [host('node-y')], pods: spread421x3, want: { 'node-a': 16, 'node-b': 0, 'node-x': 100 } },
    { name: 'one constraint on zone, 3 out of 4 nodes are candidates', pod: withSpread({ foo: '' }, soft(1, 'zone')), nodes: abxy.slice(0, 3), failed: [abxy[3]], pods: spread421x3, want: { 'node-a': 75, 'node-b': 75, 'node-x': 100 } },
    { name: 'two Constraints on zone and node, 2 out of 4 nodes are candidates', pod: withSpread({ foo: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME)), nodes: [abxy[0], abxy[2]], failed: [abxy[1], abxy[3]], pods: [...many('node-a', 2), ...many('node-b', 1), ...many('node-x', 2), ...many('node-y', 4)], want: { 'node-a': 100, 'node-x': 63 } },
    { name: 'two Constraints on zone, 2 out of 4 nodes are candidates', pod: withSpread({ foo: '', bar: '' }, soft(1, 'zone'), soft(1, 'zone', bar)), nodes: [node('node-a', { zone: 'zone1' }), node('node-x', { zone: 'zone2' })], failed: [node('node-b', { zone: 'zone1' }), node('node-y', { zone: 'zone2' })], pods: [on('p-a1', 'node-a', { foo: '', bar: '' }), on('p-a2', 'node-a'), on('p-b1', 'node-b', { foo: '', bar: '' }), on('p-y1', 'node-y'), on('p-y2', 'node-y', { foo: '', bar: '' }), on('p-y3', 'node-y')], want: { 'node-a': 85, 'node-x': 100 } },
    { name: 'two Constraints on zone and node, with different labelSelectors', pod: withSpread({ foo: '', bar: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME, bar)), nodes: abxy, failed: [], pods: mixed, want: { 'node-a': 60, 'node-b': 20, 'node-x': 100, 'node-y': 60 } },
    { name: 'two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods', pod: withSpread({ foo: '', bar: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME, bar)), nodes: abxy, failed: [], pods: [on('p-b1', 'node-b', { bar: '' }), on('p-x1', 'node-x'), on('p-y1', 'node-y', { foo: '', bar: '' })], want: { 'node-a': 100, 'node-b': 60, 'node-x': 40, 'node-y': 0 } },
    { name: 'two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates', pod: withSpread({ foo: '', bar: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME, bar)), nodes: abxy.slice(0, 3), failed: [abxy[3]], pods: mixed, want: { 'node-a': 50, 'node-b': 25, 'node-x': 100 } },
    { name: 'existing pods in a different namespace do not count', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: fourHosts.slice(0, 2), failed: [], pods: [on('p-a1', 'node-a', { foo: '' }, 'ns1'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-b2', 'node-b')], want: { 'node-a': 100, 'node-b': 33 } },
    { name: 'terminating Pods should be excluded', pod: withSpread({ foo: '' }, soft(1, LABEL_HOSTNAME)), nodes: fourHosts.slice(0, 2), failed: [], pods: [pod('p-a', { node: 'node-a', labels: { foo: '' }, terminating: true }), on('p-b', 'node-b')], want: { 'node-a': 100, 'node-b': 0 } },
    { name: 'minDomains has no effect when ScheduleAnyway', pod: withSpread({ foo: '' }, soft(2, 'node', foo, { minDomains: 10 })), nodes: [nodeKey('node-a'), nodeKey('node-b'), nodeKey('node-c')], failed: [], pods: [...many('node-a', 2), ...many('node-b', 2), ...many('node-c', 1)], want: { 'node-a': 75, 'node-b': 75, 'node-c': 100 } },
    { name: 'NodeAffinityPolicy honored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [soft(1, 'node')] }), nodes: abcFoo, failed: [], pods: policyPods, want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 } },
    { name: 'NodeAffinityPolicy ignored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [soft(1, 'node', foo, { nodeAffinityPolicy: 'Ignore' })] }), nodes: abcFoo, failed: [], pods: policyPods, want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 } },
    { name: 'NodeAffinityPolicy honored with nodeAffinity', pod: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'foo', operator: 'In', values: [''] }], spread: [soft(1, 'node')] }), nodes: abcFoo, failed: [], pods: policyPods, want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 } },
    { name: 'NodeTaintsPolicy honored', pod: withSpread({ foo: '' }, soft(1, 'node', foo, { nodeTaintsPolicy: 'Honor' })), nodes: abcTaint, failed: [], pods: policyPods, want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 } },
    { name: 'NodeTaintsPolicy ignored', pod: withSpread({ foo: '' }, soft(1, 'node')), nodes: abcTaint, failed: [], pods: policyPods, want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 } },
    { name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty', pod: withSpread({ foo: '', bar: '' }, soft(1, 'zone', {}, { matchLabelKeys: ['foo'] }), soft(1, LABEL_HOSTNAME, {}, { matchLabelKeys: ['bar'] })), nodes: abcd4, failed: [], pods: lkPods, want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 } },
    { name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector isn\'t empty', pod: withSpread({ foo: '', bar: '', baz: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME, bar, { matchLabelKeys: ['baz'] })), nodes: abcd4, failed: [], pods: [on('p-a1', 'node-a'), on('p-b1', 'node-b', { foo: '', bar: '', baz: '' }), on('p-c1', 'node-c'), on('p-c2', 'node-c', { bar: '' }), on('p-d3', 'node-c', { bar: '', baz: '' })], want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 } },
  ])('$name', ({ pod: p, nodes, failed, pods, want }) => {
    const r = run(p, nodes, failed, pods);
    expect(r.status.code).toBe(Code.Success);
    expect(r.scores).toEqual(want);
  });

  it('system defaulting, nodes without a zone, pods selected by a Service: the same scores as one hostname constraint', () => {
    const svc = { kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { selector: { foo: '' } } };
    const r = run(pod('p', { labels: { foo: '' } }), fourHosts, [], spread4321, {}, reader([svc]));
    expect(r.scores).toEqual({ 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 });
  });
});

describe('PodTopologySpread PreScore state (TestPreScoreStateEmptyNodes, TestPreScoreSkip)', () => {
  const counts = (s: SpreadScoreState) => s.candidateDomains.map((_, i) => valueCounts(s, i));
  const rs = (name: string, selector = foo) => ({ kind: 'ReplicaSet', metadata: { name, namespace: 'default' }, spec: { selector } });
  const ownedBy = (name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: name, controller: true });

  it('normal case: zone domains from the candidates, hostname weighted by the candidate count', () => {
    const nodes = [zoned('node-a', 'zone1'), zoned('node-b', 'zone1'), zoned('node-x', 'zone2')];
    const { s } = run(withSpread({ foo: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME)), nodes, [], [], { defaultingType: 'List' });
    expect(counts(s!)).toEqual([{ zone1: 0, zone2: 0 }, {}]);
    expect(s!.topologyNormalizingWeight).toEqual([topologyNormalizingWeight(2), topologyNormalizingWeight(3)]);
  });

  it('node-x doesn\'t have label zone: ignored', () => {
    const nodes = [zoned('node-a', 'zone1'), zoned('node-b', 'zone1'), host('node-x')];
    const { s } = run(withSpread({ foo: '' }, soft(1, 'zone'), soft(1, LABEL_HOSTNAME, bar)), nodes, [], [], { defaultingType: 'List' });
    expect([...s!.ignoredNodes]).toEqual(['node-x']);
    expect(counts(s!)).toEqual([{ zone1: 0 }, {}]);
    expect(s!.topologyNormalizingWeight).toEqual([topologyNormalizingWeight(1), topologyNormalizingWeight(2)]);
  });

  it('system default constraints and a replicaset: nodes without a zone are one more zone', () => {
    const nodes = [host('node-a', { [LABEL_TOPOLOGY_ZONE]: 'mars' }), host('node-b', { [LABEL_TOPOLOGY_ZONE]: 'mars' }), host('node-c'), host('node-d')];
    const p = pod('p', { labels: { foo: 'tar', baz: 'sup' }, owner: ownedBy('rs1') });
    const { s } = run(p, nodes, [], [], {}, reader([rs('rs1')]));
    expect(s!.constraints.map((c) => [c.topologyKey, c.maxSkew, c.selector.toString()])).toEqual([[LABEL_HOSTNAME, 3, 'foo'], [LABEL_TOPOLOGY_ZONE, 5, 'foo']]);
    expect(counts(s!)).toEqual([{}, { mars: 0, '': 0 }]);
    expect(s!.topologyNormalizingWeight).toEqual([topologyNormalizingWeight(4), topologyNormalizingWeight(2)]);
  });

  it('default constraints (List) and a replicaset', () => {
    const args: PodTopologySpreadArgs = { defaultingType: 'List', defaultConstraints: [
      { maxSkew: 1, topologyKey: LABEL_HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway' },
      { maxSkew: 2, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
      { maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' },
    ] };
    const { s } = run(pod('p', { labels: { foo: 'tar', baz: 'sup' }, owner: ownedBy('rs1') }), [host('node-a', { rack: 'rack1', planet: 'mars' })], [], [], args, reader([rs('rs1')]));
    expect(s!.constraints.map((c) => c.topologyKey)).toEqual([LABEL_HOSTNAME, 'planet']);
    expect(counts(s!)).toEqual([{}, { mars: 0 }]);
  });

  it('default constraints and a replicaset, but the pod has constraints', () => {
    const args: PodTopologySpreadArgs = { defaultingType: 'List', defaultConstraints: [{ maxSkew: 2, topologyKey: 'galaxy', whenUnsatisfiable: 'ScheduleAnyway' }] };
    const p = pod('p', { labels: { foo: 'bar', baz: 'sup' }, owner: ownedBy('rs1'), spread: [spread(1, 'zone', 'DoNotSchedule', bar), soft(2, 'planet', { matchLabels: { baz: 'sup' } })] });
    const { s } = run(p, [node('node-a', { planet: 'mars', galaxy: 'andromeda' })], [], [], args, reader([rs('rs1')]));
    expect(s!.constraints.map((c) => [c.topologyKey, c.selector.toString()])).toEqual([['planet', 'baz=sup']]);
  });

  it.each([
    { name: 'the pod doesn\'t have soft topology spread Constraints', pod: pod('p'), args: { defaultingType: 'List' as const }, objects: [] },
    { name: 'default constraints and a replicaset that doesn\'t match', pod: pod('p', { labels: { foo: 'bar', baz: 'sup' }, owner: ownedBy('rs2') }), args: { defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' }] }, objects: [rs('rs1', exists('tar'))] },
    { name: 'system defaults for a bare pod', pod: pod('p', { labels: { foo: '' } }), args: {}, objects: [] },
  ])('PreScore Skips: $name', ({ pod: p, args, objects }) => {
    expect(run(p, [node('node-a', { planet: 'mars' })], [], [], args, reader(objects)).status.code).toBe(Code.Skip);
  });
});

describe('PodTopologySpread PreScore with candidates outside the node list', () => {
  it('a copy with a zone no listed node has is one more domain, and scores as the per-node form does', () => {
    const all = snapshot([zoned('node-a', 'zone1'), zoned('node-b', 'zone2')], many('node-a', 2));
    const copy = new NodeInfo(zoned('node-x', 'zone9'));
    const incoming = withSpread({ foo: '' }, soft(1, 'zone'));
    const constraints = filterConstraints(incoming.spec!.topologySpreadConstraints!, { foo: '' }, 'ScheduleAnyway');
    const candidates = [all[0], copy, all[1]];
    const s = computeScoreState(incoming, constraints, candidates, all, false, new CrossCycleCache());
    expect(valueCounts(s, 0)).toEqual({ zone1: 2, zone9: 0, zone2: 0 });
    const batch = new Float64Array(candidates.length);
    spreadScores(s, candidates, batch);
    expect([...batch]).toEqual(candidates.map((n) => spreadScore(s, n)));
  });
});

describe('PodTopologySpread Score in one pass', () => {
  it('property: one or two constraints by rows give every node the per-node score, whether rows are given or found, for candidates in any order', () => {
    const keys = [LABEL_HOSTNAME, 'zone', 'rack'];
    const nodeArb = fc.record({ zone: fc.option(fc.constantFrom('z1', 'z2', 'z3'), { nil: undefined }), rack: fc.option(fc.constantFrom('r1', 'r2'), { nil: undefined }), pods: fc.nat(4), other: fc.nat(2) });
    const constraintArb = fc.record({ key: fc.constantFrom(...keys), maxSkew: fc.integer({ min: 1, max: 3 }) });
    fc.assert(fc.property(fc.array(nodeArb, { minLength: 1, maxLength: 8 }), fc.array(constraintArb, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (specs, cs, given, picks) => {
      const nodes = specs.map((n, i) => node(`n${i}`, { [LABEL_HOSTNAME]: `n${i}`, ...(n.zone && { zone: n.zone }), ...(n.rack && { rack: n.rack }) }));
      const pods = specs.flatMap((n, i) => [...many(`n${i}`, n.pods), ...many(`n${i}`, n.other, { bar: '' })]);
      const all = snapshot(nodes, pods);
      const candidates = [...new Set(picks.map((p) => all[p % all.length]))];
      const incoming = withSpread({ foo: '' }, ...cs.map((c) => soft(c.maxSkew, c.key)));
      const constraints = filterConstraints(incoming.spec!.topologySpreadConstraints!, { foo: '' }, 'ScheduleAnyway');
      const rows = given ? { ...rowsOf(candidates), positions: Int32Array.from(candidates, (n) => all.indexOf(n)), list: all } : undefined;
      const s = computeScoreState(incoming, constraints, candidates, all, true, new CrossCycleCache(), rows);
      const batch = new Float64Array(candidates.length).fill(-1);
      spreadScores(s, candidates, batch, rows);
      expect([...batch]).toEqual(candidates.map((n) => spreadScore(s, n)));
    }), { numRuns: 300 });
  });
});

describe('PodTopologySpread Score for a topology key no listed node has', () => {
  it('property: by the scheduler rows (no domain totals when no node of the list has the key), the scores of a fresh per-node state, as nodes gain and lose the key', () => {
    const zoneArb = fc.option(fc.constantFrom('z1', 'z2'), { nil: undefined });
    fc.assert(fc.property(fc.boolean(), fc.array(fc.record({ zone: zoneArb, pods: fc.nat(3) }), { minLength: 1, maxLength: 6 }), fc.array(fc.record({ at: fc.nat(), zone: zoneArb }), { maxLength: 4 }), (zoned, specs, changes) => {
      const labelled = (name: string, zone: string | undefined) => host(name, zoned && zone ? { zone } : {});
      const all = snapshot(specs.map((n, i) => labelled(`n${i}`, n.zone)), specs.flatMap((n, i) => many(`n${i}`, n.pods)));
      const incoming = withSpread({ foo: '' }, soft(3, LABEL_HOSTNAME), soft(5, 'zone'));
      const constraints = filterConstraints(incoming.spec!.topologySpreadConstraints!, { foo: '' }, 'ScheduleAnyway');
      const cache = new CrossCycleCache();
      const check = () => {
        const rows = { ...rowsOf(all), list: all };
        const s = computeScoreState(incoming, constraints, all, all, false, cache, rows);
        const batch = new Float64Array(all.length).fill(-1);
        spreadScores(s, all, batch, rows);
        const fresh = computeScoreState(incoming, constraints, all, all, false, new CrossCycleCache());
        expect([...batch]).toEqual(all.map((n) => spreadScore(fresh, n)));
      };
      check();
      for (const c of changes) {
        const info = all[c.at % all.length];
        info.setNode(labelled(info.name, c.zone));
        check();
      }
    }), { numRuns: 300 });
  });
});
