// Taints and tolerations (core/v1 Toleration.ToleratesTaint, v1helper.FindMatchingUntoleratedTaint).
import type { Taint, Toleration } from 'kubernetes-types/core/v1';

/** v1.Toleration.ToleratesTaint. */
export function toleratesTaint(t: Toleration, taint: Pick<Taint, 'key' | 'value' | 'effect'>): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? '') {
    case '': case 'Equal': return (t.value ?? '') === (taint.value ?? '');
    case 'Exists': return true;
    default: return false;
  }
}

/** The first taint that passes the filter and that no toleration tolerates. */
export function findUntoleratedTaint(taints: readonly Taint[] | undefined, tolerations: readonly Toleration[] | undefined, filter: (t: Taint) => boolean): Taint | undefined {
  return (taints ?? []).find((taint) => filter(taint) && !(tolerations ?? []).some((t) => toleratesTaint(t, taint)));
}

/** Toleration.MatchToleration: the same key, operator, value and effect (tolerationSeconds aside). */
export function sameToleration(a: Toleration, b: Toleration): boolean {
  return (a.key ?? '') === (b.key ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');
}
