// Dynamic Resource Allocation through a whole cluster: the gate, a DRA GPU node's ResourceSlice, a pod's claim
// made from its template, allocated and reserved at binding, the container's GPUs, a claim shared by two pods, the
// upstream FailedScheduling text for a claim that cannot be satisfied, and deallocation when the pod goes.
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { deviceId, type ResourceClaim } from '../../api/resource.ts';
import { mustExec } from '../../testing/fixtures.ts';

const deviceClass = `apiVersion: resource.k8s.io/v1beta1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.nvidia.com"'}
`;
const template = (name: string, count = 1, selector?: string) => `apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaimTemplate
metadata: {name: ${name}}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        deviceClassName: gpu.nvidia.com
        count: ${count}${selector ? `\n        selectors:\n        - cel: {expression: '${selector}'}` : ''}
`;
const pod = (name: string, claim: { template?: string; claim?: string }) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  resourceClaims:
  - name: gpu
    ${claim.template ? `resourceClaimTemplateName: ${claim.template}` : `resourceClaimName: ${claim.claim}`}
  containers:
  - name: main
    image: nvidia/cuda:12.4.0-base-ubuntu22.04
    command: [sleep, infinity]
    resources:
      claims: [{name: gpu}]
`;

async function draCluster(gpus = 2): Promise<KubesimCluster> {
  const c = createCluster({ seed: 7, featureGates: { DynamicResourceAllocation: true } });
  await mustExec(c, `sim node add gpu1 --gpus ${gpus} --gpu-driver dra`);
  await c.advance(2);
  await mustExec(c, 'kubectl apply -f -', deviceClass);
  return c;
}
const claims = (c: KubesimCluster) => c.list('ResourceClaim') as unknown as ResourceClaim[];
const phase = (c: KubesimCluster, name: string) => (c.list('Pod') as Pod[]).find((p) => p.metadata?.name === name)?.status?.phase;

describe('DynamicResourceAllocation gate', () => {
  it('off (the v1.32 default): resource.k8s.io is not served and the default profile has no DynamicResources', async () => {
    const c = createCluster({ seed: 1 });
    expect((await c.exec('kubectl get resourceclaims')).stderr).toBe('error: the server doesn\'t have a resource type "resourceclaims"\n');
    expect((await c.exec('kubectl apply -f -', deviceClass)).stderr).toContain('no matches for kind "DeviceClass" in version "resource.k8s.io/v1beta1"');
    expect((await c.exec('sim featuregates')).stdout).toBe('NAME                        STAGE   DEFAULT   ENABLED\nDynamicResourceAllocation   BETA    false     false\n');
    await mustExec(c, 'sim featuregates set DynamicResourceAllocation=true');
    await mustExec(c, 'kubectl apply -f -', deviceClass);
    expect((await c.exec('kubectl get deviceclasses')).stdout).toMatch(/^NAME\s+AGE\ngpu\.nvidia\.com\s+0s\n$/);
  });

  it('rejects unknown gates and values as --feature-gates does', async () => {
    const c = createCluster({ seed: 1 });
    expect((await c.exec('sim featuregates set Nope=true')).stderr).toBe('error: invalid argument "Nope=true" for "--feature-gates" flag: unrecognized feature gate: Nope\n');
    expect((await c.exec('sim featuregates set DynamicResourceAllocation=yes')).stderr).toBe('error: invalid argument "DynamicResourceAllocation=yes" for "--feature-gates" flag: invalid value of DynamicResourceAllocation=yes, err: strconv.ParseBool: parsing "yes": invalid syntax\n');
  });

  it('is kept in the snapshot', async () => {
    const c = await draCluster();
    const restored = createCluster({ snapshot: JSON.parse(JSON.stringify(await c.snapshot())) });
    expect((await restored.exec('kubectl get resourceslices')).stdout).toMatch(/gpu1-gpu\.nvidia\.com-\w{5}\s+gpu1\s+gpu\.nvidia\.com\s+gpu1/);
  });
});

describe('DynamicResources through the cluster', () => {
  it('allocates a templated claim, reserves it for the pod and gives the container its GPU', async () => {
    const c = await draCluster();
    await mustExec(c, 'kubectl apply -f -', template('one-gpu') + '---\n' + pod('trainer', { template: 'one-gpu' }));
    await c.advance(20);
    expect(phase(c, 'trainer')).toBe('Running');
    const [claim] = claims(c);
    expect(claim.metadata.name).toMatch(/^trainer-gpu-\w{5}$/);
    expect(claim.metadata.annotations).toEqual({ 'resource.kubernetes.io/pod-claim-name': 'gpu' });
    expect(claim.status?.allocation?.devices?.results).toEqual([{ request: 'gpu', driver: 'gpu.nvidia.com', pool: 'gpu1', device: 'gpu-0' }]);
    expect(claim.status?.reservedFor?.map((r) => r.name)).toEqual(['trainer']);
    expect((await c.exec('kubectl get resourceclaims')).stdout).toMatch(/trainer-gpu-\w{5}\s+allocated,reserved\s+\d+s/);
    expect((await c.exec('kubectl exec trainer -- env')).stdout).toMatch(/^NVIDIA_VISIBLE_DEVICES=GPU-[0-9a-f-]{36}$/m);
  });

  it('leaves a pod whose claim cannot be satisfied Pending with the upstream message', async () => {
    const c = await draCluster(2);
    await mustExec(c, 'kubectl apply -f -', template('three', 3) + '---\n' + pod('greedy', { template: 'three' }));
    await c.advance(20);
    expect(phase(c, 'greedy')).toBe('Pending');
    expect((await c.exec('kubectl describe pod greedy')).stdout).toContain('0/1 nodes are available: 1 cannot allocate all claims. still not schedulable, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    expect((await c.exec('sim explain pod greedy')).stdout).toMatch(/gpu1\s+DynamicResources\s+cannot allocate all claims/);
  });

  it('waits at PreEnqueue for a named claim that does not exist yet', async () => {
    const c = await draCluster();
    await mustExec(c, 'kubectl apply -f -', pod('early', { claim: 'later' }));
    await c.advance(5);
    expect(phase(c, 'early')).toBe('Pending');
    await mustExec(c, 'kubectl apply -f -', 'apiVersion: resource.k8s.io/v1beta1\nkind: ResourceClaim\nmetadata: {name: later}\nspec:\n  devices:\n    requests: [{name: gpu, deviceClassName: gpu.nvidia.com}]\n');
    await c.advance(10);
    expect(phase(c, 'early')).toBe('Running');
  });

  it('shares one claim between pods and deallocates it when the last one goes', async () => {
    const c = await draCluster();
    await mustExec(c, 'kubectl apply -f -', 'apiVersion: resource.k8s.io/v1beta1\nkind: ResourceClaim\nmetadata: {name: shared}\nspec:\n  devices:\n    requests: [{name: gpu, deviceClassName: gpu.nvidia.com}]\n');
    await mustExec(c, 'kubectl apply -f -', pod('a', { claim: 'shared' }) + '---\n' + pod('b', { claim: 'shared' }));
    await c.advance(20);
    expect([phase(c, 'a'), phase(c, 'b')]).toEqual(['Running', 'Running']);
    expect(claims(c)[0].status?.reservedFor?.map((r) => r.name).sort()).toEqual(['a', 'b']);
    await mustExec(c, 'kubectl delete pod a b --grace-period=0 --force');
    await c.advance(20);
    expect((await c.exec('kubectl get resourceclaim shared')).stdout).toMatch(/shared\s+pending/);
  });
});

describe('DynamicResources (properties)', () => {
  it('binds a pod only where all its claims are allocated, and never gives one device to two claims', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 4 }), async (counts, gpus) => {
      const c = await draCluster(gpus);
      for (let i = 1; i <= 3; i++) await mustExec(c, 'kubectl apply -f -', template(`t${i}`, i));
      await mustExec(c, 'kubectl apply -f -', counts.map((n, i) => pod(`p${i}`, { template: `t${n}` })).join('---\n'));
      await c.advance(30);
      const all = claims(c);
      const ids = all.flatMap((cl) => cl.status?.allocation?.devices?.results?.map((r) => deviceId(r.driver, r.pool, r.device)) ?? []);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeLessThanOrEqual(gpus);
      counts.forEach((n, i) => {
        const p = (c.list('Pod') as Pod[]).find((x) => x.metadata?.name === `p${i}`)!;
        const mine = all.find((cl) => cl.metadata.ownerReferences?.[0].uid === p.metadata?.uid);
        if (p.spec?.nodeName) expect(mine?.status?.allocation?.devices?.results).toHaveLength(n);
        else expect(mine?.status?.allocation).toBeUndefined();
      });
      // Pods bind while GPUs are left for them: the devices in use are the bound pods' counts.
      expect(ids.length).toBe(counts.filter((_, i) => (c.list('Pod') as Pod[]).find((x) => x.metadata?.name === `p${i}`)?.spec?.nodeName).reduce((a, b) => a + b, 0));
    }), { numRuns: 8 });
  });
});
