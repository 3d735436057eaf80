// Kueue in a running cluster: admission order, borrowing in a cohort, preemption of lower priorities only, the
// upstream Pending messages, nodeSelector injection, quota released on finish, PyTorchJob gangs, and a reconcile
// that converges whenever the operator restarts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Job } from 'kubernetes-types/batch/v1';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import type { KubesimCluster } from '../../index.ts';
import { inDefault, mustExec } from '../../testing/fixtures.ts';
import { clusterQueueYaml, jobYaml, kueueCluster, priorityClassYaml, type CQOpts } from './testing.ts';
import { findCondition, type ClusterQueue, type LocalQueue, type Workload } from './types.ts';
import { workloadUsage } from './quota.ts';

const workloads = (c: KubesimCluster) => inDefault(c, 'Workload') as unknown as Workload[];
const wlOf = (c: KubesimCluster, job: string) => workloads(c).find((w) => w.metadata.ownerReferences?.[0]?.name === job)!;
const admitted = (c: KubesimCluster) => workloads(c).filter((w) => findCondition(w.status?.conditions, 'Admitted')?.status === 'True' && findCondition(w.status?.conditions, 'Finished')?.status !== 'True').map((w) => w.metadata.ownerReferences![0].name).sort();
const message = (c: KubesimCluster, job: string) => findCondition(wlOf(c, job).status?.conditions, 'QuotaReserved')?.message;
const job = (c: KubesimCluster, name: string) => inDefault(c, 'Job').find((j) => j.metadata.name === name) as unknown as Job;
const events = (c: KubesimCluster, reason: string) => (inDefault(c, 'Event') as unknown as Event[]).filter((e) => e.reason === reason);

function setup(queues: Record<string, CQOpts>, h100Nodes = 2): KubesimCluster {
  const c = kueueCluster(h100Nodes);
  mustExec(c, 'kubectl apply -f -', Object.entries(queues).map(([n, o]) => clusterQueueYaml(n, o)).join('---\n'));
  mustExec(c, 'kubectl apply -f -', [priorityClassYaml('low', 100), priorityClassYaml('high', 1000)].join('---\n'));
  c.advance(2);
  return c;
}

function submit(c: KubesimCluster, jobs: [name: string, queue: string, gpus: number, priorityClass?: string][], seconds = 600): void {
  for (const [name, queue, gpus, pc] of jobs) {
    mustExec(c, 'kubectl apply -f -', jobYaml(name, queue, gpus, { priorityClass: pc, seconds }));
    c.advance(1); // distinct creation times
  }
  c.advance(5);
}

