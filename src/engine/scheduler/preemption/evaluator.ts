// The preemption Evaluator (pkg/scheduler/framework/preemption): after every node rejected a pod, find nodes
// where evicting lower-priority pods would let it fit (a dry run per node on a copy), pick the one whose victims
// hurt least, evict them gracefully and nominate the node.
import type { Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import { objectKey, type KubeObject } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { toRFC3339 } from '../../sim/clock.ts';
import { fitErrorMessage } from '../framework/fiterror.ts';
import type { CycleState, Handle, NodeToStatus, PostFilterResult } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Code, Status } from '../framework/status.ts';
import { pickOneNodeForPreemption } from './pick.ts';
import { podPriority, type Candidate } from './victims.ts';

type P = Pod & KubeObject;

/** What a preemption plugin decides; the Evaluator does the rest (preemption.Interface). */
export interface PreemptionPolicy {
  readonly name: string;
  /** A random offset into the potential nodes and how many candidates the dry run should find. */
  getOffsetAndNumCandidates(numNodes: number): [number, number];
  /** Whether the pod may preempt at all, and why not. */
  podEligibleToPreemptOthers(pod: Pod, nominatedNodeStatus: Status | undefined): { eligible: boolean; message: string };
  /**
   * The fewest pods to evict from the node for the pod to fit. `node` and `state` are the snapshot's: the policy
   * works on copies of them (cloneNodeInfo, state.clone()) and makes them only once it has a potential victim,
   * since most nodes of a failed cycle have none and a copy of a full node costs as much as the check.
   */
  selectVictimsOnNode(state: CycleState, pod: Pod, node: NodeInfo, pdbs: PodDisruptionBudget[]): { victims: Pod[]; numPDBViolations: number; status: Status };
}

export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';

/** A NodeInfo copy that the dry run may change (NodeInfo.Snapshot). */
export function cloneNodeInfo(src: NodeInfo): NodeInfo {
  return src.clone();
}

