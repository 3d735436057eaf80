import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCluster } from '../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../testing/fixtures.ts';
import { numFeasibleNodesToFind } from './profile.ts';
import { schedulerHarness } from './harness.ts';
import { DEFAULT_MULTIPOINT, expandProfile, defaultConfiguration } from './config.ts';

describe('percentageOfNodesToScore', () => {
  it.each([
    [0, 50, 50], [0, 100, 100], [0, 1000, 420], [0, 5000, 500], [0, 6000, 300], [0, 10000, 500], [50, 1000, 500], [100, 1000, 1000], [10, 500, 100],
  ])('percentage %d of %d nodes → %d', (pct, nodes, want) => expect(numFeasibleNodesToFind(pct, nodes)).toBe(want));
});

describe('KubeSchedulerConfiguration', () => {
  const all = new Set(DEFAULT_MULTIPOINT.map((r) => r.name));
  const impl = (points: Record<string, string[]>) => (name: string, point: string) => (points[point] ?? []).includes(name);
  const filterPlugins = { filter: ['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeResourcesFit'], score: ['TaintToleration', 'NodeResourcesFit', 'ImageLocality'], queueSort: ['PrioritySort'], bind: ['DefaultBinder'] };

  it('expands multiPoint into each point the plugin implements, with default weights', () => {
    const e = expandProfile(defaultConfiguration(), {}, impl(filterPlugins), all);
    expect(e.points.filter.map((r) => r.name)).toEqual(['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeResourcesFit']);
    expect(e.points.score).toEqual([{ name: 'TaintToleration', weight: 3 }, { name: 'NodeResourcesFit', weight: 1 }, { name: 'ImageLocality', weight: 1 }]);
  });

  it('disables per point, re-weights an enabled plugin, and "*" clears a point', () => {
    const e = expandProfile(defaultConfiguration(), { plugins: { filter: { disabled: [{ name: 'TaintToleration' }] }, score: { disabled: [{ name: '*' }], enabled: [{ name: 'NodeResourcesFit', weight: 5 }] } } }, impl(filterPlugins), all);
    expect(e.points.filter.map((r) => r.name)).toEqual(['NodeUnschedulable', 'NodeName', 'NodeResourcesFit']);
    expect(e.points.score).toEqual([{ name: 'NodeResourcesFit', weight: 5 }]);
  });

  it('refuses unknown plugins and out-of-range weights', () => {
    expect(() => expandProfile(defaultConfiguration(), { plugins: { score: { enabled: [{ name: 'Nope' }] } } }, impl(filterPlugins), all)).toThrow('plugin "Nope" does not exist');
    expect(() => expandProfile(defaultConfiguration(), { plugins: { score: { enabled: [{ name: 'ImageLocality', weight: 101 }] } } }, impl(filterPlugins), all)).toThrow('must be in the range [0, 100]');
  });
});

const mostAllocated = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
        resources:
        - {name: cpu, weight: 1}
        - {name: memory, weight: 1}
  plugins:
    score:
      # System default topology spreading (weight 2) would otherwise outweigh packing, as it does upstream.
      disabled:
      - name: NodeResourcesBalancedAllocation
      - name: PodTopologySpread
