import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { Cluster } from '../../cluster.ts';
import { StatusError } from '../../apiserver/errors.ts';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';

const pdbYaml = (spec: string, name = 'web') =>
  `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: ${name}\nspec:\n${spec}\n  selector:\n    matchLabels:\n      app: web\n`;

function setup(replicas: number, spec: string) {
  const c = clusterWithNodes(2);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', replicas));
  mustExec(c, 'kubectl apply -f -', pdbYaml(spec));
  c.advance(30);
  return { c, store: (c as unknown as Cluster).store };
}

const pdbOf = (c: ReturnType<typeof clusterWithNodes>) => JSON.parse(mustExec(c, 'kubectl get pdb web -o json')) as PodDisruptionBudget;

function evictError(fn: () => void): StatusError {
  try { fn(); } catch (e) { if (e instanceof StatusError) return e; throw e; }
  throw new Error('expected a refusal');
}

describe('disruption controller and the Eviction API', () => {
  it('computes the budget\'s status and conditions', () => {
    const { c } = setup(2, '  minAvailable: 2');
    const { status } = pdbOf(c);
    expect(status).toMatchObject({ currentHealthy: 2, desiredHealthy: 2, expectedPods: 2, disruptionsAllowed: 0, observedGeneration: 1 });
    expect(status?.conditions).toEqual([{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: 1, lastTransitionTime: expect.any(String) }]);
    expect(mustExec(c, 'kubectl get pdb').split('\n')[1].split(/ {2,}/)).toEqual(['web', '2', 'N/A', '0', '30s']);
  });

  it('refuses an eviction the budget forbids, then allows one after scaling up', () => {
    const { c, store } = setup(2, '  minAvailable: 2');
    const victim = pods(c, 'web')[0].metadata.name!;
    const e = evictError(() => store.evict('default', victim));
    expect(e.status).toMatchObject({
      code: 429, reason: 'TooManyRequests', message: "Cannot evict pod as it would violate the pod's disruption budget.",
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 2 currently', field: '' }] },
    });
    expect(pods(c, 'web').every((p) => !p.metadata.deletionTimestamp)).toBe(true);

    mustExec(c, 'kubectl scale deployment web --replicas 3');
    c.advance(30);
    expect(pdbOf(c).status).toMatchObject({ currentHealthy: 3, desiredHealthy: 2, expectedPods: 3, disruptionsAllowed: 1 });
    store.evict('default', victim);
    const after = pdbOf(c).status!;
    expect(after.disruptionsAllowed).toBe(0);
    expect(Object.keys(after.disruptedPods ?? {})).toEqual([victim]);
    expect(after.conditions?.[0]).toMatchObject({ status: 'False', reason: 'InsufficientPods' });
    const evicted = store.get<Pod>('Pod', 'default', victim);
    expect(evicted.metadata.deletionTimestamp).toBeDefined();
    expect(evicted.status?.conditions?.find((x) => x.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
    // A second eviction at once is refused: the first one is still being spent.
    const other = pods(c, 'web').find((p) => !p.metadata.deletionTimestamp)!.metadata.name!;
    expect(evictError(() => store.evict('default', other)).status.code).toBe(429);

    c.advance(60);
    expect(pods(c, 'web').map((p) => p.metadata.name)).not.toContain(victim);
    expect(pdbOf(c).status).toMatchObject({ currentHealthy: 3, disruptionsAllowed: 1 });
    expect(pdbOf(c).status?.disruptedPods).toBeUndefined();
  });

  it('scales maxUnavailable percentages by the controller\'s replicas, rounding up', () => {
    const { c } = setup(4, '  maxUnavailable: 30%');
    expect(pdbOf(c).status).toMatchObject({ expectedPods: 4, desiredHealthy: 2, currentHealthy: 4, disruptionsAllowed: 2 });
    expect(pdbOf(c).status?.conditions?.[0]).toMatchObject({ status: 'True', reason: 'SufficientPods' });
  });

  it('says 429 until the controller has observed the budget\'s generation', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', pdbYaml('  maxUnavailable: 1'));
    const victim = pods(c, 'web')[0].metadata.name!;
    const e = evictError(() => (c as unknown as Cluster).store.evict('default', victim));
    expect(e.status.details?.causes?.[0].message).toBe('The disruption budget web is still being processed by the server.');
    expect(e.status.details?.retryAfterSeconds).toBe(10);
    c.advance(1);
    (c as unknown as Cluster).store.evict('default', victim);
  });

  it('evicts a Pending pod without asking the budget', () => {
    const c = clusterWithNodes(1, 1, '--cpu 1 --memory 1Gi');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1, { cpu: '2' }));
    mustExec(c, 'kubectl apply -f -', pdbYaml('  minAvailable: 1'));
    c.advance(10);
    const [p] = pods(c, 'web');
    expect(p.status?.phase).toBe('Pending');
    (c as unknown as Cluster).store.evict('default', p.metadata.name!);
    expect(pods(c, 'web').map((x) => x.metadata.name)).not.toContain(p.metadata.name);
  });

  it('warns about pods without a controller when the budget needs their scale', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: lone\n  labels:\n    app: web\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n');
    mustExec(c, 'kubectl apply -f -', pdbYaml('  maxUnavailable: 1'));
    c.advance(20);
    const ev = JSON.parse(mustExec(c, 'kubectl get events -o json')).items.find((e: { reason: string }) => e.reason === 'UnmanagedPods');
    expect(ev).toMatchObject({ type: 'Warning', source: { component: 'controllermanager' }, involvedObject: { kind: 'PodDisruptionBudget', name: 'web' } });
    expect(ev.message).toBe('Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.');
    expect(pdbOf(c).status).toMatchObject({ expectedPods: 0, disruptionsAllowed: 0 });
  });

  it('refuses a spec with both minAvailable and maxUnavailable, and a percentage over 100%', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl apply -f -', pdbYaml('  minAvailable: 1\n  maxUnavailable: 1')).stderr).toContain('spec: Invalid value: minAvailable and maxUnavailable cannot be both set');
    expect(c.exec('kubectl apply -f -', pdbYaml('  minAvailable: 120%')).stderr)
      .toContain('spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%');
  });
});
