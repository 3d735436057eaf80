// Earlier attempts in the trace (bounded) and how `sim explain pod` prints them.
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { explainPod } from '../simctl/explain.ts';
import { schedulerHarness } from './harness.ts';
import { EARLIER_ATTEMPTS, TraceBuffer, type SchedulingTrace } from './trace.ts';

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
