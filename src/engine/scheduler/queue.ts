// The scheduling queue: activeQ ordered by the QueueSort plugin, backoffQ for pods that failed recently
// (1 s doubling to 10 s), and unschedulablePods waiting for a cluster event that could help (or 5 minutes).
import type { Pod } from 'kubernetes-types/core/v1';
import { flat } from '../api/flat.ts';
import { objectKey } from '../api/object.ts';
import type { SimClock } from '../sim/clock.ts';
import { NO_PLUGINS, type QueueSortPlugin, type QueuedPodInfo } from './framework/interface.ts';
import type { Status } from './framework/status.ts';
import { Nominator } from './nominator.ts';
import { UNSCHEDULABLE_TIMEOUT, type ClusterEvent } from './framework/events.ts';

export const POD_INITIAL_BACKOFF_MS = 1_000;
export const POD_MAX_BACKOFF_MS = 10_000;
/** podMaxInUnschedulablePodsDuration. */
export const POD_MAX_IN_UNSCHEDULABLE_MS = 5 * 60_000;

export class SchedulingQueue {
  private active: QueuedPodInfo[] = [];
  private readonly activeUids = new Set<string>();
  private readonly backoff = new Map<string, QueuedPodInfo>();
  private readonly unschedulable = new Map<string, QueuedPodInfo>();
  /** Pods a PreEnqueue plugin holds back (scheduling gates): they wait for an update of the pod itself. */
  private readonly gated = new Map<string, QueuedPodInfo>();
  private readonly inFlight = new Set<string>();
  /** Pods nominated to nodes by preemption (status.nominatedNodeName), counted by Filter on those nodes. */
  readonly nominator = new Nominator();
  /** Cluster events seen while a pod was being scheduled send it to backoff instead of unschedulable. */
  private moveRequestCycle = -1;
  private schedulingCycle = 0;
  onActive: () => void = () => {};
  /** The PreEnqueue plugins of the pod's profile. */
  preEnqueue: (pod: Pod) => Status | undefined = () => undefined;
  onGated: (info: QueuedPodInfo, status: Status) => void = () => {};
  /** The queueing hints of the pod's profile: may this event make the pod schedulable? */
  worthRequeuing: (info: QueuedPodInfo, event: ClusterEvent, oldObj: unknown, newObj: unknown) => { queue: boolean; plugin?: string } = () => ({ queue: true });
  /** A pod left unschedulablePods: where to and why (for the trace). */
  onMoved: (info: QueuedPodInfo, to: 'activeQ' | 'backoffQ', why: string) => void = () => {};

  constructor(private readonly clock: SimClock, private sort: QueueSortPlugin) {
    clock.every(1_000, () => this.flushBackoffCompleted());
    clock.every(30_000, () => this.flushUnschedulableLeftover());
  }

  get cycle(): number { return this.schedulingCycle; }
  lengths(): { active: number; backoff: number; unschedulable: number; gated: number } {
    return { active: this.active.length, backoff: this.backoff.size, unschedulable: this.unschedulable.size, gated: this.gated.size };
  }

  /** Where a pod waits now, for explanations. */
  whereIs(uid: string): 'activeQ' | 'backoffQ' | 'unschedulablePods' | 'gated' | 'inFlight' | undefined {
    if (this.activeUids.has(uid)) return 'activeQ';
    if (this.backoff.has(uid)) return 'backoffQ';
    if (this.unschedulable.has(uid)) return 'unschedulablePods';
    if (this.gated.has(uid)) return 'gated';
    if (this.inFlight.has(uid)) return 'inFlight';
    return undefined;
  }

  /** After a configuration change: order activeQ by the (possibly new) QueueSort plugin. */
  resort(sort: QueueSortPlugin): void {
    this.sort = sort;
    const all = this.active;
    this.active = [];
    this.activeUids.clear();
    for (const info of all) this.pushActive(info);
  }

