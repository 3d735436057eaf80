import { describe, expect, it } from 'vitest';
import type { ProxyService } from '../types.ts';
import { candidates, resolve, type DnsRecords } from './coredns.ts';

const svc = (ns: string, name: string, over: Partial<ProxyService> = {}): ProxyService => ({
  key: `${ns}/${name}`, namespace: ns, name, type: 'ClusterIP', clusterIP: '10.96.5.5', externalIPs: [], loadBalancerIPs: [],
  sessionAffinity: 'None', affinityTimeoutSeconds: 10800, internalTrafficPolicy: 'Cluster', externalTrafficPolicy: 'Cluster',
  ports: [], addresses: [], headless: false, ...over,
});

const records = (list: ProxyService[]): DnsRecords => ({ service: (ns, n) => list.find((s) => s.key === `${ns}/${n}`) });

describe('CoreDNS names', () => {
  it.each([
    ['web', 'shop', ['web.shop.svc.cluster.local', 'web.svc.cluster.local', 'web.cluster.local', 'web']],
    ['web.other', 'shop', ['web.other.shop.svc.cluster.local', 'web.other.svc.cluster.local', 'web.other.cluster.local', 'web.other']],
    ['a.b.c.d.e.f', 'shop', ['a.b.c.d.e.f', 'a.b.c.d.e.f.shop.svc.cluster.local', 'a.b.c.d.e.f.svc.cluster.local', 'a.b.c.d.e.f.cluster.local']],
    ['web.shop.svc.cluster.local.', 'x', ['web.shop.svc.cluster.local']],
  ])('%s from namespace %s tries %j (ndots:5)', (name, ns, want) => expect(candidates(name, ns)).toEqual(want));

  const db = records([
    svc('shop', 'web'),
    svc('shop', 'db', { headless: true, clusterIP: undefined, addresses: [{ ip: '10.244.1.5', hostname: 'db-0', ready: true }, { ip: '10.244.2.6', hostname: 'db-1', ready: true }, { ip: '10.244.2.7', hostname: 'db-2', ready: false }] }),
    svc('shop', 'ext', { type: 'ExternalName', clusterIP: undefined, externalName: 'api.example.com' }),
  ]);

  it('answers the ClusterIP, searching from the pod namespace', () => {
    expect(resolve('web', 'shop', db)).toMatchObject({ kind: 'A', ips: ['10.96.5.5'], name: 'web.shop.svc.cluster.local' });
    expect(resolve('web.shop', 'default', db)).toMatchObject({ kind: 'A', name: 'web.shop.svc.cluster.local' });
    expect(resolve('web', 'default', db)).toMatchObject({ kind: 'NXDOMAIN' });
  });

  it('answers a headless Service with its ready endpoints and each pod by hostname or dashed IP', () => {
    expect(resolve('db', 'shop', db)).toMatchObject({ kind: 'A', ips: ['10.244.1.5', '10.244.2.6'] });
    expect(resolve('db-1.db.shop.svc.cluster.local', 'default', db)).toMatchObject({ kind: 'A', ips: ['10.244.2.6'] });
    expect(resolve('10-244-1-5.db.shop.svc.cluster.local', 'default', db)).toMatchObject({ kind: 'A', ips: ['10.244.1.5'] });
    expect(resolve('db-9.db', 'shop', db).kind).toBe('NXDOMAIN');
  });

  it('answers a CNAME for ExternalName and pod A records', () => {
    expect(resolve('ext', 'shop', db)).toMatchObject({ kind: 'CNAME', target: 'api.example.com' });
    expect(resolve('10-244-3-4.shop.pod.cluster.local', undefined, db)).toMatchObject({ kind: 'A', ips: ['10.244.3.4'] });
  });
});
