// The training operator in a running cluster: a PyTorchJob waits for its whole gang (GPU nodes), then runs and
// succeeds; failure and restart policies; the reconcile loop converges, is idempotent, survives an operator
// restart and a snapshot.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { inDefault, mustExec } from '../../testing/fixtures.ts';
import type { PyTorchJob } from './controller.ts';

const jobYaml = (opts: { workers?: number; workerCmd?: string; restartPolicy?: string; annotations?: string; backoffLimit?: number } = {}) => `apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: mnist}
spec:
${opts.backoffLimit !== undefined ? `  runPolicy: {backoffLimit: ${opts.backoffLimit}}\n` : ''}  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
          - {name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "sleep 60"], resources: {limits: {nvidia.com/gpu: 1}}}
    Worker:
      replicas: ${opts.workers ?? 2}
      restartPolicy: ${opts.restartPolicy ?? 'OnFailure'}
      template:
${opts.annotations ? `        metadata: {annotations: {${opts.annotations}}}\n` : ''}        spec:
          containers:
          - {name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "${opts.workerCmd ?? 'sleep 60'}"], resources: {limits: {nvidia.com/gpu: 1}}}
`;

function trainingCluster(gpuNodes: number, seed = 5): KubesimCluster {
  const c = createCluster({ seed });
  for (let i = 1; i <= gpuNodes; i++) mustExec(c, `sim node add g${i} --gpus 2`);
  mustExec(c, 'sim operator install training');
  c.advance(20);
  return c;
}

const job = (c: KubesimCluster) => inDefault(c, 'PyTorchJob')[0] as unknown as PyTorchJob;
const state = (c: KubesimCluster) => job(c).status?.conditions?.at(-1)?.type;
const jobPods = (c: KubesimCluster) => (inDefault(c, 'Pod') as unknown as Pod[]).filter((p) => p.metadata?.name?.startsWith('mnist-'));
const events = (c: KubesimCluster, reason: string) => (inDefault(c, 'Event') as unknown as Event[]).filter((e) => e.reason === reason);

