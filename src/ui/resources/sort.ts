// Sorting kubectl table rows by a column: ages and durations by length of time, counts and READY (1/3) by
// number, everything else in natural order (web-2 before web-10).
export interface SortState {
  column: number;
  dir: 'asc' | 'desc';
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, y: 31536000 };

/** kubectl's human durations (45s, 3m20s, 2d4h, 2y30d) in seconds; undefined for anything else. */
export function durationSeconds(s: string): number | undefined {
  if (!/^(\d+[smhdy])+$/.test(s)) return undefined;
  let total = 0;
  for (const m of s.matchAll(/(\d+)([smhdy])/g)) total += Number(m[1]) * UNITS[m[2]];
  return total;
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function sortKey(cell: string): number | undefined {
  const d = durationSeconds(cell);
  if (d !== undefined) return d;
  const ratio = /^(\d+)\/(\d+)$/.exec(cell);
  if (ratio) return Number(ratio[1]) + Number(ratio[2]) / 1e6; // ready first, then of how many
  const lead = /^(\d+(?:\.\d+)?)(?:\s|$)/.exec(cell); // RESTARTS "2 (5m ago)"
  return lead ? Number(lead[1]) : undefined;
}

export function compareCells(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  if (ka !== undefined && kb !== undefined) return ka - kb;
  if (ka !== undefined) return -1;
  if (kb !== undefined) return 1;
  return natural.compare(a, b);
}

export function sortRows<R extends { cells: string[]; key: string }>(rows: readonly R[], sort: SortState | undefined): R[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareCells(a.cells[sort.column] ?? '', b.cells[sort.column] ?? '') || natural.compare(a.key, b.key));
}
