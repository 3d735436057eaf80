// namespacedResourcesDeleter (namespace/deletion): removes everything in a terminating namespace, kind by kind,
// estimates how long graceful pod deletions still need, reports progress in the namespace's conditions, and
// finally removes the "kubernetes" finalizer so that the API server purges the namespace.
// Simplification: there is no DELETE collection; each object is deleted on its own (what the upstream deleter
// does for resources without deletecollection).
import type { Namespace, Pod } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { SimClock } from '../../sim/clock.ts';
import { deletionConditions, updateConditions, type ContentTotals } from './conditions.ts';

type NS = Namespace & KubeObject;

/** The finalizer this controller owns. */
export const FINALIZER_KUBERNETES = 'kubernetes';
/** finalizerEstimateSeconds: what to wait for when remaining objects carry finalizers. */
const FINALIZER_ESTIMATE_SECONDS = 15;

/** Content is still being removed; look again in about half the estimate. */
export class ResourcesRemainingError extends Error {
  constructor(readonly estimate: number) {
    super(`some content remains in the namespace, estimate ${estimate} seconds before it is removed`);
  }
}

interface KindResult { estimate: number; remaining: number; finalizers: Map<string, number>; error?: Error }

export class NamespacedResourcesDeleter {
  constructor(private readonly store: Store, private readonly clock: SimClock) {}

  delete(name: string): void {
    let ns = this.store.tryGet<Namespace>('Namespace', undefined, name) as NS | undefined;
    if (!ns?.metadata.deletionTimestamp) return;
    if (ns.status?.phase !== 'Terminating') ns = this.store.update({ ...ns, status: { ...ns.status, phase: 'Terminating' } }, { subresource: 'status' });
    if (!(ns.spec?.finalizers ?? []).length) return;
    const estimate = this.deleteAllContent(ns);
    if (estimate > 0) throw new ResourcesRemainingError(estimate);
    const current = this.store.tryGet<Namespace>('Namespace', undefined, name) as NS | undefined;
    if (!current) return;
    const rest = [...new Set((current.spec?.finalizers ?? []).filter((f) => f !== FINALIZER_KUBERNETES))].sort();
    this.store.update({ ...current, spec: { ...current.spec, finalizers: rest } });
  }

  /** Returns the longest estimate; throws (after updating the conditions) when some kind could not be emptied. */
  private deleteAllContent(ns: NS): number {
    const name = ns.metadata.name!;
    const deletedAt = Date.parse(ns.metadata.deletionTimestamp!);
    const totals: ContentTotals = { remaining: new Map(), finalizers: new Map() };
    const errors: Error[] = [];
    let estimate = 0;
    for (const info of this.store.kinds.all()) {
      if (!info.namespaced) continue;
      const r = this.deleteKind(info, name, deletedAt);
      if (r.error) errors.push(r.error);
      estimate = Math.max(estimate, r.estimate);
      if (r.remaining > 0) {
        totals.remaining.set(`${info.plural}.${info.group}`, r.remaining);
        for (const [f, n] of r.finalizers) totals.finalizers.set(f, (totals.finalizers.get(f) ?? 0) + n);
      }
    }
    const now = this.clock.nowRFC3339();
    const current = this.store.tryGet<Namespace>('Namespace', undefined, name) as NS | undefined;
    if (current) {
      const status = structuredClone(current.status ?? {});
      if (updateConditions(status, deletionConditions(totals, errors, now), now)) this.store.update({ ...current, status }, { subresource: 'status' });
    }
    if (errors.length) throw new Error(errors.map((e) => e.message).join(', '));
    return estimate;
  }

  /** deleteAllContentForGroupVersionResource. */
  private deleteKind(info: KindInfo, namespace: string, deletedAt: number): KindResult {
    const estimate = this.estimateGracefulTermination(info, namespace, deletedAt);
    for (const o of this.store.list(info.kind, { namespace })) {
      try {
        this.store.delete(info.kind, namespace, o.metadata.name!, { propagationPolicy: 'Background' });
      } catch (e) {
        if (!isStatusError(e, 'NotFound')) return { estimate, remaining: 0, finalizers: new Map(), error: e as Error };
      }
    }
    const remaining = this.store.list(info.kind, { namespace });
    if (!remaining.length) return { estimate: 0, remaining: 0, finalizers: new Map() };
    const finalizers = new Map<string, number>();
    for (const o of remaining) for (const f of o.metadata.finalizers ?? []) finalizers.set(f, (finalizers.get(f) ?? 0) + 1);
    if (estimate !== 0) return { estimate, remaining: remaining.length, finalizers };
    if (finalizers.size) return { estimate: FINALIZER_ESTIMATE_SECONDS, remaining: remaining.length, finalizers };
    const gvr = `${info.group}/${info.version}, Resource=${info.plural}`;
    return { estimate, remaining: remaining.length, finalizers, error: new Error(`unexpected items still remain in namespace: ${namespace} for gvr: ${gvr}`) };
  }

  /** Pods may take their termination grace period, counted from the namespace's deletion. */
  private estimateGracefulTermination(info: KindInfo, namespace: string, deletedAt: number): number {
    if (info.kind !== 'Pod' || info.group !== '') return 0;
    let estimate = 0;
    for (const p of this.store.list<Pod>('Pod', { namespace })) {
      if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
      estimate = Math.max(estimate, p.spec?.terminationGracePeriodSeconds ?? 0);
    }
    return this.clock.now() - deletedAt >= estimate * 1000 ? 0 : estimate;
  }
}
