// The cluster map's layout: cards in name order with their pods, groups by zone/pool/GPU label, aggregated
// tiles past the detail budget with a focus path down to cards, and merges that keep unchanged flow nodes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NodeView, PodView } from '../../worker/protocol.ts';
import { emptyToneCounts, groupKey, resolveGroupBy, summarize } from './grouping.ts';
import {
  DETAIL_NODES, HEADER_HEIGHT, LANE_ID, LANE_TILES, layoutCluster, mergeNodes, NODE_WIDTH, PADDING, TILE, TILES_PER_ROW, type MapNode,
} from './layout.ts';
import { DEFAULT_FILTERS, parseFilters, podPasses, withFilters } from './filters.ts';
import { groupByNode } from './shownPods.ts';
import { podMotion, podTone, tilesByMotion } from './tone.ts';

function node(name: string, labels: Record<string, string> = {}, o: Partial<NodeView> = {}): NodeView {
  const amounts = { cpuMilli: 4000, memoryBytes: 16 * 2 ** 30, pods: 110 };
  return { name, ready: true, roles: [], capacity: amounts, allocatable: amounts, requested: { cpuMilli: 500, memoryBytes: 2 ** 30, pods: 2 }, labels, unschedulable: false, taints: [], createdMs: 0, ...o };
}

function pod(name: string, nodeName = '', o: Partial<PodView> = {}): PodView {
  return {
    key: `default/${name}`, namespace: 'default', name, uid: name, nodeName, phase: 'Running', status: 'Running', ready: '1/1',
    restarts: 0, ownerKind: 'ReplicaSet', ownerName: 'web-1', cpuMilli: 100, memoryBytes: 1, podIP: '', terminating: false, createdMs: 0, ...o,
  };
}

const cards = (out: MapNode[]) => out.filter((n) => n.type === 'kubeNode');

