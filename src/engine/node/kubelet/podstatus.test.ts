import type { ContainerStatus, Pod, PodCondition } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { builtAlike, condition, podPhase, podStatus, stored, type StatusInput } from './podstatus.ts';
import { sameJson } from '../../api/samejson.ts';
import { apiContainerStatus } from './containers.ts';
import type { ContainerStatus as CriStatus } from '../runtime/cri.ts';

const running: Partial<ContainerStatus> = { state: { running: { startedAt: 't' } }, started: true, ready: true };
const waiting: Partial<ContainerStatus> = { state: { waiting: { reason: 'ContainerCreating' } } };
const exited = (exitCode: number): Partial<ContainerStatus> => ({ state: { terminated: { exitCode } } });
const crashLooping = (exitCode: number): Partial<ContainerStatus> => ({ state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode } } });
const st = (name: string, s: Partial<ContainerStatus>) => ({ name, image: 'x', imageID: '', ready: false, restartCount: 0, ...s }) as ContainerStatus;

function pod(restartPolicy: string, init: { name: string; sidecar?: boolean }[] = []): Pod {
  return { spec: { restartPolicy, initContainers: init.map((i) => ({ name: i.name, ...(i.sidecar ? { restartPolicy: 'Always' } : {}) })), containers: [{ name: 'a' }, { name: 'b' }] } } as Pod;
}

describe('getPhase', () => {
  it.each([
    ['a container still waiting', 'Always', [running, waiting], false, 'Pending'],
    ['all running', 'Always', [running, running], false, 'Running'],
    ['one exited, Always restarts it', 'Always', [running, exited(1)], false, 'Running'],
    ['all exited 0, Never', 'Never', [exited(0), exited(0)], false, 'Succeeded'],
    ['one failed, Never', 'Never', [exited(0), exited(2)], false, 'Failed'],
    ['one failed, OnFailure restarts it', 'OnFailure', [exited(0), crashLooping(2)], false, 'Running'],
    ['all exited 0, OnFailure', 'OnFailure', [exited(0), exited(0)], false, 'Succeeded'],
    ['all exited under Always, pod terminal (deleted)', 'Always', [exited(0), exited(137)], true, 'Failed'],
    ['all exited 0 under Always, pod terminal', 'Always', [exited(0), exited(0)], true, 'Succeeded'],
  ])('%s → %s', (_, policy, states, terminal, phase) => {
    expect(podPhase(pod(policy), [], [st('a', states[0]), st('b', states[1])], terminal)).toBe(phase);
  });

  it('an init container that failed under Never fails the pod', () => {
    expect(podPhase(pod('Never', [{ name: 'i' }]), [st('i', exited(1))], [st('a', waiting), st('b', waiting)], false)).toBe('Failed');
  });

  it('init containers keep the pod Pending; a crash-looping one too under OnFailure', () => {
    expect(podPhase(pod('Always', [{ name: 'i' }]), [st('i', running)], [st('a', waiting), st('b', waiting)], false)).toBe('Pending');
    expect(podPhase(pod('OnFailure', [{ name: 'i' }]), [st('i', crashLooping(1))], [st('a', waiting), st('b', waiting)], false)).toBe('Pending');
  });

  it('a running sidecar does not hold a completed pod back once it stops, and is not counted as a failure', () => {
    const p = pod('Never', [{ name: 's', sidecar: true }]);
    expect(podPhase(p, [st('s', running)], [st('a', exited(0)), st('b', exited(0))], false)).toBe('Running');
    expect(podPhase(p, [st('s', exited(137))], [st('a', exited(0)), st('b', exited(0))], true)).toBe('Succeeded');
  });
});

