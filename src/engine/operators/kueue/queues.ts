// The ClusterQueue and LocalQueue reconcilers (pkg/controller/core): their status — pending, reserving and
// admitted workload counts, the quota reserved and used per flavor (and how much of it is borrowed), and whether
// the queue is active.
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { resourceAmount } from '../../api/pod.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer } from '../../client/informer.ts';
import type { OperatorDeps } from '../operator.ts';
import { fr, quantityString, workloadUsage, type FlavorResource } from './quota.ts';
import { missingFlavors } from './scheduler.ts';
import {
  holdsQuota, isPending, isTrue, setCondition, WL,
  type ClusterQueue, type FlavorUsage, type LocalQueue, type MetaCondition, type ResourceFlavor, type Workload,
} from './types.ts';

interface Counts { pendingWorkloads: number; reservingWorkloads: number; admittedWorkloads: number }

function count(wls: Workload[]): Counts {
  return {
    pendingWorkloads: wls.filter(isPending).length,
    reservingWorkloads: wls.filter(holdsQuota).length,
    admittedWorkloads: wls.filter((w) => holdsQuota(w) && isTrue(w.status?.conditions, WL.admitted)).length,
  };
}

/** flavorsUsage in the ClusterQueue's flavor and resource order; borrowed is what exceeds the nominal quota. */
function flavorsUsage(cq: ClusterQueue | undefined, wls: Workload[]): FlavorUsage[] {
  const used = new Map<FlavorResource, number>();
  for (const w of wls) if (holdsQuota(w)) for (const [k, v] of workloadUsage(w)) used.set(k, (used.get(k) ?? 0) + v);
  return (cq?.spec.resourceGroups ?? []).flatMap((g) => g.flavors.map((f) => ({
    name: f.name,
    resources: f.resources.map((r) => {
      const total = used.get(fr(f.name, r.name)) ?? 0;
      return { name: r.name, total: quantityString(r.name, total), borrowed: quantityString(r.name, Math.max(0, total - resourceAmount(r.name, r.nominalQuota))) };
    }),
  })));
}

abstract class QueueStatusController<Q extends KubeObject> extends Controller {
  protected readonly workloads: Informer<Workload>;
  protected readonly lqs: Informer<LocalQueue>;
  protected readonly cqs: Informer<ClusterQueue>;
  protected readonly flavors: Informer<ResourceFlavor>;

  constructor(name: string, protected readonly deps: OperatorDeps) {
    super(name, deps.clock);
    this.workloads = deps.informers.informerFor<Workload>('Workload');
    this.lqs = deps.informers.informerFor<LocalQueue>('LocalQueue');
    this.cqs = deps.informers.informerFor<ClusterQueue>('ClusterQueue');
    this.flavors = deps.informers.informerFor<ResourceFlavor>('ResourceFlavor');
  }

  protected writeStatus(q: Q & { status?: object }, status: Record<string, unknown> & { conditions?: MetaCondition[] }): void {
    if (jsonEqual(status, q.status ?? {})) return;
    this.deps.store.update<Q>({ ...q, status }, { subresource: 'status' });
  }

  protected workloadsOf(ns: string | undefined, lq: string): Workload[] {
    return this.workloads.list().filter((w) => w.spec.queueName === lq && (ns === undefined || w.metadata.namespace === ns));
  }
}

export class ClusterQueueController extends QueueStatusController<ClusterQueue> {
  constructor(deps: OperatorDeps) { super('clusterqueue-controller', deps); }

  start(): void {
    const all = () => { for (const cq of this.cqs.list()) this.queue.add(cq.metadata.name!); };
    this.cqs.addEventHandler({ add: (c) => this.queue.add(c.metadata.name!), update: (_o, c) => this.queue.add(c.metadata.name!) });
    const byWorkload = (w: Workload) => {
      const lq = this.lqs.getByName(w.metadata.namespace, w.spec.queueName ?? '');
      for (const name of new Set([lq?.spec.clusterQueue, w.status?.admission?.clusterQueue])) if (name) this.queue.add(name);
    };
    this.workloads.addEventHandler({ add: byWorkload, update: (o, w) => { byWorkload(o); byWorkload(w); }, delete: byWorkload });
    this.lqs.addEventHandler({ add: all, update: all, delete: all });
    this.flavors.addEventHandler({ add: all, update: all, delete: all });
  }

  protected sync(name: string): void {
    const cq = this.cqs.getByName(undefined, name);
    if (!cq || cq.metadata.deletionTimestamp) return;
    const queued = new Set(this.lqs.list().filter((l) => l.spec.clusterQueue === name).map((l) => objectKey(l)));
    const wls = this.workloads.list().filter((w) => w.status?.admission?.clusterQueue === name ? holdsQuota(w) : isPending(w) && queued.has(`${w.metadata.namespace}/${w.spec.queueName}`));
    const usage = flavorsUsage(cq, wls);
    const missing = missingFlavors(cq, new Map(this.flavors.list().map((f) => [f.metadata.name!, f])));
    const active = missing.length
      ? { type: 'Active', status: 'False' as const, reason: 'FlavorNotFound', message: `Can't admit new workloads: references missing ResourceFlavor(s): ${missing.join(', ')}.` }
      : { type: 'Active', status: 'True' as const, reason: 'Ready', message: 'Can admit new workloads' };
    this.writeStatus(cq, { ...count(wls), flavorsReservation: usage, flavorsUsage: usage, conditions: setCondition(cq.status?.conditions, active, this.deps.clock.nowRFC3339()) });
  }
}

export class LocalQueueController extends QueueStatusController<LocalQueue> {
  constructor(deps: OperatorDeps) { super('localqueue-controller', deps); }

  start(): void {
    this.lqs.addEventHandler({ add: (l) => this.queue.add(objectKey(l)), update: (_o, l) => this.queue.add(objectKey(l)) });
    const byWorkload = (w: Workload) => this.queue.add(`${w.metadata.namespace}/${w.spec.queueName ?? ''}`);
    this.workloads.addEventHandler({ add: byWorkload, update: (_o, w) => byWorkload(w), delete: byWorkload });
    const all = () => { for (const l of this.lqs.list()) this.queue.add(objectKey(l)); };
    this.cqs.addEventHandler({ add: all, update: all, delete: all });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const lq = this.lqs.getByName(namespace, name);
    if (!lq || lq.metadata.deletionTimestamp) return;
    const wls = this.workloadsOf(namespace, name).filter((w) => isPending(w) || holdsQuota(w));
    const cq = this.cqs.getByName(undefined, lq.spec.clusterQueue);
    const cqActive = isTrue(cq?.status?.conditions, 'Active');
    const active = cq && cqActive
      ? { type: 'Active', status: 'True' as const, reason: 'Ready', message: 'Can submit new workloads to clusterQueue' }
      : { type: 'Active', status: 'False' as const, reason: cq ? 'ClusterQueueIsInactive' : 'ClusterQueueDoesNotExist', message: "Can't submit new workloads to clusterQueue" };
    const usage = flavorsUsage(cq, wls).map((f) => ({ name: f.name, resources: f.resources.map(({ name: r, total }) => ({ name: r, total })) }));
    this.writeStatus(lq, { ...count(wls), flavorUsage: usage, conditions: setCondition(lq.status?.conditions, active, this.deps.clock.nowRFC3339()) });
  }
}
