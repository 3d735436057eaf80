// Preemption through a whole cluster: events, nominatedNodeName, the victim Terminating then gone, the
// preemptor Running; preemptionPolicy Never stays Pending with the upstream message.
import { describe, expect, it } from 'vitest';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

const classes = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high-nonpreempting}
value: 1000
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: low}
value: 100
`;

/** A pod asking for 1500m; sleep as PID 1 ignores SIGTERM, so it terminates only when the grace period ends. */
const podYaml = (name: string, priorityClass: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  priorityClassName: ${priorityClass}
  containers:
  - {name: c, image: busybox:1.36, command: [sleep, "3600"], resources: {requests: {cpu: 1500m}}}
`;

function oneNodeWithLowPod(): KubesimCluster {
  const c = createCluster({ seed: 7 });
  mustExec(c, 'sim node add w1 --cpu 2 --memory 4Gi');
  mustExec(c, 'kubectl apply -f -', classes);
  mustExec(c, 'kubectl apply -f -', podYaml('low', 'low'));
  c.advance(20);
  return c;
}

const pod = (c: KubesimCluster, name: string) => (c.list('Pod') as unknown as Pod[]).find((p) => p.metadata?.name === name);
const events = (c: KubesimCluster, name: string, reason: string) =>
  (c.list('Event') as unknown as Event[]).filter((e) => e.involvedObject.name === name && e.reason === reason).map((e) => e.message);

describe('DefaultPreemption in a cluster', () => {
  it('a high-priority pod preempts a low-priority one, which terminates gracefully, then runs on its node', () => {
    const c = oneNodeWithLowPod();
    expect(pod(c, 'low')?.status?.phase).toBe('Running');
    mustExec(c, 'kubectl apply -f -', podYaml('high', 'high'));
    c.advance(2);
    const high = pod(c, 'high')!;
    expect(high.status?.nominatedNodeName).toBe('w1');
    expect(high.spec?.nodeName).toBeUndefined();
    expect(events(c, 'high', 'FailedScheduling')).toContain('0/1 nodes are available: 1 Insufficient cpu.');
    expect(events(c, 'low', 'Preempted')).toEqual([`Preempted by pod ${high.metadata!.uid} on node w1`]);
    const low = pod(c, 'low')!;
    expect(low.metadata?.deletionTimestamp).toBeDefined();
    expect(low.status?.conditions).toContainEqual(expect.objectContaining({ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }));
    expect(mustExec(c, 'kubectl get pods')).toMatch(/low\s+1\/1\s+Terminating/);
    expect(mustExec(c, 'kubectl get pods -o wide')).toMatch(/high\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+<none>\s+w1\s/);
    expect(mustExec(c, 'sim explain pod high')).toContain('Preemption: nominated to w1, evicting default/low');

    // A node too small is no event NodeResourcesFit's queueing hint lets through; one big enough (but tainted)
    // retries the pod while the victim terminates: it waits instead of preempting again.
    const failures = events(c, 'high', 'FailedScheduling').length;
    mustExec(c, 'sim node add w2 --cpu 1 --memory 2Gi');
    c.advance(5);
    expect(events(c, 'high', 'FailedScheduling')).toHaveLength(failures);
    mustExec(c, 'sim node add w3 --cpu 2 --memory 2Gi --taints dedicated=x:NoSchedule');
    c.advance(5);
    expect(events(c, 'high', 'FailedScheduling')).toContain('0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: x}, 2 Insufficient cpu. preemption: not eligible due to a terminating pod on the nominated node.');
    expect(events(c, 'low', 'Preempted')).toHaveLength(1);
    expect(pod(c, 'low')).toBeDefined();

    c.advance(40);
    expect(pod(c, 'low')).toBeUndefined();
    expect(pod(c, 'high')?.spec?.nodeName).toBe('w1');
    expect(pod(c, 'high')?.status?.phase).toBe('Running');
  });

  it('preemptionPolicy Never stays Pending with the upstream message and evicts nothing', () => {
    const c = oneNodeWithLowPod();
    mustExec(c, 'kubectl apply -f -', podYaml('polite', 'high-nonpreempting'));
    c.advance(30);
    expect(pod(c, 'polite')?.spec?.preemptionPolicy).toBe('Never');
    expect(pod(c, 'polite')?.status?.phase).toBe('Pending');
    expect(pod(c, 'polite')?.status?.nominatedNodeName).toBeUndefined();
    expect(events(c, 'polite', 'FailedScheduling')).toEqual(['0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.']);
    expect(pod(c, 'low')?.metadata?.deletionTimestamp).toBeUndefined();
    expect(events(c, 'low', 'Preempted')).toEqual([]);
  });

  it('an equal-priority pod finds no victims', () => {
    const c = oneNodeWithLowPod();
    mustExec(c, 'kubectl apply -f -', podYaml('peer', 'low'));
    c.advance(5);
    expect(events(c, 'peer', 'FailedScheduling')).toEqual(['0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.']);
    expect(pod(c, 'low')?.metadata?.deletionTimestamp).toBeUndefined();
  });
});