describe('pod status conditions', () => {
  it('name unready and incomplete containers as upstream does', () => {
    const p = pod('Always', [{ name: 'i' }]);
    const s = podStatus(p, { now: 'now', hostIP: '1.1.1.1', sandboxReady: true, initContainers: [st('i', { ...running, ready: false })], containers: [st('a', waiting), st('b', waiting)], podIsTerminal: false });
    expect(s.conditions?.map((c) => [c.type, c.status, c.reason ?? '', c.message ?? ''])).toEqual([
      ['PodReadyToStartContainers', 'True', '', ''],
      ['Initialized', 'False', 'ContainersNotInitialized', 'containers with incomplete status: [i]'],
      ['Ready', 'False', 'ContainersNotReady', 'containers with unready status: [a b]'],
      ['ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [a b]'],
      ['PodScheduled', 'True', '', ''],
    ]);
  });

  it('keeps the conditions other components own first, in their order, then DisruptionTarget, then the kubelet\'s', () => {
    const c = (type: string): PodCondition => ({ type, status: 'True' });
    const input: StatusInput = { now: 'now', hostIP: 'h', sandboxReady: true, initContainers: [], containers: [st('a', running), st('b', running)], podIsTerminal: false };
    const types = (prev: PodCondition[]) => podStatus({ ...pod('Always'), status: { conditions: prev } }, input).conditions?.map((x) => x.type);
    const kubelet = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];
    expect(types([c('Ready'), c('PodScheduled')])).toEqual(kubelet);
    expect(types([c('example.com/gate'), c('Ready'), c('DisruptionTarget'), c('Other')])).toEqual(['example.com/gate', 'Other', 'DisruptionTarget', ...kubelet]);
    expect(types([c('DisruptionTarget')])).toEqual(['DisruptionTarget', ...kubelet]);
  });

  it('a completed pod is Initialized (PodCompleted) and not Ready (PodCompleted)', () => {
    const s = podStatus(pod('Never'), { now: 'now', hostIP: '1.1.1.1', sandboxReady: false, initContainers: [], containers: [st('a', exited(0)), st('b', exited(0))], podIsTerminal: true });
    expect(s.phase).toBe('Succeeded');
    expect(s.conditions?.map((c) => `${c.type}=${c.status}${c.reason ? `/${c.reason}` : ''}`)).toEqual([
      'PodReadyToStartContainers=False', 'Initialized=True/PodCompleted', 'Ready=False/PodCompleted', 'ContainersReady=False/PodCompleted', 'PodScheduled=True',
    ]);
  });

  it('keeps lastTransitionTime while a condition does not change', () => {
    const first = podStatus(pod('Always'), { now: 't1', hostIP: 'h', sandboxReady: true, initContainers: [], containers: [st('a', running), st('b', running)], podIsTerminal: false });
    const again = podStatus({ ...pod('Always'), status: first }, { now: 't2', hostIP: 'h', sandboxReady: true, initContainers: [], containers: [st('a', running), st('b', waiting)], podIsTerminal: false });
    expect(again.conditions?.find((c) => c.type === 'PodReadyToStartContainers')?.lastTransitionTime).toBe('t1');
    expect(again.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime).toBe('t2');
  });

  it('gives the pods of one node one frozen hostIPs list, and another node its own', () => {
    const input = (hostIP: string): StatusInput => ({ now: 't1', hostIP, sandboxReady: true, initContainers: [], containers: [st('a', running), st('b', running)], podIsTerminal: false });
    const [a, b, c] = [podStatus(pod('Always'), input('10.0.0.1')), podStatus(pod('Never'), input('10.0.0.1')), podStatus(pod('Always'), input('10.0.0.2'))];
    expect(b.hostIPs).toBe(a.hostIPs);
    expect(a.hostIPs).toEqual([{ ip: '10.0.0.1' }]);
    expect(c.hostIPs).toEqual([{ ip: '10.0.0.2' }]);
    expect(Object.isFrozen(a.hostIPs![0])).toBe(true);
  });

  it('hands its new container status and pod IP lists over frozen (the store copies an unfrozen list)', () => {
    const input: StatusInput = { now: 't1', hostIP: 'h', podIP: '10.0.0.9', sandboxReady: true, initContainers: [st('i', exited(0))], containers: [st('a', running), st('b', waiting)], podIsTerminal: false };
    const s = podStatus(pod('Always', [{ name: 'i' }]), input);
    const deepFrozen = (v: unknown): boolean => typeof v !== 'object' || v === null || (Object.isFrozen(v) && Object.values(v).every(deepFrozen));
    for (const list of [s.containerStatuses, s.initContainerStatuses, s.podIPs]) expect(deepFrozen(list)).toBe(true);
    expect(s.containerStatuses).toEqual(input.containers);
    expect(s.podIPs).toEqual([{ ip: '10.0.0.9' }]);
  });

  it('hands back the stored conditions and container statuses that did not change, the same objects', () => {
    const input = { now: 't1', hostIP: 'h', sandboxReady: true, initContainers: [], containers: [st('a', running), st('b', running)], podIsTerminal: false };
    const first = podStatus(pod('Always'), input);
    const again = podStatus({ ...pod('Always'), status: first }, { ...input, now: 't2', containers: [st('a', running), st('b', running)] });
    expect(again.conditions).toBe(first.conditions);
    expect(again.hostIPs).toBe(first.hostIPs);
    const changed = podStatus({ ...pod('Always'), status: first }, { ...input, now: 't2', containers: [st('a', running), st('b', waiting)] });
    expect(changed.conditions?.[0]).toBe(first.conditions?.[0]);
    expect(changed.conditions?.find((c) => c.type === 'Ready')).not.toBe(first.conditions?.find((c) => c.type === 'Ready'));
  });
});

