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

/**
 * MergeTolerations (pkg/util/tolerations): first then second, without those another one tolerates a superset of;
 * of two equal tolerations the first is kept.
 */
export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => isSuperset(m, t))) return;
    if (all.slice(i + 1).some((later) => !sameTolerationExactly(t, later) && isSuperset(later, t))) return;
    merged.push(t);
  });
  return merged;
}

/** Semantic.DeepEqual of two tolerations: every field, tolerationSeconds included. */
function sameTolerationExactly(a: Toleration, b: Toleration): boolean {
  return sameToleration(a, b) && (a.tolerationSeconds ?? null) === (b.tolerationSeconds ?? null);
}

/** isSuperset: whether ss tolerates every taint t does. */
export function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (sameTolerationExactly(ss, t)) return true;
  // An empty key with Exists matches every key and value.
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  // An empty effect matches every effect.
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds != null && (t.tolerationSeconds == null || t.tolerationSeconds > ss.tolerationSeconds)) return false;
  switch (ss.operator ?? '') {
    case 'Equal': case '': return t.operator === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists': return true;
    default: return false;
  }
}
