import { describe, expect, it } from 'vitest';
import { SimClock } from '../../sim/clock.ts';
import { Backoff } from './backoff.ts';
import { goDuration } from '../../sim/clock.ts';

describe('flowcontrol.Backoff (CrashLoopBackOff and image pulls)', () => {
  it('doubles from 10 s to the 5 minute cap', () => {
    const clock = new SimClock(0);
    const b = new Backoff(clock);
    const periods: number[] = [];
    for (let i = 0; i < 9; i++) {
      b.next('c', clock.now());
      periods.push(b.get('c') / 1000);
      clock.advance(b.get('c'));
    }
    expect(periods).toEqual([10, 20, 40, 80, 160, 300, 300, 300, 300]);
  });

  it.each([
    ['within the window', 9_999, true],
    ['at its end', 10_000, false],
  ])('isInBackOffSince the event time: %s', (_, elapsed, inBackoff) => {
    const clock = new SimClock(0);
    const b = new Backoff(clock);
    b.next('c', 0);
    clock.advance(elapsed);
    expect(b.isInBackOffSince('c', 0)).toBe(inBackoff);
  });

  it('starts again at 10 s after twice the maximum without trouble (10 minutes of running)', () => {
    const clock = new SimClock(0);
    const b = new Backoff(clock);
    for (let i = 0; i < 5; i++) b.next('c', clock.now());
    expect(b.get('c')).toBe(160_000);
    clock.advance(600_001);
    expect(b.isInBackOffSince('c', clock.now())).toBe(false);
    b.next('c', clock.now());
    expect(b.get('c')).toBe(10_000);
  });

  it('image pulls count from the last update', () => {
    const clock = new SimClock(0);
    const b = new Backoff(clock);
    b.next('img', 0);
    clock.advance(5_000);
    expect(b.isInBackOffSinceUpdate('img', clock.now())).toBe(true);
    expect(b.expirySinceUpdate('img')).toBe(10_000);
    clock.advance(5_000);
    expect(b.isInBackOffSinceUpdate('img', clock.now())).toBe(false);
  });

  it.each([
    [300, '300ms'], [1_781, '1.781s'], [2_019, '2.019s'], [10_000, '10s'], [20_000, '20s'], [80_000, '1m20s'],
    [160_000, '2m40s'], [300_000, '5m0s'], [3_661_000, '1h1m1s'],
  ])('formats %d ms as Go prints a Duration: %s', (ms, text) => {
    expect(goDuration(ms)).toBe(text);
  });
});
