import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { MetricsError, type PodMetricsInfo } from './metrics.ts';
import { groupPods, rawResourceReplicas, resourceReplicas, DEFAULT_CALC_OPTIONS } from './replicas.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

interface PodCase { ready?: boolean; phase?: string; deleted?: boolean; request?: string; startedAgoMs?: number; readySinceAgoMs?: number }

function pod(i: number, c: PodCase): Pod {
  const start = NOW - (c.startedAgoMs ?? 10 * 60_000);
  const transition = c.readySinceAgoMs !== undefined ? NOW - c.readySinceAgoMs : c.ready === false ? start : start + 5_000;
  return {
    metadata: { name: `p${i}`, ...(c.deleted ? { deletionTimestamp: iso(NOW) } : {}) },
    spec: { containers: [{ name: 'app', resources: c.request === 'none' ? {} : { requests: { cpu: c.request ?? '1' } } }] },
    status: {
      phase: c.phase ?? 'Running', startTime: iso(start),
      conditions: [{ type: 'Ready', status: c.ready === false ? 'False' : 'True', lastTransitionTime: iso(transition) }],
    },
  };
}

function metrics(levels: (number | undefined)[]): PodMetricsInfo {
  const m: PodMetricsInfo = new Map();
  levels.forEach((v, i) => { if (v !== undefined) m.set(`p${i}`, { value: v, timestamp: NOW, windowMs: 15_000 }); });
  return m;
}

// Cases of upstream's replica_calculator_test.go (TestReplicaCalc*), with its defaults for tolerance (0.1).
describe('resourceReplicas (GetResourceReplicas)', () => {
  const cases: { name: string; current: number; target: number; pods: PodCase[]; levels: (number | undefined)[]; want: number; utilization: number }[] = [
    { name: 'ScaleUp', current: 3, target: 30, pods: [{}, {}, {}], levels: [300, 500, 700], want: 5, utilization: 50 },
    { name: 'ScaleUpUnreadyLessScale', current: 3, target: 30, pods: [{ ready: false }, {}, {}], levels: [300, 500, 700], want: 4, utilization: 60 },
    { name: 'ScaleUpUnreadyNoScale', current: 3, target: 30, pods: [{}, { ready: false }, { ready: false }], levels: [400, 500, 700], want: 3, utilization: 40 },
    { name: 'ScaleUpIgnoresFailedPods', current: 2, target: 30, pods: [{}, {}, { phase: 'Failed', ready: false }, { phase: 'Failed', ready: false }], levels: [500, 700, 100, 100], want: 4, utilization: 60 },
    { name: 'ScaleUpIgnoresDeletionPods', current: 2, target: 30, pods: [{}, {}, { deleted: true }, { deleted: true }], levels: [500, 700, 100, 100], want: 4, utilization: 60 },
    { name: 'ScaleDown', current: 5, target: 50, pods: [{}, {}, {}, {}, {}], levels: [100, 300, 500, 250, 250], want: 3, utilization: 28 },
    { name: 'ScaleDownIgnoresUnreadyPods', current: 5, target: 50, pods: [{}, {}, {}, { ready: false }, { ready: false }], levels: [100, 300, 500, 250, 250], want: 2, utilization: 30 },
    { name: 'ScaleDownIgnoresDeletionPods', current: 5, target: 50, pods: [{}, {}, {}, { deleted: true }, { deleted: true }], levels: [100, 300, 500, 250, 250], want: 2, utilization: 30 },
    { name: 'Tolerance', current: 3, target: 100, pods: [{ request: '900m' }, { request: '1' }, { request: '1100m' }], levels: [1010, 1030, 1020], want: 3, utilization: 102 },
    { name: 'MissingMetricsNoChangeEq', current: 2, target: 100, pods: [{}, {}], levels: [1000, undefined], want: 2, utilization: 100 },
    { name: 'MissingMetricsNoChangeGt', current: 2, target: 100, pods: [{}, {}], levels: [1900, undefined], want: 2, utilization: 190 },
    { name: 'MissingMetricsNoChangeLt', current: 2, target: 100, pods: [{}, {}], levels: [600, undefined], want: 2, utilization: 60 },
    { name: 'MissingMetricsScaleUp (missing count as 0)', current: 3, target: 100, pods: [{}, {}, {}], levels: [2000, 2000, undefined], want: 4, utilization: 200 },
    { name: 'MissingMetricsScaleDown (missing count as 100%)', current: 4, target: 100, pods: [{}, {}, {}, {}], levels: [100, 100, 100, undefined], want: 2, utilization: 10 },
    { name: 'DuringPodInitialization: a sample taken within a window of turning ready is set aside', current: 2, target: 50, pods: [{ startedAgoMs: 60_000, readySinceAgoMs: 5_000 }, {}], levels: [2000, 1000], want: 2, utilization: 100 },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const r = resourceReplicas(tc.current, tc.target, 'cpu', tc.pods.map((p, i) => pod(i, p)), metrics(tc.levels), NOW);
      expect([r.replicas, r.utilization]).toEqual([tc.want, tc.utilization]);
    });
  }

  it('errors with upstream texts', () => {
    const err = (fn: () => unknown) => { try { fn(); } catch (e) { return e instanceof MetricsError ? e.message : String(e); } return 'no error'; };
    expect(err(() => resourceReplicas(1, 50, 'cpu', [], metrics([100]), NOW))).toBe('no pods returned by selector while calculating replica count');
    expect(err(() => resourceReplicas(1, 50, 'cpu', [pod(0, { request: 'none' })], metrics([100]), NOW))).toBe('missing request for cpu in container app of Pod p0');
    expect(err(() => resourceReplicas(1, 50, 'cpu', [pod(0, { phase: 'Pending' })], metrics([100]), NOW))).toBe('did not receive metrics for targeted pods (pods might be unready)');
  });
});

