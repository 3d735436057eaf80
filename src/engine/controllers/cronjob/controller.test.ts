import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { GarbageCollector } from '../garbagecollector/controller.ts';
import { JobController } from '../job/controller.ts';
import { cronJobManifest, harness, type Harness } from '../job/testing.ts';
import { CronJobController } from './controller.ts';

const START_MIN = Date.UTC(2026, 0, 1) / 60_000; // 29446560

function setup(): Harness & { cron: CronJobController } {
  let cron: CronJobController | undefined;
  const h = harness((store, clock, informers, recorder) => {
    cron = new CronJobController(store, clock, informers, recorder);
    return [new JobController(store, clock, informers, recorder), cron, new GarbageCollector(store, clock, informers, ['Pod', 'Job', 'CronJob'])];
  });
  return { ...h, cron: cron! };
}

const jobs = (h: Harness) => h.store.list<Job>('Job').map((j) => j.metadata.name).sort();
const cronJob = (h: Harness, name = 'hello') => h.store.get<CronJob>('CronJob', 'default', name);
const finishJob = (h: Harness, name: string, phase: 'Succeeded' | 'Failed' = 'Succeeded') => {
  for (const p of h.pods(name)) h.finish(p, phase);
};
const update = (h: Harness, spec: Record<string, unknown>, name = 'hello') => {
  const cur = cronJob(h, name);
  h.store.update({ ...cur, spec: { ...cur.spec!, ...spec } } as KubeObject);
};

