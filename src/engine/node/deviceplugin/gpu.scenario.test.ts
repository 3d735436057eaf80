// Headless scenarios of GPUs: what a user sees through kubectl and `sim gpu`.
import fc from 'fast-check';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import type { Kubelet } from '../kubelet/kubelet.ts';

function gpuDeployment(name: string, replicas: number, limits: Record<string, number>): string {
  const lim = Object.entries(limits).map(([k, v]) => `            ${k}: ${v}`).join('\n');
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: cuda
        image: nvidia/cuda:12.4.0-base-ubuntu22.04
        command: [sleep, infinity]
        resources:
          limits:
${lim}
`;
}

const getPods = (c: KubesimCluster, app?: string): Pod[] => (c.list('Pod') as Pod[]).filter((p) => p.metadata?.namespace === 'default' && (!app || p.metadata?.labels?.app === app));
const node = (c: KubesimCluster, name: string): Node => JSON.parse(mustExec(c, `kubectl get node ${name} -o json`));
const gpus = (c: KubesimCluster) => (c as Cluster).gpuDevices();
const kubelet = (c: KubesimCluster, name: string): Kubelet => (c as Cluster).nodes['kubelets'].get(name)!;

/** The env a pod's running container was created with (the CRI config the kubelet gave the runtime). */
function containerEnv(c: KubesimCluster, pod: Pod): Record<string, string> {
  const k = kubelet(c, pod.spec!.nodeName!);
  const id = pod.status!.containerStatuses![0].containerID!.replace(/^[a-z]+:\/\//, '');
  return Object.fromEntries((k.runtime.containerConfig(id)?.envs ?? []).map((e) => [e.key, e.value]));
}

/** Every device ID held by a pod, across nodes: none may appear twice. */
function heldIds(c: KubesimCluster): string[] {
  return gpus(c).flatMap((n) => n.devices.filter((d) => d.pod).map((d) => `${n.node}/${d.id}`));
}

describe('a GPU Job', () => {
  it('stays Pending with the upstream message until a GPU node joins, then runs on it', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', `apiVersion: batch/v1
kind: Job
metadata: {name: train}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: train
        image: nvidia/cuda:12.4.0-base-ubuntu22.04
        command: [sleep, "20"]
        resources: {limits: {nvidia.com/gpu: 1}}
`);
    c.advance(30);
    const [pod] = getPods(c);
    expect(pod.status?.phase).toBe('Pending');
    const failed = (c.list('Event') as unknown as Event[]).filter((e) => e.reason === 'FailedScheduling').map((e) => e.message);
    expect(failed).toContain('0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.');
    mustExec(c, 'sim node add gpu1 --gpus 4 --gpu-model A100-80GB');
    c.advance(15);
    const running = getPods(c)[0];
    expect(running.spec?.nodeName).toBe('gpu1');
    expect(running.status?.phase).toBe('Running');
    const held = gpus(c)[0].devices.filter((d) => d.pod);
    expect(held).toEqual([expect.objectContaining({ index: 0, model: 'A100-80GB', memoryMiB: 81920, health: 'Healthy', pod: `default/${running.metadata!.name}`, container: 'train' })]);
    expect(containerEnv(c, running)).toEqual({ NVIDIA_VISIBLE_DEVICES: held[0].id });
    c.advance(30);
    expect(mustExec(c, 'kubectl get job train --no-headers')).toMatch(/^train\s+Complete\s+1\/1/);
    // The finished pod gave its GPU back.
    expect(heldIds(c)).toEqual([]);
  });
});

describe('GPU nodes', () => {
  it('report GFD labels and nvidia.com/gpu capacity; a Deployment fills the slots and the rest stays Pending', () => {
    const c = createCluster({ seed: 3 });
    mustExec(c, 'sim node add g1 --cpu 32 --memory 256Gi --gpus 8 --gpu-model H100-80GB');
    c.advance(2);
    const n = node(c, 'g1');
    expect(n.status?.capacity?.['nvidia.com/gpu']).toBe('8');
    expect(n.status?.allocatable?.['nvidia.com/gpu']).toBe('8');
    expect(n.metadata?.labels?.['nvidia.com/gpu.product']).toBe('NVIDIA-H100-80GB-HBM3');
    mustExec(c, 'kubectl apply -f -', gpuDeployment('llm', 5, { 'nvidia.com/gpu': 2 }));
    c.advance(20);
    const pods = getPods(c, 'llm');
    expect(pods.filter((p) => p.status?.phase === 'Running')).toHaveLength(4);
    expect(pods.filter((p) => p.status?.phase === 'Pending')).toHaveLength(1);
    expect(new Set(heldIds(c)).size).toBe(8);
    // Each pod's pair is on one NUMA node (GPUs 0-3 or 4-7).
    for (const p of pods.filter((q) => q.status?.phase === 'Running')) {
      const idx = gpus(c)[0].devices.filter((d) => d.pod === `default/${p.metadata!.name}`).map((d) => d.index);
      expect(Math.floor(idx[0] / 4)).toBe(Math.floor(idx[1] / 4));
      expect(containerEnv(c, p).NVIDIA_VISIBLE_DEVICES.split(',')).toHaveLength(2);
    }
    expect(mustExec(c, 'sim gpu list g1').split('\n')[0]).toMatch(/^NODE\s+INDEX\s+ID\s+MODEL\s+MEMORY\s+HEALTH\s+POD$/);
  });

  it('advertise MIG devices per profile under the mixed strategy', () => {
    const c = createCluster({ seed: 4 });
    mustExec(c, 'sim node add mig1 --gpus 2 --gpu-model A100-40GB --mig-strategy mixed --mig-profile 3g.20gb,2g.10gb,1g.5gb,1g.5gb');
    c.advance(2);
    const cap = node(c, 'mig1').status?.allocatable ?? {};
    expect([cap['nvidia.com/mig-1g.5gb'], cap['nvidia.com/mig-2g.10gb'], cap['nvidia.com/mig-3g.20gb'], cap['nvidia.com/gpu']]).toEqual(['4', '2', '2', undefined]);
    mustExec(c, 'kubectl apply -f -', gpuDeployment('small', 5, { 'nvidia.com/mig-1g.5gb': 1 }));
    mustExec(c, 'kubectl apply -f -', gpuDeployment('big', 1, { 'nvidia.com/mig-3g.20gb': 1 }));
    c.advance(20);
    expect(getPods(c, 'small').filter((p) => p.status?.phase === 'Running')).toHaveLength(4);
    const big = getPods(c, 'big')[0];
    expect(big.status?.phase).toBe('Running');
    const dev = gpus(c)[0].devices.find((d) => d.pod === `default/${big.metadata!.name}`)!;
    expect(dev).toMatchObject({ resource: 'nvidia.com/mig-3g.20gb', mig: '3g.20gb', memoryMiB: 19968 });
    expect(containerEnv(c, big).NVIDIA_VISIBLE_DEVICES).toMatch(/^MIG-/);
    const pending = getPods(c, 'small').find((p) => p.status?.phase === 'Pending')!;
    const why = (c.list('Event') as unknown as Event[]).find((e) => e.reason === 'FailedScheduling' && e.involvedObject.name === pending.metadata!.name);
    expect(why?.message).toMatch(/^0\/1 nodes are available: 1 Insufficient nvidia.com\/mig-1g.5gb\./);
  });

  it('share time-sliced GPUs between pods', () => {
    const c = createCluster({ seed: 5 });
    mustExec(c, 'sim node add t1 --gpus 2 --gpu-model T4 --gpu-replicas 4');
    c.advance(2);
    expect(node(c, 't1').status?.allocatable?.['nvidia.com/gpu']).toBe('8');
    mustExec(c, 'kubectl apply -f -', gpuDeployment('infer', 4, { 'nvidia.com/gpu': 1 }));
    c.advance(20);
    const running = getPods(c, 'infer').filter((p) => p.status?.phase === 'Running');
    expect(running).toHaveLength(4);
    // Spread over both GPUs: two pods on each.
    const visible = running.map((p) => containerEnv(c, p).NVIDIA_VISIBLE_DEVICES).sort();
    expect(new Set(visible).size).toBe(2);
    expect(visible[0]).toBe(visible[1]);
  });
});

describe('a GPU failure', () => {
  it('makes the device unhealthy, drops allocatable, fails the pod on it until the GPU is healed', () => {
    const c = createCluster({ seed: 6 });
    mustExec(c, 'sim node add g1 --gpus 2 --gpu-model L4');
    mustExec(c, 'sim node add g2 --gpus 2 --gpu-model L4');
    c.advance(2);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: victim}
spec:
  nodeName: g1
  restartPolicy: Never
  containers:
  - name: cuda
    image: nvidia/cuda:12.4.0-base-ubuntu22.04
    command: [sleep, infinity]
    resources: {limits: {nvidia.com/gpu: 1}}
`);
    c.advance(10);
    const held = gpus(c).find((n) => n.node === 'g1')!.devices.find((d) => d.pod === 'default/victim')!;
    expect(mustExec(c, `sim gpu fail g1 ${held.index}`)).toBe(`node/g1 GPU ${held.index}: Xid 79\n`);
    c.advance(5);
    const n = node(c, 'g1');
    expect([n.status?.capacity?.['nvidia.com/gpu'], n.status?.allocatable?.['nvidia.com/gpu']]).toEqual(['2', '1']);
    const victim = getPods(c).find((p) => p.metadata?.name === 'victim')!;
    expect(victim.status?.phase).toBe('Failed');
    expect(victim.status?.containerStatuses?.[0].state?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(mustExec(c, 'kubectl logs victim')).toContain('CUDA error: unspecified launch failure');
    expect(mustExec(c, 'sim gpu list g1')).toMatch(/Unhealthy \(Xid 79\)/);
    // A pod started on the broken GPU fails at once (the kubelet still hands it out when asked by name).
    expect(gpus(c).find((x) => x.node === 'g1')!.devices.every((d) => !d.pod)).toBe(true);
    mustExec(c, 'sim gpu heal g1 ' + held.index);
    c.advance(2);
    expect(node(c, 'g1').status?.allocatable?.['nvidia.com/gpu']).toBe('2');
    expect(() => mustExec(c, 'sim gpu heal g1 ' + held.index)).toThrow(`GPU ${held.index} of node "g1" is not failed`);
  });

  it('keeps a crash-looping pod on a broken GPU crashing, with the start-up CUDA error', () => {
    const c = createCluster({ seed: 7 });
    mustExec(c, 'sim node add g1 --gpus 1 --gpu-model L4');
    c.advance(2);
    mustExec(c, 'kubectl apply -f -', gpuDeployment('svc', 1, { 'nvidia.com/gpu': 1 }));
    c.advance(10);
    mustExec(c, 'sim gpu fail g1 0');
    c.advance(60);
    const p = getPods(c, 'svc')[0];
    expect(p.status?.containerStatuses?.[0].restartCount).toBeGreaterThanOrEqual(2);
    expect(mustExec(c, `kubectl logs ${p.metadata!.name}`)).toContain('CUDA error: no CUDA-capable device is detected');
  });

  it('rejects at admission a pod bound past the free devices, as the kubelet words it', () => {
    const c = createCluster({ seed: 8 });
    mustExec(c, 'sim node add g1 --gpus 2 --gpu-model L4');
    c.advance(2);
    mustExec(c, 'sim gpu fail g1 1');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: greedy}\nspec:\n  nodeName: g1\n  containers:\n  - name: c\n    image: nvidia/cuda:12.4.0-base-ubuntu22.04\n    resources: {limits: {nvidia.com/gpu: 2}}\n');
    c.advance(3);
    const p = getPods(c)[0];
    const message = 'Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 2, Available: 1, which is unexpected';
    expect(p.status).toMatchObject({ phase: 'Failed', reason: 'UnexpectedAdmissionError', message: `Pod was rejected: ${message}` });
    const ev = (c.list('Event') as unknown as Event[]).filter((e) => e.involvedObject.name === 'greedy' && e.reason === 'UnexpectedAdmissionError');
    expect(ev.map((e) => [e.type, e.message, e.source?.component])).toEqual([['Warning', message, 'kubelet']]);
    expect(heldIds(c)).toEqual([]);
  });
});

