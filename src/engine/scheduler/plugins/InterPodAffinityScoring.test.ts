// Upstream interpodaffinity/scoring_test.go cases: TestPreferredAffinity and
// TestPreferredAffinityWithHardPodAffinitySymmetricWeight.
import { describe, expect, it } from 'vitest';
import type { Affinity, Node, Pod, PodAffinityTerm } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { Code } from '../framework/status.ts';
import { InterPodAffinity, type InterPodAffinityArgs } from './InterPodAffinity.ts';
import { handleOf, node, pod, reader, snapshot, term } from './PodTopologySpread.fixtures.ts';

const namespaces = [
  { kind: 'Namespace', metadata: { name: 'subteam1.team1', labels: { team: 'team1' } } },
  { kind: 'Namespace', metadata: { name: 'subteam2.team1', labels: { team: 'team1' } } },
  { kind: 'Namespace', metadata: { name: 'subteam1.team2', labels: { team: 'team2' } } },
  { kind: 'Namespace', metadata: { name: 'subteam2.team2', labels: { team: 'team2' } } },
];

function run(incoming: Pod, nodes: Node[], pods: Pod[], args: InterPodAffinityArgs = { hardPodAffinityWeight: 1 }) {
  const infos = snapshot(nodes, pods);
  const p = new InterPodAffinity(args, handleOf(infos), reader(namespaces));
  const state = new CycleState();
  const status = p.preScore(state, incoming, infos);
  if (!status.isSuccess()) return { status, scores: [] as number[] };
  const scores = Float64Array.from(infos, (n) => p.score(state, incoming, n));
  p.normalizeScore(state, incoming, infos, scores);
  return { status, scores: [...scores] };
}

const china = { region: 'China' };
const india = { region: 'India' };
const az1 = { az: 'az1' };
const az2 = { az: 'az2' };
const chinaAz1 = { region: 'China', az: 'az1' };
const S1 = { security: 'S1' };
const S2 = { security: 'S2' };
const preferred = (weight: number, t: PodAffinityTerm) => ({ weight, podAffinityTerm: t });
const stayWithS1InRegion: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('region', 'security', 'In', ['S1']))] } };
const stayWithS2InRegion: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(6, term('region', 'security', 'In', ['S2']))] } };
const affinity3: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
  preferred(8, { labelSelector: { matchExpressions: [{ key: 'security', operator: 'NotIn', values: ['S1'] }, { key: 'security', operator: 'In', values: ['S2'] }] }, topologyKey: 'region' }),
  preferred(2, { labelSelector: { matchExpressions: [{ key: 'security', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' }),
] } };
const hardAffinity: Affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
  term('region', 'security', 'In', ['S1', 'value2']),
  { labelSelector: { matchExpressions: [{ key: 'security', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }] }, topologyKey: 'region' },
] } };
const awayFromS1InAz: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('az', 'security', 'In', ['S1']))] } };
const awayFromS2InAz: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('az', 'security', 'In', ['S2']))] } };
const stayWithS1InRegionAwayFromS2InAz: Affinity = {
  podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(8, term('region', 'security', 'In', ['S1']))] },
  podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('az', 'security', 'In', ['S2']))] },
};
const teamSelector = { namespaces: ['subteam2.team2'], namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } };
const affinityNamespaceSelector: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('region', 'security', 'In', ['S1'], teamSelector))] } };
const antiAffinityNamespaceSelector: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('region', 'security', 'In', ['S1'], teamSelector))] } };

const n = (name: string, labels: Record<string, string>) => node(name, labels);
const nodes3 = (a: Record<string, string>, b: Record<string, string>, c: Record<string, string>) => [n('node1', a), n('node2', b), n('node3', c)];
const at = (nodeName: string, labels: Record<string, string> = {}, affinity?: Affinity, namespace?: string) => pod('existing', { node: nodeName, labels, affinity, namespace });
/** Existing pods get unique names (their uids key the NodeInfo). */
const pods = (...ps: Pod[]) => ps.map((p, i) => ({ ...p, metadata: { ...p.metadata, name: `e${i}`, uid: `e${i}` } }));
const incoming = (labels: Record<string, string>, affinity?: Affinity, namespace?: string) => pod('p', { labels, affinity, namespace });

