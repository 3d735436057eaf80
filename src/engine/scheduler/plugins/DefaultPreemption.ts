// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption): the PostFilter plugin that makes room for
// a pod no node accepts by evicting lower-priority pods. It decides eligibility and victims; the Evaluator
// (../preemption/evaluator.ts) finds candidates, picks the node and evicts.
import type { Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { Store } from '../../apiserver/store.ts';
import type { SeededRng } from '../../sim/rng.ts';
import type { CycleState, Handle, NodeToStatus, PostFilterPlugin, PostFilterResult } from '../framework/interface.ts';
import type { NodeInfo, PodInfo } from '../framework/nodeinfo.ts';
import { Code, Status } from '../framework/status.ts';
import { cloneNodeInfo, Evaluator, type PreemptionPolicy } from '../preemption/evaluator.ts';
import { filterPodsWithPDBViolation } from '../preemption/pdb.ts';
import { podPriority, sortByImportance } from '../preemption/victims.ts';
import { ArgsError } from './NodeResourcesFit.ts';

export interface DefaultPreemptionArgs {
  /** At least this share of the potential nodes is dry-run (default 10). */
  minCandidateNodesPercentage?: number;
  /** …and at least this many (default 100). */
  minCandidateNodesAbsolute?: number;
}

export const NO_VICTIMS = 'No preemption victims found for incoming pod';

/** ValidateDefaultPreemptionArgs. */
function validateArgs(pct: number, abs: number): void {
  const errs: string[] = [];
  if (!Number.isInteger(pct) || pct < 0 || pct > 100) errs.push(`minCandidateNodesPercentage: Invalid value: ${pct}: not in valid range [0, 100]`);
  if (!Number.isInteger(abs) || abs < 0) errs.push(`minCandidateNodesAbsolute: Invalid value: ${abs}: not in valid range [0, inf)`);
  if (pct === 0 && abs === 0) {
    errs.push('minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute');
    errs.push('minCandidateNodesAbsolute: Invalid value: 0: cannot be zero at the same time as minCandidateNodesPercentage');
  }
  if (errs.length) throw new ArgsError(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
}

/** podTerminatingByPreemption: being deleted, with DisruptionTarget=True set by a scheduler's preemption. */
function terminatingByPreemption(p: Pod): boolean {
  if (!p.metadata?.deletionTimestamp) return false;
  const c = p.status?.conditions?.find((x) => x.type === 'DisruptionTarget');
  return !!c && c.status === 'True' && c.reason === 'PreemptionByScheduler';
}

export class DefaultPreemption implements PostFilterPlugin, PreemptionPolicy {
  readonly name = 'DefaultPreemption';
  readonly minCandidateNodesPercentage: number;
  readonly minCandidateNodesAbsolute: number;
  readonly evaluator: Evaluator;

  constructor(args: DefaultPreemptionArgs, private readonly handle: Handle, store: Store, private readonly rng: SeededRng) {
    this.minCandidateNodesPercentage = args.minCandidateNodesPercentage ?? 10;
    this.minCandidateNodesAbsolute = args.minCandidateNodesAbsolute ?? 100;
    validateArgs(this.minCandidateNodesPercentage, this.minCandidateNodesAbsolute);
    this.evaluator = new Evaluator(this, handle, store);
  }

  postFilter(state: CycleState, pod: Pod, filtered: NodeToStatus): { status: Status; result?: PostFilterResult } {
    const { status, result } = this.evaluator.preempt(state, pod, filtered);
    const msg = status.message();
    return { status: msg ? new Status(status.code, [`preemption: ${msg}`]) : status, result };
  }

  /** calculateNumCandidates: the percentage of the nodes, at least the absolute number, at most all nodes. */
  calculateNumCandidates(numNodes: number): number {
    const n = Math.floor((numNodes * this.minCandidateNodesPercentage) / 100);
    return Math.min(Math.max(n, this.minCandidateNodesAbsolute), numNodes);
  }

  getOffsetAndNumCandidates(numNodes: number): [number, number] {
    return [this.rng.int(numNodes), this.calculateNumCandidates(numNodes)];
  }

  /**
   * PodEligibleToPreemptOthers: not with preemptionPolicy Never; not while lower-priority pods on the node the
   * pod is nominated to are still terminating from an earlier preemption (unless that node is now out of reach).
   */
  podEligibleToPreemptOthers(pod: Pod, nominatedNodeStatus: Status | undefined): { eligible: boolean; message: string } {
    if (pod.spec?.preemptionPolicy === 'Never') return { eligible: false, message: 'not eligible due to preemptionPolicy=Never.' };
    const nominated = pod.status?.nominatedNodeName;
    // A nominated node without a status was not evaluated: it counts as UnschedulableAndUnresolvable.
    if (!nominated || !nominatedNodeStatus || nominatedNodeStatus.code === Code.UnschedulableAndUnresolvable) return { eligible: true, message: '' };
    const node = this.handle.nodeInfo(nominated);
    for (const info of node?.pods.values() ?? []) {
      if (podPriority(info.pod) < podPriority(pod) && terminatingByPreemption(info.pod)) {
        return { eligible: false, message: 'not eligible due to a terminating pod on the nominated node.' };
      }
    }
    return { eligible: true, message: '' };
  }

  /**
   * SelectVictimsOnNode: remove every lower-priority pod; if the pod fits then, add them back from the most
   * important down — PDB-violating ones first — keeping each that still lets the pod fit. The rest are victims.
   */
  selectVictimsOnNode(snapshotState: CycleState, pod: Pod, snapshotNode: NodeInfo, pdbs: PodDisruptionBudget[]): { victims: Pod[]; numPDBViolations: number; status: Status } {
    const runner = this.handle.pluginsRunner?.();
    if (!runner) return { victims: [], numPDBViolations: 0, status: Status.error('the framework handle runs no plugins') };
    const priority = podPriority(pod);
    // Upstream removes the potential victims (lower priority) first and returns this when there were none.
    if (snapshotNode.lowestPodPriority() >= priority) return { victims: [], numPDBViolations: 0, status: Status.unresolvable(NO_VICTIMS) };
    const potential: PodInfo[] = [];
    for (const info of snapshotNode.pods.values()) if (podPriority(info.pod) < priority) potential.push(info);
    const node = cloneNodeInfo(snapshotNode);
    const state = snapshotState.clone();
    const byPod = new Map(potential.map((info) => [info.pod, info]));
    const remove = (p: Pod) => { node.removePod(p.metadata!.uid!); runner.runPreFilterExtensionRemovePod(state, pod, p, node); };
    const add = (p: Pod) => { node.addPod(byPod.get(p)!); runner.runPreFilterExtensionAddPod(state, pod, p, node); };
    for (const info of potential) remove(info.pod);
    const fits = runner.runFilterWithNominatedPods(state, pod, node);
    if (!fits.isSuccess()) return { victims: [], numPDBViolations: 0, status: fits };

    const now = this.handle.now();
    const { violating, nonViolating } = filterPodsWithPDBViolation(sortByImportance(potential.map((i) => i.pod), now), pdbs);
    const victims: Pod[] = [];
    const reprieve = (p: Pod): boolean => {
      add(p);
      if (runner.runFilterWithNominatedPods(state, pod, node).isSuccess()) return true;
      remove(p);
      victims.push(p);
      return false;
    };
    let numPDBViolations = 0;
    for (const p of violating) if (!reprieve(p)) numPDBViolations++;
    for (const p of nonViolating) reprieve(p);
    // Keep victims from the most to the least important when both groups contributed.
    if (violating.length && nonViolating.length) sortByImportance(victims, now);
    return { victims, numPDBViolations, status: Status.success() };
  }
}
