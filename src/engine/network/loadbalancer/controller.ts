// A MetalLB-like load-balancer controller: every Service of type LoadBalancer gets an address from a pool on the
// node network, written to status.loadBalancer.ingress; the address is released when the Service stops being
// one. Which addresses are taken is read back from the Services' status, so nothing else needs saving.
// SIMULATION: the pool is 172.18.255.201–172.18.255.250 (172.18.255.200 is the ingress controller's address).
import type { Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { formatIp, parseCidr } from '../../api/cidr.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type Svc = Service & KubeObject;

export const INGRESS_CONTROLLER_IP = '172.18.255.200';
const POOL_FIRST = parseCidr('172.18.255.201/32').base;
export const LB_POOL_SIZE = 50;

export function poolAddresses(): string[] {
  return Array.from({ length: LB_POOL_SIZE }, (_, i) => formatIp(POOL_FIRST + i));
}

export class LoadBalancerController extends Controller {
  private readonly services: Informer<Svc>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('metallb-controller', clock);
    this.services = informers.informerFor<Svc>('Service');
    this.event = recorder.forSource({ component: 'metallb-controller' });
  }

  start(): void {
    this.services.addEventHandler({ add: (s) => this.queue.add(objectKey(s)), update: (_o, s) => this.queue.add(objectKey(s)) });
  }

  private inUse(except: string): Set<string> {
    const used = new Set<string>();
    for (const s of this.services.list()) {
      if (objectKey(s) === except) continue;
      for (const i of s.status?.loadBalancer?.ingress ?? []) if (i.ip) used.add(i.ip);
    }
    return used;
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const svc = this.services.getByName(namespace, name);
    if (!svc) return;
    const current = svc.status?.loadBalancer?.ingress ?? [];
    if (svc.spec?.type !== 'LoadBalancer') {
      if (current.length) this.writeStatus(svc, []);
      return;
    }
    const pool = poolAddresses();
    const used = this.inUse(key);
    const wanted = svc.spec.loadBalancerIP;
    if (current.length && current.every((i) => i.ip && pool.includes(i.ip) && (!wanted || i.ip === wanted))) return;
    let ip: string | undefined;
    if (wanted) {
      if (!pool.includes(wanted) || used.has(wanted)) {
        this.event(svc, 'Warning', 'AllocationFailed', `Failed to allocate IP for "${key}": ["${wanted}"] is not allowed in config`);
        return;
      }
      ip = wanted;
    } else ip = pool.find((a) => !used.has(a));
    if (!ip) {
      this.event(svc, 'Warning', 'AllocationFailed', `Failed to allocate IP for "${key}": no available IPs`);
      return;
    }
    this.writeStatus(svc, [{ ip, ipMode: 'VIP' }]);
    this.event(svc, 'Normal', 'IPAllocated', `Assigned IP ["${ip}"]`);
  }

  private writeStatus(svc: Svc, ingress: { ip: string; ipMode: string }[]): void {
    const fresh = this.store.tryGet<Service>('Service', svc.metadata.namespace, svc.metadata.name!);
    if (!fresh) return;
    this.store.update({ ...fresh, status: { ...fresh.status, loadBalancer: ingress.length ? { ingress } : {} } } as Svc, { subresource: 'status' });
  }
}
