import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { podTable } from './columns/pod.ts';
import { summarizePod } from './podstatus.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number): string => new Date(NOW - ms).toISOString();
const s = 1000;
const min = 60 * s;
const day = 24 * 60 * min;
const containers = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}` }));
const running = { running: {} };
const lastExit = (ms: number) => ({ terminated: { exitCode: 0, finishedAt: ago(ms) } });

function row(pod: Pod, wide = false): string[] {
  const cells = podTable.row({ apiVersion: 'v1', kind: 'Pod', metadata: {}, ...pod } as KubeObject, { now: NOW });
  return wide ? cells : cells.slice(0, 5);
}

// The cases of upstream TestPrintPod (printers_test.go), same inputs and expected cells.
describe('pod READY / STATUS / RESTARTS (TestPrintPod)', () => {
  const cases: [string, Pod, string[]][] = [
    ['restarts and ready containers', {
      metadata: { name: 'test1' }, spec: { containers: containers(2) },
      status: { phase: 'podPhase', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: running, image: '', imageID: '' },
        { name: 'c1', ready: false, restartCount: 3, image: '', imageID: '' }] },
    }, ['test1', '1/2', 'podPhase', '6', '<unknown>']],
    ['a waiting container overrides the phase', {
      metadata: { name: 'test2' }, spec: { containers: containers(2) },
      status: { phase: 'podPhase', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: running, image: '', imageID: '' },
        { name: 'c1', ready: false, restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } }, image: '', imageID: '' }] },
    }, ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>']],
    ['the first container wins over the ones after it', {
      metadata: { name: 'test3' }, spec: { containers: containers(2) },
      status: { phase: 'podPhase', containerStatuses: [
        { name: 'c0', ready: false, restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } }, image: '', imageID: '' },
        { name: 'c1', ready: false, restartCount: 3, state: { terminated: { exitCode: 0, reason: 'ContainerTerminatedReason' } }, image: '', imageID: '' }] },
    }, ['test3', '0/2', 'ContainerWaitingReason', '6', '<unknown>']],
    ['ready is not enough for reporting running', {
      metadata: { name: 'test4' }, spec: { containers: containers(2) },
      status: { phase: 'podPhase', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: running, image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, image: '', imageID: '' }] },
    }, ['test4', '1/2', 'podPhase', '6', '<unknown>']],
    ['status.reason replaces the phase', {
      metadata: { name: 'test5' }, spec: { containers: containers(2) },
      status: { reason: 'podReason', phase: 'podPhase', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: running, image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, image: '', imageID: '' }] },
    }, ['test5', '1/2', 'podReason', '6', '<unknown>']],
    ['one running, one completed, no Ready condition', {
      metadata: { name: 'test6' }, spec: { containers: containers(2) },
      status: { phase: 'Running', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } }, image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, state: running, image: '', imageID: '' }] },
    }, ['test6', '1/2', 'NotReady', '6', '<unknown>']],
    ['one running, one completed, Ready condition', {
      metadata: { name: 'test6' }, spec: { containers: containers(2) },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [
        { name: 'c0', ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } }, image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, state: running, image: '', imageID: '' }] },
    }, ['test6', '1/2', 'Running', '6', '<unknown>']],
    ['an init container restarting', {
      metadata: { name: 'test7' }, spec: { initContainers: containers(1), containers: containers(1) },
      status: { phase: 'podPhase',
        initContainerStatuses: [{ name: 'c0', ready: false, restartCount: 3, state: running, lastState: lastExit(10 * s), image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test7', '0/1', 'Init:0/1', '3 (10s ago)', '<unknown>']],
    ['two init containers, the first restarting', {
      metadata: { name: 'test8' }, spec: { initContainers: containers(2), containers: containers(1) },
      status: { phase: 'podPhase',
        initContainerStatuses: [
          { name: 'c0', ready: false, restartCount: 3, state: running, lastState: lastExit(10 * s), image: '', imageID: '' },
          { name: 'c1', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test8', '0/1', 'Init:0/2', '3 (10s ago)', '<unknown>']],
    ['two init containers, the first done', {
      metadata: { name: 'test9' }, spec: { initContainers: containers(2), containers: containers(1) },
      status: { phase: 'podPhase',
        initContainerStatuses: [
          { name: 'c0', ready: false, restartCount: 0, state: { terminated: { exitCode: 0 } }, image: '', imageID: '' },
          { name: 'c1', ready: false, restartCount: 3, state: running, lastState: lastExit(10 * s), image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test9', '0/1', 'Init:1/2', '3 (10s ago)', '<unknown>']],
    ['two init containers, both restarted', {
      metadata: { name: 'test10' }, spec: { initContainers: containers(2), containers: containers(1) },
      status: { phase: 'podPhase',
        initContainerStatuses: [
          { name: 'c0', ready: false, restartCount: 2, state: { terminated: { exitCode: 0 } }, lastState: lastExit(2 * min), image: '', imageID: '' },
          { name: 'c1', ready: false, restartCount: 3, state: running, lastState: lastExit(10 * s), image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test10', '0/1', 'Init:1/2', '5 (10s ago)', '<unknown>']],
    ['init done: only app container restarts count', {
      metadata: { name: 'test11' }, spec: { initContainers: containers(1), containers: containers(1) },
      status: { phase: 'Running',
        initContainerStatuses: [{ name: 'c0', ready: false, restartCount: 2, state: { terminated: { exitCode: 0 } }, lastState: lastExit(2 * min), image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 4, state: running, lastState: lastExit(20 * s), image: '', imageID: '' }] },
    }, ['test11', '0/1', 'Running', '4 (20s ago)', '<unknown>']],
    ['restarted 5d ago', {
      metadata: { name: 'test12' }, spec: { containers: containers(1) },
      status: { phase: 'Running', containerStatuses: [{ name: 'c0', ready: true, restartCount: 3, state: running, lastState: lastExit(5 * day), image: '', imageID: '' }] },
    }, ['test12', '1/1', 'Running', '3 (5d ago)', '<unknown>']],
    ['one never restarted, one 10d ago', {
      metadata: { name: 'test13' }, spec: { containers: containers(2) },
      status: { phase: 'Running', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 0, state: running, image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, state: running, lastState: lastExit(10 * day), image: '', imageID: '' }] },
    }, ['test13', '2/2', 'Running', '3 (10d ago)', '<unknown>']],
    ['the most recent restart is shown', {
      metadata: { name: 'test14' }, spec: { containers: containers(2) },
      status: { phase: 'Running', containerStatuses: [
        { name: 'c0', ready: true, restartCount: 6, state: running, lastState: lastExit(5 * day), image: '', imageID: '' },
        { name: 'c1', ready: true, restartCount: 3, state: running, lastState: lastExit(20 * day), image: '', imageID: '' }] },
    }, ['test14', '2/2', 'Running', '9 (5d ago)', '<unknown>']],
    ['scheduling gated', {
      metadata: { name: 'test15' }, spec: { containers: containers(2) },
      status: { phase: 'podPhase', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] },
    }, ['test15', '0/2', 'SchedulingGated', '0', '<unknown>']],
    ['succeeded', {
      metadata: { name: 'test16' }, spec: { containers: containers(1) },
      status: { phase: 'Succeeded', containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { terminated: { reason: 'Completed', exitCode: 0 } }, image: '', imageID: '' }] },
    }, ['test16', '0/1', 'Completed', '0', '<unknown>']],
    ['failed', {
      metadata: { name: 'test17' }, spec: { containers: containers(1) },
      status: { phase: 'Failed', containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { terminated: { reason: 'Error', exitCode: 1 } }, image: '', imageID: '' }] },
    }, ['test17', '0/1', 'Error', '0', '<unknown>']],
    ['succeeded and deleted stays Completed', {
      metadata: { name: 'test18', deletionTimestamp: ago(10 * s) }, spec: { containers: containers(1) },
      status: { phase: 'Succeeded', containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { terminated: { reason: 'Completed', exitCode: 0 } }, image: '', imageID: '' }] },
    }, ['test18', '0/1', 'Completed', '0', '<unknown>']],
    ['running and deleted is Terminating', {
      metadata: { name: 'test19', deletionTimestamp: ago(10 * s) }, spec: { containers: containers(1) },
      status: { phase: 'Running', containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: running, image: '', imageID: '' }] },
    }, ['test19', '0/1', 'Terminating', '0', '<unknown>']],
    ['pending and deleted is Terminating', {
      metadata: { name: 'test20', deletionTimestamp: ago(10 * s) }, spec: { containers: containers(1) }, status: { phase: 'Pending' },
    }, ['test20', '0/1', 'Terminating', '0', '<unknown>']],
  ];
  it.each(cases)('%s', (_name, pod, want) => {
    expect(row(pod)).toEqual(want);
  });
});

const always = 'Always';
const sidecars = [{ name: 'restartable-init-1', restartPolicy: always }, { name: 'restartable-init-2', restartPolicy: always }];

// Upstream TestPrintPodWithRestartableInitContainer.
describe('pods with sidecars (restartable init containers)', () => {
  const cases: [string, Pod, string[]][] = [
    ['first sidecar running, not started', {
      metadata: { name: 'test1' }, spec: { initContainers: sidecars, containers: containers(1) },
      status: { phase: 'Pending', conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: false, lastState: lastExit(10 * s), image: '', imageID: '' },
          { name: 'restartable-init-2', ready: false, restartCount: 0, state: { waiting: {} }, started: false, image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test1', '0/3', 'Init:0/2', '3 (10s ago)', '<unknown>']],
    ['first sidecar started, second not', {
      metadata: { name: 'test1' }, spec: { initContainers: sidecars, containers: containers(1) },
      status: { phase: 'Pending', conditions: [{ type: 'Initialized', status: 'False' }],
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: lastExit(10 * s), image: '', imageID: '' },
          { name: 'restartable-init-2', ready: false, restartCount: 0, state: running, started: false, image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 0, state: { waiting: {} }, image: '', imageID: '' }] },
    }, ['test1', '0/3', 'Init:1/2', '3 (10s ago)', '<unknown>']],
    ['both sidecars started, app running', {
      metadata: { name: 'test2' }, spec: { initContainers: sidecars, containers: containers(1) },
      status: { phase: 'Running', conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: lastExit(10 * s), image: '', imageID: '' },
          { name: 'restartable-init-2', ready: false, restartCount: 0, state: running, started: true, image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: true, restartCount: 4, state: running, lastState: lastExit(20 * s), image: '', imageID: '' }] },
    }, ['test2', '1/3', 'Running', '7 (10s ago)', '<unknown>']],
    ['sidecars killed after the app completed', {
      metadata: { name: 'test3' }, spec: { initContainers: sidecars, containers: containers(1) },
      status: { phase: 'Succeeded', conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: { terminated: { reason: 'Error', exitCode: 137 } }, started: false, lastState: lastExit(10 * s), image: '', imageID: '' },
          { name: 'restartable-init-2', ready: false, restartCount: 0, state: { terminated: { reason: 'Error', exitCode: 137 } }, started: false, image: '', imageID: '' }],
        containerStatuses: [{ name: 'c0', ready: false, restartCount: 4, state: { terminated: { reason: 'Completed', exitCode: 0 } }, lastState: lastExit(20 * s), image: '', imageID: '' }] },
    }, ['test3', '0/3', 'Completed', '7 (10s ago)', '<unknown>']],
    ['statuses for containers that do not exist', {
      metadata: { name: 'test4' },
      spec: { initContainers: [{ name: 'init1', image: 'initimage' }, { name: 'sidecar1', image: 'sidecarimage', restartPolicy: always }], containers: [{ name: 'container1', image: 'containerimage' }] },
      status: { phase: 'Running',
        initContainerStatuses: [{ name: 'initinvalid' }, { name: 'init1' }, { name: 'sidecar1' }].map((c) => ({ ...c, ready: false, restartCount: 0, image: '', imageID: '' })),
        containerStatuses: [{ name: 'containerinvalid' }, { name: 'container1' }].map((c) => ({ ...c, ready: false, restartCount: 0, image: '', imageID: '' })) },
    }, ['test4', '0/2', 'Init:0/2', '0', '<unknown>']],
  ];
  it.each(cases)('%s', (_name, pod, want) => {
    expect(row(pod)).toEqual(want);
  });
});

describe('more STATUS values', () => {
  const one = (status: Pod['status'], extra: Partial<Pod> = {}): string =>
    summarizePod({ metadata: { name: 'p' }, spec: { containers: containers(1) }, status, ...extra }, NOW).status;
  const cs = (state: object, restartCount = 0) => [{ name: 'c0', ready: false, restartCount, state, image: '', imageID: '' }];

  it.each([
    ['ContainerCreating', one({ phase: 'Pending', containerStatuses: cs({ waiting: { reason: 'ContainerCreating' } }) })],
    ['CrashLoopBackOff', one({ phase: 'Running', containerStatuses: cs({ waiting: { reason: 'CrashLoopBackOff' } }, 5) })],
    ['ErrImagePull', one({ phase: 'Pending', containerStatuses: cs({ waiting: { reason: 'ErrImagePull' } }) })],
    ['ImagePullBackOff', one({ phase: 'Pending', containerStatuses: cs({ waiting: { reason: 'ImagePullBackOff' } }) })],
    ['OOMKilled', one({ phase: 'Running', containerStatuses: cs({ terminated: { reason: 'OOMKilled', exitCode: 137 } }) })],
    ['ExitCode:2', one({ phase: 'Running', containerStatuses: cs({ terminated: { exitCode: 2 } }) })],
    ['Signal:9', one({ phase: 'Running', containerStatuses: cs({ terminated: { exitCode: 137, signal: 9 } }) })],
    ['Pending', one({ phase: 'Pending' })],
    ['Init:CrashLoopBackOff', one({ phase: 'Pending', initContainerStatuses: cs({ waiting: { reason: 'CrashLoopBackOff' } }, 2) }, { spec: { initContainers: containers(1), containers: containers(1) } })],
    ['Init:Error', one({ phase: 'Pending', initContainerStatuses: cs({ terminated: { reason: 'Error', exitCode: 1 } }) }, { spec: { initContainers: containers(1), containers: containers(1) } })],
    ['Init:ExitCode:3', one({ phase: 'Pending', initContainerStatuses: cs({ terminated: { exitCode: 3 } }) }, { spec: { initContainers: containers(1), containers: containers(1) } })],
    ['Init:Signal:15', one({ phase: 'Pending', initContainerStatuses: cs({ terminated: { exitCode: 143, signal: 15 } }) }, { spec: { initContainers: containers(1), containers: containers(1) } })],
    ['Init:0/1', one({ phase: 'Pending', initContainerStatuses: cs({ waiting: { reason: 'PodInitializing' } }) }, { spec: { initContainers: containers(1), containers: containers(1) } })],
    ['Unknown', one({ phase: 'Running', reason: 'NodeLost' }, { metadata: { name: 'p', deletionTimestamp: ago(0) } })],
  ])('%s', (want, got) => {
    expect(got).toBe(want);
  });
});

// Upstream TestPrintPodwide.
describe('wide pod columns', () => {
  const gates = { readinessGates: [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }] };
  const conditions = [{ type: 'condition1', status: 'False' }, { type: 'condition2', status: 'True' }];
  const statuses = [
    { name: 'c0', ready: true, restartCount: 3, state: running, image: '', imageID: '' },
    { name: 'c1', ready: false, restartCount: 3, image: '', imageID: '' }];
  it('shows the first pod IP, node, nominated node and readiness gates', () => {
    for (const podIPs of [[{ ip: '1.1.1.1' }], [{ ip: '1.1.1.1' }, { ip: '2001:db8::' }]]) {
      const pod: Pod = { metadata: { name: 'test1' }, spec: { containers: containers(2), nodeName: 'test1', ...gates },
        status: { conditions, phase: 'podPhase', podIPs, containerStatuses: statuses, nominatedNodeName: 'node1' } };
      expect(row(pod, true)).toEqual(['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3']);
    }
  });
  it('shows <none> for what is unset', () => {
    const pod: Pod = { metadata: { name: 'test2' }, spec: { containers: containers(2), nodeName: '' },
      status: { phase: 'podPhase', containerStatuses: [statuses[0], { ...statuses[1], state: { waiting: { reason: 'ContainerWaitingReason' } } }] } };
    expect(row(pod, true)).toEqual(['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>', '<none>', '<none>', '<none>', '<none>']);
  });
});
