// The drawer's and the resource browser's data, from the real engine through the worker host.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { EngineHost } from './host.ts';
import { browsableKinds, detailCommand } from './objects.ts';

const BIG_POD = `apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  containers: [{name: c, image: nginx, resources: {requests: {cpu: "3"}}}]
`;

async function host(scenario: string[]) {
  const h = new EngineHost({ createCluster, wallNow: () => 0, every: () => () => undefined, scenario });
  await h.init();
  return h;
}

describe('detail commands', () => {
  it.each([
    [{ kind: 'Pod', namespace: 'default', name: 'web-1' }, 'yaml', 'kubectl get pods/web-1 -n default -o yaml'],
    [{ kind: 'Deployment', namespace: 'shop', name: 'web' }, 'describe', 'kubectl describe deployments.apps/web -n shop'],
    [{ kind: 'Node', namespace: '', name: 'w1' }, 'events', 'kubectl events --for node/w1'],
    [{ kind: 'Pod', namespace: 'default', name: 'web-1' }, 'logs', 'kubectl logs web-1 -n default --all-containers --tail 500'],
  ] as const)('%o %s → %s', (ref, tab, line) => {
    expect(detailCommand(ref, tab)).toBe(line);
  });

  it('refuses logs for a kind without them, and unknown kinds', () => {
    expect(() => detailCommand({ kind: 'Node', namespace: '', name: 'w1' }, 'logs')).toThrow('logs are only available for pods');
    expect(() => detailCommand({ kind: 'Gadget', namespace: '', name: 'x' }, 'yaml')).toThrow('resource type "Gadget"');
  });

  it('lists Pods first and every kind once', () => {
    const ks = browsableKinds();
    expect(ks[0]).toEqual({ kind: 'Pod', resource: 'pods', namespaced: true });
    expect(new Set(ks.map((k) => k.kind)).size).toBe(ks.length);
    expect(ks.find((k) => k.kind === 'Deployment')?.resource).toBe('deployments.apps');
  });
});

describe('EngineHost detail, explain and tables', () => {
  it('explains a Pending pod node by node, and shows its YAML, describe and events', async () => {
    const h = await host(['sim node add w1 --cpu 1 --memory 2Gi', 'sim node add w2 --cpu 4 --memory 16Gi --taints a=b:NoSchedule']);
    await h.exec('kubectl apply -f -', BIG_POD);
    await h.exec('sim advance 5s');
    const x = await h.explain('default', 'big');
    expect(x?.result).toBe('Unschedulable');
    expect(x?.rejected).toEqual([
      { node: 'w1', plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'] },
      { node: 'w2', plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {a: b}'] },
    ]);
    const ref = { kind: 'Pod', namespace: 'default', name: 'big' };
    expect((await h.detail(ref, 'yaml')).stdout).toContain('kind: Pod');
    expect((await h.detail(ref, 'describe')).stdout).toMatch(/Status:\s+Pending/);
    expect((await h.detail(ref, 'events')).stdout).toContain('FailedScheduling');
    expect(await h.explain('default', 'nope')).toBeNull();
    h.dispose();
  });

  it('explains a scheduled pod with scores and the chosen node', async () => {
    const h = await host(['sim node add w1 --cpu 4 --memory 16Gi', 'sim node add w2 --cpu 4 --memory 16Gi']);
    await h.exec('kubectl apply -f -', BIG_POD);
    await h.exec('sim advance 5s');
    const x = await h.explain('default', 'big');
    expect(x?.result).toBe('Scheduled');
    expect(x?.scores.map((s) => s.node).sort()).toEqual(['w1', 'w2']);
    const chosen = x!.scores.find((s) => s.node === x!.node)!;
    expect(chosen.total).toBe(Math.max(...x!.scores.map((s) => s.total)));
    for (const p of chosen.plugins) expect(p.weighted).toBe(p.normalized * p.weight);
    h.dispose();
  });

  it('tables carry kubectl get -A columns and cells', async () => {
    const h = await host(['sim node add w1 --cpu 4 --memory 16Gi']);
    await h.exec('kubectl create deployment web --image=nginx --replicas=2');
    await h.exec('sim advance 30s');
    const pods = await h.table('Pod');
    expect(pods.headers).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(pods.rows.filter((r) => r.namespace === 'default')).toHaveLength(2);
    for (const r of pods.rows) expect(r.cells).toHaveLength(pods.headers.length);
    const nodes = await h.table('Node');
    expect(nodes.headers).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(nodes.rows.map((r) => [r.key, r.namespace, r.cells[0]])).toEqual([['w1', '', 'w1']]);
    const deploys = await h.table('Deployment');
    expect(deploys.rows.find((r) => r.name === 'web')?.cells.slice(0, 3)).toEqual(['default', 'web', '2/2']);
    h.dispose();
  });
});
