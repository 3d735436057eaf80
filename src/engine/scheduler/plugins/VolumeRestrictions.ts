// VolumeRestrictions (pkg/scheduler/framework/plugins/volumerestrictions): a ReadWriteOncePod claim already used by
// a scheduled pod blocks every node, and an in-tree disk (GCE PD, AWS EBS) used read-write by a pod on the node
// blocks that node. PreFilter counts the conflicting pods; preemption's AddPod/RemovePod keep the count current.
import type { Pod, Volume } from 'kubernetes-types/core/v1';
import { isPodTerminal } from '../../api/pod.ts';
import { podClaimNames, type PVC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';
import type { CycleState, FilterPlugin, PreFilterPlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export const ERR_DISK_CONFLICT = 'node(s) had no available disk';
export const ERR_RWOP_CONFLICT = 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

const STATE_KEY = 'PreFilterVolumeRestrictions';

class PreFilterState {
  constructor(readonly rwopClaims: Set<string>, public conflicting: number) {}
  clone(): PreFilterState { return new PreFilterState(this.rwopClaims, this.conflicting); }
}

/** The claims (namespace/name) of a pod's volumes. */
const claimKeys = (pod: Pod) => podClaimNames(pod).map((c) => `${pod.metadata?.namespace ?? 'default'}/${c.claim}`);

/** Two in-tree disk volumes that cannot be mounted together (isVolumeConflict). */
function diskConflict(v: Volume, other: Volume): boolean {
  if (v.gcePersistentDisk && other.gcePersistentDisk) {
    return v.gcePersistentDisk.pdName === other.gcePersistentDisk.pdName && !(v.gcePersistentDisk.readOnly && other.gcePersistentDisk.readOnly);
  }
  if (v.awsElasticBlockStore && other.awsElasticBlockStore) return v.awsElasticBlockStore.volumeID === other.awsElasticBlockStore.volumeID;
  return false;
}

export class VolumeRestrictions implements PreFilterPlugin, FilterPlugin {
  readonly name = 'VolumeRestrictions';

  constructor(private readonly store: Store) {}

  preFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status } {
    // No volumes: no disk to conflict and no claim to share (upstream's Skip, without building the sets).
    if (!pod.spec?.volumes?.length) return { status: Status.skip() };
    const disks = (pod.spec?.volumes ?? []).some((v) => v.gcePersistentDisk || v.awsElasticBlockStore);
    const ns = pod.metadata?.namespace ?? 'default';
    const rwop = new Set(podClaimNames(pod)
      .filter(({ claim }) => this.store.tryGet<PVC>('PersistentVolumeClaim', ns, claim)?.spec?.accessModes?.includes('ReadWriteOncePod'))
      .map(({ claim }) => `${ns}/${claim}`));
    let conflicting = 0;
    if (rwop.size) for (const n of nodes) for (const { pod: p } of n.pods.values()) if (this.uses(p, rwop, pod)) conflicting++;
    if (!disks && conflicting === 0) return { status: Status.skip() };
    state.write(STATE_KEY, new PreFilterState(rwop, conflicting));
    return { status: Status.success() };
  }

  addPod(state: CycleState, pod: Pod, added: Pod): void {
    const s = state.read<PreFilterState>(STATE_KEY);
    if (s && this.uses(added, s.rwopClaims, pod)) s.conflicting++;
  }

  removePod(state: CycleState, pod: Pod, removed: Pod): void {
    const s = state.read<PreFilterState>(STATE_KEY);
    if (s && this.uses(removed, s.rwopClaims, pod)) s.conflicting--;
  }

  filter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    for (const v of pod.spec?.volumes ?? []) {
      for (const { pod: p } of node.pods.values()) if ((p.spec?.volumes ?? []).some((o) => diskConflict(v, o))) return Status.unschedulable(ERR_DISK_CONFLICT);
    }
    if ((state.read<PreFilterState>(STATE_KEY)?.conflicting ?? 0) > 0) return Status.unschedulable(ERR_RWOP_CONFLICT);
    return Status.success();
  }

  private uses(p: Pod, claims: Set<string>, self: Pod): boolean {
    if (p.metadata?.uid === self.metadata?.uid || isPodTerminal(p) || !claims.size) return false;
    return claimKeys(p).some((k) => claims.has(k));
  }
}
