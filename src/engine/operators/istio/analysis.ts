// istiod's config analysis written to status (istiod with analysis on, as `istioctl analyze` reports it): a
// VirtualService that names a Gateway which does not exist gets IST0101 ReferencedResourceNotFound in
// status.validationMessages; the message goes away when the Gateway appears or the reference is fixed.
// Simplification: only this one analyzer runs; status.observedGeneration is not written.
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer } from '../../client/informer.ts';
import type { OperatorDeps } from '../operator.ts';
import { missingGateways } from './gateway.ts';
import { ISTIO_VERSION, type Gateway, type VirtualService } from './types.ts';

type VS = VirtualService & KubeObject & { status?: { validationMessages?: unknown[] } };

const IST0101_URL = `https://istio.io/v${ISTIO_VERSION.split('.').slice(0, 2).join('.')}/docs/reference/config/analysis/ist0101/`;

export class AnalysisController extends Controller {
  private readonly virtualServices: Informer<VS>;
  private readonly gateways: Informer<Gateway & KubeObject>;

  constructor(private readonly deps: OperatorDeps) {
    super('istio-analysis', deps.clock);
    this.virtualServices = deps.informers.informerFor<VS>('VirtualService');
    this.gateways = deps.informers.informerFor<Gateway & KubeObject>('Gateway');
  }

  start(): void {
    this.virtualServices.addEventHandler({ add: (v) => this.queue.add(objectKey(v)), update: (_o, v) => this.queue.add(objectKey(v)) });
    const all = () => { for (const v of this.virtualServices.list()) if (v.spec?.gateways?.length) this.queue.add(objectKey(v)); };
    this.gateways.addEventHandler({ add: all, delete: all });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const vs = this.virtualServices.getByName(namespace, name);
    if (!vs) return;
    const messages = missingGateways(vs, this.gateways.list()).map(() => ({ documentationUrl: IST0101_URL, level: 'ERROR', type: { code: 'IST0101' } }));
    const had = vs.status?.validationMessages ?? [];
    if (jsonEqual(had, messages)) return;
    const { validationMessages: _drop, ...rest } = vs.status ?? {};
    this.deps.store.update<VS>({ ...vs, status: messages.length ? { ...rest, validationMessages: messages } : rest }, { subresource: 'status' });
  }
}
