import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { backoffDuration, BackoffStore, podFinishedTime, remainingBackoff } from './backoff.ts';

const T = Date.UTC(2009, 10, 10, 23, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function finishedPod(phase: 'Succeeded' | 'Failed', finishedAt: number): Pod {
  return { status: { phase, containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, finishedAt: iso(finishedAt) } } }] } };
}

describe('pod failure backoff (DefaultJobPodFailureBackOff 10 s, MaxJobPodFailureBackOff 10 min)', () => {
  it('doubles from 10 s and caps at 10 minutes', () => {
    expect(Array.from({ length: 10 }, (_, i) => backoffDuration(i + 1) / 1000)).toEqual([10, 20, 40, 80, 160, 320, 600, 600, 600, 600]);
  });

  // TestGetRemainingBackoffTime (default 5 s, max 700 s).
  it.each<[string, number, number, number]>([
    ['no failures', 0, 0, 0],
    ['one failure; current time and failure time are same', 1, 0, 5],
    ['one failure; current time == 1 second + failure time', 1, 1, 4],
    ['one failure; current time == expected backoff time', 1, 5, 0],
    ['one failure; current time == expected backoff time + 1 Second', 1, 6, 0],
    ['three failures; current time and failure time are same', 3, 0, 20],
    ['eight failures; backoff not exceeding maxBackoff', 8, 0, 640],
    ['nine failures; backoff exceeding maxBackoff', 9, 0, 700],
  ])('%s', (_n, failures, sinceSeconds, wantSeconds) => {
    expect(remainingBackoff(failures, failures ? T : undefined, T + sinceSeconds * 1000, 5000, 700_000)).toBe(wantSeconds * 1000);
  });
});

describe('backoff records (TestNewBackoffRecord)', () => {
  const next = (stored: { failures: number } | undefined, succeeded: number[], failed: number[]) => {
    const s = new BackoffStore();
    if (stored) s.update({ key: 'key', failuresAfterLastSuccess: stored.failures });
    return s.next('key', succeeded.map((t) => finishedPod('Succeeded', t)), failed.map((t) => finishedPod('Failed', t)));
  };
  it.each<[string, { failures: number } | undefined, number[], number[], number, number | undefined]>([
    ['empty store and one new failure', undefined, [], [T], 1, T],
    ['empty store and two new failures', undefined, [], [T, T - 1000], 2, T],
    ['two failures followed by success', undefined, [T], [T - 2000, T - 1000], 0, undefined],
    ['two failures, one success and two more failures', undefined, [T - 2000], [T, T - 4000, T - 3000, T - 1000], 2, T],
    ['store having failure count 2 and one new failure', { failures: 2 }, [], [T], 3, T],
    ['success and failure at the same timestamp', undefined, [T], [T], 0, undefined],
    ['no success or failure', undefined, [], [], 0, undefined],
    ['one success', undefined, [T], [], 0, undefined],
  ])('%s', (_n, stored, succeeded, failed, failures, last) => {
    const rec = next(stored, succeeded, failed);
    expect(rec.failuresAfterLastSuccess).toBe(failures);
    expect(rec.lastFailureTime).toBe(last);
  });
});

describe('when a pod finished (TestGetFinishedTime)', () => {
  it('takes the latest container finish, then Ready=False, then the deletion minus grace, then creation', () => {
    const terminated = (t?: number) => ({ name: 'c', image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, ...(t ? { finishedAt: iso(t) } : {}) } } });
    const running = { name: 'r', image: 'i', imageID: '', ready: true, restartCount: 0, state: { running: {} } };
    expect(podFinishedTime({ status: { containerStatuses: [terminated(T - 1000), terminated(T), terminated(T - 2000)] } })).toBe(T);
    expect(podFinishedTime({ metadata: { deletionTimestamp: iso(T) }, status: { containerStatuses: [terminated(T - 1000), running] } })).toBe(T);
    expect(podFinishedTime({ metadata: { deletionTimestamp: iso(T), deletionGracePeriodSeconds: 30 }, status: { containerStatuses: [running] } })).toBe(T - 30_000);
    expect(podFinishedTime({ status: { containerStatuses: [terminated()], conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: iso(T) }] } })).toBe(T);
    expect(podFinishedTime({ metadata: { creationTimestamp: iso(T) }, status: { containerStatuses: [terminated()] } })).toBe(T);
    expect(podFinishedTime({ status: { containerStatuses: [terminated(T - 1000)], initContainerStatuses: [terminated(T)] } })).toBe(T);
  });
});
