// Namespace controller (pkg/controller/namespace): a namespace being deleted is emptied by the deleter, 5 s
// after the deletion is seen (so that last-moment creations are caught too), and retried until it is gone.
import type { Namespace } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { SharedInformerFactory } from '../../client/informer.ts';
import { ExponentialRateLimiter } from '../../client/workqueue.ts';
import type { SimClock } from '../../sim/clock.ts';
import { NamespacedResourcesDeleter, ResourcesRemainingError } from './deleter.ts';

/** namespaceDeletionGracePeriod. */
export const NAMESPACE_DELETION_GRACE_PERIOD_MS = 5_000;

export class NamespaceController extends Controller {
  private readonly deleter: NamespacedResourcesDeleter;

  constructor(store: Store, clock: SimClock, private readonly informers: SharedInformerFactory) {
    // nsControllerRateLimiter: retries at least every minute. Simplification: without its overall 10 qps bucket.
    super('namespace-controller', clock, new ExponentialRateLimiter(5, 60_000));
    this.deleter = new NamespacedResourcesDeleter(store, clock);
  }

  start(): void {
    const enqueue = (ns: Namespace & KubeObject) => {
      if (ns.metadata.deletionTimestamp) this.queue.addAfter(ns.metadata.name!, NAMESPACE_DELETION_GRACE_PERIOD_MS);
    };
    this.informers.informerFor<Namespace & KubeObject>('Namespace').addEventHandler({ add: enqueue, update: (_o, ns) => enqueue(ns) });
  }

  protected sync(name: string): void {
    try {
      this.deleter.delete(name);
    } catch (e) {
      if (!(e instanceof ResourcesRemainingError)) throw e;
      this.queue.addAfter(name, (Math.floor(e.estimate / 2) + 1) * 1000);
    }
  }
}
