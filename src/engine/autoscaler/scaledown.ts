// Scale-down planning (core/scaledown/planner, simulator/drainability, utilization): a node of a node group may go
// when it is underutilized, each of its pods may be evicted, and every such pod fits on the nodes that stay.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget as PDB } from 'kubernetes-types/policy/v1';
import { selectorFromLabelSelector } from '../api/labels.ts';
import { isPodTerminal } from '../api/pod.ts';
import type { NodeInfo } from '../scheduler/framework/nodeinfo.ts';
import type { AutoscalingOptions } from './options.ts';
import type { SimulatedCluster } from './simulator.ts';

export const SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
export const SAFE_TO_EVICT_LOCAL_VOLUMES = 'cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes';
export const SCALE_DOWN_DISABLED = 'cluster-autoscaler.kubernetes.io/scale-down-disabled';
/** The taint a node gets before it is drained (taints.ToBeDeletedTaint), its value the time in Unix seconds. */
export const TO_BE_DELETED_TAINT = 'ToBeDeletedByClusterAutoscaler';
const GPU = 'nvidia.com/gpu';

/** Whether the autoscaler marked the node for removal. */
export function hasDeletionTaint(n: Node): boolean {
  return !!n.spec?.taints?.some((t) => t.key === TO_BE_DELETED_TAINT);
}

/** utilization.Info, printed as Go prints the struct: {CpuUtil MemUtil GpuUtil ResourceName Utilization}. */
export interface Utilization { cpu: number; memory: number; gpu: number; resource: string; value: number }

export function formatUtilization(u: Utilization): string {
  return `{${u.cpu} ${u.memory} ${u.gpu} ${u.resource} ${u.value}}`;
}

/**
 * utilization.Calculate: a GPU node by its GPUs alone; any other by the larger of requested cpu and memory over
 * allocatable (DaemonSet and mirror pods count, as --ignore-daemonsets-utilization and
 * --ignore-mirror-pods-utilization are false by default).
 */
export function utilizationOf(info: NodeInfo): Utilization {
  const share = (r: string) => (info.allocatable[r] ? (info.requested[r] ?? 0) / info.allocatable[r] : 0);
  if (info.allocatable[GPU]) {
    const gpu = share(GPU);
    return { cpu: 0, memory: 0, gpu, resource: GPU, value: gpu };
  }
  const cpu = share('cpu'), memory = share('memory');
  return cpu > memory ? { cpu, memory, gpu: 0, resource: 'cpu', value: cpu } : { cpu, memory, gpu: 0, resource: 'memory', value: memory };
}

export function isGpuNode(info: NodeInfo): boolean { return !!info.allocatable[GPU]; }

/** Why a pod keeps its node (drainability.BlockingPodReason). */
export type BlockingPodReason = 'NotReplicated' | 'UnmovableKubeSystemPod' | 'NotSafeToEvictAnnotation' | 'LocalStorageRequested' | 'NotEnoughPdb';

export interface PodsToMove { pods: Pod[]; blocking?: { pod: Pod; reason: BlockingPodReason } }

/**
 * GetPodsToMove: the pods a drain would evict, or the first that may not be. DaemonSet pods, mirror pods and
 * finished or terminating pods stay out of it.
 */
export function podsToMove(info: NodeInfo, pdbs: readonly PDB[], opts: AutoscalingOptions): PodsToMove {
  const pods: Pod[] = [];
  for (const { pod } of info.pods.values()) {
    if (stayOnDrain(pod)) continue;
    if (isPodTerminal(pod) || pod.metadata?.deletionTimestamp) continue;
    const reason = blockingReason(pod, pdbs, opts);
    if (reason) return { pods, blocking: { pod, reason } };
    pods.push(pod);
  }
  return { pods };
}

function blockingReason(pod: Pod, pdbs: readonly PDB[], opts: AutoscalingOptions): BlockingPodReason | undefined {
  const annotations = pod.metadata?.annotations ?? {};
  const covering = pdbs.filter((b) => b.metadata?.namespace === pod.metadata?.namespace && matches(b, pod));
  if (covering.some((b) => (b.status?.disruptionsAllowed ?? 0) < 1)) return 'NotEnoughPdb';
  if (annotations[SAFE_TO_EVICT] === 'true') return undefined;
  if (annotations[SAFE_TO_EVICT] === 'false') return 'NotSafeToEvictAnnotation';
  if (!pod.metadata?.ownerReferences?.some((r) => r.controller)) return 'NotReplicated';
  if (opts.skipNodesWithSystemPods && pod.metadata?.namespace === 'kube-system' && !covering.length) return 'UnmovableKubeSystemPod';
  if (opts.skipNodesWithLocalStorage && hasLocalStorage(pod)) return 'LocalStorageRequested';
  return undefined;
}

