import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node, NodeCondition } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { toRFC3339 } from '../../sim/clock.ts';
import { NODE_MONITOR_GRACE_PERIOD_MS, NODE_STARTUP_GRACE_PERIOD_MS, tryUpdateNodeHealth, type NodeHealth } from './health.ts';
import { RateLimitedTimedQueue, TokenBucket } from './ratelimited.ts';
import { controllerNoScheduleTaints, noScheduleTaintsFor, swapNodeTaints, taintSetDiff } from './taints.ts';
import { computeZoneState, zoneKey, zoneQPS } from './zones.ts';

const T0 = Date.UTC(2026, 0, 1);
const at = (s: number) => toRFC3339(T0 + s * 1000);

function cond(type: string, status: string, heartbeat = 0): NodeCondition {
  return { type, status, reason: 'KubeletReady', message: 'm', lastHeartbeatTime: at(heartbeat), lastTransitionTime: at(0) };
}

function node(conditions?: NodeCondition[]): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1', creationTimestamp: at(0) }, status: conditions ? { conditions } : {} };
}

const lease = (renewS: number): Lease => ({ spec: { renewTime: new Date(T0 + renewS * 1000).toISOString().replace('Z', '000Z') } });
const ready = () => [cond('MemoryPressure', 'False'), cond('DiskPressure', 'False'), cond('PIDPressure', 'False'), cond('Ready', 'True')];

describe('tryUpdateNodeHealth: grace periods (upstream defaults)', () => {
  it('uses node-monitor-grace-period 50 s and node-startup-grace-period 60 s', () => {
    expect(NODE_MONITOR_GRACE_PERIOD_MS).toBe(50_000);
    expect(NODE_STARTUP_GRACE_PERIOD_MS).toBe(60_000);
  });

  // Seen at 0 s (probe = 0); silence since: the verdict at each moment.
  it.each([
    [10, 'True'],
    [49, 'True'],
    [50, 'True'],
    [51, 'Unknown'],
    [300, 'Unknown'],
  ])('a node last heard of at 0 s is %i s later Ready=%s', (seconds, expected) => {
    const first = tryUpdateNodeHealth(node(ready()), undefined, lease(0), T0);
    const v = tryUpdateNodeHealth(node(ready()), first.health, lease(0), T0 + seconds * 1000);
    expect(v.currentReady?.status).toBe(expected);
    expect(v.gracePeriodMs).toBe(50_000);
  });

  it.each([
    ['a renewed lease', (s: number) => ({ n: node(ready()), l: lease(s) })],
    ['a new Ready heartbeat', (s: number) => ({ n: node([...ready().slice(0, 3), cond('Ready', 'True', s)]), l: lease(0) })],
  ])('%s restarts the grace period from when the controller saw it', (_name, signal) => {
    const first = tryUpdateNodeHealth(node(ready()), undefined, lease(0), T0);
    const { n, l } = signal(40);
    const seen = tryUpdateNodeHealth(n, first.health, l, T0 + 45_000);
    expect(seen.health.probeTimestamp).toBe(T0 + 45_000);
    expect(tryUpdateNodeHealth(n, seen.health, l, T0 + 95_000).update).toBeUndefined();
    expect(tryUpdateNodeHealth(n, seen.health, l, T0 + 96_000).update).toBeDefined();
  });

  it('turns Ready and the pressure conditions Unknown with the upstream reason and message', () => {
    const first = tryUpdateNodeHealth(node(ready()), undefined, lease(0), T0);
    const v = tryUpdateNodeHealth(node(ready()), first.health, lease(0), T0 + 51_000);
    expect(v.observedReady.status).toBe('True');
    const conds = v.update!.status!.conditions!;
    expect(conds.map((c) => `${c.type}=${c.status}`)).toEqual(['MemoryPressure=Unknown', 'DiskPressure=Unknown', 'PIDPressure=Unknown', 'Ready=Unknown']);
    for (const c of conds) {
      expect(c).toMatchObject({ reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: at(51), lastHeartbeatTime: at(0) });
    }
  });

  it('writes nothing again once Ready is already Unknown', () => {
    const unknown = ready().map((c) => ({ ...c, status: 'Unknown' }));
    const first = tryUpdateNodeHealth(node(unknown), undefined, lease(0), T0);
    expect(tryUpdateNodeHealth(node(unknown), first.health, lease(0), T0 + 120_000).update).toBeUndefined();
  });

  it('gives a node that never posted status the startup grace period, from its creation', () => {
    const v1 = tryUpdateNodeHealth(node(), undefined, undefined, T0 + 60_000);
    expect(v1.gracePeriodMs).toBe(60_000);
    expect(v1.update).toBeUndefined();
    const v2 = tryUpdateNodeHealth(node(), v1.health, undefined, T0 + 61_000);
    expect(v2.update!.status!.conditions!.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['Ready', 'Unknown', 'NodeStatusNeverUpdated'], ['MemoryPressure', 'Unknown', 'NodeStatusNeverUpdated'],
      ['DiskPressure', 'Unknown', 'NodeStatusNeverUpdated'], ['PIDPressure', 'Unknown', 'NodeStatusNeverUpdated'],
    ]);
    expect(v2.update!.status!.conditions![0].message).toBe('Kubelet never posted node status.');
  });

  it('a node seen for the first time gets a full grace period from that moment', () => {
    const saved: NodeHealth | undefined = undefined;
    const v = tryUpdateNodeHealth(node(ready()), saved, lease(0), T0 + 600_000);
    expect(v.health.probeTimestamp).toBe(T0 + 600_000);
    expect(v.update).toBeUndefined();
  });
});

