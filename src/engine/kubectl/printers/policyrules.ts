// How kubectl shows PolicyRules (describe Role and auth can-i --list): broken down, compacted per group, resource
// and resource name (k8s.io/kubectl/pkg/util/rbac), sorted by their generated String(), one row each.
import type { PolicyRule } from 'kubernetes-types/rbac/v1';
import { breakdownRule, compactRules, protoString } from '../../apiserver/rbac/rules.ts';
import { goList } from '../../api/validation.ts';

/** describe.CombineResourceGroup: "pods", "deployments.apps", "pods/log", "*.*". */
export function combineResourceGroup(resources: string[] | undefined, groups: string[] | undefined): string {
  if (!resources?.length) return '';
  const slash = resources[0].indexOf('/');
  let out = slash < 0 ? resources[0] : resources[0].slice(0, slash);
  if (groups?.length && groups[0] !== '') out += `.${groups[0]}`;
  return slash < 0 ? out : `${out}/${resources[0].slice(slash + 1)}`;
}

/** The rows' cells: Resources, Non-Resource URLs, Resource Names, Verbs. */
export function policyRuleRows(rules: PolicyRule[]): string[][] {
  return compactRules(rules.flatMap(breakdownRule), true)
    .map((r) => ({ r, key: protoString(r) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ r }) => [combineResourceGroup(r.resources, r.apiGroups), goList(r.nonResourceURLs), goList(r.resourceNames), goList(r.verbs)]);
}
