import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Endpoints, Pod, Service } from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubesimCluster } from '../../index.ts';
import { isPodReady } from '../../api/pod.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import type { Cluster } from '../../cluster.ts';
import { endpointSubsets, truncateEndpoints } from './controller.ts';

const endpointsOf = (c: KubesimCluster, name: string, ns = 'default') =>
  (c.list('Endpoints') as unknown as Endpoints[]).find((e) => e.metadata?.namespace === ns && e.metadata?.name === name);
const service = (name: string, extra = '', ports = '[{port: 80, targetPort: 80}]') =>
  `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, labels: {team: a}}\nspec:\n  selector: {app: web}\n  ports: ${ports}\n${extra}`;
const ips = (ep: Endpoints | undefined, field: 'addresses' | 'notReadyAddresses' = 'addresses') => (ep?.subsets ?? []).flatMap((s) => (s[field] ?? []).map((a) => a.ip));

describe('Endpoints controller', { timeout: 30_000 }, () => {
  it('follows a Deployment as it scales, with the Service labels, trigger time, node and targetRef', () => {
    const c = clusterWithNodes(2, 5);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    mustExec(c, 'kubectl apply -f -', service('web'));
    c.advance(60);
    let ep = endpointsOf(c, 'web')!;
    expect(ep.metadata?.labels).toEqual({ team: 'a' });
    expect(ep.metadata?.ownerReferences).toBeUndefined();
    expect(ep.metadata?.annotations?.['endpoints.kubernetes.io/last-change-trigger-time']).toMatch(/^2026-01-01T00:0\d:\d\dZ$/);
    expect(ep.subsets).toHaveLength(1);
    expect(ep.subsets![0].ports).toEqual([{ port: 80, protocol: 'TCP' }]);
    const pods = c.list('Pod').filter((p) => p.metadata.labels?.app === 'web') as unknown as Pod[];
    expect(ips(ep)).toEqual(pods.map((p) => p.status!.podIP!).sort());
    for (const a of ep.subsets![0].addresses!) {
      const pod = pods.find((p) => p.status?.podIP === a.ip)!;
      expect(a).toEqual({ ip: a.ip, nodeName: pod.spec!.nodeName, targetRef: { kind: 'Pod', namespace: 'default', name: pod.metadata!.name, uid: pod.metadata!.uid } });
    }
    expect(mustExec(c, 'kubectl get ep web').split('\n')[1]).toMatch(/^web {4}10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80 {3}\d+s$/);
    mustExec(c, 'kubectl scale deployment web --replicas=0');
    c.advance(60);
    ep = endpointsOf(c, 'web')!;
    expect(ep.subsets).toBeUndefined();
    expect(mustExec(c, 'kubectl get ep web').split('\n')[1]).toMatch(/^web {4}<none> {6}2m$/);
  });

  it('lists pods that are not ready yet in notReadyAddresses, or in addresses with publishNotReadyAddresses', () => {
    for (const publish of [false, true]) {
      const c = clusterWithNodes(1, 9);
      mustExec(c, 'kubectl apply -f -', service('web', publish ? '  publishNotReadyAddresses: true\n' : ''));
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace('image: nginx:1.27', 'image: nginx:1.27\n        readinessProbe: {httpGet: {path: /, port: 80}, initialDelaySeconds: 60}'));
      c.advance(20);
      const ep = endpointsOf(c, 'web');
      expect(ips(ep, publish ? 'addresses' : 'notReadyAddresses')).toHaveLength(1);
      expect(ips(ep, publish ? 'notReadyAddresses' : 'addresses')).toHaveLength(0);
      if (!publish) {
        // Ready after the probe's delay: the address moves.
        c.advance(60);
        expect(ips(endpointsOf(c, 'web'))).toHaveLength(1);
        expect(ips(endpointsOf(c, 'web'), 'notReadyAddresses')).toHaveLength(0);
      }
    }
  });

  it('resolves named target ports per pod, sets hostnames and the headless label for a headless StatefulSet', () => {
    const c = clusterWithNodes(1, 7);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  clusterIP: None
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: nginx, ports: [{name: http, containerPort: 8080}]}]
`);
    c.advance(90);
    const ep = endpointsOf(c, 'web')!;
    expect(ep.metadata?.labels).toEqual({ 'service.kubernetes.io/headless': '' });
    expect(ep.subsets![0].ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(ep.subsets![0].addresses!.map((a) => a.hostname).sort()).toEqual(['web-0', 'web-1']);
  });

  it('deletes the Endpoints of a deleted Service and leaves a selector-less Service\'s own Endpoints alone', () => {
    const c = clusterWithNodes(1, 8);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', service('web'));
    c.advance(30);
    expect(endpointsOf(c, 'web')).toBeDefined();
    mustExec(c, 'kubectl delete svc web');
    c.advance(5);
    expect(endpointsOf(c, 'web')).toBeUndefined();
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: db}\nspec:\n  ports: [{port: 5432}]\n---\napiVersion: v1\nkind: Endpoints\nmetadata: {name: db}\nsubsets:\n- addresses: [{ip: 192.0.2.10}]\n  ports: [{port: 5432}]\n');
    c.advance(30);
    expect(endpointsOf(c, 'db')?.subsets).toEqual([{ addresses: [{ ip: '192.0.2.10' }], ports: [{ port: 5432, protocol: 'TCP' }] }]);
  });

  it('queues a Service only for pod updates that change its endpoints or membership', () => {
    const c = clusterWithNodes(1, 10);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', service('web'));
    mustExec(c, 'kubectl apply -f -', service('other').replace('selector: {app: web}', 'selector: {tier: x}'));
    c.advance(30);
    const pod = c.list('Pod').find((p) => p.metadata.labels?.app === 'web')!.metadata.name!;
    const queued = (from: number) => (c as Cluster).loopTrace('endpoints-controller', from).events
      .flatMap((e) => (e.type === 'queue' && e.op === 'add' ? [e.key] : []));
    const seq = () => (c as Cluster).loopTrace('endpoints-controller').events.at(-1)?.seq ?? 0;
    let from = seq();
    mustExec(c, `kubectl annotate pod ${pod} note=x`);
    c.advance(1);
    expect(queued(from)).toEqual([]);
    from = seq();
    mustExec(c, `kubectl label pod ${pod} tier=x`);
    c.advance(1);
    expect(queued(from)).toEqual(['default/other']);
    expect(endpointsOf(c, 'other')?.subsets?.[0].addresses?.map((a) => a.targetRef?.name)).toEqual([pod]);
  });

  it('writes the default/kubernetes Endpoints as the API server does', () => {
    const c = clusterWithNodes(1, 3);
    expect(mustExec(c, 'kubectl get ep kubernetes')).toMatch(/^NAME {9}ENDPOINTS {9}AGE\nkubernetes {3}172\.18\.0\.1:6443 {3}\d+s\n$/);
    expect(endpointsOf(c, 'kubernetes')?.metadata?.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
  });

  it('caps an Endpoints at 1000 addresses, ready ones first (truncateEndpoints)', () => {
    const addrs = (n: number, base: string) => Array.from({ length: n }, (_, i) => ({ ip: `${base}.${Math.floor(i / 250)}.${i % 250}` }));
    const out = truncateEndpoints([{ addresses: addrs(600, '10.1'), notReadyAddresses: addrs(300, '10.2') }, { addresses: addrs(300, '10.3'), notReadyAddresses: addrs(100, '10.4') }])!;
    // 900 ready fit: the 100 places left go to the not-ready ones in proportion (300:100).
    expect(out.map((s) => [s.addresses?.length, s.notReadyAddresses?.length])).toEqual([[600, 75], [300, 25]]);
    expect(truncateEndpoints([{ addresses: addrs(900, '10.1') }, { notReadyAddresses: addrs(200, '10.2') }])!.map((s) => s.notReadyAddresses?.length)).toEqual([undefined, 100]);
    expect(truncateEndpoints([{ addresses: addrs(1000, '10.1') }])).toBeUndefined();
  });

  it('property: every selected pod with an IP, not terminating, appears once, ready as its Ready condition', () => {
    const podArb = fc.record({ ip: fc.boolean(), ready: fc.boolean(), terminating: fc.boolean(), phase: fc.constantFrom('Running', 'Pending', 'Succeeded', 'Failed') });
    fc.assert(fc.property(fc.array(podArb, { maxLength: 30 }), fc.boolean(), (specs, publish) => {
      const pods: Pod[] = specs.map((s, i) => ({
        metadata: { name: `p${i}`, namespace: 'default', uid: `uid-${i}`, ...(s.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
        spec: { nodeName: 'w1', containers: [{ name: 'c', image: 'nginx' }] },
        status: { phase: s.phase, ...(s.ip ? { podIP: `10.244.0.${i + 2}`, podIPs: [{ ip: `10.244.0.${i + 2}` }] } : {}), conditions: [{ type: 'Ready', status: s.ready ? 'True' : 'False' }] },
      }));
      const svc: Service = { metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.0.5', selector: { app: 'web' }, ports: [{ port: 80, protocol: 'TCP' }], publishNotReadyAddresses: publish } };
      const subsets = endpointSubsets(svc, pods);
      const seen = new Map<string, boolean[]>();
      for (const ss of subsets) {
        for (const a of ss.addresses ?? []) seen.set(a.targetRef!.name!, [...(seen.get(a.targetRef!.name!) ?? []), true]);
        for (const a of ss.notReadyAddresses ?? []) seen.set(a.targetRef!.name!, [...(seen.get(a.targetRef!.name!) ?? []), false]);
      }
      specs.forEach((s, i) => {
        const included = s.ip && s.phase !== 'Succeeded' && s.phase !== 'Failed' && (publish || !s.terminating);
        expect(seen.get(`p${i}`)).toEqual(included ? [publish || isPodReady(pods[i])] : undefined);
      });
    }));
  });
});

describe('EndpointSlice mirroring controller', { timeout: 30_000 }, () => {
  it('mirrors a selector-less Service\'s Endpoints to a slice that routes traffic, and removes it with them', () => {
    const c = clusterWithNodes(1, 12);
    // The backend: a pod no selector picks, reached through hand-written Endpoints.
    mustExec(c, 'kubectl run backend --image=nginx --port=80');
    mustExec(c, 'kubectl run client --image=nginx');
    c.advance(30);
    const ip = (c.list('Pod').find((p) => p.metadata.name === 'backend') as unknown as Pod).status!.podIP!;
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1\nkind: Service\nmetadata: {name: ext}\nspec:\n  ports: [{port: 8080, targetPort: 80}]\n---\napiVersion: v1\nkind: Endpoints\nmetadata: {name: ext, labels: {team: b}}\nsubsets:\n- addresses: [{ip: ${ip}}]\n  notReadyAddresses: [{ip: 192.0.2.7}]\n  ports: [{port: 80}]\n`);
    c.advance(2);
    const slices = (c.list('EndpointSlice') as unknown as EndpointSlice[]).filter((s) => s.metadata?.labels?.['kubernetes.io/service-name'] === 'ext');
    expect(slices).toHaveLength(1);
    const [s] = slices;
    expect(s.metadata?.labels).toEqual({ team: 'b', 'kubernetes.io/service-name': 'ext', 'endpointslice.kubernetes.io/managed-by': 'endpointslicemirroring-controller.k8s.io' });
    expect(s.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Endpoints', name: 'ext', uid: endpointsOf(c, 'ext')!.metadata!.uid, controller: true, blockOwnerDeletion: true }]);
    expect(s.metadata?.annotations).toBeUndefined();
    expect(s.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    expect(s.endpoints).toEqual([{ addresses: [ip], conditions: { ready: true } }, { addresses: ['192.0.2.7'], conditions: { ready: false } }]);
    const trace = mustExec(c, 'sim trace request http://ext:8080/ --from client');
    expect(trace).toContain(`${ip}:80`);
    mustExec(c, 'kubectl delete ep ext');
    c.advance(2);
    expect((c.list('EndpointSlice') as unknown as EndpointSlice[]).filter((x) => x.metadata?.labels?.['kubernetes.io/service-name'] === 'ext')).toEqual([]);
  });

  it('does not mirror the Endpoints of a Service with a selector, nor ones labelled skip-mirror', () => {
    const c = clusterWithNodes(1, 13);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', service('web'));
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: skip}\nspec:\n  ports: [{port: 80}]\n---\napiVersion: v1\nkind: Endpoints\nmetadata: {name: skip, labels: {endpointslice.kubernetes.io/skip-mirror: "true"}}\nsubsets:\n- addresses: [{ip: 192.0.2.8}]\n  ports: [{port: 80}]\n');
    c.advance(30);
    const mirrored = (c.list('EndpointSlice') as unknown as EndpointSlice[]).filter((x) => x.metadata?.labels?.['endpointslice.kubernetes.io/managed-by'] === 'endpointslicemirroring-controller.k8s.io');
    expect(mirrored).toEqual([]);
  });
});
