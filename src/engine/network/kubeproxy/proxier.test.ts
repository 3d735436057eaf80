import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../sim/rng.ts';
import type { ProxyEndpoint, ProxyService } from '../types.ts';
import { KubeProxy, usableEndpoints } from './proxier.ts';
import { RuleTable } from './rules.ts';

const ep = (ip: string, node: string, over: Partial<ProxyEndpoint> = {}): ProxyEndpoint => ({ ip, port: 8080, nodeName: node, ready: true, serving: true, terminating: false, ...over });

function service(endpoints: ProxyEndpoint[], over: Partial<ProxyService> = {}): ProxyService {
  return {
    key: 'default/web', namespace: 'default', name: 'web', type: 'NodePort', clusterIP: '10.96.1.1', externalIPs: [], loadBalancerIPs: [],
    sessionAffinity: 'None', affinityTimeoutSeconds: 10800, internalTrafficPolicy: 'Cluster', externalTrafficPolicy: 'Cluster',
    ports: [{ name: '', port: 80, protocol: 'TCP', nodePort: 30080, endpoints }], addresses: [], headless: false, ...over,
  };
}

function proxy(svc: ProxyService, mode: 'iptables' | 'ipvs' = 'iptables'): KubeProxy {
  const p = new KubeProxy('n1', '172.18.0.2', mode, new SeededRng(1));
  p.table = RuleTable.empty().with(1, new Map([[svc.key, svc]]));
  return p;
}

describe('kube-proxy endpoint selection', () => {
  const mixed = [ep('10.0.0.1', 'n1'), ep('10.0.0.2', 'n2'), ep('10.0.0.3', 'n1', { ready: false, serving: true, terminating: true })];
  it.each([
    ['Cluster', false, ['10.0.0.1', '10.0.0.2']],
    ['Local internal', false, ['10.0.0.1']],
    ['Local external', true, ['10.0.0.1']],
  ])('%s traffic policy', (policy, external, want) => {
    const svc = service(mixed, policy === 'Local internal' ? { internalTrafficPolicy: 'Local' } : policy === 'Local external' ? { externalTrafficPolicy: 'Local' } : {});
    expect(usableEndpoints(svc, svc.ports[0], 'n1', external as boolean).endpoints.map((e) => e.ip)).toEqual(want);
  });

  it('falls back to serving terminating endpoints when none is ready', () => {
    const svc = service([ep('10.0.0.3', 'n1', { ready: false, serving: true, terminating: true }), ep('10.0.0.4', 'n1', { ready: false, serving: false, terminating: false })]);
    expect(usableEndpoints(svc, svc.ports[0], 'n1', false).endpoints.map((e) => e.ip)).toEqual(['10.0.0.3']);
  });

  it('rejects without endpoints, drops with a Local policy and no local endpoint', () => {
    expect(proxy(service([])).route('10.96.1.1', 80, '10.244.0.9', 0).kind).toBe('reject');
    expect(proxy(service([ep('10.0.0.2', 'n2')], { externalTrafficPolicy: 'Local' })).route('172.18.0.2', 30080, '203.0.113.10', 0).kind).toBe('drop');
    expect(proxy(service([ep('10.0.0.2', 'n2')])).route('10.96.1.9', 80, '10.244.0.9', 0).kind).toBe('no-rule');
  });

  it('IPVS rotates round robin; iptables spreads at random', () => {
    const eps = [ep('10.0.0.1', 'n1'), ep('10.0.0.2', 'n2'), ep('10.0.0.3', 'n2')];
    const rr = proxy(service(eps), 'ipvs');
    const picks = Array.from({ length: 6 }, () => { const d = rr.route('10.96.1.1', 80, 'c', 0); return d.kind === 'endpoint' ? d.endpoint.ip : ''; });
    expect(picks).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.1', '10.0.0.2', '10.0.0.3']);
    const ipt = proxy(service(eps));
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) { const d = ipt.route('10.96.1.1', 80, `c${i}`, 0); if (d.kind === 'endpoint') counts.set(d.endpoint.ip, (counts.get(d.endpoint.ip) ?? 0) + 1); }
    for (const n of counts.values()) expect(n).toBeGreaterThan(900);
  });

  it('sessionAffinity ClientIP keeps a client on its endpoint until the timeout', () => {
    const p = proxy(service([ep('10.0.0.1', 'n1'), ep('10.0.0.2', 'n2'), ep('10.0.0.3', 'n2')], { sessionAffinity: 'ClientIP', affinityTimeoutSeconds: 10 }));
    const first = p.route('10.96.1.1', 80, 'c', 0);
    for (let t = 1000; t <= 9000; t += 1000) expect(p.route('10.96.1.1', 80, 'c', t)).toMatchObject({ endpoint: (first as { endpoint: ProxyEndpoint }).endpoint });
  });

  it('NodePort answers on the node address only', () => {
    const p = proxy(service([ep('10.0.0.1', 'n1')]));
    expect(p.route('172.18.0.2', 30080, '203.0.113.10', 0).kind).toBe('endpoint');
    expect(p.route('172.18.0.3', 30080, '203.0.113.10', 0).kind).toBe('no-rule');
  });
});
