// Gang scheduling through a cluster whose scheduler enables Coscheduling (scheduler-plugins' sample
// configuration): all or nothing, the upstream messages, sibling activation, Permit timeouts, the PodGroup status.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import type { PodGroup } from '../../api/podgroup.ts';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { inDefault, mustExec, untilNodesReady } from '../../testing/fixtures.ts';
import type { QueuedPodInfo } from '../framework/interface.ts';
import { Coscheduling } from './Coscheduling.ts';

const coschedulingConfig = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    multiPoint:
      enabled:
      - name: Coscheduling
    queueSort:
      enabled:
      - name: Coscheduling
      disabled:
      - name: "*"
  pluginConfig:
  - name: Coscheduling
    args:
      permitWaitingTimeSeconds: 30
`;

const podGroupYaml = (min: number, timeout?: number) => `apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: gang}
spec:
  minMember: ${min}
${timeout ? `  scheduleTimeoutSeconds: ${timeout}\n` : ''}`;

const podYaml = (name: string, cpu: string, opts: { gated?: boolean; group?: boolean } = {}) => `---
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
${opts.group === false ? '' : '  labels: {scheduling.x-k8s.io/pod-group: gang}\n'}spec:
${opts.gated ? '  schedulingGates: [{name: example.com/hold}]\n' : ''}  containers:
  - {name: c, image: busybox:1.36, command: [sleep, "3600"], resources: {requests: {cpu: ${cpu}}}}
