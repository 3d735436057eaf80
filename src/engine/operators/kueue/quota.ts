// The quota arithmetic of Kueue's cache (pkg/cache: ClusterQueue snapshot, cohort resource nodes): per ClusterQueue
// and (flavor, resource), the nominal quota, the borrowing and lending limits, what admitted workloads use, and
// what may still be reserved with the cohort's unused lendable quota.
import { Quantity } from '../../api/quantity.ts';
import { resourceAmount } from '../../api/pod.ts';
import type { ClusterQueue, Workload } from './types.ts';

/** `flavor/resource`: the unit quotas are kept in (resources.FlavorResource). */
export type FlavorResource = string;
export const fr = (flavor: string, resource: string): FlavorResource => `${flavor}/${resource}`;

export interface Quota { nominal: number; borrowingLimit: number; lendingLimit: number }

export class CQState {
  readonly quotas = new Map<FlavorResource, Quota>();
  readonly usage = new Map<FlavorResource, number>();
  /** Admitted workloads holding quota here, by workload key. */
  readonly workloads = new Map<string, Workload>();
  cohort: CohortState | undefined;

  constructor(readonly cq: ClusterQueue, readonly active: boolean) {
    for (const g of cq.spec.resourceGroups ?? []) {
      for (const f of g.flavors) {
        for (const r of f.resources) {
          const nominal = resourceAmount(r.name, r.nominalQuota);
          this.quotas.set(fr(f.name, r.name), {
            nominal,
            borrowingLimit: r.borrowingLimit === undefined ? Infinity : resourceAmount(r.name, r.borrowingLimit),
            lendingLimit: r.lendingLimit === undefined ? nominal : resourceAmount(r.name, r.lendingLimit),
          });
        }
      }
    }
  }

  get name(): string { return this.cq.metadata.name!; }
  used(k: FlavorResource): number { return this.usage.get(k) ?? 0; }
  nominal(k: FlavorResource): number { return this.quotas.get(k)?.nominal ?? 0; }
  /** The part of the nominal quota that is never lent to the cohort. */
  guaranteed(k: FlavorResource): number { const q = this.quotas.get(k); return q ? q.nominal - q.lendingLimit : 0; }

  /** What may still be reserved now: the own unused quota plus the cohort's unused lendable quota, within the borrowing limit. */
  available(k: FlavorResource): number {
    const q = this.quotas.get(k);
    if (!q) return 0;
    const used = this.used(k);
    if (!this.cohort) return q.nominal - used;
    const own = Math.max(0, this.guaranteed(k) - used);
    return Math.max(0, Math.min(q.nominal + q.borrowingLimit - used, own + this.cohort.lendable(k) - this.cohort.borrowed(k)));
  }

  /** The most this ClusterQueue could ever hold (PotentialAvailable): its quota plus all the cohort may lend. */
  potentialAvailable(k: FlavorResource): number {
    const q = this.quotas.get(k);
    if (!q) return 0;
    if (!this.cohort) return q.nominal;
    return Math.min(q.nominal + q.borrowingLimit, this.guaranteed(k) + this.cohort.lendable(k));
  }

  borrowing(k: FlavorResource): boolean { return this.used(k) > this.nominal(k); }

  add(key: string, wl: Workload, sign = 1): void {
    if (sign > 0) this.workloads.set(key, wl); else this.workloads.delete(key);
    this.reserve(workloadUsage(wl), sign);
  }

  /** Usage without a workload to show for it: what a preemptor claims for the rest of an admission cycle. */
  reserve(usage: ReadonlyMap<FlavorResource, number>, sign = 1): void {
    for (const [k, v] of usage) this.usage.set(k, this.used(k) + sign * v);
  }
}

export class CohortState {
  readonly members: CQState[] = [];
  constructor(readonly name: string) {}
  /** What the members lend to each other. */
  lendable(k: FlavorResource): number { return this.members.reduce((n, m) => n + (m.quotas.get(k)?.lendingLimit ?? 0), 0); }
  /** What the members take from the lent pool: their usage above their guaranteed quota. */
  borrowed(k: FlavorResource): number { return this.members.reduce((n, m) => n + Math.max(0, m.used(k) - m.guaranteed(k)), 0); }
}

/** The quota an admitted workload holds, from its podSetAssignments' flavors and resourceUsage. */
export function workloadUsage(wl: Workload): Map<FlavorResource, number> {
  const out = new Map<FlavorResource, number>();
  for (const a of wl.status?.admission?.podSetAssignments ?? []) {
    for (const [res, flavor] of Object.entries(a.flavors)) {
      const q = a.resourceUsage[res];
      if (q === undefined) continue;
      const k = fr(flavor, res);
      out.set(k, (out.get(k) ?? 0) + resourceAmount(res, q));
    }
  }
  return out;
}

/** resources.ResourceQuantityString: cpu in millicores, memory in binary units, anything else as a decimal. */
export function quantityString(resource: string, v: number): string {
  if (resource === 'cpu') return Quantity.fromMilli(v, 'DecimalSI').toString();
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return Quantity.fromValue(v, 'BinarySI').toString();
  return Quantity.fromValue(v, 'DecimalSI').toString();
}
