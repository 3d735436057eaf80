// How the NVIDIA device plugin picks among free devices (GetPreferredAllocation): whole GPUs by the best links
// between them (go-gpuallocator's best-effort policy), time-sliced replicas spread over the GPUs that are least
// shared (its distributed policy).
// Simplification: a pair of GPUs scores NVLINK_SCORE when NVLink joins them (NVSwitch: every pair; bridges:
// 0-1, 2-3, …) plus SAME_NUMA_SCORE or CROSS_NUMA_SCORE for their PCIe path; go-gpuallocator weighs more link kinds.
import type { NvlinkTopology } from './models.ts';

export const NVLINK_SCORE = 100;
export const SAME_NUMA_SCORE = 30;
export const CROSS_NUMA_SCORE = 10;

export interface GpuPlace { index: number; numa: number }

export function linkScore(a: GpuPlace, b: GpuPlace, nvlink: NvlinkTopology): number {
  const linked = nvlink === 'all' || (nvlink === 'pairs' && a.index >> 1 === b.index >> 1);
  return (linked ? NVLINK_SCORE : 0) + (a.numa === b.numa ? SAME_NUMA_SCORE : CROSS_NUMA_SCORE);
}

/**
 * Best effort: the set of `size` devices that contains `mustInclude` and has the highest total link score over
 * all its pairs; among equal sets, the one with the lowest GPU indices.
 */
export function bestEffort(available: string[], mustInclude: string[], size: number, place: (id: string) => GpuPlace, nvlink: NvlinkTopology): string[] {
  const rest = available.filter((id) => !mustInclude.includes(id)).sort((a, b) => place(a).index - place(b).index || a.localeCompare(b));
  const k = size - mustInclude.length;
  if (k <= 0) return mustInclude.slice(0, size);
  if (k > rest.length) return [...mustInclude, ...rest];
  let best: string[] = [];
  let bestScore = -1;
  const chosen: string[] = [];
  const score = (ids: string[]) => {
    let s = 0;
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) s += linkScore(place(ids[i]), place(ids[j]), nvlink);
    return s;
  };
  const walk = (from: number) => {
    if (chosen.length === k) {
      const set = [...mustInclude, ...chosen];
      const s = score(set);
      if (s > bestScore) { bestScore = s; best = set; }
      return;
    }
    for (let i = from; i <= rest.length - (k - chosen.length); i++) {
      chosen.push(rest[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
  return best;
}

/** Distributed: replicas of the GPUs with the fewest replicas in use first (inUse: GPU index → count). */
export function distributed(available: string[], mustInclude: string[], size: number, gpuOf: (id: string) => number, inUse: Map<number, number>): string[] {
  const used = new Map(inUse);
  const out = [...mustInclude];
  for (const id of mustInclude) used.set(gpuOf(id), (used.get(gpuOf(id)) ?? 0) + 1);
  const pool = available.filter((id) => !mustInclude.includes(id));
  while (out.length < size && pool.length) {
    pool.sort((a, b) => (used.get(gpuOf(a)) ?? 0) - (used.get(gpuOf(b)) ?? 0) || gpuOf(a) - gpuOf(b) || a.localeCompare(b));
    const id = pool.shift()!;
    out.push(id);
    used.set(gpuOf(id), (used.get(gpuOf(id)) ?? 0) + 1);
  }
  return out;
}
