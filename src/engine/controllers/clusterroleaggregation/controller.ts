// ClusterRole aggregation controller (pkg/controller/clusterroleaggregation): a ClusterRole with an aggregationRule
// gets the rules of the ClusterRoles its selectors pick. Any ClusterRole change requeues every aggregated role
// (upstream's enqueueAll), so chains (admin ← edit ← view) settle in a few syncs.
import type { ClusterRole } from 'kubernetes-types/rbac/v1';
import type { KubeObject } from '../../api/object.ts';
import { sameJson } from '../../api/samejson.ts';
import { aggregatedRules } from '../../apiserver/rbac/aggregation.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type CR = ClusterRole & KubeObject;

export class ClusterRoleAggregationController extends Controller {
  private readonly informer: Informer<CR>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('clusterrole-aggregation-controller', clock);
    this.informer = informers.informerFor<CR>('ClusterRole');
  }

  start(): void {
    const enqueueAll = () => { for (const r of this.informer.list()) if (r.aggregationRule) this.queue.add(r.metadata.name!); };
    this.informer.addEventHandler({ add: enqueueAll, update: enqueueAll, delete: enqueueAll });
  }

  protected sync(name: string): void {
    const role = this.informer.getByName(undefined, name);
    if (!role?.aggregationRule) return;
    const rules = aggregatedRules(role, this.informer.list());
    if (sameJson(rules, role.rules ?? [])) return;
    this.store.patch('ClusterRole', undefined, name, { rules });
  }
}
