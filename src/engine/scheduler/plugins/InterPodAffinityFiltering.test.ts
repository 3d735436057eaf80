// Upstream interpodaffinity/filtering_test.go cases: TestRequiredAffinitySingleNode,
// TestRequiredAffinityMultipleNodes, TestPreFilterDisabled/Skip and the AddPod/RemovePod updates.
import { describe, expect, it } from 'vitest';
import type { Node, Pod, PodAffinityTerm } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { Code } from '../framework/status.ts';
import { InterPodAffinity, type InterPodAffinityArgs } from './InterPodAffinity.ts';
import {
  ERR_REASON_AFFINITY_RULES_NOT_MATCH as AFF, ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH as ANTI,
  ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH as EXISTING, type AffinityFilterState,
} from './InterPodAffinityFiltering.ts';
import { handleOf, node, pod, reader, snapshot, term } from './PodTopologySpread.fixtures.ts';

/** createPodWithAffinityTerms: both podAffinity and podAntiAffinity set, with the required terms given. */
const withTerms = (name: string, labels: Record<string, string>, affinity: PodAffinityTerm[] = [], anti: PodAffinityTerm[] = [], nodeName?: string, namespace?: string) =>
  pod(name, { labels, node: nodeName, namespace, affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: affinity }, podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: anti } } });
const on = (name: string, nodeName: string, labels: Record<string, string>, namespace?: string) => pod(name, { node: nodeName, labels, namespace });

const namespaces = [
  { kind: 'Namespace', metadata: { name: 'subteam1.team1', labels: { team: 'team1' } } },
  { kind: 'Namespace', metadata: { name: 'subteam2.team1', labels: { team: 'team1' } } },
  { kind: 'Namespace', metadata: { name: 'subteam1.team2', labels: { team: 'team2' } } },
];

function preFilter(incoming: Pod, nodes: Node[], pods: Pod[], args: InterPodAffinityArgs = {}) {
  const infos = snapshot(nodes, pods);
  const p = new InterPodAffinity(args, handleOf(infos), reader(namespaces));
  const state = new CycleState();
  const { status } = p.preFilter(state, incoming, infos);
  return { p, infos, state, status };
}

/** Each node's verdict: '' for success, else the reason (the code is implied by it and checked). */
function verdicts(incoming: Pod, nodes: Node[], pods: Pod[]): string[] {
  const { p, infos, state, status } = preFilter(incoming, nodes, pods);
  if (status.code === Code.Skip) return infos.map(() => '');
  expect(status.code).toBe(Code.Success);
  return infos.map((n) => {
    const s = p.filter(state, incoming, n);
    if (s.isSuccess()) return '';
    expect(s.code).toBe(s.reasons[0] === AFF ? Code.UnschedulableAndUnresolvable : Code.Unschedulable);
    return s.reasons[0];
  });
}

