// Quota evaluators (pkg/quota/v1/evaluator/core, k8s.io/apiserver/pkg/quota/v1/generic): what a pod or any other
// object uses of a quota, which quotas it falls under, and what a quota that covers compute resources requires of
// its containers. Shared by the ResourceQuota admission plugin and the resource quota controller.
import type { Container, Pod, ResourceQuota, ScopedResourceSelectorRequirement } from 'kubernetes-types/core/v1';
import type { KindInfo, KindRegistry } from '../../../../api/kinds.ts';
import { newRequirement, selectorFromRequirements, type Operator } from '../../../../api/labels.ts';
import type { KubeObject } from '../../../../api/object.ts';
import { podQOSClass } from '../../../../api/pod.ts';
import { Quantity } from '../../../../api/quantity.ts';
import { isExtendedResourceName } from '../../validation/resources.ts';
import { podResourceList } from './podresources.ts';
import { add, parseResourceList, type ResourceList } from './resources.ts';

export interface Evaluator {
  /** The Kind it measures. */
  readonly kind: string;
  /** The quota resource names among `names` that this evaluator tracks. */
  matchingResources(names: string[]): string[];
  /** Whether the object falls under one scope requirement of a quota. */
  matchesScope(req: ScopedResourceSelectorRequirement, obj: KubeObject): boolean;
  /** What the object uses, at virtual time `now`. */
  usage(obj: KubeObject, now: number): ResourceList;
  /** Why the object cannot be admitted under a quota that tracks `required`, or undefined. */
  constraints(required: string[], obj: KubeObject): string | undefined;
  /** Whether a write with this operation can change usage. */
  handles(operation: 'CREATE' | 'UPDATE'): boolean;
  /** UsageStats: what the namespace's objects (`items`) use of `resources` under a quota with these scopes. */
  usageStats(items: KubeObject[], resources: string[], scopes: ScopedResourceSelectorRequirement[], now: number): ResourceList;
}

const one = (): Quantity => Quantity.fromValue(1);
const zeros = (names: string[]): ResourceList => Object.fromEntries(names.map((n) => [n, Quantity.fromValue(0)]));

/** ObjectCountQuotaResourceNameFor: "count/deployments.apps", "count/pods". */
export function objectCountName(info: KindInfo): string {
  return `count/${info.group ? `${info.plural}.${info.group}` : info.plural}`;
}

/**
 * The legacy object-count names (legacyObjectCountAliases, and the service and claim evaluators' counts).
 * Simplification: services.nodeports, services.loadbalancers and claims' storage requests are not measured.
 */
const LEGACY_ALIASES: Record<string, string> = {
  ConfigMap: 'configmaps', Secret: 'secrets', ResourceQuota: 'resourcequotas', ReplicationController: 'replicationcontrollers',
  Service: 'services', PersistentVolumeClaim: 'persistentvolumeclaims',
};

/** generic.ObjectCountEvaluator: one per kind, counting objects on create; no scopes match it. */
function objectCountEvaluator(info: KindInfo): Evaluator {
  const names = [objectCountName(info), ...(LEGACY_ALIASES[info.kind] && info.group === '' ? [LEGACY_ALIASES[info.kind]] : [])];
  return {
    kind: info.kind,
    matchingResources: (input) => input.filter((n) => names.includes(n)),
    matchesScope: () => false,
    usage: () => Object.fromEntries(names.map((n) => [n, one()])),
    constraints: () => undefined,
    handles: (op) => op === 'CREATE',
    // Every stored object counts, whatever the quota's scopes.
    usageStats: (items, resources) => Object.fromEntries(resources.map((n) => [n, Quantity.fromValue(items.length)])),
  };
}

const POD_RESOURCES = [
  'count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
];
const POD_RESOURCE_PREFIXES = ['hugepages-', 'requests.hugepages-'];
/** The compute resources a covering quota requires every container to state (a historical mistake kept for compatibility). */
const VALIDATION_SET = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

/** isExtendedResourceNameForQuota: "requests.<extended resource>". */
function isExtendedQuotaName(name: string): boolean {
  const nonNative = name.includes('/') && !name.includes('kubernetes.io/');
  return nonNative && name.startsWith('requests.');
}

/** podComputeUsageHelper. */
function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = { pods: one() };
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    if (r in requests) { out[r] = requests[r]; out[`requests.${r}`] = requests[r]; }
    if (r in limits) out[`limits.${r}`] = limits[r];
  }
  for (const [r, q] of Object.entries(requests)) {
    if (r.startsWith('hugepages-')) { out[r] = q; out[`requests.${r}`] = q; }
    if (isExtendedResourceName(r)) out[`requests.${r}`] = q;
  }
  return out;
}

/** IsTerminating: the pod has an active deadline. */
export function isTerminating(pod: Pod): boolean {
  return (pod.spec?.activeDeadlineSeconds ?? -1) >= 0;
}

