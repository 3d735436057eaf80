// Deployment controller (pkg/controller/deployment): owns ReplicaSets, one per pod template, and moves
// replicas between them by the Deployment's strategy.
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import { controllerOf } from '../../api/pod.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { SimClock } from '../../sim/clock.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { rolloutRecreate } from './recreate.ts';
import { rolloutRolling } from './rolling.ts';
import { getAllReplicaSetsAndSyncRevision, scaleReplicaSet, syncRolloutStatus, type D, type RS, type SyncContext } from './sync.ts';

type P = Pod & KubeObject;

const isRunningOrPending = (p: Pod) => p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded';

export class DeploymentController extends Controller {
  private readonly dInformer: Informer<D>;
  private readonly rsInformer: Informer<RS>;
  private readonly podInformer: Informer<P>;
  private readonly ctx: SyncContext;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('deployment-controller', clock);
    this.dInformer = informers.informerFor<D>('Deployment');
    this.rsInformer = informers.informerFor<RS>('ReplicaSet');
    this.podInformer = informers.informerFor<P>('Pod');
    this.podInformer.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.rsInformer.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.ctx = { store, clock, event: recorder.forSource({ component: 'deployment-controller' }), requeueAfter: (d, ms) => this.queue.addAfter(objectKey(d), ms) };
  }

  start(): void {
    const enqueue = (d: D) => this.queue.add(objectKey(d));
    this.dInformer.addEventHandler({ add: enqueue, update: (_o, d) => enqueue(d), delete: enqueue });
    const byOwner = (rs: RS) => {
      const ref = controllerOf(rs);
      if (ref?.kind === 'Deployment') this.queue.add(`${rs.metadata.namespace}/${ref.name}`);
      else if (!ref) this.enqueueMatching(rs);
    };
    this.rsInformer.addEventHandler({ add: byOwner, update: (o, rs) => { byOwner(o); byOwner(rs); }, delete: byOwner });
    // Recreate waits for old pods to be gone, so pod deletions matter too.
    this.podInformer.addEventHandler({
      delete: (p) => {
        const ref = controllerOf(p);
        if (ref?.kind !== 'ReplicaSet') return;
        const rs = this.rsInformer.getByName(p.metadata.namespace, ref.name);
        if (rs) byOwner(rs);
      },
    });
  }

  private enqueueMatching(rs: RS): void {
    for (const d of this.dInformer.listByIndex('namespace', rs.metadata.namespace!)) {
      if (selectorFromLabelSelector(d.spec?.selector).matches(rs.metadata.labels)) this.queue.add(objectKey(d));
    }
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const d = this.dInformer.getByName(namespace, name);
    if (!d) return;
    if (d.metadata.deletionTimestamp) return;
    const rsList = this.claimReplicaSets(d);
    const selector = selectorFromLabelSelector(d.spec?.selector);
    if (selector.empty()) {
      this.ctx.event(d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
      return;
    }
    const recreate = d.spec?.strategy?.type === 'Recreate';
    if (d.spec?.paused) {
      const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(this.ctx, d, rsList, false);
      if (newRS && (newRS.spec?.replicas ?? 0) !== (d.spec?.replicas ?? 1) && oldRSs.every((rs) => (rs.spec?.replicas ?? 0) === 0)) {
        scaleReplicaSet(this.ctx, d, newRS, d.spec?.replicas ?? 1);
      }
      return syncRolloutStatus(this.ctx, d, [...oldRSs, ...(newRS ? [newRS] : [])], newRS);
    }
    // Recreate creates the new ReplicaSet only once the old pods are gone.
    const oldPodsGone = () => rsList.every((rs) => (rs.spec?.replicas ?? 0) === 0 && !this.podsOf(rs).some(isRunningOrPending));
    const { newRS, oldRSs } = getAllReplicaSetsAndSyncRevision(this.ctx, d, rsList, !recreate || oldPodsGone());
    if (!newRS) {
      for (const rs of oldRSs) if ((rs.spec?.replicas ?? 0) > 0) scaleReplicaSet(this.ctx, d, rs, 0);
      return syncRolloutStatus(this.ctx, d, oldRSs, undefined);
    }
    if (recreate) rolloutRecreate(this.ctx, d, newRS, oldRSs, (rs) => this.podsOf(rs));
    else rolloutRolling(this.ctx, d, newRS, oldRSs);
  }

  private podsOf(rs: RS): P[] {
    return this.podInformer.listByIndex(CONTROLLER_INDEX, rs.metadata.uid!);
  }

  /** ClaimReplicaSets: owned ones, plus matching orphans adopted with a controller reference. */
  private claimReplicaSets(d: D): RS[] {
    const selector = selectorFromLabelSelector(d.spec?.selector);
    const out: RS[] = [];
    const candidates = [...this.rsInformer.listByIndex(CONTROLLER_INDEX, d.metadata.uid!), ...this.rsInformer.listByIndex(CONTROLLER_INDEX, `orphan:${d.metadata.namespace}`)];
    for (const rs of candidates) {
      const ref = controllerOf(rs);
      if (ref) {
        if (ref.uid === d.metadata.uid) out.push(this.store.tryGet<ReplicaSet>('ReplicaSet', rs.metadata.namespace, rs.metadata.name!) ?? rs);
        continue;
      }
      if (rs.metadata.deletionTimestamp || !selector.matches(rs.metadata.labels)) continue;
      out.push(this.store.patch<ReplicaSet>('ReplicaSet', rs.metadata.namespace, rs.metadata.name!, {
        metadata: { ownerReferences: [...(rs.metadata.ownerReferences ?? []), controllerRefTo(d as Deployment & KubeObject)] },
      }) as RS);
    }
    return out;
  }
}