describe('stored', () => {
  it('is the old part only when it is the same JSON with its keys in the same order', () => {
    const old = { a: 1, b: [{ c: 'x' }] };
    expect(stored({ a: 1, b: [{ c: 'x' }] }, old)).toBe(old);
    const reordered = { b: [{ c: 'x' }], a: 1 };
    expect(stored(reordered, old)).toBe(reordered);
    const other = { a: 1, b: [{ c: 'y' }] };
    expect(stored(other, old)).toBe(other);
    expect(stored(other, undefined)).toBe(other);
  });
});

describe('building again', () => {
  const states = [running, waiting, exited(0), exited(1), crashLooping(2)];
  const failure = { reason: 'Evicted', message: 'low on memory', disruption: { type: 'DisruptionTarget', status: 'True' } };

  // What lets a pod worker skip a flush when neither its pod nor its containers changed since it wrote.
  it('a status built from its own result and the same inputs, later, is the same (any earlier status, any inputs)', () => {
    let checked = 0;
    for (const p of [pod('Always'), pod('Never', [{ name: 'i' }]), pod('OnFailure', [{ name: 's', sidecar: true }])]) {
      for (const [before, now] of [[waiting, running], [running, exited(1)], [crashLooping(1), crashLooping(1)], [exited(0), exited(0)]]) {
        for (const terminal of [false, true]) {
          for (const f of [undefined, failure]) {
            const earlier = podStatus(p, { now: 't0', hostIP: 'h', sandboxReady: false, initContainers: [], containers: [st('a', before), st('b', waiting)], podIsTerminal: false });
            const init = (p.spec?.initContainers ?? []).map((c) => st(c.name, states[checked % states.length]));
            const input: StatusInput = { now: 't1', hostIP: 'h', podIP: '10.0.0.5', sandboxReady: true, initContainers: init, containers: [st('a', now), st('b', running)], podIsTerminal: terminal, failure: f };
            const built = podStatus({ ...p, status: earlier }, input);
            expect(jsonEqual(podStatus({ ...p, status: built }, { ...input, now: 't2' }), built)).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(48);
  });
});

describe('podStatus field order', () => {
  const KUBELET_FIELDS = ['phase', 'conditions', 'reason', 'message', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime', 'initContainerStatuses', 'containerStatuses'];
  it('property: the stored status keeps its fields in place (reason, message and init statuses only when written again), then the kubelet\'s in API order', () => {
    const field = fc.constantFrom(...KUBELET_FIELDS, 'qosClass', 'nominatedNodeName', 'resize');
    fc.assert(fc.property(fc.uniqueArray(field), fc.boolean(), fc.boolean(), fc.boolean(), (fields, withInit, withIP, failed) => {
      const stored = Object.fromEntries(fields.map((f) => [f, f === 'conditions' || f.endsWith('Statuses') || f.endsWith('IPs') ? [] : 'x']));
      const p = { ...pod('Always', withInit ? [{ name: 'i' }] : []), status: stored };
      const built = podStatus(p, {
        now: 't', hostIP: 'h', podIP: withIP ? '10.0.0.5' : undefined, sandboxReady: true, initContainers: withInit ? [st('i', exited(0))] : [],
        containers: [st('a', running), st('b', running)], podIsTerminal: false, failure: failed ? { reason: 'Evicted', message: 'low on memory' } : undefined,
      });
      const kept = fields.filter((f) => f !== 'reason' && f !== 'message' && f !== 'initContainerStatuses');
      const written = KUBELET_FIELDS.filter((f) => (built as Record<string, unknown>)[f] !== undefined && !kept.includes(f));
      expect(Object.keys(built)).toEqual([...kept, ...written]);
    }));
  });
});

describe('apiContainerStatus field order', () => {
  it('containerID and volumeMounts in their API places, only when there are some', () => {
    const spec = { name: 'c', image: 'nginx', volumeMounts: [{ name: 'v', mountPath: '/v' }] };
    const cur = { id: 'abc', state: 'CONTAINER_RUNNING', image: 'nginx', imageRef: 'sha256:1', createdAt: 0, startedAt: 0 } as CriStatus;
    expect(Object.keys(apiContainerStatus({ spec, current: cur, defaultReason: 'ContainerCreating', restartCount: 0, ready: true, started: true })))
      .toEqual(['name', 'state', 'lastState', 'ready', 'restartCount', 'image', 'imageID', 'containerID', 'started', 'volumeMounts']);
    expect(Object.keys(apiContainerStatus({ spec: { name: 'c' }, defaultReason: 'ContainerCreating', restartCount: 0, ready: false, started: false })))
      .toEqual(['name', 'state', 'lastState', 'ready', 'restartCount', 'image', 'imageID', 'started']);
  });
});

describe('builtAlike', () => {
  it('property: a stored condition is taken as it is exactly when a condition built afresh would be the same JSON', () => {
    const text = fc.constantFrom(undefined, '', 'r', 'm');
    const key = fc.constantFrom('type', 'status', 'lastProbeTime', 'lastTransitionTime', 'reason', 'message', 'x');
    const value = fc.constantFrom<unknown>(undefined, null, 'True', 'False', 'r', 'm', 't0', { a: 1 });
    // Old conditions with the usual keys in the usual order, and also with keys missing, extra, reordered or odd values.
    const usual = fc.record({ status: fc.constantFrom('True', 'False'), reason: text, message: text, lastProbeTime: fc.constantFrom(null, undefined) })
      .map(({ status, reason, message, lastProbeTime }) => {
        const c: Record<string, unknown> = { type: 'Ready', status, lastProbeTime, lastTransitionTime: 't0' };
        if (reason !== undefined) c.reason = reason;
        if (message !== undefined) c.message = message;
        return c;
      });
    const odd = fc.array(fc.tuple(key, value), { maxLength: 7 }).map((kv): Record<string, unknown> => ({ type: 'Ready', ...Object.fromEntries(kv) })).filter((c) => c.type === 'Ready');
    const cut = fc.tuple(usual, fc.integer({ min: 1, max: 5 })).map(([c, n]) => Object.fromEntries(Object.entries(c).slice(0, n)));
    fc.assert(fc.property(fc.oneof(usual, odd, cut), fc.boolean(), text, text, (old, status, reason, message) => {
      const s = status ? 'True' : 'False';
      const fresh: Record<string, unknown> = { type: 'Ready', status: s, lastProbeTime: null, lastTransitionTime: old.status === s ? old.lastTransitionTime : 'now' };
      if (reason) fresh.reason = reason;
      if (message) fresh.message = message;
      expect(builtAlike(old as unknown as PodCondition, s, reason, message)).toBe(sameJson(fresh, old));
    }), { numRuns: 2000 });
  });
});

describe('condition', () => {
  it('property: whatever was built before (for other pods too), a condition is the one built afresh, or the stored one when alike', () => {
    const text = fc.constantFrom(undefined, '', 'r1', 'r2');
    const build = fc.record({
      type: fc.constantFrom('Ready', 'Initialized'), status: fc.boolean(), now: fc.constantFrom('t1', 't2'), reason: text, message: text,
      prev: fc.option(fc.record({ status: fc.constantFrom('True', 'False'), lastTransitionTime: fc.constantFrom('t0', 't1'), reason: text }), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(build, { maxLength: 30 }), (builds) => {
      for (const b of builds) {
        const p = b.prev;
        const old = p && { type: b.type, status: p.status, lastProbeTime: null, lastTransitionTime: p.lastTransitionTime, ...(p.reason !== undefined ? { reason: p.reason } : {}) } as unknown as PodCondition;
        const s = b.status ? 'True' : 'False';
        const fresh: Record<string, unknown> = { type: b.type, status: s, lastProbeTime: null, lastTransitionTime: old && old.status === s ? old.lastTransitionTime : b.now };
        if (b.reason) fresh.reason = b.reason;
        if (b.message) fresh.message = b.message;
        const got = condition(b.type, b.status, b.now, old ? [old] : undefined, b.reason, b.message);
        expect(JSON.stringify(got)).toBe(JSON.stringify(fresh));
        if (old && sameJson(fresh, old)) expect(got).toBe(old);
      }
    }), { numRuns: 300 });
  });
});

describe('apiContainerStatus states', () => {
  it('property: a running container\'s state names its start, whatever was built before', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(0, 1_000, 1_500, 60_000), { maxLength: 10 }), (starts) => {
      for (const startedAt of starts) {
        const cur = { id: 'abc', state: 'CONTAINER_RUNNING', image: 'nginx', imageRef: 'sha256:1', createdAt: 0, startedAt } as CriStatus;
        const s = apiContainerStatus({ spec: { name: 'c' }, current: cur, defaultReason: 'ContainerCreating', restartCount: 0, ready: true, started: true });
        expect(s.state).toEqual({ running: { startedAt: new Date(Math.floor(startedAt / 1000) * 1000).toISOString().replace('.000Z', 'Z') } });
        expect(s.lastState).toEqual({});
      }
    }));
  });
});
