import { describe, expect, it } from 'vitest';
import { admit, stored } from '../testing.ts';

const np = (spec: Record<string, unknown>) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'p', namespace: 'default' }, spec });

describe('NetworkPolicy defaulting', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['no policyTypes, no egress: Ingress', { podSelector: {} }, ['Ingress']],
    ['no policyTypes, egress rules: Ingress and Egress', { podSelector: {}, egress: [{}] }, ['Ingress', 'Egress']],
    ['listed policyTypes stay', { podSelector: {}, policyTypes: ['Egress'] }, ['Egress']],
  ])('%s', (_n, spec, want) => {
    expect((stored(np(spec)) as unknown as { spec: { policyTypes: unknown } }).spec.policyTypes).toEqual(want);
  });

  it('gives ports protocol TCP and a missing podSelector an empty one', () => {
    const s = stored(np({ ingress: [{ ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] }] })) as unknown as { spec: { podSelector: unknown; ingress: { ports: unknown[] }[] } };
    expect(s.spec.podSelector).toEqual({});
    expect(s.spec.ingress[0].ports).toEqual([{ port: 80, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }]);
  });
});

describe('NetworkPolicy validation', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['the documentation example', { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ from: [{ ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24'] } }, { namespaceSelector: { matchLabels: { project: 'myproject' } }, podSelector: { matchLabels: { role: 'frontend' } } }], ports: [{ protocol: 'TCP', port: 6379 }] }] }, []],
    ['an empty peer', { podSelector: {}, ingress: [{ from: [{}] }] }, ['spec.ingress[0].from[0]: Required value: must specify a peer']],
    ['ipBlock with a selector', { podSelector: {}, egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' }, namespaceSelector: {} }] }] }, ['spec.egress[0].to[0]: Forbidden: may not specify both ipBlock and another peer']],
    ['a bad cidr', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/33' } }] }] }, ['spec.ingress[0].from[0].ipBlock.cidr: Invalid value: "10.0.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']],
    ['an empty cidr', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '' } }] }] }, ['spec.ingress[0].from[0].ipBlock.cidr: Required value']],
    ['an except outside the cidr', { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.1.0.0/24', '10.0.0.0/16'] } }] }] }, [
      'spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: "10.1.0.0/24": must be a strict subset of `cidr`',
      'spec.ingress[0].from[0].ipBlock.except[1]: Invalid value: "10.0.0.0/16": must be a strict subset of `cidr`',
    ]],
    ['port 0 and an endPort below the port', { podSelector: {}, ingress: [{ ports: [{ port: 0 }, { port: 100, endPort: 90 }] }] }, [
      'spec.ingress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ingress[0].ports[1].endPort: Invalid value: 90: must be greater than or equal to `port`',
    ]],
    ['an endPort with a named port or no port', { podSelector: {}, egress: [{ ports: [{ port: 'http', endPort: 90 }, { endPort: 90 }] }] }, [
      'spec.egress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
      'spec.egress[0].ports[1].endPort: Invalid value: 90: may not be specified when `port` is not specified',
    ]],
    ['an unknown protocol', { podSelector: {}, ingress: [{ ports: [{ port: 80, protocol: 'ICMP' }] }] }, ['spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"']],
    ['an unknown policy type', { podSelector: {}, policyTypes: ['Ingress', 'Both'] }, ['spec.policyTypes[1]: Unsupported value: "Both": supported values: "Ingress", "Egress"']],
    ['three policy types', { podSelector: {}, policyTypes: ['Ingress', 'Egress', 'Ingress'] }, ['spec.policyTypes: Invalid value: &[]networking.PolicyType{"Ingress", "Egress", "Ingress"}: may not specify more than two policyTypes']],
  ])('%s', (_n, spec, want) => {
    expect(admit(np(spec))).toEqual(want);
  });

  it('accepts on update a CIDR the old object already had', () => {
    const old = { ...np({ podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: 'bad' } }] }] }), metadata: { name: 'p', namespace: 'default', resourceVersion: '1', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z' } };
    expect(admit({ ...old, spec: { ...old.spec, policyTypes: ['Ingress'] } }, stored(old))).toEqual([]);
  });
});
