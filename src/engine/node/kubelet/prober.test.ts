import type { Pod, Probe } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { SimClock } from '../../sim/clock.ts';
import type { ProbeType } from '../runtime/behavior.ts';
import { firstTick, Prober, type ProbeResult } from './prober.ts';

const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'u1' } } as Pod & KubeObject;

/** Run one probe of `type` against a container that answers per second according to `answers(t)`. */
function run(type: ProbeType, probe: Probe, answers: (sec: number) => boolean, seconds: number) {
  const clock = new SimClock(0);
  const changes: [number, ProbeResult][] = [];
  const events: string[] = [];
  const target = {
    answers: () => answers(clock.now() / 1000),
    execProbe: () => ({ exitCode: answers(clock.now() / 1000) ? 0 : 1, stdout: '' }),
    logProbeRequest: () => {},
  };
  const prober = new Prober(clock, target, (_p, _t, reason, message) => events.push(`${clock.now() / 1000} ${reason}: ${message}`), {
    resultChanged: (_uid, _id, t, result) => { if (t === type) changes.push([clock.now() / 1000, result]); },
  });
  const field = type === 'liveness' ? 'livenessProbe' : type === 'readiness' ? 'readinessProbe' : 'startupProbe';
  prober.start({ pod, container: { name: 'c', [field]: probe }, fieldPath: 'spec.containers{c}', podIP: '10.244.0.5', epoch: 0 }, 'id1', 0);
  clock.advance(seconds * 1000);
  return { changes, events, result: prober.result('id1', type) };
}

describe('prober workers', () => {
  const http: Probe = { httpGet: { path: '/', port: 80 }, periodSeconds: 10, failureThreshold: 3, successThreshold: 1 };

  it('readiness starts as Failure and turns Success at the first good probe', () => {
    expect(run('readiness', http, () => true, 5)).toMatchObject({ changes: [[0, 'success']], result: 'success' });
  });

  it('initialDelaySeconds holds the first probe back (to the next tick of the period grid)', () => {
    expect(run('readiness', { ...http, initialDelaySeconds: 15 }, () => true, 30).changes).toEqual([[20, 'success']]);
  });

  it.each([
    [1, [[50, 'failure']]],
    [3, [[70, 'failure']]],
  ])('failureThreshold %d: a result changes only after that many failures in a row', (threshold, changes) => {
    const r = run('readiness', { ...http, failureThreshold: threshold }, (t) => t < 45, 100);
    expect(r.changes.slice(1)).toEqual(changes);
  });

  it('successThreshold 2 needs two good probes in a row to become ready again', () => {
    const r = run('readiness', { ...http, failureThreshold: 1, successThreshold: 2 }, (t) => t < 15 || t >= 35, 80);
    expect(r.changes).toEqual([[10, 'success'], [20, 'failure'], [50, 'success']]);
  });

  it('every failed probe is an Unhealthy event with the handler\'s message', () => {
    const r = run('readiness', { tcpSocket: { port: 8080 }, periodSeconds: 5 }, () => false, 10);
    expect(r.events).toEqual([
      '0 Unhealthy: Readiness probe failed: dial tcp 10.244.0.5:8080: connect: connection refused',
      '5 Unhealthy: Readiness probe failed: dial tcp 10.244.0.5:8080: connect: connection refused',
      '10 Unhealthy: Readiness probe failed: dial tcp 10.244.0.5:8080: connect: connection refused',
    ]);
  });

  it('a liveness failure is reported once, then the worker waits for a new container', () => {
    const r = run('liveness', { ...http, periodSeconds: 5 }, (t) => t < 20, 120);
    expect(r.changes).toEqual([[30, 'failure']]);
    expect(r.events).toHaveLength(3);
    expect(r.events[0]).toBe('20 Unhealthy: Liveness probe failed: HTTP probe failed with statuscode: 500');
  });

  it('liveness waits for the startup probe to succeed', () => {
    const clock = new SimClock(0);
    const seen: string[] = [];
    const target = { answers: () => clock.now() >= 25_000, execProbe: () => ({ exitCode: 0, stdout: '' }), logProbeRequest: () => {} };
    const prober = new Prober(clock, target, () => {}, { resultChanged: (_u, _i, t, r) => seen.push(`${clock.now() / 1000} ${t} ${r}`) });
    const container = { name: 'c', startupProbe: { ...http, periodSeconds: 10, failureThreshold: 30 }, livenessProbe: { ...http, periodSeconds: 10 } };
    prober.start({ pod, container, fieldPath: '', podIP: '', epoch: 0 }, 'id1', 0);
    clock.advance(60_000);
    expect(seen).toEqual(['30 startup success']);
    expect(prober.result('id1', 'liveness')).toBe('success');
  });

  it.each([
    [0, 0, 1_700, 10_000],
    [0, 0, 0, 0],
    [0, 12, 1_700, 20_000],
    [3_000, 5, 4_000, 13_000],
  ])('firstTick(epoch %d, delay %ds, started at %d) = %d', (epoch, delay, started, tick) => {
    expect(firstTick(epoch, started, { periodSeconds: 10, initialDelaySeconds: delay }, started)).toBe(tick);
  });
});
