// ClusterRole aggregation (pkg/controller/clusterroleaggregation): an aggregated ClusterRole's rules are the rules of
// every other ClusterRole its clusterRoleSelectors select, taken in name order, each rule once.
import type { ClusterRole, PolicyRule } from 'kubernetes-types/rbac/v1';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import { sameJson } from '../../api/samejson.ts';

export function aggregatedRules(target: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const selectors = (target.aggregationRule?.clusterRoleSelectors ?? []).map((s) => selectorFromLabelSelector(s));
  const selected = all
    .filter((r) => r.metadata?.name !== target.metadata?.name && selectors.some((s) => s.matches(r.metadata?.labels)))
    .sort((a, b) => (a.metadata!.name! < b.metadata!.name! ? -1 : a.metadata!.name! > b.metadata!.name! ? 1 : 0));
  const rules: PolicyRule[] = [];
  for (const role of selected) for (const rule of role.rules ?? []) if (!rules.some((r) => sameJson(r, rule))) rules.push(rule);
  return rules;
}
