import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster.ts';
import { clusterWithNodes, inDefault, mustExec } from '../testing/fixtures.ts';

const podYaml = (name: string, node: string, restartPolicy = 'Always') => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: ${node}
  restartPolicy: ${restartPolicy}
  containers:
  - name: app
    image: nginx:1.27
`;
const pod = (c: ReturnType<typeof clusterWithNodes>, name: string) => (inDefault(c, 'Pod') as Pod[]).find((p) => p.metadata?.name === name);
/** The test's pods whose containers a machine runs (not the system addons: flannel, kube-proxy, CoreDNS). */
const testPodsOnMachine = (c: ReturnType<typeof clusterWithNodes>, node: string) => (c as unknown as Cluster).nodes.machinePods(node).filter((n) => !/^(?:kube-flannel-ds|kube-proxy|coredns)-/.test(n));
const metricsPods = (c: ReturnType<typeof clusterWithNodes>) => (c as unknown as Cluster).nodes.podMetrics().filter((p) => p.namespace === 'default').map((p) => p.name).sort();

describe('sim node stop|start|delete', () => {
  it('answers usage and state errors, and shows the state in sim node list', () => {
    const c = clusterWithNodes(2);
    expect(c.exec('sim node stop').stderr).toBe('error: usage: sim node stop NAME\n');
    expect(c.exec('sim node stop w9').stderr).toBe('error: node "w9" not found\n');
    expect(c.exec('sim node start w1').stderr).toBe('error: node "w1" is not stopped\n');
    mustExec(c, 'sim node stop w1');
    expect(c.exec('sim node stop w1').stderr).toBe('error: node "w1" is already stopped\n');
    expect(mustExec(c, 'sim node list')).toMatch(/^NAME\s+STATE\s+CPU.*\nw1\s+Stopped\s+4\s.*\nw2\s+Running\s+4\s/);
    expect(c.exec('sim node frobnicate w1').stderr).toContain('expected add, list, stop, start or delete');
  });

  it('a stopped node reports nothing: its containers keep running and restarting, its status catches up on start', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', podYaml('p', 'w1'));
    c.advance(20);
    mustExec(c, 'sim node stop w1');
    expect(mustExec(c, 'sim pod kill p')).toBe('pod/p: 1 container killed\n');
    c.advance(20);
    expect(pod(c, 'p')?.status?.containerStatuses?.[0].restartCount).toBe(0);
    mustExec(c, 'sim node start w1');
    c.advance(5);
    expect(pod(c, 'p')?.status?.containerStatuses?.[0]).toMatchObject({ restartCount: 1, ready: true, lastState: { terminated: { exitCode: 137, reason: 'Error' } } });
  });

  it('pods deleted while the node was stopped are killed when it starts', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', podYaml('graceful', 'w1'));
    mustExec(c, 'kubectl apply -f -', podYaml('forced', 'w1'));
    c.advance(20);
    mustExec(c, 'sim node stop w1');
    mustExec(c, 'kubectl delete pod graceful');
    mustExec(c, 'kubectl delete pod forced --force --grace-period=0');
    c.advance(60);
    expect(pod(c, 'graceful')?.metadata?.deletionTimestamp).toBeDefined();
    expect(pod(c, 'forced')).toBeUndefined();
    // metrics-server cannot reach a stopped machine, but its containers still run there.
    expect(metricsPods(c)).toEqual([]);
    expect(testPodsOnMachine(c, 'w1')).toEqual(['forced', 'graceful']);
    mustExec(c, 'sim node start w1');
    c.advance(10);
    expect(pod(c, 'graceful')).toBeUndefined();
    expect(testPodsOnMachine(c, 'w1')).toEqual([]);
    expect(metricsPods(c)).toEqual([]);
  });
});

describe('sim pod kill', () => {
  it('restartPolicy Always restarts the container, and a second kill soon after meets the CrashLoopBackOff', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', podYaml('p', 'w1'));
    c.advance(20);
    mustExec(c, 'sim pod kill p');
    c.advance(5);
    expect(mustExec(c, 'kubectl get pod p')).toMatch(/p\s+1\/1\s+Running\s+1 \(\d+s ago\)/);
    mustExec(c, 'sim pod kill p');
    c.advance(3);
    expect(pod(c, 'p')?.status?.containerStatuses?.[0].state?.waiting?.reason).toBe('CrashLoopBackOff');
    c.advance(10);
    expect(pod(c, 'p')?.status?.containerStatuses?.[0]).toMatchObject({ restartCount: 2, ready: true });
  });

  it('restartPolicy Never leaves the pod Failed', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', podYaml('once', 'w1', 'Never'));
    c.advance(20);
    mustExec(c, 'sim pod kill once');
    c.advance(5);
    expect(pod(c, 'once')?.status?.phase).toBe('Failed');
    expect(pod(c, 'once')?.status?.containerStatuses?.[0].state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('answers for pods that do not exist or do not run', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('sim pod kill nope -n kube-system').stderr).toBe('error: pods "nope" not found\n');
    mustExec(c, 'sim controlplane stop scheduler');
    mustExec(c, 'kubectl apply -f -', podYaml('p', 'w1').replace('  nodeName: w1\n', ''));
    expect(c.exec('sim pod kill p').stderr).toBe('error: pod "p" is not bound to a node\n');
    expect(c.exec('sim pod kill').stderr).toBe('error: usage: sim pod kill POD [-n NAMESPACE]\n');
  });
});

describe('sim container crash', () => {
  const twoContainers = `apiVersion: v1
kind: Pod
metadata:
  name: duo
spec:
  restartPolicy: OnFailure
  containers:
  - {name: app, image: nginx:1.27}
  - {name: side, image: busybox:1.36, command: [sh, -c, "sleep infinity"]}
`;

  it('the container exits with code 1 and the restart policy brings it back', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', twoContainers);
    c.advance(20);
    expect(mustExec(c, 'sim container crash duo side')).toBe('pod/duo: container side crashed (exit code 1)\n');
    c.advance(5);
    const side = pod(c, 'duo')?.status?.containerStatuses?.find((s) => s.name === 'side');
    expect(side?.restartCount).toBe(1);
    expect(side?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(pod(c, 'duo')?.status?.containerStatuses?.find((s) => s.name === 'app')?.restartCount).toBe(0);
    // Without a name the default (first) container crashes.
    expect(mustExec(c, 'sim container crash duo')).toBe('pod/duo: container app crashed (exit code 1)\n');
  });

  it('answers usage and state errors', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', twoContainers);
    expect(c.exec('sim container crash').stderr).toBe('error: usage: sim container crash POD [CONTAINER] [-n NAMESPACE]\n');
    expect(c.exec('sim container crash nope').stderr).toBe('error: pods "nope" not found\n');
    expect(c.exec('sim container crash duo web').stderr).toBe('error: container "web" not found in pod "duo"\n');
    expect(c.exec('sim container crash duo').stderr).toBe('error: container "app" of pod "duo" is not running\n');
    expect(c.exec('sim container explode duo').stderr).toContain('expected crash');
    expect(mustExec(c, 'sim help')).toContain('sim container crash POD [CONTAINER] [-n NAMESPACE]');
  });
});