  add(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    if (this.activeUids.has(uid) || this.inFlight.has(uid)) return this.update(pod);
    const now = this.clock.now();
    this.backoff.delete(uid);
    this.unschedulable.delete(uid);
    this.gated.delete(uid);
    this.nominator.addFromPod(pod);
    this.pushActive({ pod, key: flat(objectKey(pod)), timestamp: now, attempts: 0, initialAttemptTimestamp: now, unschedulablePlugins: NO_PLUGINS });
  }

  /**
   * updateNominatedPod: the pod's status.nominatedNodeName rules, except that a nomination made in memory
   * survives an update that arrives before the API server has it (neither version names a node).
   */
  updateNomination(old: Pod, pod: Pod): void {
    const kept = !old.status?.nominatedNodeName && !pod.status?.nominatedNodeName ? this.nominator.nominatedNode(pod.metadata!.uid!) : undefined;
    if (kept) this.nominator.add(pod, kept);
    else this.nominator.addFromPod(pod);
  }

  /** A pending pod changed: keep its place, but a changed pod may now fit, so unschedulable moves it. */
  update(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    const inActive = this.active.find((i) => i.pod.metadata!.uid === uid);
    if (inActive) { inActive.pod = pod; return; }
    const b = this.backoff.get(uid);
    if (b) { b.pod = pod; return; }
    const g = this.gated.get(uid);
    if (g) {
      g.pod = pod;
      this.gated.delete(uid);
      this.pushActive(g);
      return;
    }
    const u = this.unschedulable.get(uid);
    if (u) {
      u.pod = pod;
      this.unschedulable.delete(uid);
      this.requeue(u, 'UnscheduledPodUpdate');
      return;
    }
    if (!this.inFlight.has(uid)) this.add(pod);
  }

  /**
   * Activate: a plugin knows these pods may fit now (a gang's siblings): they leave unschedulablePods.
   * Simplification: upstream also takes pods out of backoffQ at once; here backoff still applies, so that a gang
   * that cannot fit does not retry forever within one virtual instant.
   */
  activate(pods: Pod[]): void {
    for (const pod of pods) {
      const uid = pod.metadata!.uid!;
      const info = this.unschedulable.get(uid);
      if (!info) continue;
      this.unschedulable.delete(uid);
      this.requeue(info, 'ForceActivate');
    }
  }

  /** Gated pods whose PreEnqueue plugin may let them through now (upstream moves gated pods on cluster events too). */
  retryGated(plugin: string): void {
    // A copy: a pod still gated goes back into the map, which would hand it to this loop again.
    for (const [uid, info] of [...this.gated]) {
      if (info.gatedBy !== plugin) continue;
      this.gated.delete(uid);
      this.pushActive(info);
    }
  }

  delete(pod: Pod): void {
    const uid = pod.metadata!.uid!;
    this.nominator.delete(pod);
    if (this.activeUids.delete(uid)) this.active = this.active.filter((i) => i.pod.metadata!.uid !== uid);
    this.backoff.delete(uid);
    this.unschedulable.delete(uid);
    this.gated.delete(uid);
  }

  pop(): QueuedPodInfo | undefined {
    if (!this.active.length) return undefined;
    const top = this.active[0];
    const last = this.active.pop()!;
    if (this.active.length) { this.active[0] = last; this.siftDown(0); }
    const uid = top.pod.metadata!.uid!;
    this.activeUids.delete(uid);
    this.inFlight.add(uid);
    top.attempts++;
    this.schedulingCycle++;
    return top;
  }

  /** The cycle finished (bound or failed): the pod is no longer in flight. */
  done(uid: string): void { this.inFlight.delete(uid); }