describe('training operator (PyTorchJob)', () => {
  it('registers its CRD and gang scheduler on install', () => {
    const c = trainingCluster(0);
    expect(mustExec(c, 'sim operator list').split('\n')[1]).toMatch(/^training\s+true\s+pytorchjobs\.kubeflow\.org\s+Kubeflow Training Operator/);
    expect(c.exec('kubectl apply -f -', jobYaml().replace('replicas: 2', 'replicas: -1')).stderr).toBe(
      'The PyTorchJob "mnist" is invalid: spec.pytorchReplicaSpecs.Worker.replicas: Invalid value: -1: spec.pytorchReplicaSpecs.Worker.replicas in body should be greater than or equal to 0\n');
  });

  it('waits for the full gang, then runs it, and succeeds when the master does', () => {
    const c = trainingCluster(1);
    mustExec(c, 'kubectl apply -f -', jobYaml());
    c.advance(30);
    // 3 GPUs wanted, 2 on the node: nothing starts, not even the members that would fit.
    expect(jobPods(c).map((p) => [p.metadata!.name, p.spec!.nodeName ?? ''])).toEqual([['mnist-master-0', ''], ['mnist-worker-0', ''], ['mnist-worker-1', '']]);
    expect(mustExec(c, 'kubectl get pytorchjob')).toBe('NAME    STATE     AGE\nmnist   Created   30s\n');
    const pg = inDefault(c, 'PodGroup')[0] as { spec?: { minMember?: number } };
    expect(pg.spec?.minMember).toBe(3);
    mustExec(c, 'sim node add g2 --gpus 2');
    c.advance(40);
    expect(jobPods(c).every((p) => p.status?.phase === 'Running')).toBe(true);
    expect(state(c)).toBe('Running');
    const worker = jobPods(c).find((p) => p.metadata!.name === 'mnist-worker-1')!;
    expect(worker.spec!.containers[0].env).toEqual([
      { name: 'MASTER_PORT', value: '23456' }, { name: 'MASTER_ADDR', value: 'mnist-master-0' },
      { name: 'WORLD_SIZE', value: '3' }, { name: 'RANK', value: '2' }, { name: 'PYTHONUNBUFFERED', value: '1' },
    ]);
    c.advance(90);
    expect(state(c)).toBe('Succeeded');
    expect(job(c).status!.conditions!.map((x) => [x.type, x.status, x.message])).toEqual([
      ['Created', 'True', 'PyTorchJob mnist is created.'],
      ['Running', 'False', 'PyTorchJob default/mnist is running.'],
      ['Succeeded', 'True', 'PyTorchJob default/mnist successfully completed.'],
    ]);
    expect(job(c).status!.replicaStatuses).toEqual({ Master: { succeeded: 1 }, Worker: { succeeded: 2 } });
    expect(events(c, 'PyTorchJobSucceeded').map((e) => e.message)).toEqual(['PyTorchJob default/mnist successfully completed.']);
  });

  it('fails when a worker with restartPolicy Never fails', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml({ restartPolicy: 'Never', workerCmd: 'sleep 5; exit 1' }));
    c.advance(60);
    expect(state(c)).toBe('Failed');
    expect(job(c).status!.conditions!.at(-1)!.message).toMatch(/^PyTorchJob default\/mnist has failed because [12] Worker replica\(s\) failed\.$/);
    expect(events(c, 'PyTorchJobFailed').length).toBe(1);
  });

  it('fails on the backoff limit when OnFailure restarts pile up', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml({ workerCmd: 'sleep 2; exit 1', backoffLimit: 1 }));
    c.advance(120);
    expect(state(c)).toBe('Failed');
    expect(job(c).status!.conditions!.at(-1)!.message).toBe('PyTorchJob mnist has failed because it has reached the specified backoff limit');
  });

  it('recreates a pod that exits with a retryable code under the ExitCode policy', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml({ restartPolicy: 'ExitCode', workers: 1, annotations: 'kubesim.io/behavior: "pytorch: exit-after=5s,code=137"' }));
    c.advance(40);
    const recreated = events(c, 'ExitedWithCode');
    expect(recreated.length).toBeGreaterThan(0);
    expect(recreated[0].message).toBe('Pod: default.mnist-worker-0 exited with code 137');
    expect(job(c).status!.conditions!.some((x) => x.type === 'Failed')).toBe(false);
  });

  it('is idempotent once converged: a resync writes nothing', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml());
    c.advance(200);
    expect(state(c)).toBe('Succeeded');
    const rv = job(c).metadata.resourceVersion;
    const names = jobPods(c).map((p) => p.metadata!.uid);
    c.advance(15 * 60); // past the informers' 10-minute resync
    expect(job(c).metadata.resourceVersion).toBe(rv);
    expect(jobPods(c).map((p) => p.metadata!.uid)).toEqual(names);
  });

  it('converges to the same result whenever the operator restarts (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 30 }), (at, down) => {
      const c = trainingCluster(2, 7);
      mustExec(c, 'kubectl apply -f -', jobYaml());
      c.advance(at);
      mustExec(c, 'sim operator uninstall training');
      c.advance(down);
      mustExec(c, 'sim operator install training');
      c.advance(240);
      expect(state(c)).toBe('Succeeded');
      expect(jobPods(c).map((p) => p.metadata!.name)).toEqual(['mnist-master-0', 'mnist-worker-0', 'mnist-worker-1']);
      expect(inDefault(c, 'PodGroup').length).toBe(1);
      expect(inDefault(c, 'Service').filter((s) => s.metadata.name === 'mnist-master-0').length).toBe(1);
      expect(events(c, 'SuccessfulCreatePod').length).toBe(3);
    }), { numRuns: 4 });
  });

  it('keeps running after a snapshot and restore', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml());
    c.advance(10);
    const restored = createCluster({ snapshot: c.snapshot() });
    expect(mustExec(restored, 'sim operator list').split('\n')[1]).toMatch(/^training\s+true\s/);
    restored.advance(200);
    expect(state(restored)).toBe('Succeeded');
  });

  it('deleting the job removes its pods, PodGroup and Service', () => {
    const c = trainingCluster(2);
    mustExec(c, 'kubectl apply -f -', jobYaml());
    c.advance(30);
    mustExec(c, 'kubectl delete pytorchjob mnist');
    c.advance(60);
    expect(jobPods(c)).toEqual([]);
    expect(inDefault(c, 'PodGroup')).toEqual([]);
    expect(inDefault(c, 'Service').filter((s) => s.metadata.name === 'mnist-master-0')).toEqual([]);
  });
});
