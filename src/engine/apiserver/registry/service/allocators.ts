// The Service REST storage's allocation step (pkg/registry/core/service/storage/alloc.go): ClusterIPs and
// NodePorts are taken in BeginCreate/BeginUpdate, before validation, and kept in bitmaps that follow the
// committed Services (and are rebuilt from them when a snapshot loads, as the repair controllers would).
// Simplification: single-stack IPv4 only; ipFamilies is always [IPv4].
import type { Service, ServicePort } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import type { SeededRng } from '../../../sim/rng.ts';
import { invalid as invalidError, type FieldError } from '../../errors.ts';
import { internalError } from './internalerror.ts';
import { AllocationError, IPAllocator, toInt } from './ipallocator.ts';
import { PortAllocator } from './portallocator.ts';
import type { KindInfo } from '../../../api/kinds.ts';

type Svc = Service & KubeObject;

export function needsClusterIP(svc: Service): boolean {
  return svc.spec?.type !== 'ExternalName' && svc.spec?.clusterIP !== 'None';
}

export function needsNodePorts(svc: Service): boolean {
  const t = svc.spec?.type;
  return t === 'NodePort' || (t === 'LoadBalancer' && svc.spec?.allocateLoadBalancerNodePorts !== false);
}

/** spec.healthCheckNodePort: LoadBalancer Services with externalTrafficPolicy Local. */
export function needsHealthCheckNodePort(svc: Service): boolean {
  return svc.spec?.type === 'LoadBalancer' && svc.spec?.externalTrafficPolicy === 'Local';
}

function clusterIPsOf(svc: Service): string[] {
  return (svc.spec?.clusterIPs ?? (svc.spec?.clusterIP ? [svc.spec.clusterIP] : [])).filter((ip) => ip !== 'None' && !Number.isNaN(toInt(ip)));
}

function nodePortsOf(svc: Service): number[] {
  const out = (svc.spec?.ports ?? []).map((p) => p.nodePort ?? 0).filter((p) => p > 0);
  if (svc.spec?.healthCheckNodePort) out.push(svc.spec.healthCheckNodePort);
  return out;
}

export class ServiceAllocators {
  readonly ips: IPAllocator;
  readonly ports: PortAllocator;

  constructor(private readonly rng: SeededRng, private readonly info: () => KindInfo, cidr?: string) {
    this.ips = new IPAllocator(cidr);
    this.ports = new PortAllocator();
  }

  /** BeginCreate / BeginUpdate: fill in and reserve what the Service needs. `obj` is mutable. */
  allocate(obj: KubeObject, old?: KubeObject): void {
    if (obj.kind !== 'Service') return;
    const svc = obj as Svc;
    const prev = old as Svc | undefined;
    svc.spec ??= {};
    if (prev) this.patchAllocatedValues(svc, prev);
    const spec = svc.spec;
    if (spec.type === 'ExternalName') return;
    spec.ipFamilies ??= ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
    this.allocateClusterIP(svc, prev);
    this.allocateNodePorts(svc, prev);
  }

  /** Keep the bitmaps equal to what is committed. */
  observe(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject, prev?: KubeObject): void {
    if (obj.kind !== 'Service') return;
    if (prev) this.forget(prev as Svc);
    if (type !== 'DELETED') this.remember(obj as Svc);
  }

  rebuild(objects: readonly KubeObject[]): void {
    this.ips.clear();
    this.ports.clear();
    for (const o of objects) if (o.kind === 'Service') this.remember(o as Svc);
  }

  private remember(svc: Svc): void {
    for (const ip of clusterIPsOf(svc)) if (!this.ips.check(ip)) this.ips.allocate(ip);
    for (const p of nodePortsOf(svc)) if (!this.ports.check(p)) this.ports.allocate(p);
  }

  private forget(svc: Svc): void {
    for (const ip of clusterIPsOf(svc)) this.ips.release(ip);
    for (const p of nodePortsOf(svc)) this.ports.release(p);
  }