  /**
   * AddUnschedulableIfNotPresent: a failure no plugin is named for (an error, no nodes) retries after backoff; so
   * does a pod that saw a cluster event while in flight; the rest wait in unschedulablePods. Returns why.
   */
  addUnschedulable(info: QueuedPodInfo, podSchedulingCycle: number): string {
    const uid = info.pod.metadata!.uid!;
    this.inFlight.delete(uid);
    info.timestamp = this.clock.now();
    if (!info.unschedulablePlugins.size) {
      this.backoff.set(uid, info);
      return 'no plugin rejected the pod (an error, or no nodes): it retries after its backoff';
    }
    if (this.moveRequestCycle >= podSchedulingCycle) {
      this.backoff.set(uid, info);
      return 'a cluster event arrived while it was being scheduled: it retries after its backoff';
    }
    this.unschedulable.set(uid, info);
    return `waits for a cluster event that may help ${[...info.unschedulablePlugins].sort().join(', ')} (or ${POD_MAX_IN_UNSCHEDULABLE_MS / 60_000} minutes)`;
  }

  /**
   * MoveAllToActiveOrBackoffQueue: a cluster event (node added or changed, assigned pod added or deleted …) moves
   * the pods of unschedulablePods whose rejecting plugins' queueing hints say it may help; the others keep waiting.
   * Pods in flight go to backoffQ when they fail.
   * Simplification: events that arrive while a pod is in flight send it to backoffQ without asking the hints.
   */
  moveAllToActiveOrBackoff(event: ClusterEvent, oldObj?: unknown, newObj?: unknown): void {
    for (const [uid, info] of this.unschedulable) {
      const { queue, plugin } = this.worthRequeuing(info, event, oldObj, newObj);
      if (!queue) continue;
      this.unschedulable.delete(uid);
      this.requeue(info, plugin ? `${event.label} (${plugin})` : event.label);
    }
    this.moveRequestCycle = this.schedulingCycle;
  }

  backoffDuration(info: QueuedPodInfo): number {
    return Math.min(POD_INITIAL_BACKOFF_MS * 2 ** Math.max(0, info.attempts - 1), POD_MAX_BACKOFF_MS);
  }

  private requeue(info: QueuedPodInfo, why: string): void {
    const uid = info.pod.metadata!.uid!;
    const backingOff = this.clock.now() < info.timestamp + this.backoffDuration(info);
    this.onMoved(info, backingOff ? 'backoffQ' : 'activeQ', why);
    if (backingOff) this.backoff.set(uid, info);
    else this.pushActive(info);
  }

  private flushBackoffCompleted(): void {
    const now = this.clock.now();
    for (const [uid, info] of this.backoff) {
      if (now >= info.timestamp + this.backoffDuration(info)) {
        this.backoff.delete(uid);
        this.pushActive(info);
      }
    }
  }

  private flushUnschedulableLeftover(): void {
    const now = this.clock.now();
    for (const [uid, info] of this.unschedulable) {
      if (now - info.timestamp > POD_MAX_IN_UNSCHEDULABLE_MS) {
        this.unschedulable.delete(uid);
        this.requeue(info, UNSCHEDULABLE_TIMEOUT.label);
      }
    }
  }

  private pushActive(info: QueuedPodInfo): void {
    const gate = this.preEnqueue(info.pod);
    if (gate && !gate.isSuccess()) {
      info.gatedBy = gate.plugin;
      this.gated.set(info.pod.metadata!.uid!, info);
      this.onGated(info, gate);
      return;
    }
    info.gatedBy = undefined;
    this.activeUids.add(info.pod.metadata!.uid!);
    this.active.push(info);
    let i = this.active.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.sort.less(this.active[i], this.active[p])) break;
      [this.active[i], this.active[p]] = [this.active[p], this.active[i]];
      i = p;
    }
    this.onActive();
  }

  private siftDown(i: number): void {
    const h = this.active;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < h.length && this.sort.less(h[l], h[m])) m = l;
      if (r < h.length && this.sort.less(h[r], h[m])) m = r;
      if (m === i) return;
      [h[m], h[i]] = [h[i], h[m]];
      i = m;
    }
  }
}
