// Which tolerations let a pod stay on a node with NoExecute taints, and for how long
// (v1helper.GetMatchingTolerations, tainteviction getMinTolerationTime).
import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { toleratesTaint } from '../../api/taints.ts';

export function noExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** Whether every taint is tolerated, and the first toleration that tolerates each. */
export function matchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = (tolerations ?? []).find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/** The shortest tolerationSeconds in ms: 0 for none or a non-positive one, -1 when all tolerate forever. */
export function minTolerationMs(tolerations: readonly Toleration[]): number {
  if (!tolerations.length) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}
