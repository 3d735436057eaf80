import { describe, expect, it } from 'vitest';
import { compareCells, durationSeconds, sortRows } from './sort.ts';

describe('resource table sorting', () => {
  it.each([
    ['45s', 45], ['3m20s', 200], ['12m', 720], ['2h5m', 7500], ['3d4h', 273600], ['2y30d', 2 * 31536000 + 30 * 86400],
  ])('reads kubectl age %s as %i seconds', (s, n) => expect(durationSeconds(s)).toBe(n));

  it('leaves non-durations alone', () => {
    for (const s of ['web', '1/1', '<none>', '10.244.0.3', '']) expect(durationSeconds(s)).toBeUndefined();
  });

  it('orders ages by time, counts by number, names naturally', () => {
    expect(['2m', '45s', '1h', '3m20s'].sort(compareCells)).toEqual(['45s', '2m', '3m20s', '1h']);
    expect(['10', '2', '1 (5m ago)'].sort(compareCells)).toEqual(['1 (5m ago)', '2', '10']);
    expect(['2/3', '0/3', '10/10', '1/1'].sort(compareCells)).toEqual(['0/3', '1/1', '2/3', '10/10']);
    expect(['web-10', 'web-2', 'api'].sort(compareCells)).toEqual(['api', 'web-2', 'web-10']);
  });

  it('sorts rows by a column either way, ties by key, without touching the input', () => {
    const rows = [
      { key: 'b', cells: ['b', '5m'] },
      { key: 'a', cells: ['a', '5m'] },
      { key: 'c', cells: ['c', '30s'] },
    ];
    expect(sortRows(rows, { column: 1, dir: 'asc' }).map((r) => r.key)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, { column: 1, dir: 'desc' }).map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, undefined).map((r) => r.key)).toEqual(['b', 'a', 'c']);
    expect(rows.map((r) => r.key)).toEqual(['b', 'a', 'c']);
  });
});