describe('InterPodAffinity Filter on a single node (TestRequiredAffinitySingleNode)', () => {
  const node1 = node('machine1', { region: 'r1', zone: 'z11' });
  const scan = { service: 'securityscan' };
  const s1 = { security: 'S1' };
  const scanIn = term('region', 'service', 'In', ['securityscan', 'value2']);
  const antivirusByNode = term('node', 'service', 'In', ['antivirusscan', 'value2']);

  it.each([
    { name: 'a pod without required pod affinity rules fits a node without pods', pod: pod('p'), pods: [], want: '' },
    { name: 'satisfies required PodAffinity with the In operator that matches the existing pod', pod: withTerms('p', s1, [scanIn]), pods: [on('e', 'machine1', scan)], want: '' },
    { name: 'satisfies required PodAffinity with the NotIn operator that matches the existing pod', pod: withTerms('p', s1, [term('region', 'service', 'NotIn', ['securityscan3', 'value3'])]), pods: [on('e', 'machine1', scan)], want: '' },
    { name: 'does not satisfy PodAffinity because of a different namespace', pod: withTerms('p', s1, [term('region', 'service', 'In', ['securityscan', 'value2'], { namespaces: ['DiffNameSpace'] })]), pods: [on('e', 'machine1', scan, 'ns')], want: AFF },
    { name: 'does not satisfy PodAffinity because of an unmatching labelSelector', pod: withTerms('p', scan, [term('region', 'service', 'In', ['antivirusscan', 'value2'])]), pods: [on('e', 'machine1', scan)], want: AFF },
    { name: 'satisfies PodAffinity with different label operators in multiple terms', pod: withTerms('p', s1, [{ labelSelector: { matchExpressions: [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' }, { labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['securityscan'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }] }, topologyKey: 'region' }]), pods: [on('e', 'machine1', scan)], want: '' },
    { name: 'the requirements of a labelSelector are ANDed: one that does not match fails', pod: withTerms('p', s1, [{ labelSelector: { matchExpressions: [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' }, { labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['securityscan2'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }] }, topologyKey: 'region' }]), pods: [on('e', 'machine1', scan)], want: AFF },
    { name: 'satisfies PodAffinity and PodAntiAffinity with the existing pod', pod: withTerms('p', s1, [scanIn], [antivirusByNode]), pods: [on('e', 'machine1', scan)], want: '' },
    { name: 'satisfies PodAffinity, PodAntiAffinity and the PodAntiAffinity symmetry with the existing pod', pod: withTerms('p', s1, [scanIn], [antivirusByNode]), pods: [withTerms('e', scan, [], [antivirusByNode], 'machine1')], want: '' },
    { name: 'satisfies PodAffinity but not PodAntiAffinity with the existing pod', pod: withTerms('p', s1, [scanIn], [term('zone', 'service', 'In', ['securityscan', 'value2'])]), pods: [on('e', 'machine1', scan)], want: ANTI },
    { name: 'satisfies PodAffinity and PodAntiAffinity but not the PodAntiAffinity symmetry with the existing pod', pod: withTerms('p', scan, [scanIn], [antivirusByNode]), pods: [withTerms('e', scan, [], [term('zone', 'service', 'In', ['securityscan', 'value2'])], 'machine1')], want: EXISTING },
    { name: 'a pod that matches its own NotIn affinity term does not get the first-pod exception', pod: withTerms('p', scan, [term('region', 'service', 'NotIn', ['securityscan', 'value2'])]), pods: [on('e', 'machine2', scan)], want: AFF },
    { name: 'existing pod\'s PodAntiAffinity is respected when the pod has none: violated', pod: pod('p', { labels: scan }), pods: [withTerms('e', scan, [], [term('zone', 'service', 'In', ['securityscan', 'value2'])], 'machine1')], want: EXISTING },
    { name: 'existing pod\'s PodAntiAffinity is respected when the pod has none: satisfied', pod: pod('p', { labels: scan }), pods: [withTerms('e', scan, [], [term('zone', 'service', 'NotIn', ['securityscan', 'value2'])], 'machine1')], want: '' },
    { name: 'satisfies existing pod\'s PodAntiAffinity but not its own', pod: withTerms('p', scan, [], [term('zone', 'service', 'Exists'), term('zone', 'security', 'Exists')]), pods: [withTerms('e', s1, [], [term('zone', 'security', 'Exists')], 'machine1')], want: ANTI },
    { name: 'PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other', pod: withTerms('p', s1, [], [term('zone', 'security', 'Exists')]), pods: [withTerms('e', scan, [], [term('zone', 'service', 'Exists'), term('zone', 'security', 'Exists')], 'machine1')], want: EXISTING },
    { name: 'PodAntiAffinity symmetry check b1: both violated, the incoming pod\'s anti-affinity is checked first', pod: withTerms('p', { abc: '', xyz: '' }, [], [term('zone', 'abc', 'Exists'), term('zone', 'def', 'Exists')]), pods: [withTerms('e', { def: '', xyz: '' }, [], [term('zone', 'abc', 'Exists'), term('zone', 'def', 'Exists')], 'machine1')], want: ANTI },
    { name: 'PodAntiAffinity symmetry check b2', pod: withTerms('p', { def: '', xyz: '' }, [], [term('zone', 'abc', 'Exists'), term('zone', 'def', 'Exists')]), pods: [withTerms('e', { abc: '', xyz: '' }, [], [term('zone', 'abc', 'Exists'), term('zone', 'def', 'Exists')], 'machine1')], want: ANTI },
  ])('$name', ({ pod: p, pods, want }) => {
    expect(verdicts(p, [node1], pods)).toEqual([want]);
  });
});

describe('InterPodAffinity Filter on several nodes (TestRequiredAffinityMultipleNodes)', () => {
  const china = { region: 'China' };
  const chinaAz1 = { region: 'China', az: 'az1' };
  const india = { region: 'India' };
  const zones = (...zs: string[]) => zs.map((z, i) => node(`node${'ABC'[i]}`, { region: 'r1', zone: z, hostname: `node${'ABC'[i]}` }));

  it.each([
    { name: 'a pod fits all nodes of the topology value where an existing pod matches the affinity', pod: withTerms('p', {}, [term('region', 'foo', 'In', ['bar'])]), nodes: [node('machine1', china), node('machine2', chinaAz1), node('machine3', india)], pods: [on('p1', 'machine1', { foo: 'bar' })], want: ['', '', AFF] },
    { name: 'the first pod of a collection whose affinity selects itself is not blocked', pod: withTerms('p', { foo: 'bar', service: 'securityscan' }, [term('zone', 'foo', 'In', ['bar']), term('zone', 'service', 'In', ['securityscan'])]), nodes: [node('nodeA', { zone: 'az1', hostname: 'h1' }), node('nodeB', { zone: 'az2', hostname: 'h2' })], pods: [on('p1', 'nodeA', { foo: 'bar' })], want: ['', ''] },
    { name: 'nodeA and nodeB share a region where an existing pod matches the anti-affinity', pod: withTerms('p', {}, [], [term('region', 'foo', 'In', ['abc'])]), nodes: [node('nodeA', { region: 'r1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', hostname: 'nodeB' })], pods: [on('e', 'nodeA', { foo: 'abc' })], want: [ANTI, ANTI] },
    { name: 'anti-affinity matches a pod when any term matches', pod: withTerms('p', {}, [], [term('region', 'foo', 'In', ['abc']), term('zone', 'service', 'In', ['securityscan'])]), nodes: zones('z1', 'z2'), pods: [on('e', 'nodeA', { foo: 'abc', service: 'securityscan' })], want: [ANTI, ANTI] },
    { name: 'the pod can go to nodeC in another region', pod: withTerms('p', {}, [], [term('region', 'foo', 'In', ['abc'])]), nodes: [node('nodeA', china), node('nodeB', chinaAz1), node('nodeC', india)], pods: [on('e', 'nodeA', { foo: 'abc' })], want: [ANTI, ANTI, ''] },
    { name: 'an existing pod in another namespace does not repel the pod', pod: withTerms('p', { foo: '123' }, [], [term('region', 'foo', 'In', ['bar'])], undefined, 'NS1'), nodes: [node('nodeA', china), node('nodeB', chinaAz1), node('nodeC', india)], pods: [on('e', 'nodeA', { foo: 'bar' }, 'NS1'), withTerms('f', {}, [], [term('region', 'foo', 'In', ['123'])], 'nodeC', 'NS2')], want: [ANTI, ANTI, ''] },
    { name: 'existing pod\'s anti-affinity: the topology key must exist on the node too', pod: pod('p', { labels: { foo: '' } }), nodes: zones('z1', 'z1'), pods: [withTerms('e', {}, [], [term('invalid-node-label', 'foo', 'Exists')], 'nodeA')], want: ['', ''] },
    { name: 'incoming pod\'s anti-affinity: even if the selector matches, the topology key must match', pod: withTerms('p', {}, [], [term('invalid-node-label', 'foo', 'Exists')]), nodes: zones('z1', 'z1'), pods: [on('e', 'nodeA', { foo: '' })], want: ['', ''] },
    { name: 'existing pods\' anti-affinity: the pod violates each pod\'s terms on all nodes', pod: pod('p', { labels: { foo: '', bar: '' } }), nodes: zones('z1', 'z2'), pods: [withTerms('e1', {}, [], [term('zone', 'foo', 'Exists')], 'nodeA'), withTerms('e2', {}, [], [term('region', 'bar', 'Exists')], 'nodeA')], want: [EXISTING, EXISTING] },
    { name: 'incoming pod\'s anti-affinity: violates at least one rule of the existing pods', pod: withTerms('p', {}, [], [term('zone', 'foo', 'Exists'), term('region', 'bar', 'Exists')]), nodes: zones('z1', 'z2'), pods: [on('e1', 'nodeA', { foo: '' }), on('e2', 'nodeB', { bar: '' })], want: [ANTI, ANTI] },
    { name: 'existing pod\'s anti-affinity: a term with an invalid topology key counts nowhere', pod: pod('p', { labels: { foo: '', bar: '' } }), nodes: zones('z1', 'z2'), pods: [withTerms('e', {}, [], [term('invalid-node-label', 'foo', 'Exists'), term('zone', 'bar', 'Exists')], 'nodeA')], want: [EXISTING, ''] },
    { name: 'incoming pod\'s anti-affinity: a term with an invalid topology key counts nowhere', pod: withTerms('p', {}, [], [term('invalid-node-label', 'foo', 'Exists'), term('zone', 'bar', 'Exists')]), nodes: zones('z1', 'z2'), pods: [on('podA', 'nodeA', { foo: '', bar: '' })], want: [ANTI, ''] },
    { name: 'existing pod\'s anti-affinity with all valid topology keys', pod: pod('p', { labels: { foo: '', bar: '' } }), nodes: zones('z1', 'z2'), pods: [withTerms('e', {}, [], [term('region', 'foo', 'Exists'), term('zone', 'bar', 'Exists')], 'nodeA')], want: [EXISTING, EXISTING] },
    { name: 'incoming pod\'s anti-affinity with all valid topology keys', pod: withTerms('p', {}, [], [term('region', 'foo', 'Exists'), term('zone', 'bar', 'Exists')]), nodes: zones('z1', 'z2'), pods: [on('e', 'nodeA', { foo: '', bar: '' })], want: [ANTI, ANTI] },
  ])('$name', ({ pod: p, nodes, pods, want }) => {
    expect(verdicts(p, nodes, pods)).toEqual(want);
  });
});

describe('InterPodAffinity namespaces, namespaceSelector and label keys', () => {
  const nodes = [node('n1', { zone: 'z1' }), node('n2', { zone: 'z2' })];
  const team1 = { namespaceSelector: { matchLabels: { team: 'team1' } } };

  it('the incoming pod\'s anti-affinity reaches the namespaces its namespaceSelector selects', () => {
    const p = withTerms('p', {}, [], [term('zone', 'app', 'In', ['db'], team1)], undefined, 'subteam1.team1');
    expect(verdicts(p, nodes, [on('a', 'n1', { app: 'db' }, 'subteam2.team1'), on('b', 'n2', { app: 'db' }, 'subteam1.team2')])).toEqual([ANTI, '']);
  });

  it('an existing pod\'s anti-affinity selects the incoming pod through its namespace\'s labels', () => {
    const existing = withTerms('e', {}, [], [term('zone', 'app', 'In', ['web'], team1)], 'n1', 'subteam1.team2');
    expect(verdicts(pod('p', { labels: { app: 'web' }, namespace: 'subteam2.team1' }), nodes, [existing])).toEqual([EXISTING, '']);
    expect(verdicts(pod('p', { labels: { app: 'web' }, namespace: 'subteam1.team2' }), nodes, [existing])).toEqual(['', '']);
  });

  it('an empty namespaceSelector selects every namespace', () => {
    const p = withTerms('p', {}, [term('zone', 'app', 'In', ['db'], { namespaceSelector: {} })]);
    expect(verdicts(p, nodes, [on('a', 'n2', { app: 'db' }, 'elsewhere')])).toEqual([AFF, '']);
  });

  it('matchLabelKeys and mismatchLabelKeys add the pod\'s own values to the selector', () => {
    const p = withTerms('p', { app: 'web', version: 'v2' }, [term('zone', 'app', 'Exists', undefined, { matchLabelKeys: ['version'] })]);
    expect(verdicts(p, nodes, [on('a', 'n1', { app: 'web', version: 'v1' }), on('b', 'n2', { app: 'web', version: 'v2' })])).toEqual([AFF, '']);
    const q = withTerms('q', { app: 'web', version: 'v2' }, [], [term('zone', 'app', 'Exists', undefined, { mismatchLabelKeys: ['version'] })]);
    expect(verdicts(q, nodes, [on('a', 'n1', { app: 'web', version: 'v1' }), on('b', 'n2', { app: 'web', version: 'v2' })])).toEqual([ANTI, '']);
  });
});

describe('InterPodAffinity PreFilter Skip, errors and preemption updates', () => {
  const nodes = [node('nodeA', { hostname: 'a' }), node('nodeB', { hostname: 'b' })];

  it('Skips when neither the pod nor any existing pod\'s required anti-affinity matters', () => {
    expect(preFilter(pod('p', { labels: { app: 'x' } }), nodes, [on('e', 'nodeA', { app: 'x' })]).status.code).toBe(Code.Skip);
    const repelsOthers = withTerms('e', {}, [], [term('hostname', 'app', 'In', ['y'])], 'nodeA');
    expect(preFilter(pod('p', { labels: { app: 'x' } }), nodes, [repelsOthers]).status.code).toBe(Code.Skip);
    expect(preFilter(pod('p', { labels: { app: 'y' } }), nodes, [repelsOthers]).status.code).toBe(Code.Success);
  });

  it('an invalid selector makes the pod unresolvable', () => {
    const bad = withTerms('p', {}, [{ labelSelector: { matchExpressions: [{ key: 'a', operator: 'In', values: ['{{.bad-value.}}'] }] }, topologyKey: 'hostname' }]);
    const { status } = preFilter(bad, nodes, []);
    expect(status.code).toBe(Code.UnschedulableAndUnresolvable);
    expect(status.message()).toMatch(/^parsing pod: /);
  });

  it('AddPod and RemovePod update all three counts; a clone keeps its own', () => {
    const incoming = withTerms('p', { app: 'web' }, [term('hostname', 'tier', 'In', ['db'])], [term('hostname', 'app', 'In', ['web'])]);
    const { p, infos, state } = preFilter(incoming, nodes, [on('db', 'nodeB', { tier: 'db' })]);
    const filter = () => infos.map((n) => p.filter(state, incoming, n).reasons[0] ?? '');
    expect(filter()).toEqual([AFF, '']);
    const before = state.read<AffinityFilterState>('PreFilterInterPodAffinity')!.clone();
    const db = on('db2', 'nodeA', { tier: 'db' });
    p.addPod(state, incoming, db, infos[0]);
    expect(filter()).toEqual(['', '']);
    const web = on('web1', 'nodeB', { app: 'web' });
    p.addPod(state, incoming, web, infos[1]);
    expect(filter()).toEqual(['', ANTI]);
    const repels = withTerms('r', {}, [], [term('hostname', 'app', 'In', ['web'])], 'nodeA');
    p.addPod(state, incoming, repels, infos[0]);
    expect(filter()).toEqual([EXISTING, ANTI]);
    p.removePod(state, incoming, repels, infos[0]);
    p.removePod(state, incoming, web, infos[1]);
    p.removePod(state, incoming, db, infos[0]);
    expect(filter()).toEqual([AFF, '']);
    expect([before.affinityCounts.hasAny(), before.affinityCounts.get(new Map([['hostname', 'a']]), 'hostname'), before.affinityCounts.get(new Map([['hostname', 'b']]), 'hostname')]).toEqual([true, 0, 1]);
  });

  it('validates hardPodAffinityWeight', () => {
    expect(() => new InterPodAffinity({ hardPodAffinityWeight: 101 }, handleOf([]), reader())).toThrow('hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]');
    expect(() => new InterPodAffinity({ hardPodAffinityWeight: -1 }, handleOf([]), reader())).toThrow('not in valid range [0, 100]');
  });
});
