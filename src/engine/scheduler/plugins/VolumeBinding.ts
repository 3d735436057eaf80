// VolumeBinding (pkg/scheduler/framework/plugins/volumebinding): a pod's claims must be bound, or bindable on the
// node. PreFilter sorts the claims (bound; delayed-binding ones to bind; unbound Immediate ones make the pod wait),
// Filter checks bound volumes' node affinity and finds, per node, a matching static volume or a class that can
// provision there, Reserve assumes the chosen volumes, PreBind writes the bindings (a volume's claimRef, or the
// claim's selected-node annotation for the provisioner).
// Simplification: PreBind does not wait for the PV controller to finish binding (upstream polls up to
// bindTimeoutSeconds); the kubelet waits for the claims instead. Storage capacity tracking is not modelled.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { ANN_BOUND_BY_CONTROLLER, ANN_SELECTED_NODE, bestMatch, claimClass, NO_PROVISIONER, podClaimNames, volumeNodeAffinityMatches, type PV, type PVC, type SC } from '../../api/storage.ts';
import { termMatches } from '../../api/nodeaffinity.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { CycleState, FilterPlugin, PreBindPlugin, PreFilterPlugin, ReservePlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export const ERR_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
export const ERR_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
export const ERR_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
export const ERR_PV_NOT_EXIST = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

const STATE_KEY = 'PreFilterVolumeBinding';

/** What the pod's claims need on one node. */
interface PodVolumes { staticBindings: { pv: PV; pvc: PVC }[]; provisions: PVC[] }
interface StateData { bound: PVC[]; toBind: PVC[]; byNode: Map<string, PodVolumes> }

export class VolumeBinding implements PreFilterPlugin, FilterPlugin, ReservePlugin, PreBindPlugin {
  readonly name = 'VolumeBinding';
  /** Volumes assumed for a claim between Reserve and PreBind (the assume cache): volume → claim uid. */
  private readonly assumed = new Map<string, string>();

  constructor(private readonly store: Store) {}

  preFilter(state: CycleState, pod: Pod): { status: Status } {
    const claims = podClaimNames(pod);
    if (!claims.length) return { status: Status.skip() };
    const ns = pod.metadata?.namespace ?? 'default';
    const data: StateData = { bound: [], toBind: [], byNode: new Map() };
    let unboundImmediate = false;
    for (const { claim } of claims) {
      const pvc = this.store.tryGet<PVC>('PersistentVolumeClaim', ns, claim);
      if (!pvc) return { status: Status.unresolvable(`persistentvolumeclaim "${claim}" not found`) };
      if (pvc.metadata.deletionTimestamp) return { status: Status.unresolvable(`persistentvolumeclaim "${claim}" is being deleted`) };
      if (pvc.spec?.volumeName) data.bound.push(pvc);
      else if (this.store.tryGet<SC>('StorageClass', undefined, claimClass(pvc))?.volumeBindingMode === 'WaitForFirstConsumer') data.toBind.push(pvc);
      else unboundImmediate = true;
    }
    if (unboundImmediate) return { status: Status.unresolvable(ERR_UNBOUND_IMMEDIATE) };
    state.writeForBinding(STATE_KEY, data);
    return { status: Status.success() };
  }

  filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status {
    const data = state.read<StateData>(STATE_KEY);
    if (!data) return Status.success();
    const node = nodeInfo.node;
    for (const pvc of data.bound) {
      const pv = this.store.tryGet<PV>('PersistentVolume', undefined, pvc.spec!.volumeName!);
      if (!pv) return Status.unresolvable(ERR_PV_NOT_EXIST);
      if (!volumeNodeAffinityMatches(pv, node)) return Status.unresolvable(ERR_NODE_CONFLICT);
    }
    const found: PodVolumes = { staticBindings: [], provisions: [] };
    const chosen = new Set<string>();
    const pvs = data.toBind.length ? this.store.list<PV>('PersistentVolume') : [];
    for (const pvc of data.toBind) {
      const pv = bestMatch(pvs, pvc, (v) => !chosen.has(v.metadata.name!) && volumeNodeAffinityMatches(v, node) && (this.assumed.get(v.metadata.name!) ?? pvc.metadata.uid) === pvc.metadata.uid);
      if (pv) {
        chosen.add(pv.metadata.name!);
        found.staticBindings.push({ pv, pvc });
      } else if (this.canProvision(pvc, node)) found.provisions.push(pvc);
      else return Status.unresolvable(ERR_BIND_CONFLICT);
    }
    data.byNode.set(nodeInfo.name, found);
    return Status.success();
  }

  /** checkVolumeProvisions: a class with a provisioner whose allowed topologies include the node. */
  private canProvision(pvc: PVC, node: Node): boolean {
    const selected = pvc.metadata.annotations?.[ANN_SELECTED_NODE];
    if (selected && selected !== node.metadata?.name) return false;
    const sc = this.store.tryGet<SC>('StorageClass', undefined, claimClass(pvc));
    if (!sc || sc.provisioner === NO_PROVISIONER) return false;
    const terms = sc.allowedTopologies;
    if (!terms?.length) return true;
    return terms.some((t) => termMatches({ matchExpressions: (t.matchLabelExpressions ?? []).map((e) => ({ key: e.key, operator: 'In', values: e.values })) }, node));
  }

  reserve(state: CycleState, _pod: Pod, nodeName: string): Status {
    for (const { pv, pvc } of this.decision(state, nodeName)?.staticBindings ?? []) this.assumed.set(pv.metadata.name!, pvc.metadata.uid!);
    return Status.success();
  }

  unreserve(state: CycleState, _pod: Pod, nodeName: string): void {
    for (const { pv } of this.decision(state, nodeName)?.staticBindings ?? []) this.assumed.delete(pv.metadata.name!);
  }

  /** BindPodVolumes: the API updates that hand the claims to the PV controller and the provisioner. */
  preBind(state: CycleState, _pod: Pod, nodeName: string): Status {
    const d = this.decision(state, nodeName);
    if (!d) return Status.success();
    try {
      for (const { pv, pvc } of d.staticBindings) {
        const live = this.store.get<PV>('PersistentVolume', undefined, pv.metadata.name!);
        const next = structuredClone(live);
        next.spec = { ...next.spec, claimRef: { kind: 'PersistentVolumeClaim', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, apiVersion: 'v1', resourceVersion: pvc.metadata.resourceVersion } };
        // The resourceVersion read at Filter: a volume bound meanwhile fails with a Conflict.
        next.metadata = { ...next.metadata, annotations: { ...next.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' }, resourceVersion: pv.metadata.resourceVersion };
        this.store.update(next);
        this.assumed.delete(pv.metadata.name!);
      }
      for (const pvc of d.provisions) {
        const live = this.store.get<PVC>('PersistentVolumeClaim', pvc.metadata.namespace, pvc.metadata.name!);
        if (live.metadata.annotations?.[ANN_SELECTED_NODE] === nodeName) continue;
        const next = structuredClone(live);
        next.metadata.annotations = { ...next.metadata.annotations, [ANN_SELECTED_NODE]: nodeName };
        this.store.update(next);
      }
    } catch (e) {
      if (!isStatusError(e)) throw e;
      return Status.error(e.message);
    }
    return Status.success();
  }

  private decision(state: CycleState, nodeName: string): PodVolumes | undefined {
    return state.read<StateData>(STATE_KEY)?.byNode.get(nodeName);
  }
}
