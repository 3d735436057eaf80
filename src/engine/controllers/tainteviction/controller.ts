// Taint eviction controller (pkg/controller/tainteviction, the NoExecute taint manager): a pod on a node with
// NoExecute taints it does not tolerate is deleted at once; one that tolerates them for tolerationSeconds is
// deleted when the shortest of those runs out, counted from when the controller saw the taints; one that
// tolerates them forever stays. Scheduled deletions are cancelled when the taints go (or the pod does).
// Simplification: one queue for node and pod updates (upstream shards them over 8 workers that take node
// updates first); each update is handled from the current state, so the order changes no outcome.
import type { Node, Pod, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { NODE_NAME_INDEX, nodeNameIndexFunc, updatePodCondition } from '../nodeutil.ts';
import { TimedWorkerQueue } from './timedworkers.ts';
import { matchingTolerations, minTolerationMs, noExecuteTaints } from './tolerations.ts';

type N = Node & KubeObject;
type P = Pod & KubeObject;

// Queue keys; pod keys are "namespace/name".
const NODE = 'node:';
const POD = 'pod:';
const EVICT = 'evict:';

export class TaintEvictionController extends Controller {
  private readonly nodes: Informer<N>;
  private readonly pods: Informer<P>;
  /** The NoExecute taints of every tainted node, as last seen. */
  private readonly taintedNodes = new Map<string, Taint[]>();
  private readonly evictions: TimedWorkerQueue;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('taint-eviction-controller', clock);
    this.nodes = informers.informerFor<N>('Node');
    this.pods = informers.informerFor<P>('Pod');
    this.pods.addIndexer(NODE_NAME_INDEX, nodeNameIndexFunc);
    // A deletion that falls due is done by a worker, so it waits while the controller-manager is stopped.
    this.evictions = new TimedWorkerQueue(clock, (key) => this.queue.add(EVICT + key));
    this.event = recorder.forSource({ component: 'taint-eviction-controller' });
  }

  start(): void {
    this.pods.addEventHandler({
      add: (p) => this.podUpdated(undefined, p),
      update: (o, p) => this.podUpdated(o, p),
      delete: (p) => this.podUpdated(p, undefined),
    });
    this.nodes.addEventHandler({
      add: (n) => this.nodeUpdated(undefined, n),
      update: (o, n) => this.nodeUpdated(o, n),
      delete: (n) => this.nodeUpdated(n, undefined),
    });
  }

  /** Only a pod's tolerations and node matter here. */
  private podUpdated(old: P | undefined, p: P | undefined): void {
    if (old && p && sameTolerations(old, p) && old.spec?.nodeName === p.spec?.nodeName) return;
    this.queue.add(POD + objectKey((p ?? old)!));
  }

  /** Only a node's NoExecute taints matter here. */
  private nodeUpdated(old: N | undefined, n: N | undefined): void {
    if (old && n && jsonEqual(noExecuteTaints(old.spec?.taints), noExecuteTaints(n.spec?.taints))) return;
    this.queue.add(NODE + (n ?? old)!.metadata.name);
  }

  protected sync(key: string): void {
    if (key.startsWith(NODE)) this.handleNodeUpdate(key.slice(NODE.length));
    else if (key.startsWith(POD)) this.handlePodUpdate(key.slice(POD.length));
    else if (key.startsWith(EVICT)) this.evict(key.slice(EVICT.length));
  }

  private handleNodeUpdate(name: string): void {
    const node = this.nodes.getByName(undefined, name);
    if (!node) {
      this.taintedNodes.delete(name);
      return;
    }
    const taints = noExecuteTaints(node.spec?.taints);
    if (taints.length) this.taintedNodes.set(name, taints); else this.taintedNodes.delete(name);
    const pods = this.pods.listByIndex(NODE_NAME_INDEX, name);
    const now = this.clock.now();
    for (const p of pods) {
      if (taints.length) this.processPodOnNode(objectKey(p), p, taints, now);
      else this.cancelWithEvent(objectKey(p));
    }
  }

  private handlePodUpdate(key: string): void {
    const pod = this.pods.get(key);
    if (!pod) {
      this.cancelWithEvent(key);
      return;
    }
    const taints = pod.spec?.nodeName ? this.taintedNodes.get(pod.spec.nodeName) : undefined;
    // The node may be gone, or its taints removed: that already cancelled any scheduled deletion.
    if (!taints) return;
    this.processPodOnNode(key, pod, taints, this.clock.now());
  }

  private processPodOnNode(key: string, pod: P, taints: Taint[], now: number): void {
    const { allTolerated, used } = matchingTolerations(taints, pod.spec?.tolerations);
    if (!allTolerated) {
      this.cancelWithEvent(key);
      this.evictions.addWork(key, now, now);
      return;
    }
    const min = minTolerationMs(used);
    if (min < 0) {
      this.cancelWithEvent(key);
      return;
    }
    // Deletion already scheduled: keep its deadline, counted from when the taints were first seen.
    if (this.evictions.getWorker(key)) return;
    this.evictions.addWork(key, now, now + min);
  }

  private cancelWithEvent(key: string): void {
    if (this.evictions.cancelWork(key)) this.record(key, 'Cancelling deletion of Pod');
  }

  private evict(key: string): void {
    if (!this.evictions.hasFired(key)) return;
    this.record(key, 'Marking for deletion Pod');
    const { namespace, name } = splitKey(key);
    try {
      const pod = this.store.get<Pod>('Pod', namespace, name);
      const status = structuredClone(pod.status ?? {});
      const updated = updatePodCondition(status, {
        type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint',
      }, this.clock.nowRFC3339());
      if (updated) this.store.update({ ...pod, status } as P, { subresource: 'status' });
      this.store.delete('Pod', namespace, name);
    } catch {
      // As upstream, failed work is dropped (the pod is usually gone); the next update of the pod or node
      // schedules it again.
      this.evictions.failed(key);
    }
  }

  /** TaintManagerEviction events refer to the pod by name only. */
  private record(key: string, what: string): void {
    const { namespace, name } = splitKey(key);
    this.event({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace } }, 'Normal', 'TaintManagerEviction', `${what} ${key}`);
  }
}

/** Semantic.DeepEqual of the tolerations; a status write keeps the stored (shared) array, which needs no walk. */
function sameTolerations(old: P, p: P): boolean {
  const a = old.spec?.tolerations, b = p.spec?.tolerations;
  return a === b || jsonEqual(a ?? [], b ?? []);
}
