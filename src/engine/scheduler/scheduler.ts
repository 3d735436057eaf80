// kube-scheduler: pops one pod at a time (the scheduling cycle is serial), filters and scores nodes, assumes
// the pod on the chosen node and binds it asynchronously in virtual time (the binding cycle).
import type { Node, Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { objectKey } from '../api/object.ts';
import { isPodTerminal } from '../api/pod.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import type { EventRecorder } from '../client/events.ts';
import type { SharedInformerFactory } from '../client/informer.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { SchedulerCache } from './cache.ts';
import { CycleState, type NodeScore, type QueuedPodInfo } from './framework/interface.ts';
import type { NodeInfo } from './framework/nodeinfo.ts';
import { Code } from './framework/status.ts';
import { defaultProfile, numFeasibleNodesToFind, type Profile } from './profile.ts';
import { SchedulingQueue } from './queue.ts';
import { TraceBuffer, type FilterVerdict, type NodeScoreTrace, type SchedulingTrace } from './trace.ts';

type P = Pod & KubeObject;
type N = Node & KubeObject;

/** Virtual time a binding takes (the API call of the binding cycle). */
const BIND_LATENCY_MS = 5;

export class Scheduler {
  readonly cache = new SchedulerCache();
  readonly queue: SchedulingQueue;
  readonly traces = new TraceBuffer();
  private profile: Profile = defaultProfile();
  private nextStartNodeIndex = 0;
  private loopScheduled = false;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    private readonly informers: SharedInformerFactory,
    recorder: EventRecorder,
    private readonly rng: SeededRng,
  ) {
    this.queue = new SchedulingQueue(clock, this.profile.queueSort);
    this.queue.onActive = () => this.kick();
    this.event = recorder.forSource({ component: 'default-scheduler' });
  }

  private responsible(p: Pod): boolean {
    return (p.spec?.schedulerName ?? 'default-scheduler') === this.profile.schedulerName;
  }

  start(): void {
    this.informers.informerFor<N>('Node').addEventHandler({
      add: (n) => { this.cache.addOrUpdateNode(n); this.queue.moveAllToActiveOrBackoff(); },
      update: (_o, n) => { this.cache.addOrUpdateNode(n); this.queue.moveAllToActiveOrBackoff(); },
      delete: (n) => this.cache.removeNode(n.metadata.name!),
    });
    const isAssigned = (p: Pod) => !!p.spec?.nodeName;
    this.informers.informerFor<P>('Pod').addEventHandler({
      add: (p) => {
        if (isAssigned(p)) { if (!isPodTerminal(p)) this.cache.addOrUpdatePod(p); }
        else if (this.responsible(p) && !p.metadata.deletionTimestamp) this.queue.add(p);
      },
      update: (o, p) => {
        if (isAssigned(p)) {
          if (!isAssigned(o)) this.queue.delete(p);
          if (isPodTerminal(p)) { this.cache.removePod(p); this.queue.moveAllToActiveOrBackoff(); }
          else this.cache.addOrUpdatePod(p);
        } else if (this.responsible(p)) {
          if (p.metadata.deletionTimestamp) this.queue.delete(p);
          else if (o.metadata.resourceVersion !== p.metadata.resourceVersion && specChanged(o, p)) this.queue.update(p);
        }
      },
      delete: (p) => {
        if (isAssigned(p)) { this.cache.removePod(p); this.queue.moveAllToActiveOrBackoff(); }
        else this.queue.delete(p);
      },
    });
  }

  private kick(): void {
    if (this.loopScheduled) return;
    this.loopScheduled = true;
    this.clock.defer(() => {
      this.loopScheduled = false;
      const info = this.queue.pop();
      if (info) this.scheduleOne(info);
      if (this.queue.lengths().active > 0) this.kick();
    });
  }

  /** One scheduling cycle for one pod. */
  scheduleOne(info: QueuedPodInfo): void {
    const key = objectKey(info.pod as KubeObject);
    const uid = info.pod.metadata!.uid!;
    // Always schedule the latest version of the pod; it may be gone or bound already.
    const pod = this.store.tryGet<Pod>('Pod', info.pod.metadata!.namespace, info.pod.metadata!.name!);
    if (!pod || pod.metadata.uid !== uid || pod.spec?.nodeName || pod.metadata.deletionTimestamp) {
      this.queue.done(uid);
      return;
    }
    info.pod = pod;
    const cycle = this.queue.cycle;
    const state = new CycleState();
    const nodes = this.cache.nodeList();
    const trace: SchedulingTrace = {
      pod: key, uid, attempt: info.attempts, time: this.clock.now(), profile: this.profile.schedulerName,
      result: 'Unschedulable', message: '', nodesTotal: nodes.length, nodesEvaluated: 0, feasible: 0, rejected: [], scores: [],
    };

    for (const pl of this.profile.preFilter) {
      const s = pl.preFilter(state, pod).withPlugin(pl.name);
      if (!s.isSuccess() && s.code !== Code.Skip) return this.fail(info, pod as P, cycle, trace, s.code === Code.Error ? s.message() : `0/${nodes.length} nodes are available: ${s.message()}.`);
    }

    const feasible = this.findNodesThatFit(state, pod, nodes, trace);
    trace.feasible = feasible.length;
    if (!feasible.length) return this.fail(info, pod as P, cycle, trace, fitErrorMessage(nodes.length, trace.rejected));

    const chosen = feasible.length === 1 ? feasible[0].name : this.selectHost(this.prioritize(state, pod, feasible, trace));
    trace.result = 'Scheduled';
    trace.node = chosen;
    trace.message = `Successfully assigned ${key} to ${chosen}`;
    this.traces.add(trace);

    // Reserve: the pod counts on the node from now on, before the binding is confirmed.
    this.cache.assume(pod, chosen);
    this.queue.done(uid);
    this.clock.after(BIND_LATENCY_MS, () => this.bind(pod as P, chosen, key));
  }

  /** findNodesThatFit: round-robin from where the last cycle stopped, up to numFeasibleNodesToFind. */
  private findNodesThatFit(state: CycleState, pod: Pod, nodes: NodeInfo[], trace: SchedulingTrace): NodeInfo[] {
    const want = numFeasibleNodesToFind(this.profile.percentageOfNodesToScore, nodes.length);
    const out: NodeInfo[] = [];
    let evaluated = 0;
    const start = nodes.length ? this.nextStartNodeIndex % nodes.length : 0;
    for (let i = 0; i < nodes.length && out.length < want; i++) {
      const node = nodes[(start + i) % nodes.length];
      evaluated++;
      let ok = true;
      for (const pl of this.profile.filter) {
        const s = pl.filter(state, pod, node);
        if (!s.isSuccess()) {
          trace.rejected.push({ node: node.name, plugin: pl.name, code: s.code, reasons: s.reasons });
          ok = false;
          break;
        }
      }
      if (ok) out.push(node);
    }
    trace.nodesEvaluated = evaluated;
    this.nextStartNodeIndex = nodes.length ? (start + evaluated) % nodes.length : 0;
    return out;
  }

  /** prioritizeNodes: run every Score plugin, normalize, weight and sum. */
  private prioritize(state: CycleState, pod: Pod, nodes: NodeInfo[], trace: SchedulingTrace): NodeScoreTrace[] {
    const totals: NodeScoreTrace[] = nodes.map((n) => ({ node: n.name, total: 0, plugins: [] }));
    for (const { plugin, weight } of this.profile.score) {
      const scores: NodeScore[] = nodes.map((n) => ({ name: n.name, score: plugin.score(state, pod, n) }));
      const raw = scores.map((s) => s.score);
      plugin.normalizeScore?.(state, pod, scores);
      scores.forEach((s, i) => {
        totals[i].plugins.push({ plugin: plugin.name, raw: raw[i], normalized: s.score, weight, weighted: s.score * weight });
        totals[i].total += s.score * weight;
      });
    }
    trace.scores = totals;
    return totals;
  }

  /** selectHost: the highest total; ties broken by reservoir sampling with the seeded RNG. */
  private selectHost(scores: NodeScoreTrace[]): string {
    let best = scores[0];
    let ties = 1;
    for (let i = 1; i < scores.length; i++) {
      const s = scores[i];
      if (s.total > best.total) { best = s; ties = 1; }
      else if (s.total === best.total) {
        ties++;
        if (this.rng.int(ties) === 0) best = s;
      }
    }
    return best.node;
  }

  private bind(pod: P, nodeName: string, key: string): void {
    try {
      this.store.bind(pod.metadata.namespace!, pod.metadata.name!, nodeName);
      this.event(pod, 'Normal', 'Scheduled', `Successfully assigned ${key} to ${nodeName}`);
    } catch (e) {
      this.cache.forget(pod);
      if (!isStatusError(e)) throw e;
      if (e.reason === 'NotFound') return;
      this.event(pod, 'Warning', 'FailedScheduling', `Binding rejected: ${e.message}`);
      this.queue.add(pod);
    }
  }

  private fail(info: QueuedPodInfo, pod: P, cycle: number, trace: SchedulingTrace, message: string): void {
    trace.result = 'Unschedulable';
    trace.message = message;
    this.traces.add(trace);
    this.event(pod, 'Warning', 'FailedScheduling', message);
    this.queue.addUnschedulable(info, cycle);
    // The PodScheduled=False condition tells users (and kubectl describe) why the pod waits.
    const cond: PodCondition = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message, lastProbeTime: null as unknown as string, lastTransitionTime: this.clock.nowRFC3339() };
    const old = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (old && old.status === 'False' && old.message === message) return;
    const conditions = [...(pod.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled'), old?.status === 'False' ? { ...cond, lastTransitionTime: old.lastTransitionTime } : cond];
    try {
      this.store.update({ ...pod, status: { ...pod.status, conditions } } as P, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e)) throw e;
    }
  }
}

function specChanged(a: Pod, b: Pod): boolean {
  return JSON.stringify(a.spec) !== JSON.stringify(b.spec) || JSON.stringify(a.metadata?.labels) !== JSON.stringify(b.metadata?.labels);
}

/** FitError.Error(): "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint {…}." */
export function fitErrorMessage(numAllNodes: number, rejected: FilterVerdict[]): string {
  if (numAllNodes === 0) return 'no nodes available to schedule pods';
  const histogram = new Map<string, number>();
  for (const r of rejected) for (const reason of r.reasons) histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
  const parts = [...histogram].map(([reason, n]) => `${n} ${reason}`).sort();
  return `0/${numAllNodes} nodes are available: ${parts.join(', ')}.`;
}