describe('Kueue: admission', () => {
  it('creates a suspended job\'s Workload, admits it, injects the flavor\'s node labels and prints upstream columns', () => {
    const c = setup({ 'team-a': { gpus: 4 } });
    submit(c, [['train', 'team-a', 2]]);
    const wl = wlOf(c, 'train');
    expect(wl.metadata.name).toMatch(/^job-train-[0-9a-f]{5}$/);
    expect(wl.spec.podSets.map((p) => [p.name, p.count])).toEqual([['main', 1]]);
    expect(wl.status!.admission).toEqual({ clusterQueue: 'team-a', podSetAssignments: [{ name: 'main', count: 1, flavors: { cpu: 'h100', memory: 'h100', 'nvidia.com/gpu': 'h100' }, resourceUsage: { cpu: '1', memory: '1Gi', 'nvidia.com/gpu': '2' } }] });
    expect(wl.status!.conditions!.map((x) => [x.type, x.status, x.reason, x.message])).toEqual([
      ['QuotaReserved', 'True', 'QuotaReserved', 'Quota reserved in ClusterQueue team-a'],
      ['Admitted', 'True', 'Admitted', 'The workload is admitted'],
    ]);
    expect(job(c, 'train').spec!.suspend).toBe(false);
    expect(job(c, 'train').spec!.template.spec!.nodeSelector).toEqual({ 'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3' });
    expect(events(c, 'CreatedWorkload')[0].message).toBe(`Created Workload: default/${wl.metadata.name}`);
    expect(events(c, 'Started')[0].message).toBe('Admitted by clusterQueue team-a');
    c.advance(30);
    expect((inDefault(c, 'Pod') as unknown as Pod[]).filter((p) => p.metadata!.name!.startsWith('train-')).map((p) => p.status!.phase)).toEqual(['Running']);
    expect(mustExec(c, 'kubectl get workloads').replace(/\s+\d+s\n/g, '\n')).toBe(`NAME              QUEUE    RESERVED IN   ADMITTED   FINISHED   AGE\n${wl.metadata.name}   team-a   team-a        True\n`);
    expect(mustExec(c, 'kubectl get clusterqueue -o wide').split('\n')[0]).toBe('NAME     COHORT   STRATEGY         PENDING WORKLOADS   ADMITTED WORKLOADS   AGE');
    expect(mustExec(c, 'kubectl get clusterqueue').split('\n')[1]).toMatch(/^team-a\s+0\s+\d+s$/);
    expect(mustExec(c, 'kubectl get localqueue').split('\n')[1]).toMatch(/^team-a\s+team-a\s+0\s+1\s+\d+s$/);
  });

  it.each([
    ['max capacity', 8, "couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor h100, request > maximum capacity (8 > 4)"],
    ['unused quota', 3, "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor h100, 1 more needed"],
  ])('keeps a workload pending with upstream\'s message (%s)', (_name, gpus, want) => {
    const c = setup({ 'team-a': { gpus: 4 } });
    submit(c, [['first', 'team-a', 2], ['second', 'team-a', gpus]]);
    expect(message(c, 'second')).toBe(want);
    expect(findCondition(wlOf(c, 'second').status?.conditions, 'QuotaReserved')?.reason).toBe('Pending');
    expect(job(c, 'second').spec!.suspend).toBe(true);
  });

  it('says why a workload cannot queue (no LocalQueue, an uncovered resource)', () => {
    const c = setup({ 'team-a': { gpus: 4 } });
    submit(c, [['lost', 'nowhere', 1]]);
    expect([findCondition(wlOf(c, 'lost').status?.conditions, 'QuotaReserved')?.reason, message(c, 'lost')]).toEqual(['Inadmissible', "LocalQueue nowhere doesn't exist"]);
    mustExec(c, 'kubectl apply -f -', jobYaml('disk', 'team-a', 1).replace('memory: 1Gi}', 'memory: 1Gi, ephemeral-storage: 1Gi}'));
    c.advance(3);
    expect(message(c, 'disk')).toBe("couldn't assign flavors to pod set main: resource ephemeral-storage unavailable in ClusterQueue");
  });

  // Jobs already running (name, GPUs, seconds), then jobs queued behind them in this order; what runs a minute later.
  it.each([
    ['creation time at one priority', 'BestEffortFIFO', [['hold', 4, 20]], [['a', 2], ['b', 2], ['c', 2]], ['a', 'b']],
    ['priority before creation time', 'BestEffortFIFO', [['hold', 4, 20]], [['a', 2, 'low'], ['b', 2, 'high'], ['c', 2, 'high']], ['b', 'c']],
    ['BestEffortFIFO lets a smaller one pass', 'BestEffortFIFO', [['blocker', 3, 600]], [['big', 2], ['small', 1]], ['blocker', 'small']],
    ['StrictFIFO keeps the head blocking', 'StrictFIFO', [['blocker', 3, 600]], [['big', 2], ['small', 1]], ['blocker']],
  ] as [string, string, [string, number, number][], [string, number, string?][], string[]][])('admission order: %s', (_name, strategy, running, queued, want) => {
    const c = setup({ q: { gpus: 4, strategy } });
    for (const [name, gpus, seconds] of running) submit(c, [[name, 'q', gpus]], seconds);
    submit(c, queued.map(([name, gpus, pc]) => [name, 'q', gpus, pc]));
    c.advance(60);
    expect(admitted(c)).toEqual(want);
  });

  it('releases the quota when the job finishes', () => {
    const c = setup({ q: { gpus: 4 } });
    submit(c, [['short', 'q', 4]], 20);
    submit(c, [['next', 'q', 4]]);
    expect(admitted(c)).toEqual(['short']);
    c.advance(60);
    expect(findCondition(wlOf(c, 'short').status?.conditions, 'Finished')).toMatchObject({ status: 'True', reason: 'Succeeded', message: 'Job finished successfully' });
    expect(admitted(c)).toEqual(['next']);
    const cq = c.list('ClusterQueue')[0] as unknown as ClusterQueue;
    expect(cq.status!.flavorsUsage![0].resources.find((r) => r.name === 'nvidia.com/gpu')).toEqual({ name: 'nvidia.com/gpu', total: '4', borrowed: '0' });
  });
});

