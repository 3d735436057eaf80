// The simulated ingress controller (ingress-nginx-like): it serves Ingresses of its IngressClass ("nginx", or
// any Ingress without a class when its class is the default one) on one address, and publishes that address in
// each Ingress's status.loadBalancer.ingress. Requests are routed by routing.ts.
import type { Ingress, IngressClass } from 'kubernetes-types/networking/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { INGRESS_CONTROLLER_IP } from '../loadbalancer/controller.ts';
import { matchIngress, type IngressRoute } from './routing.ts';

type Ing = Ingress & KubeObject;

export const INGRESS_CONTROLLER = 'k8s.io/ingress-nginx';
const DEFAULT_CLASS_ANNOTATION = 'ingressclass.kubernetes.io/is-default-class';

export class IngressController extends Controller {
  private readonly ingresses: Informer<Ing>;
  private readonly classes: Informer<IngressClass & KubeObject>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('ingress-nginx-controller', clock);
    this.ingresses = informers.informerFor<Ing>('Ingress');
    this.classes = informers.informerFor<IngressClass & KubeObject>('IngressClass');
    this.event = recorder.forSource({ component: 'nginx-ingress-controller' });
  }

  start(): void {
    this.ingresses.addEventHandler({ add: (i) => this.queue.add(objectKey(i)), update: (_o, i) => this.queue.add(objectKey(i)) });
    this.classes.addEventHandler({
      add: () => this.requeueAll(),
      update: () => this.requeueAll(),
      delete: () => this.requeueAll(),
    });
  }

  private requeueAll(): void { for (const i of this.ingresses.list()) this.queue.add(objectKey(i)); }

  /** Whether this controller serves the Ingress (its class is ours, or it has none and ours is the default). */
  serves(ing: Ingress): boolean {
    const mine = this.classes.list().filter((c) => c.spec?.controller === INGRESS_CONTROLLER);
    const cls = ing.spec?.ingressClassName;
    if (cls) return mine.some((c) => c.metadata.name === cls);
    return mine.some((c) => c.metadata.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true');
  }

  /** The Ingresses this controller serves, in namespace/name order. */
  served(): Ing[] {
    return this.ingresses.list().filter((i) => this.serves(i)).sort((a, b) => (objectKey(a) < objectKey(b) ? -1 : 1));
  }

  /** Hosts named by served Ingress rules (an external client's URL with such a host reaches this controller). */
  hosts(): Set<string> {
    return new Set(this.served().flatMap((i) => (i.spec?.rules ?? []).map((r) => r.host ?? '').filter((h) => h && !h.startsWith('*'))));
  }

  route(host: string, path: string): IngressRoute | undefined { return matchIngress(this.served(), host, path); }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const ing = this.ingresses.getByName(namespace, name);
    if (!ing) return;
    const want = this.serves(ing) ? [{ ip: INGRESS_CONTROLLER_IP }] : [];
    const have = ing.status?.loadBalancer?.ingress ?? [];
    if (have.length === want.length && have.every((h, i) => h.ip === want[i].ip)) return;
    const fresh = this.store.tryGet<Ingress>('Ingress', namespace, name);
    if (!fresh) return;
    this.store.update({ ...fresh, status: { loadBalancer: want.length ? { ingress: want } : {} } } as Ing, { subresource: 'status' });
    if (want.length) this.event(ing, 'Normal', 'Sync', 'Scheduled for sync');
  }
}
