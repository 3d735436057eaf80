import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import { describe, expect, it } from 'vitest';
import { parseStandard } from '../../api/cron/parser.ts';
import type { KubeObject } from '../../api/object.ts';
import { byJobStartTime, jobFromTemplate, jobName, mostRecentScheduleTime, NEXT_SCHEDULE_DELTA_MS, nextScheduleTime, nextScheduleTimeDuration } from './utils.ts';

// utils_test.go's topOfTheHour: 2016-05-19T10:00:00Z.
const TOP = Date.UTC(2016, 4, 19, 10);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function cj(schedule: string, created: number, lastSchedule?: number, startingDeadlineSeconds?: number): CronJob {
  return {
    metadata: { name: 'mycronjob', namespace: 'default', creationTimestamp: iso(created) },
    spec: { schedule, jobTemplate: {}, ...(startingDeadlineSeconds !== undefined ? { startingDeadlineSeconds } : {}) },
    status: lastSchedule !== undefined ? { lastScheduleTime: iso(lastSchedule) } : {},
  };
}

describe('mostRecentScheduleTime (TestMostRecentScheduleTime)', () => {
  it.each<[string, CronJob, boolean, number, number, number | undefined, string, boolean?]>([
    ['now before next schedule', cj('0 * * * *', TOP), false, TOP + 30 * S, TOP, undefined, 'none'],
    ['now just after next schedule', cj('0 * * * *', TOP), false, TOP + 61 * M, TOP, TOP + 60 * M, 'none'],
    ['missed 5 schedules', cj('0 * * * *', TOP + 10 * S), false, TOP + 301 * M, TOP + 10 * S, TOP + 300 * M, 'few'],
    ['complex schedule', cj('30 6-16/4 * * 1-5', TOP, TOP + 30 * M), false, TOP + 24 * H + 31 * M, TOP + 30 * M, TOP + 24 * H + 30 * M, 'few'],
    ['another complex schedule', cj('30 10,11,12 * * 1-5', TOP, TOP + 30 * M), false, TOP + 30 * H + 30 * M, TOP + 30 * M, undefined, 'few'],
    ['complex schedule with longer diff between executions', cj('30 6-16/4 * * 1-5', TOP, TOP + 30 * M), false, TOP + 96 * H + 31 * M, TOP + 30 * M, TOP + 96 * H + 30 * M, 'few'],
    ['complex schedule with shorter diff between executions', cj('30 6-16/4 * * 1-5', TOP), false, TOP + 24 * H + 31 * M, TOP, TOP + 24 * H + 30 * M, 'few'],
    ['@every schedule', cj('@every 1h', TOP - 59 * M, TOP + M, 10), false, TOP + 7 * 24 * H, TOP + M, TOP + 6 * 24 * H + 23 * H + M, 'many'],
    ['earliestTime being CreationTimestamp and LastScheduleTime', cj('0 * * * *', TOP, TOP), false, TOP + 30 * S, TOP, undefined, 'none'],
    ['earliestTime being LastScheduleTime', cj('*/5 * * * *', TOP, TOP + 30 * M), false, TOP + 31 * M, TOP + 30 * M, undefined, 'none'],
    ['earliestTime being LastScheduleTime (within StartingDeadlineSeconds)', cj('*/5 * * * *', TOP, TOP + 30 * M, 60), false, TOP + 31 * M, TOP + 30 * M, undefined, 'none'],
    ['earliestTime being LastScheduleTime (outside StartingDeadlineSeconds)', cj('*/5 * * * *', TOP, TOP + 30 * M, 60), true, TOP + 32 * M, TOP + 31 * M, undefined, 'none'],
  ])('%s', (_n, c, includeSDS, now, earliest, recent, missed) => {
    const r = mostRecentScheduleTime(c, now, parseStandard(c.spec!.schedule), includeSDS);
    expect(r.error).toBeUndefined();
    expect(r.earliest).toBe(earliest);
    expect(r.mostRecent).toBe(recent);
    expect(r.missed).toBe(missed);
  });

  it('rogue cronjob: an impossible date is an error', () => {
    const c = cj('59 23 31 2 *', TOP + 10 * S);
    expect(mostRecentScheduleTime(c, TOP + H, parseStandard('59 23 31 2 *'), false).error).toBe('time difference between two schedules is less than 1 second');
  });
});

