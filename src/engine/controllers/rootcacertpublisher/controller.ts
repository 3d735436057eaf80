// The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher): every active namespace has
// the ConfigMap kube-root-ca.crt holding the cluster's CA as ca.crt, with a description annotation. One that is
// deleted is created again; one whose data or annotation was changed is put back.
import type { ConfigMap, Namespace } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { clusterCACert } from '../../apiserver/clusterca.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type NS = Namespace & KubeObject;
type CM = ConfigMap & KubeObject;

export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION = 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

export class RootCACertPublisher extends Controller {
  private readonly nsInformer: Informer<NS>;
  private readonly cmInformer: Informer<CM>;
  private readonly rootCA = clusterCACert();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('root-ca-cert-publisher', clock);
    this.nsInformer = informers.informerFor<NS>('Namespace');
    this.cmInformer = informers.informerFor<CM>('ConfigMap');
  }

  start(): void {
    // Queue keys are namespace names.
    this.nsInformer.addEventHandler({
      add: (ns) => this.queue.add(ns.metadata.name!),
      update: (_o, ns) => { if (ns.status?.phase === 'Active') this.queue.add(ns.metadata.name!); },
    });
    const changed = (cm: CM) => { if (cm.metadata.name === ROOT_CA_CONFIG_MAP) this.queue.add(cm.metadata.namespace!); };
    this.cmInformer.addEventHandler({ update: (_o, cm) => changed(cm), delete: changed });
  }

  protected sync(namespace: string): void {
    const cm = this.cmInformer.getByName(namespace, ROOT_CA_CONFIG_MAP);
    if (!cm) {
      try {
        this.store.create<CM>({
          apiVersion: 'v1', kind: 'ConfigMap',
          metadata: { name: ROOT_CA_CONFIG_MAP, namespace, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
          data: { 'ca.crt': this.rootCA },
        });
      } catch (e) {
        // No retry when the namespace is gone or terminating (or the cache lagged behind a create).
        if (isStatusError(e, 'NotFound') || isStatusError(e, 'AlreadyExists') || (isStatusError(e, 'Forbidden') && e.status.details?.causes?.some((c) => c.reason === 'NamespaceTerminating'))) return;
        throw e;
      }
      return;
    }
    const data = cm.data ?? {};
    if (Object.keys(data).length === 1 && data['ca.crt'] === this.rootCA && cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]) return;
    this.store.update<CM>({ ...cm, metadata: { ...cm.metadata, annotations: { ...cm.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data: { 'ca.crt': this.rootCA } });
  }
}
