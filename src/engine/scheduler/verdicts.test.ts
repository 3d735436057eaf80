// Filter rejections recorded as lists read back as FilterVerdict records wherever the trace goes.
import { describe, expect, it } from 'vitest';
import { Code, Status } from './framework/status.ts';
import type { SchedulingTrace } from './trace.ts';
import { attachRejected, RejectedNodes } from './verdicts.ts';

const trace = (): SchedulingTrace => ({
  pod: 'default/p', uid: 'u', attempt: 1, time: 0, profile: 'default-scheduler', result: 'Unschedulable', message: '',
  nodesTotal: 2, nodesEvaluated: 2, feasible: 0, rejected: [],
});

describe('RejectedNodes', () => {
  it('reads back as one verdict per rejected node, the same array each time, in JSON and spreads too', () => {
    const log = new RejectedNodes();
    const t = trace();
    attachRejected(t, log);
    const taint = new Status(Code.UnschedulableAndUnresolvable, ['node(s) had untolerated taint {gpu: true}'], 'TaintToleration');
    log.push({ name: 'w1' }, taint);
    log.push({ name: 'w2' }, new Status(Code.Unschedulable, ['Insufficient cpu'], 'NodeResourcesFit'));
    const expected = [
      { node: 'w1', plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {gpu: true}'] },
      { node: 'w2', plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'] },
    ];
    expect(JSON.parse(JSON.stringify(t)).rejected).toEqual(expected);
    expect({ ...t }.rejected).toEqual(expected);
    expect(t.rejected).toBe(t.rejected);
    expect(structuredClone(t).rejected).toEqual(expected);
  });
});
