// Pod garbage collector (pkg/controller/podgc): every 20 s it force-deletes (after marking them Failed)
// terminated pods beyond --terminated-pod-gc-threshold, terminating pods on a not-Ready node with the
// out-of-service taint, pods bound to a node that stayed missing through a 40 s quarantine, and terminating
// pods that were never scheduled. Nothing else removes a pod whose kubelet cannot confirm its deletion.
import type { Node, Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { TAINT_OUT_OF_SERVICE } from '../nodelifecycle/taints.ts';
import { isNodeReady, updatePodCondition } from '../nodeutil.ts';

type N = Node & KubeObject;
type P = Pod & KubeObject;

/** gcCheckPeriod. */
export const GC_CHECK_PERIOD_MS = 20_000;
/** quarantineTime: how long a missing node may take to show up in the informer before its pods go. */
export const QUARANTINE_MS = 40_000;
/** --terminated-pod-gc-threshold. */
export const TERMINATED_POD_GC_THRESHOLD = 12_500;

const GC = '#gc';

export class PodGCController extends Controller {
  private readonly nodes: Informer<N>;
  private readonly pods: Informer<P>;
  /** The delaying queue of node names seen missing: when each may be checked. */
  private readonly quarantine = new Map<string, number>();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, private readonly terminatedPodThreshold = TERMINATED_POD_GC_THRESHOLD) {
    super('pod-garbage-collector', clock);
    this.nodes = informers.informerFor<N>('Node');
    this.pods = informers.informerFor<P>('Pod');
  }

  start(): void {
    this.clock.every(GC_CHECK_PERIOD_MS, () => this.queue.add(GC));
  }

  protected sync(): void {
    const pods = this.pods.list();
    // One walk over every pod sorts out what each pass looks at (each walk reads three objects of every pod):
    // the passes then go through their own few pods, in the list's order, as each filtering the list would.
    const terminated: P[] = [];
    const deleting: P[] = [];
    /** The nodes pods are bound to, in the order the list first names them. */
    const boundTo = new Set<string>();
    for (let i = 0; i < pods.length; i++) {
      const p = pods[i];
      const phase = p.status?.phase;
      if (phase !== 'Pending' && phase !== 'Running' && phase !== 'Unknown') terminated.push(p);
      if (p.metadata.deletionTimestamp) deleting.push(p);
      const node = p.spec?.nodeName;
      if (node) boundTo.add(node);
    }
    if (this.terminatedPodThreshold > 0) this.gcTerminated(terminated);
    this.gcTerminating(deleting);
    this.gcOrphaned(pods, boundTo);
    this.gcUnscheduledTerminating(deleting);
  }

  private gcTerminated(terminated: P[]): void {
    const excess = terminated.length - this.terminatedPodThreshold;
    if (excess <= 0) return;
    for (const p of terminated.sort(byEvictionAndCreation).slice(0, excess)) this.markFailedAndDelete(p);
  }

  /** Pods being deleted on a node that is not Ready and that an administrator tainted out-of-service. */
  private gcTerminating(deleting: P[]): void {
    const terminating = deleting.filter((p) => {
      const node = this.nodes.getByName(undefined, p.spec?.nodeName ?? '');
      return !!node && !isNodeReady(node) && (node.spec?.taints ?? []).some((t) => t.key === TAINT_OUT_OF_SERVICE);
    });
    for (const p of terminating.sort(byEvictionAndCreation)) this.markFailedAndDelete(p);
  }

  /** `boundTo`: the nodes the pods are bound to. */
  private gcOrphaned(pods: P[], boundTo: Set<string>): void {
    const now = this.clock.now();
    const existing = new Set(this.nodes.list().map((n) => n.metadata.name!));
    for (const node of boundTo) {
      if (!existing.has(node) && !this.quarantine.has(node)) this.quarantine.set(node, now + QUARANTINE_MS);
    }
    const deleted = new Set<string>();
    for (const [node, due] of [...this.quarantine]) {
      if (due > now) continue;
      this.quarantine.delete(node);
      // After the quarantine, ask the API server itself: the informer may only be late.
      if (!existing.has(node) && !this.store.tryGet('Node', undefined, node)) deleted.add(node);
    }
    if (!deleted.size) return;
    for (const p of pods) {
      if (!deleted.has(p.spec?.nodeName ?? '')) continue;
      this.markFailedAndDelete(p, { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' });
    }
  }

  private gcUnscheduledTerminating(deleting: P[]): void {
    for (const p of deleting) if (!p.spec?.nodeName) this.markFailedAndDelete(p);
  }

  /** Failed first (there is no kubelet to say so), then deleted with grace period 0. */
  private markFailedAndDelete(p: P, condition?: PodCondition): void {
    try {
      const pod = this.store.tryGet<Pod>('Pod', p.metadata.namespace, p.metadata.name!);
      if (!pod || pod.metadata.uid !== p.metadata.uid) return;
      if (pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed') {
        const status = { ...structuredClone(pod.status ?? {}), phase: 'Failed' };
        if (condition) updatePodCondition(status, condition, this.clock.nowRFC3339());
        this.store.update({ ...pod, status } as P, { subresource: 'status' });
      }
      this.store.delete('Pod', p.metadata.namespace, p.metadata.name!, { gracePeriodSeconds: 0 });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}

/** Evicted pods first, then the oldest, then by name. */
function byEvictionAndCreation(a: Pod, b: Pod): number {
  const ea = isEvicted(a), eb = isEvicted(b);
  if (ea !== eb) return ea ? -1 : 1;
  const ca = a.metadata?.creationTimestamp ?? '', cb = b.metadata?.creationTimestamp ?? '';
  if (ca !== cb) return ca < cb ? -1 : 1;
  return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}

/** eviction.PodIsEvicted: Failed with reason Evicted (the kubelet's node-pressure eviction). */
function isEvicted(p: Pod): boolean {
  return p.status?.phase === 'Failed' && p.status.reason === 'Evicted';
}
