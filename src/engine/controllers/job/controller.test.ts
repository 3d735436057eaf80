import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JobController } from './controller.ts';
import { harness, jobManifest, type Harness } from './testing.ts';

const jobHarness = (seed = 1): Harness => harness((store, clock, informers, recorder) => [new JobController(store, clock, informers, recorder)], seed);

describe('Job controller: a Job runs to completion', () => {
  it('creates a tracked pod, counts its success and completes with the upstream status and events', () => {
    const h = jobHarness();
    const job = h.apply(jobManifest('pi'));
    h.advance(0);
    const [pod] = h.pods('pi');
    expect(pod.metadata.generateName).toBe('pi-');
    expect(pod.metadata.finalizers).toEqual(['batch.kubernetes.io/job-tracking']);
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'batch/v1', kind: 'Job', name: 'pi', uid: job.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(pod.metadata.labels).toMatchObject({ 'job-name': 'pi', 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': job.metadata.uid });
    expect(h.job('pi').status).toEqual({ active: 1, ready: 0, terminating: 0, startTime: '2026-01-01T00:00:00Z', uncountedTerminatedPods: {} });

    h.advance(3);
    h.run(pod);
    h.advance(2);
    expect(h.job('pi').status).toMatchObject({ active: 1, ready: 1 });
    h.advance(5);
    h.finish(pod, 'Succeeded');
    h.advance(1);
    const status = h.job('pi').status!;
    expect(status).toEqual({
      succeeded: 1, ready: 0, terminating: 0, uncountedTerminatedPods: {},
      startTime: '2026-01-01T00:00:00Z', completionTime: '2026-01-01T00:00:11Z',
      conditions: [
        { type: 'SuccessCriteriaMet', status: 'True', reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods', lastProbeTime: '2026-01-01T00:00:11Z', lastTransitionTime: '2026-01-01T00:00:11Z' },
        { type: 'Complete', status: 'True', reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods', lastProbeTime: '2026-01-01T00:00:11Z', lastTransitionTime: '2026-01-01T00:00:11Z' },
      ],
    });
    expect(h.pods('pi')[0].metadata.finalizers).toBeUndefined();
    expect(h.events('pi')).toEqual([`Normal SuccessfulCreate Created pod: ${pod.metadata.name}`, 'Normal Completed Job completed']);
  });

  it('runs completions × parallelism, never more active pods than parallelism nor more successes than completions', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      (completions, parallelism, succeedFirst) => {
        const h = jobHarness();
        h.apply(jobManifest('w', { completions, parallelism }));
        h.advance(0);
        for (const first of succeedFirst) {
          const active = h.active('w');
          expect(active.length).toBeLessThanOrEqual(parallelism);
          expect(h.job('w').status?.active ?? 0).toBeLessThanOrEqual(parallelism);
          expect(h.job('w').status?.succeeded ?? 0).toBeLessThanOrEqual(completions);
          if (active.length === 0) break;
          h.finish(first ? active[0] : active[active.length - 1], 'Succeeded');
          h.advance(2);
        }
        const st = h.job('w').status!;
        expect(st.succeeded).toBe(completions);
        expect(st.conditions?.map((c) => c.type)).toEqual(['SuccessCriteriaMet', 'Complete']);
        expect(h.pods('w')).toHaveLength(completions);
      },
    ), { numRuns: 25 });
  });

  it('keeps the invariants when pods fail and succeed in any order, and counts every finished pod once', () => {
    const op = fc.record({ fail: fc.boolean(), pick: fc.nat(), wait: fc.integer({ min: 0, max: 25 }) });
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 }), fc.array(op, { minLength: 10, maxLength: 30 }),
      (completions, parallelism, ops) => {
        const h = jobHarness();
        h.apply(jobManifest('m', { completions, parallelism, backoffLimit: 1000 }));
        h.advance(0);
        const check = () => {
          const st = h.job('m').status ?? {};
          expect(h.active('m').length).toBeLessThanOrEqual(parallelism);
          expect(st.active ?? 0).toBeLessThanOrEqual(parallelism);
          expect(st.succeeded ?? 0).toBeLessThanOrEqual(completions);
          const pods = h.pods('m');
          expect(st.failed ?? 0).toBeLessThanOrEqual(pods.filter((p) => p.status?.phase === 'Failed').length);
          expect(st.succeeded ?? 0).toBeLessThanOrEqual(pods.filter((p) => p.status?.phase === 'Succeeded').length);
        };
        for (const { fail, pick, wait } of ops) {
          const active = h.active('m');
          if (active.length) h.finish(active[pick % active.length], fail ? 'Failed' : 'Succeeded');
          h.advance(wait);
          check();
        }
        // Let every remaining pod succeed, through the backoffs, until the Job completes.
        for (let i = 0; i < 40 && !h.job('m').status?.completionTime; i++) {
          for (const p of h.active('m')) h.finish(p, 'Succeeded');
          h.advance(60);
          check();
        }
        const st = h.job('m').status!;
        expect(st.succeeded).toBe(completions);
        expect(st.failed ?? 0).toBe(h.pods('m').filter((p) => p.status?.phase === 'Failed').length);
        expect(h.pods('m').every((p) => !p.metadata.finalizers)).toBe(true);
      },
    ), { numRuns: 20 });
  });

  it('completes a work-queue Job (no completions) on the first success once the others finish', () => {
    const h = jobHarness();
    h.apply(jobManifest('q', { parallelism: 3 }));
    h.advance(0);
    const pods = h.pods('q');
    expect(pods).toHaveLength(3);
    h.finish(pods[0], 'Succeeded');
    h.advance(2);
    expect(h.active('q')).toHaveLength(2);
    expect(h.job('q').status?.conditions).toBeUndefined();
    h.finish(pods[1], 'Succeeded');
    h.finish(pods[2], 'Succeeded');
    h.advance(2);
    expect(h.job('q').status).toMatchObject({ succeeded: 3, conditions: [{ type: 'SuccessCriteriaMet' }, { type: 'Complete' }] });
  });
});

