// DaemonSet controller (pkg/controller/daemon/daemon_controller.go): one pod per eligible node. Pods are bound
// by the default scheduler through a required node affinity on metadata.name; nodes, pods and revisions
// wake the DaemonSets they concern.
import type { DaemonSetStatus } from 'kubernetes-types/apps/v1';
import type { Node } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector, type Selector } from '../../api/labels.ts';
import { objectKey, splitKey, type KubeObject } from '../../api/object.ts';
import { controllerOf, isPodReady, isPodTerminal } from '../../api/pod.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer, type SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { ControllerExpectations } from '../expectations.ts';
import type { Revision } from '../history/revision.ts';
import { isPodAvailable, podFromTemplate } from '../podcontrol.ts';
import { claimObjects, isResync, stillControlledByOtherKind } from '../refmanager.ts';
import { FailedPodsBackoff } from './backoff.ts';
import { DaemonSetHistory } from './history.ts';
import { planRollingUpdate } from './rolling.ts';
import {
  allowsSurge, byCreationTimestampAndPhase, createPodTemplate, HASH_LABEL, isPodUpdated, nodeNameAffinity, nodeShouldRunDaemonPod,
  targetNodeName, templateGeneration, type DS, type P,
} from './util.ts';

type N = Node & KubeObject;
type Recorder = ReturnType<EventRecorder['forSource']>;

/** BurstReplicas: at most this many creates and deletes per pass. */
const BURST_REPLICAS = 250;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const byName = (a: N, b: N): number => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0);

