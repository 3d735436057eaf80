// The kubelet's DNS configurer per dnsPolicy, dnsConfig merging, and the resolver limits it trims to.
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { fitSearch, podDNS, resolvConf } from './resolvconf.ts';

const pod = (spec: Partial<NonNullable<Pod['spec']>>): Pod => ({ metadata: { name: 'web', namespace: 'shop' }, spec: { containers: [], ...spec } });
const host = { servers: ['172.18.0.1'], searches: ['corp.example'], options: ['edns0'] };

describe('resolv.conf per dnsPolicy (GetPodDNS, containerd)', () => {
  it.each([
    ['ClusterFirst (the default)', {}, 'search shop.svc.cluster.local svc.cluster.local cluster.local corp.example\nnameserver 10.96.0.10\noptions ndots:5\n'],
    ['ClusterFirst on the host network falls back to Default', { hostNetwork: true }, 'search corp.example\nnameserver 172.18.0.1\noptions edns0\n'],
    ['ClusterFirstWithHostNet', { hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' }, 'search shop.svc.cluster.local svc.cluster.local cluster.local corp.example\nnameserver 10.96.0.10\noptions ndots:5\n'],
    ['Default', { dnsPolicy: 'Default' }, 'search corp.example\nnameserver 172.18.0.1\noptions edns0\n'],
    ['None with dnsConfig', { dnsPolicy: 'None', dnsConfig: { nameservers: ['1.2.3.4'], searches: ['ns1.svc.cluster-domain.example', 'my.dns.search.suffix'], options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }] } },
      'search ns1.svc.cluster-domain.example my.dns.search.suffix\nnameserver 1.2.3.4\noptions ndots:2 edns0\n'],
    ['ClusterFirst with dnsConfig: appended, duplicates dropped, options overridden by name', { dnsConfig: { nameservers: ['10.96.0.10', '8.8.8.8'], searches: ['cluster.local', 'extra.example'], options: [{ name: 'ndots', value: '1' }, { name: 'single-request-reopen' }] } },
      'search shop.svc.cluster.local svc.cluster.local cluster.local corp.example extra.example\nnameserver 10.96.0.10\nnameserver 8.8.8.8\noptions ndots:1 single-request-reopen\n'],
    ['None without anything', { dnsPolicy: 'None' }, ''],
  ] as const)('%s', (_, spec, want) => {
    expect(resolvConf(podDNS(pod(spec as Partial<NonNullable<Pod['spec']>>), host))).toBe(want);
  });

  it('keeps three nameservers and says which line it applied', () => {
    const r = podDNS(pod({ dnsConfig: { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9'] } }), host);
    expect(r.servers).toEqual(['10.96.0.10', '1.1.1.1', '8.8.8.8']);
    expect(r.warnings).toEqual(['Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.96.0.10 1.1.1.1 8.8.8.8']);
  });
});

describe('formDNSSearchFitsLimits', () => {
  it('keeps at most 32 search domains', () => {
    const domains = Array.from({ length: 40 }, (_, i) => `d${i}.example`);
    expect(fitSearch(domains)).toEqual({ searches: domains.slice(0, 32), exceeded: true });
  });
  it('drops a domain longer than 253 characters', () => {
    expect(fitSearch(['a.example', `${'x'.repeat(254)}`, 'b.example'])).toEqual({ searches: ['a.example', 'b.example'], exceeded: true });
  });
  it('cuts domains from the end until the line is at most 2048 characters', () => {
    const domains = Array.from({ length: 10 }, (_, i) => `${String(i).repeat(250)}.x`); // 252 characters each
    const r = fitSearch(domains);
    expect(r.exceeded).toBe(true);
    expect(r.searches).toEqual(domains.slice(0, 8)); // 8 × 252 + 7 spaces = 2023
    expect(r.searches.join(' ').length).toBeLessThanOrEqual(2048);
  });
  it('leaves a list within the limits alone', () => {
    expect(fitSearch(['a', 'b'])).toEqual({ searches: ['a', 'b'], exceeded: false });
  });
  it('warns with the applied search line', () => {
    const r = podDNS(pod({ dnsPolicy: 'None', dnsConfig: { searches: Array.from({ length: 33 }, (_, i) => `s${i}`) } }));
    expect(r.warnings).toEqual([`Search Line limits were exceeded, some search paths have been omitted, the applied search line is: ${Array.from({ length: 32 }, (_, i) => `s${i}`).join(' ')}`]);
  });
});
