// Upstream podtopologyspread/filtering_test.go cases: TestPreFilterState, TestPreFilterStateAddPod/RemovePod,
// TestSingleConstraint and TestMultipleConstraints (v1.32: node inclusion policies, minDomains and
// matchLabelKeys enabled).
import { describe, expect, it } from 'vitest';
import type { Node, Pod, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { Code } from '../framework/status.ts';
import { PodTopologySpread, type PodTopologySpreadArgs } from './PodTopologySpread.ts';
import { exists, handleOf, labelsSelector, node, pod, reader, snapshot, spread, UNSCHEDULABLE_TAINT } from './PodTopologySpread.fixtures.ts';
import { ERR_REASON_CONSTRAINTS_NOT_MATCH, ERR_REASON_NODE_LABEL_NOT_MATCH, type SpreadFilterState } from './PodTopologySpreadFiltering.ts';

const foo = exists('foo');
const bar = exists('bar');
const zn = (name: string, zone: string, more: Record<string, string> = {}) => node(name, { zone, node: name, ...more });
const fourNodes = [zn('node-a', 'zone1'), zn('node-b', 'zone1'), zn('node-x', 'zone2'), zn('node-y', 'zone2')];
const on = (name: string, nodeName: string, labels: Record<string, string> = { foo: '' }, ns?: string) => pod(name, { node: nodeName, labels, namespace: ns });
const withSpread = (labels: Record<string, string>, ...spreads: TopologySpreadConstraint[]) => pod('p', { labels, spread: spreads });

function plugin(nodes: Node[], pods: Pod[], args: PodTopologySpreadArgs = { defaultingType: 'List' }, objects = reader()) {
  const infos = snapshot(nodes, pods);
  return { p: new PodTopologySpread(args, handleOf(infos), objects), infos };
}

function preFilter(incoming: Pod, nodes: Node[], pods: Pod[], args?: PodTopologySpreadArgs, objects = reader()) {
  const { p, infos } = plugin(nodes, pods, args, objects);
  const state = new CycleState();
  const { status } = p.preFilter(state, incoming, infos);
  return { p, infos, state, status, s: state.read<SpreadFilterState>('PreFilterPodTopologySpread') };
}

/** TpValueToMatchNum as plain objects, and critical paths with ties sorted by value (as upstream's comparer). */
const matchNums = (s: SpreadFilterState) => s.tpValueToMatchNum.map((m) => Object.fromEntries(m));
const critical = (s: SpreadFilterState) => s.criticalPaths.map(({ paths: [a, b] }) => {
  const pair = a.matchNum === b.matchNum && a.topologyValue > b.topologyValue ? [b, a] : [a, b];
  return pair.map((x) => [x.topologyValue, x.matchNum]);
});

describe('PodTopologySpread PreFilter state (TestPreFilterState)', () => {
  const existing5 = [on('p-a1', 'node-a'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-y1', 'node-y'), on('p-y2', 'node-y')];
  const existing7 = [...existing5, on('p-y3', 'node-y'), on('p-y4', 'node-y')];
  const threeNodes = (extra: Record<string, Record<string, string>> = {}) => [
    node('node-a', { node: 'node-a', ...extra.a }), node('node-b', { node: 'node-b', ...extra.b }), node('node-c', { node: 'node-c', ...extra.c })];
  const policyPods = [on('p-a', 'node-a', { bar: '' }), on('p-b', 'node-b', { bar: '' }), on('p-c', 'node-b', { bar: '' }), on('p-d', 'node-c', {})];

  it.each([
    { name: 'clean cluster with one spreadConstraint', pod: withSpread({ foo: '' }, spread(5, 'zone', 'DoNotSchedule', labelsSelector({ foo: 'bar' }))), pods: [], want: [{ zone1: 0, zone2: 0 }], paths: [[['zone1', 0], ['zone2', 0]]] },
    { name: 'normal case with one spreadConstraint', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', foo)), pods: existing5, want: [{ zone1: 3, zone2: 2 }], paths: [[['zone2', 2], ['zone1', 3]]] },
    { name: 'normal case with null label selector', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', undefined)), pods: existing5, want: [{ zone1: 0, zone2: 0 }], paths: [[['zone1', 0], ['zone2', 0]]] },
    { name: 'namespace mismatch doesn\'t count', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', foo)), pods: [on('p-a1', 'node-a'), on('p-a2', 'node-a', { foo: '' }, 'ns1'), on('p-b1', 'node-b'), on('p-y1', 'node-y', { foo: '' }, 'ns2'), on('p-y2', 'node-y')], want: [{ zone1: 2, zone2: 1 }], paths: [[['zone2', 1], ['zone1', 2]]] },
    { name: 'normal case with two spreadConstraints', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'node', 'DoNotSchedule', foo)), pods: existing7, want: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 }], paths: [[['zone1', 3], ['zone2', 4]], [['node-x', 0], ['node-b', 1]]] },
    { name: 'two spreadConstraints, and with podAffinity (node affinity excludes node-x)', pod: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'node', operator: 'NotIn', values: ['node-x'] }], spread: [spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'node', 'DoNotSchedule', foo)] }), pods: existing7, want: [{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-y': 4 }], paths: [[['zone1', 3], ['zone2', 4]], [['node-b', 1], ['node-a', 2]]] },
    { name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector isn\'t empty', pod: withSpread({ foo: '', bar: 'a' }, spread(1, 'zone', 'DoNotSchedule', foo, { matchLabelKeys: ['bar'] })), pods: [on('p-a1', 'node-a'), on('p-a2', 'node-a', { foo: '', bar: 'a' }), on('p-b1', 'node-b'), on('p-y1', 'node-y', { foo: '', bar: 'a' }), on('p-y2', 'node-y', { bar: '' })], want: [{ zone1: 1, zone2: 1 }], paths: [[['zone1', 1], ['zone2', 1]]] },
    { name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty', pod: withSpread({ foo: 'a' }, spread(1, 'zone', 'DoNotSchedule', {}, { matchLabelKeys: ['foo'] })), pods: existing5.map((p) => on(p.metadata!.name!, p.spec!.nodeName!, { foo: 'a' })), want: [{ zone1: 3, zone2: 2 }], paths: [[['zone2', 2], ['zone1', 3]]] },
    { name: 'key in matchLabelKeys is ignored when LabelSelector is nil', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', undefined, { matchLabelKeys: ['bar'] })), pods: existing5.map((p) => on(p.metadata!.name!, p.spec!.nodeName!, { foo: 'a' })), want: [{ zone1: 0, zone2: 0 }], paths: [[['zone1', 0], ['zone2', 0]]] },
    { name: 'two spreadConstraints with the same topologyKey', pod: withSpread({ foo: '', bar: '' }, spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'zone', 'DoNotSchedule', bar)), pods: [on('p-a1', 'node-a', { foo: '', bar: '' }), on('p-b1', 'node-b'), on('p-x1', 'node-x', { bar: '' }), on('p-y1', 'node-y', { foo: '', bar: '' }), on('p-y2', 'node-y', { bar: '' })], want: [{ zone1: 2, zone2: 1 }, { zone1: 1, zone2: 3 }], paths: [[['zone2', 1], ['zone1', 2]], [['zone1', 1], ['zone2', 3]]] },
  ])('$name', ({ pod: p, pods, want, paths }) => {
    const { status, s } = preFilter(p, fourNodes, pods);
    expect(status.code).toBe(Code.Success);
    expect(matchNums(s!)).toEqual(want);
    expect(critical(s!)).toEqual(paths);
  });

  it('on a 3-zone cluster the empty zone is the global minimum', () => {
    const nodes = [...fourNodes, zn('node-o', 'zone3'), zn('node-p', 'zone3')];
    const { s } = preFilter(withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', foo)), nodes, existing5);
    expect(matchNums(s!)).toEqual([{ zone1: 3, zone2: 2, zone3: 0 }]);
    expect(critical(s!)).toEqual([[['zone3', 0], ['zone2', 2]]]);
  });

  it('soft spreadConstraints are bypassed', () => {
    const nodes = [zn('node-a', 'zone1'), zn('node-b', 'zone1'), zn('node-y', 'zone2')];
    const { s } = preFilter(withSpread({ foo: '' }, spread(1, 'zone', 'ScheduleAnyway', foo), spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'node', 'ScheduleAnyway', foo), spread(1, 'node', 'DoNotSchedule', foo)), nodes, existing7);
    expect(s!.constraints.map((c) => c.topologyKey)).toEqual(['zone', 'node']);
    expect(matchNums(s!)).toEqual([{ zone1: 3, zone2: 4 }, { 'node-a': 2, 'node-b': 1, 'node-y': 4 }]);
  });

  it.each([
    { name: 'NodeAffinityPolicy honored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [spread(1, 'node', 'DoNotSchedule', bar)] }), nodes: threeNodes({ a: { foo: '' }, b: { foo: '' }, c: { bar: '' } }), want: { 'node-a': 1, 'node-b': 2 } },
    { name: 'NodeAffinityPolicy ignored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [spread(1, 'node', 'DoNotSchedule', bar, { nodeAffinityPolicy: 'Ignore' })] }), nodes: threeNodes({ a: { foo: '' }, b: { foo: '' }, c: { bar: '' } }), want: { 'node-a': 1, 'node-b': 2, 'node-c': 0 } },
    { name: 'NodeAffinityPolicy honored with nodeAffinity', pod: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'foo', operator: 'In', values: [''] }], spread: [spread(1, 'node', 'DoNotSchedule', bar)] }), nodes: threeNodes({ a: { foo: '' }, b: { foo: '' }, c: { bar: '' } }), want: { 'node-a': 1, 'node-b': 2 } },
    { name: 'NodeTaintsPolicy ignored', pod: withSpread({ foo: '' }, spread(1, 'node', 'DoNotSchedule', bar)), nodes: [...threeNodes().slice(0, 2), node('node-c', { node: 'node-c', bar: '' }, UNSCHEDULABLE_TAINT)], want: { 'node-a': 1, 'node-b': 2, 'node-c': 0 } },
    { name: 'NodeTaintsPolicy honored', pod: withSpread({ foo: '' }, spread(1, 'node', 'DoNotSchedule', bar, { nodeTaintsPolicy: 'Honor' })), nodes: [...threeNodes().slice(0, 2), node('node-c', { node: 'node-c', bar: '' }, UNSCHEDULABLE_TAINT)], want: { 'node-a': 1, 'node-b': 2 } },
    { name: 'NodeTaintsPolicy honored with tolerated taints', pod: pod('p', { labels: { foo: '' }, tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }], spread: [spread(1, 'node', 'DoNotSchedule', bar, { nodeTaintsPolicy: 'Honor' })] }), nodes: [...threeNodes().slice(0, 2), node('node-c', { node: 'node-c', bar: '' }, UNSCHEDULABLE_TAINT)], want: { 'node-a': 1, 'node-b': 2, 'node-c': 0 } },
  ])('$name', ({ pod: p, nodes, want }) => {
    const { s } = preFilter(p, nodes, policyPods);
    expect(matchNums(s!)).toEqual([want]);
  });

  it('two node inclusion constraints, zone: honor/ignore, node: ignore/ignore', () => {
    const nodes = [zn('node-a', 'zone1', { foo: '' }), zn('node-b', 'zone1'), zn('node-x', 'zone2', { foo: '' })];
    const p = pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'node', 'DoNotSchedule', foo, { nodeAffinityPolicy: 'Ignore' })] });
    const { s } = preFilter(p, nodes, [on('p-b1', 'node-b'), on('p-b2', 'node-b'), on('p-x1', 'node-x')]);
    expect(matchNums(s!)).toEqual([{ zone1: 0, zone2: 1 }, { 'node-a': 0, 'node-b': 2, 'node-x': 1 }]);
  });

  it('default constraints (List) take the selector of the Service that selects the pod', () => {
    const args: PodTopologySpreadArgs = { defaultingType: 'List', defaultConstraints: [
      { maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' },
      { maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' },
      { maxSkew: 5, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
    ] };
    const svc = { kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { selector: { foo: 'bar' } } };
    const { s } = preFilter(pod('p', { labels: { foo: 'bar', baz: 'kar' } }), [], [], args, reader([svc]));
    expect(s!.constraints.map((c) => [c.topologyKey, c.maxSkew, c.selector.toString()])).toEqual([['node', 3, 'foo=bar'], ['rack', 5, 'foo=bar']]);
    expect(matchNums(s!)).toEqual([{}, {}]);
  });

  it.each([
    { name: 'skip if not specified', pod: pod('p', { labels: { foo: '' } }), args: { defaultingType: 'List' as const }, objects: [] },
    { name: 'default constraints and a service that doesn\'t match', pod: pod('p', { labels: { foo: 'bar' } }), args: { defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' }] }, objects: [{ kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { selector: { baz: 'kep' } } }] },
    { name: 'default soft constraints and a service', pod: pod('p', { labels: { foo: 'bar' } }), args: { defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' }] }, objects: [{ kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { selector: { foo: 'bar' } } }] },
    { name: 'system defaults are soft only', pod: pod('p', { labels: { app: 'web' }, owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: true } }), args: {}, objects: [{ kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } } } }] },
  ])('PreFilter Skips: $name', ({ pod: p, args, objects }) => {
    expect(preFilter(p, [node('node-a', { zone: 'zone1', node: 'node-a' })], [], args, reader(objects)).status.code).toBe(Code.Skip);
  });

  it('an invalid selector is an error', () => {
    const bad = withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', { matchExpressions: [{ key: 'foo', operator: 'Bogus' }] }));
    const { status } = preFilter(bad, fourNodes, []);
    expect(status.code).toBe(Code.Error);
    expect(status.message()).toMatch(/^get constraints from pod: "Bogus" is not a valid label selector operator/);
  });
});

describe('PodTopologySpread AddPod / RemovePod (TestPreFilterStateAddPod, TestPreFilterStateRemovePod)', () => {
  const nodeSpread = withSpread({ foo: '' }, spread(1, 'node', 'DoNotSchedule', foo));
  const zoneNodeSpread = withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', foo), spread(1, 'node', 'DoNotSchedule', foo));
  const ab = [zn('node-a', 'zone1'), zn('node-b', 'zone1')];
  const abx = [zn('node-a', 'zone1'), zn('node-b', 'zone1'), zn('node-x', 'zone2')];

  it.each([
    { name: 'node a and b both impact current min match', preemptor: nodeSpread, added: on('p-a1', 'node-a'), existing: [], nodes: ab, want: [{ 'node-a': 1, 'node-b': 0 }], paths: [[['node-b', 0], ['node-a', 1]]] },
    { name: 'only node a impacts current min match', preemptor: nodeSpread, added: on('p-a1', 'node-a'), existing: [on('p-b1', 'node-b')], nodes: ab, want: [{ 'node-a': 1, 'node-b': 1 }], paths: [[['node-a', 1], ['node-b', 1]]] },
    { name: 'add a pod in a different namespace doesn\'t change topologyKeyToMinPodsMap', preemptor: nodeSpread, added: on('p-a1', 'node-a', { foo: '' }, 'ns1'), existing: [on('p-b1', 'node-b')], nodes: ab, want: [{ 'node-a': 0, 'node-b': 1 }], paths: [[['node-a', 0], ['node-b', 1]]] },
    { name: 'add pod on non-critical node won\'t trigger re-calculation', preemptor: nodeSpread, added: on('p-b2', 'node-b'), existing: [on('p-b1', 'node-b')], nodes: ab, want: [{ 'node-a': 0, 'node-b': 2 }], paths: [[['node-a', 0], ['node-b', 2]]] },
    { name: 'node a impacts topologyKeyToMinPodsMap on node, node x impacts it on zone', preemptor: zoneNodeSpread, added: on('p-a1', 'node-a'), existing: [on('p-b1', 'node-b'), on('p-b2', 'node-b'), on('p-x1', 'node-x')], nodes: abx, want: [{ zone1: 3, zone2: 1 }, { 'node-a': 1, 'node-b': 2, 'node-x': 1 }], paths: [[['zone2', 1], ['zone1', 3]], [['node-a', 1], ['node-x', 1]]] },
    { name: 'add a pod when scheduling a pod whose node affinity excludes the node', preemptor: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'foo', operator: 'NotIn', values: ['bar'] }], spread: [spread(1, 'zone', 'DoNotSchedule', foo)] }), added: on('p-a1', 'node-a', { foo: '', zone: 'zone1' }), existing: [on('p-a2', 'node-a', { foo: '', zone: 'zone1' }), on('p-b1', 'node-b', { foo: '', zone: 'zone2' })], nodes: [zn('node-a', 'zone1', { foo: 'bar' }), zn('node-b', 'zone2', { foo: '' })], want: [{ zone2: 1 }], paths: [[['zone2', 1], ['', 2147483647]]] },
  ])('AddPod: $name', ({ preemptor, added, existing, nodes, want, paths }) => {
    const { p, infos, state } = preFilter(preemptor, nodes, existing);
    p.addPod(state, preemptor, added, infos.find((i) => i.name === added.spec!.nodeName)!);
    const s = state.read<SpreadFilterState>('PreFilterPodTopologySpread')!;
    expect(matchNums(s)).toEqual(want);
    expect(critical(s)).toEqual(paths);
  });

  it('RemovePod: pods on node-a go, so node-a becomes the minimum; a clone keeps its own counts', () => {
    const existing = [on('p-a1', 'node-a'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-x1', 'node-x')];
    const { p, infos, state, s } = preFilter(zoneNodeSpread, abx, existing);
    const before = s!.clone();
    p.removePod(state, zoneNodeSpread, existing[0], infos[0]);
    p.removePod(state, zoneNodeSpread, existing[1], infos[0]);
    expect(matchNums(s!)).toEqual([{ zone1: 1, zone2: 1 }, { 'node-a': 0, 'node-b': 1, 'node-x': 1 }]);
    expect(s!.minMatchNum(1)).toBe(0);
    expect(matchNums(before)).toEqual([{ zone1: 3, zone2: 1 }, { 'node-a': 2, 'node-b': 1, 'node-x': 1 }]);
  });
});