describe('the kubelet admission of extended resources no plugin serves', () => {
  it('rejects a pod bound by name to a node without the resource, with the predicate\'s texts', () => {
    const c = clusterWithNodes(1);
    c.advance(2);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: lost}\nspec:\n  nodeName: w1\n  containers:\n  - name: c\n    image: nvidia/cuda:12.4.0-base-ubuntu22.04\n    resources: {limits: {nvidia.com/gpu: 1}}\n');
    c.advance(3);
    const message = "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0";
    expect(getPods(c)[0].status).toMatchObject({ phase: 'Failed', reason: 'OutOfnvidia.com/gpu', message: `Pod was rejected: ${message}` });
    const ev = (c.list('Event') as unknown as Event[]).filter((e) => e.involvedObject.name === 'lost' && e.type === 'Warning');
    expect(ev.map((e) => [e.reason, e.message])).toEqual([['OutOfnvidia.com/gpu', message]]);
  });
});

describe('device state', () => {
  it('survives a kubelet restart (sim node stop/start) and a snapshot restore, without handing a device out twice', () => {
    const c = createCluster({ seed: 9 });
    mustExec(c, 'sim node add g1 --cpu 16 --memory 64Gi --gpus 4 --gpu-model A100-40GB --nvlink pairs --labels team=ml');
    c.advance(2);
    mustExec(c, 'kubectl apply -f -', gpuDeployment('a', 1, { 'nvidia.com/gpu': 1 }));
    c.advance(10);
    mustExec(c, 'sim gpu fail g1 3');
    const before = gpus(c);
    mustExec(c, 'sim node stop g1');
    c.advance(5);
    mustExec(c, 'sim node start g1');
    c.advance(5);
    expect(gpus(c)).toEqual(before);

    const restored = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    expect(gpus(restored)).toEqual(before);
    expect(node(restored, 'g1').metadata?.labels).toEqual(node(c, 'g1').metadata?.labels);
    expect((restored as Cluster).nodeSpecs()).toEqual((c as Cluster).nodeSpecs());
    restored.advance(1);
    expect(gpus(restored)).toEqual(before);
    const a = getPods(restored, 'a')[0];
    expect(containerEnv(restored, a)).toEqual(containerEnv(c, getPods(c, 'a')[0]));
    mustExec(restored, 'kubectl apply -f -', gpuDeployment('b', 3, { 'nvidia.com/gpu': 1 }));
    restored.advance(20);
    // Four GPUs, one broken: a's and two of b's; the third b waits.
    expect(getPods(restored, 'b').filter((p) => p.status?.phase === 'Running')).toHaveLength(2);
    const ids = heldIds(restored);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3);
    expect(node(restored, 'g1').status?.allocatable?.['nvidia.com/gpu']).toBe('3');
  });
});