describe('Kueue: cohorts', () => {
  // Two ClusterQueues of 4 GPUs each in one cohort; team-a submits jobs; which are admitted where, borrowing how much.
  it.each([
    ['borrows the idle quota of the cohort', {}, [['a1', 4], ['a2', 4]], ['a1', 'a2'], '4'],
    ['no more than the borrowing limit', { borrowingLimit: 2 }, [['a1', 4], ['a2', 4]], ['a1'], '0'],
    ['within the limit', { borrowingLimit: 2 }, [['a1', 4], ['a2', 2]], ['a1', 'a2'], '2'],
    ['no more than the other lends', { otherLending: 1 }, [['a1', 4], ['a2', 2]], ['a1'], '0'],
  ] as [string, { borrowingLimit?: number; otherLending?: number }, [string, number][], string[], string][])('%s', (_n, o, jobs, want, borrowed) => {
    const c = setup({ 'team-a': { gpus: 4, cohort: 'ml', borrowingLimit: o.borrowingLimit }, 'team-b': { gpus: 4, cohort: 'ml', lendingLimit: o.otherLending } });
    submit(c, jobs.map(([n, g]) => [n, 'team-a', g]));
    expect(admitted(c)).toEqual(want);
    const a = c.list('ClusterQueue').find((q) => q.metadata.name === 'team-a') as unknown as ClusterQueue;
    expect(a.status!.flavorsUsage![0].resources.find((r) => r.name === 'nvidia.com/gpu')!.borrowed).toBe(borrowed);
  });

  it('reclaims borrowed quota for the lender (reclaimWithinCohort)', () => {
    const c = setup({ 'team-a': { gpus: 4, cohort: 'ml' }, 'team-b': { gpus: 4, cohort: 'ml', reclaim: 'Any' } });
    submit(c, [['a1', 'team-a', 4], ['a2', 'team-a', 4]]);
    expect(admitted(c)).toEqual(['a1', 'a2']);
    submit(c, [['b1', 'team-b', 4]]);
    expect(events(c, 'Pending').filter((e) => e.involvedObject.name === wlOf(c, 'b1').metadata.name).map((e) => e.message)).toEqual([
      "couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor h100, 4 more needed. Pending the preemption of 1 workload(s)",
    ]);
    const evicted = findCondition(wlOf(c, 'a2').status?.conditions, 'Evicted')!;
    expect([evicted.reason, evicted.message]).toEqual(['Preempted', `Preempted to accommodate a workload (UID: ${wlOf(c, 'b1').metadata.uid}, JobUID: ${job(c, 'b1').metadata!.uid}) due to reclamation within the cohort`]);
    expect(findCondition(wlOf(c, 'a2').status?.conditions, 'Preempted')?.reason).toBe('InCohortReclamation');
    c.advance(60);
    expect(admitted(c)).toEqual(['a1', 'b1']);
    expect(job(c, 'a2').spec!.suspend).toBe(true);
    expect(findCondition(wlOf(c, 'a2').status?.conditions, 'QuotaReserved')).toMatchObject({ status: 'False', reason: 'Pending' });
  });
});

describe('Kueue: preemption', () => {
  it.each([
    ['a higher priority preempts a lower one', 'LowerPriority', 'low', 'high', true],
    ['an equal priority does not', 'LowerPriority', 'high', 'high', false],
    ['a lower priority does not', 'LowerPriority', 'high', 'low', false],
    ['nothing with withinClusterQueue Never', 'Never', 'low', 'high', false],
  ])('%s', (_n, within, running, incoming, preempts) => {
    const c = setup({ q: { gpus: 4, within } });
    submit(c, [['running', 'q', 4, running], ['incoming', 'q', 4, incoming]]);
    expect(findCondition(wlOf(c, 'running').status?.conditions, 'Evicted')?.status === 'True').toBe(preempts);
    c.advance(60);
    expect(admitted(c)).toEqual([preempts ? 'incoming' : 'running']);
    if (preempts) expect(findCondition(wlOf(c, 'running').status?.conditions, 'Evicted')!.message).toMatch(/due to prioritization in the ClusterQueue$/);
  });
});

