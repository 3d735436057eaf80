// Headless scenarios of the pod network: a cluster without a CNI and its repair, pod addresses, the CNI's
// failures as the kubelet reports them, and the CNI state across a snapshot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCidr } from '../api/cidr.ts';
import { createCluster, type KubesimCluster } from '../index.ts';
import { deploymentYaml, mustExec } from '../testing/fixtures.ts';

interface PodView { metadata: { name: string; namespace: string; uid: string }; spec: { nodeName?: string; hostNetwork?: boolean }; status: { phase?: string; podIP?: string; hostIP?: string; containerStatuses?: { state?: { waiting?: { reason?: string } } }[] } }
interface NodeView { metadata: { name: string }; spec: { podCIDR?: string; taints?: { key: string; effect: string }[] }; status: { conditions: { type: string; status: string; reason?: string; message?: string }[] } }

const NOT_READY = 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';
const podsOf = (c: KubesimCluster, ns?: string) => (c.list('Pod') as unknown as PodView[]).filter((p) => !ns || p.metadata.namespace === ns);
const node = (c: KubesimCluster, name: string) => (c.list('Node') as unknown as NodeView[]).find((n) => n.metadata.name === name)!;
const ready = (c: KubesimCluster, name: string) => node(c, name).status.conditions.find((x) => x.type === 'Ready')!;
const events = (c: KubesimCluster, reason: string) => (c.list('Event') as unknown as { reason: string; message: string; involvedObject: { name: string } }[]).filter((e) => e.reason === reason);

function inCidr(ip: string, cidr: string): boolean {
  const c = parseCidr(cidr);
  const a = parseCidr(`${ip}/32`).base;
  return a >= c.base && a < c.base + 2 ** (32 - c.prefix);
}