describe('sim gpu', () => {
  it.each([
    ['sim node add g --gpus 0', 'invalid argument "0" for "--gpus": must be a whole number from 1 to 16'],
    ['sim node add g --gpus two', 'invalid argument "two" for "--gpus": must be a whole number'],
    ['sim node add g --gpu-model T4', '--gpu-model needs --gpus'],
    ['sim node add g --gpus 1 --gpu-model T4 --mig-strategy single --mig-profile 1g.5gb', 'T4 does not support MIG'],
    ['sim gpu fail w1 0', 'node "w1" has no GPUs'],
    ['sim gpu fail nope 0', 'node "nope" not found'],
    ['sim gpu fail g1 x', 'invalid GPU index "x": must be a whole number'],
    ['sim gpu fail g1 9', 'node "g1" has no GPU 9 (it has 1: 0-0)'],
    ['sim gpu reset g1 0', 'unknown command "gpu reset" for "sim": expected list, fail or heal'],
  ])('%s fails clearly', (line, message) => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim node add g1 --gpus 1 --gpu-model T4');
    const r = c.exec(line);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(gpus(c).map((n) => n.node)).toEqual(['g1']);
  });

  it('lists no GPUs on a cluster without GPU nodes', () => {
    const c = clusterWithNodes(1);
    expect(mustExec(c, 'sim gpu list')).toBe('No GPU nodes. Add one with: sim node add gpu1 --gpus 8 --gpu-model H100-80GB\n');
  });
});

