// pickOneNodeForPreemption: the node whose victims hurt least. Each criterion keeps only the nodes with the best
// score; the next one breaks the remaining ties.
import { earliestPodStartTime, podPriority, type Candidate } from './victims.ts';

/** MaxInt32 + 1: added to every priority so that negative priorities still sum to more for more pods. */
const PRIORITY_OFFSET = 2 ** 31;

/**
 * In order: fewest PDB violations; lowest highest-victim priority; smallest sum of victim priorities; fewest
 * victims; latest start time of the highest-priority victims; then the first candidate.
 * Victims of each candidate are ordered from the most to the least important.
 */
export function pickOneNodeForPreemption(candidates: Candidate[], now: number): string | undefined {
  if (!candidates.length) return undefined;
  const scoreFuncs: ((c: Candidate) => number)[] = [
    (c) => -c.victims.numPDBViolations,
    (c) => -podPriority(c.victims.pods[0]),
    (c) => -c.victims.pods.reduce((sum, p) => sum + podPriority(p) + PRIORITY_OFFSET, 0),
    (c) => -c.victims.pods.length,
    (c) => earliestPodStartTime(c.victims, now) ?? Number.MIN_SAFE_INTEGER,
  ];
  let remaining = candidates;
  for (const f of scoreFuncs) {
    let best = -Infinity;
    let selected: Candidate[] = [];
    for (const c of remaining) {
      const score = f(c);
      if (score > best) { best = score; selected = []; }
      if (score === best) selected.push(c);
    }
    if (selected.length === 1) return selected[0].name;
    remaining = selected;
  }
  return remaining[0].name;
}
