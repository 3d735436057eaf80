// Through the whole cluster: kubectl exec reads what the kubelet mounted, sees ConfigMap edits after the pod's
// periodic sync (never through a subPath), and a pod whose required ConfigMap is missing never starts.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

async function cluster(yaml: string) {
  const c = createCluster({ seed: 7 });
  await c.exec('sim node add w1 --cpu 4 --memory 8Gi');
  await c.advance(5);
  const r = await c.exec('kubectl apply -f -', yaml);
  expect(r.stderr).toBe('');
  await c.advance(20);
  const sh = async (cmd: string) => c.exec(`kubectl exec web -- ${cmd}`);
  return { c, sh };
}

const POD = `apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers:
  - name: web
    image: busybox
    command: [sh, -c, 'echo started > /cache/state; sleep infinity']
    volumeMounts:
    - {name: cfg, mountPath: /etc/config}
    - {name: opt, mountPath: /etc/optional}
    - {name: picked, mountPath: /etc/picked}
    - {name: cfg, mountPath: /etc/mode.conf, subPath: mode}
    - {name: cache, mountPath: /cache}
  - name: reader
    image: debian
    command: [sleep, infinity]
    volumeMounts:
    - {name: cache, mountPath: /shared, readOnly: true}
  volumes:
  - {name: cfg, configMap: {name: app}}
  - {name: opt, configMap: {name: absent, optional: true}}
  - {name: picked, configMap: {name: app, items: [{key: mode, path: conf/mode.txt, mode: 256}]}}
  - {name: cache, emptyDir: {}}
`;
const CM = `apiVersion: v1
kind: ConfigMap
metadata: {name: app}
data: {mode: prod, color: blue}
---
`;

describe('kubectl exec and the kubelet\'s files', () => {
  it('mounts, items paths and modes, optional and shared volumes', async () => {
    const { c, sh } = await cluster(CM + POD);
    expect((await sh('cat /etc/config/mode')).stdout).toBe('prod\n');
    expect((await sh('ls /etc/config')).stdout).toBe('color\nmode\n');
    expect((await sh('ls /etc/optional')).stdout).toBe('');
    expect((await sh('ls /etc/picked')).stdout).toBe('conf\n');
    expect((await sh('ls -l /etc/picked/conf/mode.txt')).stdout).toMatch(/^-r-------- +1 root +root +4 \w{3} +\d+ \d\d:\d\d \/etc\/picked\/conf\/mode.txt\n$/);
    expect((await sh('cat /cache/state')).stdout).toBe('started\n');
    const other = await c.exec('kubectl exec web -c reader -- sh -c "cat /shared/state; echo x > /shared/y"');
    expect(other).toMatchObject({ code: 2, stdout: 'started\n', stderr: 'sh: 1: cannot create /shared/y: Read-only file system\ncommand terminated with exit code 2\n' });
    expect((await sh('cat /var/run/secrets/kubernetes.io/serviceaccount/namespace')).stdout).toBe('default\n');
    expect((await sh('cat /var/run/secrets/kubernetes.io/serviceaccount/token')).stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect((await sh('cat /etc/resolv.conf')).stdout).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('an edited ConfigMap shows after the pod\'s next sync, never through a subPath', async () => {
    const { c, sh } = await cluster(CM + POD);
    expect((await sh('cat /etc/config/mode')).stdout).toBe('prod\n');
    await c.exec(`kubectl patch configmap app -p '{"data":{"mode":"dev"}}'`);
    expect((await sh('cat /etc/config/mode')).stdout).toBe('prod\n');
    await c.advance(90);
    expect((await sh('cat /etc/config/mode')).stdout).toBe('dev\n');
    expect((await sh('cat /etc/picked/conf/mode.txt')).stdout).toBe('dev\n');
    expect((await sh('cat /etc/mode.conf')).stdout).toBe('prod\n');
  });

  it('files kubectl exec writes are there for the next exec: in the container\'s own layer and in the emptyDir', async () => {
    const { sh } = await cluster(CM + POD);
    await sh('sh -c "echo note > /tmp/note; echo more >> /cache/state"');
    expect((await sh('cat /tmp/note')).stdout).toBe('note\n');
    expect((await sh('cat /cache/state')).stdout).toBe('started\nmore\n');
    expect((await sh('sh -c "rm /tmp/note; cat /tmp/note"')).stderr).toContain("cat: can't open '/tmp/note': No such file or directory\ncommand terminated with exit code 1\n");
  });

  it('a pod whose required ConfigMap is missing stays in ContainerCreating', async () => {
    const { c } = await cluster(POD);
    expect((await c.exec('kubectl get pod web --no-headers')).stdout).toMatch(/^web\s+0\/2\s+ContainerCreating/);
  });
});

describe('DNSConfigForming', () => {
  it('the kubelet warns when a pod\'s dnsConfig passes the nameserver limit', async () => {
    const { c } = await cluster(`apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  dnsConfig: {nameservers: [1.1.1.1, 8.8.8.8, 9.9.9.9]}
  containers: [{name: web, image: busybox, command: [sleep, infinity]}]
`);
    expect((await c.exec('kubectl get events --field-selector reason=DNSConfigForming -o jsonpath={.items[*].message}')).stdout.trim())
      .toBe('Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.96.0.10 1.1.1.1 8.8.8.8');
    expect((await c.exec('kubectl exec web -- cat /etc/resolv.conf')).stdout).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\nnameserver 1.1.1.1\nnameserver 8.8.8.8\noptions ndots:5\n');
  });
});
