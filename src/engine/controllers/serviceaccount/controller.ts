// ServiceAccounts controller (pkg/controller/serviceaccount/serviceaccounts_controller.go): every active namespace
// has a "default" ServiceAccount; one that is deleted is created again.
import type { Namespace, ServiceAccount } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type NS = Namespace & KubeObject;
type SA = ServiceAccount & KubeObject;

/** serviceaccountcontroller.DefaultServiceAccountsControllerOptions: the accounts every namespace gets. */
const SERVICE_ACCOUNTS_TO_ENSURE = ['default'];

export class ServiceAccountsController extends Controller {
  private readonly nsInformer: Informer<NS>;
  private readonly saInformer: Informer<SA>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('serviceaccount-controller', clock);
    this.nsInformer = informers.informerFor<NS>('Namespace');
    this.saInformer = informers.informerFor<SA>('ServiceAccount');
  }

  start(): void {
    // Queue keys are namespace names.
    this.nsInformer.addEventHandler({
      add: (ns) => this.queue.add(ns.metadata.name!),
      update: (_o, ns) => this.queue.add(ns.metadata.name!),
    });
    this.saInformer.addEventHandler({
      delete: (sa) => { if (SERVICE_ACCOUNTS_TO_ENSURE.includes(sa.metadata.name!)) this.queue.add(sa.metadata.namespace!); },
    });
  }

  protected sync(namespace: string): void {
    const ns = this.nsInformer.getByName(undefined, namespace);
    if (!ns || ns.status?.phase !== 'Active') return;
    for (const name of SERVICE_ACCOUNTS_TO_ENSURE) {
      if (this.saInformer.getByName(namespace, name)) continue;
      try {
        this.store.create<SA>({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
      } catch (e) {
        // Already there (the cache lagged), or the namespace began terminating: nothing to do.
        if (isStatusError(e, 'AlreadyExists') || (isStatusError(e, 'Forbidden') && e.status.details?.causes?.some((c) => c.reason === 'NamespaceTerminating'))) continue;
        throw e;
      }
    }
  }
}
