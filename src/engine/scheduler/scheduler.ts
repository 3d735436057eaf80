// kube-scheduler: pops one pod at a time (the scheduling cycle is serial) and runs its profile's framework —
// PreFilter, Filter (over percentageOfNodesToScore), PostFilter, PreScore, Score, Reserve, Permit — then
// binds asynchronously in virtual time (PreBind, Bind, PostBind: the binding cycle).
import type { Node, Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { isPodTerminal } from '../api/pod.ts';
import type { FeatureGates } from '../api/featuregates.ts';
import { DRA_FEATURE } from '../api/resource.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import type { EventRecorder } from '../client/events.ts';
import type { SharedInformerFactory } from '../client/informer.ts';
import { goDuration, type SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import { SchedulerCache } from './cache.ts';
import { defaultConfiguration, DEFAULT_SCHEDULER_NAME, type KubeSchedulerConfiguration } from './config.ts';
import { fitErrorMessage as fitError } from './framework/fiterror.ts';
import { CycleState, NO_PLUGINS, type Handle, type QueuedPodInfo } from './framework/interface.ts';
import type { NodeInfo } from './framework/nodeinfo.ts';
import type { Framework } from './framework/runtime.ts';
import { Code, Status } from './framework/status.ts';
import type { WaitingPod } from './framework/waiting.ts';
import { buildFrameworks, numFeasibleNodesToFind } from './profile.ts';
import { SchedulingQueue } from './queue.ts';
import { ASSIGNED_POD_ADD, ASSIGNED_POD_DELETE, FORCE_ACTIVATE, NODE_ADD, NODE_DELETE, assignedPodUpdateEvents, nodeUpdateEvents } from './framework/events.ts';
import { TraceBuffer, type FilterVerdict, type SchedulingTrace } from './trace.ts';
import { attachRejected, RejectedNodes } from './verdicts.ts';

type P = Pod & KubeObject;
type N = Node & KubeObject;

/** Virtual time a binding takes (the API call of the binding cycle). */
const BIND_LATENCY_MS = 5;

export class Scheduler {
  readonly cache = new SchedulerCache();
  readonly queue: SchedulingQueue;
  readonly traces = new TraceBuffer();
  private config: KubeSchedulerConfiguration = defaultConfiguration();
  private frameworks: Map<string, Framework>;
  private cycleNodes: NodeInfo[] = [];
  /** findNodesThatFit's list, reused by every cycle: nothing keeps it past its cycle (the trace keeps positions). */
  private readonly feasible: NodeInfo[] = [];
  /** fitsByColumns' verdicts for one run of rows of the node list. */
  private readonly fits = new Uint8Array(256);
  /** The node-list positions of `feasible`, in its order. */
  private feasiblePositions = new Int32Array(0);
  /** The first of them when they are consecutive in the node list (wrapping at its end), else undefined. */
  private feasibleFirst: number | undefined;
  /** The feasible nodes' total scores, in their order (runScore's out). */
  private totals = new Float64Array(0);
  /** The framework of the pod being scheduled (the handle's PluginsRunner). */
  private cycleFramework: Framework | undefined;
  /** Randomness for plugins (preemption's candidate offset). */
  private readonly pluginRng: SeededRng;
  private readonly waiting = new Map<string, WaitingPod>();
  /**
   * The cycle's log of rejected nodes. Most cycles reject none and leave it empty for the next; one that
   * rejects some attaches it to its trace. Kept, it also keeps its class's V8 shape alive between bursts of
   * cycles, and with it the optimized code that checks for that shape.
   */
  private rejected = new RejectedNodes();
  private nextStartNodeIndex = 0;
  private loopScheduled = false;
  private paused = false;
  private readonly event: ReturnType<EventRecorder['forSource']>;
  readonly handle: Handle;

  constructor(
    private readonly store: Store,
    private readonly clock: SimClock,
    private readonly informers: SharedInformerFactory,
    recorder: EventRecorder,
    private readonly rng: SeededRng,
    private readonly featureGates?: FeatureGates,
  ) {
    this.handle = {
      nodeInfos: () => this.cycleNodes,
      nodeInfo: (name) => this.cache.nodes.get(name),
      imageNodeCount: (image) => this.cache.imageNodeCount(image),
      nominatedPodsForNode: (node) => this.queue.nominator.forNode(node),
      now: () => this.clock.now(),
      waitingPods: () => [...this.waiting.values()],
      pluginsRunner: () => this.cycleFramework!,
      recordEvent: (obj, type, reason, message) => this.event(obj, type, reason, message),
      activate: (pods) => this.queue.activate(pods),
    };
    this.pluginRng = rng.fork('plugins');
    this.frameworks = buildFrameworks(this.config, { handle: this.handle, store, rng: this.pluginRng, featureGates });
    this.queue = new SchedulingQueue(clock, this.anyFramework().queueSort);
    this.queue.onActive = () => this.kick();
    this.queue.worthRequeuing = (info, event, oldObj, newObj) => {
      if (event === FORCE_ACTIVATE) return { queue: true };
      return this.frameworkFor(info.pod)?.queueingHint(info.unschedulablePlugins, info.pod, event, oldObj, newObj) ?? { queue: false };
    };
    this.queue.onMoved = (info, to, why) => {
      const trace = this.traces.forPod(info.key);
      if (trace?.uid !== info.pod.metadata?.uid) return;
      trace!.queue = to;
      trace!.queueReason = `moved by ${why}`;
    };
    this.queue.preEnqueue = (pod) => this.frameworkFor(pod)?.runPreEnqueue(pod);
    this.queue.onGated = (info, status) => this.setUnschedulableCondition(info.pod as P, 'SchedulingGated', status.code === Code.UnschedulableAndUnresolvable && status.plugin === 'SchedulingGates' ? 'Scheduling is blocked due to non-empty scheduling gates' : status.message());
    this.event = recorder.forSource({ component: 'default-scheduler' });
  }

  /** The running KubeSchedulerConfiguration. */
  configuration(): KubeSchedulerConfiguration { return structuredClone(this.config); }

  /** Replace the configuration; a bad one throws a ConfigError and the running one stays. */
  setConfiguration(cfg: KubeSchedulerConfiguration): void {
    const frameworks = buildFrameworks(cfg, { handle: this.handle, store: this.store, rng: this.pluginRng, featureGates: this.featureGates });
    this.config = structuredClone(cfg);
    this.frameworks = frameworks;
    this.queue.resort(this.anyFramework().queueSort);
    // Pods of a profile that now exists, and pods whose verdict may change, get another look.
    for (const p of this.store.list<Pod>('Pod')) if (!p.spec?.nodeName && !p.metadata.deletionTimestamp && this.frameworkFor(p)) this.queue.add(p);
    this.queue.moveAllToActiveOrBackoff(FORCE_ACTIVATE);
  }

  profileNames(): string[] { return [...this.frameworks.keys()]; }

  /** A feature gate changed: the profiles are rebuilt from the defaults it changes (DynamicResources). */
  featureGatesChanged(): void {
    if (this.featureGates?.enabled(DRA_FEATURE)) this.watchDynamicResources();
    this.setConfiguration(this.config);
  }

  private watchingDynamicResources = false;

  /** DynamicResources' cluster events: claims, slices and classes that appear or change may let pods fit. */
  private watchDynamicResources(): void {
    if (this.watchingDynamicResources) return;
    this.watchingDynamicResources = true;
    for (const kind of ['ResourceClaim', 'ResourceSlice', 'DeviceClass']) {
      const inf = this.informers.informerFor(kind);
      const changed = (action: 'Add' | 'Update' | 'Delete', o?: KubeObject, n?: KubeObject) => {
        if (o && n && o.metadata.resourceVersion === n.metadata.resourceVersion) return;
        this.queue.moveAllToActiveOrBackoff({ resource: kind, action, label: `${kind}${action}` }, o, n);
        // A claim that now exists lets a pod waiting for it past PreEnqueue.
        if (kind === 'ResourceClaim') this.queue.retryGated('DynamicResources');
      };
      inf.addEventHandler({ add: (o) => changed('Add', undefined, o), update: (o, n) => changed('Update', o, n), delete: (o) => changed('Delete', o, undefined) });
      inf.run();
    }
  }

  /**
   * The cluster autoscaler's predicate checker (its simulator runs the scheduler's own framework): whether the pod's
   * profile lets it onto node, PreFilter running over nodes (the cache's and the autoscaler's hypothetical ones).
   * A failure carries the Filter's texts ("Insufficient cpu"); a pod no profile schedules gets an Error.
   */
  checkPredicates(pod: Pod, node: NodeInfo, nodes: NodeInfo[]): Status {
    const fwk = this.frameworkFor(pod);
    if (!fwk) return Status.error(`profile not found for scheduler name "${pod.spec?.schedulerName}"`);
    const state = new CycleState();
    const pre = fwk.runPreFilter(state, pod, nodes);
    if (!pre.status.isSuccess()) return pre.status;
    if (pre.nodeNames && !pre.nodeNames.has(node.name)) return Status.unresolvable(`node(s) didn't satisfy plugin(s) [${[...pre.withNodes].sort().join(' ')}]`);
    return fwk.runFilter(state, pod, node);
  }

  private anyFramework(): Framework { return this.frameworks.values().next().value!; }
  private frameworkFor(p: Pod): Framework | undefined { return this.frameworks.get(p.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME); }

  start(): void {
    if (this.featureGates?.enabled(DRA_FEATURE)) this.watchDynamicResources();
    this.informers.informerFor<N>('Node').addEventHandler({
      add: (n) => { this.cache.addOrUpdateNode(n); this.queue.moveAllToActiveOrBackoff(NODE_ADD, undefined, n); },
      update: (o, n) => {
        this.cache.addOrUpdateNode(n);
        for (const e of nodeUpdateEvents(o, n)) this.queue.moveAllToActiveOrBackoff(e, o, n);
      },
      delete: (n) => { this.cache.removeNode(n.metadata.name!); this.queue.moveAllToActiveOrBackoff(NODE_DELETE, n, undefined); },
    });
    // The volume plugins' cluster events (PVC, PV, StorageClass, CSINode add/update) may make pending pods fit.
    for (const kind of ['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass', 'CSINode']) {
      this.informers.informerFor(kind).addEventHandler({
        add: (o) => this.queue.moveAllToActiveOrBackoff({ resource: kind, action: 'Add', label: `${kind}Add` }, undefined, o),
        update: (o, n) => this.queue.moveAllToActiveOrBackoff({ resource: kind, action: 'Update', label: `${kind}Update` }, o, n),
      });
    }
    const isAssigned = (p: Pod) => !!p.spec?.nodeName;
    this.informers.informerFor<P>('Pod').addEventHandler({
      add: (p) => {
        // AssignedPodAdd may satisfy pod affinity or spreading of pending pods.
        if (isAssigned(p)) { if (!isPodTerminal(p)) { this.cache.addOrUpdatePod(p); this.queue.moveAllToActiveOrBackoff(ASSIGNED_POD_ADD, undefined, p); } }
        else if (this.frameworkFor(p) && !p.metadata.deletionTimestamp) this.queue.add(p);
      },
      update: (o, p) => {
        if (isAssigned(p)) {
          if (!isAssigned(o)) this.queue.delete(p);
          if (isPodTerminal(p)) { this.cache.removePod(p); this.queue.moveAllToActiveOrBackoff(ASSIGNED_POD_DELETE, p, undefined); }
          else {
            this.cache.addOrUpdatePod(p);
            if (isAssigned(o)) for (const e of assignedPodUpdateEvents(o, p)) this.queue.moveAllToActiveOrBackoff(e, o, p);
          }
        } else if (this.frameworkFor(p)) {
          if (p.metadata.deletionTimestamp) this.queue.delete(p);
          else {
            this.queue.updateNomination(o, p);
            if (specChanged(o, p)) this.queue.update(p);
          }
        }
      },
      delete: (p) => {
        if (isAssigned(p)) { this.cache.removePod(p); this.queue.moveAllToActiveOrBackoff(ASSIGNED_POD_DELETE, p, undefined); }
        else this.queue.delete(p);
        this.waiting.get(p.metadata.uid!)?.reject('', 'pod deleted');
      },
    });
  }

  /** The kube-scheduler process is stopped (or cannot reach the API server): no pod is popped until resume. */
  pause(): void { this.paused = true; }
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.kick();
  }

  private kick(): void {
    if (this.loopScheduled || this.paused) return;
    this.loopScheduled = true;
    this.clock.defer(this.loop);
  }

  /** One turn of scheduleOne's loop: a field, so that a cycle makes no closure to defer it. */
  private readonly loop = (): void => {
    this.loopScheduled = false;
    if (this.paused) return;
    const info = this.queue.pop();
    if (info) this.scheduleOne(info);
    if (this.queue.lengths().active > 0) this.kick();
  };

  /** One scheduling cycle for one pod. */
  scheduleOne(info: QueuedPodInfo): void {
    const uid = info.pod.metadata!.uid!;
    // Always schedule the latest version of the pod; it may be gone or bound already.
    const pod = this.store.tryGetByKey<Pod>('Pod', info.key) as P | undefined;
    const fwk = pod && this.frameworkFor(pod);
    if (!pod || !fwk || pod.metadata.uid !== uid || pod.spec?.nodeName || pod.metadata.deletionTimestamp) {
      this.queue.done(uid);
      return;
    }
    info.pod = pod;
    const key = info.key;
    const cycle = this.queue.cycle;
    const state = new CycleState();
    const nodes = this.cache.nodeList();
    this.cycleNodes = nodes;
    this.cycleFramework = fwk;
    const trace: SchedulingTrace = {
      pod: key, uid, attempt: info.attempts, time: this.clock.now(), profile: fwk.profileName,
      result: 'Unschedulable', message: '', nodesTotal: nodes.length, nodesEvaluated: 0, feasible: 0, rejected: [],
    };
    const rejected = this.rejected;

    const pre = fwk.runPreFilter(state, pod, nodes);
    if (!pre.status.isSuccess()) {
      if (pre.status.code === Code.Error) return this.fail(info, pod, cycle, trace, pre.status.message(), 'Error');
      // A PreFilter rejection counts against every node.
      trace.preFilter = { plugin: pre.status.plugin, reasons: pre.status.reasons };
      for (const n of nodes) rejected.push(n, pre.status);
      this.attachRejected(trace);
      return this.failUnschedulable(fwk, state, info, pod, cycle, trace, nodes.length);
    }
    const candidates = pre.nodeNames ? this.cache.inOrder(pre.nodeNames) : nodes;
    // The nodes a PreFilterResult leaves out share one status (NodeToStatus's AbsentNodesStatus), not one each.
    if (candidates.length < nodes.length) {
      const plugins = [...pre.withNodes].sort();
      trace.preFilterExcluded = { nodes: nodes.length - candidates.length, reasons: [`node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`], plugins };
    }

    const feasible = this.evaluateNominatedNode(fwk, state, pod, candidates, trace) ?? this.findNodesThatFit(fwk, state, pod, candidates, trace, rejected, nodes.length);
    trace.feasible = feasible.length;
    if (!feasible.length) return this.failUnschedulable(fwk, state, info, pod, cycle, trace, nodes.length);

    let chosen = feasible[0].name;
    if (feasible.length > 1) {
      const rows = { columns: this.cache.columns(), positions: this.feasiblePositions, list: nodes, first: this.feasibleFirst };
      const ps = fwk.runPreScore(state, pod, feasible, rows);
      if (!ps.isSuccess()) return this.fail(info, pod, cycle, trace, ps.message(), 'Error');
      if (this.totals.length < feasible.length) this.totals = new Float64Array(feasible.length);
      trace.scoreTable = fwk.runScore(state, pod, feasible, nodes, this.totals, rows);
      chosen = this.selectHost(feasible, this.totals);
    }
    trace.node = chosen;
    state.hostSelected();

    // Reserve: the pod counts on the node from now on, before the binding is confirmed; its nomination is spent.
    this.cache.assume(pod, chosen, state.podInfo);
    this.queue.nominator.delete(pod);
    const reserved = fwk.runReserve(state, pod, chosen);
    if (!reserved.isSuccess()) {
      this.cache.forget(pod);
      return this.fail(info, pod, cycle, trace, reserved.message(), reserved.code === Code.Error ? 'Error' : 'Unschedulable', reserved.plugin);
    }
    const permit = fwk.runPermit(state, pod, chosen);
    if (!permit.status.isSuccess() && permit.status.code !== Code.Wait) {
      this.unreserve(fwk, state, pod, chosen);
      return this.fail(info, pod, cycle, trace, permit.status.message(), 'Unschedulable', permit.status.plugin);
    }
    trace.result = 'Scheduled';
    trace.message = `Successfully assigned ${key} to ${chosen}`;
    this.queue.done(uid);
    if (permit.status.code === Code.Wait) {
      trace.permit = { waitingOn: permit.status.plugin, timeoutMs: permit.timeoutMs! };
      this.traces.add(trace);
      return this.waitOnPermit(fwk, state, info, pod, chosen, permit.status.plugin, permit.timeoutMs!, cycle, trace);
    }
    this.traces.add(trace);
    // The binding holds the attempt's number, not its trace: the buffer keeps the traces it shows.
    const attempt = trace.attempt;
    this.clock.after(BIND_LATENCY_MS, () => this.bindingCycle(fwk, state, info, pod, chosen, cycle, attempt));
  }

  /**
   * evaluateNominatedNode: a pod nominated by an earlier preemption tries that node first; if it fits there, it is
   * the only feasible node (no scoring). Otherwise the normal search runs and records the node's verdict.
   */
  private evaluateNominatedNode(fwk: Framework, state: CycleState, pod: P, candidates: NodeInfo[], trace: SchedulingTrace): NodeInfo[] | undefined {
    const name = pod.status?.nominatedNodeName;
    if (!name) return undefined;
    const node = this.cache.nodes.get(name);
    if (!node || !candidates.includes(node)) return undefined;
    if (!fwk.runFilterWithNominatedPods(state, pod, node).isSuccess()) return undefined;
    trace.nodesEvaluated = 1;
    return [node];
  }

  /** findNodesThatFit: round-robin from where the last cycle stopped, up to numFeasibleNodesToFind. */
  private findNodesThatFit(fwk: Framework, state: CycleState, pod: Pod, nodes: NodeInfo[], trace: SchedulingTrace, rejected: RejectedNodes, allNodes: number): NodeInfo[] {
    const want = numFeasibleNodesToFind(fwk.percentageOfNodesToScore, allNodes);
    // Sized to the most that can be found, trimmed to what was found (setting a length is a runtime call: only
    // when it differs, as it mostly does not from cycle to cycle).
    const out = this.feasible;
    const most = Math.min(want, nodes.length);
    if (out.length !== most) out.length = most;
    if (this.feasiblePositions.length < out.length) this.feasiblePositions = new Int32Array(out.length);
    const positions = this.feasiblePositions;
    let found = 0;
    let evaluated = 0;
    const start = nodes.length ? this.nextStartNodeIndex % nodes.length : 0;
    const withNominated = this.queue.nominator.size > 0;
    // Over the whole node list (no PreFilterResult), positions are indices: the columns answer for most nodes
    // what the plugins that read them would say.
    const columns = nodes === this.cycleNodes && !withNominated && fwk.filtersByColumns(state) ? this.cache.columns() : undefined;
    // When every Filter plugin of the cycle reads columns, a node they vouch for passes without a call.
    const direct = columns !== undefined && state.otherFilters.length === 0;
    const fits = this.fits;
    // The list is walked in runs of rows that do not wrap (a modulo per node costs a division), each at most as
    // long as the columns' verdicts.
    let at = start;
    while (evaluated < nodes.length && found < want) {
      const from = at;
      const to = Math.min(nodes.length, from + fits.length, from + nodes.length - evaluated);
      // A run whose rows the columns all vouch for is taken as it stands when no other filter has to look.
      if (columns !== undefined && fwk.fitsByColumns(state, pod, columns, from, to, fits) && direct) {
        const end = Math.min(to, from + want - found);
        for (at = from; at < end; at++) {
          positions[found] = at;
          out[found++] = nodes[at];
        }
      } else {
        for (at = from; at < to && found < want; at++) {
          if (direct && fits[at - from] === 1) {
            positions[found] = at;
            out[found++] = nodes[at];
            continue;
          }
          const node = nodes[at];
          const vouched = columns !== undefined && fits[at - from] === 1;
          const s = vouched ? fwk.runFilterVouched(state, pod, node) : withNominated ? fwk.runFilterWithNominatedPods(state, pod, node) : fwk.runFilter(state, pod, node);
          if (s.isSuccess()) {
            // A candidate's index is its list position only over the whole list.
            positions[found] = columns ? at : node.position;
            out[found++] = node;
          } else rejected.push(node, s);
        }
      }
      evaluated += at - from;
      if (at === nodes.length) at = 0;
    }
    if (out.length !== found) out.length = found;
    // Over the whole list, an attempt that rejected none of the nodes it walked found a run of consecutive rows.
    this.feasibleFirst = columns && found === evaluated ? start : undefined;
    // An attempt without rejections keeps the plain empty list (most attempts at a large cluster).
    if (rejected.length) this.attachRejected(trace);
    trace.nodesEvaluated = evaluated;
    this.nextStartNodeIndex = nodes.length ? (start + evaluated) % nodes.length : 0;
    return out;
  }

  /** trace.rejected from the cycle's log, which the trace keeps: later cycles log into a new one. */
  private attachRejected(trace: SchedulingTrace): void {
    attachRejected(trace, this.rejected);
    this.rejected = new RejectedNodes();
  }

  /** selectHost: the highest of the nodes' totals; ties broken by reservoir sampling with the seeded RNG. */
  private selectHost(nodes: NodeInfo[], totals: Float64Array): string {
    return nodes[this.rng.indexOfMax(totals, 0, nodes.length)].name;
  }

  /** PostFilter (preemption) after every node was rejected; its message joins the FailedScheduling text. */
  private failUnschedulable(fwk: Framework, state: CycleState, info: QueuedPodInfo, pod: P, cycle: number, trace: SchedulingTrace, allNodes: number): void {
    let message = fitErrorMessage(allNodes, trace.rejected, trace.preFilter?.reasons.join(', '), trace.preFilterExcluded?.reasons);
    // Without nodes the cycle ends before PostFilter (ErrNoNodesAvailable).
    if (fwk.points.postFilter.length && allNodes > 0) {
      const statuses = new Map<string, Status>(trace.rejected.map((r) => [r.node, new Status(r.code as Code, r.reasons, r.plugin)]));
      const post = fwk.runPostFilter(state, pod, statuses);
      trace.postFilter = { plugin: post.status.plugin, message: post.status.message(), nominatedNode: post.result?.nominatedNodeName, victims: post.result?.victims };
      // The PostFilter message (DefaultPreemption's starts with "preemption: ") follows the fit error.
      if (post.status.message()) message += ` ${post.status.message()}`;
      if (post.result?.nominatedNodeName !== undefined) {
        this.queue.nominator.add(pod, post.result.nominatedNodeName);
        this.nominate(pod, post.result.nominatedNodeName);
      }
    }
    this.fail(info, pod, cycle, trace, message, 'Unschedulable');
  }

  /** Set status.nominatedNodeName; "" clears it (preemption found no node). */
  private nominate(pod: P, node: string): void {
    const live = this.store.tryGet<Pod>('Pod', pod.metadata.namespace, pod.metadata.name!);
    if (!live || (live.status?.nominatedNodeName ?? '') === node) return;
    const { nominatedNodeName: _, ...status } = live.status ?? {};
    this.store.update({ ...live, status: node ? { ...status, nominatedNodeName: node } : status } as P, { subresource: 'status' });
  }

  private waitOnPermit(fwk: Framework, state: CycleState, info: QueuedPodInfo, pod: P, node: string, plugin: string, timeoutMs: number, cycle: number, trace: SchedulingTrace): void {
    const uid = pod.metadata.uid!;
    let done = false;
    const finish = (ok: boolean, message: string) => {
      if (done) return;
      done = true;
      this.clock.cancel(timer);
      this.waiting.delete(uid);
      if (ok) this.clock.after(BIND_LATENCY_MS, () => this.bindingCycle(fwk, state, info, pod, node, cycle, trace.attempt));
      else {
        this.unreserve(fwk, state, pod, node);
        this.fail(info, pod, cycle, trace, message, 'Unschedulable', plugin);
      }
    };
    // As the waiting pod's status channel: the first rejection wins and the pod's own goroutine handles it
    // afterwards, so that one rejection's Unreserve cannot overwrite the reason given to a sibling.
    let rejection: string | undefined;
    const reject = (msg: string) => {
      if (done || rejection !== undefined) return;
      rejection = msg;
      this.clock.defer(() => finish(false, msg));
    };
    const waitingPod: WaitingPod = {
      pod, nodeName: node, pending: new Set([plugin]),
      allow: (p) => { waitingPod.pending.delete(p); if (!waitingPod.pending.size && rejection === undefined) finish(true, ''); },
      reject: (_plugin, msg) => reject(msg),
    };
    this.waiting.set(uid, waitingPod);
    const timer = this.clock.after(timeoutMs, () => reject(`rejected due to timeout after waiting ${goDuration(timeoutMs)} at plugin ${plugin}`));
  }

  /**
   * The binding cycle: PreBind, Bind, PostBind; a failure unreserves, marks the attempt's trace (while the buffer
   * shows it) and sends the pod back to the queue.
   */
  private bindingCycle(fwk: Framework, state: CycleState, info: QueuedPodInfo, pod: P, node: string, cycle: number, attempt: number): void {
    const key = info.key;
    const pre = fwk.runPreBind(state, pod, node);
    const bound = pre.isSuccess() ? fwk.runBind(state, pod, node) : pre;
    if (bound.isSuccess()) {
      this.event(pod, 'Normal', 'Scheduled', `Successfully assigned ${key} to ${node}`);
      fwk.runPostBind(state, pod, node);
      return;
    }
    this.unreserve(fwk, state, pod, node);
    if (!this.store.tryGetByKey('Pod', key)) return;
    const trace = this.traces.forPod(key);
    if (trace && trace.uid === pod.metadata.uid && trace.attempt === attempt) trace.result = 'Error';
    this.event(pod, 'Warning', 'FailedScheduling', `Binding rejected: ${bound.message()}`);
    info.unschedulablePlugins = NO_PLUGINS;
    this.queue.addUnschedulable(info, cycle);
    // The assumed pod is forgotten: its room is free again, as if an assigned pod went.
    this.queue.moveAllToActiveOrBackoff(ASSIGNED_POD_DELETE, pod, undefined);
  }

  private unreserve(fwk: Framework, state: CycleState, pod: P, node: string): void {
    fwk.runUnreserve(state, pod, node);
    this.cache.forget(pod);
  }

  /** A failed attempt: the plugins that rejected the pod decide which cluster events bring it back (queueing hints). */
  private fail(info: QueuedPodInfo, pod: P, cycle: number, trace: SchedulingTrace, message: string, result: 'Unschedulable' | 'Error', rejector?: string): void {
    trace.result = result;
    trace.message = message;
    trace.node = undefined;
    this.event(pod, 'Warning', 'FailedScheduling', message);
    info.unschedulablePlugins = result === 'Error' ? NO_PLUGINS : rejectorsOf(trace, rejector);
    trace.queueReason = this.queue.addUnschedulable(info, cycle);
    trace.queue = this.queue.whereIs(pod.metadata.uid!);
    this.traces.add(trace);
    this.setUnschedulableCondition(pod, 'Unschedulable', message);
  }

  /** The PodScheduled=False condition tells users (and kubectl describe) why the pod waits. */
  private setUnschedulableCondition(pod: P, reason: string, message: string): void {
    const live = this.store.tryGet<Pod>('Pod', pod.metadata!.namespace, pod.metadata!.name!);
    if (!live || live.spec?.nodeName) return;
    const old = live.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (old && old.status === 'False' && old.reason === reason && old.message === message) return;
    const cond: PodCondition = { type: 'PodScheduled', status: 'False', reason, message, lastProbeTime: null as unknown as string, lastTransitionTime: old?.status === 'False' ? old.lastTransitionTime : this.clock.nowRFC3339() };
    const conditions = [...(live.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled'), cond];
    try {
      this.store.update({ ...live, status: { ...live.status, conditions } } as P, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e)) throw e;
    }
  }
}

/** The plugins that rejected the pod in this attempt, with those whose PreFilterResult left nodes out. */
function rejectorsOf(trace: SchedulingTrace, rejector: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const r of trace.rejected) if (r.plugin) out.add(r.plugin);
  if (trace.preFilter?.plugin) out.add(trace.preFilter.plugin);
  for (const p of trace.preFilterExcluded?.plugins ?? []) out.add(p);
  if (rejector) out.add(rejector);
  return out;
}

function specChanged(a: Pod, b: Pod): boolean {
  return JSON.stringify(a.spec) !== JSON.stringify(b.spec) || JSON.stringify(a.metadata?.labels) !== JSON.stringify(b.metadata?.labels) || claimStatusesChanged(a, b);
}

/** The resourceclaim controller recorded a generated claim: DynamicResources' PreEnqueue may pass now. */
function claimStatusesChanged(a: Pod, b: Pod): boolean {
  const of = (p: Pod) => (p.status as { resourceClaimStatuses?: unknown } | undefined)?.resourceClaimStatuses;
  return of(a) !== of(b) && JSON.stringify(of(a)) !== JSON.stringify(of(b));
}

/** FitError.Error(): "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint {…}." */
export function fitErrorMessage(numAllNodes: number, rejected: FilterVerdict[], preFilterMsg?: string, absentReasons?: string[]): string {
  if (numAllNodes === 0) return 'no nodes available to schedule pods';
  return fitError(numAllNodes, { nodeReasons: rejected.map((r) => r.reasons), preFilterMsg, absentReasons });
}