export class DaemonSetsController extends Controller {
  private readonly dsInformer: Informer<DS>;
  private readonly podInformer: Informer<P>;
  private readonly nodeInformer: Informer<N>;
  private readonly historyInformer: Informer<Revision>;
  private readonly history: DaemonSetHistory;
  private readonly expectations: ControllerExpectations;
  private readonly backoff = new FailedPodsBackoff();
  private readonly event: Recorder;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('daemonset-controller', clock);
    this.dsInformer = informers.informerFor<DS>('DaemonSet');
    this.podInformer = informers.informerFor<P>('Pod');
    this.podInformer.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.nodeInformer = informers.informerFor<N>('Node');
    this.historyInformer = informers.informerFor<Revision>('ControllerRevision');
    this.history = new DaemonSetHistory(store, this.historyInformer);
    this.expectations = new ControllerExpectations(clock);
    this.event = recorder.forSource({ component: 'daemonset-controller' });
  }

  start(): void {
    const enqueue = (ds: DS) => this.queue.add(objectKey(ds));
    this.dsInformer.addEventHandler({ add: enqueue, update: (_o, ds) => enqueue(ds), delete: enqueue });
    this.historyInformer.addEventHandler({
      add: (h) => this.ownedChanged(h),
      update: (o, h) => {
        if (o.metadata.resourceVersion === h.metadata.resourceVersion) return;
        const oldOwner = this.ownerOf(o);
        if (oldOwner && oldOwner !== this.ownerOf(h)) enqueue(oldOwner);
        this.ownedChanged(h);
      },
      delete: (h) => { const owner = this.ownerOf(h); if (owner) enqueue(owner); },
    });
    this.podInformer.addEventHandler({
      add: (p) => {
        if (p.metadata.deletionTimestamp) return this.podDeleted(p);
        const owner = this.ownerOf(p);
        if (owner) this.expectations.creationObserved(objectKey(owner));
        this.ownedChanged(p);
      },
      update: (o, p) => {
        if (isResync(o, p)) return;
        if (stillControlledByOtherKind(o, p, 'DaemonSet')) return;
        if (p.metadata.deletionTimestamp) return this.podDeleted(p);
        const oldOwner = this.ownerOf(o);
        const owner = this.ownerOf(p);
        if (oldOwner && oldOwner !== owner) enqueue(oldOwner);
        this.ownedChanged(p);
        // A pod that just became ready is available minReadySeconds later (plus a second against clock skew).
        const minReady = owner?.spec?.minReadySeconds ?? 0;
        if (owner && minReady > 0 && !isPodReady(o) && isPodReady(p)) this.queue.addAfter(objectKey(owner), minReady * 1000 + 1000);
      },
      delete: (p) => this.podDeleted(p),
    });
    this.nodeInformer.addEventHandler({
      add: (n) => { for (const ds of this.dsInformer.list()) if (nodeShouldRunDaemonPod(n, ds).shouldRun) enqueue(ds); },
      update: (o, n) => {
        // Only labels and taints decide where daemon pods run.
        if (jsonEqual(o.metadata.labels ?? {}, n.metadata.labels ?? {}) && jsonEqual(o.spec?.taints ?? [], n.spec?.taints ?? [])) return;
        for (const ds of this.dsInformer.list()) {
          const before = nodeShouldRunDaemonPod(o, ds), after = nodeShouldRunDaemonPod(n, ds);
          if (before.shouldRun !== after.shouldRun || before.shouldContinueRunning !== after.shouldContinueRunning) enqueue(ds);
        }
      },
    });
  }

  /** A pod or revision changed: its owner looks again, or for an orphan every DaemonSet that might adopt it. */
  private ownedChanged(obj: KubeObject): void {
    const owner = this.ownerOf(obj);
    if (owner) { this.queue.add(objectKey(owner)); return; }
    if (controllerOf(obj)) return;
    for (const ds of this.dsInformer.listByIndex('namespace', obj.metadata.namespace ?? '')) {
      try {
        const sel = selectorFromLabelSelector(ds.spec?.selector);
        if (!sel.empty() && sel.matches(obj.metadata.labels ?? {})) this.queue.add(objectKey(ds));
      } catch {
        // An invalid selector adopts nothing.
      }
    }
  }

  private podDeleted(p: P): void {
    const owner = this.ownerOf(p);
    if (!owner) return;
    this.expectations.deletionObserved(objectKey(owner));
    this.queue.add(objectKey(owner));
  }

  /** resolveControllerRef. */
  private ownerOf(obj: KubeObject): DS | undefined {
    const ref = controllerOf(obj);
    if (!ref || ref.kind !== 'DaemonSet') return undefined;
    const ds = this.dsInformer.getByName(obj.metadata.namespace, ref.name);
    return ds && ds.metadata.uid === ref.uid ? ds : undefined;
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const ds = this.dsInformer.getByName(namespace, name);
    if (!ds) { this.expectations.forget(key); return; }
    const nodes = this.nodeInformer.listSorted(byName);
    const sel = ds.spec?.selector;
    if (sel && Object.keys(sel).every((k) => { const v = (sel as Record<string, unknown>)[k]; return v === undefined || (typeof v === 'object' && v !== null && Object.keys(v).length === 0); })) {
      this.event(ds, 'Warning', 'SelectingAll', 'This daemon set is selecting all pods. A non-empty selector is required.');
      return;
    }
    let selector: Selector;
    try {
      selector = selectorFromLabelSelector(sel);
    } catch {
      return;
    }
    // A DaemonSet being deleted may already have lost its revisions: its status cannot be trusted, so stop.
    if (ds.metadata.deletionTimestamp) return;
    const pods = new ClaimedPods(this.store, () => this.daemonPods(ds, selector));
    const { cur, old } = this.history.construct(ds, selector, () => pods.list());
    const hash = cur.metadata.labels?.[HASH_LABEL] ?? '';
    if (!this.expectations.satisfied(key)) {
      // Only the status: observedGeneration stays, as this generation was not acted on.
      this.updateStatus(ds, pods, nodes, hash, false);
      return;
    }
    let error: unknown;
    try {
      this.manage(ds, pods, nodes, hash);
      if (this.expectations.satisfied(key) && ds.spec?.updateStrategy?.type === 'RollingUpdate') {
        const plan = planRollingUpdate(ds, nodes, pods.byNode(), hash, this.clock.now());
        this.syncNodes(ds, plan.podsToDelete, plan.nodesToCreate, hash);
      }
      this.history.cleanup(ds, old, pods.list());
    } catch (e) {
      error = e;
    }
    this.updateStatus(ds, pods, nodes, hash, true);
    if (error !== undefined) throw error;
  }

  /** getDaemonPods: claim the pods the selector matches (adopting orphans, releasing strays). */
  private daemonPods(ds: DS, selector: Selector): P[] {
    const candidates = [...this.podInformer.listByIndex(CONTROLLER_INDEX, ds.metadata.uid!), ...this.podInformer.listByIndex(CONTROLLER_INDEX, `orphan:${ds.metadata.namespace}`)];
    return claimObjects(this.store, ds, candidates, (p) => selector.matches(p.metadata.labels ?? {}));
  }

  /** manage: create the pods nodes are missing, delete those on nodes that must not run them. */
  private manage(ds: DS, pods: ClaimedPods, nodes: readonly N[], hash: string): void {
    const nodeToPods = pods.byNode();
    const create: string[] = [];
    const del: string[] = [];
    for (const node of nodes) this.podsShouldBeOnNode(node, nodeToPods, ds, hash, create, del);
    // Unscheduled pods meant for nodes that no longer exist (the pod GC never sees them).
    const existing = new Set(nodes.map((n) => n.metadata.name));
    for (const [node, pods] of nodeToPods) if (!existing.has(node)) for (const p of pods) if (!p.spec?.nodeName) del.push(p.metadata.name!);
    this.syncNodes(ds, del, create, hash);
  }

  /** podsShouldBeOnNode: adds the node to `create` when it needs a pod, and to `del` the pods it must lose. */
  private podsShouldBeOnNode(node: N, nodeToPods: Map<string, P[]>, ds: DS, hash: string, create: string[], del: string[]): void {
    const name = node.metadata.name!;
    const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
    const daemonPods = nodeToPods.get(name);
    if (shouldRun && !daemonPods) { create.push(name); return; }
    if (shouldContinueRunning) {
      const running: P[] = [];
      const now = this.clock.now();
      for (const pod of daemonPods ?? []) {
        if (pod.metadata.deletionTimestamp) continue;
        if (pod.status?.phase === 'Failed') {
          // Fighting a kubelet that keeps rejecting the pod would hot-loop: back off per node.
          const key = `${ds.metadata.uid}/${ds.status?.observedGeneration ?? 0}/${name}`;
          if (this.backoff.inBackoff(key, now)) { this.queue.addAfter(objectKey(ds), this.backoff.get(key)); continue; }
          this.backoff.next(key, now);
          this.event(ds, 'Warning', 'FailedDaemonPod', `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to kill it`);
          del.push(pod.metadata.name!);
        } else if (pod.status?.phase === 'Succeeded') {
          this.event(ds, 'Normal', 'SucceededDaemonPod', `Found succeeded daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to delete it`);
          del.push(pod.metadata.name!);
        } else running.push(pod);
      }
      running.sort(byCreationTimestampAndPhase);
      if (!allowsSurge(ds)) {
        // Without surge only the oldest pod stays.
        for (const p of running.slice(1)) del.push(p.metadata.name!);
        return;
      }
      if (running.length <= 1) {
        if (running.length === 0 && shouldRun) create.push(name);
        return;
      }
      // With surge, an old and a new pod may share a node while the new one is not yet available.
      let oldestNew: P | undefined, oldestOld: P | undefined;
      for (const pod of running) {
        if (pod.metadata.labels?.[HASH_LABEL] === hash) { if (!oldestNew) { oldestNew = pod; continue; } }
        else if (!oldestOld) { oldestOld = pod; continue; }
        del.push(pod.metadata.name!);
      }
      if (oldestNew && oldestOld && (!isPodReady(oldestOld) || isPodAvailable(oldestNew, ds.spec?.minReadySeconds ?? 0, now))) del.push(oldestOld.metadata.name!);
      return;
    }
    for (const p of daemonPods ?? []) if (!p.metadata.deletionTimestamp) del.push(p.metadata.name!);
  }

  /** syncNodes: create pods for nodes (slow start) and delete pods, with expectations set first. */
  private syncNodes(ds: DS, podsToDelete: string[], nodesNeedingPods: string[], hash: string): void {
    const key = objectKey(ds);
    const createDiff = Math.min(nodesNeedingPods.length, BURST_REPLICAS);
    const deleteDiff = Math.min(podsToDelete.length, BURST_REPLICAS);
    this.expectations.expect(key, createDiff, deleteDiff);
    const errors: unknown[] = [];
    const template = createPodTemplate(ds.spec!.template!, templateGeneration(ds), hash);
    let pos = 0;
    for (let batch = Math.min(createDiff, 1); pos < createDiff; pos += batch, batch = Math.min(2 * batch, createDiff - pos)) {
      const before = errors.length;
      for (let i = pos; i < pos + batch; i++) this.createPod(ds, template, nodesNeedingPods[i], errors);
      const skipped = createDiff - (pos + batch);
      if (errors.length > before && skipped > 0) {
        // The pods never attempted will never be observed.
        for (let i = 0; i < skipped; i++) this.expectations.creationObserved(key);
        break;
      }
    }
    for (const name of podsToDelete.slice(0, deleteDiff)) {
      try {
        this.store.delete('Pod', ds.metadata.namespace, name);
        this.event(ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`);
      } catch (e) {
        this.expectations.deletionObserved(key);
        if (isStatusError(e, 'NotFound')) continue;
        this.event(ds, 'Warning', 'FailedDelete', `Error deleting: ${message(e)}`);
        errors.push(e);
      }
    }
    if (errors.length) throw errors[0];
  }

  private createPod(ds: DS, template: ReturnType<typeof createPodTemplate>, nodeName: string, errors: unknown[]): void {
    const podTemplate = { ...template, spec: { ...template.spec!, affinity: nodeNameAffinity(template.spec!.affinity, nodeName) } };
    try {
      const pod = this.store.create(podFromTemplate(podTemplate, ds));
      this.event(ds, 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
    } catch (e) {
      this.expectations.creationObserved(objectKey(ds));
      // A namespace being torn down refuses every create: not worth an event.
      if (!(isStatusError(e, 'Forbidden') && message(e).includes('because it is being terminated'))) {
        this.event(ds, 'Warning', 'FailedCreate', `Error creating: ${message(e)}`);
        errors.push(e);
      }
    }
  }

  /** updateDaemonSetStatus: count per node, from each node's oldest daemon pod. */
  private updateStatus(ds: DS, pods: ClaimedPods, nodes: readonly N[], hash: string, updateObservedGen: boolean): void {
    const nodeToPods = pods.byNode();
    const now = this.clock.now();
    const minReady = ds.spec?.minReadySeconds ?? 0;
    const generation = templateGeneration(ds);
    let desired = 0, current = 0, misscheduled = 0, ready = 0, updated = 0, available = 0;
    for (const node of nodes) {
      const pods = nodeToPods.get(node.metadata.name!);
      if (!nodeShouldRunDaemonPod(node, ds).shouldRun) {
        if (pods) misscheduled++;
        continue;
      }
      desired++;
      if (!pods) continue;
      current++;
      const pod = oldest(pods);
      if (isPodReady(pod)) {
        ready++;
        if (isPodAvailable(pod, minReady, now)) available++;
      }
      if (isPodUpdated(pod, hash, generation)) updated++;
    }
    const counts = { desiredNumberScheduled: desired, currentNumberScheduled: current, numberMisscheduled: misscheduled, numberReady: ready, updatedNumberScheduled: updated, numberAvailable: available, numberUnavailable: desired - available };
    this.storeStatus(ds, counts, updateObservedGen);
    // A last look once minReadySeconds have passed, in case no pod event comes.
    if (minReady > 0 && ready !== available) this.queue.addAfter(objectKey(ds), minReady * 1000);
  }

  /** storeDaemonSetStatus: written only when a count changed or the generation was not yet observed. */
  private storeStatus(ds: DS, counts: Required<Pick<DaemonSetStatus, 'desiredNumberScheduled' | 'currentNumberScheduled' | 'numberMisscheduled' | 'numberReady' | 'updatedNumberScheduled' | 'numberAvailable' | 'numberUnavailable'>>, updateObservedGen: boolean): void {
    const st = ds.status ?? ({} as DaemonSetStatus);
    const same = (Object.keys(counts) as (keyof typeof counts)[]).every((k) => (st[k] ?? 0) === counts[k]);
    if (same && (st.observedGeneration ?? 0) >= (ds.metadata.generation ?? 0)) return;
    const fresh = this.store.tryGet<DS>('DaemonSet', ds.metadata.namespace, ds.metadata.name!);
    if (!fresh || fresh.metadata.uid !== ds.metadata.uid) return;
    const status: DaemonSetStatus = { ...fresh.status, ...counts } as DaemonSetStatus;
    if (updateObservedGen) status.observedGeneration = ds.metadata.generation;
    this.store.update({ ...fresh, status: serializedStatus(status) }, { subresource: 'status' });
  }
}

/**
 * The DaemonSet's claimed pods for one sync, and the same by node (getNodesToDaemonPods, without deleted terminal
 * pods). The pod informer does not change while a sync runs (its deliveries wait for the clock), so a claim that
 * adopted or released nothing is what every later claim of the sync would find; after one that wrote, the next
 * claims again, as upstream's later getNodesToDaemonPods calls do.
 */
class ClaimedPods {
  private pods: P[] | undefined;
  private podsByNode: Map<string, P[]> | undefined;

  constructor(private readonly store: Store, private readonly claim: () => P[]) {}

  list(): P[] {
    if (this.pods) return this.pods;
    const rv = this.store.resourceVersion;
    const pods = this.claim();
    if (this.store.resourceVersion === rv) this.pods = pods;
    return pods;
  }

  /** Claimed pods by the node they run on or are meant for. Only read: manage, the rollout and the status share it. */
  byNode(): Map<string, P[]> {
    if (this.podsByNode) return this.podsByNode;
    const out = new Map<string, P[]>();
    for (const pod of this.list()) {
      if (isPodTerminal(pod) && pod.metadata.deletionTimestamp) continue;
      const node = targetNodeName(pod);
      if (node === undefined) continue;
      const list = out.get(node);
      if (list) list.push(pod); else out.set(node, [pod]);
    }
    if (this.pods) this.podsByNode = out;
    return out;
  }
}

/** The first pod in podByCreationTimestampAndPhase order (what sorting a copy and taking the first gives). */
function oldest(pods: readonly P[]): P {
  let first = pods[0];
  for (let i = 1; i < pods.length; i++) if (byCreationTimestampAndPhase(pods[i], first) < 0) first = pods[i];
  return first;
}

/** DaemonSetStatus as the API serializes it: the four scheduling counts always, the others when set. */
function serializedStatus(s: DaemonSetStatus): DaemonSetStatus {
  const always = ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady', 'collisionCount'];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (v !== undefined && (v !== 0 || always.includes(k))) out[k] = v;
  return out as unknown as DaemonSetStatus;
}
