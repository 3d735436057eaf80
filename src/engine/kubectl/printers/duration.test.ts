import { describe, expect, it } from 'vitest';
import { humanDuration, shortHumanDuration } from './duration.ts';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const y = 365 * d;
const ms = 1;

// The tables of upstream duration_test.go (TestHumanDuration, TestHumanDurationBoundaries,
// TestShortHumanDurationBoundaries), in milliseconds.
describe('humanDuration', () => {
  it.each([
    [s, '1s'], [70 * s, '70s'], [190 * s, '3m10s'], [70 * m, '70m'], [47 * h, '47h'], [49 * h, '2d1h'],
    [(8 * 24 + 2) * h, '8d'], [367 * d, '367d'], [2 * y + 25 * h, '2y1d'], [8 * y + 2 * h, '8y'],
    [90 * m, '90m'], [51 * h, '2d3h'], [10 * d, '10d'], [3 * y + 45 * d, '3y45d'], [150 * s, '2m30s'], [3 * m, '3m'],
  ])('%d ms is %s', (dur, want) => {
    expect(humanDuration(dur)).toBe(want);
  });

  it.each([
    [-2 * s, '<invalid>'], [-2 * s + 1, '0s'], [0, '0s'], [s - ms, '0s'], [2 * m - ms, '119s'], [2 * m, '2m'],
    [2 * m + s, '2m1s'], [10 * m - ms, '9m59s'], [10 * m, '10m'], [10 * m + s, '10m'], [3 * h - ms, '179m'],
    [3 * h, '3h'], [3 * h + m, '3h1m'], [8 * h - ms, '7h59m'], [8 * h, '8h'], [8 * h + 59 * m, '8h'],
    [2 * d - ms, '47h'], [2 * d, '2d'], [2 * d + h, '2d1h'], [8 * d - ms, '7d23h'], [8 * d, '8d'], [8 * d + 23 * h, '8d'],
    [2 * y - ms, '729d'], [2 * y, '2y'], [2 * y + 23 * h, '2y'], [2 * y + 23 * h + 59 * m, '2y'], [2 * y + d - ms, '2y'],
    [2 * y + d, '2y1d'], [3 * y, '3y'], [4 * y, '4y'], [5 * y, '5y'], [6 * y, '6y'], [7 * y, '7y'], [8 * y - ms, '7y364d'],
    [8 * y, '8y'], [8 * y + 364 * d, '8y'], [9 * y, '9y'],
  ])('boundary %d ms is %s', (dur, want) => {
    expect(humanDuration(dur)).toBe(want);
  });
});

describe('shortHumanDuration', () => {
  it.each([
    [-2 * s, '<invalid>'], [-2 * s + 1, '0s'], [0, '0s'], [s - ms, '0s'], [s, '1s'], [2 * s - ms, '1s'], [m - ms, '59s'],
    [m, '1m'], [2 * m - ms, '1m'], [h - ms, '59m'], [h, '1h'], [2 * h - ms, '1h'], [d - ms, '23h'], [d, '1d'],
    [2 * d - ms, '1d'], [y - ms, '364d'], [y, '1y'], [2 * y - ms, '1y'], [2 * y, '2y'],
  ])('boundary %d ms is %s', (dur, want) => {
    expect(shortHumanDuration(dur)).toBe(want);
  });
});