describe('taint keys', () => {
  // nodeConditionToTaintKeyStatusMap.
  it.each([
    ['Ready', 'False', 'node.kubernetes.io/not-ready'],
    ['Ready', 'Unknown', 'node.kubernetes.io/unreachable'],
    ['Ready', 'True', undefined],
    ['MemoryPressure', 'True', 'node.kubernetes.io/memory-pressure'],
    ['MemoryPressure', 'Unknown', undefined],
    ['DiskPressure', 'True', 'node.kubernetes.io/disk-pressure'],
    ['PIDPressure', 'True', 'node.kubernetes.io/pid-pressure'],
    ['NetworkUnavailable', 'True', 'node.kubernetes.io/network-unavailable'],
  ])('%s=%s → NoSchedule taint %s', (type, status, key) => {
    const taints = noScheduleTaintsFor([cond(type, status)], false);
    expect(taints).toEqual(key ? [{ key, effect: 'NoSchedule' }] : []);
  });

  it('a cordoned node gets node.kubernetes.io/unschedulable:NoSchedule', () => {
    expect(noScheduleTaintsFor([], true)).toEqual([{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }]);
  });

  it('only its own NoSchedule taints are the controller\'s to remove', () => {
    const current = controllerNoScheduleTaints([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
    ]);
    expect(current).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
    expect(taintSetDiff([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }], current)).toEqual({
      add: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }],
      remove: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }],
    });
  });

  it('swapNodeTaints stamps timeAdded and drops an empty list', () => {
    const stored: { spec?: { taints?: unknown[] } } = { spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }] } };
    const store = {
      tryGet: () => ({ metadata: { name: 'w1' }, ...stored }),
      update: (n: { spec?: { taints?: unknown[] } }) => { stored.spec = n.spec; return n; },
    } as unknown as Parameters<typeof swapNodeTaints>[0];
    swapNodeTaints(store, 'w1', [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }], [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], at(5));
    expect(stored.spec?.taints).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: at(5) }]);
    swapNodeTaints(store, 'w1', [], [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }], at(6));
    expect(stored.spec).toEqual({});
  });
});

describe('zones', () => {
  const c = (s: string) => ({ type: 'Ready', status: s });
  it.each([
    [['True', 'True', 'True'], 'Normal'],
    [['True', 'Unknown', 'Unknown'], 'Normal'],
    [['True', 'Unknown', 'Unknown', 'False'], 'PartialDisruption'],
    [['True', 'True', 'Unknown', 'Unknown', 'False'], 'PartialDisruption'],
    [['True', 'True', 'True', 'Unknown', 'Unknown', 'False'], 'Normal'],
    [['Unknown'], 'FullDisruption'],
    [['Unknown', 'False', 'Unknown'], 'FullDisruption'],
  ])('%j is %s', (statuses, state) => {
    expect(computeZoneState(statuses.map(c)).state).toBe(state);
  });

  it('counts a node without a Ready condition as not ready', () => {
    expect(computeZoneState([undefined, c('True')])).toEqual({ notReady: 1, state: 'Normal' });
  });

  it.each([
    ['Normal', 3, 0.1], ['FullDisruption', 3, 0.1], ['PartialDisruption', 50, 0], ['PartialDisruption', 51, 0.01],
  ] as const)('a %s zone of %i nodes taints at %d nodes/s', (state, size, qps) => {
    expect(zoneQPS(state, size)).toBe(qps);
  });

  it('keys zones by region and zone, the deprecated labels first', () => {
    const n = (labels: Record<string, string>) => ({ metadata: { labels } });
    expect(zoneKey(n({}))).toBe('');
    expect(zoneKey(n({ 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': 'a' }))).toBe('r:\u0000:a');
    expect(zoneKey(n({ 'failure-domain.beta.kubernetes.io/zone': 'b', 'topology.kubernetes.io/zone': 'a' }))).toBe(':\u0000:b');
  });
});

describe('the rate-limited tainting queue', () => {
  it('takes one node at once and the next after 1 / qps seconds (burst 1)', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(0.1, 1, T0));
    const done: string[] = [];
    for (const n of ['a', 'b', 'c']) q.add(n, n, T0);
    q.try(T0, (v) => { done.push(v); return { done: true }; });
    expect(done).toEqual(['a']);
    expect(q.nextAt(T0)).toBe(T0 + 10_000);
    q.try(T0 + 9_999, (v) => { done.push(v); return { done: true }; });
    expect(done).toEqual(['a']);
    q.try(T0 + 10_000, (v) => { done.push(v); return { done: true }; });
    expect(done).toEqual(['a', 'b']);
  });

  it('never adds a processed value again until it is removed, and stops at qps 0', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(0.1, 1, T0));
    q.add('a', 'a', T0);
    q.try(T0, () => ({ done: true }));
    expect(q.add('a', 'a', T0)).toBe(false);
    q.remove('a');
    expect(q.add('a', 'a', T0)).toBe(true);
    q.swapLimiter(0, T0);
    expect(q.nextAt(T0)).toBe(Infinity);
  });
});