describe('property: a cluster under GPU faults and scaling', () => {
  it('never gives one device to two pods, and allocatable is always the healthy devices', () => {
    type Op = { kind: 'scale'; n: number } | { kind: 'fail' | 'heal'; node: number; gpu: number } | { kind: 'advance'; s: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('scale' as const), n: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constantFrom('fail' as const, 'heal' as const), node: fc.integer({ min: 1, max: 2 }), gpu: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('advance' as const), s: fc.integer({ min: 1, max: 40 }) }),
    );
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => {
      const c = createCluster({ seed: 11 });
      mustExec(c, 'sim node add g1 --gpus 4 --gpu-model A100-80GB');
      mustExec(c, 'sim node add g2 --gpus 4 --gpu-model L4 --gpu-replicas 2');
      c.advance(2);
      mustExec(c, 'kubectl apply -f -', gpuDeployment('w', 2, { 'nvidia.com/gpu': 1 }));
      for (const o of ops) {
        if (o.kind === 'scale') mustExec(c, `kubectl scale deploy w --replicas ${o.n}`);
        else if (o.kind === 'advance') c.advance(o.s);
        else c.exec(`sim gpu ${o.kind} g${o.node} ${o.gpu}`);
        c.advance(1);
        const ids = heldIds(c);
        if (new Set(ids).size !== ids.length) return false;
        for (const v of gpus(c)) {
          const healthy = v.devices.filter((d) => d.health === 'Healthy').length;
          const n = (c.list('Node') as unknown as Node[]).find((x) => x.metadata?.name === v.node);
          if (n?.status?.allocatable?.['nvidia.com/gpu'] !== String(healthy)) return false;
        }
      }
      return true;
    }), { numRuns: 6 });
  }, 60_000);
});
