// The cluster autoscaler (cluster-autoscaler 1.32's StaticAutoscaler.RunOnce, every --scan-interval): pending pods
// that no node takes make a node group grow; nodes that stay underutilized for --scale-down-unneeded-time, and
// whose pods fit elsewhere, are tainted, drained through the Eviction API and given back to the cloud. It records
// upstream's Events (TriggeredScaleUp, NotTriggerScaleUp, ScaledUpGroup, ScaleDown, ScaleDownEmpty) and keeps the
// kube-system/cluster-autoscaler-status ConfigMap. It runs while the cloud has node groups.
// SIMULATION: it runs beside the control plane (no cluster-autoscaler Deployment or leader election), one drain at
// a time (--max-drain-parallelism 1) and without scale-up backoff, as machines never fail to start.
import type { ConfigMap, Node, Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../api/object.ts';
import { isPodTerminal } from '../api/pod.ts';
import type { Store } from '../apiserver/store.ts';
import { isStatusError } from '../apiserver/errors.ts';
import type { EventRecorder } from '../client/events.ts';
import type { SimClock } from '../sim/clock.ts';
import type { SeededRng } from '../sim/rng.ts';
import type { NodeInfo } from '../scheduler/framework/nodeinfo.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { isNodeReady } from '../controllers/nodeutil.ts';
import { CloudProvider, type CloudState, type Machines, type NodeGroupSpec } from './cloudprovider.ts';
import { DEFAULT_OPTIONS, type AutoscalingOptions } from './options.ts';
import { renamedNode, SimulatedCluster, type PredicateChecker } from './simulator.ts';
import { scaleUp, type GroupView, type ScaleUpOption, type ScaleUpResult } from './scaleup.ts';
import { chooseOption, parsePriorities, PRIORITY_CONFIGMAP, type Priorities } from './expander.ts';
import { formatUtilization, hasDeletionTaint, planScaleDown, stayOnDrain, TO_BE_DELETED_TAINT, type Candidate, type Verdict } from './scaledown.ts';
import { STATUS_CONFIGMAP, StatusWriter } from './status.ts';

/** What a snapshot keeps of the autoscaler. */
export interface AutoscalerState {
  options: AutoscalingOptions;
  cloud: CloudState;
  /** Node → when it became unneeded (ms). */
  unneededSince: Record<string, number>;
  lastScaleUpMs?: number;
}

/** --node-delete-delay-after-taint: the drain starts this long after the taint. */
const DELETE_DELAY_AFTER_TAINT_MS = 5_000;
/** MaxPodEvictionTime: how long evictions are retried (a PodDisruptionBudget refusing) before the drain gives up. */
const MAX_POD_EVICTION_MS = 2 * 60_000;
const EVICTION_RETRY_MS = 10_000;
/** PodEvictionHeadroom: the time past the grace period a drain waits for its evicted pods. */
const POD_EVICTION_HEADROOM_MS = 30_000;
/** --max-node-provision-time: a machine not Ready this long after it was asked for no longer counts as coming. */
const MAX_NODE_PROVISION_MS = 15 * 60_000;

export class ClusterAutoscaler {
  readonly cloud: CloudProvider;
  options: AutoscalingOptions = { ...DEFAULT_OPTIONS };
  private unneededSince = new Map<string, number>();
  private lastScaleUpMs: number | undefined;
  /** The last loop's verdicts per node (sim autoscaler status). */
  private verdicts = new Map<string, Verdict>();
  private readonly draining = new Set<string>();
  private stopLoop: (() => void) | undefined;
  private readonly status: StatusWriter;
  private readonly event: ReturnType<EventRecorder['forSource']>;
  /** The scheduler's own PreFilter and Filter, on the simulated clusters. */
  private readonly check: PredicateChecker = (p, n, all) => this.scheduler.checkPredicates(p, n, all);

  constructor(private readonly store: Store, private readonly clock: SimClock, recorder: EventRecorder, private readonly scheduler: Scheduler, machines: Machines, private readonly rng: SeededRng) {
    this.cloud = new CloudProvider(machines, rng.fork('instances'), (ms, fn) => clock.after(ms, fn), () => clock.now());
    this.event = recorder.forSource({ component: 'cluster-autoscaler' });
    this.status = new StatusWriter(store, clock, this.cloud);
  }

  /** Starts (or restarts, after a change of --scan-interval) the loop while there are node groups. */
  ensureRunning(): void {
    this.stopLoop?.();
    this.stopLoop = undefined;
    if (!this.cloud.nodeGroups().length) return;
    this.stopLoop = this.clock.every(this.options.scanIntervalMs, () => this.runOnce());
    // As at the autoscaler's start (NewStatusMapRecorder): the ConfigMap its Events are about exists before the first loop.
    if (!this.statusConfigMap() && this.store.available) this.writeStatus(new Map());
  }

  /** sim nodegroup add: the group, and its first `size` machines at once (at least its minimum). */
  addNodeGroup(spec: NodeGroupSpec, size: number): string[] {
    this.cloud.addGroup(spec);
    const names = this.cloud.addNow(spec.name, size);
    this.ensureRunning();
    return names;
  }

  /** sim nodegroup delete: the group and its machines. */
  deleteNodeGroup(name: string): string[] {
    const gone = this.cloud.deleteGroup(name, this.store.list<Node>('Node'));
    for (const n of gone) this.unneededSince.delete(n);
    this.ensureRunning();
    return gone;
  }

  setOptions(options: AutoscalingOptions): void {
    this.options = options;
    this.ensureRunning();
  }

  state(): AutoscalerState {
    return { options: this.options, cloud: this.cloud.state(), unneededSince: Object.fromEntries(this.unneededSince), ...(this.lastScaleUpMs !== undefined ? { lastScaleUpMs: this.lastScaleUpMs } : {}) };
  }

  restore(s: AutoscalerState): void {
    this.options = { ...DEFAULT_OPTIONS, ...s.options };
    this.cloud.restore(s.cloud);
    this.unneededSince = new Map(Object.entries(s.unneededSince));
    this.lastScaleUpMs = s.lastScaleUpMs;
    // A drain under way goes on: its node still has the taint.
    for (const n of this.store.list<Node>('Node')) if (hasDeletionTaint(n) && this.cloud.groupOf(n)) this.drain(n.metadata!.name!, true);
    this.ensureRunning();
  }

  /** The cluster's Node objects. */
  nodes(): Node[] { return this.store.list<Node>('Node'); }

  /** The last loop's view of each node of a group: utilization and why it may or may not go. */
  nodeVerdicts(): ReadonlyMap<string, Verdict> { return this.verdicts; }
  unneededFor(node: string): number | undefined { const t = this.unneededSince.get(node); return t === undefined ? undefined : this.clock.now() - t; }
  isDraining(node: string): boolean { return this.draining.has(node); }

  /** One pass of the loop (RunOnce). */
  runOnce(): void {
    if (!this.store.available) return;
    const now = this.clock.now();
    const nodes = this.store.list<Node>('Node');
    const infos = this.scheduler.cache.nodeList();
    const upcoming = this.upcomingNodes(nodes, now);
    const pending = this.unschedulablePods();
    // The cluster as the scheduler sees it plus the machines on their way, so pods they will take wait for them.
    const cluster = new SimulatedCluster(infos.filter((i) => !upcoming.registered.has(i.name)), this.check);
    upcoming.templates.forEach((t, i) => { const info = cluster.addNode(renamedNode(t, `upcoming-${i}`)); for (const ds of this.daemonSetPodsFor(t)) cluster.place(ds, info.name); });
    const stillPending = pending.filter((p) => cluster.placeAnywhere(p) === undefined);
    const result = scaleUp({
      pending: stillPending, groups: this.groupViews(nodes), nodes: cluster.nodes(), check: this.check,
      nodesTotal: nodes.length + upcoming.booting, maxNodesTotal: this.options.maxNodesTotal, choose: (options) => this.choose(options),
    });
    this.reportScaleUp(result);
    if (result.kind === 'Successful') {
      const { group, current, next } = result.info!;
      this.cloud.increaseSize(group, next - current);
      this.lastScaleUpMs = now;
    }
    const candidates = this.scaleDownPass(nodes, infos, upcoming.registered, now);
    this.writeStatus(candidates);
  }

  /** Machines asked for and not Ready yet: those still booting, and registered ones within the provision time. */
  private upcomingNodes(nodes: readonly Node[], now: number): { templates: Node[]; registered: Set<string>; booting: number } {
    const templates: Node[] = [];
    const registered = new Set<string>();
    let booting = 0;
    for (const g of this.cloud.nodeGroups()) {
      const n = this.cloud.upcomingOf(g.name).length;
      booting += n;
      for (let i = 0; i < n; i++) templates.push(this.cloud.templateNode(g.name, this.clock.nowRFC3339()));
    }
    for (const n of nodes) {
      const group = this.cloud.groupOf(n);
      const created = Date.parse(n.metadata?.creationTimestamp ?? '');
      if (!group || isNodeReady(n) || now - created > MAX_NODE_PROVISION_MS) continue;
      registered.add(n.metadata!.name!);
      templates.push(this.cloud.templateNode(group, this.clock.nowRFC3339()));
    }
    return { templates, registered, booting };
  }

  /** Pods the scheduler gave up on (PodScheduled False, reason Unschedulable), by the default order of creation. */
  private unschedulablePods(): Pod[] {
    return this.store.list<Pod>('Pod').filter((p) => !p.spec?.nodeName && !p.metadata?.deletionTimestamp && !isPodTerminal(p)
      && p.status?.conditions?.some((c) => c.type === 'PodScheduled' && c.status === 'False' && c.reason === 'Unschedulable'));
  }

  private groupViews(nodes: readonly Node[]): GroupView[] {
    return this.cloud.nodeGroups().map((g) => {
      const template = this.cloud.templateNode(g.name, this.clock.nowRFC3339());
      return { name: g.name, maxSize: g.maxSize, target: this.cloud.targetSize(g.name, nodes), template, daemonSetPods: this.daemonSetPodsFor(template) };
    });
  }

  /** The pods the DaemonSets would run on a node like this one (those whose pod passes the scheduler's Filter). */
  private daemonSetPodsFor(template: Node): Pod[] {
    const probe = new SimulatedCluster([], this.check);
    const info = probe.addNode(template);
    return this.store.list<DaemonSet>('DaemonSet').map((ds): Pod => ({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `${ds.metadata!.name}-template`, namespace: ds.metadata!.namespace, uid: `template/${ds.metadata!.uid}`, labels: ds.spec?.template.metadata?.labels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata!.name!, uid: ds.metadata!.uid!, controller: true }] },
      // The DaemonSet controller's tolerations for a node not ready yet are left out: the template is Ready.
      spec: ds.spec!.template.spec!,
    })).filter((p) => probe.fits(p, info.name).isSuccess());
  }

  private reportScaleUp(r: ScaleUpResult): void {
    if (r.kind === 'NotNeeded') return;
    const cm = this.statusConfigMap();
    if (r.kind === 'Successful') {
      const { group, current, next, max } = r.info!;
      if (cm) {
        this.event(cm, 'Normal', 'ScaledUpGroup', `Scale-up: setting group ${group} size to ${next} instead of ${current} (max: ${max})`);
        this.event(cm, 'Normal', 'ScaledUpGroup', `Scale-up: group ${group} size set to ${next} instead of ${current} (max: ${max})`);
      }
      for (const p of r.triggered) this.event(p as KubeObject, 'Normal', 'TriggeredScaleUp', `pod triggered scale-up: [{${group} ${current}->${next} (max: ${max})}]`);
      return;
    }
    for (const { pod, reasons } of r.remain) this.event(pod as KubeObject, 'Normal', 'NotTriggerScaleUp', `pod didn't trigger scale-up: ${reasonsMessage(r, reasons)}`);
  }

  /** The expander; the priority expander reads its ConfigMap each time, and records its warnings on it. */
  private choose(options: ScaleUpOption[]): ScaleUpOption | undefined {
    if (this.options.expander !== 'priority') return chooseOption(options, this.options.expander, this.rng);
    const cm = this.store.tryGet<ConfigMap & KubeObject>('ConfigMap', 'kube-system', PRIORITY_CONFIGMAP);
    // Without the ConfigMap nothing is chosen (upstream only logs it).
    if (!cm) return undefined;
    const warn = (reason: string, message: string) => this.event(cm, 'Warning', reason, message);
    const text = cm.data?.priorities;
    if (text === undefined) { warn('PriorityConfigMapInvalid', "Wrong configmap for priority expander, doesn't contain priorities key. Ignoring update."); return undefined; }
    let priorities: Priorities;
    try {
      priorities = parsePriorities(text);
    } catch (e) {
      warn('PriorityConfigMapInvalid', `Wrong configuration for priority expander: ${(e as Error).message}. Ignoring update.`);
      return undefined;
    }
    return chooseOption(options, 'priority', this.rng, priorities, warn);
  }

  /** Unneeded nodes are tracked; those unneeded long enough (and not in the cooldown after a scale-up) go. */
  /** Returns the unneeded nodes per node group. */
  private scaleDownPass(nodes: readonly Node[], infos: readonly NodeInfo[], upcoming: ReadonlySet<string>, now: number): Map<string, number> {
    const byName = new Map(infos.map((i) => [i.name, i]));
    const candidates: Candidate[] = [];
    const room = new Map<string, number>();
    const drainingIn = (group: string) => nodes.filter((n) => this.draining.has(n.metadata!.name!) && this.cloud.groupOf(n) === group).length;
    for (const g of this.cloud.nodeGroups()) room.set(g.name, this.cloud.targetSize(g.name, nodes) - drainingIn(g.name) - g.minSize);
    for (const n of nodes) {
      const group = this.cloud.groupOf(n);
      const info = byName.get(n.metadata!.name!);
      if (!group || !info || upcoming.has(info.name) || hasDeletionTaint(n)) continue;
      candidates.push({ node: n, info, group, ready: isNodeReady(n) });
    }
    // The nodes that stay: every Ready node not on its way out.
    const staying = new SimulatedCluster(infos.filter((i) => { const n = i.node; return isNodeReady(n) && !hasDeletionTaint(n); }), this.check);
    this.verdicts = planScaleDown(candidates, staying, this.store.list<PodDisruptionBudget>('PodDisruptionBudget'), this.options, room);
    for (const [name, v] of this.verdicts) {
      if (v.removable) { if (!this.unneededSince.has(name)) this.unneededSince.set(name, now); } else this.unneededSince.delete(name);
    }
    for (const name of [...this.unneededSince.keys()]) if (!this.verdicts.has(name)) this.unneededSince.delete(name);
    const unneeded = new Map<string, number>();
    for (const c of candidates) if (this.verdicts.get(c.node.metadata!.name!)?.removable) unneeded.set(c.group, (unneeded.get(c.group) ?? 0) + 1);
    if (!this.options.scaleDownEnabled || this.draining.size) return unneeded;
    if (this.lastScaleUpMs !== undefined && now - this.lastScaleUpMs < this.options.scaleDownDelayAfterAddMs) return unneeded;
    const ripe = [...this.unneededSince].filter(([, since]) => now - since >= this.options.scaleDownUnneededTimeMs).map(([name]) => name).sort();
    const cm = this.statusConfigMap();
    const empty = ripe.filter((n) => { const v = this.verdicts.get(n); return v?.removable && !v.pods.length; });
    if (empty.length) {
      for (const name of empty) if (cm) this.event(cm, 'Normal', 'ScaleDownEmpty', `Scale-down: removing empty node "${name}"`);
      for (const name of empty) this.drain(name, false);
      return unneeded;
    }
    const first = ripe[0];
    const v = first === undefined ? undefined : this.verdicts.get(first);
    if (v?.removable) {
      if (cm) this.event(cm, 'Normal', 'ScaleDown', `Scale-down: removing node ${first}, utilization: ${formatUtilization(v.util)}, pods to reschedule: ${v.pods.map((p) => p.metadata!.name).join(',')}`);
      this.drain(first!, false);
    }
    return unneeded;
  }

  /** Taint, wait, evict the pods (retrying while budgets refuse), wait for them to go, then delete the machine. */
  private drain(name: string, tainted: boolean): void {
    this.draining.add(name);
    this.unneededSince.delete(name);
    const node = this.store.tryGet<Node>('Node', undefined, name);
    if (!node) { this.draining.delete(name); return; }
    if (!tainted) {
      const taint = { key: TO_BE_DELETED_TAINT, value: String(Math.floor(this.clock.now() / 1000)), effect: 'NoSchedule' };
      this.store.update({ ...node, spec: { ...node.spec, taints: [...(node.spec?.taints ?? []), taint] } } as KubeObject);
      this.event(this.store.get<Node>('Node', undefined, name) as KubeObject, 'Normal', 'ScaleDown', 'marked the node as toBeDeleted/unschedulable');
    }
    const started = this.clock.now();
    const evicted = new Set<string>();
    const step = () => {
      if (!this.store.tryGet('Node', undefined, name)) { this.draining.delete(name); return; }
      const pods = this.podsOn(name);
      let refused = false;
      for (const p of pods) {
        const key = `${p.metadata!.namespace}/${p.metadata!.name}`;
        if (evicted.has(key) || p.metadata?.deletionTimestamp) continue;
        try {
          const grace = Math.min(p.spec?.terminationGracePeriodSeconds ?? 30, this.options.maxGracefulTerminationSec);
          if (!evicted.has(`event:${key}`)) { this.event(p as KubeObject, 'Normal', 'ScaleDown', 'deleting pod for node scale down'); evicted.add(`event:${key}`); }
          this.store.evict(p.metadata!.namespace!, p.metadata!.name!, { gracePeriodSeconds: grace });
          evicted.add(key);
        } catch (e) {
          if (!isStatusError(e)) throw e;
          refused = true;
        }
      }
      if (refused && this.clock.now() - started >= MAX_POD_EVICTION_MS) return this.abortDrain(name);
      if (this.podsOn(name).length) {
        // Evicted pods get --max-graceful-termination-sec plus PodEvictionHeadroom to go; then the drain fails.
        if (!refused && this.clock.now() - started >= this.options.maxGracefulTerminationSec * 1000 + POD_EVICTION_HEADROOM_MS) return this.abortDrain(name);
        this.clock.after(refused ? EVICTION_RETRY_MS : 5_000, step);
        return;
      }
      this.cloud.deleteNode(name);
      if (this.store.tryGet('Node', undefined, name)) this.store.delete('Node', undefined, name);
      this.draining.delete(name);
    };
    this.clock.after(DELETE_DELAY_AFTER_TAINT_MS, step);
  }

  private abortDrain(name: string): void {
    this.draining.delete(name);
    const node = this.store.tryGet<Node>('Node', undefined, name);
    if (!node) return;
    this.store.update({ ...node, spec: { ...node.spec, taints: (node.spec?.taints ?? []).filter((t) => t.key !== TO_BE_DELETED_TAINT) } } as KubeObject);
    this.event(this.store.get<Node>('Node', undefined, name) as KubeObject, 'Warning', 'ScaleDownFailed', 'failed to drain the node, aborting ScaleDown');
  }

  /** The pods a drain waits for: not DaemonSets' or mirror pods, not finished. */
  private podsOn(node: string): Pod[] {
    return this.store.list<Pod>('Pod').filter((p) => p.spec?.nodeName === node && !isPodTerminal(p) && !stayOnDrain(p));
  }

  private writeStatus(candidates: ReadonlyMap<string, number>): void {
    const nodes = this.store.list<Node>('Node');
    const booting = this.cloud.nodeGroups().reduce((n, g) => n + this.cloud.upcomingOf(g.name).length, 0);
    const notReady = nodes.some((n) => this.cloud.groupOf(n) && !isNodeReady(n));
    this.status.write({ nodes, upcoming: booting, scaleUpInProgress: booting > 0 || notReady, candidates });
  }

  /** The status ConfigMap, which the autoscaler's own Events are about (LogEventRecorder). */
  private statusConfigMap(): KubeObject | undefined {
    return this.store.tryGet<ConfigMap & KubeObject>('ConfigMap', 'kube-system', STATUS_CONFIGMAP);
  }
}

/** ReasonsMessage: each reason counted over the node groups that gave it, as "N reason", joined by ", " (sorted, as Go's map order is not). */
function reasonsMessage(r: ScaleUpResult, reasons: ReadonlyMap<string, string[]>): string {
  if (r.kind === 'LimitedByMaxNodesTotal') return 'max total nodes in cluster reached';
  const counts = new Map<string, number>();
  for (const rs of reasons.values()) for (const reason of rs) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([reason, n]) => `${n} ${reason}`).join(', ');
}
