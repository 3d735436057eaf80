import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Service } from 'kubernetes-types/core/v1';
import { createCluster } from '../../../index.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { IPAllocator, staticBandSize } from './ipallocator.ts';
import { PortAllocator, portStaticBandSize } from './portallocator.ts';

describe('allocator bands (KEP-3070 calculateRangeOffset)', () => {
  it.each([
    // [allocatable addresses, static band]
    [1048574, 256], // 10.96.0.0/12
    [65534, 256], // /16
    [254, 16], // /24
    [4094, 255], // /20
    [14, 0], // /28
  ])('IP range of %i addresses reserves %i', (size, band) => expect(staticBandSize(size)).toBe(band));
  it.each([[2768, 86], [100, 16], [10000, 128], [10, 0]])('port range of %i reserves %i', (size, band) => expect(portStaticBandSize(size)).toBe(band));

  it('dynamic allocation takes the static band last', () => {
    const a = new IPAllocator('10.0.0.0/27'); // 30 addresses, band 16
    const rng = new SeededRng(1);
    const got: number[] = [];
    for (let i = 0; i < 14; i++) {
      const ip = a.next(rng);
      a.allocate(ip);
      got.push(Number(ip.split('.')[3]));
    }
    expect(got.every((o) => o >= 17)).toBe(true);
    const next = a.next(rng);
    expect(Number(next.split('.')[3])).toBeLessThanOrEqual(16);
  });

  it('reports upstream errors', () => {
    const a = new IPAllocator();
    a.allocate('10.96.0.10');
    expect(a.check('10.96.0.10')).toBe('provided IP is already allocated');
    expect(a.check('10.0.0.1')).toBe('the provided IP (10.0.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12');
    expect(a.check('10.96.0.0')).toMatch(/not in the valid range/);
    const p = new PortAllocator();
    p.allocate(30080);
    expect(p.check(30080)).toBe('provided port is already allocated');
    expect(p.check(80)).toBe('provided port is not in the valid range. The range of valid ports is 30000-32767');
  });
});

const svcYaml = (name: string, extra: string) => `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}}\nspec:\n  ports: [{port: 80}]\n${extra}`;

describe('Service allocation through the API server', () => {
  it('rejects a taken ClusterIP and NodePort with upstream messages', () => {
    const c = createCluster({ seed: 3 });
    const r = c.exec('kubectl create -f -', svcYaml('x', '  clusterIP: 10.96.0.1\n'));
    expect(r.stderr).toBe('The Service "x" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.1"}: failed to allocate IP 10.96.0.1: provided IP is already allocated\n');
    expect(c.exec('kubectl create -f -', svcYaml('a', '  type: NodePort\n  ports: [{port: 80, nodePort: 30080}]\n')).code).toBe(0);
    expect(c.exec('kubectl create -f -', svcYaml('b', '  type: NodePort\n  ports: [{port: 80, nodePort: 30080}]\n')).stderr)
      .toBe('The Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated\n');
    expect(c.exec('kubectl create -f -', svcYaml('d', '  type: NodePort\n  ports: [{port: 80, nodePort: 8080}]\n')).stderr)
      .toBe('The Service "d" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767\n');
    expect(c.exec('kubectl create -f -', svcYaml('e', '  ports: [{port: 80, nodePort: 30081}]\n')).stderr)
      .toBe("The Service \"e\" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'\n");
  });

  it('keeps allocations on apply, drops NodePorts when the type goes back to ClusterIP, frees them on delete', () => {
    const c = createCluster({ seed: 3 });
    const np = svcYaml('web', '  type: NodePort\n  selector: {app: web}\n');
    c.exec('kubectl apply -f -', np);
    const first = c.list('Service').find((s) => s.metadata.name === 'web') as Service;
    expect(c.exec('kubectl apply -f -', np).stdout).toBe('service/web unchanged\n');
    c.exec('kubectl apply -f -', svcYaml('web', '  type: ClusterIP\n  selector: {app: web}\n'));
    const after = c.list('Service').find((s) => s.metadata.name === 'web') as Service;
    expect(after.spec?.clusterIP).toBe(first.spec?.clusterIP);
    expect(after.spec?.ports?.[0].nodePort).toBeUndefined();
    c.exec('kubectl delete svc web');
    expect(c.exec('kubectl create -f -', svcYaml('again', `  clusterIP: ${first.spec?.clusterIP}\n`)).code).toBe(0);
  });

  it('rebuilds the allocations from a snapshot', () => {
    const c = createCluster({ seed: 4 });
    c.exec('kubectl create -f -', svcYaml('a', '  type: NodePort\n  ports: [{port: 80, nodePort: 30100}]\n'));
    const restored = createCluster({ snapshot: c.snapshot() });
    expect(restored.exec('kubectl create -f -', svcYaml('b', '  type: NodePort\n  ports: [{port: 80, nodePort: 30100}]\n')).code).toBe(1);
    expect(restored.exec('kubectl create -f -', svcYaml('c', '  clusterIP: 10.96.0.10\n')).stderr).toMatch(/provided IP is already allocated/);
  });

  it('property: Service IPs and NodePorts never collide', () => {
    fc.assert(fc.property(
      fc.array(fc.record({
        op: fc.constantFrom('create', 'create', 'delete'),
        name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
        ip: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        nodePort: fc.option(fc.integer({ min: 30000, max: 30006 }), { nil: undefined }),
        type: fc.constantFrom('ClusterIP', 'NodePort', 'LoadBalancer'),
      }), { maxLength: 25 }),
      (ops) => {
        const c = createCluster({ seed: 9, cni: 'none' });
        for (const o of ops) {
          if (o.op === 'delete') { c.exec(`kubectl delete svc ${o.name}`); continue; }
          const port = o.type !== 'ClusterIP' && o.nodePort ? `, nodePort: ${o.nodePort}` : '';
          c.exec('kubectl create -f -', `apiVersion: v1\nkind: Service\nmetadata: {name: ${o.name}}\nspec:\n  type: ${o.type}\n  ports: [{port: 80${port}}]\n${o.ip ? `  clusterIP: 10.96.0.${o.ip + 20}\n` : ''}`);
        }
        const svcs = c.list('Service') as Service[];
        const ips = svcs.map((s) => s.spec?.clusterIP);
        const ports = svcs.flatMap((s) => (s.spec?.ports ?? []).map((p) => p.nodePort).filter((p) => p));
        expect(new Set(ips).size).toBe(ips.length);
        expect(new Set(ports).size).toBe(ports.length);
        for (const p of ports) expect(p! >= 30000 && p! <= 32767).toBe(true);
      },
    ), { numRuns: 30 });
  }, 60_000);
});
