import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { toJson, toList, toName, toYaml } from './format.ts';
import { yamlKeyLess } from './keyorder.ts';
import { yamlNeedsDoubleQuotes } from './yamlscalar.ts';

const lastApplied = '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"webserver"},"name":"webserver","namespace":"default"},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"webserver"}},"strategy":{},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"webserver"}},"spec":{"containers":[{"image":"nginx:1.7.9","name":"nginx","resources":{}}]}}}}\n';

// Keys in manifest order, as a store would hold them; kubectl prints them sorted.
const webserver: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'webserver', namespace: 'default', uid: '6034b236-d394-47d9-922a-53f0fa459552', resourceVersion: '29339', generation: 1,
    creationTimestamp: '2022-12-21T06:26:32Z', labels: { app: 'webserver' },
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied, 'deployment.kubernetes.io/revision': '1' },
  },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'webserver' } },
    template: {
      metadata: { labels: { app: 'webserver' }, creationTimestamp: null },
      spec: {
        containers: [{ name: 'nginx', image: 'nginx:1.7.9', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' }],
        restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst', securityContext: {}, schedulerName: 'default-scheduler',
      },
    },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  },
  status: {
    observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1,
    conditions: [
      { type: 'Available', status: 'True', lastUpdateTime: '2022-12-21T06:26:56Z', lastTransitionTime: '2022-12-21T06:26:56Z', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' },
      { type: 'Progressing', status: 'True', lastUpdateTime: '2022-12-21T06:26:56Z', lastTransitionTime: '2022-12-21T06:26:32Z', reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "webserver-6b7c64974d" has successfully progressed.' },
    ],
  },
};

describe('toYaml', () => {
  // Real `kubectl get deployment -o yaml` output (the List's selfLink line dropped, as kubectl ≥1.20 does).
  it('prints a List like kubectl get -o yaml', () => {
    expect(toYaml(toList([webserver]))).toBe(`apiVersion: v1
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    annotations:
      deployment.kubernetes.io/revision: "1"
      kubectl.kubernetes.io/last-applied-configuration: |
        ${lastApplied.trimEnd()}
    creationTimestamp: "2022-12-21T06:26:32Z"
    generation: 1
    labels:
      app: webserver
    name: webserver
    namespace: default
    resourceVersion: "29339"
    uid: 6034b236-d394-47d9-922a-53f0fa459552
  spec:
    progressDeadlineSeconds: 600
    replicas: 1
    revisionHistoryLimit: 10
    selector:
      matchLabels:
        app: webserver
    strategy:
      rollingUpdate:
        maxSurge: 25%
        maxUnavailable: 25%
      type: RollingUpdate
    template:
      metadata:
        creationTimestamp: null
        labels:
          app: webserver
      spec:
        containers:
        - image: nginx:1.7.9
          imagePullPolicy: IfNotPresent
          name: nginx
          resources: {}
          terminationMessagePath: /dev/termination-log
          terminationMessagePolicy: File
        dnsPolicy: ClusterFirst
        restartPolicy: Always
        schedulerName: default-scheduler
        securityContext: {}
        terminationGracePeriodSeconds: 30
  status:
    availableReplicas: 1
    conditions:
    - lastTransitionTime: "2022-12-21T06:26:56Z"
      lastUpdateTime: "2022-12-21T06:26:56Z"
      message: Deployment has minimum availability.
      reason: MinimumReplicasAvailable
      status: "True"
      type: Available
    - lastTransitionTime: "2022-12-21T06:26:32Z"
      lastUpdateTime: "2022-12-21T06:26:56Z"
      message: ReplicaSet "webserver-6b7c64974d" has successfully progressed.
      reason: NewReplicaSetAvailable
      status: "True"
      type: Progressing
    observedGeneration: 1
    readyReplicas: 1
    replicas: 1
    updatedReplicas: 1
kind: List
metadata:
  resourceVersion: ""
`);
  });

  it('can keep the object own key order, dropping undefined members like JSON', () => {
    expect(toYaml({ kind: 'Pod', apiVersion: 'v1', spec: undefined }, { sortKeys: false })).toBe('kind: Pod\napiVersion: v1\n');
  });

  it('folds and unescapes scalars after a literal block, at the block owner column', () => {
    const long = 'word '.repeat(20).trim();
    expect(toYaml({ items: [{ a: 'x\ny', b: long }] })).toBe(
      'items:\n- a: |-\n    x\n    y\n' +
      `  b: ${'word '.repeat(15).trim()} word\n    ${'word '.repeat(4).trim()}\n`);
  });

  it('quotes like go-yaml v2: double for other types, single when plain is impossible', () => {
    expect(toYaml({
      a: 'yes', b: 'on', c: '0755', d: '1e3', e: '12:30', f: '', g: '~', h: 'null', i: '0x1F',
      j: 'containers with unready status: [nginx]', k: '*', l: '- item', m: 'plain text', n: 'line1\nline2', o: 'x\n',
      p: 500, q: 0.5, r: true, s: null, t: [], u: {}, v: '500m', w: 'nginx:1.25', x: 'N',
    })).toBe(
      'a: "yes"\nb: "on"\nc: "0755"\nd: "1e3"\ne: "12:30"\nf: ""\ng: "~"\nh: "null"\ni: "0x1F"\n' +
      "j: 'containers with unready status: [nginx]'\nk: '*'\nl: '- item'\nm: plain text\n\"n\": |-\n  line1\n  line2\no: |\n  x\n" +
      'p: 500\nq: 0.5\nr: true\ns: null\nt: []\nu: {}\nv: 500m\nw: nginx:1.25\nx: "N"\n');
  });

  // Real `kubectl get pod -o yaml` of unschedulable pods: the line breaks at the first space past column 80,
  // the continuation is indented two past the key.
  it('folds long strings like libyaml', () => {
    const message = '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.';
    expect(toYaml({ status: { conditions: [{ lastProbeTime: null, message, reason: 'Unschedulable', status: 'False', type: 'PodScheduled' }], phase: 'Pending' } })).toBe(
      'status:\n' +
      '  conditions:\n' +
      '  - lastProbeTime: null\n' +
      "    message: '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are\n" +
      "      available: 1 No preemption victims found for incoming pod.'\n" +
      '    reason: Unschedulable\n' +
      '    status: "False"\n' +
      '    type: PodScheduled\n' +
      '  phase: Pending\n');
    const memory = '0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. preemption: 0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory..';
    expect(toYaml({ status: { conditions: [{ lastProbeTime: null, message: memory, reason: 'Unschedulable' }] } })).toBe(
      'status:\n' +
      '  conditions:\n' +
      '  - lastProbeTime: null\n' +
      "    message: '0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory.\n" +
      "      preemption: 0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory..'\n" +
      '    reason: Unschedulable\n');
    // Each line takes words until it is past column 80: 16 four-letter words after "- " or an indent of 2.
    const long = 'word '.repeat(40).trim();
    const w16 = 'word '.repeat(16).trim();
    expect(toYaml({ args: [long], note: long })).toBe(
      `args:\n- ${w16}\n  ${w16}\n  ${'word '.repeat(8).trim()}\n` +
      `note: ${w16}\n  ${w16}\n  ${'word '.repeat(8).trim()}\n`);
  });

  it('double-quotes strings with control characters or spaces before a line break', () => {
    expect(toYaml({ a: 'tab\there', b: 'trailing \nspace' })).toBe('a: "tab\\there"\nb: "trailing \\nspace"\n');
  });
});

describe('yaml helpers', () => {
  it('sorts keys in go-yaml order: numbers by value, non-letters first, prefixes first', () => {
    const keys = ['b', 'a10', 'a2', 'app.kubernetes.io/name', 'app', 'App', 'a-b'];
    expect([...keys].sort(yamlKeyLess)).toEqual(['App', 'a-b', 'a2', 'a10', 'app', 'app.kubernetes.io/name', 'b']);
  });
  it.each([
    ['True', true], ['y', true], ['Off', true], ['42', true], ['-1.5', true], ['.inf', true], ['2024-01-02', true],
    ['2024-01-02T03:04:05Z', true], ['1_000', true], ['0b101', true], ['<<', true], ['',  true],
    ['web', false], ['10.0.0.1', false], ['1Gi', false], ['v1.35.0', false], ['25%', false], ['ab12', false],
  ])('%j needs double quotes: %s', (s, want) => {
    expect(yamlNeedsDoubleQuotes(s)).toBe(want);
  });
});

describe('toJson', () => {
  it('indents by 4, sorts keys and escapes HTML characters like encoding/json', () => {
    const cm: KubeObject = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'cfg', namespace: 'default' }, data: { 'page.html': '<b>a & b</b>' }, binaryData: {} };
    expect(toJson(cm)).toBe(`{
    "apiVersion": "v1",
    "binaryData": {},
    "data": {
        "page.html": "\\u003cb\\u003ea \\u0026 b\\u003c/b\\u003e"
    },
    "kind": "ConfigMap",
    "metadata": {
        "name": "cfg",
        "namespace": "default"
    }
}
`);
  });

  it('wraps several objects in a List', () => {
    expect(toJson(toList([]))).toBe('{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
  });
});

describe('toName', () => {
  const kinds = new KindRegistry();
  it.each([
    ['Deployment', 'web', 'deployment.apps/web'],
    ['Pod', 'web-1', 'pod/web-1'],
    ['Lease', 'node01', 'lease.coordination.k8s.io/node01'],
    ['Node', 'w1', 'node/w1'],
  ])('%s %s is %s', (k, name, want) => {
    const info = kinds.byKindName(k);
    if (!info) throw new Error(k);
    expect(toName(info, { apiVersion: 'v1', kind: k, metadata: { name } })).toBe(want);
  });
});