describe('cluster map layout', () => {
  it('lays nodes out by natural name order, pods inside their node, the lane below', () => {
    const l = layoutCluster({ nodes: [node('w10'), node('w2'), node('w1')], podsByNode: groupByNode([pod('b', 'w2'), pod('a', 'w2'), pod('pending'), pod('lost', 'gone')]) });
    expect(l.level).toBe('detail');
    expect(l.nodes.map((n) => n.id)).toEqual(['node:w1', 'node:w2', 'node:w10', LANE_ID]);
    expect(cards(l.nodes).map((n) => n.position.x)).toEqual([0, 1, 2].map((i) => i * (NODE_WIDTH + 28)));
    const lane = l.nodes[3];
    expect(lane.position.y).toBeGreaterThan(l.nodes[0].height!);
    expect(lane.width).toBe(3 * NODE_WIDTH + 2 * 28);
    const w2 = l.nodes[1];
    expect(w2.type === 'kubeNode' && w2.data.tiles.map((p) => p?.name)).toEqual(['a', 'b']);
    expect(lane.type === 'lane' && lane.data.pods.map((p) => p?.name)).toEqual(['lost', 'pending']);
    // Traffic edges find every drawn pod: the first tile of w2 sits right under its header.
    expect(l.podAt.get('default/a')).toEqual({ x: w2.position.x + PADDING + TILE / 2, y: HEADER_HEIGHT + TILE / 2 });
    for (const n of l.nodes) expect(n.width! > 0 && n.height! > 0).toBe(true);
  });

  it('grows a node for many pods and keeps a grid row the same height', () => {
    const many = Array.from({ length: TILES_PER_ROW * 4 + 1 }, (_, i) => pod(`p${i}`, 'w1'));
    const l = layoutCluster({ nodes: [node('w1'), node('w2')], podsByNode: groupByNode(many) });
    const [w1, w2] = cards(l.nodes);
    expect(w1.height).toBeGreaterThan(HEADER_HEIGHT + 4 * 23);
    expect(w2.height).toBe(w1.height);
  });

  it('bands nodes by zone (auto), unlabeled last, with each band summing its nodes', () => {
    const zone = (z: string) => ({ 'topology.kubernetes.io/zone': z });
    const l = layoutCluster({ nodes: [node('c', zone('zone-b')), node('a', zone('zone-a')), node('x'), node('b', zone('zone-a'))], podsByNode: groupByNode([pod('p', 'a'), pod('q', 'c', { phase: 'Pending', status: 'ContainerCreating' })]) });
    expect(l.groupBy).toBe('zone');
    const bands = l.nodes.filter((n) => n.type === 'band');
    expect(bands.map((b) => b.type === 'band' && [b.data.summary.key, b.data.summary.nodes, b.data.summary.podTotal])).toEqual([
      ['zone-a', 2, 1], ['zone-b', 1, 1], ['~', 1, 0],
    ]);
    // Bands stack top to bottom, and each band's cards sit inside it.
    for (const b of bands) {
      const members = cards(l.nodes).filter((c) => c.type === 'kubeNode' && (groupKey(c.data.view, 'zone') || '~') === (b.type === 'band' && b.data.summary.key));
      for (const c of members) expect(c.position.y > b.position.y && c.position.y + c.height! <= b.position.y + b.height!).toBe(true);
    }
  });

  it('picks zone, then pool, then GPU model for auto grouping', () => {
    expect(resolveGroupBy([node('a', { 'cloud.google.com/gke-nodepool': 'p1' })], 'auto')).toBe('pool');
    expect(resolveGroupBy([node('a', { 'nvidia.com/gpu.product': 'A100' })], 'auto')).toBe('gpu');
    expect(resolveGroupBy([node('a')], 'auto')).toBe('none');
    expect(groupKey(node('a', { 'failure-domain.beta.kubernetes.io/zone': 'old' }), 'zone')).toBe('old');
  });

  it('aggregates a large cluster into tiles per group, and a focus path leads down to cards', () => {
    const nodes = Array.from({ length: 500 }, (_, i) => node(`n${i}`, { 'topology.kubernetes.io/zone': `zone-${i % 2 ? 'b' : 'a'}` }));
    const pods = nodes.map((n, i) => pod(`p${i}`, n.name, i % 10 ? {} : { phase: 'Pending', status: 'ContainerCreating' }));
    const top = layoutCluster({ nodes, podsByNode: groupByNode(pods) });
    expect(top.level).toBe('groups');
    const tiles = top.nodes.filter((n) => n.type === 'aggregate');
    expect(tiles.map((n) => n.type === 'aggregate' && [n.data.summary.key, n.data.summary.nodes, n.data.summary.podTotal, n.data.summary.pods.pending])).toEqual([
      ['zone-a', 250, 250, 50], ['zone-b', 250, 250, 0],
    ]);
    const zoneA = layoutCluster({ nodes, podsByNode: groupByNode(pods), focus: 'zone-a' });
    expect(zoneA.level).toBe('groups');
    const slices = zoneA.nodes.filter((n) => n.type === 'aggregate');
    expect(slices.length).toBe(Math.ceil(250 / DETAIL_NODES));
    expect(slices.reduce((s, n) => s + (n.type === 'aggregate' ? n.data.summary.nodes : 0), 0)).toBe(250);
    const slice = layoutCluster({ nodes, podsByNode: groupByNode(pods), focus: 'zone-a#1' });
    expect(slice.level).toBe('detail');
    expect(cards(slice.nodes)).toHaveLength(DETAIL_NODES);
    expect(slice.crumbs.map((c) => c.focus)).toEqual(['', 'zone-a', 'zone-a#1']);
    // A focus that no longer exists falls back to the whole cluster.
    expect(layoutCluster({ nodes, podsByNode: groupByNode(pods), focus: 'zone-q' }).crumbs.map((c) => c.focus)).toEqual(['']);
  });

  it('slices an ungrouped large cluster by name, and the lane draws at most LANE_TILES pods', () => {
    const nodes = Array.from({ length: 130 }, (_, i) => node(`w${i}`));
    const pending = Array.from({ length: LANE_TILES + 5 }, (_, i) => pod(`x${i}`));
    const l = layoutCluster({ nodes, podsByNode: groupByNode(pending) });
    const tiles = l.nodes.filter((n) => n.type === 'aggregate');
    expect(tiles.map((n) => n.id)).toEqual(['group:*#0', 'group:*#1', 'group:*#2']);
    const lane = l.nodes.find((n) => n.type === 'lane')!;
    expect(lane.type === 'lane' && [lane.data.pods.length, lane.data.podCount]).toEqual([LANE_TILES, LANE_TILES + 5]);
  });

  it('summaries add up what their nodes hold (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ cpu: fc.nat(64000), gpus: fc.nat(8), pods: fc.nat(20), ready: fc.boolean() }), { maxLength: 40 }), (specs) => {
        const nodes = specs.map((s, i) => node(`n${i}`, {}, { ready: s.ready, allocatable: { cpuMilli: s.cpu, memoryBytes: 1, pods: 110, gpus: s.gpus }, requested: { cpuMilli: s.cpu / 2, memoryBytes: 0, pods: s.pods } }));
        const byNode = new Map(nodes.map((n, i) => [n.name, Array.from({ length: specs[i].pods }, (_, j) => pod(`${n.name}-${j}`, n.name))]));
        const s = summarize('k', 'k', nodes, byNode);
        expect(s.nodes).toBe(specs.length);
        expect(s.readyNodes).toBe(specs.filter((x) => x.ready).length);
        expect(s.allocatable.gpus).toBe(specs.reduce((a, x) => a + x.gpus, 0));
        expect(s.podTotal).toBe(specs.reduce((a, x) => a + x.pods, 0));
        expect(Object.values(s.pods).reduce((a, b) => a + b, 0)).toBe(s.podTotal);
      }),
    );
  });

  it('summaries count pods by state right across changes, a node recounted when its list is new (property)', () => {
    const statuses = fc.constantFrom('Running', 'Pending', 'Terminating', 'CrashLoopBackOff', 'Completed');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(11), statuses), { maxLength: 30 }), (changes) => {
        const nodes = [node('w1'), node('w2'), node('w3')];
        let pods = Array.from({ length: 12 }, (_, i) => pod(`p${i}`, `w${(i % 3) + 1}`));
        let byNode = groupByNode(pods);
        for (const [i, status] of changes) {
          pods = pods.map((p, j) => (j === i ? { ...p, status, phase: status === 'Pending' ? 'Pending' : p.phase } : p));
          // As the map's ShownPods: a new list for the node whose pods changed, the others' lists kept.
          const changed = pods[i].nodeName;
          byNode = new Map([...byNode].map(([name, list]) => [name, name === changed ? pods.filter((p) => p.nodeName === name) : list]));
          const direct = emptyToneCounts();
          for (const p of pods) direct[podTone(p)]++;
          expect(summarize('k', 'k', nodes, byNode).pods).toEqual(direct);
        }
      }),
    );
  });

  it('merge keeps unchanged flow nodes and returns the same array when nothing changed', () => {
    const nodes = [node('w1'), node('w2')];
    const pods = [pod('a', 'w1')];
    const first = layoutCluster({ nodes, podsByNode: groupByNode(pods) }).nodes;
    expect(mergeNodes(first, layoutCluster({ nodes, podsByNode: groupByNode(pods) }).nodes)).toBe(first);
    const moved = mergeNodes(first, layoutCluster({ nodes, podsByNode: groupByNode([pods[0], pod('b', 'w1')]) }).nodes);
    expect(moved).not.toBe(first);
    expect(moved.find((n) => n.id === 'node:w2')).toBe(first.find((n) => n.id === 'node:w2'));
    expect(moved.find((n) => n.id === 'node:w1')).not.toBe(first.find((n) => n.id === 'node:w1'));
  });
});

