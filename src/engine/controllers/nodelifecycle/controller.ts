// Node lifecycle controller (pkg/controller/nodelifecycle): every node-monitor-period it checks each node's health
// signals (Lease renewals, Ready heartbeats); a node silent for node-monitor-grace-period gets its conditions set
// Unknown ("Kubelet stopped posting node status."), its pods marked NotReady, and, zone by zone at a limited
// rate, the unreachable (or not-ready) NoExecute taint the taint eviction controller acts on. NoSchedule taints
// follow the conditions on every node update. All of it is undone when the node reports Ready again.
// Simplifications: the NoExecute tainting pass runs when a token or retry is due rather than polling every
// 100 ms; reconcileNodeLabels is left out (the kubelets here always set both the beta and the stable labels).
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node, NodeCondition, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';
import { getNodeCondition, markPodsNotReady, NODE_NAME_INDEX, nodeNameIndexFunc, recordNodeEvent, recordNodeStatusChange } from '../nodeutil.ts';
import { NODE_MONITOR_GRACE_PERIOD_MS, NODE_MONITOR_PERIOD_MS, NODE_STARTUP_GRACE_PERIOD_MS, tryUpdateNodeHealth, type HealthVerdict, type NodeHealth } from './health.ts';
import { EVICTION_RATE_LIMITER_BURST, RateLimitedTimedQueue, TokenBucket } from './ratelimited.ts';
import { controllerNoScheduleTaints, NOT_READY_TAINT, noScheduleTaintsFor, removeTaintsOffNode, swapNodeTaints, taintExists, taintSetDiff, UNREACHABLE_TAINT } from './taints.ts';
import { computeZoneState, DEFAULT_EVICTION_CONFIG, LABEL_EXCLUDE_DISRUPTION, zoneKey, zoneQPS, type EvictionConfig, type ZoneState } from './zones.ts';

type N = Node & KubeObject;
type P = Pod & KubeObject;

export interface NodeLifecycleConfig extends EvictionConfig {
  monitorPeriodMs: number;
  monitorGraceMs: number;
  startupGraceMs: number;
}

export const DEFAULT_NODE_LIFECYCLE_CONFIG: NodeLifecycleConfig = {
  monitorPeriodMs: NODE_MONITOR_PERIOD_MS,
  monitorGraceMs: NODE_MONITOR_GRACE_PERIOD_MS,
  startupGraceMs: NODE_STARTUP_GRACE_PERIOD_MS,
  ...DEFAULT_EVICTION_CONFIG,
};

/** NodeEvictionPeriod: how often upstream tries the tainting queues. */
const NODE_EVICTION_PERIOD_MS = 100;
/** NodeHealthUpdateRetry: attempts at writing a node's Unknown status, re-reading it after a conflict. */
const NODE_HEALTH_UPDATE_RETRY = 5;

// Queue keys: the periodic passes, and per node / per pod work. Names never contain "#" or ":".
const MONITOR = '#monitor';
const TAINT_PASS = '#taint';
const NODE = 'node:';
const POD = 'pod:';

