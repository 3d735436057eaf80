// PodDisruptionBudgets as preemption weighs them (filterPodsWithPDBViolation): victims whose eviction would take
// a budget below zero are "violating"; the scheduler prefers to spare them and to pick nodes with fewer of them.
import type { Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { LabelSelectorError, selectorFromLabelSelector, type Selector } from '../../api/labels.ts';

function selectorOf(pdb: PodDisruptionBudget): Selector | undefined {
  try {
    return selectorFromLabelSelector(pdb.spec?.selector);
  } catch (e) {
    // An invalid selector matches no pod.
    if (e instanceof LabelSelectorError) return undefined;
    throw e;
  }
}

/**
 * Split pods (kept in their order) into those whose PDBs would be violated by evicting them all and the rest.
 * Each matching budget's disruptionsAllowed is spent pod by pod; pods already listed in status.disruptedPods
 * were counted by the API server and spend nothing. A nil or empty selector matches nothing.
 */
export function filterPodsWithPDBViolation(pods: Pod[], pdbs: PodDisruptionBudget[]): { violating: Pod[]; nonViolating: Pod[] } {
  const allowed = pdbs.map((p) => p.status?.disruptionsAllowed ?? 0);
  const selectors = pdbs.map(selectorOf);
  const violating: Pod[] = [];
  const nonViolating: Pod[] = [];
  for (const pod of pods) {
    let violated = false;
    const labels = pod.metadata?.labels;
    if (labels && Object.keys(labels).length) {
      pdbs.forEach((pdb, i) => {
        const sel = selectors[i];
        if (pdb.metadata?.namespace !== pod.metadata?.namespace || !sel || sel.empty() || !sel.matches(labels)) return;
        if (Object.hasOwn(pdb.status?.disruptedPods ?? {}, pod.metadata?.name ?? '')) return;
        allowed[i]--;
        if (allowed[i] < 0) violated = true;
      });
    }
    (violated ? violating : nonViolating).push(pod);
  }
  return { violating, nonViolating };
}