describe('Job controller: failures', () => {
  it('replaces failed pods after 10 s, 20 s, 40 s … and fails at the backoff limit', () => {
    const h = jobHarness();
    h.apply(jobManifest('f', { backoffLimit: 3 }));
    h.advance(0);
    const created: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const [pod] = h.active('f');
      created.push(Date.parse(pod.metadata.creationTimestamp!) / 1000 - Date.UTC(2026, 0, 1) / 1000);
      h.advance(5);
      h.finish(pod, 'Failed', 1);
      // Just before the backoff ends no replacement exists; right after, it does.
      const backoff = 10 * 2 ** attempt;
      h.advance(backoff - 1);
      if (attempt < 3) {
        expect(h.active('f')).toHaveLength(0);
        h.advance(1);
      } else h.advance(1);
    }
    // Created at 0, then 5 s of running plus 10, 20, 40 s of backoff each time.
    expect(created).toEqual([0, 15, 40, 85]);
    const status = h.job('f').status!;
    expect(status.failed).toBe(4);
    expect(status.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
      ['Failed', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit'],
    ]);
    expect(status.completionTime).toBeUndefined();
    expect(h.events('f').at(-1)).toBe('Warning BackoffLimitExceeded Job has reached the specified backoff limit');
    expect(h.pods('f').every((p) => !p.metadata.finalizers)).toBe(true);
  });

  it('fails a Job past its activeDeadlineSeconds, deleting its running pods', () => {
    const h = jobHarness();
    h.apply(jobManifest('d', { activeDeadlineSeconds: 30, parallelism: 2, completions: 4 }));
    h.advance(0);
    for (const p of h.pods('d')) h.run(p);
    h.advance(29);
    expect(h.job('d').status?.conditions).toBeUndefined();
    h.advance(2);
    const status = h.job('d').status!;
    expect(status.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'DeadlineExceeded', 'Job was active longer than specified deadline'],
      ['Failed', 'DeadlineExceeded', 'Job was active longer than specified deadline'],
    ]);
    expect(status).toMatchObject({ failed: 2, terminating: 0 });
    expect(status.active).toBeUndefined();
    expect(h.pods('d')).toHaveLength(0);
    expect(h.events('d').filter((e) => e.includes('Delete') || e.includes('Deadline'))).toEqual([
      expect.stringMatching(/^Normal SuccessfulDelete Deleted pod: d-/), expect.stringMatching(/^Normal SuccessfulDelete Deleted pod: d-/),
      'Warning DeadlineExceeded Job was active longer than specified deadline',
    ]);
  });

  it('counts container restarts against the backoff limit with restartPolicy OnFailure', () => {
    const h = jobHarness();
    h.apply(jobManifest('r', { backoffLimit: 2 }, { restartPolicy: 'OnFailure' }));
    h.advance(0);
    const [pod] = h.pods('r');
    h.run(pod);
    const cur = h.store.get('Pod', 'default', pod.metadata.name!) as typeof pod;
    h.store.update({ ...cur, status: { ...cur.status, containerStatuses: cur.status!.containerStatuses!.map((c) => ({ ...c, restartCount: 2 })) } }, { subresource: 'status' });
    h.advance(2);
    expect(h.job('r').status?.conditions?.at(-1)).toMatchObject({ type: 'Failed', reason: 'BackoffLimitExceeded' });
  });
});