function usesCrossNamespaceAffinity(pod: Pod): boolean {
  const crossNamespace = (t: { namespaces?: string[]; namespaceSelector?: unknown }) => (t.namespaces?.length ?? 0) > 0 || !!t.namespaceSelector;
  for (const a of [pod.spec?.affinity?.podAffinity, pod.spec?.affinity?.podAntiAffinity]) {
    if (a?.requiredDuringSchedulingIgnoredDuringExecution?.some(crossNamespace)) return true;
    if (a?.preferredDuringSchedulingIgnoredDuringExecution?.some((w) => crossNamespace(w.podAffinityTerm))) return true;
  }
  return false;
}

/** podMatchesSelector: the PriorityClass scope's operators applied to {PriorityClass: <priorityClassName>}. */
function priorityClassMatches(pod: Pod, req: ScopedResourceSelectorRequirement): boolean {
  const op: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };
  const name = pod.spec?.priorityClassName;
  try {
    const sel = selectorFromRequirements([newRequirement(req.scopeName, op[req.operator] ?? 'in', req.values ?? [])]);
    return sel.matches(name ? { [req.scopeName]: name } : {});
  } catch {
    return false; // an invalid requirement matches nothing (validation refuses it on the quota)
  }
}

/**
 * QuotaV1Pod: terminal pods, and pods stuck terminating past their deletion time plus grace period, are not charged.
 */
export function podIsCharged(pod: Pod, now: number): boolean {
  if (pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded') return false;
  const del = pod.metadata?.deletionTimestamp;
  const grace = pod.metadata?.deletionGracePeriodSeconds;
  if (del && grace !== undefined && now > Date.parse(del) + grace * 1000) return false;
  return true;
}

/** Container names per required compute resource the container does not state. */
function missingResources(containers: Container[], required: Set<string>, missing: Map<string, Set<string>>): void {
  for (const c of containers) {
    const have = computeUsage(parseResourceList(c.resources?.requests as Record<string, string>), parseResourceList(c.resources?.limits as Record<string, string>));
    for (const r of required) {
      if (r in have) continue;
      if (!missing.has(r)) missing.set(r, new Set());
      missing.get(r)!.add(c.name);
    }
  }
}

const podEvaluator: Evaluator = {
  kind: 'Pod',
  matchingResources: (input) => input.filter((n) => POD_RESOURCES.includes(n) || POD_RESOURCE_PREFIXES.some((p) => n.startsWith(p)) || isExtendedQuotaName(n)),
  matchesScope(req, obj) {
    const pod = obj as Pod;
    switch (req.scopeName) {
      case 'Terminating': return isTerminating(pod);
      case 'NotTerminating': return !isTerminating(pod);
      case 'BestEffort': return podQOSClass(pod) === 'BestEffort';
      case 'NotBestEffort': return podQOSClass(pod) !== 'BestEffort';
      case 'PriorityClass': return req.operator === 'Exists' ? !!pod.spec?.priorityClassName : priorityClassMatches(pod, req);
      case 'CrossNamespacePodAffinity': return usesCrossNamespaceAffinity(pod);
      default: return false;
    }
  },
  usage(obj, now) {
    const pod = obj as Pod;
    const out: ResourceList = { 'count/pods': one() };
    if (!podIsCharged(pod, now)) return out;
    return add(out, computeUsage(podResourceList(pod, 'requests', true), podResourceList(pod, 'limits', true)));
  },
  constraints(required, obj) {
    const pod = obj as Pod;
    const req = new Set(required.filter((r) => VALIDATION_SET.has(r)));
    const missing = new Map<string, Set<string>>();
    missingResources(pod.spec?.containers ?? [], req, missing);
    missingResources(pod.spec?.initContainers ?? [], req, missing);
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
  handles: (op) => op === 'CREATE',
  usageStats(items, resources, scopes, now) {
    let out = zeros(resources);
    for (const item of items) if (scopes.every((s) => podEvaluator.matchesScope(s, item))) out = add(out, podEvaluator.usage(item, now));
    return out;
  },
};

/** The quota's scopes as requirements (getScopeSelectorsFromQuota): each scope is an Exists requirement. */
export function quotaScopes(q: ResourceQuota): ScopedResourceSelectorRequirement[] {
  return [
    ...(q.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' })),
    ...(q.spec?.scopeSelector?.matchExpressions ?? []),
  ];
}

/** generic.Matches: the quota tracks something the evaluator measures, and the object is in every scope. */
export function quotaMatches(ev: Evaluator, q: ResourceQuota, obj: KubeObject): boolean {
  if (ev.matchingResources(Object.keys(q.status?.hard ?? {})).length === 0) return false;
  return quotaScopes(q).every((s) => ev.matchesScope(s, obj));
}

/** The evaluators of every kind the API server serves, except events, which quota ignores. */
export class QuotaRegistry {
  private readonly cache = new Map<string, Evaluator>();

  constructor(private readonly kinds: KindRegistry) {}

  get(kind: string): Evaluator | undefined {
    const info = this.kinds.byKindName(kind);
    if (!info || !info.namespaced || info.kind === 'Event') return undefined;
    let ev = this.cache.get(kind);
    if (!ev) this.cache.set(kind, (ev = info.kind === 'Pod' ? podEvaluator : objectCountEvaluator(info)));
    return ev;
  }

  all(): Evaluator[] {
    return this.kinds.all().map((k) => this.get(k.kind)).filter((e): e is Evaluator => e !== undefined);
  }
}
