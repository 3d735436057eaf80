// A control plane with only the batch controllers (no scheduler, no kubelet): tests play the kubelet by writing
// pod status themselves, so every transition and its virtual time is theirs to choose.
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { Event, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { Store } from '../../apiserver/store.ts';
import type { Controller } from '../../client/controller.ts';
import { EventRecorder } from '../../client/events.ts';
import { SharedInformerFactory } from '../../client/informer.ts';
import { SimClock, toRFC3339 } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';

type P = Pod & KubeObject;

export interface Harness {
  clock: SimClock;
  store: Store;
  /** Seconds since the harness started. */
  elapsed(): number;
  advance(seconds: number): void;
  job(name: string): Job & KubeObject;
  pods(jobName: string): P[];
  /** Pods of the Job not yet finished or being deleted. */
  active(jobName: string): P[];
  run(pod: P, ready?: boolean): void;
  finish(pod: P, phase: 'Succeeded' | 'Failed', exitCode?: number, extra?: Partial<NonNullable<Pod['status']>>): void;
  events(name?: string): string[];
  apply(obj: KubeObject): KubeObject;
}

export function harness(make: (store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) => Controller[], seed = 1): Harness {
  const clock = new SimClock();
  const start = clock.now();
  const store = new Store(clock, new SeededRng(seed));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const informers = new SharedInformerFactory(store, clock);
  const recorder = new EventRecorder(store, clock);
  for (const c of make(store, clock, informers, recorder)) c.start();
  informers.start();
  const byJob = (jobName: string) => store.list<Pod>('Pod').filter((p) => p.metadata.labels?.['job-name'] === jobName)
    .sort((a, b) => a.metadata.creationTimestamp!.localeCompare(b.metadata.creationTimestamp!) || Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)) as P[];
  const setStatus = (pod: P, status: NonNullable<Pod['status']>) => {
    const cur = store.get<Pod>('Pod', pod.metadata.namespace, pod.metadata.name!);
    store.update({ ...cur, status: { ...cur.status, ...status } } as P, { subresource: 'status' });
  };
  return {
    clock, store,
    elapsed: () => (clock.now() - start) / 1000,
    advance: (s) => clock.advance(s * 1000),
    job: (name) => store.get<Job>('Job', 'default', name),
    pods: byJob,
    active: (jobName) => byJob(jobName).filter((p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed'),
    run(pod, ready = true) {
      const now = clock.nowRFC3339();
      setStatus(pod, {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: now }],
        containerStatuses: (pod.spec?.containers ?? []).map((c) => ({ name: c.name, image: c.image!, imageID: '', ready, restartCount: 0, state: { running: { startedAt: now } } })),
      });
    },
    finish(pod, phase, exitCode = phase === 'Succeeded' ? 0 : 1, extra = {}) {
      const now = clock.nowRFC3339();
      setStatus(pod, {
        phase,
        conditions: [{ type: 'Ready', status: 'False', reason: phase === 'Succeeded' ? 'PodCompleted' : 'PodFailed', lastTransitionTime: now }],
        containerStatuses: (pod.spec?.containers ?? []).map((c) => ({
          name: c.name, image: c.image!, imageID: '', ready: false, restartCount: 0,
          state: { terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: toRFC3339(clock.now() - 1000), finishedAt: now } },
        })),
        ...extra,
      });
    },
    events(name) {
      return store.list<Event>('Event')
        .filter((e) => !name || e.involvedObject.name === name)
        .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))
        .map((e) => `${e.type} ${e.reason} ${e.message}`);
    },
    apply: (obj) => store.create(obj),
  };
}

export function jobManifest(name: string, spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}): Job & KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default' },
    spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox:1.36' }], restartPolicy: 'Never', ...podSpec } }, ...spec },
  };
}

export function cronJobManifest(name: string, spec: Record<string, unknown> = {}, jobSpec: Record<string, unknown> = {}): CronJob & KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: 'default' },
    spec: {
      schedule: '*/1 * * * *',
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox:1.36' }], restartPolicy: 'OnFailure' } }, ...jobSpec } },
      ...spec,
    },
  };
}
