import { describe, expect, it } from 'vitest';
import { formatAge, formatBytes, formatCpu, formatElapsed, formatTimestamp, fraction } from './format.ts';

describe('format', () => {
  it('cpu', () => {
    expect([0, 100, 999, 1000, 1500, 4000, 12345].map(formatCpu)).toEqual(['0', '100m', '999m', '1', '1.5', '4', '12.3']);
  });
  it('bytes', () => {
    expect([0, 512, 128 * 2 ** 20, 1.5 * 2 ** 30, 16 * 2 ** 30, 384 * 2 ** 20].map(formatBytes)).toEqual(['0', '512', '128Mi', '1.5Gi', '16Gi', '384Mi']);
  });
  it('elapsed and timestamps', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(3_723_000)).toBe('01:02:03');
    expect(formatElapsed(90_061_000)).toBe('1d 01:01:01');
    expect(formatTimestamp(Date.UTC(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
  });
  it('ages like kubectl (HumanDuration)', () => {
    const s = 1000;
    expect([45 * s, 119 * s, 200 * s, 600 * s, 125 * 60 * s, 5 * 3600 * s + 120 * s, 30 * 3600 * s, 50 * 3600 * s, 400 * 86400 * s, 800 * 86400 * s]
      .map(formatAge)).toEqual(['45s', '119s', '3m20s', '10m', '125m', '5h2m', '30h', '2d2h', '400d', '2y70d']);
    expect(formatAge(-5)).toBe('0s');
  });
  it('fraction', () => {
    expect(fraction(1, 4)).toBe(0.25);
    expect(fraction(5, 4)).toBe(1);
    expect(fraction(0, 0)).toBe(0);
    expect(fraction(1, 0)).toBe(1);
  });
});
