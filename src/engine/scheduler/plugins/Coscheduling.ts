// Coscheduling (kubernetes-sigs/scheduler-plugins pkg/coscheduling): gang scheduling of the pods of a PodGroup
// (label scheduling.x-k8s.io/pod-group). QueueSort keeps a group's pods together; PreFilter waits for minMember
// pods to exist; Permit holds members until minMember are reserved, then lets them all through; a member that
// fits nowhere (PostFilter) or times out (Unreserve) sends every waiting sibling back to the queue.
// Not in the default profile: its QueueSort orders by group and its PostFilter adds "can not find pod group" to
// every ungrouped pod's message, so it is enabled through a KubeSchedulerConfiguration (see Coscheduling.test.ts).
import type { Pod } from 'kubernetes-types/core/v1';
import { selectorFromSet } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import { POD_GROUP_LABEL, podGroupName, type PodGroup } from '../../api/podgroup.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { toRFC3339 } from '../../sim/clock.ts';
import type {
  CycleState, Handle, NodeToStatus, PermitPlugin, PostBindPlugin, PostFilterPlugin, PostFilterResult, PreFilterPlugin, QueuedPodInfo,
  QueueSortPlugin, ReservePlugin,
} from '../framework/interface.ts';
import { Code, Status } from '../framework/status.ts';
import { podPriority } from '../preemption/victims.ts';
import { ArgsError } from './NodeResourcesFit.ts';

export interface CoschedulingArgs {
  /** How long members wait at Permit when their group sets no scheduleTimeoutSeconds (default 60). */
  permitWaitingTimeSeconds?: number;
  /** After a member fits nowhere, the whole group is refused at PreFilter for this long (0, the default: never). */
  podGroupBackoffSeconds?: number;
}

type PG = PodGroup & KubeObject;

export class Coscheduling implements QueueSortPlugin, PreFilterPlugin, PostFilterPlugin, PermitPlugin, ReservePlugin, PostBindPlugin {
  readonly name = 'Coscheduling';
  private readonly scheduleTimeoutMs: number;
  private readonly backoffMs: number;
  /** Groups (namespace/name) refused at PreFilter until the time given. */
  private readonly backedOff = new Map<string, number>();

  constructor(args: CoschedulingArgs, private readonly handle: Handle, private readonly store: Store) {
    const backoff = args.podGroupBackoffSeconds ?? 0;
    if (backoff < 0) throw new ArgsError(`podGroupBackoffSeconds: Invalid value: ${backoff}: cannot be negative`);
    this.scheduleTimeoutMs = (args.permitWaitingTimeSeconds ?? 60) * 1000;
    this.backoffMs = backoff * 1000;
  }

  /** Priority first; then the group's creation time (a lone pod's first attempt); then namespace/name. */
  less(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
    const pa = podPriority(a.pod), pb = podPriority(b.pod);
    if (pa !== pb) return pa > pb;
    const ta = this.creationTime(a), tb = this.creationTime(b);
    if (ta === tb) return objectKey(a.pod) < objectKey(b.pod);
    return ta < tb;
  }

  /** Rejected as UnschedulableAndUnresolvable so that no preemption is tried for an incomplete group. */
  preFilter(_state: CycleState, pod: Pod): { status: Status } {
    const name = podGroupName(pod);
    if (!name) return { status: Status.skip() };
    const pg = this.podGroup(pod);
    if (!pg) return { status: Status.success() };
    const full = `${pod.metadata!.namespace}/${name}`;
    if ((this.backedOff.get(full) ?? 0) > this.handle.now()) return { status: Status.unresolvable(`podGroup ${full} failed recently`) };
    const count = this.groupPods(pod).length;
    const min = pg.spec?.minMember ?? 0;
    if (count < min) {
      return { status: Status.unresolvable(`pre-filter pod ${pod.metadata!.name} cannot find enough sibling pods, current pods number: ${count}, minMember of group: ${min}`) };
    }
    return { status: Status.success() };
  }

  /** One member fits nowhere: the others would very likely not fit either, so the waiting ones are sent back. */
  postFilter(_state: CycleState, pod: Pod, _filtered: NodeToStatus): { status: Status; result?: PostFilterResult } {
    const pg = this.podGroup(pod);
    if (!pg) return { status: Status.unschedulable('can not find pod group') };
    const min = pg.spec?.minMember ?? 0;
    const assigned = this.assignedPods(pod);
    // Enough members are placed already, or the gap is at most 10 %: later members may still close it.
    if (assigned >= min || (min - assigned) / min <= 0.1) return { status: new Status(Code.Unschedulable) };
    this.rejectWaiting(pod, 'optimistic rejection in PostFilter');
    const full = `${pod.metadata!.namespace}/${pg.metadata.name}`;
    if (this.backoffMs > 0 && this.groupPods(pod).length >= min) this.backedOff.set(full, this.handle.now() + this.backoffMs);
    return { status: Status.unschedulable(`PodGroup ${full} gets rejected due to Pod ${pod.metadata!.name} is unschedulable even after PostFilter`) };
  }