describe('map filters', () => {
  it('round-trips through the query string, keeping other parameters and leaving defaults out', () => {
    const f = { ...DEFAULT_FILTERS, mode: 'owners' as const, namespace: 'shop', selector: 'app in (web,api),tier!=db', state: 'pending' as const, focus: 'zone-a#2' };
    const q = withFilters('?test', f);
    expect(q.startsWith('?test=&map=owners&ns=shop&')).toBe(true);
    expect(parseFilters(q)).toEqual(f);
    expect(withFilters(q, DEFAULT_FILTERS)).toBe('?test=');
    expect(parseFilters('?state=bogus&group=nope')).toEqual(DEFAULT_FILTERS);
  });

  it('passes a pod only when every filter agrees', () => {
    const p = pod('web-1-x', 'w1', { namespace: 'shop', key: 'shop/web-1-x' });
    expect(podPasses(p, DEFAULT_FILTERS)).toBe(true);
    expect(podPasses(p, { ...DEFAULT_FILTERS, namespace: 'default' })).toBe(false);
    expect(podPasses(p, { ...DEFAULT_FILTERS, kind: 'StatefulSet' })).toBe(false);
    expect(podPasses(p, { ...DEFAULT_FILTERS, state: 'running', search: 'WEB' })).toBe(true);
    expect(podPasses(p, DEFAULT_FILTERS, new Set(['shop/other']))).toBe(false);
  });
});

describe('pod motion', () => {
  it.each([
    [{ phase: 'Pending', status: 'ContainerCreating', terminating: false }, 'pulse'],
    [{ phase: 'Running', status: 'CrashLoopBackOff', terminating: false }, 'flash'],
    [{ phase: 'Running', status: 'Terminating', terminating: true }, 'fade'],
    [{ phase: 'Running', status: 'Running', terminating: false }, ''],
  ])('%o moves as %s', (p, motion) => expect(podMotion(p)).toBe(motion));

  it('splits a card\'s tiles into one layer per motion, each tile keeping its place in the grid', () => {
    const pending = pod('b', '', { phase: 'Pending', status: 'Pending' });
    const gone = pod('c', 'w1', { terminating: true });
    const layers = tilesByMotion([pod('a'), pending, gone, pod('d')]);
    expect([...layers.keys()]).toEqual(['', 'pulse', 'fade']);
    expect(layers.get('')!.map((t) => [t.pod.name, t.index])).toEqual([['a', 0], ['d', 3]]);
    expect(layers.get('pulse')!.map((t) => t.index)).toEqual([1]);
    expect(layers.get('fade')!.map((t) => t.index)).toEqual([2]);
    expect(tilesByMotion([]).size).toBe(0);
  });
});
