// Headless scenarios: a node goes silent and the control loops heal the workload, as upstream times it.
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../testing/fixtures.ts';

const node = (c: KubesimCluster, name: string) => (c.list('Node') as Node[]).find((n) => n.metadata?.name === name)!;
const ready = (n: Node) => n.status?.conditions?.find((x) => x.type === 'Ready');
const taints = (n: Node) => (n.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);
const allPods = (c: KubesimCluster) => inDefault(c, 'Pod') as Pod[];
const onNode = (c: KubesimCluster, name: string) => allPods(c).filter((p) => p.spec?.nodeName === name);
const events = (c: KubesimCluster, reason: string) => (c.list('Event') as unknown as Event[]).filter((e) => e.reason === reason);
/** Events of the test's own pods (CoreDNS on the stopped node gets its own). */
const workloadEvents = (c: KubesimCluster, reason: string) => events(c, reason).filter((e) => e.involvedObject.namespace === 'default');

/** 3 nodes, a Deployment of 3 spread over them, then w1 goes silent right after it renewed its lease. */
function stoppedW1(): { c: KubesimCluster; victim: Pod; t0: number; at: (s: number) => void } {
  const c = clusterWithNodes(3);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
  c.advance(60);
  expect(new Set(allPods(c).map((p) => p.spec?.nodeName))).toEqual(new Set(['w1', 'w2', 'w3']));
  const victim = onNode(c, 'w1')[0];
  expect(mustExec(c, 'sim node stop w1')).toBe('node/w1 stopped\n');
  const t0 = c.now();
  return { c, victim, t0, at: (s) => c.advance(s - (c.now() - t0) / 1000) };
}