  /**
   * patchAllocatedValues and dropTypeDependentFields: an update that omits allocated values (kubectl apply
   * of the original manifest) keeps them; a type change that no longer needs them drops the unchanged ones.
   */
  private patchAllocatedValues(svc: Svc, old: Svc): void {
    const spec = svc.spec!;
    if (needsClusterIP(old) && spec.type !== 'ExternalName' && !spec.clusterIP && !spec.clusterIPs?.length) {
      spec.clusterIP = old.spec!.clusterIP;
      spec.clusterIPs = old.spec!.clusterIPs;
    }
    if (spec.type === 'ExternalName' && old.spec?.type !== 'ExternalName' && spec.clusterIP === old.spec?.clusterIP) {
      delete spec.clusterIP; delete spec.clusterIPs; delete spec.ipFamilies; delete spec.ipFamilyPolicy;
    }
    if (needsNodePorts(old) && needsNodePorts(svc)) {
      const byPort = new Map((old.spec?.ports ?? []).map((p) => [`${p.port}/${p.protocol}`, p.nodePort]));
      for (const p of spec.ports ?? []) if (!p.nodePort) { const np = byPort.get(`${p.port}/${p.protocol ?? 'TCP'}`); if (np) p.nodePort = np; }
    } else if (needsNodePorts(old) && !needsNodePorts(svc)) {
      const oldPorts = new Set(nodePortsOf(old));
      for (const p of spec.ports ?? []) if (p.nodePort && oldPorts.has(p.nodePort)) delete p.nodePort;
    }
    const external = (t: string | undefined) => t === 'NodePort' || t === 'LoadBalancer';
    if (!external(spec.type) && external(old.spec?.type) && spec.externalTrafficPolicy === old.spec?.externalTrafficPolicy) delete spec.externalTrafficPolicy;
    if (spec.type !== 'LoadBalancer' && old.spec?.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === old.spec?.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
    if (needsHealthCheckNodePort(old) && needsHealthCheckNodePort(svc) && !spec.healthCheckNodePort) spec.healthCheckNodePort = old.spec!.healthCheckNodePort;
    if (!needsHealthCheckNodePort(svc) && spec.healthCheckNodePort === old.spec?.healthCheckNodePort) delete spec.healthCheckNodePort;
  }

  private allocateClusterIP(svc: Svc, old: Svc | undefined): void {
    const spec = svc.spec!;
    const requested = spec.clusterIPs?.[0] ?? spec.clusterIP;
    if (requested === 'None') {
      spec.clusterIP = 'None';
      spec.clusterIPs = ['None'];
      return;
    }
    const had = old ? clusterIPsOf(old) : [];
    if (requested) {
      spec.clusterIP = requested;
      spec.clusterIPs ??= [requested];
      // An unparseable address is validation's to report; an unchanged one is already ours.
      if (Number.isNaN(toInt(requested)) || had.includes(requested)) return;
      const err = this.ips.check(requested);
      if (err) throw this.invalid(svc, [{ type: 'Invalid', field: 'spec.clusterIPs', value: spec.clusterIPs, detail: `failed to allocate IP ${requested}: ${err}` }]);
      return;
    }
    try {
      const ip = this.ips.next(this.rng);
      spec.clusterIP = ip;
      spec.clusterIPs = [ip];
    } catch (e) {
      if (e instanceof AllocationError) throw internalError(`failed to allocate a serviceIP: ${e.message}`);
      throw e;
    }
  }

  private allocateNodePorts(svc: Svc, old: Svc | undefined): void {
    const spec = svc.spec!;
    const had = new Set(old ? nodePortsOf(old) : []);
    const taken = new Set<number>();
    const take = (port: number, field: string): void => {
      if (had.has(port) && !taken.has(port)) { taken.add(port); return; }
      const err = taken.has(port) ? 'provided port is already allocated' : this.ports.check(port);
      if (err) throw this.invalid(svc, [{ type: 'Invalid', field, value: port, detail: err }]);
      taken.add(port);
    };
    const next = (): number => {
      try {
        const p = this.ports.next(this.rng, taken);
        taken.add(p);
        return p;
      } catch (e) {
        if (e instanceof AllocationError) throw internalError(`failed to allocate a nodePort: ${e.message}`);
        throw e;
      }
    };
    if (needsNodePorts(svc)) {
      (spec.ports ?? []).forEach((p: ServicePort, i) => {
        if (p.nodePort) take(p.nodePort, `spec.ports[${i}].nodePort`);
        else p.nodePort = next();
      });
    }
    if (needsHealthCheckNodePort(svc)) {
      if (spec.healthCheckNodePort) take(spec.healthCheckNodePort, 'spec.healthCheckNodePort');
      else spec.healthCheckNodePort = next();
    }
  }

  private invalid(svc: Svc, errs: FieldError[]): Error {
    return invalidError(this.info(), svc.metadata?.name ?? '', errs);
  }
}
