import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { noResourcesMessage, printTable, tableHeaders } from './table.ts';

const kinds = new KindRegistry();
const kind = (name: string) => {
  const k = kinds.byKindName(name);
  if (!k) throw new Error(name);
  return k;
};
const NOW = Date.parse('2026-06-10T12:31:00Z');
const ago = (seconds: number): string => new Date(NOW - seconds * 1000).toISOString();
const obj = <T>(apiVersion: string, k: string, o: T): KubeObject => ({ apiVersion, kind: k, ...o }) as unknown as KubeObject;
const opts = { wide: false, withNamespace: false, now: NOW };

function node(name: string, age: number, extra: Partial<Node> = {}, version = 'v1.35.0'): KubeObject {
  return obj<Node>('v1', 'Node', {
    metadata: { name, creationTimestamp: ago(age), labels: { 'kubernetes.io/hostname': name, ...extra.metadata?.labels } },
    spec: extra.spec ?? {},
    status: {
      conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }],
      addresses: [{ type: 'InternalIP', address: name === 'controlplane' ? '10.244.253.170' : '10.244.253.171' }, { type: 'Hostname', address: name }],
      nodeInfo: { kubeletVersion: version, osImage: 'Ubuntu 22.04.5 LTS', kernelVersion: '6.8.0-90-generic', containerRuntimeVersion: 'containerd://1.7.22',
        architecture: 'amd64', bootID: '', machineID: '', operatingSystem: 'linux', systemUUID: '', kubeProxyVersion: '' },
    },
  });
}

function bluePod(name: string, ip: string, nodeName: string, age: number): KubeObject {
  return obj<Pod>('v1', 'Pod', {
    metadata: { name, namespace: 'default', creationTimestamp: ago(age), labels: { app: 'blue', 'pod-template-hash': '6466bf85df' } },
    spec: { nodeName, containers: [{ name: 'nginx', image: 'nginx:alpine' }] },
    status: { phase: 'Running', podIP: ip, podIPs: [{ ip }], conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'nginx', ready: true, restartCount: 0, state: { running: { startedAt: ago(age - 2) } }, image: 'nginx:alpine', imageID: '' }] },
  });
}

