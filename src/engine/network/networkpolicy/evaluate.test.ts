// Table tests from the Kubernetes NetworkPolicy documentation's examples (concepts/services-networking/network-policies).
import type { NetworkPolicy } from 'kubernetes-types/networking/v1';
import { describe, expect, it } from 'vitest';
import { allows, evaluate, policyTypesOf, type NamespaceInfo, type PolicyEndpoint } from './evaluate.ts';

const ns: NamespaceInfo[] = [
  { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } },
  { name: 'myproject', labels: { 'kubernetes.io/metadata.name': 'myproject', project: 'myproject' } },
  { name: 'other', labels: { 'kubernetes.io/metadata.name': 'other' } },
];
const pod = (ip: string, namespace: string, labels: Record<string, string>, namedPorts?: Record<string, { port: number; protocol: 'TCP' }>): PolicyEndpoint => ({ ip, pod: { namespace, labels, namedPorts } });
const db = pod('10.244.1.10', 'default', { role: 'db' }, { redis: { port: 6379, protocol: 'TCP' } });
const frontend = pod('10.244.1.11', 'default', { role: 'frontend' });
const otherDefault = pod('10.244.1.12', 'default', { role: 'other' });
const inProject = pod('10.244.2.10', 'myproject', { app: 'x' });
const inOther = pod('10.244.2.11', 'other', { role: 'frontend' });
const external = (ip: string): PolicyEndpoint => ({ ip });

const np = (name: string, spec: NetworkPolicy['spec'], namespace = 'default'): NetworkPolicy => ({ metadata: { name, namespace }, spec });

// The documentation's test-network-policy.
const testPolicy = np('test-network-policy', {
  podSelector: { matchLabels: { role: 'db' } },
  policyTypes: ['Ingress', 'Egress'],
  ingress: [{
    from: [
      { ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24'] } },
      { namespaceSelector: { matchLabels: { project: 'myproject' } } },
      { podSelector: { matchLabels: { role: 'frontend' } } },
    ],
    ports: [{ protocol: 'TCP', port: 6379 }],
  }],
  egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/24' } }], ports: [{ protocol: 'TCP', port: 5978 }] }],
});

describe('NetworkPolicy evaluation', () => {
  it.each([
    ['no policy: everything flows', [], frontend, db, 6379, true],
    ['test-network-policy: a frontend pod of the namespace reaches redis', [testPolicy], frontend, db, 6379, true],
    ['test-network-policy: only port 6379', [testPolicy], frontend, db, 80, false],
    ['test-network-policy: another pod of the namespace is not admitted', [testPolicy], otherDefault, db, 6379, false],
    ['test-network-policy: any pod of a namespace labelled project=myproject', [testPolicy], inProject, db, 6379, true],
    ['test-network-policy: a role=frontend pod of another namespace is not selected by podSelector alone', [testPolicy], inOther, db, 6379, false],
    ['test-network-policy: the ipBlock admits 172.17.0.0/16', [testPolicy], external('172.17.0.5'), db, 6379, true],
    ['test-network-policy: except 172.17.1.0/24', [testPolicy], external('172.17.1.5'), db, 6379, false],
    ['test-network-policy: db may reach 10.0.0.0/24 on 5978', [testPolicy], db, external('10.0.0.7'), 5978, true],
    ['test-network-policy: db may not reach anything else', [testPolicy], db, frontend, 80, false],
    ['test-network-policy: unselected pods are not isolated', [testPolicy], otherDefault, frontend, 80, true],
    ['test-network-policy: an unselected pod reaches outside hosts', [testPolicy], frontend, external('8.8.8.8'), 53, true],
  ] as const)('%s', (_name, policies, src, dst, port, expected) => {
    expect(allows(policies as readonly NetworkPolicy[], ns, src, dst, port)).toBe(expected);
  });

  it('default deny all ingress isolates every pod of the namespace for ingress only', () => {
    const deny = np('default-deny-ingress', { podSelector: {}, policyTypes: ['Ingress'] });
    expect(allows([deny], ns, frontend, db, 6379)).toBe(false);
    expect(allows([deny], ns, db, inOther, 80)).toBe(true);
    expect(evaluate([deny], ns, frontend, db, 6379)).toEqual({ allowed: false, deniedBy: { direction: 'Ingress', policies: ['default/default-deny-ingress'] } });
  });

  it('allow all ingress wins over deny: rules are a union', () => {
    const deny = np('default-deny-ingress', { podSelector: {}, policyTypes: ['Ingress'] });
    const all = np('allow-all-ingress', { podSelector: {}, ingress: [{}], policyTypes: ['Ingress'] });
    expect(allows([deny, all], ns, inOther, db, 1)).toBe(true);
  });

  it('default deny all egress, and deny all traffic', () => {
    const egress = np('default-deny-egress', { podSelector: {}, policyTypes: ['Egress'] });
    expect(evaluate([egress], ns, db, inOther, 80)).toEqual({ allowed: false, deniedBy: { direction: 'Egress', policies: ['default/default-deny-egress'] } });
    expect(allows([egress], ns, inOther, db, 80)).toBe(true);
    const all = np('default-deny-all', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(allows([all], ns, inOther, db, 80)).toBe(false);
    expect(allows([all], ns, db, inOther, 80)).toBe(false);
  });

  it('namespaceSelector and podSelector in one peer is AND; in two peers OR', () => {
    const and = np('and', { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ from: [{ namespaceSelector: { matchLabels: { project: 'myproject' } }, podSelector: { matchLabels: { app: 'y' } } }] }] });
    const or = np('or', { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ from: [{ namespaceSelector: { matchLabels: { project: 'myproject' } } }, { podSelector: { matchLabels: { app: 'y' } } }] }] });
    expect(allows([and], ns, inProject, db, 1)).toBe(false);
    expect(allows([or], ns, inProject, db, 1)).toBe(true);
  });

  it('a port range with endPort, and a named port of the destination', () => {
    const range = np('range', { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ ports: [{ protocol: 'TCP', port: 32000, endPort: 32768 }] }] });
    expect(allows([range], ns, frontend, db, 32000)).toBe(true);
    expect(allows([range], ns, frontend, db, 32768)).toBe(true);
    expect(allows([range], ns, frontend, db, 32769)).toBe(false);
    const named = np('named', { podSelector: { matchLabels: { role: 'db' } }, ingress: [{ ports: [{ port: 'redis' }] }] });
    expect(allows([named], ns, frontend, db, 6379)).toBe(true);
    expect(allows([named], ns, frontend, db, 6380)).toBe(false);
    expect(allows([named], ns, frontend, db, 6379, 'UDP')).toBe(false);
  });

  it('policies of another namespace do not select the pod', () => {
    const deny = np('deny', { podSelector: {}, policyTypes: ['Ingress'] }, 'other');
    expect(allows([deny], ns, frontend, db, 1)).toBe(true);
    expect(allows([deny], ns, frontend, inOther, 1)).toBe(false);
  });

  it('defaults policyTypes as the API server does', () => {
    expect(policyTypesOf(np('a', { podSelector: {} }))).toEqual(['Ingress']);
    expect(policyTypesOf(np('b', { podSelector: {}, egress: [{}] }))).toEqual(['Ingress', 'Egress']);
    expect(policyTypesOf(np('c', { podSelector: {}, policyTypes: ['Egress'] }))).toEqual(['Egress']);
  });
});
