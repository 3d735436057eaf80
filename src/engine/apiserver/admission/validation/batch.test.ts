import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/object.ts';
import { SimClock } from '../../../sim/clock.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { StatusError } from '../../errors.ts';
import { Store } from '../../store.ts';

function newStore(): Store {
  const s = new Store(new SimClock(), new SeededRng(7));
  s.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return s;
}

const podSpec = (extra: Record<string, unknown> = {}) => ({ containers: [{ name: 'pi', image: 'perl:5.34' }], restartPolicy: 'Never', ...extra });

function job(spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}, pod: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default', ...meta },
    spec: { template: { spec: podSpec(pod) }, ...spec },
  };
}

function cronJob(spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}, pod: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'hello', namespace: 'default', ...meta },
    spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: podSpec(pod) } } }, ...spec },
  };
}

/** The API server's message for a rejected create. */
function rejection(obj: KubeObject, store = newStore()): string {
  try {
    store.create(obj);
  } catch (e) {
    if (e instanceof StatusError) return e.message;
    throw e;
  }
  return 'accepted';
}

describe('Job defaults and the generated selector', () => {
  it('defaults as a v1.32 API server does and labels the template with the generated selector', () => {
    const j = newStore().create(job());
    const uid = j.metadata.uid!;
    const labels = {
      'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid, 'job-name': 'pi',
    };
    expect(j.spec).toMatchObject({
      backoffLimit: 6, completionMode: 'NonIndexed', completions: 1, manualSelector: false, parallelism: 1,
      podReplacementPolicy: 'TerminatingOrFailed', suspend: false,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: { metadata: { labels } },
    });
    expect(j.metadata.labels).toEqual(labels);
    expect(j.metadata.generation).toBe(1);
    expect(j.status).toEqual({});
  });

  it('keeps the Job\'s labels from the template only when it has none', () => {
    const s = newStore();
    const withTemplateLabels = s.create(job({ template: { metadata: { labels: { app: 'pi' } }, spec: podSpec() } }));
    expect(withTemplateLabels.metadata.labels).toEqual({ app: 'pi' });
    const own = s.create(job({}, { name: 'own', labels: { team: 'a' } }));
    expect(own.metadata.labels).toEqual({ team: 'a' });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['parallelism only: completions stay unset', { parallelism: 3 }, { parallelism: 3, completions: undefined }],
    ['completions only', { completions: 5 }, { completions: 5, parallelism: 1 }],
    ['a pod failure policy: replacement only of failed pods', { podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } },
      { podReplacementPolicy: 'Failed', podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] } }],
    ['backoffLimitPerIndex: no global limit', { completionMode: 'Indexed', completions: 3, backoffLimitPerIndex: 1 }, { backoffLimit: 2147483647 }],
  ])('%s', (_n, spec, want) => {
    const j = newStore().create(job(spec));
    for (const [k, v] of Object.entries(want)) expect((j.spec as Record<string, unknown>)[k]).toEqual(v);
  });

  it('leaves a manual selector alone', () => {
    const j = newStore().create(job({ manualSelector: true, selector: { matchLabels: { app: 'pi' } }, template: { metadata: { labels: { app: 'pi' } }, spec: podSpec() } }));
    expect(j.spec).toMatchObject({ selector: { matchLabels: { app: 'pi' } }, template: { metadata: { labels: { app: 'pi' } } } });
  });
});

