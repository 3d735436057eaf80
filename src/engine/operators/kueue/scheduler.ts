// Kueue's scheduler (pkg/scheduler): the admission cycle. Pending workloads are queued per ClusterQueue by priority,
// then creation time; each round takes the head of every ClusterQueue (StrictFIFO: the head blocks the queue;
// BestEffortFIFO: a head that cannot fit lets the next one try), assigns flavors, and admits the best entry first
// (entries that need no borrowing, then higher priority, then older); a head that fits only by preemption evicts
// its targets and waits for their quota. Admission reserves quota and writes the Admitted condition.
// Simplification: the queue order uses the creation time (upstream's requeuing timestamp is the eviction time);
// there are no admission checks, so QuotaReserved and Admitted are set together; one cycle runs per change, at one
// virtual instant. Because every hop (evict, suspend, release, admit) takes no virtual time, a preemptor keeps a
// claim on the quota its victims free until it is admitted; upstream leaves that to cycle order and timing, which
// here would let a victim and its preemptor take turns forever.
import type { Namespace } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer } from '../../client/informer.ts';
import type { OperatorDeps } from '../operator.ts';
import { assignFlavors, assignmentUsage, pendingMessage, type Assignment } from './flavorassigner.ts';
import { findTargets, priorityOf, type Target } from './preemption.ts';
import { CohortState, CQState, quantityString } from './quota.ts';
import {
  findCondition, holdsQuota, isEvicted, isPending, setCondition, WL,
  type ClusterQueue, type LocalQueue, type MetaCondition, type ResourceFlavor, type Workload,
} from './types.ts';

const CYCLE = 'cycle';

/** The ClusterQueues as the cache sees them: active or not, with the admitted workloads' usage and cohorts. */
export function snapshot(cqs: ClusterQueue[], flavors: ReadonlyMap<string, ResourceFlavor>, workloads: Workload[]): Map<string, CQState> {
  const states = new Map<string, CQState>();
  const cohorts = new Map<string, CohortState>();
  for (const cq of [...cqs].sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))) {
    const st = new CQState(cq, missingFlavors(cq, flavors).length === 0 && (cq.spec.stopPolicy ?? 'None') === 'None' && !cq.metadata.deletionTimestamp);
    states.set(cq.metadata.name!, st);
    if (cq.spec.cohort) {
      let c = cohorts.get(cq.spec.cohort);
      if (!c) cohorts.set(cq.spec.cohort, (c = new CohortState(cq.spec.cohort)));
      c.members.push(st);
      st.cohort = c;
    }
  }
  for (const wl of workloads) if (holdsQuota(wl)) states.get(wl.status!.admission!.clusterQueue)?.add(objectKey(wl), wl);
  return states;
}

export function missingFlavors(cq: ClusterQueue, flavors: ReadonlyMap<string, ResourceFlavor>): string[] {
  const names = (cq.spec.resourceGroups ?? []).flatMap((g) => g.flavors.map((f) => f.name));
  return [...new Set(names)].filter((n) => !flavors.has(n));
}

