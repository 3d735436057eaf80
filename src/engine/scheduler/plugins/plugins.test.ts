import { describe, expect, it } from 'vitest';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { NodeInfo, podInfoOf } from '../framework/nodeinfo.ts';
import { NodeResourcesFit } from './NodeResourcesFit.ts';
import { NodeResourcesBalancedAllocation } from './NodeResourcesBalancedAllocation.ts';
import { NodePorts, ERR_REASON_PORTS } from './NodePorts.ts';
import { TaintToleration } from './TaintToleration.ts';
import { toleratesTaint as tolerates } from '../../api/taints.ts';
import { SchedulingGates } from './SchedulingGates.ts';
import { ImageLocality } from './ImageLocality.ts';

const node = (name: string, cpuMilli: number, memory: number, extra: Record<string, string> = {}, images: { names: string[]; sizeBytes: number }[] = []): Node => ({
  metadata: { name },
  status: { allocatable: { cpu: `${cpuMilli}m`, memory: String(memory), pods: '110', ...extra }, images },
});
const pod = (name: string, cpuMilli?: number, memory?: number, more: Partial<Pod['spec']> = {}): Pod => ({
  metadata: { name, uid: name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx:1.27', resources: cpuMilli === undefined ? {} : { requests: { cpu: `${cpuMilli}m`, memory: String(memory) } } }], ...more },
});
const info = (n: Node, ...pods: Pod[]) => { const i = new NodeInfo(n); for (const p of pods) i.addPod(podInfoOf(p)); return i; };

describe('NodeResourcesFit scores (upstream least_allocated/most_allocated/requested_to_capacity_ratio tests)', () => {
  const p = pod('p', 3000, 5000);
  const nodes = [info(node('node1', 4000, 10000)), info(node('node2', 6000, 10000))];
  const scores = (fit: NodeResourcesFit) => nodes.map((n) => fit.score(new CycleState(), p, n));
  it('LeastAllocated: nothing scheduled, resources requested, differently sized nodes → 37, 50', () => {
    expect(scores(new NodeResourcesFit())).toEqual([37, 50]);
  });
  it('MostAllocated: the same case → 62, 50', () => {
    expect(scores(new NodeResourcesFit({ scoringStrategy: { type: 'MostAllocated' } }))).toEqual([62, 50]);
  });
  it('RequestedToCapacityRatio with shape 0→0, 100→10 behaves like MostAllocated', () => {
    expect(scores(new NodeResourcesFit({ scoringStrategy: { type: 'RequestedToCapacityRatio', requestedToCapacityRatio: { shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] } } }))).toEqual([62, 50]);
  });
  it('weights resources: cpu weight 3, memory 1', () => {
    const fit = new NodeResourcesFit({ scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 3 }, { name: 'memory', weight: 1 }] } });
    expect(fit.score(new CycleState(), p, nodes[0])).toBe(Math.floor((25 * 3 + 50) / 4));
  });
  it('counts containers without requests as 100m and 200Mi for scoring only', () => {
    const empty = pod('e');
    const n = info(node('n', 1000, 1024 * 1024 * 1024));
    expect(new NodeResourcesFit().score(new CycleState(), empty, n)).toBe(Math.floor((90 + Math.floor(((1024 - 200) * 100) / 1024)) / 2));
    expect(new NodeResourcesFit().filter(new CycleState(), empty, n).isSuccess()).toBe(true);
  });
  it('rejects bad arguments with the upstream field paths', () => {
    expect(() => new NodeResourcesFit({ scoringStrategy: { type: 'Spread' as never } })).toThrow('scoringStrategy.type: Unsupported value: "Spread"');
    expect(() => new NodeResourcesFit({ scoringStrategy: { resources: [{ name: 'cpu', weight: 0 }] } })).toThrow('not in valid range [1, 100]');
  });
});