describe('groupPods', () => {
  it('sorts pods into ready, unready, missing and ignored', () => {
    const pods = [pod(0, {}), pod(1, { phase: 'Pending' }), pod(2, {}), pod(3, { deleted: true }), pod(4, { ready: false })];
    const g = groupPods(pods, metrics([1, 1, undefined, 1, 1]), 'cpu', NOW, DEFAULT_CALC_OPTIONS);
    expect(g.readyPodCount).toBe(1);
    expect([...g.unready].sort()).toEqual(['p1', 'p4']);
    expect([...g.missing]).toEqual(['p2']);
    expect([...g.ignored]).toEqual(['p3']);
  });

  it('after the initialization period counts an unready pod that was once ready', () => {
    const p = pod(0, { ready: false, startedAgoMs: 10 * 60_000, readySinceAgoMs: 60_000 });
    expect(groupPods([p], metrics([1]), 'cpu', NOW, DEFAULT_CALC_OPTIONS).readyPodCount).toBe(1);
    // Memory has no readiness rule at all.
    expect(groupPods([pod(0, { ready: false })], metrics([1]), 'memory', NOW, DEFAULT_CALC_OPTIONS).readyPodCount).toBe(1);
  });
});

describe('rawResourceReplicas (GetRawResourceReplicas)', () => {
  it('scales on the average raw use', () => {
    // average 500m against 250m: twice as many pods.
    expect(rawResourceReplicas(2, 250, 'cpu', [pod(0, {}), pod(1, {})], metrics([400, 600]), NOW)).toEqual({ replicas: 4, usage: 500 });
    expect(rawResourceReplicas(2, 480, 'cpu', [pod(0, {}), pod(1, {})], metrics([400, 600]), NOW)).toEqual({ replicas: 2, usage: 500 });
  });
});

// Pods metrics (GetMetricReplicas: the plain calculation with no resource, so no CPU readiness rule), values in
// milli-units as upstream's TestReplicaCalc*CM cases.
describe('rawResourceReplicas for a Pods metric (GetMetricReplicas)', () => {
  const cases: { name: string; current: number; target: number; pods: PodCase[]; levels: (number | undefined)[]; want: number; usage: number }[] = [
    { name: 'ScaleUpCM', current: 3, target: 15000, pods: [{}, {}, {}], levels: [20000, 10000, 30000], want: 4, usage: 20000 },
    { name: 'ScaleUpCMUnreadyHotCpuNoLessScale', current: 3, target: 15000, pods: [{}, {}, { ready: false }], levels: [50000, 10000, 30000], want: 6, usage: 30000 },
    { name: 'ScaleUpCMUnreadyHotCpuScaleWouldScaleDown', current: 3, target: 15000, pods: [{ ready: false }, {}, { ready: false }], levels: [50000, 15000, 30000], want: 7, usage: 31666 },
    { name: 'ScaleDownCM', current: 5, target: 20000, pods: [{}, {}, {}, {}, {}], levels: [12000, 12000, 12000, 12000, 2000], want: 3, usage: 10000 },
    { name: 'ToleranceCM', current: 3, target: 20000, pods: [{}, {}, {}], levels: [20000, 21000, 21000], want: 3, usage: 20666 },
    { name: 'MissingMetricsScaleUp (missing count as 0)', current: 3, target: 10000, pods: [{}, {}, {}], levels: [20000, 20000, undefined], want: 4, usage: 20000 },
    { name: 'MissingMetricsScaleDown (missing count as the target)', current: 4, target: 10000, pods: [{}, {}, {}, {}], levels: [1000, 1000, 1000, undefined], want: 2, usage: 1000 },
    { name: 'MissingMetricsNoChange within tolerance', current: 2, target: 10000, pods: [{}, {}], levels: [10500, undefined], want: 2, usage: 10500 },
    { name: 'ScaleUpPendingPod (a pending pod counts as 0)', current: 3, target: 10000, pods: [{}, {}, { phase: 'Pending' }], levels: [30000, 30000, undefined], want: 6, usage: 30000 },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const r = rawResourceReplicas(tc.current, tc.target, '', tc.pods.map((p, i) => pod(i, p)), metrics(tc.levels), NOW);
      expect(r).toEqual({ replicas: tc.want, usage: tc.usage });
    });
  }
});