describe('Job controller: pod failure policy', () => {
  const policy = {
    rules: [
      { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } },
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
    ],
  };

  it('fails the Job at once on a FailJob exit code, with the rule in the message', () => {
    const h = jobHarness();
    h.apply(jobManifest('p', { podFailurePolicy: policy, parallelism: 2, completions: 2 }));
    h.advance(0);
    const [a, b] = h.pods('p');
    h.run(b);
    h.finish(a, 'Failed', 42);
    h.advance(2);
    const message = `Container main for pod default/${a.metadata.name} failed with exit code 42 matching FailJob rule at index 0`;
    const status = h.job('p').status!;
    expect(status.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'PodFailurePolicy', message],
      ['Failed', 'PodFailurePolicy', message],
    ]);
    expect(status.failed).toBe(2);
    expect(h.events('p').at(-1)).toBe(`Warning PodFailurePolicy ${message}`);
  });

  it('does not count failures an Ignore rule matches', () => {
    const h = jobHarness();
    h.apply(jobManifest('i', { podFailurePolicy: policy, backoffLimit: 0 }));
    h.advance(0);
    const [pod] = h.pods('i');
    h.finish(pod, 'Failed', 137, { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }] });
    h.advance(12);
    expect(h.job('i').status?.failed).toBeUndefined();
    expect(h.job('i').status?.conditions).toBeUndefined();
    expect(h.active('i')).toHaveLength(1);
  });

  it('counts other failures towards the backoff limit', () => {
    const h = jobHarness();
    h.apply(jobManifest('c', { podFailurePolicy: policy, backoffLimit: 0 }));
    h.advance(0);
    h.finish(h.pods('c')[0], 'Failed', 1);
    h.advance(2);
    expect(h.job('c').status).toMatchObject({ failed: 1, conditions: [{ type: 'FailureTarget', reason: 'BackoffLimitExceeded' }, { type: 'Failed' }] });
  });
});

