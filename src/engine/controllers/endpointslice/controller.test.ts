import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import type { Cluster } from '../../cluster.ts';

const slicesOf = (c: KubesimCluster, svc: string, ns = 'default') => (c.list('EndpointSlice') as unknown as EndpointSlice[])
  .filter((s) => s.metadata?.namespace === ns && s.metadata?.labels?.['kubernetes.io/service-name'] === svc);

const service = (name: string, extra = '', ports = '[{port: 80, targetPort: 80}]') =>
  `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, labels: {team: a}}\nspec:\n  selector: {app: web}\n  ports: ${ports}\n${extra}`;

describe('EndpointSlice controller', { timeout: 30_000 }, () => {
  it('lists the ready pods with conditions, node, targetRef and the Service labels', () => {
    const c = clusterWithNodes(2, 5);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    mustExec(c, 'kubectl apply -f -', service('web'));
    c.advance(60);
    const [s] = slicesOf(c, 'web');
    expect(s.addressType).toBe('IPv4');
    expect(s.metadata?.generateName).toBe('web-');
    expect(s.metadata?.labels).toEqual({ team: 'a', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    expect(s.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Service', name: 'web', controller: true, blockOwnerDeletion: true });
    expect(s.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    expect(s.endpoints).toHaveLength(3);
    for (const e of s.endpoints ?? []) {
      expect(e.conditions).toEqual({ ready: true, serving: true, terminating: false });
      expect(e.targetRef?.kind).toBe('Pod');
      expect(e.nodeName).toMatch(/^w[12]$/);
    }
    expect(mustExec(c, 'kubectl get endpointslices -l kubernetes.io/service-name=web').split('\n')[1]).toMatch(/^web-\w{5}\s+IPv4\s+80\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+\d+s$/);
  });

  it('marks terminating pods serving but not ready, then drops them', () => {
    const c = clusterWithNodes(1, 6);
    // A server that ignores SIGTERM keeps running through the grace period.
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace('      labels:\n        app: web', '      labels:\n        app: web\n      annotations:\n        kubesim.io/behavior: "app: stop=ignore"'));
    mustExec(c, 'kubectl apply -f -', service('web'));
    c.advance(30);
    const pod = c.list('Pod').find((p) => p.metadata.labels?.app === 'web')!;
    mustExec(c, `kubectl delete pod ${pod.metadata.name} --wait=false`);
    c.advance(2);
    const eps = slicesOf(c, 'web').flatMap((s) => s.endpoints ?? []);
    const old = eps.find((e) => e.targetRef?.name === pod.metadata.name);
    expect(old?.conditions).toEqual({ ready: false, serving: true, terminating: true });
    c.advance(60);
    expect(slicesOf(c, 'web').flatMap((s) => s.endpoints ?? []).some((e) => e.targetRef?.name === pod.metadata.name)).toBe(false);
  });

  it('resolves named target ports per pod and sets hostname for a headless StatefulSet', () => {
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
    const [s] = slicesOf(c, 'web');
    expect(s.metadata?.labels?.['service.kubernetes.io/headless']).toBe('');
    expect(s.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect((s.endpoints ?? []).map((e) => e.hostname).sort()).toEqual(['web-0', 'web-1']);
  });

  it('finds the Service of a pod whose stored labels equal those of a pod in another namespace', () => {
    const c = clusterWithNodes(1, 9);
    mustExec(c, 'kubectl create namespace a');
    mustExec(c, 'kubectl create namespace b');
    mustExec(c, 'kubectl apply -n b -f -', service('web'));
    mustExec(c, 'kubectl apply -n a -f -', deploymentYaml('web', 1));
    c.advance(60);
    mustExec(c, 'kubectl apply -n b -f -', deploymentYaml('web', 1));
    c.advance(60);
    const [a, b] = ['a', 'b'].map((ns) => c.list('Pod').find((p) => p.metadata.namespace === ns && p.metadata.labels?.app === 'web')!);
    // The same stored labels object (equal parts of stored objects are shared), in two namespaces.
    expect(b.metadata.labels).toBe(a.metadata.labels);
    expect(slicesOf(c, 'web', 'b').flatMap((s) => s.endpoints ?? []).map((e) => e.targetRef?.name)).toEqual([b.metadata.name]);
  });

  it('creates a placeholder without pods, removes slices of a deleted Service', () => {
    const c = clusterWithNodes(1, 8);
    mustExec(c, 'kubectl apply -f -', service('lonely'));
    c.advance(5);
    const [s] = slicesOf(c, 'lonely');
    expect(s.endpoints).toEqual([]);
    expect(s.ports).toBeUndefined();
    mustExec(c, 'kubectl delete svc lonely');
    c.advance(5);
    expect(slicesOf(c, 'lonely')).toHaveLength(0);
  });

  it('publishNotReadyAddresses lists pods before they are ready', () => {
    const c = clusterWithNodes(1, 9);
    mustExec(c, 'kubectl apply -f -', service('web', '  publishNotReadyAddresses: true\n'));
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace('      containers:', '      containers:').replace("image: nginx:1.27", "image: nginx:1.27\n        readinessProbe: {httpGet: {path: /, port: 80}, initialDelaySeconds: 60}"));
    c.advance(20);
    const eps = slicesOf(c, 'web').flatMap((s) => s.endpoints ?? []);
    expect(eps).toHaveLength(1);
    expect(eps[0].conditions).toEqual({ ready: true, serving: true, terminating: false });
  });

  it('queues a Service only for pod updates that change its endpoints or membership, as upstream', () => {
    const c = clusterWithNodes(1, 10);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', service('web'));
    mustExec(c, 'kubectl apply -f -', service('other').replace('name: other', 'name: other').replace('selector: {app: web}', 'selector: {tier: x}'));
    c.advance(30);
    const pod = c.list('Pod').find((p) => p.metadata.labels?.app === 'web')!.metadata.name!;
    const queued = (from: number) => (c as Cluster).loopTrace('endpointslice-controller', from).events
      .flatMap((e) => (e.type === 'queue' && e.op === 'add' ? [e.key] : []));
    const seq = () => (c as Cluster).loopTrace('endpointslice-controller').events.at(-1)?.seq ?? 0;
    let from = seq();
    mustExec(c, `kubectl annotate pod ${pod} note=x`);
    c.advance(1);
    expect(queued(from)).toEqual([]);
    // Joining "other" without leaving "web": only the Service it joined; the controller's own slice write does not
    // queue it again (the tracker expects it).
    const [placeholder] = slicesOf(c, 'other');
    from = seq();
    mustExec(c, `kubectl label pod ${pod} tier=x`);
    c.advance(1);
    expect(queued(from)).toEqual(['default/other']);
    // The placeholder slice becomes the first real one under its own name (finalize turns the create into an update).
    const [s] = slicesOf(c, 'other');
    expect(s.metadata?.name).toBe(placeholder.metadata?.name);
    expect(s.endpoints?.map((e) => e.targetRef?.name)).toEqual([pod]);
  });

  it('puts back a slice someone else changed, a second after the change', () => {
    const c = clusterWithNodes(1, 11);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl apply -f -', service('web'));
    c.advance(30);
    const [s] = slicesOf(c, 'web');
    mustExec(c, `kubectl patch endpointslice ${s.metadata?.name} --type=json -p '[{"op":"replace","path":"/endpoints","value":[]}]'`);
    (c as Cluster).advanceMs(999);
    expect(slicesOf(c, 'web')[0].endpoints).toEqual([]);
    (c as Cluster).advanceMs(1);
    expect(slicesOf(c, 'web')[0].endpoints).toHaveLength(1);
  });
});

