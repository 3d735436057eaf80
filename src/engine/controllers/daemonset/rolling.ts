// The DaemonSet rolling update (update.go rollingUpdate): which old pods to delete and which nodes get a new
// pod this pass, staying within maxUnavailable, or with maxSurge within the extra pods it allows.
import type { Node } from 'kubernetes-types/core/v1';
import { isPodAvailable } from '../podcontrol.ts';
import { isPodUpdated, nodeShouldRunDaemonPod, surgeCount, templateGeneration, unavailableCount, type DS, type P } from './util.ts';

export interface RolloutPlan { podsToDelete: string[]; nodesToCreate: string[] }

/**
 * findUpdatedPodsOnNode: the node's one new and one old pod (not being deleted); undefined when there are
 * more, which the manage loop prunes first.
 */
function updatedPodsOnNode(ds: DS, pods: P[], hash: string): { newPod?: P; oldPod?: P } | undefined {
  let newPod: P | undefined, oldPod: P | undefined;
  const generation = templateGeneration(ds);
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return undefined;
      newPod = pod;
    } else {
      if (oldPod) return undefined;
      oldPod = pod;
    }
  }
  return { newPod, oldPod };
}

/**
 * updatedDesiredNodeCounts: the nodes that should run the pod get an (empty) entry; maxUnavailable becomes 1
 * when both limits come out as 0.
 */
function desiredNodeCounts(ds: DS, nodes: readonly Node[], nodeToPods: Map<string, P[]>): { maxSurge: number; maxUnavailable: number; desired: number } {
  let desired = 0;
  for (const node of nodes) {
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) continue;
    desired++;
    if (!nodeToPods.has(node.metadata!.name!)) nodeToPods.set(node.metadata!.name!, []);
  }
  const maxSurge = surgeCount(ds, desired);
  let maxUnavailable = unavailableCount(ds, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable, desired };
}

/**
 * rollingUpdate. Simplification: nodes are visited in name order, where upstream walks a Go map in random order
 * (which of several candidate nodes goes first is deterministic here).
 */
export function planRollingUpdate(ds: DS, nodes: readonly Node[], nodeToPodsIn: Map<string, P[]>, hash: string, now: number): RolloutPlan {
  const nodeToPods = new Map(nodeToPodsIn);
  const { maxSurge, maxUnavailable, desired } = desiredNodeCounts(ds, nodes, nodeToPods);
  const minReady = ds.spec?.minReadySeconds ?? 0;
  const available = (p: P) => isPodAvailable(p, minReady, now);
  const entries = [...nodeToPods].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const nodeByName = new Map(nodes.map((n) => [n.metadata!.name!, n]));
  const shouldRun = (name: string) => { const n = nodeByName.get(name); return !!n && nodeShouldRunDaemonPod(n, ds).shouldRun; };

  if (maxSurge === 0) {
    // Delete just enough old pods to stay within maxUnavailable; the manage loop then creates their replacements.
    let numUnavailable = 0;
    const replacements: string[] = [];
    const candidates: string[] = [];
    for (const [, pods] of entries) {
      const found = updatedPodsOnNode(ds, pods, hash);
      if (!found) { numUnavailable++; continue; }
      const { newPod, oldPod } = found;
      if ((!oldPod && !newPod) || (oldPod && newPod)) numUnavailable++;
      else if (newPod) { if (!available(newPod)) numUnavailable++; }
      else if (!available(oldPod!)) { replacements.push(oldPod!.metadata.name!); numUnavailable++; }
      else if (numUnavailable < maxUnavailable) candidates.push(oldPod!.metadata.name!);
    }
    const remaining = Math.min(Math.max(maxUnavailable - numUnavailable, 0), candidates.length);
    return { podsToDelete: [...replacements, ...candidates.slice(0, remaining)], nodesToCreate: [] };
  }

  // Surge: a new pod beside each old one (up to maxSurge at a time); the old one goes once the new is available.
  const podsToDelete: string[] = [];
  const shouldNotRun: string[] = [];
  const candidateNodes: string[] = [];
  const allowedNodes: string[] = [];
  let numSurge = 0, numAvailable = 0;
  for (const [nodeName, pods] of entries) {
    const found = updatedPodsOnNode(ds, pods, hash);
    if (!found) { numSurge++; continue; }
    const { newPod, oldPod } = found;
    if (oldPod ? available(oldPod) : newPod && available(newPod)) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      if (!available(oldPod)) {
        if (!shouldRun(nodeName)) podsToDelete.push(oldPod.metadata.name!);
        else allowedNodes.push(nodeName);
      } else if (!shouldRun(nodeName)) shouldNotRun.push(oldPod.metadata.name!);
      else if (numSurge < maxSurge) candidateNodes.push(nodeName);
      continue;
    }
    if (!available(newPod)) { numSurge++; continue; }
    podsToDelete.push(oldPod.metadata.name!);
  }
  // Pods on nodes that no longer fit go only while enough others are available elsewhere.
  const deletable = Math.min(Math.max(numAvailable - desired, 0), shouldNotRun.length);
  podsToDelete.push(...shouldNotRun.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(maxSurge - numSurge, 0), candidateNodes.length);
  return { podsToDelete, nodesToCreate: [...allowedNodes, ...candidateNodes.slice(0, remainingSurge)] };
}
