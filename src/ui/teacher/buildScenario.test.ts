// A teacher's exercise, built from a live cluster, is a valid scenario that recreates the same world.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import { evaluateStep, loadScenario, parseScenario } from '../../engine/scenario/index.ts';
import type { NodeView } from '../../worker/protocol.ts';
import { buildScenarioYaml, cleanManifest, scenarioNodes, type Draft } from './buildScenario.ts';

const node = (name: string, over: Partial<NodeView> = {}): NodeView => ({
  name, ready: true, roles: [], capacity: { cpuMilli: 4000, memoryBytes: 16 * 1024 ** 3, pods: 110 },
  allocatable: { cpuMilli: 4000, memoryBytes: 16 * 1024 ** 3, pods: 110 }, requested: { cpuMilli: 0, memoryBytes: 0, pods: 0 },
  labels: { 'kubernetes.io/hostname': name, disk: 'ssd' }, unschedulable: false, taints: [], createdMs: 0, ...over,
});

const draft: Draft = {
  name: 'scale-it',
  title: { en: 'Scale it', zh: '' },
  description: { en: 'Scale the web Deployment', zh: '扩容' },
  steps: [{
    id: '', goal: { en: 'Run 4 replicas of web', zh: '' }, nudge: { en: 'spec.replicas', zh: '' }, stronger: { en: '', zh: '' },
    checks: [{ kind: 'podsReady', body: '{ owner: deployment/web, count: 4 }' }],
    solution: 'kubectl scale deployment web --replicas=4\n\nsim advance 30s\n',
  }],
};

describe('building an exercise from the cluster', () => {
  it('keeps worker nodes with their own labels and taints, in the units sim node add takes', () => {
    const nodes = [node('w2', { capacity: { cpuMilli: 1500, memoryBytes: 512 * 1024 ** 2, pods: 10 }, taints: [{ key: 'gpu', value: '', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', value: '', effect: 'NoExecute' }] }), node('cp', { roles: ['control-plane'] }), node('w1')];
    expect(scenarioNodes(nodes)).toEqual([
      { name: 'w1', cpu: '4', memory: '16Gi', pods: 110, labels: { disk: 'ssd' } },
      { name: 'w2', cpu: '1500m', memory: '512Mi', pods: 10, labels: { disk: 'ssd' }, taints: ['gpu:NoSchedule'] },
    ]);
  });

  it('cleans what the cluster wrote into an object', () => {
    const out = cleanManifest({ kind: 'Service', metadata: { name: 's', uid: 'u', resourceVersion: '5', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}' } }, spec: { clusterIP: '10.96.0.5', ports: [] }, status: {} });
    expect(out).toEqual({ kind: 'Service', metadata: { name: 's' }, spec: { ports: [] } });
  });

  it('produces a valid scenario whose manifests recreate the objects and whose check and solution work', async () => {
    const live = createCluster({ seed: 3 });
    live.exec('sim node add w1 --cpu 4 --memory 16Gi');
    live.exec('kubectl create deployment web --image=nginx --replicas=2');
    live.advance(30);
    const deployment = JSON.parse(live.exec('kubectl get deployment web -o json').stdout) as Record<string, unknown>;
    const yaml = buildScenarioYaml(draft, [node('w1')], [deployment]);
    const scenario = parseScenario(yaml);
    expect(scenario.spec.title).toEqual({ en: 'Scale it', zh: 'Scale it' });
    expect(scenario.spec.exercise?.steps[0]).toMatchObject({ id: 'step-1', hints: [{ en: 'spec.replicas', zh: 'spec.replicas' }], solution: [{ run: 'kubectl scale deployment web --replicas=4' }, { run: 'sim advance 30s' }] });
    const { cluster, problems } = loadScenario(scenario);
    expect(problems).toEqual([]);
    await cluster.advance(30);
    const step = scenario.spec.exercise!.steps[0];
    expect(evaluateStep(cluster, step).pass).toBe(false);
    for (const c of step.solution) if ('run' in c) cluster.exec(c.run);
    expect(evaluateStep(cluster, step).pass).toBe(true);
  });

  it('names the step and check whose YAML does not parse', () => {
    const bad = { ...draft, steps: [{ ...draft.steps[0], checks: [{ kind: 'podsReady' as const, body: '{ owner: [' }] }] };
    expect(() => buildScenarioYaml(bad, [node('w1')], [])).toThrow(/^step 1, check 1:/);
  });
});