/** utilerrors.NewAggregate(errs).Error(). */
function aggregate(errs: string[]): string {
  const unique = [...new Set(errs)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

export class Evaluator {
  constructor(private readonly policy: PreemptionPolicy, private readonly handle: Handle, private readonly store: Store) {}

  /**
   * Preempt: Success with the nominated node; Unschedulable with a nominated node of "" (clear it) when no node
   * helps; Unschedulable without a result when the pod may not preempt (its nomination stays).
   */
  preempt(state: CycleState, pod: Pod, filtered: NodeToStatus): { status: Status; result?: PostFilterResult } {
    const { namespace, name } = pod.metadata!;
    const live = this.store.tryGet<Pod>('Pod', namespace, name!);
    if (!live) return { status: Status.error(`pod "${name}" not found`) };
    const nominated = live.status?.nominatedNodeName;
    const eligibility = this.policy.podEligibleToPreemptOthers(live, nominated ? filtered.get(nominated) : undefined);
    if (!eligibility.eligible) return { status: Status.unschedulable(eligibility.message) };

    const allNodes = this.handle.nodeInfos();
    if (!allNodes.length) return { status: Status.error('no nodes available') };
    const { candidates, statuses, errors } = this.findCandidates(state, live, allNodes, filtered);
    if (errors.length && !candidates.length) return { status: Status.error(aggregate(errors)) };
    if (!candidates.length) {
      const message = fitErrorMessage(allNodes.length, { nodeReasons: [...statuses.values()].map((s) => s.reasons), absentReasons: [PREEMPTION_NOT_HELPFUL] });
      return { status: Status.unschedulable(message), result: { nominatedNodeName: '' } };
    }
    const best = this.selectCandidate(candidates);
    const prepared = this.prepareCandidate(best, live);
    if (!prepared.isSuccess()) return { status: prepared };
    return { status: Status.success(), result: { nominatedNodeName: best.name, victims: best.victims.pods.map(objectKey) } };
  }

  /** Nodes rejected as Unschedulable (not UnschedulableAndUnresolvable) may be helped by evicting pods. */
  private findCandidates(state: CycleState, pod: Pod, allNodes: NodeInfo[], filtered: NodeToStatus) {
    const potential = allNodes.filter((n) => filtered.get(n.name)?.code === Code.Unschedulable);
    if (!potential.length) return { candidates: [], statuses: new Map<string, Status>(), errors: [] };
    const [offset, num] = this.policy.getOffsetAndNumCandidates(potential.length);
    return this.dryRunPreemption(state, pod, potential, this.podDisruptionBudgets(), offset, num);
  }

  /** The PDBs, when the API server serves them. */
  private podDisruptionBudgets(): PodDisruptionBudget[] {
    return this.store.kinds.byKindName('PodDisruptionBudget') ? this.store.list<PodDisruptionBudget>('PodDisruptionBudget') : [];
  }

  /**
   * DryRunPreemption: from the offset, round the potential nodes, selecting victims on a copy of each node and
   * state, until numCandidates are found and at least one of them violates no PDB. Non-violating candidates
   * come first. Nodes that cannot be helped keep the status that says why.
   * Simplification: the nodes are checked one after another, not in parallel, so the stopping point is exact.
   */
  dryRunPreemption(state: CycleState, pod: Pod, potential: NodeInfo[], pdbs: PodDisruptionBudget[], offset: number, numCandidates: number): { candidates: Candidate[]; statuses: Map<string, Status>; errors: string[] } {
    const nonViolating: Candidate[] = [];
    const violating: Candidate[] = [];
    const statuses = new Map<string, Status>();
    const errors: string[] = [];
    for (let i = 0; i < potential.length; i++) {
      const node = potential[(offset + i) % potential.length];
      const { victims, numPDBViolations, status } = this.policy.selectVictimsOnNode(state, pod, node, pdbs);
      if (status.isSuccess() && victims.length) {
        const list = numPDBViolations === 0 ? nonViolating : violating;
        if (list.length < numCandidates) list.push({ name: node.name, victims: { pods: victims, numPDBViolations } });
        if (nonViolating.length > 0 && nonViolating.length + violating.length >= numCandidates) break;
        continue;
      }
      const failed = status.isSuccess() ? Status.error(`expected at least one victim pod on node "${node.name}"`) : status;
      if (failed.code === Code.Error) errors.push(failed.message());
      statuses.set(node.name, failed);
    }
    return { candidates: [...nonViolating, ...violating], statuses, errors };
  }

  /**
   * SelectCandidate: pickOneNodeForPreemption among the candidates.
   * Simplification: the last tie-break takes the first candidate in dry-run order where upstream iterates a map.
   */
  selectCandidate(candidates: Candidate[]): Candidate {
    if (candidates.length === 1) return candidates[0];
    const name = pickOneNodeForPreemption(candidates, this.handle.now());
    return candidates.find((c) => c.name === name) ?? candidates[0];
  }

  /**
   * prepareCandidate: evict the victims (a victim held at Permit is rejected instead), then clear the nomination
   * of lower-priority pods nominated to the same node, which may no longer fit there.
   */
  private prepareCandidate(c: Candidate, pod: P): Status {
    for (const victim of c.victims.pods) {
      if (victim.metadata?.deletionTimestamp) continue;
      const err = this.preemptPod(c, pod, victim);
      if (err) return Status.error(err);
    }
    for (const p of this.store.list<Pod>('Pod')) {
      if (p.spec?.nodeName || p.status?.nominatedNodeName !== c.name || podPriority(p) >= podPriority(pod)) continue;
      const { nominatedNodeName: _, ...status } = p.status!;
      this.store.update({ ...p, status } as P, { subresource: 'status' });
    }
    return Status.success();
  }

  /** PreemptPod: the DisruptionTarget condition, a graceful delete, and a Preempted event on the victim. */
  private preemptPod(c: Candidate, preemptor: P, victim: Pod): string | undefined {
    const waiting = this.handle.waitingPods().find((w) => w.pod.metadata?.uid === victim.metadata?.uid);
    if (waiting) waiting.reject(this.policy.name, 'preempted');
    else {
      const live = this.store.tryGet<Pod>('Pod', victim.metadata?.namespace, victim.metadata!.name!);
      // A victim that is gone already needs nothing more.
      if (!live || live.metadata.uid !== victim.metadata?.uid) return undefined;
      try {
        this.store.update({ ...live, status: { ...live.status, conditions: this.withDisruptionTarget(live, preemptor) } } as P, { subresource: 'status' });
        this.store.delete('Pod', live.metadata.namespace, live.metadata.name!);
      } catch (e) {
        if (isStatusError(e, 'NotFound')) return undefined;
        if (isStatusError(e)) return e.message;
        throw e;
      }
    }
    this.handle.recordEvent?.(victim as P, 'Normal', 'Preempted', `Preempted by pod ${preemptor.metadata.uid} on node ${c.name}`);
    return undefined;
  }

  /** UpdatePodCondition: DisruptionTarget=True, reason PreemptionByScheduler; the transition time changes only with the status. */
  private withDisruptionTarget(victim: Pod, preemptor: Pod): PodCondition[] {
    const conditions = victim.status?.conditions ?? [];
    const old = conditions.find((c) => c.type === 'DisruptionTarget');
    const cond: PodCondition = {
      type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler',
      message: `${preemptor.spec?.schedulerName ?? 'default-scheduler'}: preempting to accommodate a higher priority pod`,
      lastProbeTime: null as unknown as string,
      lastTransitionTime: old?.status === 'True' && old.lastTransitionTime ? old.lastTransitionTime : toRFC3339(this.handle.now()),
    };
    return old ? conditions.map((c) => (c === old ? cond : c)) : [...conditions, cond];
  }
}