describe('InterPodAffinity Score (TestPreferredAffinity)', () => {
  const teamPods = pods(at('node1', S1, undefined, 'subteam1.team1'), at('node1', S1, undefined, 'subteam1.team1'), at('node1', S1, undefined, 'subteam1.team2'), at('node2', S1, undefined, 'subteam2.team1'));

  it.each([
    { name: 'Affinity: pod that matches topology key & pods in nodes will get high score comparing to others', pod: incoming(S1, stayWithS1InRegion), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1), at('node2', S2), at('node3', S1)), want: [100, 0, 0] },
    { name: 'All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score', pod: incoming({}, stayWithS1InRegion), nodes: nodes3(china, chinaAz1, india), pods: pods(at('node1', S1)), want: [100, 100, 0] },
    { name: 'Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score', pod: incoming(S1, stayWithS2InRegion), nodes: [n('node1', china), n('node2', india), n('node3', china), n('node4', china), n('node5', india)], pods: pods(at('node1', S2), at('node1', S2), at('node2', S2), at('node3', S2), at('node4', S2), at('node5', S2)), want: [100, 0, 100, 100, 0] },
    { name: 'Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures', pod: incoming(S1, affinity3), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1), at('node2', S2), at('node3', S1)), want: [20, 100, 0] },
    { name: 'Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry', pod: incoming(S2), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1, stayWithS1InRegion), at('node2', S2, stayWithS2InRegion)), want: [0, 100, 0] },
    { name: 'Affinity symmetry with namespace selector', pod: incoming(S1, undefined, 'subteam1.team1'), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1, affinityNamespaceSelector), at('node2', S2, stayWithS2InRegion)), want: [100, 0, 0] },
    { name: 'AntiAffinity symmetry with namespace selector', pod: incoming(S1, undefined, 'subteam1.team1'), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1, antiAffinityNamespaceSelector), at('node2', S2, stayWithS2InRegion)), want: [0, 100, 100] },
    { name: 'Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry', pod: incoming(S1), nodes: nodes3(china, india, az1), pods: pods(at('node1', S1, hardAffinity), at('node2', S2, hardAffinity)), want: [100, 100, 0] },
    { name: 'Anti Affinity: pod that does not match existing pods in node will get high score', pod: incoming(S1, awayFromS1InAz), nodes: [n('node1', az1), n('node2', china)], pods: pods(at('node1', S1), at('node2', S2)), want: [0, 100] },
    { name: 'Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others', pod: incoming(S1, awayFromS1InAz), nodes: [n('node1', az1), n('node2', china)], pods: pods(at('node1', S1), at('node2', S1)), want: [0, 100] },
    { name: 'Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score', pod: incoming(S1, awayFromS1InAz), nodes: [n('node1', az1), n('node2', india)], pods: pods(at('node1', S1), at('node1', S1), at('node2', S2)), want: [0, 100] },
    { name: 'Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score', pod: incoming(S2), nodes: [n('node1', az1), n('node2', az2)], pods: pods(at('node1', S1, awayFromS2InAz), at('node2', S2, awayFromS1InAz)), want: [0, 100] },
    { name: 'Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity', pod: incoming(S1, stayWithS1InRegionAwayFromS2InAz), nodes: [n('node1', china), n('node2', az1)], pods: pods(at('node1', S1), at('node2', S1)), want: [100, 0] },
    { name: 'Affinity and Anti Affinity: the pod to schedule and existing pods have the same labels', pod: incoming(S1, stayWithS1InRegionAwayFromS2InAz), nodes: [n('node1', chinaAz1), n('node2', india), n('node3', china), n('node4', china), n('node5', india)], pods: pods(at('node1', S1), at('node1', S1), at('node2', S1), at('node3', S1), at('node3', S1), at('node4', S1), at('node5', S1)), want: [100, 0, 100, 100, 0] },
    { name: 'Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry', pod: incoming(S1, stayWithS1InRegionAwayFromS2InAz), nodes: [n('node1', china), n('node2', az1), n('node3', india), n('node4', az2)], pods: pods(at('node1', S1), at('node2', S2), at('node3', {}, stayWithS1InRegionAwayFromS2InAz), at('node4', {}, awayFromS1InAz)), want: [100, 0, 100, 0] },
    { name: 'Avoid panic when partial nodes in a topology don\'t have pods with affinity', pod: incoming(S1), nodes: [n('node1', china), n('node2', china)], pods: pods(at('node1', S1), at('node2', {}, stayWithS1InRegionAwayFromS2InAz)), want: [0, 0] },
    { name: 'Affinity with pods matching NamespaceSelector', pod: incoming(S1, affinityNamespaceSelector, 'subteam1.team1'), nodes: [n('node1', china), n('node2', india)], pods: teamPods, want: [100, 0] },
    { name: 'AntiAffinity with pods matching NamespaceSelector', pod: incoming(S1, antiAffinityNamespaceSelector, 'subteam1.team1'), nodes: [n('node1', china), n('node2', india)], pods: teamPods, want: [0, 100] },
    { name: 'Do not ignore preferred terms of existing pods', pod: incoming(S2), nodes: [n('node1', china), n('node2', india)], pods: pods(at('node1', S1, stayWithS1InRegionAwayFromS2InAz), at('node2', S2, stayWithS2InRegion)), want: [0, 100] },
  ])('$name', ({ pod: p, nodes, pods: existing, want }) => {
    const r = run(p, nodes, existing);
    expect(r.status.code).toBe(Code.Success);
    expect(r.scores).toEqual(want);
  });

  it.each([
    { name: 'all nodes are same priority as Affinity is nil', pod: incoming(S1), nodes: nodes3(china, india, az1), pods: [], args: { hardPodAffinityWeight: 1 } },
    { name: 'Ignore preferred terms of existing pods', pod: incoming(S2), nodes: [n('node1', china), n('node2', india)], pods: pods(at('node1', S1, stayWithS1InRegionAwayFromS2InAz), at('node2', S2, stayWithS2InRegion)), args: { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: true } },
    { name: 'No nodes to score', pod: incoming(S2), nodes: [], pods: [], args: { hardPodAffinityWeight: 1 } },
  ])('PreScore Skips: $name', ({ pod: p, nodes, pods: existing, args }) => {
    expect(run(p, nodes, existing, args).status.code).toBe(Code.Skip);
  });

  it.each([
    ['invalid Affinity fails PreScore', { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(8, term('region', 'security', 'In', ['{{.bad-value.}}']))] } }],
    ['invalid AntiAffinity fails PreScore', { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [preferred(5, term('az', 'security', 'In', ['{{.bad-value.}}']))] } }],
  ])('%s', (_name, affinity) => {
    const r = run(incoming({}, affinity as Affinity), [n('node1', china), n('node2', china)], []);
    expect(r.status.code).toBe(Code.Error);
    expect(r.status.message()).toContain('Invalid value: "{{.bad-value.}}"');
  });
});