describe('CronJob controller', () => {
  it('creates a Job at each scheduled minute, named after it, and records it in .status', () => {
    const h = setup();
    h.apply(cronJobManifest('hello'));
    h.advance(59);
    expect(jobs(h)).toEqual([]);
    h.advance(2);
    const name = `hello-${START_MIN + 1}`;
    expect(jobs(h)).toEqual([name]);
    const job = h.store.get<Job>('Job', 'default', name);
    expect(job.metadata.annotations).toEqual({ 'batch.kubernetes.io/cronjob-scheduled-timestamp': '2026-01-01T00:01:00Z' });
    expect(job.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'hello', uid: cronJob(h).metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(job.metadata.creationTimestamp).toBe('2026-01-01T00:01:00Z');
    expect(cronJob(h).status).toEqual({
      active: [{ apiVersion: 'batch/v1', kind: 'Job', name, namespace: 'default', uid: job.metadata.uid, resourceVersion: expect.any(String) }],
      lastScheduleTime: '2026-01-01T00:01:00Z',
    });
    expect(h.events('hello')).toEqual([`Normal SuccessfulCreate Created job ${name}`]);
  });

  it('notices completed Jobs and keeps the history limits', () => {
    const h = setup();
    h.apply(cronJobManifest('hello', { successfulJobsHistoryLimit: 2 }));
    h.advance(65);
    for (let i = 1; i <= 4; i++) {
      finishJob(h, `hello-${START_MIN + i}`);
      h.advance(60);
    }
    // Jobs 1–4 finished (at 00:0i:05), job 5 runs.
    expect(jobs(h)).toEqual([`hello-${START_MIN + 3}`, `hello-${START_MIN + 4}`, `hello-${START_MIN + 5}`]);
    const status = cronJob(h).status!;
    expect(status.active?.map((r) => r.name)).toEqual([`hello-${START_MIN + 5}`]);
    expect(status.lastScheduleTime).toBe('2026-01-01T00:05:00Z');
    expect(status.lastSuccessfulTime).toBe('2026-01-01T00:04:06Z');
    const events = h.events('hello');
    expect(events).toContain(`Normal SawCompletedJob Saw completed job: hello-${START_MIN + 1}, status: Complete`);
    expect(events).toContain(`Normal SuccessfulDelete Deleted job hello-${START_MIN + 1}`);
    expect(events).toContain(`Normal SuccessfulDelete Deleted job hello-${START_MIN + 2}`);
  });

  it('with Forbid, holds a scheduled run back while the previous Job is active', () => {
    const h = setup();
    h.apply(cronJobManifest('hello', { concurrencyPolicy: 'Forbid' }));
    h.advance(61);
    h.advance(60);
    expect(jobs(h)).toEqual([`hello-${START_MIN + 1}`]);
    expect(h.events('hello')).toContain('Normal JobAlreadyActive Not starting job because prior execution is running and concurrency policy is Forbid');
    // As upstream, without startingDeadlineSeconds the held-back 00:02 run starts as soon as the Job finishes.
    finishJob(h, `hello-${START_MIN + 1}`);
    h.advance(5);
    expect(jobs(h)).toEqual([`hello-${START_MIN + 1}`, `hello-${START_MIN + 2}`]);
    expect(h.store.get<Job>('Job', 'default', `hello-${START_MIN + 2}`).metadata.creationTimestamp).toBe('2026-01-01T00:02:02Z');
  });

  it('with Replace, deletes the running Job before starting the next', () => {
    const h = setup();
    h.apply(cronJobManifest('hello', { concurrencyPolicy: 'Replace' }));
    h.advance(61);
    h.advance(60);
    h.advance(5);
    expect(jobs(h)).toEqual([`hello-${START_MIN + 2}`]);
    expect(h.events('hello')).toContain(`Normal SuccessfulDelete Deleted job hello-${START_MIN + 1}`);
    expect(cronJob(h).status?.active?.map((r) => r.name)).toEqual([`hello-${START_MIN + 2}`]);
  });

  it('with Allow, runs Jobs side by side', () => {
    const h = setup();
    h.apply(cronJobManifest('hello'));
    h.advance(181);
    expect(cronJob(h).status?.active?.map((r) => r.name)).toEqual([1, 2, 3].map((i) => `hello-${START_MIN + i}`));
  });

  it('starts nothing while suspended; on resume it starts the latest missed time unless it is past the starting deadline', () => {
    const h = setup();
    h.apply(cronJobManifest('hello', { suspend: true }));
    h.apply(cronJobManifest('late', { suspend: true, startingDeadlineSeconds: 10 }));
    h.advance(5 * 60 + 30);
    expect(jobs(h)).toEqual([]);
    update(h, { suspend: false });
    update(h, { suspend: false }, 'late');
    h.advance(1);
    expect(jobs(h)).toEqual([`hello-${START_MIN + 5}`]);
    // The starting deadline moves the earliest time considered to now - 10 s: the 00:05 run is silently dropped.
    expect(h.events('late')).toEqual([]);
    h.advance(30);
    expect(jobs(h)).toEqual([`hello-${START_MIN + 5}`, `hello-${START_MIN + 6}`, `late-${START_MIN + 6}`]);
  });

  it('warns about too many missed start times', () => {
    const h = setup();
    h.apply(cronJobManifest('hello', { suspend: true }));
    h.advance(150 * 60 + 30);
    update(h, { suspend: false });
    h.advance(1);
    expect(h.events('hello')).toEqual([
      'Warning TooManyMissedTimes too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew',
      `Normal SuccessfulCreate Created job hello-${START_MIN + 150}`,
    ]);
  });

  it('runs in spec.timeZone', () => {
    const h = setup();
    h.apply(cronJobManifest('tz', { schedule: '0 9 * * *', timeZone: 'Etc/GMT-2' }));
    h.advance(7 * 3600 + 1);
    const [name] = jobs(h);
    expect(name).toBe(`tz-${START_MIN + 7 * 60}`);
    expect(h.store.get<Job>('Job', 'default', name!).metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2026-01-01T09:00:00+02:00');
  });

  it('sleeps on a timer until the next scheduled time instead of polling', () => {
    const h = setup();
    h.apply(cronJobManifest('hourly', { schedule: '0 * * * *' }));
    let syncs = 0;
    h.cron.queue.onActivity((e) => { if (e.type === 'get' && e.key === 'default/hourly') syncs++; });
    h.advance(59 * 60);
    // The first sync, then only the informers' ten-minute resyncs: no polling.
    expect(syncs).toBe(1 + 5);
    syncs = 0;
    h.advance(61);
    // The scheduled sync, then the ones its own status update and the new Job cause.
    expect(jobs(h)).toEqual([`hourly-${START_MIN + 60}`]);
    expect(syncs).toBeLessThanOrEqual(4);
  });

  it('deletes its Jobs with it (owner references)', () => {
    const h = setup();
    h.apply(cronJobManifest('hello'));
    h.advance(61);
    h.store.delete('CronJob', 'default', 'hello', { propagationPolicy: 'Background' });
    h.advance(5);
    expect(jobs(h)).toEqual([]);
    expect(h.store.list('Pod')).toHaveLength(0);
  });
});