describe('PodTopologySpread Filter (TestSingleConstraint, TestMultipleConstraints)', () => {
  const S = Code.Success, U = Code.Unschedulable, R = Code.UnschedulableAndUnresolvable;
  const existing213 = [on('p-a1', 'node-a'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-y1', 'node-y'), on('p-y2', 'node-y'), on('p-y3', 'node-y')];
  const nodeOnly = (n: string, more: Record<string, string> = {}) => node(n, { node: n, ...more });
  const abcPods = [on('p-a1', 'node-a'), on('p-a2', 'node-a'), on('p-b1', 'node-b'), on('p-b2', 'node-b'), on('p-c1', 'node-c')];
  const policyNodes = (tainted = false) => [nodeOnly('node-a', { foo: '' }), nodeOnly('node-b', { foo: '' }), nodeOnly('node-x', { foo: '' }), tainted ? node('node-y', { node: 'node-y' }, UNSCHEDULABLE_TAINT) : nodeOnly('node-y')];
  const policyPods = [on('p-b1', 'node-a'), on('p-b2', 'node-b'), on('p-y1', 'node-y')];
  const zone = (maxSkew = 1, sel = foo, more = {}) => spread(maxSkew, 'zone', 'DoNotSchedule', sel, more);
  const byNode = (maxSkew = 1, sel = foo, more = {}) => spread(maxSkew, 'node', 'DoNotSchedule', sel, more);

  it.each([
    { name: 'no existing pods', pod: withSpread({ foo: '' }, zone()), nodes: fourNodes, pods: [], want: [S, S, S, S] },
    { name: 'no existing pods, incoming pod doesn\'t match itself', pod: withSpread({ foo: '' }, zone(1, bar)), nodes: fourNodes, pods: [], want: [S, S, S, S] },
    { name: 'existing pods in a different namespace do not count', pod: withSpread({ foo: '' }, zone()), nodes: fourNodes, pods: [on('p-a1', 'node-a', { foo: '' }, 'ns1'), on('p-b1', 'node-a', { foo: '' }, 'ns2'), on('p-x1', 'node-x'), on('p-y1', 'node-y')], want: [S, S, U, U] },
    { name: 'existing pods do not match null selector', pod: withSpread({ foo: '' }, spread(1, 'zone', 'DoNotSchedule', undefined)), nodes: fourNodes, pods: [on('p-x1', 'node-x'), on('p-y1', 'node-y')], want: [S, S, S, S] },
    { name: 'pods spread across zones as 3/3, all nodes fit', pod: withSpread({ foo: '' }, zone()), nodes: fourNodes, pods: existing213, want: [S, S, S, S] },
    { name: 'pods spread across zones as 1/2 due to absence of label \'zone\' on node-b', pod: withSpread({ foo: '' }, zone()), nodes: [zn('node-a', 'zone1'), node('node-b', { zon: 'zone1', node: 'node-b' }), zn('node-x', 'zone2'), zn('node-y', 'zone2')], pods: [on('p-a1', 'node-a'), on('p-b1', 'node-b'), on('p-x1', 'node-x'), on('p-y1', 'node-y')], want: [S, R, U, U] },
    { name: 'pod cannot be scheduled as all nodes don\'t have label \'rack\'', pod: withSpread({ foo: '' }, spread(1, 'rack', 'DoNotSchedule', foo)), nodes: [zn('node-a', 'zone1'), zn('node-x', 'zone2')], pods: [], want: [R, R] },
    { name: 'pods spread across nodes as 2/1/0/3, only node-x fits', pod: withSpread({ foo: '' }, byNode()), nodes: fourNodes, pods: existing213, want: [U, U, S, U] },
    { name: 'pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit', pod: withSpread({ foo: '' }, byNode(2)), nodes: fourNodes, pods: existing213, want: [U, S, S, U] },
    { name: 'pods spread across nodes as 2/1/0/3, but pod doesn\'t match itself', pod: withSpread({ bar: '' }, byNode()), nodes: fourNodes, pods: existing213, want: [U, S, S, U] },
    { name: 'incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits', pod: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'node', operator: 'In', values: ['node-a', 'node-y'] }], spread: [byNode()] }), nodes: fourNodes, pods: existing213, want: [S, S, S, U] },
    { name: 'terminating Pods should be excluded', pod: withSpread({ foo: '' }, byNode()), nodes: [nodeOnly('node-a'), nodeOnly('node-b')], pods: [pod('p-a', { node: 'node-a', labels: { foo: '' }, terminating: true }), on('p-b', 'node-b')], want: [S, U] },
    { name: 'incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits', pod: pod('p', { labels: { foo: '' }, nodeAffinity: [{ key: 'node', operator: 'NotIn', values: ['node-b'] }], spread: [zone()] }), nodes: fourNodes, pods: [on('p-b1', 'node-b'), on('p-b2', 'node-b'), on('p-y1', 'node-y')], want: [S, S, U, U] },
    { name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node fits', pod: withSpread({ foo: '' }, byNode(2, foo, { minDomains: 4 })), nodes: [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c')], pods: abcPods, want: [U, U, S] },
    { name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes fit', pod: withSpread({ foo: '' }, byNode(2, foo, { minDomains: 2 })), nodes: [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c')], pods: abcPods, want: [S, S, S] },
    { name: 'pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth nodes fit', pod: withSpread({ foo: '' }, zone(2, foo, { minDomains: 3 })), nodes: fourNodes, pods: [on('p-b1', 'node-a'), on('p-b2', 'node-b'), on('p-y1', 'node-y')], want: [U, U, S, S] },
    { name: 'NodeAffinityPolicy honored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [byNode()] }), nodes: policyNodes(), pods: policyPods, want: [U, U, S, S] },
    { name: 'NodeAffinityPolicy ignored with labelSelectors', pod: pod('p', { labels: { foo: '' }, nodeSelector: { foo: '' }, spread: [byNode(1, foo, { nodeAffinityPolicy: 'Ignore' })] }), nodes: policyNodes(), pods: policyPods, want: [U, U, S, U] },
    { name: 'NodeTaintsPolicy honored', pod: withSpread({ foo: '' }, byNode(1, foo, { nodeTaintsPolicy: 'Honor' })), nodes: policyNodes(true), pods: policyPods, want: [U, U, S, S] },
    { name: 'NodeTaintsPolicy ignored', pod: withSpread({ foo: '' }, byNode()), nodes: policyNodes(true), pods: policyPods, want: [U, U, S, U] },
    { name: 'two Constraints on zone and node, spreads = [3/3, 2/1/0/3]', pod: withSpread({ foo: '' }, zone(), byNode()), nodes: fourNodes, pods: existing213, want: [U, U, S, U] },
    { name: 'two Constraints on zone and node, spreads = [3/4, 2/1/0/4]', pod: withSpread({ foo: '' }, zone(), byNode()), nodes: fourNodes, pods: [...existing213, on('p-y4', 'node-y')], want: [U, U, U, U] },
    { name: 'Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]', pod: withSpread({ foo: '', bar: '' }, zone(), byNode(1, bar)), nodes: fourNodes, pods: [on('p-a1', 'node-a'), on('p-y1', 'node-y', { bar: '' })], want: [U, U, S, U] },
  ])('$name', ({ pod: p, nodes, pods, want }) => {
    const { p: pl, infos, state, status } = preFilter(p, nodes, pods);
    expect(status.code).toBe(Code.Success);
    expect(infos.map((n) => pl.filter(state, p, n).code)).toEqual(want);
  });

  it('says why with the upstream reasons', () => {
    const p = withSpread({ foo: '' }, zone());
    const nodes = [zn('node-a', 'zone1'), node('node-b', { node: 'node-b' }), zn('node-x', 'zone2')];
    const { p: pl, infos, state } = preFilter(p, nodes, [on('p-x1', 'node-x')]);
    expect(infos.map((n) => pl.filter(state, p, n).reasons)).toEqual([[], [ERR_REASON_NODE_LABEL_NOT_MATCH], [ERR_REASON_CONSTRAINTS_NOT_MATCH]]);
    expect(ERR_REASON_NODE_LABEL_NOT_MATCH).toBe("node(s) didn't match pod topology spread constraints (missing required label)");
  });
});

