// InterPodAffinity headless, through createCluster / exec / advance: one pod per node by hostname
// anti-affinity, co-location by affinity, the symmetry of an existing pod's anti-affinity, preferred terms.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';
import type { KubesimCluster } from '../../index.ts';

const HOST = 'kubernetes.io/hostname';

/** A Deployment whose pod template has the given affinity (YAML lines under `affinity:`). */
function withAffinity(name: string, replicas: number, affinity: string): string {
  return deploymentYaml(name, replicas).replace('    spec:\n      containers:', `    spec:\n      affinity:\n${affinity}      containers:`);
}

const required = (kind: 'podAffinity' | 'podAntiAffinity', app: string, key = HOST) =>
  `        ${kind}:\n          requiredDuringSchedulingIgnoredDuringExecution:\n          - labelSelector:\n              matchLabels:\n                app: ${app}\n            topologyKey: ${key}\n`;

const barePod = (name: string, app: string, nodeName?: string, affinity = '') =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    app: ${app}\nspec:\n${nodeName ? `  nodeName: ${nodeName}\n` : ''}${affinity ? `  affinity:\n${affinity.replace(/^ {4}/gm, '')}` : ''}  containers:\n  - name: c\n    image: nginx:1.27\n`;

const failedScheduling = (c: KubesimCluster) => (JSON.parse(mustExec(c, 'kubectl get events -o json')).items as { reason: string; message: string }[]).filter((e) => e.reason === 'FailedScheduling').map((e) => e.message);
const nodesOf = (c: KubesimCluster, app: string) => pods(c, app).map((p) => p.spec?.nodeName).filter((n) => n);

describe('InterPodAffinity through the cluster', () => {
  it('anti-affinity by hostname puts one pod per node and leaves the rest Pending with the upstream message', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', withAffinity('web', 5, required('podAntiAffinity', 'web')));
    c.advance(30);
    const running = pods(c, 'web').filter((p) => p.status?.phase === 'Running');
    expect(running).toHaveLength(3);
    expect(new Set(running.map((p) => p.spec?.nodeName)).size).toBe(3);
    expect(pods(c, 'web').filter((p) => p.status?.phase === 'Pending')).toHaveLength(2);
    expect(failedScheduling(c)).toContain("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.");
    const pending = pods(c, 'web').find((p) => p.status?.phase === 'Pending')!;
    expect(mustExec(c, `kubectl describe pod ${pending.metadata.name}`)).toContain("node(s) didn't match pod anti-affinity rules");
    // A new node is a cluster event: one more replica fits there.
    mustExec(c, 'sim node add w4 --cpu 4 --memory 16Gi');
    c.advance(30);
    expect(pods(c, 'web').filter((p) => p.spec?.nodeName === 'w4')).toHaveLength(1);
  });

  it('affinity co-locates with a labelled pod, and waits while there is none', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', withAffinity('orphan', 1, required('podAffinity', 'nothing-like-this')));
    mustExec(c, 'kubectl apply -f -', barePod('db', 'db'));
    c.advance(10);
    expect(failedScheduling(c)).toContain("0/3 nodes are available: 3 node(s) didn't match pod affinity rules. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
    const dbNode = pods(c, 'db')[0].spec?.nodeName;
    expect(dbNode).toBeDefined();
    mustExec(c, 'kubectl apply -f -', withAffinity('web', 4, required('podAffinity', 'db')));
    c.advance(30);
    expect(nodesOf(c, 'web')).toEqual([dbNode, dbNode, dbNode, dbNode]);
    expect(pods(c, 'web').every((p) => p.status?.phase === 'Running')).toBe(true);
  });

  it('the first pod of a group with affinity to itself goes anywhere; the rest follow it', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', withAffinity('cache', 4, required('podAffinity', 'cache')));
    c.advance(30);
    expect(new Set(nodesOf(c, 'cache')).size).toBe(1);
    expect(nodesOf(c, 'cache')).toHaveLength(4);
  });

  it('an existing pod\'s required anti-affinity keeps matching pods off its node (symmetry)', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', barePod('loner', 'loner', 'w2', required('podAntiAffinity', 'web')));
    c.advance(5);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 6));
    c.advance(30);
    expect(nodesOf(c, 'web')).toHaveLength(6);
    expect(nodesOf(c, 'web')).not.toContain('w2');
  });

  it('preferred affinity pulls a pod to its partner\'s node', () => {
    const c = clusterWithNodes(4);
    mustExec(c, 'kubectl apply -f -', barePod('db', 'db', 'w3'));
    c.advance(5);
    const preferred = `        podAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n          - weight: 100\n            podAffinityTerm:\n              labelSelector:\n                matchLabels:\n                  app: db\n              topologyKey: ${HOST}\n`;
    mustExec(c, 'kubectl apply -f -', barePod('client', 'client', undefined, preferred));
    c.advance(10);
    expect(nodesOf(c, 'client')).toEqual(['w3']);
    const trace = JSON.parse(mustExec(c, 'sim explain pod client -o json'));
    const w3 = trace.scores.find((s: { node: string }) => s.node === 'w3');
    expect(w3.plugins.find((p: { plugin: string }) => p.plugin === 'InterPodAffinity')).toMatchObject({ normalized: 100, weight: 2 });
  });
});