describe('Kueue: PyTorchJob', () => {
  it('queues a PyTorchJob as one Workload with a pod set per role and runs its gang once admitted', () => {
    const c = kueueCluster(1);
    mustExec(c, 'sim operator install training');
    mustExec(c, 'sim operator uninstall kueue'); // the PyTorchJob integration starts with Kueue when the CRD is there
    mustExec(c, 'sim operator install kueue');
    mustExec(c, 'kubectl apply -f -', clusterQueueYaml('q', { gpus: 4 }));
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', `apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: mnist, labels: {kueue.x-k8s.io/queue-name: q}}
spec:
  pytorchReplicaSpecs:
    Master: {replicas: 1, template: {spec: {containers: [{name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "sleep 30"], resources: {limits: {nvidia.com/gpu: 1, cpu: 1, memory: 1Gi}}}]}}}
    Worker: {replicas: 2, template: {spec: {containers: [{name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "sleep 30"], resources: {limits: {nvidia.com/gpu: 1, cpu: 1, memory: 1Gi}}}]}}}
`);
    c.advance(5);
    const wl = wlOf(c, 'mnist');
    expect(wl.metadata.name).toMatch(/^pytorchjob-mnist-[0-9a-f]{5}$/);
    expect(wl.status!.admission!.podSetAssignments.map((p) => [p.name, p.count, p.resourceUsage['nvidia.com/gpu']])).toEqual([['master', 1, '1'], ['worker', 2, '2']]);
    c.advance(200);
    expect(findCondition(wlOf(c, 'mnist').status?.conditions, 'Finished')).toMatchObject({ status: 'True', reason: 'Succeeded' });
    const pods = (inDefault(c, 'Pod') as unknown as Pod[]).filter((p) => p.metadata!.name!.startsWith('mnist-'));
    expect(pods.map((p) => p.spec!.nodeSelector?.['nvidia.com/gpu.product'])).toEqual(['NVIDIA-H100-80GB-HBM3', 'NVIDIA-H100-80GB-HBM3', 'NVIDIA-H100-80GB-HBM3']);
  });
});

describe('Kueue: invariants', () => {
  it('never reserves more than a cohort\'s quota, nor more than a ClusterQueue may borrow (property)', () => {
    const jobArb = fc.record({ queue: fc.constantFrom('team-a', 'team-b'), gpus: fc.integer({ min: 1, max: 6 }), pc: fc.constantFrom('low', 'high', undefined), seconds: fc.integer({ min: 10, max: 90 }), gap: fc.integer({ min: 0, max: 20 }) });
    fc.assert(fc.property(fc.array(jobArb, { minLength: 1, maxLength: 7 }), fc.integer({ min: 0, max: 3 }), (jobs, limit) => {
      const c = setup({ 'team-a': { gpus: 4, cohort: 'ml', borrowingLimit: limit, within: 'LowerPriority', reclaim: 'Any' }, 'team-b': { gpus: 4, cohort: 'ml', within: 'LowerPriority', reclaim: 'LowerPriority' } });
      jobs.forEach((j, i) => {
        mustExec(c, 'kubectl apply -f -', jobYaml(`j${i}`, j.queue, j.gpus, { priorityClass: j.pc, seconds: j.seconds }));
        for (let t = 0; t <= j.gap; t += 5) {
          c.advance(5);
          const used = new Map<string, number>();
          for (const w of workloads(c)) {
            if (findCondition(w.status?.conditions, 'QuotaReserved')?.status !== 'True' || findCondition(w.status?.conditions, 'Finished')?.status === 'True') continue;
            const cq = w.status!.admission!.clusterQueue;
            used.set(cq, (used.get(cq) ?? 0) + (workloadUsage(w).get('h100/nvidia.com/gpu') ?? 0));
          }
          expect((used.get('team-a') ?? 0) + (used.get('team-b') ?? 0)).toBeLessThanOrEqual(8);
          expect(used.get('team-a') ?? 0).toBeLessThanOrEqual(4 + limit);
        }
      });
    }), { numRuns: 12 });
    // Twelve clusters each run for up to a few virtual minutes: seconds of work on a busy machine.
  }, 30_000);

  // Job mixes (queue, GPUs, priority class) that once made admission and preemption take turns forever at one
  // virtual instant: a preemptor's freed quota went back to its victim, which it then preempted again.
  it.each([
    ['a blocked head in the reclaiming queue', 1, [['team-b', 2], ['team-b', 5, 'high'], ['team-b', 5, 'low'], ['team-a', 5], ['team-b', 6], ['team-b', 3, 'high'], ['team-a', 2]]],
    ['a preemptor waiting for two victims', 1, [['team-b', 4, 'low'], ['team-b', 4, 'low'], ['team-b', 6, 'high'], ['team-b', 1, 'high'], ['team-b', 1]]],
    ['a reclaimer that would borrow again', 2, [['team-a', 1, 'low'], ['team-b', 6, 'high'], ['team-b', 5, 'high'], ['team-b', 5], ['team-b', 4, 'high'], ['team-a', 4, 'high']]],
    ['an older head taking what a reclaimer freed', 3, [['team-b', 6, 'high'], ['team-a', 1], ['team-a', 5, 'low'], ['team-b', 5, 'high'], ['team-a', 3, 'low'], ['team-a', 2, 'low']]],
  ] as [string, number, [string, number, string?][]][])('settles: %s', (_name, limit, jobs) => {
    const c = setup({ 'team-a': { gpus: 4, cohort: 'ml', borrowingLimit: limit, within: 'LowerPriority', reclaim: 'Any' }, 'team-b': { gpus: 4, cohort: 'ml', within: 'LowerPriority', reclaim: 'LowerPriority' } });
    jobs.forEach(([queue, gpus, pc], i) => {
      mustExec(c, 'kubectl apply -f -', jobYaml(`j${i}`, queue, gpus, { priorityClass: pc, seconds: 30 }));
      c.advance(5);
    });
    c.advance(600);
    // Each preemption is answered by its preemptor's admission, so there are never more than there are workloads.
    const preemptions = events(c, 'Preempted').filter((e) => e.involvedObject.kind === 'Workload').reduce((n, e) => n + (e.count ?? 1), 0);
    expect(preemptions).toBeLessThanOrEqual(jobs.length);
  });

  it('converges to the same admissions whenever the operator restarts (property)', () => {
    const run = (at: number | undefined, down: number) => {
      const c = setup({ 'team-a': { gpus: 4, cohort: 'ml' }, 'team-b': { gpus: 4, cohort: 'ml' } });
      if (at !== undefined) c.advance(at);
      if (at !== undefined) mustExec(c, 'sim operator uninstall kueue');
      submit(c, [['a1', 'team-a', 4], ['a2', 'team-a', 2], ['b1', 'team-b', 4]]);
      c.advance(down);
      if (at !== undefined) mustExec(c, 'sim operator install kueue');
      c.advance(30);
      const lq = (inDefault(c, 'LocalQueue') as unknown as LocalQueue[]).map((q) => [q.metadata.name, q.status?.pendingWorkloads, q.status?.admittedWorkloads]);
      return { admitted: admitted(c), lq, workloads: workloads(c).length, suspended: ['a1', 'a2', 'b1'].map((n) => job(c, n).spec!.suspend) };
    };
    const want = run(undefined, 0);
    expect(want.admitted).toEqual(['a1', 'a2']); // a2 borrows team-b's idle quota first; b1 waits (no reclaim)
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 20 }), (at, down) => {
      expect(run(at, down)).toEqual(want);
    }), { numRuns: 3 });
  });

  it('is idempotent once converged: a resync writes nothing', () => {
    const c = setup({ q: { gpus: 4 } });
    submit(c, [['a', 'q', 2], ['b', 'q', 4]], 3000);
    const rvs = () => [...inDefault(c, 'Workload'), ...inDefault(c, 'ClusterQueue'), ...inDefault(c, 'LocalQueue')].map((o) => o.metadata.resourceVersion);
    const before = rvs();
    c.advance(15 * 60); // past the informers' resync
    expect(rvs()).toEqual(before);
  });
});
