import { describe, expect, it } from 'vitest';
import type { SchedulingExplanation } from '../../worker/protocol.ts';
import { nodeVerdicts } from './verdicts.ts';

function explanation(over: Partial<SchedulingExplanation>): SchedulingExplanation {
  return {
    pod: 'default/p', uid: 'u', attempt: 1, time: 0, profile: 'default-scheduler', result: 'Unschedulable', message: '',
    nodesTotal: 3, nodesEvaluated: 3, feasible: 0, rejected: [], scores: [], ...over,
  };
}

const plugin = (total: number) => ({ plugin: 'NodeResourcesFit', raw: total, normalized: total, weight: 1, weighted: total });

describe('nodeVerdicts', () => {
  it('is empty without an explanation', () => {
    expect(nodeVerdicts(null, ['w1']).size).toBe(0);
    expect(nodeVerdicts(undefined, ['w1']).size).toBe(0);
  });

  it('names the first rejecting plugin per node and its reasons', () => {
    const v = nodeVerdicts(explanation({
      rejected: [
        { node: 'w1', plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu', 'Insufficient memory'] },
        { node: 'w2', plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {a: b}'] },
      ],
      postFilter: { plugin: 'DefaultPreemption', message: 'preemption: …', nominatedNode: 'w3', victims: ['default/low'] },
    }), ['w1', 'w2', 'w3']);
    expect(v.get('w1')).toEqual({ state: 'rejected', plugin: 'NodeResourcesFit', reason: 'Insufficient cpu, Insufficient memory' });
    expect(v.get('w2')).toEqual({ state: 'rejected', plugin: 'TaintToleration', reason: 'node(s) had untolerated taint {a: b}' });
    expect(v.get('w3')).toEqual({ state: 'nominated' });
  });

  it('marks the chosen node and the other feasible ones with their totals', () => {
    const v = nodeVerdicts(explanation({
      result: 'Scheduled', node: 'w2', feasible: 2,
      rejected: [{ node: 'w3', plugin: 'NodeUnschedulable', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'] }],
      scores: [{ node: 'w1', total: 180, plugins: [plugin(180)] }, { node: 'w2', total: 210, plugins: [plugin(210)] }],
    }), ['w1', 'w2', 'w3']);
    expect(v.get('w1')).toEqual({ state: 'feasible', score: 180 });
    expect(v.get('w2')).toEqual({ state: 'chosen', score: 210 });
    expect(v.get('w3')?.state).toBe('rejected');
  });

  it('a PreFilter rejection applies to every node; unevaluated nodes are skipped', () => {
    const pre = nodeVerdicts(explanation({ preFilter: { plugin: 'NodeAffinity', reasons: ['node(s) didn\'t match Pod\'s node affinity/selector'] } }), ['w1', 'w2']);
    expect([...pre.values()].every((v) => v.state === 'rejected' && v.plugin === 'NodeAffinity')).toBe(true);
    const partial = nodeVerdicts(explanation({ result: 'Scheduled', node: 'w1', nodesEvaluated: 1, feasible: 1 }), ['w1', 'w2']);
    expect(partial.get('w1')?.state).toBe('chosen');
    expect(partial.get('w2')?.state).toBe('skipped');
  });
});
