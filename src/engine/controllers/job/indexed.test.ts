import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { duplicatedIndexPods, firstPendingIndexes, generateNameWithIndex, intervalsToString, parseIndexes, total, withIndexes } from './indexed.ts';
import { matchPodFailurePolicy, matchSuccessPolicy } from './policies.ts';

describe('completed indexes as intervals (indexed_job_utils_test.go)', () => {
  it.each<[number[], string]>([
    [[], ''],
    [[0], '0'],
    [[0, 1], '0,1'],
    [[0, 1, 2], '0-2'],
    [[0, 2, 3, 4, 7, 9, 10], '0,2-4,7,9,10'],
  ])('%j → %j', (ixs, text) => {
    const oi = withIndexes([], ixs);
    expect(intervalsToString(oi)).toBe(text);
    expect(total(oi)).toBe(ixs.length);
  });

  it.each<[string, number, string]>([
    ['1,3-5,8,9', 10, '1,3-5,8,9'],
    ['1-5', 3, '1,2'],
    ['a,2,x-4,5', 10, '2,5'],
    ['0-2,4-8', 6, '0-2,4,5'],
    ['7,9', 8, '7'],
  ])('parses %j with %d completions', (text, completions, want) => {
    expect(intervalsToString(parseIndexes(text, completions))).toBe(want);
  });

  it('merges new indexes into existing intervals', () => {
    expect(intervalsToString(withIndexes(parseIndexes('1,3-5', 10), [0, 2, 7]))).toBe('0-5,7');
  });

  it.each<[number, number, string, number[]]>([
    [3, 5, '', [0, 1, 2]],
    [3, 5, '1', [0, 2, 3]],
    [2, 5, '0-2', [3, 4]],
    [5, 5, '0,2,4', [1, 3]],
    [2, 4, '0-3', []],
  ])('first %d pending of %d with %j taken', (count, completions, taken, want) => {
    expect(firstPendingIndexes(count, completions, parseIndexes(taken, completions))).toEqual(want);
  });

  it('keeps the job-name-with-index generateName within 58 characters', () => {
    expect(generateNameWithIndex('pi', 3)).toBe('pi-3-');
    expect(generateNameWithIndex('x'.repeat(60), 12)).toBe(`${'x'.repeat(54)}-12-`);
  });

  it('removes repeated, missing and out-of-range indexes first', () => {
    const pod = (name: string, ix?: string): Pod => ({ metadata: { name, creationTimestamp: '2026-01-01T00:00:00Z', ...(ix !== undefined ? { annotations: { 'batch.kubernetes.io/job-completion-index': ix } } : {}) }, status: { phase: 'Running' } });
    const [rm, left] = duplicatedIndexPods([pod('a', '0'), pod('b', '1'), pod('c', '1'), pod('d'), pod('e', '5')], 3);
    expect(rm.map((p) => p.metadata!.name).sort()).toEqual(['b', 'd', 'e']);
    expect(left.map((p) => p.metadata!.name)).toEqual(['a', 'c']);
  });
});

describe('pod failure policy matching (pod_failure_policy_test.go)', () => {
  const failed = (exitCodes: number[], conditions: { type: string; status: string }[] = []): Pod => ({
    metadata: { name: 'mypod', namespace: 'default' },
    status: {
      phase: 'Failed', conditions,
      containerStatuses: exitCodes.map((code, i) => ({ name: `c${i}`, image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: code } } })),
    },
  });
  it('matches exit codes with In and NotIn, skipping 0, in rule order', () => {
    const policy = { rules: [
      { action: 'Ignore', onExitCodes: { operator: 'In', values: [1, 2, 3] } },
      { action: 'FailJob', onExitCodes: { operator: 'NotIn', values: [5, 6, 7] } },
    ] };
    expect(matchPodFailurePolicy(policy, failed([2]))).toEqual({ countFailed: false, action: 'Ignore' });
    expect(matchPodFailurePolicy(policy, failed([0, 42]))).toEqual({
      countFailed: true, action: 'FailJob', failJobMessage: 'Container c1 for pod default/mypod failed with exit code 42 matching FailJob rule at index 1',
    });
    expect(matchPodFailurePolicy(policy, failed([6]))).toEqual({ countFailed: true });
    expect(matchPodFailurePolicy(policy, failed([0]))).toEqual({ countFailed: true });
  });

  it('matches pod conditions and limits exit codes to a named container', () => {
    const policy = { rules: [
      { action: 'Count', onExitCodes: { containerName: 'c1', operator: 'In', values: [3] } },
      { action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
    ] };
    expect(matchPodFailurePolicy(policy, failed([3]))).toEqual({ countFailed: true });
    expect(matchPodFailurePolicy(policy, failed([0, 3]))).toEqual({ countFailed: true, action: 'Count' });
    expect(matchPodFailurePolicy(policy, failed([1], [{ type: 'DisruptionTarget', status: 'True' }]))).toEqual({
      countFailed: true, action: 'FailJob', failJobMessage: 'Pod default/mypod has condition DisruptionTarget matching FailJob rule at index 1',
    });
  });
});

describe('success policy (success_policy_test.go)', () => {
  it.each<[string, { succeededIndexes?: string; succeededCount?: number }[], string, string | undefined]>([
    ['indexes all succeeded', [{ succeededIndexes: '0-2' }], '0-3', 'Matched rules at index 0'],
    ['indexes partly succeeded', [{ succeededIndexes: '0-2' }], '0,1', undefined],
    ['a count within indexes', [{ succeededIndexes: '0-4', succeededCount: 2 }], '1,3', 'Matched rules at index 0'],
    ['a plain count', [{ succeededIndexes: '9' }, { succeededCount: 3 }], '0-2', 'Matched rules at index 1'],
    ['nothing succeeded', [{ succeededCount: 0 }], '', undefined],
  ])('%s', (_n, rules, succeeded, want) => {
    expect(matchSuccessPolicy({ rules }, 10, parseIndexes(succeeded, 10))).toBe(want);
  });
});
