// Containers whose script waits on the network (`until nslookup myservice…; do …; sleep 2; done`): the runtime
// checks the condition against the cluster's DNS and data plane each round, as the docs' init container example
// needs (Init:0/2 until myservice exists, Init:1/2 until mydb does, then Running).
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import type { KubesimCluster } from '../../index.ts';

// The example of kubernetes.io's Init Containers page.
const MYAPP = `apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
`;
const service = (name: string, port: number) => `apiVersion: v1
kind: Service
metadata: {name: ${name}}
spec:
  ports: [{protocol: TCP, port: 80, targetPort: ${port}}]
`;

const status = (c: KubesimCluster, name: string) => mustExec(c, `kubectl get pod ${name} --no-headers`).split(/\s+/)[2];

describe('scripts that wait on the network', () => {
  it('runs the docs\' init container example: each init container waits for its Service', () => {
    const c = clusterWithNodes(1);
    c.advance(10);
    mustExec(c, 'kubectl apply -f -', MYAPP);
    c.advance(30);
    expect(status(c, 'myapp-pod')).toBe('Init:0/2');
    const waiting = mustExec(c, 'kubectl logs myapp-pod -c init-myservice');
    expect(waiting).toContain('waiting for myservice\n');
    expect(waiting).toContain("** server can't find myservice.default.svc.cluster.local: NXDOMAIN");

    mustExec(c, 'kubectl apply -f -', service('myservice', 9376));
    c.advance(10);
    expect(status(c, 'myapp-pod')).toBe('Init:1/2');
    expect(mustExec(c, 'kubectl logs myapp-pod -c init-myservice')).toMatch(/Name:\s+myservice\.default\.svc\.cluster\.local\nAddress: 10\.\d+\.\d+\.\d+\n*$/);

    mustExec(c, 'kubectl apply -f -', service('mydb', 9377));
    c.advance(10);
    expect(status(c, 'myapp-pod')).toBe('Running');
    expect(mustExec(c, 'kubectl logs myapp-pod')).toBe('The app is running!\n');
  });

  it('waits with wget until the Service answers, and reports a tool the image lacks', () => {
    const c = clusterWithNodes(1);
    c.advance(10);
    mustExec(c, 'kubectl run client --image=busybox:1.36 --restart=Never -- sh -c "until wget -q -T 1 -O- http://web; do sleep 5; done; echo web is up"');
    mustExec(c, 'kubectl run plain --image=nginx:1.27 --command -- sh -c "until nslookup web; do sleep 5; done; echo found"');
    c.advance(20);
    expect(mustExec(c, 'kubectl logs client')).not.toContain('web is up');
    expect(mustExec(c, 'kubectl logs plain')).toContain('sh: nslookup: not found');

    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    mustExec(c, 'kubectl expose deployment web --port=80');
    c.advance(30);
    expect(mustExec(c, 'kubectl logs client')).toContain('web is up');
    expect((c.list('Pod').find((p) => p.metadata.name === 'client') as unknown as Pod).status?.phase).toBe('Succeeded');
    // nginx's image has no nslookup: it waits for good.
    expect(mustExec(c, 'kubectl logs plain')).not.toMatch(/^found$/m);
  });

  it('waits in a loop inside for and if as at the top level: each Service in turn, then the rest', () => {
    const c = clusterWithNodes(1);
    c.advance(10);
    mustExec(c, "kubectl run each --image=busybox:1.36 --restart=Never -- sh -c 'for s in alpha beta; do until nslookup $s; do echo waiting for $s; sleep 2; done; echo found $s; done; echo all found'");
    mustExec(c, 'kubectl run branch --image=busybox:1.36 --restart=Never -- sh -c "if true; then until nslookup beta; do sleep 2; done; echo beta in branch; fi; echo after"');
    c.advance(20);
    const each = () => mustExec(c, 'kubectl logs each');
    expect(each()).toContain('waiting for alpha\n');
    expect(each()).not.toContain('found alpha');
    expect(mustExec(c, 'kubectl logs branch')).not.toContain('after');

    mustExec(c, 'kubectl apply -f -', service('alpha', 9376));
    c.advance(10);
    expect(each()).toContain('found alpha\n');
    expect(each()).toContain('waiting for beta\n');
    expect(each()).not.toContain('all found');

    mustExec(c, 'kubectl apply -f -', service('beta', 9377));
    c.advance(10);
    expect(each()).toMatch(/found beta\nall found\n$/);
    expect(mustExec(c, 'kubectl logs branch')).toMatch(/beta in branch\nafter\n$/);
    const phase = (name: string) => (c.list('Pod').find((p) => p.metadata.name === name) as unknown as Pod).status?.phase;
    expect([phase('each'), phase('branch')]).toEqual(['Succeeded', 'Succeeded']);
  });

  it('runs a lone wget against the Service: fails before it has endpoints, succeeds after (helm test\'s test-connection)', () => {
    const c = clusterWithNodes(1);
    c.advance(10);
    mustExec(c, 'kubectl create service clusterip web --tcp=80:80');
    mustExec(c, 'kubectl run early --image=busybox:1.36 --restart=Never -- wget web:80');
    c.advance(10);
    const phase = (name: string) => (c.list('Pod').find((p) => p.metadata.name === name) as unknown as Pod).status?.phase;
    expect(phase('early')).toBe('Failed');
    expect(mustExec(c, 'kubectl logs early')).toContain('wget: can\'t connect to remote host');

    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(30);
    mustExec(c, 'kubectl run late --image=busybox:1.36 --restart=Never -- wget web:80');
    c.advance(10);
    expect(phase('late')).toBe('Succeeded');
    expect(mustExec(c, 'kubectl logs late')).toContain('Connecting to web:80');
  });
});
