// istiod's namespace controller (pilot/pkg/keycertbundle, NamespaceController): every namespace but the Kubernetes
// system ones gets the ConfigMap istio-ca-root-cert with the mesh's root certificate, which injected sidecars mount
// (volume istiod-ca-cert); a deleted or edited copy is written again.
// SIMULATION: the certificate is a placeholder (no TLS runs in kubesim). Simplification: written by the operator's
// loop whether or not the istiod pod runs.
import type { ConfigMap, Namespace } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer } from '../../client/informer.ts';
import type { OperatorDeps } from '../operator.ts';

export const CA_ROOT_CERT = 'istio-ca-root-cert';
const IGNORED = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']);
const DATA = { 'root-cert.pem': '-----BEGIN CERTIFICATE-----\nSIMULATED ISTIO ROOT CA (cluster.local)\n-----END CERTIFICATE-----\n' };

export class NamespaceController extends Controller {
  private readonly namespaces: Informer<Namespace & KubeObject>;
  private readonly configMaps: Informer<ConfigMap & KubeObject>;

  constructor(private readonly deps: OperatorDeps) {
    super('istio-namespace-controller', deps.clock);
    this.namespaces = deps.informers.informerFor<Namespace & KubeObject>('Namespace');
    this.configMaps = deps.informers.informerFor<ConfigMap & KubeObject>('ConfigMap');
  }

  start(): void {
    this.namespaces.addEventHandler({ add: (n) => this.queue.add(n.metadata.name!), update: (_o, n) => this.queue.add(n.metadata.name!) });
    const mine = (cm: ConfigMap & KubeObject) => { if (cm.metadata.name === CA_ROOT_CERT) this.queue.add(cm.metadata.namespace!); };
    this.configMaps.addEventHandler({ update: (_o, cm) => mine(cm), delete: mine });
  }

  protected sync(name: string): void {
    const ns = this.namespaces.getByName(undefined, name);
    if (!ns || IGNORED.has(name) || ns.metadata.deletionTimestamp || ns.status?.phase === 'Terminating') return;
    const cm = this.configMaps.getByName(name, CA_ROOT_CERT);
    const labels = { 'istio.io/config': 'true' };
    if (!cm) this.deps.store.create<ConfigMap & KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CA_ROOT_CERT, namespace: name, labels }, data: { ...DATA } });
    else if (!jsonEqual(cm.data, DATA)) this.deps.store.update<ConfigMap & KubeObject>({ ...cm, data: { ...DATA } });
  }
}