`;

describe('scheduling through the cluster', () => {
  it('spreads with LeastAllocated and packs with MostAllocated loaded by sim scheduler config', () => {
    const spread = clusterWithNodes(2);
    mustExec(spread, 'kubectl apply -f -', deploymentYaml('web', 2, { cpu: '500m' }));
    spread.advance(10);
    expect(new Set(pods(spread).map((p) => p.spec?.nodeName)).size).toBe(2);

    const packed = clusterWithNodes(2);
    expect(mustExec(packed, 'sim scheduler config -f -', mostAllocated)).toBe('scheduler configuration loaded: profiles default-scheduler\n');
    mustExec(packed, 'kubectl apply -f -', deploymentYaml('web', 2, { cpu: '500m' }));
    packed.advance(10);
    expect(new Set(pods(packed).map((p) => p.spec?.nodeName)).size).toBe(1);
    expect(mustExec(packed, 'sim scheduler config')).toContain('type: MostAllocated');
    // The configuration survives a snapshot.
    const restored = createCluster({ snapshot: JSON.parse(JSON.stringify(packed.snapshot())) });
    expect(mustExec(restored, 'sim scheduler config')).toContain('type: MostAllocated');
  });

  it('refuses a bad configuration and keeps the running one', () => {
    const c = clusterWithNodes(1);
    const r = c.exec('sim scheduler config -f -', mostAllocated.replace('MostAllocated', 'Sideways'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('invalid scheduler configuration, keeping the running one: ');
    expect(r.stderr).toContain('scoringStrategy.type: Unsupported value: "Sideways"');
    expect(c.exec('sim scheduler config -f -', 'apiVersion: v1\nkind: KubeSchedulerConfiguration\n').stderr).toContain('apiVersion: Unsupported value: "v1"');
    expect(mustExec(c, 'sim scheduler config')).not.toContain('Sideways');
  });

  it('routes pods to profiles by spec.schedulerName and leaves unknown scheduler names alone', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'sim scheduler config -f -', `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: packer
  pluginConfig:
  - name: NodeResourcesFit
    args: {scoringStrategy: {type: MostAllocated}}
