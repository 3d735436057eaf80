// Disruption controller (pkg/controller/disruption): each PodDisruptionBudget's status says how many of its pods are
// healthy, how many must be, how many are expected, and so how many may be disrupted now (what the Eviction API
// spends). Pods the Eviction API is deleting (status.disruptedPods) do not count for two minutes.
import type { Pod } from 'kubernetes-types/core/v1';
import type { Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from 'kubernetes-types/policy/v1';
import type { LabelSelector, OwnerReference } from 'kubernetes-types/meta/v1';
import { qualifiedResource } from '../../api/kinds.ts';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { controllerOf, isPodReady } from '../../api/pod.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { setCondition, withDisruptionAllowedCondition } from '../../apiserver/registry/eviction.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import { toRFC3339, type SimClock } from '../../sim/clock.ts';
import { getScaledValueFromIntOrPercent } from '../../api/intstr.ts';

type PDB = PodDisruptionBudget & KubeObject;
type P = Pod & KubeObject;
type Status = PodDisruptionBudgetStatus;

// Simplification: the DisruptionTarget condition of a pod whose eviction never completed is not cleaned up
// (upstream's stale-pod-disruption queue).

/** DeletionTimeout: how long an eviction's pod is expected to take to be deleted. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;

/** A controller's uid and its desired scale. */
interface Scale { uid: string; replicas: number }

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

/** A *LabelSelector's %v (its generated String method). */
function selectorString(sel: LabelSelector | undefined): string {
  if (!sel) return 'nil';
  const labels = Object.keys(sel.matchLabels ?? {}).sort().map((k) => `${k}: ${sel.matchLabels![k]},`).join('');
  const exprs = (sel.matchExpressions ?? []).map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`).join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

export class DisruptionController extends Controller {
  private readonly pdbInformer: Informer<PDB>;
  private readonly podInformer: Informer<P>;
  private readonly rsInformer: Informer<ReplicaSet & KubeObject>;
  private readonly deployInformer: Informer<Deployment & KubeObject>;
  private readonly stsInformer: Informer<StatefulSet & KubeObject>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder) {
    super('disruption-controller', clock);
    this.pdbInformer = informers.informerFor<PDB>('PodDisruptionBudget');
    this.podInformer = informers.informerFor<P>('Pod');
    this.rsInformer = informers.informerFor('ReplicaSet');
    this.deployInformer = informers.informerFor('Deployment');
    this.stsInformer = informers.informerFor('StatefulSet');
    this.event = recorder.forSource({ component: 'controllermanager' });
  }

  start(): void {
    this.pdbInformer.addEventHandler({
      add: (pdb) => this.queue.add(objectKey(pdb)),
      update: (_o, pdb) => this.queue.add(objectKey(pdb)),
      delete: (pdb) => this.queue.add(objectKey(pdb)),
    });
    this.podInformer.addEventHandler({
      add: (p) => this.enqueueForPod(p),
      update: (o, p) => { this.enqueueForPod(p); if (!jsonEqual(o.metadata.labels, p.metadata.labels)) this.enqueueForPod(o); },
      delete: (p) => this.enqueueForPod(p),
    });
  }

  /** getPdbForPod: the first budget (by name) selecting the pod; more than one is a Warning on the pod. */
  private enqueueForPod(p: P): void {
    // Most namespaces have no budget: nothing to list, filter or sort for their pods' every write.
    if (this.pdbInformer.countByIndex('namespace', p.metadata.namespace!) === 0) return;
    const pdbs = this.pdbInformer.listByIndex('namespace', p.metadata.namespace!)
      .filter((pdb) => { try { return selectorFromLabelSelector(pdb.spec?.selector).matches(p.metadata.labels); } catch { return false; } })
      .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
    if (pdbs.length === 0) return;
    if (pdbs.length > 1) {
      this.event(p, 'Warning', 'MultiplePodDisruptionBudgets', `Pod "${p.metadata.namespace}"/"${p.metadata.name}" matches multiple PodDisruptionBudgets.  Chose "${pdbs[0].metadata.name}" arbitrarily.`);
    }
    this.queue.add(objectKey(pdbs[0]));
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const pdb = this.pdbInformer.getByName(namespace, name);
    if (!pdb) return;
    try {
      this.trySync(pdb);
    } catch (e) {
      if (isStatusError(e, 'Conflict')) throw e;
      this.failSafe(pdb, e as Error);
      throw e;
    }
  }

  private trySync(pdb: PDB): void {
    let pods: P[];
    try {
      const sel = selectorFromLabelSelector(pdb.spec?.selector);
      pods = this.podInformer.listByIndex('namespace', pdb.metadata.namespace!).filter((p) => sel.matches(p.metadata.labels));
    } catch (e) {
      this.event(pdb, 'Warning', 'NoPods', `Failed to get pods: ${(e as Error).message}`);
      throw e;
    }
    if (pods.length === 0) this.event(pdb, 'Normal', 'NoPods', 'No matching pods found');
    let counts: { expected: number; desired: number; unmanaged: string[] };
    try {
      counts = this.expectedPodCount(pdb, pods);
    } catch (e) {
      this.event(pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${(e as Error).message}`);
      throw e;
    }
    if (counts.unmanaged.length) {
      this.event(pdb, 'Warning', 'UnmanagedPods', `Pods selected by this PodDisruptionBudget (selector: ${selectorString(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`);
    }
    const now = this.clock.now();
    const { disrupted, recheckAt } = this.buildDisruptedPodMap(pods, pdb, now);
    const currentHealthy = pods.filter((p) => {
      if (p.metadata.deletionTimestamp) return false;
      const at = disrupted[p.metadata.name!];
      if (at !== undefined && Date.parse(at) + DELETION_TIMEOUT_MS > now) return false;
      return isPodReady(p);
    }).length;
    this.updateStatus(pdb, currentHealthy, counts.desired, counts.expected, disrupted);
    if (recheckAt !== undefined) this.queue.addAfter(objectKey(pdb), recheckAt - now);
  }

  /** getExpectedPodCount: desiredHealthy from minAvailable or maxUnavailable, expectedCount from the pods' controllers. */
  private expectedPodCount(pdb: PDB, pods: P[]): { expected: number; desired: number; unmanaged: string[] } {
    const { minAvailable, maxUnavailable } = pdb.spec ?? {};
    if (maxUnavailable !== undefined) {
      const { expected, unmanaged } = this.expectedScale(pods);
      return { expected, desired: Math.max(0, expected - getScaledValueFromIntOrPercent(maxUnavailable, expected, true)), unmanaged };
    }
    if (typeof minAvailable === 'number') return { expected: pods.length, desired: minAvailable, unmanaged: [] };
    if (typeof minAvailable === 'string') {
      const { expected, unmanaged } = this.expectedScale(pods);
      return { expected, desired: getScaledValueFromIntOrPercent(minAvailable, expected, true), unmanaged };
    }
    return { expected: 0, desired: 0, unmanaged: [] };
  }

  /** getExpectedScale: the sum of the desired scale of every controller of the pods. */
  private expectedScale(pods: P[]): { expected: number; unmanaged: string[] } {
    const scales = new Map<string, number>();
    const unmanaged: string[] = [];
    for (const p of pods) {
      const ref = controllerOf(p);
      if (!ref) { unmanaged.push(p.metadata.name!); continue; }
      if (scales.has(ref.uid)) continue;
      const s = this.findScale(ref, p.metadata.namespace!);
      if (!s) throw new Error(`found no controllers for pod "${p.metadata.name}"`);
      scales.set(s.uid, s.replicas);
    }
    let expected = 0;
    for (const n of scales.values()) expected += n;
    return { expected, unmanaged };
  }

  /**
   * The finders: a ReplicaSet (unless a Deployment owns it: then the Deployment), a StatefulSet, else the owner's
   * scale subresource, which only scalable kinds have.
   */
  private findScale(ref: OwnerReference, namespace: string): Scale | undefined {
    const group = groupOf(ref.apiVersion);
    if (ref.kind === 'ReplicaSet' && group === 'apps') {
      const rs = this.rsInformer.getByName(namespace, ref.name);
      if (!rs || rs.metadata.uid !== ref.uid) return undefined;
      const owner = controllerOf(rs);
      const d = owner?.kind === 'Deployment' && groupOf(owner.apiVersion) === 'apps' ? this.deployInformer.getByName(namespace, owner.name) : undefined;
      if (d && d.metadata.uid === owner!.uid) return { uid: d.metadata.uid!, replicas: d.spec?.replicas ?? 1 };
      // No Deployment to ask: the scale finder reads the ReplicaSet's own scale.
      return { uid: rs.metadata.uid!, replicas: rs.spec?.replicas ?? 1 };
    }
    if (ref.kind === 'StatefulSet' && group === 'apps') {
      const sts = this.stsInformer.getByName(namespace, ref.name);
      return sts && sts.metadata.uid === ref.uid ? { uid: sts.metadata.uid!, replicas: sts.spec?.replicas ?? 1 } : undefined;
    }
    const info = this.store.kinds.byKindName(ref.kind);
    if (!info || info.group !== group) throw new Error(`no matches for kind "${ref.kind}" in version "${ref.apiVersion}"`);
    if (!['ReplicationController', 'Deployment'].includes(ref.kind)) throw new Error(`${qualifiedResource(info)} does not implement the scale subresource`);
    const owner = this.store.tryGet<{ spec?: { replicas?: number } }>(ref.kind, namespace, ref.name);
    return owner && owner.metadata.uid === ref.uid ? { uid: owner.metadata.uid!, replicas: owner.spec?.replicas ?? 1 } : undefined;
  }

  /** buildDisruptedPodMap: evictions still in progress; a pod not deleted within the timeout counts again. */
  private buildDisruptedPodMap(pods: P[], pdb: PDB, now: number): { disrupted: Record<string, string>; recheckAt?: number } {
    const disrupted: Record<string, string> = {};
    let recheckAt: number | undefined;
    const recorded = pdb.status?.disruptedPods ?? {};
    for (const p of pods) {
      const at = recorded[p.metadata.name!];
      if (p.metadata.deletionTimestamp || at === undefined) continue;
      const expectedDeletion = Date.parse(at) + DELETION_TIMEOUT_MS;
      if (expectedDeletion < now) {
        // Upstream formats the budget's namespace twice.
        this.event(p, 'Warning', 'NotDeleted', `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`);
      } else {
        if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
        disrupted[p.metadata.name!] = at;
      }
    }
    return { disrupted, recheckAt };
  }

  private updateStatus(pdb: PDB, currentHealthy: number, desiredHealthy: number, expectedPods: number, disrupted: Record<string, string>): void {
    const allowed = expectedPods <= 0 || currentHealthy - desiredHealthy <= 0 ? 0 : currentHealthy - desiredHealthy;
    const old = pdb.status;
    const gen = pdb.metadata.generation;
    const upToDate = old && old.currentHealthy === currentHealthy && old.desiredHealthy === desiredHealthy
      && old.expectedPods === expectedPods && old.disruptionsAllowed === allowed
      && jsonEqual(old.disruptedPods ?? {}, disrupted) && old.observedGeneration === gen && conditionsUpToDate(old, gen);
    if (upToDate) return;
    let status: Status = {
      currentHealthy, desiredHealthy, expectedPods, disruptionsAllowed: allowed,
      ...(Object.keys(disrupted).length ? { disruptedPods: disrupted } : {}),
      observedGeneration: gen, conditions: old?.conditions ?? [],
    };
    status = withDisruptionAllowedCondition(status, toRFC3339(this.clock.now()));
    this.store.update({ ...pdb, status } as PDB, { subresource: 'status' });
  }

  /** failSafe: when the status cannot be computed, allow no disruption and say why. */
  private failSafe(pdb: PDB, err: Error): void {
    const old = pdb.status ?? { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 };
    const conditions = setCondition(old.conditions ?? [], {
      type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: err.message, observedGeneration: old.observedGeneration,
    }, toRFC3339(this.clock.now()));
    this.store.update({ ...pdb, status: { ...old, disruptionsAllowed: 0, conditions } } as PDB, { subresource: 'status' });
  }
}

/** pdbhelper.ConditionsAreUpToDate. */
function conditionsUpToDate(s: Status, generation: number | undefined): boolean {
  const c = s.conditions?.find((x) => x.type === 'DisruptionAllowed');
  if (!c || s.observedGeneration !== generation) return false;
  return s.disruptionsAllowed > 0 ? c.status === 'True' && c.reason === 'SufficientPods' : c.status === 'False' && c.reason === 'InsufficientPods';
}