function matches(pdb: PDB, pod: Pod): boolean {
  try {
    return selectorFromLabelSelector(pdb.spec?.selector).matches(pod.metadata?.labels ?? {});
  } catch {
    return false;
  }
}

/** hostPath, or emptyDir on disk, not named in safe-to-evict-local-volumes. */
function hasLocalStorage(pod: Pod): boolean {
  const allowed = new Set((pod.metadata?.annotations?.[SAFE_TO_EVICT_LOCAL_VOLUMES] ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  return (pod.spec?.volumes ?? []).some((v) => !allowed.has(v.name) && (v.hostPath || (v.emptyDir && v.emptyDir.medium !== 'Memory')));
}

/** DaemonSet pods and mirror pods: a drain neither evicts nor waits for them. */
export function stayOnDrain(pod: Pod): boolean {
  return !!pod.metadata?.ownerReferences?.some((r) => r.controller && r.kind === 'DaemonSet') || pod.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined;
}

/** Why a node may not go (simulator.UnremovableReason), or what its removal needs. */
export type Verdict =
  | { removable: true; util: Utilization; pods: Pod[] }
  | { removable: false; util?: Utilization; reason: 'ScaleDownDisabledAnnotation' | 'NotUnderutilized' | 'NodeGroupMinSizeReached' | 'NoPlaceToMovePods' | 'NotReady'; blocking?: undefined }
  | { removable: false; util: Utilization; reason: 'BlockedByPod'; blocking: { pod: Pod; reason: BlockingPodReason } };

export interface Candidate { node: Node; info: NodeInfo; group: string; ready: boolean }

/**
 * The planner's pass: each candidate in turn, its pods placed on the nodes that stay (earlier removable nodes
 * count as gone), so two half-empty nodes are not both removed onto each other. roomInGroup: how many of each
 * group's nodes may still go before its minimum size.
 */
export function planScaleDown(candidates: readonly Candidate[], cluster: SimulatedCluster, pdbs: readonly PDB[], opts: AutoscalingOptions, roomInGroup: Map<string, number>): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  let sim = cluster;
  for (const c of candidates) {
    const name = c.node.metadata!.name!;
    if (c.node.metadata?.annotations?.[SCALE_DOWN_DISABLED] === 'true') { verdicts.set(name, { removable: false, reason: 'ScaleDownDisabledAnnotation' }); continue; }
    if (!c.ready) { verdicts.set(name, { removable: false, reason: 'NotReady' }); continue; }
    const util = utilizationOf(c.info);
    const threshold = isGpuNode(c.info) ? opts.scaleDownGpuUtilizationThreshold : opts.scaleDownUtilizationThreshold;
    if (util.value >= threshold) { verdicts.set(name, { removable: false, util, reason: 'NotUnderutilized' }); continue; }
    if ((roomInGroup.get(c.group) ?? 0) <= 0) { verdicts.set(name, { removable: false, util, reason: 'NodeGroupMinSizeReached' }); continue; }
    const move = podsToMove(c.info, pdbs, opts);
    if (move.blocking) { verdicts.set(name, { removable: false, util, reason: 'BlockedByPod', blocking: move.blocking }); continue; }
    const trial = sim.fork();
    trial.removeNode(name);
    if (!move.pods.every((p) => trial.placeAnywhere(unbound(p)) !== undefined)) { verdicts.set(name, { removable: false, util, reason: 'NoPlaceToMovePods' }); continue; }
    sim = trial;
    roomInGroup.set(c.group, roomInGroup.get(c.group)! - 1);
    verdicts.set(name, { removable: true, util, pods: move.pods });
  }
  return verdicts;
}

/** The pod as the scheduler would see it again after its eviction: no node (NodeName's Filter would keep it home). */
function unbound(p: Pod): Pod {
  return { ...p, spec: { ...p.spec!, nodeName: undefined } };
}