describe('Job validation (upstream texts)', () => {
  it.each<[string, KubeObject, string]>([
    ['no restartPolicy (defaulted to Always)', job({}, {}, { restartPolicy: undefined }),
      'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['restartPolicy Always', job({}, {}, { restartPolicy: 'Always' }),
      'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['negative counts', job({ parallelism: -1, backoffLimit: -2 }),
      'Job.batch "pi" is invalid: [spec.parallelism: Invalid value: -1: must be greater than or equal to 0, spec.backoffLimit: Invalid value: -2: must be greater than or equal to 0]'],
    ['an unknown completion mode', job({ completionMode: 'Sometimes' }),
      'Job.batch "pi" is invalid: spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"'],
    ['Indexed without completions', job({ completionMode: 'Indexed', parallelism: 2 }),
      'Job.batch "pi" is invalid: spec.completions: Required value: when completion mode is Indexed'],
    ['backoffLimitPerIndex on a NonIndexed Job', job({ backoffLimitPerIndex: 1 }),
      'Job.batch "pi" is invalid: spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode'],
    ['a user label that contradicts the generated one', job({ template: { metadata: { labels: { 'job-name': 'other' } }, spec: podSpec() } }),
      'Job.batch "pi" is invalid: spec.template.metadata.labels[job-name]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"<uid>", "batch.kubernetes.io/job-name":"pi", "controller-uid":"<uid>", "job-name":"other"}: must be \'pi\''],
    ['a manual selector that misses the template', job({ manualSelector: true, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'pi' } }, spec: podSpec() } }),
      'Job.batch "pi" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"pi"}: `selector` does not match template `labels`'],
    ['a manual Job without a selector', job({ manualSelector: true }), 'Job.batch "pi" is invalid: spec.selector: Required value'],
    ['a pod failure policy with OnFailure', job({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } }] } }, {}, { restartPolicy: 'OnFailure' }),
      'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified'],
    ['a pod failure policy rule without a requirement', job({ podFailurePolicy: { rules: [{ action: 'Ignore' }] } }),
      'Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required'],
    ['exit codes out of order, zero with In, an unknown container', job({ podFailurePolicy: { rules: [{ action: 'Count', onExitCodes: { containerName: 'x', operator: 'In', values: [3, 0] } }] } }),
      'Job.batch "pi" is invalid: [spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "x": must be one of the container or initContainer names in the pod template, spec.podFailurePolicy.rules[0].onExitCodes.values[1]: Invalid value: 0: must not be 0 for the In operator, spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []int32{3, 0}: must be ordered]'],
    ['an unknown action', job({ podFailurePolicy: { rules: [{ action: 'Retry', onExitCodes: { operator: 'In', values: [1] } }] } }),
      'Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].action: Unsupported value: "Retry": supported values: "Count", "FailIndex", "FailJob", "Ignore"'],
    ['FailIndex without backoffLimitPerIndex', job({ podFailurePolicy: { rules: [{ action: 'FailIndex', onExitCodes: { operator: 'In', values: [1] } }] } }),
      'Job.batch "pi" is invalid: spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set'],
    ['a success policy beyond completions', job({ completionMode: 'Indexed', completions: 3, successPolicy: { rules: [{ succeededIndexes: '0-5' }] } }),
      'Job.batch "pi" is invalid: spec.successPolicy.rules[0].succeededIndexes: Invalid value: "0-5": error parsing succeededIndexes: too large index: "5"'],
    ['an Indexed Job whose last hostname is no DNS label', job({ completionMode: 'Indexed', completions: 2 }, { name: 'Pi' }),
      'Job.batch "Pi" is invalid: [metadata.name: Invalid value: "Pi": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\'), metadata.name: Invalid value: "Pi": will not able to create pod with invalid DNS label: Pi-1]'],
  ])('rejects %s', (_n, obj, want) => {
    const s = newStore();
    const got = rejection(obj, s);
    // The uid is random: read it back from the message.
    const uid = /"controller-uid":"([0-9a-f-]+)"/.exec(got)?.[1] ?? '<uid>';
    expect(got).toBe(want.replaceAll('<uid>', uid));
  });

  it('keeps the template, selector and completions of a running Job', () => {
    const s = newStore();
    const j = s.create(job({ completions: 3 }));
    const spec = j.spec as Record<string, unknown>;
    const tryUpdate = (changes: Record<string, unknown>) => {
      try {
        s.update({ ...s.get('Job', 'default', 'pi'), spec: { ...spec, ...changes } } as KubeObject);
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(tryUpdate({ parallelism: 2 })).toBe('accepted');
    expect(tryUpdate({ completions: 4 })).toBe('Job.batch "pi" is invalid: spec.completions: Invalid value: 4: field is immutable');
    expect(tryUpdate({ template: { ...(spec.template as object), spec: podSpec({ restartPolicy: 'OnFailure' }) } }))
      .toBe('Job.batch "pi" is invalid: spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable');
    expect(tryUpdate({ suspend: true })).toBe('accepted');
  });

  it('lets an Indexed Job scale completions with parallelism', () => {
    const s = newStore();
    s.create(job({ completionMode: 'Indexed', completions: 3, parallelism: 3 }));
    const update = (changes: Record<string, unknown>) => {
      const cur = s.get('Job', 'default', 'pi');
      try {
        s.update({ ...cur, spec: { ...(cur.spec as object), ...changes } } as KubeObject);
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(update({ completions: 5 })).toBe('Job.batch "pi" is invalid: spec.completions: Invalid value: 5: can only be modified in tandem with spec.parallelism');
    expect(update({ completions: 5, parallelism: 5 })).toBe('accepted');
  });
});

describe('CronJob defaults and validation', () => {
  it('defaults as upstream and leaves the job template without Job defaults', () => {
    const cj = newStore().create(cronJob());
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    const tpl = (cj.spec as { jobTemplate: { spec: Record<string, unknown> } }).jobTemplate.spec;
    expect(tpl.completions).toBeUndefined();
    expect(tpl.backoffLimit).toBeUndefined();
    expect(tpl.template).toMatchObject({ spec: { dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 } });
  });

  it.each<[string, KubeObject, string]>([
    ['an invalid schedule', cronJob({ schedule: 'x' }), 'CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "x": expected exactly 5 fields, found 1: [x]'],
    ['a minute out of range', cronJob({ schedule: '61 * * * *' }), 'CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61'],
    ['no schedule', cronJob({ schedule: '' }), 'CronJob.batch "hello" is invalid: spec.schedule: Required value'],
    ['TZ in the schedule', cronJob({ schedule: 'TZ=UTC 0 * * * *' }),
      'CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
    ['CRON_TZ in the schedule', cronJob({ schedule: 'CRON_TZ=Europe/Rome 0 * * * *' }),
      'CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "CRON_TZ=Europe/Rome 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
    ['an unknown time zone', cronJob({ timeZone: 'Mars/Olympus' }), 'CronJob.batch "hello" is invalid: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus'],
    ['the Local time zone', cronJob({ timeZone: 'Local' }),
      'CronJob.batch "hello" is invalid: spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'],
    ['an unknown concurrency policy', cronJob({ concurrencyPolicy: 'Sometimes' }),
      'CronJob.batch "hello" is invalid: spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"'],
    ['restartPolicy Always in the job template', cronJob({}, {}, { restartPolicy: 'Always' }),
      'CronJob.batch "hello" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['a selector in the job template', cronJob({ jobTemplate: { spec: { selector: { matchLabels: { a: 'b' } }, template: { spec: podSpec() } } } }),
      'CronJob.batch "hello" is invalid: spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated'],
    ['a name too long for its Jobs', cronJob({}, { name: 'a'.repeat(53) }),
      `CronJob.batch "${'a'.repeat(53)}" is invalid: metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`],
    ['a negative history limit', cronJob({ failedJobsHistoryLimit: -1 }), 'CronJob.batch "hello" is invalid: spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0'],
  ])('rejects %s', (_n, obj, want) => {
    expect(rejection(obj)).toBe(want);
  });

  it('accepts time zones, descriptors and names', () => {
    for (const spec of [{ timeZone: 'Etc/UTC' }, { timeZone: 'America/New_York' }, { schedule: '@hourly' }, { schedule: '0 9 * JAN-JUN MON-FRI' }]) {
      expect(rejection(cronJob(spec))).toBe('accepted');
    }
  });
});