function blueDeployment(age: number): KubeObject {
  return obj<Deployment>('apps/v1', 'Deployment', {
    metadata: { name: 'blue', namespace: 'default', creationTimestamp: ago(age), labels: { app: 'blue' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'blue' } },
      template: { metadata: { labels: { app: 'blue' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:alpine' }] } } },
    status: { replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 },
  });
}

// Expected texts are real kubectl output (v1.35 lab session), rebuilt from objects with the same fields.
describe('printTable', () => {
  it('prints nodes', () => {
    const cp = node('controlplane', 600, { metadata: { labels: { 'node-role.kubernetes.io/control-plane': '' } } });
    expect(printTable(kind('Node'), [cp, node('node01', 574)], opts)).toBe(
      'NAME           STATUS   ROLES           AGE     VERSION\n' +
      'controlplane   Ready    control-plane   10m     v1.35.0\n' +
      'node01         Ready    <none>          9m34s   v1.35.0\n');
  });

  it('prints a cordoned node as Ready,SchedulingDisabled', () => {
    const cp = node('controlplane', 15 * 86400, { metadata: { labels: { 'node-role.kubernetes.io/control-plane': '' } } }, 'v1.33.2');
    const n1 = node('node01', 15 * 86400, { spec: { unschedulable: true } }, 'v1.33.2');
    expect(printTable(kind('Node'), [cp, n1], opts)).toBe(
      'NAME           STATUS                     ROLES           AGE   VERSION\n' +
      'controlplane   Ready                      control-plane   15d   v1.33.2\n' +
      'node01         Ready,SchedulingDisabled   <none>          15d   v1.33.2\n');
  });

  it('prints nodes wide', () => {
    const cp = node('controlplane', 600, { metadata: { labels: { 'node-role.kubernetes.io/control-plane': '' } } });
    expect(printTable(kind('Node'), [cp], { ...opts, wide: true })).toBe(
      'NAME           STATUS   ROLES           AGE   VERSION   INTERNAL-IP      EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME\n' +
      'controlplane   Ready    control-plane   10m   v1.35.0   10.244.253.170   <none>        Ubuntu 22.04.5 LTS   6.8.0-90-generic   containerd://1.7.22\n');
  });

  it('prints NotReady and Unknown nodes', () => {
    const notReady = node('a', 60);
    (notReady.status as Node['status'])!.conditions = [{ type: 'Ready', status: 'Unknown' }];
    const unknown = node('b', 60);
    (unknown.status as Node['status'])!.conditions = [];
    expect(printTable(kind('Node'), [notReady, unknown], opts)).toBe(
      'NAME   STATUS     ROLES    AGE   VERSION\n' +
      'a      NotReady   <none>   60s   v1.35.0\n' +
      'b      Unknown    <none>   60s   v1.35.0\n');
  });

  it('prints deployments, plain and wide', () => {
    expect(printTable(kind('Deployment'), [blueDeployment(12)], opts)).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\n' +
      'blue   3/3     3            3           12s\n');
    expect(printTable(kind('Deployment'), [blueDeployment(33)], { ...opts, wide: true })).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES         SELECTOR\n' +
      'blue   3/3     3            3           33s   nginx        nginx:alpine   app=blue\n');
  });

  it('prints pods, plain and wide', () => {
    const pods = [
      bluePod('blue-6466bf85df-bmw62', '172.17.1.2', 'node01', 107),
      bluePod('blue-6466bf85df-pz4q9', '172.17.1.3', 'node01', 107),
      bluePod('blue-6466bf85df-x85mz', '172.17.0.4', 'controlplane', 107),
    ];
    expect(printTable(kind('Pod'), pods, opts)).toBe(
      'NAME                    READY   STATUS    RESTARTS   AGE\n' +
      'blue-6466bf85df-bmw62   1/1     Running   0          107s\n' +
      'blue-6466bf85df-pz4q9   1/1     Running   0          107s\n' +
      'blue-6466bf85df-x85mz   1/1     Running   0          107s\n');
    expect(printTable(kind('Pod'), pods, { ...opts, wide: true })).toBe(
      'NAME                    READY   STATUS    RESTARTS   AGE    IP           NODE           NOMINATED NODE   READINESS GATES\n' +
      'blue-6466bf85df-bmw62   1/1     Running   0          107s   172.17.1.2   node01         <none>           <none>\n' +
      'blue-6466bf85df-pz4q9   1/1     Running   0          107s   172.17.1.3   node01         <none>           <none>\n' +
      'blue-6466bf85df-x85mz   1/1     Running   0          107s   172.17.0.4   controlplane   <none>           <none>\n');
  });

  it('adds NAMESPACE first and LABELS last', () => {
    const pods = [bluePod('blue-6466bf85df-bmw62', '172.17.1.2', 'node01', 45)];
    expect(printTable(kind('Pod'), pods, { ...opts, withNamespace: true, showLabels: true })).toBe(
      'NAMESPACE   NAME                    READY   STATUS    RESTARTS   AGE   LABELS\n' +
      'default     blue-6466bf85df-bmw62   1/1     Running   0          45s   app=blue,pod-template-hash=6466bf85df\n');
    expect(tableHeaders(kind('Pod'), { wide: false, withNamespace: true, showLabels: true }))
      .toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'LABELS']);
  });

  it('omits the header with noHeaders and prints nothing for no objects', () => {
    const pods = [bluePod('blue-6466bf85df-bmw62', '172.17.1.2', 'node01', 45)];
    expect(printTable(kind('Pod'), pods, { ...opts, noHeaders: true })).toBe('blue-6466bf85df-bmw62   1/1   Running   0     45s\n');
    expect(printTable(kind('Pod'), [], opts)).toBe('');
    expect(noResourcesMessage('default')).toBe('No resources found in default namespace.');
    expect(noResourcesMessage()).toBe('No resources found');
  });

  it('prints replicasets, plain and wide', () => {
    const rs = obj<ReplicaSet>('apps/v1', 'ReplicaSet', {
      metadata: { name: 'blue-6466bf85df', namespace: 'default', creationTimestamp: ago(103) },
      spec: { replicas: 3, selector: { matchLabels: { app: 'blue', 'pod-template-hash': '6466bf85df' } },
        template: { spec: { containers: [{ name: 'nginx', image: 'nginx:alpine' }, { name: 'sidecar', image: 'busybox' }] } } },
      status: { replicas: 3, readyReplicas: 2 },
    });
    expect(printTable(kind('ReplicaSet'), [rs], opts)).toBe(
      'NAME              DESIRED   CURRENT   READY   AGE\n' +
      'blue-6466bf85df   3         3         2       103s\n');
    expect(printTable(kind('ReplicaSet'), [rs], { ...opts, wide: true })).toBe(
      'NAME              DESIRED   CURRENT   READY   AGE    CONTAINERS      IMAGES                 SELECTOR\n' +
      'blue-6466bf85df   3         3         2       103s   nginx,sidecar   nginx:alpine,busybox   app=blue,pod-template-hash=6466bf85df\n');
  });

  it('prints events with the involved object as kind/name', () => {
    const ev = (name: string, reason: string, k: string, target: string, message: string, seconds: number, component: string): KubeObject =>
      obj<Event>('v1', 'Event', {
        metadata: { name, namespace: 'default' }, type: 'Normal', reason, message,
        involvedObject: { kind: k, name: target, namespace: 'default' },
        firstTimestamp: ago(seconds), lastTimestamp: ago(seconds), count: 1, source: { component },
      });
    const pod = 'nginx-65778599-mq6nw';
    const events = [
      ev('e1', 'Scheduled', 'Pod', pod, 'Successfully assigned default/nginx-65778599-mq6nw to kind-worker', 10, 'default-scheduler'),
      ev('e2', 'Pulling', 'Pod', pod, 'Pulling image "nginx:alpine"', 10, 'kubelet'),
      ev('e3', 'Pulled', 'Pod', pod, 'Successfully pulled image "nginx:alpine" in 5.379974736s', 4, 'kubelet'),
      ev('e4', 'Created', 'Pod', pod, 'Created container nginx', 4, 'kubelet'),
      ev('e5', 'Started', 'Pod', pod, 'Started container nginx', 4, 'kubelet'),
      ev('e6', 'SuccessfulCreate', 'ReplicaSet', 'nginx-65778599', 'Created pod: nginx-65778599-mq6nw', 10, 'replicaset-controller'),
      ev('e7', 'ScalingReplicaSet', 'Deployment', 'nginx', 'Scaled up replica set nginx-65778599 to 1', 10, 'deployment-controller'),
    ];
    expect(printTable(kind('Event'), events, opts)).toBe(
      'LAST SEEN   TYPE     REASON              OBJECT                      MESSAGE\n' +
      '10s         Normal   Scheduled           pod/nginx-65778599-mq6nw    Successfully assigned default/nginx-65778599-mq6nw to kind-worker\n' +
      '10s         Normal   Pulling             pod/nginx-65778599-mq6nw    Pulling image "nginx:alpine"\n' +
      '4s          Normal   Pulled              pod/nginx-65778599-mq6nw    Successfully pulled image "nginx:alpine" in 5.379974736s\n' +
      '4s          Normal   Created             pod/nginx-65778599-mq6nw    Created container nginx\n' +
      '4s          Normal   Started             pod/nginx-65778599-mq6nw    Started container nginx\n' +
      '10s         Normal   SuccessfulCreate    replicaset/nginx-65778599   Created pod: nginx-65778599-mq6nw\n' +
      '10s         Normal   ScalingReplicaSet   deployment/nginx            Scaled up replica set nginx-65778599 to 1\n');
    expect(printTable(kind('Event'), [events[1]], { ...opts, wide: true })).toBe(
      'LAST SEEN   TYPE     REASON    OBJECT                     SUBOBJECT   SOURCE    MESSAGE                        FIRST SEEN   COUNT   NAME\n' +
      '10s         Normal   Pulling   pod/nginx-65778599-mq6nw               kubelet   Pulling image "nginx:alpine"   10s          1       e2\n');
  });

  it('prints namespaces, configmaps, leases and unknown kinds', () => {
    const ns = obj('v1', 'Namespace', { metadata: { name: 'kube-system', creationTimestamp: ago(900) }, status: { phase: 'Active' } });
    expect(printTable(kind('Namespace'), [ns], opts)).toBe('NAME          STATUS   AGE\nkube-system   Active   15m\n');
    const cm = obj('v1', 'ConfigMap', { metadata: { name: 'kube-root-ca.crt', creationTimestamp: ago(900) }, data: { 'ca.crt': 'x' } });
    expect(printTable(kind('ConfigMap'), [cm], opts)).toBe('NAME               DATA   AGE\nkube-root-ca.crt   1      15m\n');
    const lease = obj('coordination.k8s.io/v1', 'Lease', { metadata: { name: 'node01', creationTimestamp: ago(900) }, spec: { holderIdentity: 'node01' } });
    expect(printTable(kind('Lease'), [lease], opts)).toBe('NAME     HOLDER   AGE\nnode01   node01   15m\n');
    const other = { kind: 'Widget', group: 'example.com', version: 'v1', plural: 'widgets', singular: 'widget', shortNames: [], namespaced: true, hasStatus: false };
    expect(printTable(other, [obj('example.com/v1', 'Widget', { metadata: { name: 'w' } })], opts)).toBe('NAME   AGE\nw      <unknown>\n');
  });

  it('cuts a cell at its first line break and never leaves trailing spaces', () => {
    const e = obj<Event>('v1', 'Event', { metadata: { name: 'x' }, involvedObject: { kind: 'Pod', name: 'p' }, type: 'Warning', reason: 'R',
      message: 'first line\nsecond line', lastTimestamp: ago(5) });
    const empty = obj<Event>('v1', 'Event', { metadata: { name: 'y' }, involvedObject: { kind: 'Pod', name: 'p' }, type: 'Normal', reason: 'R',
      message: '', lastTimestamp: ago(5) });
    expect(printTable(kind('Event'), [e, empty], opts)).toBe(
      'LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n' +
      '5s          Warning   R        pod/p    first line...\n' +
      '5s          Normal    R        pod/p\n');
  });
});