/** Pending order within a ClusterQueue: higher priority first, then the older workload. */
export const queueOrder = (a: Workload, b: Workload) =>
  priorityOf(b) - priorityOf(a) || (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || objectKey(a).localeCompare(objectKey(b));

interface Entry { wl: Workload; cq: CQState; a: Assignment }

export class KueueScheduler extends Controller {
  private readonly workloads: Informer<Workload>;
  private readonly cqs: Informer<ClusterQueue>;
  private readonly lqs: Informer<LocalQueue>;
  private readonly flavors: Informer<ResourceFlavor>;
  private readonly namespaces: Informer<Namespace & KubeObject>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly deps: OperatorDeps) {
    super('kueue-scheduler', deps.clock);
    this.workloads = deps.informers.informerFor<Workload>('Workload');
    this.cqs = deps.informers.informerFor<ClusterQueue>('ClusterQueue');
    this.lqs = deps.informers.informerFor<LocalQueue>('LocalQueue');
    this.flavors = deps.informers.informerFor<ResourceFlavor>('ResourceFlavor');
    this.namespaces = deps.informers.informerFor<Namespace & KubeObject>('Namespace');
    this.event = deps.recorder.forSource({ component: 'kueue-admission' });
  }

  start(): void {
    const kick = { add: () => this.queue.add(CYCLE), update: () => this.queue.add(CYCLE), delete: () => this.queue.add(CYCLE) };
    for (const inf of [this.workloads, this.cqs, this.lqs, this.flavors, this.namespaces] as Informer<KubeObject>[]) inf.addEventHandler(kick);
  }

  protected sync(): void {
    const flavors = new Map(this.flavors.list().map((f) => [f.metadata.name!, f]));
    const all = this.workloads.list().sort((a, b) => objectKey(a).localeCompare(objectKey(b)));
    const states = snapshot(this.cqs.list(), flavors, all);
    const queues = new Map<CQState, Workload[]>();
    for (const wl of all) {
      if (!isPending(wl) || wl.metadata.deletionTimestamp) continue;
      const cq = this.resolve(wl, states);
      if (typeof cq === 'string') { this.setPending(wl, 'Inadmissible', cq); continue; }
      queues.set(cq, [...(queues.get(cq) ?? []), wl]);
    }
    // Preemptors whose victims' quota is not yet theirs: each keeps its claim (it goes first in its queue and in
    // the cycle) until admitted, so the freed quota cannot go back to a victim. The claim is read from the victims'
    // Preempted condition, which names the preemptor's UID, so it survives a restart of the operator.
    const claimants = new Set<string>();
    for (const wl of all) {
      const c = findCondition(wl.status?.conditions, WL.preempted);
      const uid = c?.status === 'True' ? /\(UID: ([^,)]+)/.exec(c.message ?? '')?.[1] : undefined;
      if (uid) claimants.add(uid);
    }
    const claims = (wl: Workload) => Number(claimants.has(wl.metadata.uid!));
    for (const list of queues.values()) list.sort((x, y) => claims(y) - claims(x) || queueOrder(x, y));
    const done = new Set<Workload>();
    const blocked = new Set<CQState>();
    // Cohorts (or lone ClusterQueues) where a preemptor already claimed quota in this cycle (upstream's
    // cycleCohortsSkipPreemption): no second preemptor there until the next cycle.
    const preempting = new Set<CohortState | CQState>();
    for (;;) {
      const heads: Entry[] = [];
      for (const [cq, list] of queues) {
        if (blocked.has(cq)) continue;
        for (const wl of list) {
          if (done.has(wl)) continue;
          const a = assignFlavors(wl, cq, flavors);
          // A head that could only fit by preemption but has no one to preempt (and no claim) is as inadmissible as
          // one that does not fit: under BestEffortFIFO the next workload tries. Were it kept as the head, the quota
          // its queue's next workload reclaims would go back to the borrower it was reclaimed from, and again.
          if (a.mode === 'fit' || (a.mode === 'preempt' && (claims(wl) || findTargets(wl, a, cq).length))) { heads.push({ wl, cq, a }); break; }
          done.add(wl);
          this.setPending(wl, 'Pending', pendingMessage(a));
          if (cq.cq.spec.queueingStrategy === 'StrictFIFO') { blocked.add(cq); break; }
        }
      }
      if (!heads.length) return;
      heads.sort((x, y) => claims(y.wl) - claims(x.wl) || Number(x.a.borrowing) - Number(y.a.borrowing) || priorityOf(y.wl) - priorityOf(x.wl) || queueOrder(x.wl, y.wl));
      const e = heads[0];
      done.add(e.wl);
      // An earlier entry of this round may have taken the quota this one was assigned.
      const a = assignFlavors(e.wl, e.cq, flavors);
      if (a.mode === 'fit') {
        this.admit(e.wl, e.cq, a);
        continue;
      }
      if (e.cq.cq.spec.queueingStrategy === 'StrictFIFO') blocked.add(e.cq);
      const scope = e.cq.cohort ?? e.cq;
      if (a.mode === 'noFit' || preempting.has(scope)) { this.setPending(e.wl, 'Pending', pendingMessage(a)); continue; }
      // The preemptor's quota is claimed for the rest of the cycle, so that no later entry takes what its victims
      // free ("even if there was a failure, we shouldn't admit other workloads to this cohort" upstream).
      // The preemptor stays its queue's head until its victims are gone: nobody behind it takes their quota.
      preempting.add(scope);
      blocked.add(e.cq);
      // Evictions in flight free quota soon: the preemptor waits for them rather than choosing more victims.
      const waiting = [e.cq, ...(e.cq.cohort?.members ?? [])].some((m) => [...m.workloads.values()].some(isEvicted));
      const targets = waiting ? [] : findTargets(e.wl, a, e.cq);
      for (const t of targets) this.evict(t, e.wl);
      e.cq.reserve(assignmentUsage(a));
      if (!waiting) this.setPending(e.wl, 'Pending', pendingMessage(a) + (targets.length ? `. Pending the preemption of ${targets.length} workload(s)` : ''));
    }
  }

  /** The ClusterQueue a workload is queued in, or why it cannot be queued. */
  private resolve(wl: Workload, states: Map<string, CQState>): CQState | string {
    const ns = wl.metadata.namespace!;
    const lq = this.lqs.getByName(ns, wl.spec.queueName ?? '');
    if (!lq) return `LocalQueue ${wl.spec.queueName ?? ''} doesn't exist`;
    const cq = states.get(lq.spec.clusterQueue);
    if (!cq) return `ClusterQueue ${lq.spec.clusterQueue} doesn't exist`;
    if (!cq.active) return `ClusterQueue ${cq.name} is inactive`;
    let matches = false;
    try {
      matches = selectorFromLabelSelector(cq.cq.spec.namespaceSelector).matches(this.namespaces.getByName(undefined, ns)?.metadata.labels ?? {});
    } catch { /* an invalid selector selects nothing */ }
    return matches ? cq : "Workload namespace doesn't match ClusterQueue selector";
  }

  private writeStatus(wl: Workload, conditions: MetaCondition[], admission = wl.status?.admission): void {
    const status = { ...wl.status, conditions, ...(admission ? { admission } : {}) };
    if (!admission) delete status.admission;
    this.deps.store.update<Workload>({ ...wl, status }, { subresource: 'status' });
  }

  private setPending(wl: Workload, reason: 'Pending' | 'Inadmissible', message: string): void {
    const cur = findCondition(wl.status?.conditions, WL.quotaReserved);
    if (cur && cur.status === 'False' && cur.reason === reason && cur.message === message) return;
    this.writeStatus(wl, setCondition(wl.status?.conditions, { type: WL.quotaReserved, status: 'False', reason, message }, this.deps.clock.nowRFC3339()));
    this.event(wl, 'Warning', 'Pending', message);
  }

  private admit(wl: Workload, cq: CQState, a: Assignment): void {
    const now = this.deps.clock.nowRFC3339();
    const admission = {
      clusterQueue: cq.name,
      podSetAssignments: a.podSets.map((p) => ({
        name: p.name, flavors: p.flavors, count: p.count,
        resourceUsage: Object.fromEntries(Object.entries(p.requests).filter(([r]) => r in p.flavors).map(([r, v]) => [r, quantityString(r, v)])),
      })),
    };
    let conds = setCondition(wl.status?.conditions, { type: WL.quotaReserved, status: 'True', reason: 'QuotaReserved', message: `Quota reserved in ClusterQueue ${cq.name}` }, now);
    conds = setCondition(conds, { type: WL.admitted, status: 'True', reason: 'Admitted', message: 'The workload is admitted' }, now);
    for (const type of [WL.evicted, WL.preempted]) {
      const prev = findCondition(conds, type);
      if (prev?.status === 'True') conds = setCondition(conds, { type, status: 'False', reason: 'QuotaReserved', message: `Previously: ${prev.message}` }, now);
    }
    const admitted = { ...wl, status: { ...wl.status, conditions: conds, admission } } as Workload;
    this.writeStatus(wl, conds, admission);
    cq.add(objectKey(wl), admitted);
    const queuedSince = findCondition(wl.status?.conditions, WL.evicted)?.lastTransitionTime ?? wl.metadata.creationTimestamp!;
    const wait = Math.round((this.deps.clock.now() - Date.parse(queuedSince)) / 1000);
    this.event(wl, 'Normal', 'QuotaReserved', `Quota reserved in ClusterQueue ${cq.name}, wait time since queued was ${wait}s`);
    this.event(wl, 'Normal', 'Admitted', `Admitted by ClusterQueue ${cq.name}, wait time since reservation was 0s`);
  }

  private evict(t: Target, preemptor: Workload): void {
    const now = this.deps.clock.nowRFC3339();
    const jobUID = preemptor.metadata.ownerReferences?.find((r) => r.controller)?.uid ?? 'UNKNOWN';
    const why = t.reason === 'InClusterQueue' ? 'prioritization in the ClusterQueue' : 'reclamation within the cohort';
    const message = `Preempted to accommodate a workload (UID: ${preemptor.metadata.uid}, JobUID: ${jobUID}) due to ${why}`;
    let conds = setCondition(t.wl.status?.conditions, { type: WL.evicted, status: 'True', reason: 'Preempted', message }, now);
    conds = setCondition(conds, { type: WL.preempted, status: 'True', reason: t.reason, message }, now);
    this.writeStatus(t.wl, conds);
    t.cq.workloads.set(t.key, { ...t.wl, status: { ...t.wl.status, conditions: conds } } as Workload);
    this.event(t.wl, 'Normal', 'Preempted', message);
  }
}
