import type { Event, Node } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec, pods } from '../../testing/fixtures.ts';

const writer = (name: string, disk: string, extra = '') => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  annotations:
    kubesim.io/behavior: "app: disk=${disk}"
spec:
${extra}  containers:
  - name: app
    image: nginx:1.27
`;

const node = (c: ReturnType<typeof clusterWithNodes>) => (c.list('Node') as Node[]).find((n) => n.metadata?.name === 'w1')!;
const condition = (c: ReturnType<typeof clusterWithNodes>, type: string) => node(c).status?.conditions?.find((x) => x.type === type);
const events = (c: ReturnType<typeof clusterWithNodes>, reason: string) => (c.list('Event') as unknown as Event[]).filter((e) => e.reason === reason);

describe('kubelet disk: DiskPressure and image garbage collection', () => {
  it('a node above 85% of its disk has DiskPressure, evicts the pod writing most, and recovers 5 minutes later', () => {
    const c = clusterWithNodes(1); // 100Gi of ephemeral storage
    expect(condition(c, 'DiskPressure')).toMatchObject({ status: 'False', reason: 'KubeletHasNoDiskPressure' });
    mustExec(c, 'kubectl apply -f -', writer('small', '1Gi'));
    mustExec(c, 'kubectl apply -f -', writer('big', 'grow:1Gi/s'));
    c.advance(20);
    expect(condition(c, 'DiskPressure')).toMatchObject({ status: 'False' });
    // 4Gi system + images + 1Gi: the grower passes 85Gi used (imagefs.available<15%) after about 80 s, and 90Gi
    // (nodefs.available<10%) 5 s later; which one the 10 s eviction pass meets first depends on its phase.
    c.advance(90);
    expect(condition(c, 'DiskPressure')).toMatchObject({ status: 'True', reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure' });
    expect(node(c).spec?.taints).toContainEqual({ key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' });
    const evicted = events(c, 'Evicted');
    expect(evicted.map((e) => e.involvedObject.name)).toEqual(['big']);
    expect(evicted[0].message).toMatch(/^The node was low on resource: ephemeral-storage\. Threshold quantity: (?:15|10)Gi, available: \d+Ki\. Container app was using \d+Ki, request is 0, has larger consumption of ephemeral-storage\. $/);
    expect(events(c, 'EvictionThresholdMet')[0].message).toBe('Attempting to reclaim ephemeral-storage');
    expect(pods(c).find((p) => p.metadata.name === 'big')?.status?.phase).toBe('Failed');
    expect(pods(c).find((p) => p.metadata.name === 'small')?.status?.phase).toBe('Running');
    c.advance(310);
    expect(condition(c, 'DiskPressure')).toMatchObject({ status: 'False', reason: 'KubeletHasNoDiskPressure' });
    expect(node(c).spec?.taints ?? []).toEqual([]);
    expect(events(c, 'NodeHasDiskPressure')).toHaveLength(1);
  });

  it('under pressure unused images go at once; the image GC says when it cannot free enough', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', writer('old', '1Mi').replace('nginx:1.27', 'redis:7.4'));
    c.advance(30);
    mustExec(c, 'kubectl delete pod old --now');
    c.advance(10);
    const hasRedis = () => node(c).status?.images?.some((i) => i.names?.some((n) => n.includes('redis')));
    expect(hasRedis()).toBe(true);
    // A system-critical pod fills the disk: it is never evicted, so only images can go.
    mustExec(c, 'kubectl apply -f -', writer('fill', '86Gi', '  priorityClassName: system-node-critical\n').replace('name: fill', 'name: fill\n  namespace: kube-system'));
    c.advance(20);
    expect(condition(c, 'DiskPressure')?.status).toBe('True');
    expect(hasRedis()).toBe(false);
    expect(events(c, 'Evicted')).toEqual([]);
    c.advance(600);
    const failed = events(c, 'FreeDiskSpaceFailed');
    expect(failed[0].message).toMatch(/^Failed to garbage collect required amount of images\. Attempted to free \d+ bytes, but only found 0 bytes eligible to free\.$/);
    // One per GC pass (every 5 minutes), aggregated. The ImageGCFailed of the second failed pass is dropped by the
    // event spam filter: EvictionThresholdMet every 10 s used up the node's budget, as it would upstream.
    expect([failed[0].type, failed[0].count]).toEqual(['Warning', 2]);
  });
});
