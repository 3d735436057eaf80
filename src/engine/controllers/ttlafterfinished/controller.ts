// TTL-after-finished controller (pkg/controller/ttlafterfinished): deletes a finished Job, with its pods in the
// foreground, ttlSecondsAfterFinished after its Complete or Failed condition; a timer waits for the moment.
import type { Job } from 'kubernetes-types/batch/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type J = Job & KubeObject;

/** needsCleanup: finished, with a TTL. */
function needsCleanup(job: Job): boolean {
  return typeof job.spec?.ttlSecondsAfterFinished === 'number' && finishTime(job) !== undefined;
}

/** jobFinishTime: when the Complete or Failed condition became True. */
function finishTime(job: Job): number | undefined {
  const c = job.status?.conditions?.find((x) => (x.type === 'Complete' || x.type === 'Failed') && x.status === 'True');
  return c?.lastTransitionTime ? Date.parse(c.lastTransitionTime) : undefined;
}

export class TTLAfterFinishedController extends Controller {
  private readonly jobInformer: Informer<J>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('ttl-after-finished-controller', clock);
    this.jobInformer = informers.informerFor<J>('Job');
  }

  start(): void {
    const enqueue = (job: J) => {
      if (!job.metadata.deletionTimestamp && needsCleanup(job)) this.queue.add(objectKey(job));
    };
    this.jobInformer.addEventHandler({ add: enqueue, update: (_o, j) => enqueue(j) });
  }

  protected sync(key: string): void {
    const job = this.jobInformer.get(key);
    if (!job || !this.expired(job)) return;
    // The cached TTL may be stale: check the stored Job before deleting it.
    const { namespace, name } = splitKey(key);
    const fresh = this.store.tryGet<Job>('Job', namespace, name);
    if (!fresh || !this.expired(fresh)) return;
    try {
      this.store.delete('Job', namespace, name, { propagationPolicy: 'Foreground' });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /** processTTL: true when the TTL has run out; otherwise look again when it will. */
  private expired(job: J): boolean {
    if (job.metadata.deletionTimestamp || !needsCleanup(job)) return false;
    const left = finishTime(job)! + job.spec!.ttlSecondsAfterFinished! * 1000 - this.clock.now();
    if (left <= 0) return true;
    this.queue.addAfter(objectKey(job), left);
    return false;
  }
}