  /** Wait until minMember members are reserved (this one included), then allow every waiting sibling. */
  permit(_state: CycleState, pod: Pod): { status: Status; timeoutMs?: number } {
    const name = podGroupName(pod);
    if (!name) return { status: Status.success() };
    const pg = this.podGroup(pod);
    if (!pg) return { status: Status.unschedulable('PodGroup not found') };
    const assigned = this.assignedPods(pod);
    if (assigned + 1 >= (pg.spec?.minMember ?? 0)) {
      for (const w of this.waitingSiblings(pod)) w.allow(this.name);
      return { status: Status.success() };
    }
    // The first member to wait brings its siblings back from backoff or the unschedulable pods (ActivateSiblings).
    if (assigned === 0) this.handle.activate?.(this.groupPods(pod).filter((p) => p.metadata.uid !== pod.metadata?.uid && !p.spec?.nodeName));
    const timeout = pg.spec?.scheduleTimeoutSeconds ? pg.spec.scheduleTimeoutSeconds * 1000 : this.scheduleTimeoutMs;
    return { status: new Status(Code.Wait), timeoutMs: timeout };
  }

  reserve(): Status { return Status.success(); }

  /** A member left its node (rejected, timed out, or failed later): every waiting sibling goes back too. */
  unreserve(_state: CycleState, pod: Pod): void {
    if (this.podGroup(pod)) this.rejectWaiting(pod, 'rejection in Unreserve');
  }

  /**
   * Count the bound member in status.scheduled: Scheduled once minMember are bound, Scheduling before.
   * Simplification: the scheduler writes the count on every bind (the PodGroup controller keeps the rest).
   */
  postBind(_state: CycleState, pod: Pod): void {
    const pg = this.podGroup(pod);
    if (!pg) return;
    const scheduled = (pg.status?.scheduled ?? 0) + 1;
    const done = scheduled >= (pg.spec?.minMember ?? 0);
    const status = { ...pg.status, scheduled, phase: done ? 'Scheduled' as const : 'Scheduling' as const };
    if (!done && !status.scheduleStartTime) status.scheduleStartTime = toRFC3339(this.handle.now());
    try {
      this.store.update({ ...pg, status }, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e)) throw e;
    }
  }

  private podGroup(pod: Pod): PG | undefined {
    const name = podGroupName(pod);
    if (!name || !this.store.kinds.byKindName('PodGroup')) return undefined;
    return this.store.tryGet<PodGroup>('PodGroup', pod.metadata?.namespace, name);
  }

  /** Every pod of the pod's group, in any phase (the informer's list). */
  private groupPods(pod: Pod): (Pod & KubeObject)[] {
    return this.store.list<Pod>('Pod', { namespace: pod.metadata?.namespace, labelSelector: selectorFromSet({ [POD_GROUP_LABEL]: podGroupName(pod)! }) });
  }

  /** CalculateAssignedPods: members bound or assumed on a node, other than this pod (whose reservation counts apart). */
  private assignedPods(pod: Pod): number {
    const name = podGroupName(pod), ns = pod.metadata?.namespace, uid = pod.metadata?.uid;
    let n = 0;
    for (const node of this.handle.nodeInfos()) {
      for (const info of node.pods.values()) {
        const p = info.pod;
        if (p.metadata?.uid !== uid && p.metadata?.namespace === ns && podGroupName(p) === name && p.spec?.nodeName) n++;
      }
    }
    return n;
  }

  private waitingSiblings(pod: Pod) {
    const name = podGroupName(pod), ns = pod.metadata?.namespace;
    return this.handle.waitingPods().filter((w) => w.pod.metadata?.namespace === ns && podGroupName(w.pod) === name);
  }

  private rejectWaiting(pod: Pod, message: string): void {
    for (const w of this.waitingSiblings(pod)) w.reject(this.name, message);
  }

  private creationTime(info: QueuedPodInfo): number {
    const created = this.podGroup(info.pod)?.metadata.creationTimestamp;
    return created ? Date.parse(created) : info.initialAttemptTimestamp;
  }
}
