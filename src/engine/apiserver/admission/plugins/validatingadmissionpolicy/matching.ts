// Whether a policy's matchConstraints, or a binding's matchResources, select a request (the generic policy
// matcher and webhook rules.Matcher): namespaceSelector, objectSelector, excludeResourceRules, then resourceRules —
// exactly, or with matchPolicy Equivalent through an equivalent resource, whose group/version/resource and kind are
// then the ones the policy sees.
// Simplification: the equivalent resources are a custom resource's other served versions (the built-in kinds are
// served in one version each, and no two groups share a storage here).
import type { Namespace } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector } from '../../../../api/labels.ts';
import type { AdmissionStore } from '../plugin.ts';
import type { GroupVersionKind, GroupVersionResource, PolicyRequest } from './request.ts';
import type { MatchRules, NamedRule } from './types.ts';

export interface Match { resource: GroupVersionResource; kind: GroupVersionKind }

const wild = (list: string[] | undefined, v: string) => (list ?? []).some((x) => x === '*' || x === v);

function resourceMatches(resources: string[] | undefined, resource: string, subresource: string): boolean {
  return (resources ?? []).some((r) => {
    if (r === '*/*') return true;
    const slash = r.indexOf('/');
    if (slash < 0) return subresource === '' && (r === '*' || r === resource);
    const res = r.slice(0, slash), sub = r.slice(slash + 1);
    return (res === '*' || res === resource) && (sub === '*' || sub === subresource);
  });
}

/** rules.Matcher plus the rule's resourceNames, for the request seen as `resource`. */
function ruleMatches(rule: NamedRule, r: PolicyRequest, resource: GroupVersionResource): boolean {
  if (!wild(rule.operations, r.attrs.operation) || !wild(rule.apiGroups, resource.group) || !wild(rule.apiVersions, resource.version)) return false;
  if (!resourceMatches(rule.resources, resource.resource, r.subresource)) return false;
  const isNamespace = resource.group === '' && resource.resource === 'namespaces';
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced' && (isNamespace || !r.namespace)) return false;
  if (scope === 'Cluster' && !(isNamespace || !r.namespace)) return false;
  return !rule.resourceNames?.length || rule.resourceNames.includes(r.name);
}

function equivalents(r: PolicyRequest): Match[] {
  const versions = r.attrs.kind.custom?.servedVersions ?? [];
  return versions.filter((v) => v !== r.resource.version).map((version) => ({ resource: { ...r.resource, version }, kind: { ...r.kind, version } }));
}

function rulesMatch(rules: NamedRule[] | undefined, matchPolicy: string | undefined, r: PolicyRequest): Match | undefined {
  if (!rules?.length) return undefined;
  if (rules.some((rule) => ruleMatches(rule, r, r.resource))) return { resource: r.resource, kind: r.kind };
  if (matchPolicy === 'Exact') return undefined;
  return equivalents(r).find((e) => rules.some((rule) => ruleMatches(rule, r, e.resource)));
}

/** The labels a namespaceSelector reads: the request's namespace's, or a Namespace's own. */
function namespaceLabels(store: AdmissionStore, r: PolicyRequest): Record<string, string> | undefined {
  if (r.resource.group === '' && r.resource.resource === 'namespaces') return r.object?.metadata.labels ?? r.oldObject?.metadata.labels;
  return store.tryGet<Namespace>('Namespace', undefined, r.namespace)?.metadata.labels;
}

/**
 * The resource the request matches as, or undefined. With `all`, empty resourceRules match everything (a binding's
 * matchResources narrows what its policy's matchConstraints already matched).
 */
export function matches(store: AdmissionStore, m: MatchRules, r: PolicyRequest, all = false): Match | undefined {
  const nsSelector = selectorFromLabelSelector(m.namespaceSelector ?? {});
  // A cluster-scoped request other than a Namespace is never exempted by a namespaceSelector.
  const clusterScoped = !r.namespace && !(r.resource.group === '' && r.resource.resource === 'namespaces');
  if (!clusterScoped && !nsSelector.empty() && !nsSelector.matches(namespaceLabels(store, r) ?? {})) return undefined;
  const objSelector = selectorFromLabelSelector(m.objectSelector ?? {});
  if (!objSelector.empty() && !objSelector.matches(r.object?.metadata.labels ?? {}) && !objSelector.matches(r.oldObject?.metadata.labels ?? {})) return undefined;
  if (rulesMatch(m.excludeResourceRules, m.matchPolicy, r)) return undefined;
  if (all && !m.resourceRules?.length) return { resource: r.resource, kind: r.kind };
  return rulesMatch(m.resourceRules, m.matchPolicy, r);
}
