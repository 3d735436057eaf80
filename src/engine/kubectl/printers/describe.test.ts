import { describe as suite, expect, it } from 'vitest';
import { KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { describe } from './describe.ts';
import {
  asObject, defaultTolerations, event, fakeContext, kubeApiAccessVolume, type Deployment, type Node, type Pod, type ReplicaSet,
} from './describe/fixtures.ts';

const kinds = new KindRegistry();
const kind = (name: string) => {
  const k = kinds.byKindName(name);
  if (!k) throw new Error(name);
  return k;
};
const iso = (ms: number): string => new Date(ms).toISOString();

// A pod of an AKS lab (kubectl 1.3x, October 2025); times moved from -0400 to UTC.
suite('describe pod', () => {
  const start = Date.parse('2025-10-30T22:49:16Z');
  const now = start + 38 * 60_000 + 20_000;
  const pod = asObject<Pod>('v1', 'Pod', {
    metadata: {
      name: 'store-front-86d4bf757c-g7txs', namespace: 'default', uid: 'pod-uid-1', creationTimestamp: iso(start - 1000),
      labels: { app: 'store-front', 'pod-template-hash': '86d4bf757c' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'store-front-86d4bf757c', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      priority: 0, serviceAccountName: 'default', nodeName: 'aks-masterpool-19653187-vmss000000',
      containers: [{
        name: 'store-front', image: 'ramymohamed/store-front:latest', ports: [{ containerPort: 80, protocol: 'TCP' }],
        resources: { limits: { cpu: '200m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
        volumeMounts: [{ name: 'kube-api-access-pt2c6', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
      }],
      volumes: [kubeApiAccessVolume('pt2c6')],
      tolerations: [{ key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' }, ...defaultTolerations],
    },
    status: {
      phase: 'Running', hostIP: '10.224.0.5', podIP: '10.244.1.226', podIPs: [{ ip: '10.244.1.226' }], startTime: iso(start), qosClass: 'Burstable',
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({ type, status: 'True' })),
      containerStatuses: [{
        name: 'store-front', ready: true, restartCount: 0, started: true,
        containerID: 'containerd://b592f1ef8e992c4989ef66c028ace8290bf9d5251435c9b2a7050659d3898a08',
        image: 'docker.io/ramymohamed/store-front:latest',
        imageID: 'docker.io/ramymohamed/store-front@sha256:ab82885df866bf8fea39b3351dacd713de76cc73197c250f504e26e0925bd133',
        state: { running: { startedAt: iso(start + 3000) } },
      }],
    },
  });
  const ref = { kind: 'Pod', name: 'store-front-86d4bf757c-g7txs', namespace: 'default', uid: 'pod-uid-1' };
  const min = (m: number) => iso(now - m * 60_000);
  const events = [
    event('e1', 'default', ref, 'Scheduled', 'Successfully assigned default/store-front-86d4bf757c-g7txs to aks-masterpool-19653187-vmss000000', 'default-scheduler', min(38)),
    event('e2', 'default', { ...ref, fieldPath: '' }, 'Pulling', 'Pulling image "ramymohamed/store-front:latest"', 'kubelet', min(38) ),
    event('e3', 'default', ref, 'Pulled', 'Successfully pulled image "ramymohamed/store-front:latest" in 2.165s (2.165s including waiting). Image size: 23662870 bytes.', 'kubelet', min(30)),
    event('e4', 'default', ref, 'Created', 'Created container: store-front', 'kubelet', min(30)),
    event('e5', 'default', ref, 'Started', 'Started container store-front', 'kubelet', min(30)),
    // Not this pod's: another uid, another name.
    event('x1', 'default', { ...ref, uid: 'older-pod' }, 'Killing', 'Stopping container store-front', 'kubelet', min(50)),
    event('x2', 'default', { ...ref, name: 'other' }, 'Killing', 'Stopping container store-front', 'kubelet', min(50)),
  ];

  it('prints what kubectl prints', () => {
    expect(describe(kind('Pod'), pod, fakeContext(now, [pod, ...events]))).toBe(`Name:             store-front-86d4bf757c-g7txs
Namespace:        default
Priority:         0
Service Account:  default
Node:             aks-masterpool-19653187-vmss000000/10.224.0.5
Start Time:       Thu, 30 Oct 2025 22:49:16 +0000
Labels:           app=store-front
                  pod-template-hash=86d4bf757c
Annotations:      <none>
Status:           Running
IP:               10.244.1.226
IPs:
  IP:           10.244.1.226
Controlled By:  ReplicaSet/store-front-86d4bf757c
Containers:
  store-front:
    Container ID:   containerd://b592f1ef8e992c4989ef66c028ace8290bf9d5251435c9b2a7050659d3898a08
    Image:          ramymohamed/store-front:latest
    Image ID:       docker.io/ramymohamed/store-front@sha256:ab82885df866bf8fea39b3351dacd713de76cc73197c250f504e26e0925bd133
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Thu, 30 Oct 2025 22:49:19 +0000
    Ready:          True
    Restart Count:  0
    Limits:
      cpu:     200m
      memory:  256Mi
    Requests:
      cpu:        100m
      memory:     128Mi
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-pt2c6 (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  kube-api-access-pt2c6:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    Optional:                false
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/memory-pressure:NoSchedule op=Exists
                             node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  38m   default-scheduler  Successfully assigned default/store-front-86d4bf757c-g7txs to aks-masterpool-19653187-vmss000000
  Normal  Pulling    38m   kubelet            Pulling image "ramymohamed/store-front:latest"
  Normal  Pulled     30m   kubelet            Successfully pulled image "ramymohamed/store-front:latest" in 2.165s (2.165s including waiting). Image size: 23662870 bytes.
  Normal  Created    30m   kubelet            Created container: store-front
  Normal  Started    30m   kubelet            Started container store-front
`);
  });

  it('shows a pending pod, terminated and waiting states, env sources and a terminating status', () => {
    const t0 = Date.parse('2025-01-01T00:00:00Z');
    const p = asObject<Pod>('v1', 'Pod', {
      metadata: { name: 'web', namespace: 'default', uid: 'u2', creationTimestamp: iso(t0), deletionTimestamp: iso(t0 + 130_000), deletionGracePeriodSeconds: 30 },
      spec: {
        containers: [{
          name: 'app', image: 'app:1', command: ['sh', '-c'], args: ['run --fast'],
          env: [
            { name: 'MODE', value: 'prod' },
            { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
            { name: 'NODE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } },
            { name: 'LIMIT', valueFrom: { resourceFieldRef: { resource: 'limits.memory' } } },
            { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
            { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'color', optional: true } } },
          ],
          envFrom: [{ configMapRef: { name: 'cfg' } }, { prefix: 'S_', secretRef: { name: 'db' } }],
          livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 },
          readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        }],
      },
      status: {
        phase: 'Running', qosClass: 'BestEffort',
        containerStatuses: [{
          name: 'app', ready: false, restartCount: 5, image: 'app:1', imageID: '', containerID: 'containerd://abc',
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: iso(t0 + 60_000), finishedAt: iso(t0 + 61_000) } },
        }],
      },
    });
    const ref = { kind: 'Pod', name: 'web', namespace: 'default', uid: 'u2' };
    const events = [
      event('e1', 'default', { ...ref, fieldPath: 'spec.containers{app}' }, 'BackOff', 'Back-off restarting failed container app in pod web_default(u2)',
        'kubelet', iso(t0 + 40_000), iso(t0 + 115_000), 3, 'Warning'),
    ];
    expect(describe(kind('Pod'), p, fakeContext(t0 + 120_000, [p, ...events]))).toBe(`Name:                      web
Namespace:                 default
Node:                      <none>
Labels:                    <none>
Annotations:               <none>
Status:                    Terminating (lasts <invalid>)
Termination Grace Period:  30s
IP:                        
IPs:                       <none>
Containers:
  app:
    Container ID:  containerd://abc
    Image:         app:1
    Image ID:      
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
    Args:
      run --fast
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
      Started:      Wed, 01 Jan 2025 00:01:00 +0000
      Finished:     Wed, 01 Jan 2025 00:01:01 +0000
    Ready:          False
    Restart Count:  5
    Liveness:       exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3
    Readiness:      tcp-socket :8080 delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment Variables from:
      cfg  ConfigMap                Optional: false
      db   Secret with prefix 'S_'  Optional: false
    Environment:
      MODE:      prod
      POD_NAME:  web (v1:metadata.name)
      NODE:       (v1:spec.nodeName)
      LIMIT:     node allocatable (limits.memory)
      PASSWORD:  <set to the key 'password' in secret 'db'>    Optional: false
      COLOR:     <set to the key 'color' of config map 'cfg'>  Optional: true
    Mounts:      <none>
Volumes:         <none>
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     <none>
Events:
  Type     Reason   Age               From     Message
  ----     ------   ----              ----     -------
  Warning  BackOff  5s (x3 over 80s)  kubelet  spec.containers{app}: Back-off restarting failed container app in pod web_default(u2)
`);
  });
});

// `kubectl describe deploy blue` in a v1.35 lab (KodeKloud, June 2026).
suite('describe deployment', () => {
  const created = Date.parse('2026-06-10T12:29:52Z');
  const now = created + 48_000;
  const template = { metadata: { labels: { app: 'blue' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:alpine', ports: [{ containerPort: 80, protocol: 'TCP' }] }] } };
  const deploy = asObject<Deployment>('apps/v1', 'Deployment', {
    metadata: { name: 'blue', namespace: 'default', uid: 'd-uid', creationTimestamp: iso(created), labels: { app: 'blue' }, annotations: { 'deployment.kubernetes.io/revision': '1' } },
    spec: { replicas: 3, selector: { matchLabels: { app: 'blue' } }, template, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } }, minReadySeconds: 0 },
    status: {
      replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      ],
    },
  });
  const rs = (name: string, hash: string, replicas: number, ageMs: number, image = 'nginx:alpine') => asObject<ReplicaSet>('apps/v1', 'ReplicaSet', {
    metadata: { name, namespace: 'default', uid: `${name}-uid`, creationTimestamp: iso(now - ageMs),
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'blue', uid: 'd-uid', controller: true }] },
    spec: { replicas, selector: { matchLabels: { app: 'blue', 'pod-template-hash': hash } },
      template: { metadata: { labels: { app: 'blue', 'pod-template-hash': hash } }, spec: { containers: [{ ...template.spec.containers[0], image }] } } },
    status: { replicas },
  });
  const events = [event('e1', 'default', { kind: 'Deployment', name: 'blue', namespace: 'default', uid: 'd-uid' }, 'ScalingReplicaSet',
    'Scaled up replica set blue-6466bf85df from 0 to 3', 'deployment-controller', iso(now - 48_000))];

  it('prints what kubectl prints', () => {
    const objects = [deploy, rs('blue-6466bf85df', '6466bf85df', 3, 48_000), ...events];
    expect(describe(kind('Deployment'), deploy, fakeContext(now, objects))).toBe(`Name:                   blue
Namespace:              default
CreationTimestamp:      Wed, 10 Jun 2026 12:29:52 +0000
Labels:                 app=blue
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=blue
Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=blue
  Containers:
   nginx:
    Image:         nginx:alpine
    Port:          80/TCP
    Host Port:     0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    NewReplicaSetAvailable
OldReplicaSets:  <none>
NewReplicaSet:   blue-6466bf85df (3/3 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  48s   deployment-controller  Scaled up replica set blue-6466bf85df from 0 to 3
`);
  });

  it('lists old ReplicaSets, oldest first, and finds the new one by template', () => {
    const objects = [deploy, rs('blue-aaa', 'aaa', 0, 600_000, 'nginx:1.0'), rs('blue-6466bf85df', '6466bf85df', 3, 48_000), rs('blue-bbb', 'bbb', 0, 300_000, 'nginx:1.1')];
    const out = describe(kind('Deployment'), deploy, fakeContext(now, objects));
    expect(out).toContain('OldReplicaSets:  blue-aaa (0/0 replicas created), blue-bbb (0/0 replicas created)\nNewReplicaSet:   blue-6466bf85df (3/3 replicas created)\n');
    expect(out).toContain('Events:          <none>\n');
  });
});

// `kubectl describe rs` after a rollback (kubectl 1.3x).
suite('describe replicaset', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');
  const ago = (s: number) => iso(now - s * 1000);
  const probe = (path: string, period: number, success: number, failure: number) =>
    ({ httpGet: { path, port: 80, scheme: 'HTTP' }, initialDelaySeconds: 0, timeoutSeconds: 1, periodSeconds: period, successThreshold: success, failureThreshold: failure });
  const labels = { app: 'app-pod', 'pod-template-hash': '7f57cfb4b6' };
  const rs = asObject<ReplicaSet>('apps/v1', 'ReplicaSet', {
    metadata: {
      name: 'app-deployment-7f57cfb4b6', namespace: 'default', uid: 'rs-uid', labels,
      annotations: { 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4', 'deployment.kubernetes.io/revision': '3', 'deployment.kubernetes.io/revision-history': '1' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'app-deployment', uid: 'd-uid', controller: true }],
    },
    spec: {
      replicas: 3, selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{
        name: 'app-container', image: 'uopsdod/k8s-hostname-amd64-beta:v1', ports: [{ containerPort: 80, protocol: 'TCP' }],
        livenessProbe: probe('/healthcheck', 1, 1, 5), readinessProbe: probe('/healthcheck_dependency', 1, 5, 7), startupProbe: probe('/healthcheck', 10, 1, 30),
      }] } },
    },
    status: { replicas: 3, readyReplicas: 3, availableReplicas: 3 },
  });
  const pod = (name: string, phase: string, owner = 'rs-uid') => asObject<Pod>('v1', 'Pod', {
    metadata: { name, namespace: 'default', labels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: owner, controller: true }] },
    spec: { containers: [] }, status: { phase },
  });
  const ref = { kind: 'ReplicaSet', name: 'app-deployment-7f57cfb4b6', namespace: 'default', uid: 'rs-uid' };
  const ev = (n: string, reason: string, verb: string, pod: string, s: number) =>
    event(n, 'default', ref, reason, `${verb} pod: app-deployment-7f57cfb4b6-${pod}`, 'replicaset-controller', ago(s));
  const events = [
    ev('e1', 'SuccessfulCreate', 'Created', '9vb4p', 660), ev('e2', 'SuccessfulCreate', 'Created', '7qt8n', 660), ev('e3', 'SuccessfulCreate', 'Created', 'vngmf', 660),
    ev('e4', 'SuccessfulDelete', 'Deleted', 'vngmf', 600), ev('e5', 'SuccessfulDelete', 'Deleted', '9vb4p', 599), ev('e6', 'SuccessfulDelete', 'Deleted', '7qt8n', 584),
    ev('e7', 'SuccessfulCreate', 'Created', '2kf7t', 183), ev('e8', 'SuccessfulCreate', 'Created', 'gnkbx', 169), ev('e9', 'SuccessfulCreate', 'Created', 'wbqfh', 153),
  ];
  const pods = [pod('a', 'Running'), pod('b', 'Running'), pod('c', 'Running'), pod('orphan', 'Running', 'someone-else')];

  it('prints what kubectl prints', () => {
    expect(describe(kind('ReplicaSet'), rs, fakeContext(now, [rs, ...pods, ...events]))).toBe(`Name:           app-deployment-7f57cfb4b6
Namespace:      default
Selector:       app=app-pod,pod-template-hash=7f57cfb4b6
Labels:         app=app-pod
                pod-template-hash=7f57cfb4b6
Annotations:    deployment.kubernetes.io/desired-replicas: 3
                deployment.kubernetes.io/max-replicas: 4
                deployment.kubernetes.io/revision: 3
                deployment.kubernetes.io/revision-history: 1
Controlled By:  Deployment/app-deployment
Replicas:       3 current / 3 desired
Pods Status:    3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=app-pod
           pod-template-hash=7f57cfb4b6
  Containers:
   app-container:
    Image:         uopsdod/k8s-hostname-amd64-beta:v1
    Port:          80/TCP
    Host Port:     0/TCP
    Liveness:      http-get http://:80/healthcheck delay=0s timeout=1s period=1s #success=1 #failure=5
    Readiness:     http-get http://:80/healthcheck_dependency delay=0s timeout=1s period=1s #success=5 #failure=7
    Startup:       http-get http://:80/healthcheck delay=0s timeout=1s period=10s #success=1 #failure=30
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:
  Type    Reason            Age    From                   Message
  ----    ------            ----   ----                   -------
  Normal  SuccessfulCreate  11m    replicaset-controller  Created pod: app-deployment-7f57cfb4b6-9vb4p
  Normal  SuccessfulCreate  11m    replicaset-controller  Created pod: app-deployment-7f57cfb4b6-7qt8n
  Normal  SuccessfulCreate  11m    replicaset-controller  Created pod: app-deployment-7f57cfb4b6-vngmf
  Normal  SuccessfulDelete  10m    replicaset-controller  Deleted pod: app-deployment-7f57cfb4b6-vngmf
  Normal  SuccessfulDelete  9m59s  replicaset-controller  Deleted pod: app-deployment-7f57cfb4b6-9vb4p
  Normal  SuccessfulDelete  9m44s  replicaset-controller  Deleted pod: app-deployment-7f57cfb4b6-7qt8n
  Normal  SuccessfulCreate  3m3s   replicaset-controller  Created pod: app-deployment-7f57cfb4b6-2kf7t
  Normal  SuccessfulCreate  2m49s  replicaset-controller  Created pod: app-deployment-7f57cfb4b6-gnkbx
  Normal  SuccessfulCreate  2m33s  replicaset-controller  Created pod: app-deployment-7f57cfb4b6-wbqfh
`);
  });
});

