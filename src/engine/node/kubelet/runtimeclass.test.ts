// RuntimeClass on the node: the kubelet runs the sandbox with the class's handler, containerd refuses a handler
// it is not configured with, and the machine's runtimes survive a snapshot; the scheduler counts the overhead.
import { describe, expect, it } from 'vitest';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';

const CLASSES = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: kata}
handler: kata
overhead: {podFixed: {cpu: 250m, memory: 120Mi}}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: nvidia}
handler: nvidia
scheduling:
  nodeSelector: {nvidia.com/gpu.present: "true"}
  tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
`;

function cluster(...nodes: string[]): KubesimCluster {
  const c = createCluster({ seed: 1 });
  for (const n of nodes) expect(c.exec(`sim node add ${n}`).stderr).toBe('');
  expect(c.exec('kubectl apply -f -', CLASSES).stderr).toBe('');
  c.advance(5);
  return c;
}

const run = (c: KubesimCluster, name: string, rc: string, extra = '') =>
  c.exec(`kubectl run ${name} --image=nginx:1.27 --overrides='{"spec":{"runtimeClassName":"${rc}"${extra}}}'`);
const podOf = (c: KubesimCluster, name: string) => c.list('Pod').find((p) => p.metadata.name === name) as unknown as Pod;
const eventsOf = (c: KubesimCluster, name: string) => (c.list('Event') as unknown as Event[]).filter((e) => e.involvedObject.name === name).map((e) => `${e.reason}: ${e.message}`);

describe('RuntimeClass on the node', () => {
  it('runs a pod whose handler the machine has, and refuses the sandbox of one it lacks', () => {
    const c = cluster('k1 --runtime-handlers kata', 'plain --labels other=1');
    expect(run(c, 'k', 'kata', ',"nodeName":"k1"').stderr).toBe('');
    expect(run(c, 'g', 'gvisor', ',"nodeName":"plain"').stderr).toBe('');
    c.advance(30);
    expect(podOf(c, 'k').status?.phase).toBe('Running');
    const g = podOf(c, 'g');
    expect(g.status?.phase).toBe('Pending');
    expect(g.status?.containerStatuses?.[0].state?.waiting?.reason).toBe('ContainerCreating');
    expect(eventsOf(c, 'g')).toContain('FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "runsc" is configured');
  });

  it('fails the sandbox with the lister\'s NotFound when the class was deleted after admission', () => {
    const c = cluster('k1 --runtime-handlers kata');
    expect(run(c, 'k', 'kata', ',"nodeName":"k1"').stderr).toBe('');
    c.exec('kubectl delete runtimeclass kata');
    c.advance(10);
    expect(eventsOf(c, 'k')).toContain('FailedCreatePodSandBox: Failed to create pod sandbox: runtimeclass.node.k8s.io "kata" not found');
  });

  it('gives GPU machines the nvidia runtime, and the class steers pods to them', () => {
    const c = cluster('cpu1', 'gpu1 --gpus 1 --taints nvidia.com/gpu=present:NoSchedule');
    expect(c.exec('sim node list').stdout).toMatch(/gpu1 .* runc,nvidia\n/);
    expect(run(c, 'cuda', 'nvidia').stderr).toBe('');
    c.advance(20);
    const cuda = podOf(c, 'cuda');
    expect(cuda.spec?.nodeName).toBe('gpu1');
    expect(cuda.status?.phase).toBe('Running');
  });

  it('counts the overhead where the scheduler fits pods', () => {
    const c = cluster('small --cpu 1 --runtime-handlers kata');
    // The node's CNI agent asks 100m; 700m fits alone, but not with kata's 250m overhead.
    expect(run(c, 'fits', 'gvisor', ',"containers":[{"name":"fits","image":"nginx:1.27","resources":{"requests":{"cpu":"700m"}}}]').stderr).toBe('');
    expect(run(c, 'big', 'kata', ',"containers":[{"name":"big","image":"nginx:1.27","resources":{"requests":{"cpu":"700m"}}}]').stderr).toBe('');
    c.advance(5);
    expect(podOf(c, 'fits').spec?.nodeName).toBe('small');
    expect(podOf(c, 'big').spec?.nodeName).toBeUndefined();
    expect(eventsOf(c, 'big').join('\n')).toContain('0/1 nodes are available: 1 Insufficient cpu.');
  });

  it('keeps each machine\'s runtimes across a snapshot', () => {
    const c = cluster('k1 --runtime-handlers kata,runsc', 'plain');
    const r = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    expect(r.exec('sim node list').stdout).toBe(c.exec('sim node list').stdout);
    expect(r.exec('sim node list').stdout).toMatch(/k1 .* runc,kata,runsc\n/);
    expect(run(r, 'g', 'gvisor', ',"nodeName":"k1"').stderr).toBe('');
    r.advance(20);
    expect(podOf(r, 'g').status?.phase).toBe('Running');
  });

  it('refuses a handler name that is not a DNS label', () => {
    expect(createCluster({ seed: 1 }).exec('sim node add n --runtime-handlers kata,Bad_Name').stderr)
      .toMatch(/^error: invalid argument "kata,Bad_Name" for "--runtime-handlers": "Bad_Name": a lowercase RFC 1123 label/);
  });
});
