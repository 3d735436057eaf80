// PolicyRule evaluation (pkg/apis/rbac/v1/evaluation_helpers.go), the escalation comparator
// (component-helpers/auth/rbac/validation: Covers, BreakdownRule) and the rule texts errors and kubectl print.
import type { PolicyRule } from 'kubernetes-types/rbac/v1';

/** What a request asks (authorizer.Attributes). A resource request has a resource; otherwise it names a path. */
export interface RequestAttributes {
  verb: string;
  apiGroup?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  /** A non-resource request's URL path ("/healthz"). */
  path?: string;
}

/** The API group of the RBAC kinds (rbac.GroupName). */
export const RBAC_GROUP = 'rbac.authorization.k8s.io';

const list = (v: string[] | undefined): string[] => v ?? [];

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return list(rule.verbs).some((v) => v === '*' || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return list(rule.apiGroups).some((g) => g === '*' || g === group);
}

/** "*" matches everything, "pods/log" exactly, "*\/log" any resource's log subresource. */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  return list(rule.resources).some((r) => r === '*' || r === combined || (subresource !== '' && r === `*/${subresource}`));
}

/** No resourceNames means every name; a list and watch of a whole collection has no name and so never matches one. */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = list(rule.resourceNames);
  return names.length === 0 || names.includes(name);
}

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  return list(rule.nonResourceURLs).some((u) => u === '*' || u === path || (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))));
}

/** RuleAllows (plugin/pkg/auth/authorizer/rbac). */
export function ruleAllows(a: RequestAttributes, rule: PolicyRule): boolean {
  if (a.resource !== undefined) {
    const sub = a.subresource ?? '';
    const combined = sub ? `${a.resource}/${sub}` : a.resource;
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.apiGroup ?? '') && resourceMatches(rule, combined, sub) && resourceNameMatches(rule, a.name ?? '');
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path ?? '');
}

/** BreakdownRule: one verb, group, resource and resource name (or one URL and verb) per rule. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of list(rule.apiGroups)) {
    for (const resource of list(rule.resources)) {
      for (const verb of list(rule.verbs)) {
        const names = list(rule.resourceNames);
        if (names.length) for (const name of names) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of list(rule.nonResourceURLs)) for (const verb of list(rule.verbs)) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

const hasAll = (set: string[], wanted: string[]): boolean => wanted.every((w) => set.includes(w));

function resourceCoversAll(owner: string[], wanted: string[]): boolean {
  if (owner.includes('*') || hasAll(owner, wanted)) return true;
  return wanted.every((path) => owner.includes(path) || (path.includes('/') && owner.includes(`*/${path.slice(path.indexOf('/') + 1)}`)));
}

const urlCovers = (owner: string, sub: string): boolean => owner === sub || (owner.endsWith('*') && sub.startsWith(owner.replace(/\*+$/, '')));

/** ruleCovers: the owner rule grants everything the (broken down) sub rule does. */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = list(owner.verbs).includes('*') || hasAll(list(owner.verbs), list(sub.verbs));
  const groups = list(owner.apiGroups).includes('*') || hasAll(list(owner.apiGroups), list(sub.apiGroups));
  const resources = resourceCoversAll(list(owner.resources), list(sub.resources));
  const urls = list(sub.nonResourceURLs).every((p) => list(owner.nonResourceURLs).some((o) => urlCovers(o, p)));
  const ownerNames = list(owner.resourceNames);
  const names = list(sub.resourceNames).length === 0 ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, list(sub.resourceNames));
  return verbs && groups && resources && names && urls;
}

/** Covers: whether ownerRules grant all of servantRules, and the broken-down rules they do not. */
export function covers(ownerRules: PolicyRule[], servantRules: PolicyRule[]): { covered: boolean; missing: PolicyRule[] } {
  const missing = servantRules.flatMap(breakdownRule).filter((sub) => !ownerRules.some((owner) => ruleCovers(owner, sub)));
  return { covered: missing.length === 0, missing };
}

/** Go's %q of a []string: ["a" "b"]. */
export const goQuotedList = (v: string[]): string => `[${v.map((s) => JSON.stringify(s)).join(' ')}]`;

/** rbacv1helpers.CompactString, as escalation errors print a rule. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if (list(r.apiGroups).length) parts.push(`APIGroups:${goQuotedList(list(r.apiGroups))}`);
  if (list(r.resources).length) parts.push(`Resources:${goQuotedList(list(r.resources))}`);
  if (list(r.nonResourceURLs).length) parts.push(`NonResourceURLs:${goQuotedList(list(r.nonResourceURLs))}`);
  if (list(r.resourceNames).length) parts.push(`ResourceNames:${goQuotedList(list(r.resourceNames))}`);
  if (list(r.verbs).length) parts.push(`Verbs:${goQuotedList(list(r.verbs))}`);
  return `{${parts.join(', ')}}`;
}

/**
 * CompactRules: broken-down rules on one group and resource (and, as kubectl's variant, at most one resource name)
 * merged into one rule with all their verbs. `withNames` false is the API server's variant (resource names are not
 * merged). Map order is insertion order here; callers sort.
 */
export function compactRules(rules: PolicyRule[], withNames: boolean): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const names = list(r.resourceNames);
    const isSimple = list(r.nonResourceURLs).length === 0 && list(r.apiGroups).length === 1 && list(r.resources).length === 1 && (withNames ? names.length <= 1 : names.length === 0);
    if (!isSimple) { out.push(r); continue; }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], names.length > 0, names[0] ?? '']);
    const existing = simple.get(key);
    if (existing) existing.verbs = [...list(existing.verbs), ...list(r.verbs)];
    else simple.set(key, { ...r, verbs: [...list(r.verbs)] });
  }
  return [...out, ...simple.values()];
}

/** The generated String() of a v1 PolicyRule (`&PolicyRule{Verbs:[get list],…}`), kubectl's sort key for rules. */
export function protoString(r: PolicyRule): string {
  const v = (a: string[] | undefined) => `[${list(a).join(' ')}]`;
  return `&PolicyRule{Verbs:${v(r.verbs)},APIGroups:${v(r.apiGroups)},Resources:${v(r.resources)},ResourceNames:${v(r.resourceNames)},NonResourceURLs:${v(r.nonResourceURLs)},}`;
}
