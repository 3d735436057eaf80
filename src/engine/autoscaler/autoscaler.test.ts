// The cluster autoscaler end to end: pending pods grow a node group (upstream's Events and texts), the machines
// boot and take the pods, underutilized nodes go after --scale-down-unneeded-time unless a pod keeps them, and
// everything survives a snapshot. A property: a group's size stays within its bounds whatever the load.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../index.ts';
import { NODE_GROUP_LABEL } from './cloudprovider.ts';
import { lastUpdatedFormat } from './status.ts';
import { formatUtilization } from './scaledown.ts';

function run(c: KubesimCluster, line: string, stdin?: string): string {
  const r = c.exec(line, stdin);
  expect(r.stderr, line).toBe('');
  return r.stdout;
}

const deployment = (name: string, replicas: number, cpu: string, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}${extra}}
    spec:
      containers: [{name: app, image: nginx, resources: {requests: {cpu: "${cpu}", memory: 128Mi}}}]
`;

const groupNodes = (c: KubesimCluster, group: string) => (c.list('Node') as Node[]).filter((n) => n.metadata?.labels?.[NODE_GROUP_LABEL] === group);
const events = (c: KubesimCluster, reason: string) => (c.list('Event') as unknown as Event[]).filter((e) => e.reason === reason);
const pending = (c: KubesimCluster) => (c.list('Pod') as Pod[]).filter((p) => p.metadata?.namespace === 'default' && !p.spec?.nodeName);

/** A cluster whose only machines are a node group's (kube-system's pods land on its first node). */
function withGroup(flags: string): KubesimCluster {
  const c = createCluster({ seed: 3 });
  run(c, `sim nodegroup add pool ${flags}`);
  c.advance(30);
  return c;
}

describe('scale-up', () => {
  it('grows the group by what the pending pods need and records TriggeredScaleUp', () => {
    const c = withGroup('--min 1 --max 5 --cpu 2 --memory 4Gi');
    run(c, 'kubectl apply -f -', deployment('web', 6, '600m'));
    c.advance(20);
    // 2 cpu each: the first node (with flannel's 100m and CoreDNS's 2 × 100m) takes 2 pods; 4 more need 2 nodes.
    const triggered = events(c, 'TriggeredScaleUp');
    expect(triggered.map((e) => e.message)).toEqual(Array(4).fill('pod triggered scale-up: [{pool 1->3 (max: 5)}]'));
    expect(events(c, 'ScaledUpGroup').map((e) => e.message)).toEqual([
      'Scale-up: setting group pool size to 3 instead of 1 (max: 5)',
      'Scale-up: group pool size set to 3 instead of 1 (max: 5)',
    ]);
    expect(events(c, 'ScaledUpGroup')[0].involvedObject).toMatchObject({ kind: 'ConfigMap', namespace: 'kube-system', name: 'cluster-autoscaler-status' });
    expect(run(c, 'sim nodegroup list')).toMatch(/pool\s+1\s+5\s+3\s+1\s+2\s+cpu 2, memory 4Gi/);
    c.advance(60);
    expect(groupNodes(c, 'pool')).toHaveLength(3);
    expect(pending(c)).toEqual([]);
    // No second scale-up while the machines booted: the upcoming nodes took the pods in the simulation.
    expect(events(c, 'ScaledUpGroup')).toHaveLength(2);
  });

  it('says why a pod did not trigger one: a group at its maximum, a taint, a pod bigger than the machine', () => {
    const c = withGroup('--min 1 --max 1 --cpu 2 --memory 4Gi');
    run(c, 'sim nodegroup add gpu --min 0 --max 2 --cpu 4 --memory 8Gi --gpus 1 --taints nvidia.com/gpu=present:NoSchedule');
    run(c, 'kubectl apply -f -', deployment('web', 1, '3'));
    c.advance(30);
    const msgs = [...new Set(events(c, 'NotTriggerScaleUp').map((e) => e.message))];
    expect(msgs).toEqual(["pod didn't trigger scale-up: 1 max node group size reached, 1 node(s) had untolerated taint {nvidia.com/gpu: present}"]);
    expect(events(c, 'TriggeredScaleUp')).toEqual([]);
  });

  it('builds GPU machines from the template: a GPU pod grows only the GPU group', () => {
    const c = withGroup('--min 1 --max 3 --cpu 2 --memory 4Gi');
    run(c, 'sim nodegroup add gpu --min 0 --max 2 --cpu 8 --memory 32Gi --gpus 2 --taints nvidia.com/gpu=present:NoSchedule');
    run(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: train}
spec:
  tolerations: [{key: nvidia.com/gpu, operator: Exists}]
  containers: [{name: t, image: nginx, resources: {limits: {nvidia.com/gpu: 2}}}]
`);
    c.advance(80);
    expect(events(c, 'TriggeredScaleUp').map((e) => e.message)).toEqual(['pod triggered scale-up: [{gpu 0->1 (max: 2)}]']);
    expect((c.list('Pod') as Pod[]).find((p) => p.metadata?.name === 'train')?.status?.phase).toBe('Running');
  });
});