// `kubectl describe node controlplane` in the v1.35 lab above.
suite('describe node', () => {
  const now = Date.parse('2026-06-10T12:34:50Z');
  const created = Date.parse('2026-06-10T12:19:19Z');
  const t = (s: string) => `2026-06-10T${s}Z`;
  const node = asObject<Node>('v1', 'Node', {
    metadata: {
      name: 'controlplane', uid: 'node-uid', creationTimestamp: iso(created),
      labels: {
        'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': 'controlplane',
        'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '',
      },
      annotations: {
        'flannel.alpha.coreos.com/backend-data': '{"VNI":1,"VtepMAC":"de:84:54:e4:27:51"}', 'flannel.alpha.coreos.com/backend-type': 'vxlan',
        'flannel.alpha.coreos.com/kube-subnet-manager': 'true', 'flannel.alpha.coreos.com/public-ip': '10.244.253.170',
        'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: { podCIDR: '172.17.0.0/24', podCIDRs: ['172.17.0.0/24'] },
    status: {
      conditions: [
        { type: 'NetworkUnavailable', status: 'False', lastHeartbeatTime: t('12:19:32'), lastTransitionTime: t('12:19:32'), reason: 'FlannelIsUp', message: 'Flannel is running on this node' },
        { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: t('12:31:05'), lastTransitionTime: t('12:19:18'), reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
        { type: 'DiskPressure', status: 'False', lastHeartbeatTime: t('12:31:05'), lastTransitionTime: t('12:19:18'), reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
        { type: 'PIDPressure', status: 'False', lastHeartbeatTime: t('12:31:05'), lastTransitionTime: t('12:19:18'), reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
        { type: 'Ready', status: 'True', lastHeartbeatTime: t('12:31:05'), lastTransitionTime: t('12:19:30'), reason: 'KubeletReady', message: 'kubelet is posting ready status' },
      ],
      addresses: [{ type: 'InternalIP', address: '10.244.253.170' }, { type: 'Hostname', address: 'controlplane' }],
      capacity: { cpu: '16', 'ephemeral-storage': '457717264Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '64932564Ki', pods: '110' },
      allocatable: { cpu: '16', 'ephemeral-storage': '421832229804', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '64830164Ki', pods: '110' },
      nodeInfo: {
        machineID: '8857e26bcf0549a5b7055ed0c10221b6', systemUUID: 'b4d38b64-bc94-11ee-9542-07fc1165925c', bootID: '5b4fbb4b-882a-4687-a2df-d009bbf8843c',
        kernelVersion: '6.8.0-90-generic', osImage: 'Ubuntu 22.04.5 LTS', operatingSystem: 'linux', architecture: 'amd64',
        containerRuntimeVersion: 'containerd://1.7.22', kubeletVersion: 'v1.35.0', kubeProxyVersion: '',
      },
    },
  });
  const lease = asObject('coordination.k8s.io/v1', 'Lease', {
    metadata: { name: 'controlplane', namespace: 'kube-node-lease' }, spec: { holderIdentity: 'controlplane', leaseDurationSeconds: 40, renewTime: '2026-06-10T12:34:41.123456Z' },
  });
  const pod = (namespace: string, name: string, ageS: number, requests: Record<string, string> = {}, limits: Record<string, string> = {}, phase = 'Running') =>
    asObject<Pod>('v1', 'Pod', {
      metadata: { name, namespace, creationTimestamp: iso(now - ageS * 1000) },
      spec: { nodeName: 'controlplane', containers: [{ name: 'c', resources: { requests, limits } }] },
      status: { phase },
    });
  const pods = [
    pod('kube-system', 'kube-scheduler-controlplane', 900, { cpu: '100m' }),
    pod('default', 'blue-6466bf85df-8kgwv', 118),
    pod('default', 'blue-6466bf85df-f2zzk', 118),
    pod('default', 'blue-6466bf85df-x85mz', 296),
    pod('kube-flannel', 'kube-flannel-ds-g9d9g', 900, { cpu: '100m', memory: '50Mi' }),
    pod('kube-system', 'coredns-6f6c7df987-86j59', 900, { cpu: '100m', memory: '70Mi' }, { memory: '170Mi' }),
    pod('kube-system', 'coredns-6f6c7df987-zsjtz', 900, { cpu: '100m', memory: '70Mi' }, { memory: '170Mi' }),
    pod('kube-system', 'etcd-controlplane', 900, { cpu: '100m', memory: '100Mi' }),
    pod('kube-system', 'kube-apiserver-controlplane', 900, { cpu: '250m' }),
    pod('kube-system', 'kube-controller-manager-controlplane', 900, { cpu: '200m' }),
    pod('kube-system', 'kube-proxy-cfzx6', 900),
    pod('default', 'finished-job-abcde', 900, { cpu: '4' }, {}, 'Succeeded'),
    { ...pod('default', 'elsewhere', 900, { cpu: '4' }), spec: { nodeName: 'node01', containers: [] } } as KubeObject,
  ];
  const events = [event('e1', 'default', { kind: 'Node', name: 'controlplane', uid: 'node-uid' }, 'RegisteredNode',
    'Node controlplane event: Registered Node controlplane in Controller', 'node-controller', iso(now - 900_000))];

  it('prints what kubectl prints', () => {
    expect(describe(kind('Node'), node, fakeContext(now, [node, lease, ...pods, ...events]))).toBe(`Name:               controlplane
Roles:              control-plane
Labels:             beta.kubernetes.io/arch=amd64
                    beta.kubernetes.io/os=linux
                    kubernetes.io/arch=amd64
                    kubernetes.io/hostname=controlplane
                    kubernetes.io/os=linux
                    node-role.kubernetes.io/control-plane=
                    node.kubernetes.io/exclude-from-external-load-balancers=
Annotations:        flannel.alpha.coreos.com/backend-data: {"VNI":1,"VtepMAC":"de:84:54:e4:27:51"}
                    flannel.alpha.coreos.com/backend-type: vxlan
                    flannel.alpha.coreos.com/kube-subnet-manager: true
                    flannel.alpha.coreos.com/public-ip: 10.244.253.170
                    node.alpha.kubernetes.io/ttl: 0
                    volumes.kubernetes.io/controller-managed-attach-detach: true
CreationTimestamp:  Wed, 10 Jun 2026 12:19:19 +0000
Taints:             <none>
Unschedulable:      false
Lease:
  HolderIdentity:  controlplane
  AcquireTime:     <unset>
  RenewTime:       Wed, 10 Jun 2026 12:34:41 +0000
Conditions:
  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----                 ------  -----------------                 ------------------                ------                       -------
  NetworkUnavailable   False   Wed, 10 Jun 2026 12:19:32 +0000   Wed, 10 Jun 2026 12:19:32 +0000   FlannelIsUp                  Flannel is running on this node
  MemoryPressure       False   Wed, 10 Jun 2026 12:31:05 +0000   Wed, 10 Jun 2026 12:19:18 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure         False   Wed, 10 Jun 2026 12:31:05 +0000   Wed, 10 Jun 2026 12:19:18 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure          False   Wed, 10 Jun 2026 12:31:05 +0000   Wed, 10 Jun 2026 12:19:18 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready                True    Wed, 10 Jun 2026 12:31:05 +0000   Wed, 10 Jun 2026 12:19:30 +0000   KubeletReady                 kubelet is posting ready status
Addresses:
  InternalIP:  10.244.253.170
  Hostname:    controlplane
Capacity:
  cpu:                16
  ephemeral-storage:  457717264Ki
  hugepages-1Gi:      0
  hugepages-2Mi:      0
  memory:             64932564Ki
  pods:               110
Allocatable:
  cpu:                16
  ephemeral-storage:  421832229804
  hugepages-1Gi:      0
  hugepages-2Mi:      0
  memory:             64830164Ki
  pods:               110
System Info:
  Machine ID:                 8857e26bcf0549a5b7055ed0c10221b6
  System UUID:                b4d38b64-bc94-11ee-9542-07fc1165925c
  Boot ID:                    5b4fbb4b-882a-4687-a2df-d009bbf8843c
  Kernel Version:             6.8.0-90-generic
  OS Image:                   Ubuntu 22.04.5 LTS
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.22
  Kubelet Version:            v1.35.0
  Kube-Proxy Version:         
PodCIDR:                      172.17.0.0/24
PodCIDRs:                     172.17.0.0/24
Non-terminated Pods:          (11 in total)
  Namespace                   Name                                    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                                    ------------  ----------  ---------------  -------------  ---
  default                     blue-6466bf85df-8kgwv                   0 (0%)        0 (0%)      0 (0%)           0 (0%)         118s
  default                     blue-6466bf85df-f2zzk                   0 (0%)        0 (0%)      0 (0%)           0 (0%)         118s
  default                     blue-6466bf85df-x85mz                   0 (0%)        0 (0%)      0 (0%)           0 (0%)         4m56s
  kube-flannel                kube-flannel-ds-g9d9g                   100m (0%)     0 (0%)      50Mi (0%)        0 (0%)         15m
  kube-system                 coredns-6f6c7df987-86j59                100m (0%)     0 (0%)      70Mi (0%)        170Mi (0%)     15m
  kube-system                 coredns-6f6c7df987-zsjtz                100m (0%)     0 (0%)      70Mi (0%)        170Mi (0%)     15m
  kube-system                 etcd-controlplane                       100m (0%)     0 (0%)      100Mi (0%)       0 (0%)         15m
  kube-system                 kube-apiserver-controlplane             250m (1%)     0 (0%)      0 (0%)           0 (0%)         15m
  kube-system                 kube-controller-manager-controlplane    200m (1%)     0 (0%)      0 (0%)           0 (0%)         15m
  kube-system                 kube-proxy-cfzx6                        0 (0%)        0 (0%)      0 (0%)           0 (0%)         15m
  kube-system                 kube-scheduler-controlplane             100m (0%)     0 (0%)      0 (0%)           0 (0%)         15m
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                950m (5%)   0 (0%)
  memory             290Mi (0%)  340Mi (0%)
  ephemeral-storage  0 (0%)      0 (0%)
  hugepages-1Gi      0 (0%)      0 (0%)
  hugepages-2Mi      0 (0%)      0 (0%)
Events:
  Type    Reason          Age   From             Message
  ----    ------          ----  ----             -------
  Normal  RegisteredNode  15m   node-controller  Node controlplane event: Registered Node controlplane in Controller
`);
  });

  it('shows taints, a missing lease, extended resources and kubelet events named by node name', () => {
    const n = asObject<Node>('v1', 'Node', {
      metadata: { name: 'gpu1', uid: 'gpu-uid', creationTimestamp: iso(created) },
      spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }, { key: 'gpu', value: 'true', effect: 'NoExecute' }] },
      status: { capacity: { cpu: '8', memory: '32Gi', 'nvidia.com/gpu': '2' }, allocatable: { cpu: '8', memory: '32Gi', 'nvidia.com/gpu': '2', pods: '110' } },
    });
    const p = pod('ml', 'train', 60, { cpu: '2', memory: '8Gi', 'nvidia.com/gpu': '1' }, { cpu: '4', memory: '8Gi', 'nvidia.com/gpu': '1' });
    (p.spec as { nodeName: string }).nodeName = 'gpu1';
    const ev = event('k1', 'default', { kind: 'Node', name: 'gpu1', uid: 'gpu1' }, 'NodeNotSchedulable', 'Node gpu1 status is now: NodeNotSchedulable', 'kubelet', iso(now - 137_000));
    const out = describe(kind('Node'), n, fakeContext(now, [n, p, ev]));
    expect(out).toContain('Taints:             gpu=true:NoExecute\n                    node.kubernetes.io/unschedulable:NoSchedule\nUnschedulable:      true\n');
    expect(out).toContain('Lease:              Failed to get lease: leases.coordination.k8s.io "gpu1" not found\n');
    expect(out).toContain(`Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                2 (25%)    4 (50%)
  memory             8Gi (25%)  8Gi (25%)
  ephemeral-storage  0 (0%)     0 (0%)
  nvidia.com/gpu     1          1
Events:
  Type    Reason              Age    From     Message
  ----    ------              ----   ----     -------
  Normal  NodeNotSchedulable  2m17s  kubelet  Node gpu1 status is now: NodeNotSchedulable
`);
  });
});

suite('describe other kinds', () => {
  const now = Date.parse('2025-05-05T05:05:05Z');
  it('describes a ConfigMap', () => {
    const cm = asObject('v1', 'ConfigMap', { metadata: { name: 'game-demo', namespace: 'default' }, data: { player_initial_lives: '3', 'ui.properties': 'color.good=purple\ncolor.bad=yellow' } });
    expect(describe(kind('ConfigMap'), cm, fakeContext(now, [cm]))).toBe(`Name:         game-demo
Namespace:    default
Labels:       <none>
Annotations:  <none>

Data
====
player_initial_lives:
----
3

ui.properties:
----
color.good=purple
color.bad=yellow


BinaryData
====

Events:  <none>
`);
  });

  it('describes a Namespace', () => {
    const ns = asObject('v1', 'Namespace', { metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } }, status: { phase: 'Active' } });
    expect(describe(kind('Namespace'), ns, fakeContext(now, [ns]))).toBe(`Name:         default
Labels:       kubernetes.io/metadata.name=default
Annotations:  <none>
Status:       Active

No resource quota.

No LimitRange resource.
`);
  });

  it('describes a Lease with the generic describer', () => {
    const lease = asObject('coordination.k8s.io/v1', 'Lease', {
      metadata: {
        name: 'node01', namespace: 'kube-node-lease', uid: 'l-uid', resourceVersion: '1234', creationTimestamp: '2025-05-05T04:00:00Z',
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node01', uid: 'n-uid' }],
      },
      spec: { holderIdentity: 'node01', leaseDurationSeconds: 40, renewTime: '2025-05-05T05:05:00.000000Z' },
    });
    expect(describe(kind('Lease'), lease, fakeContext(now, [lease]))).toBe(`Name:         node01
Namespace:    kube-node-lease
Labels:       <none>
Annotations:  <none>
API Version:  coordination.k8s.io/v1
Kind:         Lease
Metadata:
  Creation Timestamp:  2025-05-05T04:00:00Z
  Owner References:
    API Version:     v1
    Kind:            Node
    Name:            node01
    UID:             n-uid
  Resource Version:  1234
  UID:               l-uid
Spec:
  Holder Identity:         node01
  Lease Duration Seconds:  40
  Renew Time:              2025-05-05T05:05:00.000000Z
Events:                    <none>
`);
  });
});
