// PodGroup controller (kubernetes-sigs/scheduler-plugins pkg/controllers/podgroup_controller.go): the phase and
// pod counts of each PodGroup. Pending until minMember pods exist, then PreScheduling; the scheduler's
// Coscheduling plugin moves it to Scheduling/Scheduled as members bind; Running once minMember run (or
// succeeded); Failed or Finished at the end.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { podGroupName, type PodGroup, type PodGroupStatus } from '../../api/podgroup.ts';
import type { Store } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { ignoresStatus, NO_INDEX_VALUES, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

type PG = PodGroup & KubeObject;
type P = Pod & KubeObject;

/** A group whose members were all scheduled this long after its creation, none running, is left alone. */
const SCHEDULE_TIMEOUT_MS = 48 * 3600_000;
const INDEX = 'podGroup';

export class PodGroupController extends Controller {
  private readonly pgInformer: Informer<PG>;
  private readonly podInformer: Informer<P>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('podgroup-controller', clock);
    this.pgInformer = informers.informerFor<PG>('PodGroup');
    this.podInformer = informers.informerFor<P>('Pod');
    this.podInformer.addIndexer(INDEX, ignoresStatus((p) => {
      const name = podGroupName(p as P);
      return name ? [`${p.metadata.namespace}/${name}`] : NO_INDEX_VALUES;
    }));
    this.event = recorder.forSource({ component: 'PodGroupController' });
  }

  start(): void {
    this.pgInformer.addEventHandler({
      add: (pg) => this.queue.add(objectKey(pg)),
      update: (_o, pg) => this.queue.add(objectKey(pg)),
    });
    const enqueue = (p: P) => {
      const name = podGroupName(p);
      if (name) this.queue.add(`${p.metadata.namespace}/${name}`);
    };
    this.podInformer.addEventHandler({ add: enqueue, update: (_o, p) => enqueue(p), delete: enqueue });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const pg = this.store.tryGet<PodGroup>('PodGroup', namespace, name);
    if (!pg) return;
    const status: PodGroupStatus = { ...pg.status };
    if (status.phase === 'Finished' || status.phase === 'Failed') return;
    const min = pg.spec?.minMember ?? 0;
    if (status.scheduled === min && !status.running && status.scheduleStartTime &&
      Date.parse(status.scheduleStartTime) - Date.parse(pg.metadata.creationTimestamp!) > SCHEDULE_TIMEOUT_MS) {
      this.event(pg, 'Warning', 'Timeout', 'schedule time longer than 48 hours');
      return;
    }
    const pods = this.podInformer.listByIndex(INDEX, key);
    switch (status.phase) {
      case undefined:
        status.phase = 'Pending';
        break;
      case 'Pending':
        if (pods.length >= min) {
          status.phase = 'PreScheduling';
          if (pods.length) status.occupiedBy = occupiedBy(pods[0]);
        }
        break;
      default: {
        const count = (phase: string) => pods.filter((p) => p.status?.phase === phase).length;
        const running = count('Running'), succeeded = count('Succeeded'), failed = count('Failed');
        status.running = running;
        status.succeeded = succeeded;
        status.failed = failed;
        if (!pods.length) { status.phase = 'Pending'; break; }
        if ((status.scheduled ?? 0) >= min && status.phase === 'Scheduling') status.phase = 'Scheduled';
        if (succeeded + running >= min && status.phase === 'Scheduled') status.phase = 'Running';
        if (failed !== 0 && failed + running + succeeded >= min) status.phase = 'Failed';
        if (succeeded >= min) status.phase = 'Finished';
      }
    }
    const next = stripZeros(status);
    if (jsonEqual(stripZeros({ ...pg.status }), next)) return;
    this.store.update({ ...pg, status: next } as PG, { subresource: 'status' });
  }
}

/** The owners of a member as "namespace/name", sorted, comma-separated (fillOccupiedObj). */
function occupiedBy(pod: P): string | undefined {
  const refs = (pod.metadata.ownerReferences ?? []).map((r) => `${pod.metadata.namespace}/${r.name}`).sort();
  return refs.length ? refs.join(',') : undefined;
}

/** The counts are omitempty: zero is left out, as the CRD stores them. */
function stripZeros(s: PodGroupStatus): PodGroupStatus {
  const out: PodGroupStatus = { ...s };
  for (const k of ['scheduled', 'running', 'succeeded', 'failed'] as const) if (!out[k]) delete out[k];
  if (!out.occupiedBy) delete out.occupiedBy;
  return out;
}
