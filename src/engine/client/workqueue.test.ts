import { describe, expect, it } from 'vitest';
import { SimClock } from '../sim/clock.ts';
import { ExponentialRateLimiter, WorkQueue } from './workqueue.ts';

describe('WorkQueue', () => {
  it('deduplicates keys added while queued', () => {
    const clock = new SimClock(0);
    const seen: string[] = [];
    const q = new WorkQueue(clock, (k) => seen.push(k));
    q.add('a'); q.add('a'); q.add('b'); q.add('a');
    clock.runUntilIdle();
    expect(seen).toEqual(['a', 'b']);
  });

  it('re-queues a key added while it is being processed, once', () => {
    const clock = new SimClock(0);
    const seen: string[] = [];
    const q: WorkQueue = new WorkQueue(clock, (k) => {
      seen.push(k);
      if (seen.length === 1) { q.add('a'); q.add('a'); }
    });
    q.add('a');
    clock.runUntilIdle();
    expect(seen).toEqual(['a', 'a']);
  });

  it('a sync that takes virtual time keeps its key busy: adds meanwhile coalesce into one later sync, other keys go on', () => {
    const clock = new SimClock(0);
    const seen: string[] = [];
    const processing: string[][] = [];
    const q: WorkQueue = new WorkQueue(clock, (k) => {
      seen.push(`${k}@${clock.now()}`);
      processing.push(q.contents().processing);
      if (k === 'big') q.takes(10);
    });
    q.add('big');
    clock.advance(1);
    for (let t = 1; t < 9; t++) { q.add('big'); q.add(`small${t}`); clock.advance(1); }
    expect(seen).toEqual(['big@0', ...Array.from({ length: 8 }, (_, i) => `small${i + 1}@${i + 1}`)]);
    expect(q.contents().processing).toEqual(['big']);
    expect(processing).toEqual([['big'], ...Array.from({ length: 8 }, (_, i) => ['big', `small${i + 1}`])]);
    clock.advance(1); // the first sync ends at t=10 and the eight adds make one more
    expect(seen.slice(9)).toEqual(['big@10']);
    clock.runUntilIdle();
    expect(seen.filter((s) => s.startsWith('big'))).toEqual(['big@0', 'big@10']);
    expect(q.contents().processing).toEqual([]);
  });

  it('retries failures with per-item exponential backoff (5 ms doubling) and forgets on success', () => {
    const clock = new SimClock(0);
    const times: number[] = [];
    let failures = 3;
    const q = new WorkQueue(clock, () => {
      times.push(clock.now());
      if (failures-- > 0) throw new Error('boom');
    });
    q.add('k');
    clock.runUntilIdle();
    expect(times).toEqual([0, 5, 15, 35]);
    expect(q.numRequeues('k')).toBe(0);
  });

  it('caps backoff at the maximum', () => {
    const rl = new ExponentialRateLimiter(5, 1_000_000);
    let last = 0;
    for (let i = 0; i < 30; i++) last = rl.when('x');
    expect(last).toBe(1_000_000);
  });

  it('addAfter keeps the earliest due time', () => {
    const clock = new SimClock(0);
    const times: number[] = [];
    const q = new WorkQueue(clock, () => times.push(clock.now()));
    q.addAfter('k', 100);
    q.addAfter('k', 50);
    q.addAfter('k', 200);
    clock.runUntilIdle();
    expect(times).toEqual([50]);
  });
});