describe('a node that stops reporting (node lifecycle + taint eviction)', () => {
  it('is Ready at 40 s, Unknown and tainted at ~50 s, and its pods are replaced after 300 s more', () => {
    const { c, victim, at } = stoppedW1();
    at(40);
    expect(ready(node(c, 'w1'))?.status).toBe('True');
    expect(taints(node(c, 'w1'))).toEqual([]);

    at(61);
    const w1 = node(c, 'w1');
    expect(w1.status?.conditions?.map((x) => `${x.type}=${x.status}`)).toEqual(['MemoryPressure=Unknown', 'DiskPressure=Unknown', 'PIDPressure=Unknown', 'Ready=Unknown']);
    expect(ready(w1)).toMatchObject({ reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    expect(taints(w1)).toContain('node.kubernetes.io/unreachable:NoSchedule');
    expect(events(c, 'NodeNotReady').find((e) => e.involvedObject.kind === 'Node')).toMatchObject({
      message: 'Node w1 status is now: NodeNotReady', source: { component: 'node-controller' }, involvedObject: { name: 'w1' },
    });
    // MarkPodsNotReady: the pod's Ready condition turns False, with a Warning on the pod.
    const marked = allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)!;
    expect(marked.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('False');
    expect(events(c, 'NodeNotReady').find((e) => e.involvedObject.kind === 'Pod' && e.involvedObject.name === victim.metadata?.name)).toMatchObject({ type: 'Warning', message: 'Node is not ready', involvedObject: { name: victim.metadata?.name } });

    at(75);
    expect(taints(node(c, 'w1'))).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);

    // The default tolerations (300 s) hold the pod until 300 s after the NoExecute taint.
    at(350);
    expect(allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)?.metadata?.deletionTimestamp).toBeUndefined();
    at(380);
    const evicted = allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)!;
    expect(evicted.metadata?.deletionTimestamp).toBeDefined();
    expect(evicted.status?.conditions?.find((x) => x.type === 'DisruptionTarget')).toMatchObject({
      status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint',
    });
    expect(workloadEvents(c, 'TaintManagerEviction').map((e) => e.message)).toEqual([`Marking for deletion Pod default/${victim.metadata?.name}`]);
    expect(workloadEvents(c, 'TaintManagerEviction')[0].source?.component).toBe('taint-eviction-controller');

    // The kubelet cannot confirm the deletion: the pod stays Terminating, and its replacement runs elsewhere.
    at(1000);
    expect(allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)?.metadata?.deletionTimestamp).toBeDefined();
    const live = allPods(c).filter((p) => !p.metadata?.deletionTimestamp);
    expect(live).toHaveLength(3);
    expect(live.every((p) => p.status?.phase === 'Running' && p.spec?.nodeName !== 'w1')).toBe(true);
    expect(mustExec(c, 'kubectl get pods')).toMatch(new RegExp(`${victim.metadata?.name}\\s+1/1\\s+Terminating`));

    // The node comes back: taints go, the node is Ready, and the kubelet finishes the deletion.
    expect(mustExec(c, 'sim node start w1')).toBe('node/w1 started\n');
    c.advance(15);
    expect(ready(node(c, 'w1'))).toMatchObject({ status: 'True', reason: 'KubeletReady' });
    expect(taints(node(c, 'w1'))).toEqual([]);
    expect(allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)).toBeUndefined();
    expect(allPods(c)).toHaveLength(3);
  });

  it('coming back before the tolerations run out cancels the evictions and makes the pods Ready again', () => {
    const { c, victim, at } = stoppedW1();
    at(120);
    expect(taints(node(c, 'w1'))).toContain('node.kubernetes.io/unreachable:NoExecute');
    mustExec(c, 'sim node start w1');
    c.advance(15);
    expect(taints(node(c, 'w1'))).toEqual([]);
    expect(workloadEvents(c, 'TaintManagerEviction').map((e) => e.message)).toEqual([`Cancelling deletion of Pod default/${victim.metadata?.name}`]);
    const pod = allPods(c).find((p) => p.metadata?.uid === victim.metadata?.uid)!;
    expect(pod.metadata?.deletionTimestamp).toBeUndefined();
    expect(pod.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
    expect(events(c, 'NodeReady').filter((e) => e.involvedObject.name === 'w1')).toHaveLength(1);
    c.advance(600);
    expect(allPods(c)).toHaveLength(3);
  });

  it('a pod that tolerates unreachable forever stays; one without tolerations for a NoExecute taint goes at once', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata:
  name: stay
spec:
  nodeName: w1
  tolerations:
  - key: node.kubernetes.io/unreachable
    operator: Exists
    effect: NoExecute
  containers:
  - name: app
    image: nginx:1.27
`);
    c.advance(20);
    mustExec(c, 'sim node stop w1');
    c.advance(900);
    const stay = allPods(c).find((p) => p.metadata?.name === 'stay')!;
    expect(stay.metadata?.deletionTimestamp).toBeUndefined();
    expect(stay.spec?.tolerations?.map((t) => `${t.key}:${t.tolerationSeconds ?? 'forever'}`)).toEqual(['node.kubernetes.io/unreachable:forever', 'node.kubernetes.io/not-ready:300']);
    expect(workloadEvents(c, 'TaintManagerEviction')).toEqual([]);

    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 4));
    c.advance(30);
    const onW2 = onNode(c, 'w2').map((p) => p.metadata?.name);
    expect(onW2.length).toBeGreaterThan(0);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Node\nmetadata:\n  name: w2\nspec:\n  taints:\n  - key: dedicated\n    value: db\n    effect: NoExecute\n');
    c.advance(1);
    expect(workloadEvents(c, 'TaintManagerEviction').map((e) => e.message).sort()).toEqual(onW2.map((n) => `Marking for deletion Pod default/${n}`).sort());
  });

  it('in a single-node cluster (full disruption) nothing is evicted', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(30);
    mustExec(c, 'sim node stop w1');
    c.advance(900);
    expect(ready(node(c, 'w1'))?.status).toBe('Unknown');
    expect(taints(node(c, 'w1'))).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
    expect(allPods(c).every((p) => !p.metadata?.deletionTimestamp)).toBe(true);
  });

  it('taints nodes of one zone no faster than --node-eviction-rate 0.1/s', () => {
    const c = clusterWithNodes(4);
    c.advance(30);
    mustExec(c, 'sim node stop w1');
    mustExec(c, 'sim node stop w2');
    c.advance(120);
    const added = ['w1', 'w2'].map((n) => Date.parse(node(c, n).spec!.taints!.find((t) => t.effect === 'NoExecute')!.timeAdded!)).sort();
    expect(added[1] - added[0]).toBeGreaterThanOrEqual(10_000);
    expect(added[1] - added[0]).toBeLessThan(11_000);
  });
});

describe('node lifecycle: nodes that leave', () => {
  it('records RemovingNode once for each node gone from the informer, and goes on watching the others', () => {
    const c = clusterWithNodes(4);
    c.advance(10);
    mustExec(c, 'sim node delete w2');
    mustExec(c, 'sim node delete w4');
    c.advance(10);
    expect(events(c, 'RemovingNode').map((e) => `${e.involvedObject.name}: ${e.message}`)).toEqual(['w2: Node w2 event: Removing Node w2 from Controller', 'w4: Node w4 event: Removing Node w4 from Controller']);
    c.advance(10);
    expect(events(c, 'RemovingNode').map((e) => e.count)).toEqual([1, 1]);
    expect(events(c, 'RegisteredNode').map((e) => e.involvedObject.name).sort()).toEqual(['w1', 'w2', 'w3', 'w4']);
  });
});
