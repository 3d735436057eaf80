import { describe, expect, it } from 'vitest';
import type { Event as KubeEvent, Node, Pod } from 'kubernetes-types/core/v1';
import { eventView, nodeView, podStatus, podView } from './views.ts';

function pod(status: Pod['status'], extra: Partial<Pod> = {}): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', ...extra.metadata },
    spec: { containers: [{ name: 'a', image: 'x' }], ...extra.spec },
    status,
  };
}

describe('podStatus (kubectl printPod)', () => {
  it.each<[string, Pod, string, string]>([
    ['pending, unscheduled', pod({ phase: 'Pending' }), 'Pending', '0/1'],
    ['container creating', pod({ phase: 'Pending', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] }), 'ContainerCreating', '0/1'],
    ['running and ready', pod({ phase: 'Running', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: true, restartCount: 2, state: { running: {} } }] }), 'Running', '1/1'],
    ['crash loop', pod({ phase: 'Running', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: false, restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } }] }), 'CrashLoopBackOff', '0/1'],
    ['completed', pod({ phase: 'Succeeded', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }] }), 'Completed', '0/1'],
    ['exit code without reason', pod({ phase: 'Failed', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 137 } } }] }), 'ExitCode:137', '0/1'],
    ['pod reason wins over phase', pod({ phase: 'Failed', reason: 'Evicted' }), 'Evicted', '0/1'],
    ['terminating', pod({ phase: 'Running' }, { metadata: { name: 'p', deletionTimestamp: '2025-01-01T00:00:00Z' } }), 'Terminating', '0/1'],
    ['init container running', pod({ phase: 'Pending', initContainerStatuses: [{ name: 'i', image: 'x', imageID: '', ready: false, restartCount: 0, state: { running: {} } }] }, { spec: { initContainers: [{ name: 'i' }], containers: [{ name: 'a' }] } }), 'Init:0/1', '0/1'],
  ])('%s', (_name, p, status, ready) => {
    expect(podStatus(p)).toMatchObject({ status, ready });
  });

  it('counts restarts of app containers', () => {
    const p = pod({ phase: 'Running', containerStatuses: [{ name: 'a', image: 'x', imageID: '', ready: true, restartCount: 4, state: { running: {} } }] });
    expect(podStatus(p).restarts).toBe(4);
  });
});

describe('views', () => {
  it('pod requests sum containers and use the controller owner', () => {
    const v = podView({
      apiVersion: 'v1', kind: 'Pod',
      metadata: {
        name: 'web-1', namespace: 'shop', uid: 'u', creationTimestamp: '2025-01-01T00:00:05Z',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'Other', name: 'x', uid: '1' },
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: '2', controller: true },
        ],
      },
      spec: {
        nodeName: 'w1',
        containers: [
          { name: 'a', resources: { requests: { cpu: '100m', memory: '128Mi' } } },
          { name: 'b', resources: { requests: { cpu: '0.5', memory: '1Gi' } } },
        ],
      },
      status: { phase: 'Running', podIP: '10.244.1.5' },
    });
    expect(v).toMatchObject({
      key: 'shop/web-1', nodeName: 'w1', ownerKind: 'ReplicaSet', ownerName: 'web-abc',
      cpuMilli: 600, memoryBytes: 128 * 2 ** 20 + 2 ** 30, podIP: '10.244.1.5',
      createdMs: Date.UTC(2025, 0, 1, 0, 0, 5),
    });
  });

  it('node view: quantities, roles, taints, readiness', () => {
    const node: Node = {
      apiVersion: 'v1', kind: 'Node',
      metadata: { name: 'cp', labels: { 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/hostname': 'cp' } },
      spec: { unschedulable: true, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
      status: {
        capacity: { cpu: '8', memory: '32Gi', pods: '110' },
        allocatable: { cpu: '7500m', memory: '31Gi', pods: '110' },
        conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'container runtime network not ready: NetworkReady=false' }],
      },
    };
    const v = nodeView(node, { cpuMilli: 100, memoryBytes: 5, pods: 1 });
    expect(v).toMatchObject({
      name: 'cp', ready: false, roles: ['control-plane'], unschedulable: true,
      notReadyMessage: 'container runtime network not ready: NetworkReady=false',
      capacity: { cpuMilli: 8000, memoryBytes: 32 * 2 ** 30, pods: 110 },
      allocatable: { cpuMilli: 7500, memoryBytes: 31 * 2 ** 30, pods: 110 },
      taints: [{ key: 'node-role.kubernetes.io/control-plane', value: '', effect: 'NoSchedule' }],
    });
    expect(v.podCIDR).toBeUndefined();
  });

  it('node view: the not-ready message falls back to the reason; a Ready node has none and shows its podCIDR', () => {
    const base: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { capacity: { cpu: '1', memory: '1Gi', pods: '110' } } };
    const requested = { cpuMilli: 0, memoryBytes: 0, pods: 0 };
    const unknown = nodeView({ ...base, status: { ...base.status, conditions: [{ type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown' }] } }, requested);
    expect(unknown.notReadyMessage).toBe('NodeStatusUnknown');
    expect(nodeView(base, requested).notReadyMessage).toBe('');
    const ready = nodeView({ ...base, spec: { podCIDR: '10.244.3.0/24' }, status: { ...base.status, conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }] } }, requested);
    expect(ready).toMatchObject({ ready: true, podCIDR: '10.244.3.0/24' });
    expect(ready.notReadyMessage).toBeUndefined();
  });

  it('node view: a node group machine names its group, and says when the cluster autoscaler is removing it', () => {
    const base: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'pool-x2k9d', labels: { 'kubesim.io/node-group': 'pool' } }, status: { capacity: { cpu: '1', memory: '1Gi', pods: '110' } } };
    const requested = { cpuMilli: 0, memoryBytes: 0, pods: 0 };
    expect(nodeView(base, requested)).toMatchObject({ nodeGroup: 'pool' });
    expect(nodeView(base, requested).scalingDown).toBeUndefined();
    const draining = nodeView({ ...base, spec: { taints: [{ key: 'ToBeDeletedByClusterAutoscaler', value: '1767225600', effect: 'NoSchedule' }] } }, requested);
    expect(draining).toMatchObject({ nodeGroup: 'pool', scalingDown: true });
    expect(nodeView({ ...base, metadata: { name: 'w1' } }, requested).nodeGroup).toBeUndefined();
  });

  it('event view', () => {
    const ev: KubeEvent = {
      apiVersion: 'v1', kind: 'Event',
      metadata: { name: 'web-1.17f', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'web-1' },
      reason: 'FailedScheduling', type: 'Warning', count: 3,
      message: '0/3 nodes are available: 3 Insufficient cpu.',
      firstTimestamp: '2025-01-01T00:00:00Z', lastTimestamp: '2025-01-01T00:01:00Z',
    };
    expect(eventView(ev)).toEqual({
      key: 'default/web-1.17f', type: 'Warning', reason: 'FailedScheduling', object: 'Pod/web-1',
      message: '0/3 nodes are available: 3 Insufficient cpu.', count: 3, lastMs: Date.UTC(2025, 0, 1, 0, 1),
    });
  });
});
