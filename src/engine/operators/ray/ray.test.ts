// The Ray operator: a RayCluster's head pod, head Service and worker groups with KubeRay's names and labels, the
// status, worker autoscaling on the simulated pending-task demand within the bounds, and a reconcile that converges
// after an operator restart.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod, Service } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { inDefault, mustExec } from '../../testing/fixtures.ts';
import type { RayCluster } from './types.ts';

const rayYaml = (o: { replicas?: number; min?: number; max?: number; autoscale?: boolean } = {}) => `apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: raycluster}
spec:
  rayVersion: "2.9.0"
  enableInTreeAutoscaling: ${o.autoscale ?? false}
  headGroupSpec:
    rayStartParams: {dashboard-host: 0.0.0.0}
    template:
      spec:
        containers: [{name: ray-head, image: rayproject/ray:2.9.0, resources: {requests: {cpu: "1", memory: 2Gi}}}]
  workerGroupSpecs:
  - groupName: cpu
    replicas: ${o.replicas ?? 2}
    minReplicas: ${o.min ?? 1}
    maxReplicas: ${o.max ?? 4}
    rayStartParams: {num-cpus: "2"}
    template:
      spec:
        containers: [{name: ray-worker, image: rayproject/ray:2.9.0, resources: {requests: {cpu: "2", memory: 2Gi}}}]
`;

function rayCluster(): KubesimCluster {
  const c = createCluster({ seed: 11 });
  for (const n of ['w1', 'w2', 'w3']) mustExec(c, `sim node add ${n} --cpu 8 --memory 32Gi`);
  mustExec(c, 'sim operator install ray');
  c.advance(5);
  return c;
}

const rc = (c: KubesimCluster) => inDefault(c, 'RayCluster')[0] as unknown as RayCluster;
const rayPods = (c: KubesimCluster, type?: string) => (inDefault(c, 'Pod') as unknown as Pod[]).filter((p) => p.metadata?.labels?.['ray.io/cluster'] === 'raycluster' && !p.metadata.deletionTimestamp && (!type || p.metadata.labels['ray.io/node-type'] === type));
const demand = (c: KubesimCluster, tasks: number) => mustExec(c, `kubectl annotate raycluster raycluster kubesim.io/ray-pending-tasks=${tasks} --overwrite`);

describe('ray operator (RayCluster)', () => {
  it('creates the head, its Service and the workers with KubeRay\'s names and labels, and reports ready', () => {
    const c = rayCluster();
    mustExec(c, 'kubectl apply -f -', rayYaml());
    c.advance(120);
    const head = rayPods(c, 'head');
    expect(head.map((p) => p.metadata!.name)).toEqual([expect.stringMatching(/^raycluster-head-[a-z0-9]{5}$/)]);
    expect(head[0].metadata!.labels).toMatchObject({ 'ray.io/cluster': 'raycluster', 'ray.io/node-type': 'head', 'ray.io/group': 'headgroup', 'ray.io/is-ray-node': 'yes' });
    const workers = rayPods(c, 'worker');
    expect(workers.map((p) => p.metadata!.name)).toEqual([expect.stringMatching(/^raycluster-cpu-worker-[a-z0-9]{5}$/), expect.stringMatching(/^raycluster-cpu-worker-[a-z0-9]{5}$/)]);
    expect(workers[0].spec!.containers[0].args).toEqual(['ulimit -n 65536; ray start --address=raycluster-head-svc.default.svc.cluster.local:6379 --num-cpus=2 --block']);
    const svc = inDefault(c, 'Service').find((s) => s.metadata.name === 'raycluster-head-svc') as unknown as Service;
    expect(svc.spec!.ports!.map((p) => [p.name, p.port])).toEqual([['gcs-server', 6379], ['dashboard', 8265], ['client', 10001], ['metrics', 8080]]);
    expect(svc.spec!.selector).toEqual({ 'ray.io/cluster': 'raycluster', 'ray.io/node-type': 'head' });
    expect(rc(c).status).toMatchObject({ state: 'ready', desiredWorkerReplicas: 2, availableWorkerReplicas: 2, minWorkerReplicas: 1, maxWorkerReplicas: 4, desiredCPU: '5', desiredMemory: '6Gi', desiredGPU: '0' });
    expect(mustExec(c, 'kubectl get raycluster').split('\n')[1]).toMatch(/^raycluster\s+2\s+2\s+5\s+6Gi\s+0\s+ready\s+\d+m?\d*s?$/);
  });

  // Pending tasks (1 CPU each, 2 CPUs a worker) → workers, bounded by minReplicas 1 and maxReplicas 4.
  it.each([[0, 1], [3, 2], [6, 3], [40, 4]])('scales workers on the simulated demand: %i pending tasks → %i workers', (tasks, workers) => {
    const c = rayCluster();
    mustExec(c, 'kubectl apply -f -', rayYaml({ autoscale: true }));
    c.advance(30);
    demand(c, tasks);
    c.advance(120);
    expect(rc(c).spec.workerGroupSpecs![0].replicas).toBe(workers);
    expect(rayPods(c, 'worker').length).toBe(workers);
    expect(rc(c).status!.availableWorkerReplicas).toBe(workers);
  });

  it('keeps a hand-set replica count without autoscaling, within the bounds', () => {
    const c = rayCluster();
    mustExec(c, 'kubectl apply -f -', rayYaml({ replicas: 9 }));
    c.advance(60);
    expect(rayPods(c, 'worker').length).toBe(4);
    demand(c, 0); // no autoscaler: the demand is ignored
    c.advance(30);
    expect(rayPods(c, 'worker').length).toBe(4);
  });

  it('converges after an operator restart and is idempotent (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 12 }), (at, down, tasks) => {
      const c = rayCluster();
      mustExec(c, 'kubectl apply -f -', rayYaml({ autoscale: true }));
      c.advance(at);
      mustExec(c, 'sim operator uninstall ray');
      demand(c, tasks);
      c.advance(down);
      mustExec(c, 'sim operator install ray');
      c.advance(120);
      const want = Math.min(4, Math.max(1, Math.ceil(tasks / 2)));
      expect(rayPods(c, 'head').length).toBe(1);
      expect(rayPods(c, 'worker').length).toBe(want);
      const rv = rc(c).metadata.resourceVersion;
      c.advance(15 * 60);
      expect(rc(c).metadata.resourceVersion).toBe(rv);
    }), { numRuns: 3 });
  });
});