describe('Job controller: Indexed completion', () => {
  it('gives each pod its index (annotation, label, hostname, env) and records completedIndexes', () => {
    const h = jobHarness();
    h.apply(jobManifest('ix', { completionMode: 'Indexed', completions: 3, parallelism: 2 }));
    h.advance(0);
    const pods = h.pods('ix');
    expect(pods.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index'])).toEqual(['0', '1']);
    expect(pods.map((p) => p.metadata.labels?.['batch.kubernetes.io/job-completion-index'])).toEqual(['0', '1']);
    expect(pods.map((p) => p.spec?.hostname)).toEqual(['ix-0', 'ix-1']);
    expect(pods.map((p) => p.metadata.generateName)).toEqual(['ix-0-', 'ix-1-']);
    expect(pods[0].spec?.containers[0].env).toEqual([
      { name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']" } } },
    ]);
    h.finish(pods[1], 'Succeeded');
    h.advance(2);
    expect(h.job('ix').status).toMatchObject({ succeeded: 1, completedIndexes: '1' });
    expect(h.active('ix').map((p) => p.spec?.hostname)).toEqual(['ix-0', 'ix-2']);
    for (const p of h.active('ix')) h.finish(p, 'Succeeded');
    h.advance(2);
    expect(h.job('ix').status).toMatchObject({ succeeded: 3, completedIndexes: '0-2', conditions: [{ type: 'SuccessCriteriaMet' }, { type: 'Complete' }] });
  });

  it('replaces a failed index with the same index', () => {
    const h = jobHarness();
    h.apply(jobManifest('ri', { completionMode: 'Indexed', completions: 2, parallelism: 2 }));
    h.advance(0);
    const [zero] = h.pods('ri');
    h.finish(zero, 'Failed');
    h.advance(11);
    expect(h.active('ri').map((p) => p.spec?.hostname).sort()).toEqual(['ri-0', 'ri-1']);
    expect(h.job('ri').status?.failed).toBe(1);
  });

  it('ends early when the success policy is met, removing the lingering pods', () => {
    const h = jobHarness();
    h.apply(jobManifest('sp', { completionMode: 'Indexed', completions: 3, parallelism: 3, successPolicy: { rules: [{ succeededIndexes: '0', succeededCount: 1 }] } }));
    h.advance(0);
    h.finish(h.pods('sp')[0], 'Succeeded');
    h.advance(2);
    expect(h.job('sp').status?.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['SuccessCriteriaMet', 'SuccessPolicy', 'Matched rules at index 0'],
      ['Complete', 'SuccessPolicy', 'Matched rules at index 0'],
    ]);
    expect(h.active('sp')).toHaveLength(0);
  });

  it('fails an index for good at its backoffLimitPerIndex and the Job when all indexes are done', () => {
    const h = jobHarness();
    h.apply(jobManifest('pi', { completionMode: 'Indexed', completions: 2, parallelism: 2, backoffLimitPerIndex: 1 }));
    h.advance(0);
    const [zero, one] = h.pods('pi');
    h.finish(one, 'Succeeded');
    h.finish(zero, 'Failed');
    h.advance(11);
    const retry = h.active('pi');
    expect(retry.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-index-failure-count'])).toEqual(['1']);
    h.finish(retry[0], 'Failed');
    h.advance(2);
    const st = h.job('pi').status!;
    expect(st).toMatchObject({ failedIndexes: '0', completedIndexes: '1', failed: 2, succeeded: 1 });
    expect(st.conditions?.at(-1)).toMatchObject({ type: 'Failed', reason: 'FailedIndexes', message: 'Job has failed indexes' });
  });
});

describe('Job controller: suspend and resume', () => {
  it('starts nothing while suspended and starts the clock on resume', () => {
    const h = jobHarness();
    h.apply(jobManifest('s', { suspend: true }));
    h.advance(5);
    expect(h.pods('s')).toHaveLength(0);
    expect(h.job('s').status).toMatchObject({ conditions: [{ type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'Job suspended' }] });
    expect(h.job('s').status?.startTime).toBeUndefined();
    const j = h.job('s');
    h.store.update({ ...j, spec: { ...j.spec!, suspend: false } });
    h.advance(1);
    expect(h.pods('s')).toHaveLength(1);
    expect(h.job('s').status).toMatchObject({ startTime: '2026-01-01T00:00:05Z', conditions: [{ type: 'Suspended', status: 'False', reason: 'JobResumed', message: 'Job resumed' }] });
    // As upstream: manageJob creates the pods before the condition (and its event) changes.
    expect(h.events('s')).toEqual(['Normal Suspended Job suspended', expect.stringMatching(/^Normal SuccessfulCreate Created pod: s-/), 'Normal Resumed Job resumed']);
  });

  it('deletes the active pods of a suspended Job without counting them as failed', () => {
    const h = jobHarness();
    h.apply(jobManifest('s2', { parallelism: 2, completions: 2 }));
    h.advance(0);
    const j = h.job('s2');
    h.store.update({ ...j, spec: { ...j.spec!, suspend: true } });
    h.advance(2);
    expect(h.pods('s2')).toHaveLength(0);
    expect(h.job('s2').status).toMatchObject({ conditions: [{ type: 'Suspended', status: 'True' }] });
    expect(h.job('s2').status?.active).toBeUndefined();
    expect(h.job('s2').status?.failed).toBeUndefined();
    expect(h.events('s2').filter((e) => e.includes('SuccessfulDelete'))).toHaveLength(2);
  });
});

describe('Job controller: tracking finalizers', () => {
  it('drops the finalizer of pods whose Job is gone', () => {
    const h = jobHarness();
    h.apply(jobManifest('g'));
    h.advance(0);
    const [pod] = h.pods('g');
    h.store.delete('Job', 'default', 'g', { propagationPolicy: 'Orphan' });
    h.advance(1);
    // Without the garbage collector the pod stays, owned by nothing alive, and no longer blocked by the finalizer.
    expect(h.store.get('Pod', 'default', pod.metadata.name!).metadata.finalizers).toBeUndefined();
  });

  it('counts a pod deleted while it runs as failed (podReplacementPolicy TerminatingOrFailed)', () => {
    const h = jobHarness();
    h.apply(jobManifest('del', { backoffLimit: 5 }));
    h.advance(0);
    const [pod] = h.pods('del');
    h.store.delete('Pod', 'default', pod.metadata.name!);
    h.advance(2);
    expect(h.job('del').status?.failed).toBe(1);
    expect(h.store.tryGet('Pod', 'default', pod.metadata.name!)).toBeUndefined();
  });
});