describe('InterPodAffinity Score with hardPodAffinityWeight (TestPreferredAffinityWithHardPodAffinitySymmetricWeight)', () => {
  const hardPodAffinity: Affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
    term('region', 'service', 'In', ['S1'], { namespaces: ['default', 'subteam2.team2'], namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } }),
  ] } };
  const existing = pods(at('node1', {}, hardPodAffinity), at('node2', {}, hardPodAffinity));
  const nodes = nodes3(china, india, az1);

  it.each([
    { name: 'with default weight', ns: undefined, weight: 1, want: [100, 100, 0] },
    { name: 'with matching NamespaceSelector', ns: 'subteam1.team1', weight: 1, want: [100, 100, 0] },
    { name: 'with matching Namespaces', ns: 'subteam2.team2', weight: 1, want: [100, 100, 0] },
  ])('$name', ({ ns, weight, want }) => {
    const r = run(incoming({ service: 'S1' }, undefined, ns), nodes, existing, { hardPodAffinityWeight: weight });
    expect(r.status.code).toBe(Code.Success);
    expect(r.scores).toEqual(want);
  });

  it.each([
    { name: 'with zero weight', ns: undefined, weight: 0 },
    { name: 'with no matching namespace', ns: 'subteam1.team2', weight: 1 },
  ])('PreScore Skips $name', ({ ns, weight }) => {
    expect(run(incoming({ service: 'S1' }, undefined, ns), nodes, existing, { hardPodAffinityWeight: weight }).status.code).toBe(Code.Skip);
  });

  it('the default hardPodAffinityWeight is 1', () => {
    expect(run(incoming({ service: 'S1' }), nodes, existing, {}).scores).toEqual([100, 100, 0]);
  });
});
