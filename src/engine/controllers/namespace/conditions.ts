// The conditions a terminating namespace carries (namespace/deletion/status_condition_utils.go): each type in a
// fixed order, either its failure or its "ok" variant.
import type { NamespaceCondition, NamespaceStatus } from 'kubernetes-types/core/v1';

const CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

const OK: Record<(typeof CONDITION_TYPES)[number], { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
};

/** What one deletion pass left behind: objects per resource ("pods.") and per finalizer. */
export interface ContentTotals {
  remaining: Map<string, number>;
  finalizers: Map<string, number>;
}

/** The failure conditions of one pass (namespaceConditionUpdater). */
export function deletionConditions(totals: ContentTotals, deleteErrors: readonly Error[], now: string): NamespaceCondition[] {
  const out: NamespaceCondition[] = [];
  const failed = (type: string, reason: string, message: string): NamespaceCondition => ({ type, status: 'True', lastTransitionTime: now, reason, message });
  if (deleteErrors.length) {
    const msgs = deleteErrors.map((e) => e.message).sort();
    out.push(failed('NamespaceDeletionContentFailure', 'ContentDeletionFailed', `Failed to delete all resource types, ${msgs.length} remaining: ${msgs.join(', ')}`));
  }
  if (totals.remaining.size) {
    const parts = [...totals.remaining].map(([resource, n]) => `${resource} has ${n} resource instances`).sort();
    out.push(failed('NamespaceContentRemaining', 'SomeResourcesRemain', `Some resources are remaining: ${parts.join(', ')}`));
  }
  if (totals.finalizers.size) {
    const parts = [...totals.finalizers].map(([f, n]) => `${f} in ${n} resource instances`).sort();
    out.push(failed('NamespaceFinalizersRemaining', 'SomeFinalizerRemain', `Some finalizers are remaining: ${parts.join(', ')}`));
  }
  return out;
}

/** updateConditions: every type present, in order; true when anything changed. */
export function updateConditions(status: NamespaceStatus, fresh: readonly NamespaceCondition[], now: string): boolean {
  let changed = false;
  const conditions = [...(status.conditions ?? [])];
  for (const type of CONDITION_TYPES) {
    const next = fresh.find((c) => c.type === type) ?? { type, status: 'False', lastTransitionTime: now, ...OK[type] };
    const i = conditions.findIndex((c) => c.type === type);
    if (i < 0) {
      conditions.push(next);
      changed = true;
    } else {
      const old = conditions[i];
      if (old.status !== next.status || old.message !== next.message || old.reason !== next.reason) {
        conditions[i] = { ...old, status: next.status, reason: next.reason, message: next.message, lastTransitionTime: old.status !== next.status ? now : old.lastTransitionTime };
        changed = true;
      }
    }
  }
  status.conditions = conditions;
  return changed;
}