describe('a cluster without a pod network', () => {
  it('has NotReady nodes, Pending pods and CoreDNS; installing flannel makes everything converge', () => {
    const c = createCluster({ seed: 3, cni: 'none' });
    mustExec(c, 'sim node add w1');
    mustExec(c, 'sim node add w2');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    for (const n of ['w1', 'w2']) {
      expect(ready(c, n)).toMatchObject({ status: 'False', reason: 'KubeletNotReady', message: NOT_READY });
      expect(node(c, n).spec.taints).toContainEqual(expect.objectContaining({ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }));
    }
    expect(mustExec(c, 'kubectl get nodes')).toMatch(/w1\s+NotReady/);
    expect(podsOf(c, 'default').map((p) => p.status.phase)).toEqual(['Pending', 'Pending', 'Pending']);
    expect(podsOf(c, 'kube-system').filter((p) => p.metadata.name.startsWith('coredns')).every((p) => p.status.phase === 'Pending')).toBe(true);
    expect(events(c, 'FailedScheduling')[0].message).toContain('node(s) had untolerated taint {node.kubernetes.io/not-ready: }');
    const status = mustExec(c, 'sim cni status');
    expect(status).toContain('cluster CIDR: 10.244.0.0/16 (--node-cidr-mask-size=24): 2 of 256 node ranges allocated');
    expect(status).toContain('w1     false           10.244.0.0/24   <none>       <none>   no              0         Network plugin returns error: cni plugin not initialized');

    expect(mustExec(c, 'sim cni install flannel')).toBe('namespace/kube-flannel created\nserviceaccount/flannel created\nconfigmap/kube-flannel-cfg created\ndaemonset.apps/kube-flannel-ds created\n');
    c.advance(30);
    for (const n of ['w1', 'w2']) {
      expect(ready(c, n)).toMatchObject({ status: 'True', reason: 'KubeletReady' });
      expect(node(c, n).spec.taints ?? []).toEqual([]);
    }
    const all = podsOf(c);
    expect(all.filter((p) => p.status.phase !== 'Running').map((p) => p.metadata.name)).toEqual([]);
    for (const p of all.filter((x) => !x.spec.hostNetwork)) expect(inCidr(p.status.podIP!, node(c, p.spec.nodeName!).spec.podCIDR!)).toBe(true);
    expect(events(c, 'NodeReady').map((e) => e.involvedObject.name).sort()).toEqual(['w1', 'w2']);
  }, 30_000);

  it('a pod that reaches a node without a network waits in ContainerCreating with NetworkNotReady; host-network pods run', () => {
    const c = createCluster({ seed: 4, cni: 'none' });
    mustExec(c, 'sim node add w1');
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  nodeName: w1
  containers: [{name: app, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: host}
spec:
  nodeName: w1
  hostNetwork: true
  containers: [{name: app, image: nginx:1.27}]
`);
    c.advance(20);
    const pinned = podsOf(c, 'default').find((p) => p.metadata.name === 'pinned')!;
    expect(pinned.status.phase).toBe('Pending');
    expect(pinned.status.containerStatuses?.[0].state?.waiting?.reason).toBe('ContainerCreating');
    expect(pinned.status.podIP).toBeUndefined();
    expect(events(c, 'NetworkNotReady')[0].message).toBe(`network is not ready: ${NOT_READY}`);
    const host = podsOf(c, 'default').find((p) => p.metadata.name === 'host')!;
    expect(host.status.phase).toBe('Running');
    expect(host.status.podIP).toBe(host.status.hostIP);
    mustExec(c, 'sim cni install');
    c.advance(10);
    const after = podsOf(c, 'default').find((p) => p.metadata.name === 'pinned')!;
    expect(after.status.phase).toBe('Running');
    expect(inCidr(after.status.podIP!, node(c, 'w1').spec.podCIDR!)).toBe(true);
  }, 30_000);

  it('sim cni uninstall takes the network away: nodes go NotReady, running pods keep their addresses', () => {
    const c = createCluster({ seed: 5 });
    mustExec(c, 'sim node add w1');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(20);
    const before = podsOf(c, 'default').map((p) => p.status.podIP);
    expect(mustExec(c, 'sim cni uninstall')).toContain('daemonset.apps "kube-flannel-ds" deleted\n');
    c.advance(5);
    expect(ready(c, 'w1')).toMatchObject({ status: 'False', message: NOT_READY });
    expect(events(c, 'NodeNotReady').length).toBeGreaterThan(0);
    expect(podsOf(c, 'default').map((p) => p.status.podIP)).toEqual(before);
    expect(c.exec('sim cni install weave')).toMatchObject({ code: 1, stderr: 'error: unknown pod network "weave": expected flannel or calico\n' });
    mustExec(c, 'sim cni install calico');
    expect(c.exec('sim cni install flannel')).toMatchObject({ code: 1, stderr: 'error: a pod network is already installed (calico); run "sim cni uninstall" first\n' });
  }, 30_000);
});

describe('pod addresses', () => {
  it('exhausting the node range fails the sandbox with the plugin error, until a pod goes', () => {
    const c = createCluster({ seed: 6, nodeCIDRMaskSize: 28 });
    mustExec(c, 'sim node add w1 --cpu 64 --memory 256Gi');
    c.advance(5);
    // A /28 has 13 addresses for pods (.2 to .14); CoreDNS takes two.
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 13, { cpu: '10m', memory: '10Mi' }));
    c.advance(30);
    const web = podsOf(c, 'default');
    expect(web.filter((p) => p.status.phase === 'Running')).toHaveLength(11);
    const failed = events(c, 'FailedCreatePodSandBox');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].message).toMatch(/^Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="flannel" failed \(add\): failed to delegate add: failed to allocate for range 0: no IP addresses available in range set: 10\.244\.0\.1-10\.244\.0\.14$/);
    mustExec(c, 'kubectl scale deployment web --replicas 10');
    c.advance(30);
    expect(podsOf(c, 'default').filter((p) => p.status.phase === 'Running')).toHaveLength(10);
  }, 30_000);

  it('property: pod IPs are unique, inside their node podCIDR, and never reused while their pod exists', () => {
    const step = fc.record({ replicas: fc.integer({ min: 0, max: 12 }), seconds: fc.integer({ min: 1, max: 20 }), kill: fc.boolean() });
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), (steps, seed) => {
      const c = createCluster({ seed });
      mustExec(c, 'sim node add w1');
      mustExec(c, 'sim node add w2');
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 4, { cpu: '10m', memory: '10Mi' }));
      const owner = new Map<string, string>(); // IP → uid of the pod that had it while alive
      for (const s of steps) {
        mustExec(c, `kubectl scale deployment web --replicas ${s.replicas}`);
        if (s.kill) { const p = podsOf(c, 'default')[0]; if (p) c.exec(`kubectl delete pod ${p.metadata.name}`); }
        c.advance(s.seconds);
        const live = podsOf(c).filter((p) => p.status.podIP && !p.spec.hostNetwork);
        const ips = live.map((p) => `${p.spec.nodeName}/${p.status.podIP}`);
        expect(new Set(live.map((p) => p.status.podIP)).size).toBe(live.length);
        expect(new Set(ips).size).toBe(ips.length);
        for (const p of live) {
          expect(inCidr(p.status.podIP!, node(c, p.spec.nodeName!).spec.podCIDR!)).toBe(true);
          const prev = owner.get(p.status.podIP!);
          const prevAlive = prev !== undefined && prev !== p.metadata.uid && live.some((x) => x.metadata.uid === prev);
          expect(prevAlive).toBe(false);
          owner.set(p.status.podIP!, p.metadata.uid);
        }
      }
    }), { numRuns: 8 });
  }, 120_000);
});

describe('node podCIDRs', () => {
  it('are released with the node: a full cluster CIDR has room again once a node is deleted', () => {
    const c = createCluster({ seed: 9, clusterCIDR: '10.244.0.0/22' });
    for (const n of ['w1', 'w2', 'w3', 'w4', 'w5']) mustExec(c, `sim node add ${n}`);
    c.advance(5);
    expect(['w1', 'w2', 'w3', 'w4', 'w5'].map((n) => node(c, n).spec.podCIDR)).toEqual(['10.244.0.0/24', '10.244.1.0/24', '10.244.2.0/24', '10.244.3.0/24', undefined]);
    expect(events(c, 'CIDRNotAvailable').map((e) => e.involvedObject.name)).toEqual(['w5']);
    mustExec(c, 'sim node delete w2');
    mustExec(c, 'sim node add w6');
    c.advance(5);
    expect(node(c, 'w6').spec.podCIDR).toBe('10.244.1.0/24');
    expect(ready(c, 'w6').status).toBe('True');
  }, 30_000);
});

describe('the CNI state across a snapshot', () => {
  it('keeps each node configuration and the addresses in use', () => {
    const c = createCluster({ seed: 7 });
    mustExec(c, 'sim node add w1');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3, { cpu: '10m', memory: '10Mi' }));
    c.advance(20);
    const status = mustExec(c, 'sim cni status');
    const r = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    expect(mustExec(r, 'sim cni status')).toBe(status);
    expect(ready(r, 'w1').status).toBe('True');
    const before = new Set(podsOf(r).map((p) => p.status.podIP));
    mustExec(r, 'kubectl scale deployment web --replicas 6');
    r.advance(20);
    const added = podsOf(r, 'default').filter((p) => !before.has(p.status.podIP));
    expect(added).toHaveLength(3);
    expect(new Set(podsOf(r).filter((p) => !p.spec.hostNetwork).map((p) => p.status.podIP)).size).toBe(podsOf(r).filter((p) => !p.spec.hostNetwork).length);
  }, 30_000);

  it('calico is the network that enforces NetworkPolicy', () => {
    const c = createCluster({ seed: 8, cni: 'calico' });
    mustExec(c, 'sim node add w1');
    c.advance(15);
    expect(ready(c, 'w1').status).toBe('True');
    expect(mustExec(c, 'sim cni status')).toMatch(/w1\s+true\s+10\.244\.0\.0\/24\s+10-calico\.conflist\s+calico\s+yes/);
  }, 30_000);
});
