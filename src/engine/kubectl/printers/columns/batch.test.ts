import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { printTable } from '../table.ts';

const kinds = new KindRegistry();
const NOW = Date.parse('2026-06-10T12:31:00Z');
const ago = (seconds: number): string => new Date(NOW - seconds * 1000).toISOString().replace('.000Z', 'Z');
const opts = { wide: false, withNamespace: false, now: NOW };
const wide = { ...opts, wide: true };
const uid = '4dc6ef71-c2eb-44af-9b73-bb77ab6463db';

function job(name: string, age: number, spec: Job['spec'] extends infer S ? Partial<NonNullable<S>> : never, status: Job['status'] = {}, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: { name, namespace: 'default', creationTimestamp: ago(age), ...meta },
    spec: {
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: { spec: { containers: [{ name: 'pi', image: 'perl:5.34.0' }], restartPolicy: 'Never' } },
      ...spec,
    },
    status,
  } as unknown as KubeObject;
}

const cond = (type: string, status = 'True') => ({ type, status });

describe('kubectl get jobs', () => {
  it('prints status, completions and duration as v1.32 printJob does', () => {
    const objs = [
      job('pi', 130, { completions: 1, parallelism: 1 }, { startTime: ago(130), completionTime: ago(119), succeeded: 1, conditions: [cond('SuccessCriteriaMet'), cond('Complete')] }),
      job('work', 45, { completions: 6, parallelism: 2 }, { startTime: ago(45), active: 2, succeeded: 2 }),
      job('queue', 20, { parallelism: 3 }, { startTime: ago(20), active: 3 }),
      job('boom', 700, { completions: 1, parallelism: 1 }, { startTime: ago(700), failed: 7, conditions: [cond('FailureTarget'), cond('Failed')] }),
      job('held', 10, { completions: 1, parallelism: 1, suspend: true }, { conditions: [cond('Suspended')] }),
      job('failing', 12, { completions: 1, parallelism: 1 }, { startTime: ago(12), conditions: [cond('FailureTarget')] }),
      job('gone', 5, { completions: 1, parallelism: 1 }, { startTime: ago(5), active: 1 }, { deletionTimestamp: ago(0) }),
    ];
    expect(printTable(kinds.byKindName('Job')!, objs, opts)).toBe(
      'NAME      STATUS          COMPLETIONS   DURATION   AGE\n' +
      'pi        Complete        1/1           11s        2m10s\n' +
      'work      Running         2/6           45s        45s\n' +
      'queue     Running         0/1 of 3      20s        20s\n' +
      'boom      Failed          0/1           11m        11m\n' +
      'held      Suspended       0/1                      10s\n' +
      'failing   FailureTarget   0/1           12s        12s\n' +
      'gone      Terminating     0/1           5s         5s\n');
  });

  it('adds containers, images and the selector with -o wide', () => {
    expect(printTable(kinds.byKindName('Job')!, [job('pi', 30, { completions: 1 }, { startTime: ago(30), active: 1 })], wide)).toBe(
      'NAME   STATUS    COMPLETIONS   DURATION   AGE   CONTAINERS   IMAGES        SELECTOR\n' +
      `pi     Running   0/1           30s        30s   pi           perl:5.34.0   batch.kubernetes.io/controller-uid=${uid}\n`);
  });
});

function cronJob(name: string, age: number, spec: Partial<NonNullable<CronJob['spec']>> = {}, status: CronJob['status'] = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob',
    metadata: { name, namespace: 'default', creationTimestamp: ago(age) },
    spec: { schedule: '*/1 * * * *', suspend: false, jobTemplate: { spec: { template: { spec: { containers: [{ name: 'hello', image: 'busybox:1.28' }] } } } }, ...spec },
    status,
  } as unknown as KubeObject;
}

describe('kubectl get cronjobs', () => {
  it('prints schedule, time zone, suspend, active and last schedule', () => {
    const objs = [
      cronJob('hello', 200, {}, { lastScheduleTime: ago(20), active: [{ name: 'hello-1' }] }),
      cronJob('nightly', 3600, { schedule: '0 3 * * *', timeZone: 'Europe/Rome', suspend: true }),
    ];
    expect(printTable(kinds.byKindName('CronJob')!, objs, opts)).toBe(
      'NAME      SCHEDULE      TIMEZONE      SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n' +
      'hello     */1 * * * *   <none>        False     1        20s             3m20s\n' +
      'nightly   0 3 * * *     Europe/Rome   True      0        <none>          60m\n');
  });

  it('adds containers, images and the (never set) selector with -o wide', () => {
    expect(printTable(kinds.byKindName('CronJob')!, [cronJob('hello', 60)], wide)).toBe(
      'NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE   CONTAINERS   IMAGES         SELECTOR\n' +
      'hello   */1 * * * *   <none>     False     0        <none>          60s   hello        busybox:1.28   <none>\n');
  });

  it('resolves the short name cj', () => {
    expect(kinds.resolve('cj')?.kind).toBe('CronJob');
    expect(kinds.resolve('jobs.batch')?.kind).toBe('Job');
  });
});