describe('scale-down', () => {
  it('removes a node unneeded for 10 minutes: taint, ScaleDown events, drain, machine gone', () => {
    const c = withGroup('--min 1 --max 5 --cpu 2 --memory 4Gi');
    run(c, 'kubectl apply -f -', deployment('web', 6, '600m'));
    c.advance(90);
    expect(groupNodes(c, 'pool')).toHaveLength(3);
    run(c, 'kubectl scale deployment web --replicas=1');
    // Within --scale-down-delay-after-add and --scale-down-unneeded-time nothing goes.
    c.advance(9 * 60);
    expect(groupNodes(c, 'pool')).toHaveLength(3);
    c.advance(5 * 60);
    expect(groupNodes(c, 'pool').length).toBeLessThan(3);
    const removed = events(c, 'ScaleDown').concat(events(c, 'ScaleDownEmpty'));
    expect(removed.some((e) => e.involvedObject.kind === 'ConfigMap' && /^Scale-down: removing (empty node "pool-\w+"|node pool-\w+, utilization: \{[\d.]+ [\d.]+ 0 (cpu|memory) [\d.]+\}, pods to reschedule: )/.test(e.message!))).toBe(true);
    expect(removed.filter((e) => e.involvedObject.kind === 'Node').map((e) => e.message)).toContain('marked the node as toBeDeleted/unschedulable');
    // The Deployment's pod still runs somewhere.
    c.advance(60);
    expect((c.list('Pod') as Pod[]).filter((p) => p.metadata?.namespace === 'default' && p.status?.phase === 'Running')).toHaveLength(1);
  });

  it('keeps a node for a kube-system pod without a budget, for a pod no controller owns, and at the minimum size', () => {
    const c = withGroup('--min 0 --max 3 --size 3 --cpu 2 --memory 4Gi');
    run(c, 'sim nodegroup add spare --min 1 --max 1 --cpu 2 --memory 4Gi');
    const pods = c.list('Pod') as Pod[];
    const dnsNodes = new Set(pods.filter((p) => p.metadata?.name?.startsWith('coredns-')).map((p) => p.spec!.nodeName!));
    const free = groupNodes(c, 'pool').map((n) => n.metadata!.name!).filter((n) => !dnsNodes.has(n));
    run(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: lonely}
spec: {nodeName: ${free[0]}, containers: [{name: c, image: nginx}]}
`);
    c.advance(30);
    const status = run(c, 'sim autoscaler status');
    for (const n of dnsNodes) expect(status).toMatch(new RegExp(`${n}\\s+\\{[^}]+\\}\\s+BlockedByPod: kube-system/coredns-[\\w-]+ \\(UnmovableKubeSystemPod\\)`));
    expect(status).toMatch(new RegExp(`${free[0]}\\s+\\{[^}]+\\}\\s+BlockedByPod: default/lonely \\(NotReplicated\\)`));
    expect(status).toMatch(/spare-\w+\s+\{[^}]+\}\s+NodeGroupMinSizeReached/);
  });
});

describe('state', () => {
  it('a machine booting when the snapshot was taken registers after the reload', () => {
    const c = withGroup('--min 1 --max 3 --cpu 2 --memory 4Gi');
    run(c, 'kubectl apply -f -', deployment('web', 4, '800m'));
    c.advance(12);
    expect(run(c, 'sim nodegroup list')).toMatch(/BOOTING\s+MACHINE\n\S+\s+1\s+3\s+\d\s+1\s+[12]\s/);
    const r = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    r.advance(60);
    expect(groupNodes(r, 'pool').length).toBeGreaterThan(1);
    expect(pending(r)).toEqual([]);
    expect(r.exec('sim autoscaler config').stdout).toContain('--expander=random');
  });

  it('refuses bad groups and flags with clear errors and changes nothing', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('sim nodegroup add Pool --max 2').stderr).toContain('invalid node group name "Pool"');
    expect(c.exec('sim nodegroup add p --min 3 --max 2').stderr).toContain('--min (3) must not be greater than --max (2)');
    expect(c.exec('sim nodegroup add p --min 1').stderr).toContain('--max is required');
    expect(c.exec('sim autoscaler config --expander cheapest').stderr).toContain('invalid argument "cheapest" for "--expander" flag: expander not supported, expected one of random, least-waste, most-pods, priority');
    expect(c.exec('sim autoscaler config --scale-down-utilization-threshold 1.5').stderr).toContain('must be between 0 and 1');
    expect(c.exec('sim nodegroup delete nope').stderr).toContain('node group "nope" not found');
    expect(c.exec('sim nodegroup list').stdout).toContain('No node groups.');
    expect(c.list('Node')).toEqual([]);
  });
});

describe('formats', () => {
  it.each([
    [Date.UTC(2023, 10, 24, 4, 28, 19), '2023-11-24 04:28:19 +0000 UTC'],
    [Date.UTC(2023, 10, 24, 4, 28, 19, 540), '2023-11-24 04:28:19.54 +0000 UTC'],
  ])('ConfigMapLastUpdateFormat of %s is %s', (ms, text) => expect(lastUpdatedFormat(ms)).toBe(text));

  it('prints utilization.Info as Go prints the struct', () => {
    expect(formatUtilization({ cpu: 0.25, memory: 0.5, gpu: 0, resource: 'memory', value: 0.5 })).toBe('{0.25 0.5 0 memory 0.5}');
  });
});

describe('property', () => {
  it('a group stays within [min, max] and only grows for pods it can take', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.constantFrom('300m', '900m', '1500m', '3'), { minLength: 1, maxLength: 5 }), (min, span, cpus) => {
      const max = min + span;
      const c = createCluster({ seed: 5 });
      run(c, `sim node add base --cpu 2 --memory 8Gi`);
      run(c, `sim nodegroup add pool --min ${min} --max ${max} --cpu 2 --memory 4Gi`);
      cpus.forEach((cpu, i) => run(c, 'kubectl apply -f -', deployment(`d${i}`, 2, cpu)));
      for (let t = 0; t < 12; t++) {
        c.advance(30);
        const n = groupNodes(c, 'pool').length;
        expect(n).toBeGreaterThanOrEqual(min);
        expect(n).toBeLessThanOrEqual(max);
      }
      // A 3-cpu pod fits no 2-cpu machine: it never triggers a scale-up.
      for (const e of events(c, 'TriggeredScaleUp')) {
        const pod = (c.list('Pod') as Pod[]).find((p) => p.metadata?.name === e.involvedObject.name);
        expect(pod?.spec?.containers[0].resources?.requests?.cpu).not.toBe('3');
      }
    }), { numRuns: 6 });
  });
});