`);
    const y = (name: string, scheduler: string) => deploymentYaml(name, 2).replace('    spec:\n      containers:', `    spec:\n      schedulerName: ${scheduler}\n      containers:`);
    mustExec(c, 'kubectl apply -f -', y('packed', 'packer'));
    mustExec(c, 'kubectl apply -f -', y('orphan', 'nobody'));
    c.advance(10);
    expect(pods(c, 'packed').every((p) => p.status?.phase === 'Running')).toBe(true);
    expect(pods(c, 'orphan').every((p) => p.status?.phase === 'Pending' && !p.spec?.nodeName)).toBe(true);
  });

  it('holds gated pods out of the queue until the gates are removed', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: gated}\nspec:\n  schedulingGates: [{name: example.com/quota}]\n  containers: [{name: c, image: nginx:1.27}]\n');
    c.advance(10);
    const p = JSON.parse(mustExec(c, 'kubectl get pod gated -o json'));
    expect(p.spec.nodeName).toBeUndefined();
    expect(p.status.conditions).toContainEqual(expect.objectContaining({ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }));
    expect(mustExec(c, 'kubectl get pod gated')).toMatch(/gated\s+0\/1\s+SchedulingGated/);
    mustExec(c, `kubectl patch pod gated --type json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`);
    c.advance(10);
    expect(JSON.parse(mustExec(c, 'kubectl get pod gated -o json')).status.phase).toBe('Running');
  });

  it('keeps a host port for one pod per node', () => {
    const c = clusterWithNodes(1);
    const y = deploymentYaml('hp', 2).replace('        resources:', '        ports:\n        - containerPort: 80\n          hostPort: 8080\n        resources:');
    mustExec(c, 'kubectl apply -f -', y);
    c.advance(10);
    const pending = pods(c, 'hp').filter((p) => p.status?.phase === 'Pending');
    expect(pending).toHaveLength(1);
    const ev = JSON.parse(mustExec(c, 'kubectl get events -o json')).items.find((e: { reason: string }) => e.reason === 'FailedScheduling');
    expect(ev.message).toMatch(/^0\/1 nodes are available: 1 node\(s\) didn't have free ports for the requested pod ports\./);
  });

  it('explains a decision as text and JSON', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: nginx:1.27, resources: {requests: {cpu: 100m}}}]\n');
    c.advance(5);
    const text = mustExec(c, 'sim explain pod p');
    expect(text).toMatch(/Result: Scheduled on w[12]/);
    expect(text).toContain('NodeResourcesFit');
    const json = JSON.parse(mustExec(c, 'sim explain pod p -o json'));
    expect(json).toMatchObject({ pod: 'default/p', result: 'Scheduled', nodesTotal: 2, feasible: 2 });
    expect(json.scores[0].plugins.map((x: { plugin: string }) => x.plugin)).toEqual(expect.arrayContaining(['TaintToleration', 'NodeResourcesFit', 'NodeResourcesBalancedAllocation', 'ImageLocality']));
  });

  it('property: never binds a pod where the requests exceed what is left of allocatable', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 4096 })), { minLength: 1, maxLength: 25 }),
      (cpus, asks) => {
        const c = createCluster({ seed: cpus.length + asks.length });
        cpus.forEach((cpu, i) => mustExec(c, `sim node add n${i} --cpu ${cpu} --memory 8Gi`));
        asks.forEach(([cpu, mem], i) => c.exec('kubectl apply -f -', `apiVersion: v1\nkind: Pod\nmetadata: {name: p${i}}\nspec:\n  containers: [{name: c, image: nginx:1.27, resources: {requests: {cpu: ${cpu}m, memory: ${mem}Mi}}}]\n`));
        c.advance(20);
        const used = new Map<string, { cpu: number; mem: number }>();
        for (const p of c.list('Pod') as unknown as { spec: { nodeName?: string; containers: { resources: { requests?: { cpu?: string; memory?: string } } }[] } }[]) {
          if (!p.spec.nodeName) continue;
          const u = used.get(p.spec.nodeName) ?? { cpu: 0, mem: 0 };
          // System pods (flannel, kube-proxy, CoreDNS) count too; some request nothing.
          const req = p.spec.containers[0].resources.requests;
          const r = { cpu: req?.cpu ?? '0m', memory: req?.memory ?? '0Mi' };
          u.cpu += parseInt(r.cpu.endsWith('m') ? r.cpu : String(Number(r.cpu) * 1000), 10);
          u.mem += parseInt(r.memory, 10) * (r.memory.endsWith('Gi') ? 1024 : 1);
          used.set(p.spec.nodeName, u);
        }
        for (const [node, u] of used) {
          const i = Number(node.slice(1));
          expect(u.cpu).toBeLessThanOrEqual(cpus[i] * 1000);
          expect(u.mem).toBeLessThanOrEqual(8 * 1024 - 100);
        }
      }), { numRuns: 30 });
  }, 60_000);
});

describe('binding cycle', () => {
  it('marks the attempt Error when the binding is rejected (another binder was first)', () => {
    const h = schedulerHarness(1);
    h.addNodes(2);
    h.run();
    h.addPods(1, 'plain');
    while (h.scheduler.traces.forPod('default/pod-0')?.result !== 'Scheduled') h.clock.step();
    h.store.bind('default', 'pod-0', 'node-1');
    h.clock.advance(20);
    expect(h.scheduler.traces.forPod('default/pod-0')!.result).toBe('Error');
  });
});

describe('rejected nodes', () => {
  it('an attempt keeps the nodes it rejected while later attempts reject others (the log is not shared)', () => {
    const c = createCluster({ seed: 1 });
    [1, 2, 4].forEach((cpu, i) => mustExec(c, `sim node add n${i + 1} --cpu ${cpu} --memory 8Gi`));
    const pod = (name: string, cpu: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}}\nspec:\n  containers: [{name: c, image: nginx:1.27, resources: {requests: {cpu: ${cpu}}}}]\n`;
    mustExec(c, 'kubectl apply -f -', pod('a', '3'));
    c.advance(5);
    mustExec(c, 'kubectl apply -f -', pod('b', '1500m'));
    c.advance(5);
    const rejected = (name: string) => JSON.parse(mustExec(c, `sim explain pod ${name} -o json`)).rejected.map((r: { node: string }) => r.node).sort();
    expect(rejected('b')).toEqual(['n1', 'n3']);
    expect(rejected('a')).toEqual(['n1', 'n2']);
  });
});