describe('NodeResourcesFit filter', () => {
  it('lists every insufficient resource, extended resources included', () => {
    const n = info(node('n', 1000, 1000, { 'nvidia.com/gpu': '1' }), pod('a', 800, 500));
    const p: Pod = { ...pod('b', 500, 600), spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '500m', memory: '600', 'nvidia.com/gpu': '2' }, limits: { 'nvidia.com/gpu': '2' } } }] } };
    const s = new NodeResourcesFit().filter(new CycleState(), p, n);
    expect(s.reasons).toEqual(['Insufficient cpu', 'Insufficient memory', 'Insufficient nvidia.com/gpu']);
  });
  it('says Too many pods at the pod limit', () => {
    const n = new NodeInfo({ metadata: { name: 'n' }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '1' } } });
    n.addPod(podInfoOf(pod('a')));
    expect(new NodeResourcesFit().filter(new CycleState(), pod('b'), n).reasons).toEqual(['Too many pods']);
  });
});

describe('NodeResourcesBalancedAllocation (upstream balanced_allocation_test)', () => {
  it('nothing scheduled, resources requested, differently sized nodes → 87, 100', () => {
    const p = pod('p', 3000, 5000);
    const b = new NodeResourcesBalancedAllocation();
    expect([node('node1', 4000, 10000), node('node2', 6000, 10000)].map((n) => b.score(new CycleState(), p, info(n)))).toEqual([87, 100]);
  });
});

describe('TaintToleration', () => {
  it.each([
    [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }, true],
    [{ key: 'k', operator: 'Exists' }, { key: 'k', value: 'x', effect: 'NoExecute' }, true],
    [{ operator: 'Exists' }, { key: 'any', effect: 'NoSchedule' }, true],
    [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute' }, { key: 'k', value: 'v', effect: 'NoSchedule' }, false],
    [{ key: 'k', value: 'w' }, { key: 'k', value: 'v', effect: 'NoSchedule' }, false],
  ])('%j tolerates %j: %s', (t, taint, want) => expect(tolerates(t as never, taint as never)).toBe(want));

  it('prefers nodes with fewer intolerable PreferNoSchedule taints, normalized in reverse', () => {
    const tt = new TaintToleration();
    const mk = (n: number) => info({ metadata: { name: `n${n}` }, spec: { taints: Array.from({ length: n }, (_, i) => ({ key: `k${i}`, effect: 'PreferNoSchedule' })) }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } } });
    const nodes = [mk(0), mk(1), mk(2)];
    const scores = Float64Array.from(nodes, (n) => tt.score(new CycleState(), pod('p'), n));
    tt.normalizeScore(new CycleState(), pod('p'), nodes, scores);
    expect([...scores]).toEqual([100, 50, 0]);
  });
});

describe('NodePorts, SchedulingGates, ImageLocality', () => {
  it('rejects a node where the host port is taken', () => {
    const withPort = (name: string): Pod => ({ ...pod(name), spec: { containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 80, hostPort: 8080 }] }] } });
    const np = new NodePorts();
    const state = new CycleState();
    expect(np.preFilter(state, withPort('b')).status.isSuccess()).toBe(true);
    expect(np.filter(state, withPort('b'), info(node('n', 1000, 1000), withPort('a'))).reasons).toEqual([ERR_REASON_PORTS]);
    expect(np.filter(state, withPort('b'), info(node('n', 1000, 1000))).isSuccess()).toBe(true);
    expect(np.preFilter(new CycleState(), pod('c')).status.code).toBe('Skip');
  });
  it('gates pods with scheduling gates', () => {
    const g = new SchedulingGates();
    expect(g.preEnqueue(pod('a')).isSuccess()).toBe(true);
    expect(g.preEnqueue({ ...pod('b'), spec: { ...pod('b').spec!, schedulingGates: [{ name: 'example.com/wait' }] } }).isSuccess()).toBe(false);
  });
  it('scores nodes holding the image higher, scaled by spread', () => {
    const big = 500 * 1024 * 1024;
    const nodes = [info(node('has', 1000, 1000, {}, [{ names: ['nginx:1.27'], sizeBytes: big }])), info(node('not', 1000, 1000))];
    const il = new ImageLocality({ nodeInfos: () => nodes, nodeInfo: () => undefined, now: () => 0, waitingPods: () => [] });
    const state = new CycleState();
    il.preScore(state, pod('p'));
    // sum = 500 MB × 1/2 = 250 MB → (250 − 23) / (1000 − 23) × 100 = 23
    expect(nodes.map((n) => il.score(state, pod('p'), n))).toEqual([23, 0]);
  });
});