describe('PodTopologySpreadArgs validation (ValidatePodTopologySpreadArgs)', () => {
  const h = handleOf([]);
  it.each([
    [{ defaultingType: 'System' as const, defaultConstraints: [{ maxSkew: 1, topologyKey: 'key', whenUnsatisfiable: 'DoNotSchedule' }] }, 'defaultingType: Invalid value: "System": when .defaultConstraints are not empty'],
    [{ defaultingType: 'Other' as never }, 'defaultingType: Unsupported value: "Other": supported values: "System", "List"'],
    [{ defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 0, topologyKey: 'k', whenUnsatisfiable: 'DoNotSchedule' }] }, 'defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)'],
    [{ defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 1, topologyKey: '', whenUnsatisfiable: 'DoNotSchedule' }] }, 'defaultConstraints[0].topologyKey: Required value: can not be empty'],
    [{ defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 1, topologyKey: 'k', whenUnsatisfiable: 'Sometimes' }] }, 'defaultConstraints[0].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"'],
    [{ defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 1, topologyKey: 'k', whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} }] }, 'defaultConstraints[0].labelSelector: Forbidden: constraint must not define a selector, as they deduced for each pod'],
    [{ defaultingType: 'List' as const, defaultConstraints: [{ maxSkew: 1, topologyKey: 'k', whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 2, topologyKey: 'k', whenUnsatisfiable: 'DoNotSchedule' }] }, 'defaultConstraints[1]: Duplicate value: "{k, DoNotSchedule}"'],
  ])('%j → %s', (args, want) => {
    expect(() => new PodTopologySpread(args as PodTopologySpreadArgs, h, reader())).toThrow(want);
  });
});
