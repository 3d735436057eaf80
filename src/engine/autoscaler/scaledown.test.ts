// Which pods keep a node (drainability's rules, in cluster-autoscaler's order) and how a node's utilization is
// computed (utilization.Calculate), on hand-made NodeInfos.
import { describe, expect, it } from 'vitest';
import type { Node, Pod, Volume } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { NodeInfo, podInfoOf } from '../scheduler/framework/nodeinfo.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import { podsToMove, utilizationOf } from './scaledown.ts';

const node = (alloc: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { allocatable: alloc } });
let uid = 0;
function pod(o: { ns?: string; owner?: string; annotations?: Record<string, string>; volumes?: Volume[]; labels?: Record<string, string>; cpu?: string; gpu?: string } = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `p${++uid}`, namespace: o.ns ?? 'default', uid: `u${uid}`, labels: o.labels ?? { app: 'a' }, annotations: o.annotations,
      ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: o.owner, name: 'x', uid: 'o', controller: true }] : undefined,
    },
    spec: { nodeName: 'n', volumes: o.volumes, containers: [{ name: 'c', image: 'i', resources: { requests: { ...(o.cpu ? { cpu: o.cpu } : {}), ...(o.gpu ? { 'nvidia.com/gpu': o.gpu } : {}) } } }] },
  };
}
const on = (n: Node, ...pods: Pod[]) => { const i = new NodeInfo(n); for (const p of pods) i.addPod(podInfoOf(p)); return i; };
const pdb = (allowed: number, ns = 'default'): PodDisruptionBudget => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'b', namespace: ns }, spec: { selector: { matchLabels: { app: 'a' } } }, status: { disruptionsAllowed: allowed, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 } });

describe('podsToMove', () => {
  const n = node({ cpu: '4', memory: '8Gi', pods: '110' });
  it.each([
    ['a ReplicaSet pod moves', pod({ owner: 'ReplicaSet' }), [], undefined],
    ['a bare pod is NotReplicated', pod(), [], 'NotReplicated'],
    ['a kube-system pod without a budget is UnmovableKubeSystemPod', pod({ ns: 'kube-system', owner: 'ReplicaSet' }), [], 'UnmovableKubeSystemPod'],
    ['a kube-system pod with a budget that allows one moves', pod({ ns: 'kube-system', owner: 'ReplicaSet' }), [pdb(1, 'kube-system')], undefined],
    ['safe-to-evict "false" is NotSafeToEvictAnnotation', pod({ owner: 'ReplicaSet', annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' } }), [], 'NotSafeToEvictAnnotation'],
    ['safe-to-evict "true" lets even a bare pod move', pod({ annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' } }), [], undefined],
    ['an emptyDir on disk is LocalStorageRequested', pod({ owner: 'ReplicaSet', volumes: [{ name: 'scratch', emptyDir: {} }] }), [], 'LocalStorageRequested'],
    ['an emptyDir in memory is not', pod({ owner: 'ReplicaSet', volumes: [{ name: 'scratch', emptyDir: { medium: 'Memory' } }] }), [], undefined],
    ['a volume named in safe-to-evict-local-volumes is not', pod({ owner: 'ReplicaSet', volumes: [{ name: 'scratch', emptyDir: {} }], annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes': 'scratch' } }), [], undefined],
    ['a budget allowing no disruption is NotEnoughPdb, even with safe-to-evict', pod({ owner: 'ReplicaSet', annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' } }), [pdb(0)], 'NotEnoughPdb'],
  ] as [string, Pod, PodDisruptionBudget[], string | undefined][])('%s', (_name, p, pdbs, reason) => {
    const r = podsToMove(on(n, p), pdbs, DEFAULT_OPTIONS);
    expect(r.blocking?.reason).toBe(reason);
    expect(r.pods).toEqual(reason ? [] : [p]);
  });

  it('DaemonSet and mirror pods neither move nor block; --skip-nodes-with-system-pods=false lets kube-system pods move', () => {
    const ds = pod({ owner: 'DaemonSet' });
    const mirror = pod({ annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    expect(podsToMove(on(n, ds, mirror), [], DEFAULT_OPTIONS)).toEqual({ pods: [] });
    const sys = pod({ ns: 'kube-system', owner: 'ReplicaSet' });
    expect(podsToMove(on(n, sys), [], { ...DEFAULT_OPTIONS, skipNodesWithSystemPods: false })).toEqual({ pods: [sys] });
  });
});

describe('utilizationOf', () => {
  it.each([
    ['cpu dominates', { cpu: '4', memory: '8Gi', pods: '110' }, ['1'], { cpu: 0.25, memory: 0, gpu: 0, resource: 'cpu', value: 0.25 }],
    ['memory when cpu is not larger', { cpu: '4', memory: '8Gi', pods: '110' }, [], { cpu: 0, memory: 0, gpu: 0, resource: 'memory', value: 0 }],
    ['a GPU node counts its GPUs only', { cpu: '8', memory: '8Gi', pods: '110', 'nvidia.com/gpu': '4' }, ['7'], { cpu: 0, memory: 0, gpu: 0.25, resource: 'nvidia.com/gpu', value: 0.25 }],
  ] as [string, Record<string, string>, string[], object][])('%s', (_name, alloc, cpus, want) => {
    const pods = cpus.map((cpu) => pod({ owner: 'ReplicaSet', cpu, gpu: alloc['nvidia.com/gpu'] ? '1' : undefined }));
    expect(utilizationOf(on(node(alloc), ...pods))).toEqual(want);
  });
});
