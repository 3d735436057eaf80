// Scenarios through the worker host on the real engine: gallery, validation of scenario text from a link,
// loading a student's variant, checks failing with a reason and passing after the reference solution, and a
// shared snapshot landing in the same cluster.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { EngineHost } from './host.ts';
import type { NodeView, ViewBatch } from './protocol.ts';

function setup() {
  const host = new EngineHost({ createCluster, wallNow: () => 0, every: () => () => undefined });
  const nodes = new Map<string, NodeView>();
  host.subscribe((b: ViewBatch) => {
    if (b.reset) nodes.clear();
    for (const n of b.nodes.upserts) nodes.set(n.name, n);
    for (const k of b.nodes.deletes) nodes.delete(k);
  });
  return { host, nodes };
}

const TINY = `apiVersion: kubesim.io/v1alpha1
kind: Scenario
metadata: { name: tiny }
spec:
  title: { en: Tiny, zh: 小 }
  description: { en: One node, zh: 一个节点 }
  seed: 7
  variables: { app: [a1, a2, a3, a4, a5] }
  cluster: { nodes: [{ name: n, count: 2, cpu: "2", memory: 4Gi }] }
  exercise:
    steps:
    - id: make
      goal: { en: "Create {{app}}", zh: "创建 {{app}}" }
      hints: [{ en: nudge, zh: 提示 }]
      checks: [{ podsReady: { owner: "deployment/{{app}}", count: 1 } }]
      solution: [{ run: "kubectl create deployment {{app}} --image=nginx" }, { run: sim advance 30s }]
`;

describe('scenarios in the worker', () => {
  it('lists the gallery with titles in both languages and counts', () => {
    const { host } = setup();
    const g = host.gallery();
    expect(g.length).toBeGreaterThanOrEqual(18);
    const first = g.find((x) => x.id === 'desired-state');
    expect(first).toMatchObject({ nodes: 3, manifests: 0, steps: 3 });
    expect(first?.title.zh).toBe('期望状态与自愈');
  });

  it('refuses invalid scenario text with every problem named', () => {
    const { host } = setup();
    expect(() => host.inspectScenario('kind: Scenario\napiVersion: kubesim.io/v1alpha1\nmetadata: {name: x}\nspec: {}')).toThrow(/spec\.title/);
    expect(() => host.inspectScenario('a: [')).toThrow(/not valid YAML/);
    expect(host.inspectScenario(TINY)).toEqual({ id: 'tiny', title: { en: 'Tiny', zh: '小' }, description: { en: 'One node', zh: '一个节点' }, nodes: 2, manifests: 0, steps: 1 });
  });

  it('loads a student variant, fails the check with a reason, passes after the solution', async () => {
    const { host, nodes } = setup();
    await host.init();
    const ex = await host.loadScenario({ yaml: TINY }, 'alice');
    expect(ex.problems).toEqual([]);
    expect([...nodes.keys()].sort()).toEqual(['n1', 'n2']);
    const app = ex.variant.app;
    expect(ex.steps[0].goal.en).toBe(`Create ${app}`);
    expect(ex.steps[0].ladder).toHaveLength(2);
    expect(ex.steps[0].ladder[1].en).toContain(`kubectl create deployment ${app}`);
    const before = await host.checkStep({ yaml: TINY }, 'alice', 0);
    expect(before.pass).toBe(false);
    expect(before.checks[0].reason.en).toMatch(/not found|no /i);
    await host.exec(`kubectl create deployment ${app} --image=nginx`);
    await host.exec('sim advance 30s');
    expect((await host.checkStep({ yaml: TINY }, 'alice', 0)).pass).toBe(true);
    // The same name always selects the same variant; after a reload the page asks again without loading.
    expect(host.exercise({ yaml: TINY }, 'alice').variant).toEqual(ex.variant);
    await expect(host.checkStep({ yaml: TINY }, 'alice', 5)).rejects.toThrow(/no step 6/);
  });

  it('loads a shared snapshot instead of setting the scenario up', async () => {
    const a = setup();
    await a.host.init();
    await a.host.loadScenario({ id: 'desired-state' });
    await a.host.exec('kubectl create deployment web --image=nginx --replicas=2');
    await a.host.exec('sim advance 30s');
    const snapshot = await a.host.withCluster((c) => c.snapshot());
    const b = setup();
    await b.host.init();
    await b.host.loadScenario({ id: 'desired-state' }, undefined, structuredClone(snapshot));
    expect((await b.host.exec('kubectl get deploy web -o jsonpath={.status.readyReplicas}')).stdout.trim()).toBe('2');
    expect([...b.nodes.keys()].sort()).toEqual([...a.nodes.keys()].sort());
  });
});
