// Earlier attempts in the trace (bounded) and how `sim explain pod` prints them.
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { explainPod } from '../simctl/explain.ts';
import { schedulerHarness } from './harness.ts';
import fc from 'fast-check';
import { EARLIER_ATTEMPTS, scoreBlock, scoreBlockLength, TRACE_BUFFER_SIZE, TraceBuffer, traceScores, type SchedulingTrace } from './trace.ts';

const attempt = (n: number, uid = 'u1'): SchedulingTrace => ({
  pod: 'default/p', uid, attempt: n, time: n * 1000, profile: 'default-scheduler', result: 'Unschedulable', message: `try ${n}`,
  nodesTotal: 1, nodesEvaluated: 1, feasible: 0, rejected: [], queue: 'unschedulablePods',
});

describe('TraceBuffer', () => {
  it('keeps the latest attempt in full and at most EARLIER_ATTEMPTS earlier ones in brief', () => {
    const b = new TraceBuffer();
    for (let n = 1; n <= EARLIER_ATTEMPTS + 5; n++) b.add(attempt(n));
    const t = b.forPod('default/p')!;
    expect(t.attempt).toBe(EARLIER_ATTEMPTS + 5);
    expect(t.earlier!.map((a) => a.attempt)).toEqual(Array.from({ length: EARLIER_ATTEMPTS }, (_, i) => i + 5));
    expect(t.earlier![0]).toEqual({ attempt: 5, time: 5000, result: 'Unschedulable', node: undefined, message: 'try 5', queue: 'unschedulablePods', queueReason: undefined });
    // Only the latest trace holds the history.
    expect(b.all().filter((x) => x.earlier).length).toBe(1);
  });

  it('property: reused score slabs never change the scores of a buffered trace', () => {
    // Tables of 1–3 plugins × 300–600 nodes, some plugins uniform (several slabs' worth in the buffer); some traces are added twice
    // (a Permit wait adds its trace again). Every 50 adds, every buffered table is checked against its sum.
    const sum = ({ scoreTable: t }: SchedulingTrace) => {
      let x = 0;
      for (let i = 0; i < scoreBlockLength(t!); i++) x += t!.slab[t!.start + i] * (i + 1);
      return x;
    };
    fc.assert(fc.property(fc.array(fc.record({ nodes: fc.integer({ min: 300, max: 600 }), plugins: fc.integer({ min: 1, max: 3 }), uniform: fc.nat(7), twice: fc.boolean() }), { minLength: 1, maxLength: 20 }), (shapes) => {
      const b = new TraceBuffer();
      const expected = new Map<SchedulingTrace, number>();
      for (let k = 0; k < 3 * TRACE_BUFFER_SIZE; k++) {
        const { nodes: n, plugins: m, uniform, twice } = shapes[k % shapes.length];
        const layout = { plugins: Array.from({ length: m }, (_, j) => `p${j}`), weights: Array(m).fill(1), normalizes: Array.from({ length: m }, (_, j) => j % 2 === 0) };
        const firstPosition = k % 2 ? -1 : k;
        const length = scoreBlockLength({ layout, nodes: n, firstPosition, uniform });
        const { slab, start } = scoreBlock(length);
        for (let i = 0; i < length; i++) slab[start + i] = (k + i) % 101;
        const t: SchedulingTrace = { ...attempt(k, `u${k}`), pod: `default/p${k}`, scoreTable: { nodeList: [], layout, slab, start, nodes: n, firstPosition, uniform } };
        b.add(t);
        if (twice) b.add(t);
        expected.set(t, sum(t));
        if (k % 50 === 0) for (const x of b.all()) expect(sum(x)).toBe(expected.get(x));
      }
    }), { numRuns: 3 });
  }, 120_000);

  it('starts over for a new pod of the same name', () => {
    const b = new TraceBuffer();
    b.add(attempt(1, 'old'));
    b.add(attempt(1, 'new'));
    expect(b.forPod('default/p')!.earlier).toBeUndefined();
  });
});

describe('sim explain pod with earlier attempts', () => {
  it('prints the latest attempt in full, its queue, and one line per earlier attempt', () => {
    const h = schedulerHarness(2);
    h.addNodes(1, { cpu: '2' });
    h.store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: '3' } } }] } } as Pod & KubeObject);
    h.clock.advance(1000);
    const failed = explainPod(h.scheduler.traces.forPod('default/big'), 'big', h.clock.now());
    expect(failed).toContain('Queue: unschedulablePods (waits for a cluster event that may help NodeResourcesFit (or 5 minutes))');
    h.clock.advance(60_000);
    h.addNodes(1, { cpu: '4' });
    h.clock.advance(1000);
    const text = explainPod(h.scheduler.traces.forPod('default/big'), 'big', h.clock.now());
    expect(text).toMatch(/^Pod default\/big: attempt 2, /);
    expect(text).toContain('Result: Scheduled on node-1');
    expect(text.split('\n').slice(-2)).toEqual([
      'Earlier attempts:',
      '  attempt 1, 62s ago: Unschedulable — 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod. → activeQ (moved by NodeAdd (NodeResourcesFit))',
    ]);
  });
});

describe('score tables', () => {
  it('name the nodes scored in their cycle after the node list changed', () => {
    const h = schedulerHarness(3);
    h.addNodes(4, { cpu: '2' });
    h.store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: '1' } } }] } } as Pod & KubeObject);
    h.clock.advance(1000);
    const trace = h.scheduler.traces.forPod('default/p')!;
    const before = traceScores(trace);
    expect(before.map((s) => s.node).sort()).toEqual(['node-0', 'node-1', 'node-2', 'node-3']);
    const best = Math.max(...before.map((s) => s.total));
    expect(before.find((s) => s.node === trace.node)!.total).toBe(best);
    // A node goes and another comes: the list is rebuilt and positions in it mean other nodes now.
    h.store.delete('Node', undefined, 'node-0');
    h.addNodes(1, { cpu: '2' });
    h.clock.advance(1000);
    expect(h.scheduler.cache.nodeList().map((n) => n.name)).toEqual(['node-1', 'node-2', 'node-3', 'node-4']);
    expect(traceScores(trace)).toEqual(before);
  });
});