describe('nextScheduleTimeDuration (TestNextScheduleTimeDuration)', () => {
  it.each<[string, CronJob, number, number]>([
    ['complex schedule skipping weekend', cj('30 6-16/4 * * 1-5', TOP, TOP + 30 * M), TOP + 24 * H + 31 * M, 3 * H + 59 * M],
    ['another complex schedule skipping weekend', cj('30 10,11,12 * * 1-5', TOP, TOP + 30 * M), TOP + 30 * H + 30 * M, 66 * H],
    ['once a week cronjob, missed two runs', cj('0 12 * * 4', TOP, TOP + 2 * H), TOP + 19 * 24 * H + H + 30 * M, 48 * H + 30 * M],
    ['no previous run of a cronjob', cj('0 12 * * 5', TOP), TOP + 6 * H, 20 * H],
  ])('%s', (_n, c, now, want) => {
    expect(nextScheduleTimeDuration(c, now, parseStandard(c.spec!.schedule))).toBe(want + NEXT_SCHEDULE_DELTA_MS);
  });
});

describe('nextScheduleTime (TestNextScheduleTime, hourly "0 * * * ?")', () => {
  const sched = parseStandard('0 * * * ?');
  const T1 = TOP;
  const T2 = TOP + H;
  it.each<[string, CronJob, number, number | undefined]>([
    ['no known start times, and none needed yet', cj('0 * * * ?', T1 - 10 * M), T1 - 7 * M, undefined],
    ['no known start times, and one needed', cj('0 * * * ?', T1 - 10 * M), T1 + 2 * S, T1],
    ['known LastScheduleTime, no start needed', cj('0 * * * ?', T1 - 10 * M, T1), T1 + 2 * M, undefined],
    ['known LastScheduleTime, a start needed', cj('0 * * * ?', T1 - 10 * M, T1), T2 + 5 * M, T2],
    ['known LastScheduleTime, two starts needed', cj('0 * * * ?', T1 - 2 * H, T1 - H), T2 + 5 * M, T2],
  ])('%s', (_n, c, now, want) => {
    expect(nextScheduleTime(c, now, sched).time).toBe(want);
  });

  it('far behind, with or without a short starting deadline, still starts the latest', () => {
    expect(nextScheduleTime(cj('0 * * * ?', T1 - 2 * H, T1 - H), T2 + 10 * 24 * H, sched).time).toBe(T2 + 10 * 24 * H);
    expect(nextScheduleTime(cj('0 * * * ?', T1 - 2 * H, T1 - H, 2 * 60 * 60), T2 + 10 * 24 * H, sched).time).toBe(T2 + 10 * 24 * H);
  });

  it('passes the impossible-schedule error up', () => {
    const r = nextScheduleTime(cj('59 23 31 2 *', T1 + 10 * S), T2, parseStandard('59 23 31 2 *'));
    expect(r.time).toBeUndefined();
    expect(r.error).toBeDefined();
  });
});

describe('Jobs of a CronJob', () => {
  it('names Jobs after the scheduled minute since the epoch and copies the template (TestGetJobFromTemplate2)', () => {
    const c = {
      apiVersion: 'batch/v1', kind: 'CronJob',
      metadata: { name: 'mycronjob', namespace: 'snazzycats', uid: '1a2b3c' },
      spec: {
        schedule: '* * * * ?', concurrencyPolicy: 'Allow', timeZone: 'Europe/Rome',
        jobTemplate: { metadata: { labels: { a: 'b' }, annotations: { x: 'y' } }, spec: { activeDeadlineSeconds: 1, template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'c', image: 'foo/bar' }] } } } },
      },
    } as unknown as CronJob & KubeObject;
    const job = jobFromTemplate(c, TOP);
    expect(job.metadata.name).toBe(`mycronjob-${TOP / M}`);
    expect(jobName(c, TOP)).toBe('mycronjob-24394200');
    expect(job.metadata.labels).toEqual({ a: 'b' });
    expect(job.metadata.annotations).toEqual({ x: 'y', 'batch.kubernetes.io/cronjob-scheduled-timestamp': '2016-05-19T12:00:00+02:00' });
    expect(job.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'mycronjob', uid: '1a2b3c', controller: true, blockOwnerDeletion: true }]);
    expect(job.spec).toEqual(c.spec!.jobTemplate.spec);
  });

  it('orders Jobs by start time, unstarted last, names breaking ties (TestByJobStartTime)', () => {
    const j = (name: string, start?: string): Job => ({ metadata: { name }, status: start ? { startTime: start } : {} });
    const names = (js: Job[]) => [...js].sort(byJobStartTime).map((x) => x.metadata!.name);
    expect(names([j('b'), j('a')])).toEqual(['a', 'b']);
    expect(names([j('a'), j('b', '2018-01-01T02:03:04Z')])).toEqual(['b', 'a']);
    expect(names([j('b', '2018-01-01T02:03:04Z'), j('a', '2018-01-01T02:03:04Z')])).toEqual(['a', 'b']);
    expect(names([j('a', '2019-01-01T02:03:04Z'), j('b', '2018-01-01T02:03:04Z')])).toEqual(['b', 'a']);
  });
});