export class NodeLifecycleController extends Controller {
  private readonly nodes: Informer<N>;
  private readonly leases: Informer<Lease & KubeObject>;
  private readonly pods: Informer<P>;
  private readonly known = new Map<string, N>();
  private readonly health = new Map<string, NodeHealth>();
  private readonly zoneStates = new Map<string, ZoneState>();
  private readonly tainters = new Map<string, RateLimitedTimedQueue>();
  private readonly retry = new Set<string>();
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder, private readonly config = DEFAULT_NODE_LIFECYCLE_CONFIG) {
    super('node-lifecycle-controller', clock);
    this.nodes = informers.informerFor<N>('Node');
    this.leases = informers.informerFor<Lease & KubeObject>('Lease', { namespace: 'kube-node-lease' });
    this.pods = informers.informerFor<P>('Pod');
    this.pods.addIndexer(NODE_NAME_INDEX, nodeNameIndexFunc);
    this.event = recorder.forSource({ component: 'node-controller' });
  }

  start(): void {
    this.nodes.addEventHandler({
      add: (n) => this.queue.add(NODE + n.metadata.name),
      update: (_o, n) => this.queue.add(NODE + n.metadata.name),
      delete: (n) => this.retry.delete(n.metadata.name!),
    });
    this.pods.addEventHandler({
      add: (p) => this.podUpdated(undefined, p),
      update: (o, p) => this.podUpdated(o, p),
    });
    this.clock.every(this.config.monitorPeriodMs, () => this.queue.add(MONITOR));
  }

  /** A pod newly bound to a node that is not Ready is marked NotReady at once. */
  private podUpdated(old: P | undefined, p: P): void {
    const node = p.spec?.nodeName;
    if (node && node !== old?.spec?.nodeName) this.queue.add(POD + objectKey(p));
  }

  protected sync(key: string): void {
    if (key === MONITOR) this.monitorNodeHealth();
    else if (key === TAINT_PASS) this.noExecuteTaintingPass();
    else if (key.startsWith(NODE)) this.noScheduleTaintingPass(key.slice(NODE.length));
    else if (key.startsWith(POD)) this.processPod(key.slice(POD.length));
  }

  // ---- monitorNodeHealth ----

  private monitorNodeHealth(): void {
    const nodes = this.nodes.list();
    const names = new Set(nodes.map((n) => n.metadata.name!));
    for (const n of nodes) {
      const name = n.metadata.name!;
      if (this.known.has(name)) {
        if (!this.zoneStates.has(zoneKey(n))) this.addZone(n);
        continue;
      }
      recordNodeEvent(this.event, name, n.metadata.uid, 'RegisteredNode', `Registered Node ${name} in Controller`);
      this.known.set(name, n);
      this.addZone(n);
      this.markNodeAsReachable(n);
    }
    // A Map may lose its entry being visited: no copy of every node's [name, node] pair each pass.
    this.known.forEach((n, name) => {
      if (names.has(name)) return;
      recordNodeEvent(this.event, name, n.metadata.uid, 'RemovingNode', `Removing Node ${name} from Controller`);
      this.known.delete(name);
    });
    const zoneConditions = new Map<string, (NodeCondition | undefined)[]>();
    for (const n of nodes) this.updateNode(n, zoneConditions);
    this.handleDisruption(zoneConditions, nodes);
    this.scheduleTaintPass();
  }

  private updateNode(listed: N, zoneConditions: Map<string, (NodeCondition | undefined)[]>): void {
    const name = listed.metadata.name!;
    const now = this.clock.now();
    let node: N | undefined = listed;
    let verdict: HealthVerdict;
    for (let attempt = 0; ; attempt++) {
      verdict = tryUpdateNodeHealth(node, this.health.get(name), this.leases.getByName('kube-node-lease', name), now, this.config);
      this.health.set(name, verdict.health);
      if (!verdict.update) break;
      try {
        this.store.update(verdict.update as N, { subresource: 'status' });
        this.health.set(name, { status: verdict.update.status, probeTimestamp: verdict.health.probeTimestamp, readyTransitionTimestamp: now, lease: this.leases.getByName('kube-node-lease', name) });
        break;
      } catch (e) {
        if (!isStatusError(e, 'Conflict') || attempt + 1 >= NODE_HEALTH_UPDATE_RETRY) return;
        node = this.store.tryGet<Node>('Node', undefined, name) as N | undefined;
        if (!node) return;
      }
    }
    const { observedReady, currentReady } = verdict;
    if (!(LABEL_EXCLUDE_DISRUPTION in (node.metadata.labels ?? {}))) {
      const zone = zoneKey(node);
      const conditions = zoneConditions.get(zone);
      if (conditions) conditions.push(currentReady); else zoneConditions.set(zone, [currentReady]);
    }
    if (currentReady) {
      this.processTaintBaseEviction(node, observedReady);
      const becameNotReady = currentReady.status !== 'True' && observedReady.status === 'True';
      if (becameNotReady) recordNodeStatusChange(this.event, node, 'NodeNotReady');
      if (becameNotReady || (this.retry.has(name) && observedReady.status !== 'True')) {
        const pods = this.pods.listByIndex(NODE_NAME_INDEX, name);
        if (markPodsNotReady(this.store, this.event, pods, name, this.clock.nowRFC3339()).length) {
          this.retry.add(name);
          return;
        }
      }
    }
    this.retry.delete(name);
  }

  /** Queue a node for its NoExecute taint (or swap not-ready and unreachable at once); lift both when Ready. */
  private processTaintBaseEviction(node: N, observedReady: NodeCondition): void {
    const taints = node.spec?.taints;
    switch (observedReady.status) {
      case 'False':
        if (taintExists(taints, UNREACHABLE_TAINT)) swapNodeTaints(this.store, node.metadata.name!, [NOT_READY_TAINT], [UNREACHABLE_TAINT], this.clock.nowRFC3339());
        else this.markNodeForTainting(node, 'False');
        break;
      case 'Unknown':
        if (taintExists(taints, NOT_READY_TAINT)) swapNodeTaints(this.store, node.metadata.name!, [UNREACHABLE_TAINT], [NOT_READY_TAINT], this.clock.nowRFC3339());
        else this.markNodeForTainting(node, 'Unknown');
        break;
      case 'True':
        this.markNodeAsReachable(node);
        break;
    }
  }

  private markNodeForTainting(node: N, status: 'False' | 'Unknown'): void {
    const q = this.tainters.get(zoneKey(node))!;
    const wanted = status === 'False' ? NOT_READY_TAINT : UNREACHABLE_TAINT;
    if (!taintExists(node.spec?.taints, wanted)) q.remove(node.metadata.name!);
    q.add(node.metadata.name!, node.metadata.uid!, this.clock.now());
  }

  private markNodeAsReachable(node: N): void {
    removeTaintsOffNode(this.store, node, [UNREACHABLE_TAINT, NOT_READY_TAINT]);
    this.tainters.get(zoneKey(node))?.remove(node.metadata.name!);
  }

  private addZone(node: N): void {
    const zone = zoneKey(node);
    if (this.zoneStates.has(zone)) return;
    this.zoneStates.set(zone, 'Initial');
    this.tainters.set(zone, new RateLimitedTimedQueue(new TokenBucket(this.config.evictionLimiterQPS, EVICTION_RATE_LIMITER_BURST, this.clock.now())));
  }

  // ---- zones ----

  /**
   * handleDisruption: when every zone is fully disrupted the problem is most likely the control plane's own
   * network, so all NoExecute taints are lifted and tainting stops; leaving that mode restarts every node's
   * grace period. Otherwise each zone's tainting rate follows its state.
   */
  private handleDisruption(zoneConditions: Map<string, (NodeCondition | undefined)[]>, nodes: N[]): void {
    const now = this.clock.now();
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, conditions] of zoneConditions) {
      const { state } = computeZoneState(conditions, this.config);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      if (!this.zoneStates.has(zone)) this.zoneStates.set(zone, 'Initial');
    }
    let allWasFullyDisrupted = true;
    for (const [zone, state] of [...this.zoneStates]) {
      if (!zoneConditions.has(zone)) { this.zoneStates.delete(zone); continue; }
      if (state !== 'FullDisruption') { allWasFullyDisrupted = false; break; }
    }
    if (allAreFullyDisrupted && allWasFullyDisrupted) return;
    if (allAreFullyDisrupted) {
      for (const n of nodes) this.markNodeAsReachable(n);
      for (const zone of this.zoneStates.keys()) {
        this.tainters.get(zone)?.swapLimiter(0, now);
        this.zoneStates.set(zone, 'FullDisruption');
      }
      return;
    }
    if (allWasFullyDisrupted) {
      for (const n of nodes) {
        const h = this.health.get(n.metadata.name!);
        if (h) this.health.set(n.metadata.name!, { ...h, probeTimestamp: now, readyTransitionTimestamp: now });
      }
      for (const zone of this.zoneStates.keys()) this.setZoneState(zone, zoneConditions.get(zone)?.length ?? 0, newStates.get(zone)!);
      return;
    }
    for (const [zone, state] of [...this.zoneStates]) {
      const next = newStates.get(zone);
      if (next && next !== state) this.setZoneState(zone, zoneConditions.get(zone)!.length, next);
    }
  }

  private setZoneState(zone: string, size: number, state: ZoneState): void {
    this.tainters.get(zone)?.swapLimiter(zoneQPS(state, size, this.config), this.clock.now());
    this.zoneStates.set(zone, state);
  }

  // ---- NoExecute tainting ----

  private scheduleTaintPass(): void {
    const now = this.clock.now();
    let next = Infinity;
    for (const q of this.tainters.values()) next = Math.min(next, q.nextAt(now));
    if (next !== Infinity) this.queue.addAfter(TAINT_PASS, Math.max(next - now, NODE_EVICTION_PERIOD_MS));
  }

  /** doNoExecuteTaintingPass: per zone, as fast as its limiter allows, taint the queued nodes. */
  private noExecuteTaintingPass(): void {
    const now = this.clock.now();
    for (const q of this.tainters.values()) {
      q.try(now, (name) => {
        const node = this.nodes.getByName(undefined, name);
        if (!node) return { done: true };
        const ready = getNodeCondition(node, 'Ready');
        if (!ready) return { done: false, retryMs: 50 };
        // The unreachable and not-ready taints mirror the Ready condition, so they exclude each other.
        const [add, opposite] = ready.status === 'False' ? [NOT_READY_TAINT, UNREACHABLE_TAINT] : ready.status === 'Unknown' ? [UNREACHABLE_TAINT, NOT_READY_TAINT] : [];
        if (!add) return { done: true };
        return swapNodeTaints(this.store, name, [add], [opposite!], this.clock.nowRFC3339()) ? { done: true } : { done: false, retryMs: 0 };
      });
    }
    this.scheduleTaintPass();
  }

  /** doNoScheduleTaintingPass: the node's NoSchedule taints follow its conditions and spec.unschedulable. */
  private noScheduleTaintingPass(name: string): void {
    const node = this.nodes.getByName(undefined, name);
    if (!node) return;
    const { add, remove } = taintSetDiff(noScheduleTaintsFor(node.status?.conditions, node.spec?.unschedulable), controllerNoScheduleTaints(node.spec?.taints));
    if (add.length || remove.length) swapNodeTaints(this.store, name, add, remove, this.clock.nowRFC3339());
  }

  // ---- pods ----

  private processPod(key: string): void {
    const pod = this.pods.get(key);
    if (!pod) return;
    const nodeName = pod.spec!.nodeName!;
    const health = this.health.get(nodeName);
    if (!health) return;
    if (!this.nodes.getByName(undefined, nodeName)) throw new Error(`node "${nodeName}" not found`);
    const ready = getNodeCondition({ status: health.status }, 'Ready');
    if (!ready || ready.status === 'True') return;
    const errs = markPodsNotReady(this.store, this.event, [pod], nodeName, this.clock.nowRFC3339());
    if (errs.length) throw errs[0];
  }
}
