// StatefulSet controller (pkg/controller/statefulset/stateful_set.go): informers → workqueue → sync, which
// claims the set's pods and revisions and runs one pass of StatefulSetControl.
import { selectorFromLabelSelector, type Selector } from '../../api/labels.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { controllerOf, isPodReady } from '../../api/pod.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { ControllerHistory } from '../history/history.ts';
import type { Revision } from '../history/revision.ts';
import { claimObjects, isResync, stillControlledByOtherKind } from '../refmanager.ts';
import { StatefulSetControl } from './control.ts';
import { StatefulPodControl } from './podcontrol.ts';
import { isMemberOf, replicasOf, type P, type STS } from './utils.ts';

export class StatefulSetController extends Controller {
  private readonly setInformer: Informer<STS>;
  private readonly podInformer: Informer<P>;
  private readonly history: ControllerHistory;
  private readonly control: StatefulSetControl;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('statefulset-controller', clock);
    this.setInformer = informers.informerFor<STS>('StatefulSet');
    this.podInformer = informers.informerFor<P>('Pod');
    this.podInformer.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.history = new ControllerHistory(store, informers.informerFor<Revision>('ControllerRevision'));
    const podControl = new StatefulPodControl(store, recorder.forSource({ component: 'statefulset-controller' }));
    this.control = new StatefulSetControl(store, clock, podControl, this.history);
  }

  start(): void {
    this.setInformer.addEventHandler({
      add: (s) => this.queue.add(objectKey(s)),
      update: (_o, s) => this.queue.add(objectKey(s)),
      delete: (s) => this.queue.add(objectKey(s)),
    });
    this.podInformer.addEventHandler({
      add: (p) => this.podChanged(p),
      update: (o, p) => {
        if (isResync(o, p)) return;
        if (stillControlledByOtherKind(o, p, 'StatefulSet')) return;
        const oldOwner = this.ownerOf(o);
        const owner = this.ownerOf(p);
        if (oldOwner && oldOwner !== owner) this.queue.add(objectKey(oldOwner));
        this.podChanged(p);
        // A pod that just became ready is available minReadySeconds later: look again then.
        const minReady = owner?.spec?.minReadySeconds ?? 0;
        if (owner && minReady > 0 && !isPodReady(o) && isPodReady(p)) this.queue.addAfter(objectKey(owner), minReady * 1000);
      },
      delete: (p) => { const owner = this.ownerOf(p); if (owner) this.queue.add(objectKey(owner)); },
    });
  }

  /** The owner's key, or for an orphan every set that might adopt it. */
  private podChanged(p: P): void {
    const owner = this.ownerOf(p);
    if (owner) { this.queue.add(objectKey(owner)); return; }
    if (controllerOf(p)) return;
    for (const s of this.setsForPod(p)) this.queue.add(objectKey(s));
  }

  /** resolveControllerRef. */
  private ownerOf(p: P): STS | undefined {
    const ref = controllerOf(p);
    if (!ref || ref.kind !== 'StatefulSet') return undefined;
    const set = this.setInformer.getByName(p.metadata.namespace, ref.name);
    return set && set.metadata.uid === ref.uid ? set : undefined;
  }

  /** GetPodStatefulSets: the sets in the pod's namespace whose selector matches it. */
  private setsForPod(p: P): STS[] {
    return this.setInformer.listByIndex('namespace', p.metadata.namespace ?? '').filter((s) => {
      try {
        const sel = selectorFromLabelSelector(s.spec?.selector);
        return !sel.empty() && sel.matches(p.metadata.labels ?? {});
      } catch {
        return false;
      }
    });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const set = this.setInformer.getByName(namespace, name);
    if (!set) return;
    let selector: Selector;
    try {
      selector = selectorFromLabelSelector(set.spec?.selector);
    } catch {
      return; // a non-transient error: never retried
    }
    this.adoptOrphanRevisions(set, selector);
    const pods = this.podsFor(set, selector);
    const status = this.control.updateStatefulSet(set, pods);
    const minReady = set.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && status.availableReplicas !== replicasOf(set)) this.queue.addAfter(key, minReady * 1000);
  }

  /** getPodsForStatefulSet: claim the pods the selector matches whose names make them members of the set. */
  private podsFor(set: STS, selector: Selector): P[] {
    const candidates = [...this.podInformer.listByIndex(CONTROLLER_INDEX, set.metadata.uid!), ...this.podInformer.listByIndex(CONTROLLER_INDEX, `orphan:${set.metadata.namespace}`)];
    return claimObjects(this.store, set, candidates, (p) => selector.matches(p.metadata.labels ?? {}) && isMemberOf(set, p));
  }

  private adoptOrphanRevisions(set: STS, selector: Selector): void {
    const orphans = this.history.list(set, selector).filter((r) => !controllerOf(r));
    if (orphans.length === 0) return;
    const fresh = this.store.tryGet<STS>('StatefulSet', set.metadata.namespace, set.metadata.name!);
    if (!fresh || fresh.metadata.uid !== set.metadata.uid || fresh.metadata.deletionTimestamp) return;
    for (const r of orphans) this.history.adopt(set, r);
  }
}
