// Resource quota controller (pkg/controller/resourcequota): keeps each ResourceQuota's status.hard equal to its
// spec.hard and status.used equal to what the namespace's objects use. Admission charges new objects as they are
// created; this controller recalculates when a quota changes, when objects go away or pods finish (replenishment),
// and on a full resync.
import type { Pod, ResourceQuota } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { podIsCharged, QuotaRegistry, quotaScopes } from '../../apiserver/admission/plugins/quota/evaluators.ts';
import { add, equals, formatResourceList, mask, parseResourceList, type ResourceList } from '../../apiserver/admission/plugins/quota/resources.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type RQ = ResourceQuota & KubeObject;
type Lists = Record<string, string> | undefined;

/** --resource-quota-sync-period: every quota is recalculated this often. */
export const QUOTA_SYNC_PERIOD_MS = 5 * 60_000;

export class ResourceQuotaController extends Controller {
  private readonly rqInformer: Informer<RQ>;
  private readonly registry: QuotaRegistry;
  /** The informers of every kind quota can count (the quota monitors). */
  private readonly monitors = new Map<string, Informer>();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('resourcequota-controller', clock);
    this.rqInformer = informers.informerFor<RQ>('ResourceQuota');
    this.registry = new QuotaRegistry(store.kinds);
    for (const ev of this.registry.all()) this.monitors.set(ev.kind, informers.informerFor(ev.kind));
  }

  start(): void {
    this.rqInformer.addEventHandler({
      add: (q) => this.queue.add(objectKey(q)),
      // Status writes (this controller's and admission's) do not trigger a recalculation; a new spec.hard does.
      update: (o, q) => { if (!equals(parseResourceList(o.spec?.hard as Lists), parseResourceList(q.spec?.hard as Lists))) this.queue.add(objectKey(q)); },
      delete: (q) => this.queue.add(objectKey(q)),
    });
    for (const [kind, inf] of this.monitors) {
      inf.addEventHandler({
        // A pod that finished no longer uses its compute resources.
        update: kind === 'Pod'
          ? (o, p) => { if (podIsCharged(o as Pod, this.clock.now()) && !podIsCharged(p as Pod, this.clock.now())) this.replenish(p.metadata.namespace); }
          : undefined,
        delete: (o) => this.replenish(o.metadata.namespace),
      });
    }
    this.clock.every(QUOTA_SYNC_PERIOD_MS, () => { for (const q of this.rqInformer.list()) this.queue.add(objectKey(q)); });
  }

  /** Recalculate every quota of the namespace. */
  private replenish(namespace: string | undefined): void {
    if (!namespace) return;
    for (const q of this.rqInformer.listByIndex('namespace', namespace)) this.queue.add(objectKey(q));
  }

  /** CalculateUsage: the usage of each hard resource some evaluator tracks, from the monitors' caches. */
  private calculateUsage(q: RQ, hardNames: string[]): ResourceList {
    const now = this.clock.now();
    const scopes = quotaScopes(q);
    let usage: ResourceList = {};
    const matched = new Set<string>();
    for (const ev of this.registry.all()) {
      const resources = ev.matchingResources(hardNames);
      if (resources.length === 0) continue;
      for (const r of resources) matched.add(r);
      const items = this.monitors.get(ev.kind)?.listByIndex('namespace', q.metadata.namespace!) ?? [];
      usage = add(usage, ev.usageStats(items, resources, scopes, now));
    }
    return mask(usage, matched);
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const q = this.rqInformer.getByName(namespace, name);
    if (!q) return;
    const hard = parseResourceList(q.spec?.hard as Lists);
    const oldUsed = parseResourceList(q.status?.used as Lists);
    let dirty = !q.status?.hard || !q.status?.used || !equals(hard, parseResourceList(q.status.hard as Lists));
    const usage = this.calculateUsage(q, Object.keys(hard));
    const used = mask({ ...oldUsed, ...usage }, Object.keys(hard));
    dirty = dirty || !equals(used, oldUsed);
    if (!dirty) return;
    this.store.update({ ...q, status: { hard: formatResourceList(hard), used: formatResourceList(used) } } as RQ, { subresource: 'status' });
  }
}