`;
const memberYaml = (i: number, cpu = '800m', gated = false) => podYaml(`gang-${i}`, cpu, { gated });

function gangCluster(nodes: number, nodeCpu = '1'): KubesimCluster {
  const c = createCluster({ seed: 11 });
  // The gang's arithmetic counts whole slots: only flannel's 100m per node stays beside it.
  mustExec(c, 'kubectl scale deployment coredns -n kube-system --replicas 0');
  for (let i = 1; i <= nodes; i++) mustExec(c, `sim node add w${i} --cpu ${nodeCpu} --memory 4Gi`);
  untilNodesReady(c);
  mustExec(c, 'sim scheduler config -f -', coschedulingConfig);
  return c;
}

const members = (c: KubesimCluster) => (inDefault(c, 'Pod') as unknown as Pod[]).filter((p) => p.metadata?.name?.startsWith('gang-'));
const bound = (c: KubesimCluster) => members(c).filter((p) => p.spec?.nodeName).length;
const failures = (c: KubesimCluster, name: string) =>
  (c.list('Event') as unknown as Event[]).filter((e) => e.involvedObject.name === name && e.reason === 'FailedScheduling').map((e) => e.message);
const podGroup = (c: KubesimCluster) => (c.list('PodGroup') as unknown as PodGroup[])[0];

describe('Coscheduling in a cluster', () => {
  it('a gang of 4 with minMember 4 on room for 3 binds none and says why', () => {
    const c = gangCluster(3);
    mustExec(c, 'kubectl apply -f -', podGroupYaml(4) + [0, 1, 2, 3].map((i) => memberYaml(i)).join(''));
    c.advance(60);
    expect(bound(c)).toBe(0);
    // The last member fits nowhere; its PostFilter sends the three waiting at Permit back.
    expect(failures(c, 'gang-3')[0]).toBe('0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod., PodGroup default/gang gets rejected due to Pod gang-3 is unschedulable even after PostFilter');
    for (const i of [0, 1, 2]) expect(failures(c, `gang-${i}`)[0]).toBe('optimistic rejection in PostFilter');
    expect(podGroup(c).status?.phase).toBe('PreScheduling');
    expect(mustExec(c, 'kubectl get pg')).toMatch(/^NAME\s+PHASE\s+MINMEMBER\s+RUNNING\s+SUCCEEDED\s+FAILED\s+AGE\ngang\s+PreScheduling\s+4\s+\d+s\n$/);
  });

  it('with room for 4 binds all four at the same moment, and the PodGroup runs', () => {
    const c = gangCluster(2, '2');
    const bindTimes: number[] = [];
    c.onChange((e) => {
      const p = e.object as unknown as Pod;
      if (e.object.kind === 'Pod' && e.type === 'MODIFIED' && p.spec?.nodeName && !bindTimes[Number(p.metadata!.name!.slice(5))]) bindTimes[Number(p.metadata!.name!.slice(5))] = c.now();
    });
    mustExec(c, 'kubectl apply -f -', podGroupYaml(4) + [0, 1, 2, 3].map((i) => memberYaml(i)).join(''));
    c.advance(30);
    expect(bound(c)).toBe(4);
    expect(new Set(bindTimes).size).toBe(1);
    expect(members(c).every((p) => p.status?.phase === 'Running')).toBe(true);
    expect(podGroup(c).status).toMatchObject({ phase: 'Running', scheduled: 4, running: 4 });
    expect(mustExec(c, 'kubectl get podgroups')).toMatch(/gang\s+Running\s+4\s+4\s+\d+s/);
  });

  it('refuses members until minMember pods exist, then the newest member brings its siblings back', () => {
    const c = gangCluster(4);
    mustExec(c, 'kubectl apply -f -', podGroupYaml(4) + [0, 1, 2].map((i) => memberYaml(i)).join(''));
    c.advance(10);
    expect(bound(c)).toBe(0);
    expect(failures(c, 'gang-0')[0]).toBe('0/4 nodes are available: pre-filter pod gang-0 cannot find enough sibling pods, current pods number: 3, minMember of group: 4. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling., PodGroup default/gang gets rejected due to Pod gang-0 is unschedulable even after PostFilter');
    expect(podGroup(c).status?.phase).toBe('Pending');
    mustExec(c, 'kubectl apply -f -', memberYaml(3));
    c.advance(5);
    expect(bound(c)).toBe(4);
  });

  it('members waiting longer than scheduleTimeoutSeconds are all sent back', () => {
    const c = gangCluster(4);
    // The fourth member is held by a scheduling gate: three reach Permit and wait for it.
    mustExec(c, 'kubectl apply -f -', podGroupYaml(4, 10) + [0, 1, 2].map((i) => memberYaml(i)).join('') + memberYaml(3, '800m', true));
    c.advance(9);
    expect(bound(c)).toBe(0);
    expect(failures(c, 'gang-0')).toEqual([]);
    c.advance(2);
    // The three started waiting at the same virtual moment, so their timeouts fire together; a later timeout
    // would have been preceded by the first one's Unreserve ("rejection in Unreserve").
    expect([0, 1, 2].map((i) => failures(c, `gang-${i}`)[0])).toEqual(Array(3).fill('rejected due to timeout after waiting 10s at plugin Coscheduling'));
    expect(bound(c)).toBe(0);
  });

  it('schedules pods without a group as usual, with Coscheduling\'s PostFilter reason appended', () => {
    const c = gangCluster(1);
    mustExec(c, 'kubectl apply -f -', podYaml('small', '100m', { group: false }) + podYaml('big', '2', { group: false }));
    c.advance(10);
    const pods = inDefault(c, 'Pod') as unknown as Pod[];
    expect(pods.find((p) => p.metadata?.name === 'small')?.status?.phase).toBe('Running');
    expect(failures(c, 'big')[0]).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod., can not find pod group');
  });

  it('the PodGroup controller counts members and finishes the group when minMember succeed', () => {
    const c = gangCluster(2, '2');
    const done = (i: number) => podYaml(`gang-${i}`, '100m').replace('command: [sleep, "3600"]', 'command: [sh, -c, "sleep 5"]').replace('spec:\n', 'spec:\n  restartPolicy: Never\n');
    mustExec(c, 'kubectl apply -f -', podGroupYaml(2) + done(0) + done(1));
    c.advance(3);
    expect(podGroup(c).status).toMatchObject({ phase: 'Running', scheduled: 2, running: 2 });
    c.advance(20);
    expect(podGroup(c).status).toMatchObject({ phase: 'Finished', succeeded: 2 });
    expect(mustExec(c, 'kubectl get pg')).toMatch(/gang\s+Finished\s+2\s+2\s+\d+s/);
  });

  it('is not in the default profile: there a labelled pod is scheduled alone', () => {
    const c = createCluster({ seed: 11 });
    mustExec(c, 'kubectl scale deployment coredns -n kube-system --replicas 0');
    mustExec(c, 'sim node add w1 --cpu 1 --memory 4Gi');
    untilNodesReady(c);
    expect(mustExec(c, 'sim scheduler config')).not.toContain('Coscheduling');
    mustExec(c, 'kubectl apply -f -', podGroupYaml(4) + memberYaml(0));
    c.advance(10);
    expect(bound(c)).toBe(1);
  });
});

describe('Coscheduling QueueSort', () => {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl apply -f -', podGroupYaml(2));
  const cs = new Coscheduling({}, { nodeInfos: () => [], nodeInfo: () => undefined, now: () => 0, waitingPods: () => [] }, (c as unknown as { store: ConstructorParameters<typeof Coscheduling>[2] }).store);
  const created = Date.parse(podGroup(c).metadata!.creationTimestamp!);
  const info = (name: string, opts: { priority?: number; group?: boolean; first?: number } = {}): QueuedPodInfo => ({
    pod: { metadata: { name, namespace: 'default', ...(opts.group ? { labels: { 'scheduling.x-k8s.io/pod-group': 'gang' } } : {}) }, spec: { containers: [], priority: opts.priority ?? 0 } },
    key: `default/${name}`, timestamp: 0, attempts: 0, initialAttemptTimestamp: opts.first ?? created, unschedulablePlugins: new Set(),
  });
  it.each([
    ['higher priority first', info('b', { priority: 10 }), info('a', { group: true }), true],
    ['the earlier of group creation and a lone pod\'s first attempt', info('z', { group: true }), info('a', { first: created + 1 }), true],
    ['equal times: by namespace/name', info('a', { first: created }), info('b', { group: true }), true],
    ['equal times: by namespace/name (reversed)', info('b', { group: true }), info('a', { first: created }), false],
  ] as const)('%s', (_n, a, b, want) => expect(cs.less(a, b)).toBe(want));
});

describe('property: a gang binds all or nothing', () => {
  it('binds every member exactly when the nodes have room for all of them', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 5 }), (nodes, slots, size) => {
      const c = gangCluster(nodes, String(slots));
      mustExec(c, 'kubectl apply -f -', podGroupYaml(size) + Array.from({ length: size }, (_, i) => memberYaml(i, '900m')).join(''));
      for (let t = 0; t < 6; t++) {
        c.advance(5);
        expect([0, size]).toContain(bound(c));
      }
      expect(bound(c)).toBe(nodes * slots >= size ? size : 0);
    }), { numRuns: 12 });
  }, 60_000);
});
