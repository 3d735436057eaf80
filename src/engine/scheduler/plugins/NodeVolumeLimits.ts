// NodeVolumeLimits (pkg/scheduler/framework/plugins/nodevolumelimits, CSILimits): the CSI volumes a node would have
// attached with the pod, per driver, must not exceed what its CSINode allows (allocatable.count). A bound claim
// counts as its volume handle; an unbound one as a new volume of its class's provisioner.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CSINode } from 'kubernetes-types/storage/v1';
import { claimClass, podClaimNames, type PV, type PVC, type SC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';
import type { CycleState, FilterPlugin, PreFilterPlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export const ERR_MAX_VOLUME_COUNT = 'node(s) exceed max volume count';

export class NodeVolumeLimits implements PreFilterPlugin, FilterPlugin {
  readonly name = 'NodeVolumeLimits';

  constructor(private readonly store: Store) {}

  preFilter(_s: CycleState, pod: Pod): { status: Status } {
    return { status: podClaimNames(pod).length ? Status.success() : Status.skip() };
  }

  filter(_s: CycleState, pod: Pod, node: NodeInfo): Status {
    const csiNode = this.store.tryGet<CSINode>('CSINode', undefined, node.name);
    if (!csiNode) return Status.success();
    const wanted = this.volumesOf(pod);
    if (!wanted.size) return Status.success();
    const attached = new Map<string, Set<string>>();
    for (const { pod: p } of node.pods.values()) {
      for (const [driver, handles] of this.volumesOf(p)) {
        const set = attached.get(driver) ?? new Set<string>();
        for (const h of handles) set.add(h);
        attached.set(driver, set);
      }
    }
    for (const [driver, handles] of wanted) {
      const limit = csiNode.spec.drivers.find((d) => d.name === driver)?.allocatable?.count;
      if (limit === undefined || limit === null) continue;
      const have = attached.get(driver) ?? new Set<string>();
      const added = [...handles].filter((h) => !have.has(h)).length;
      if (added > 0 && have.size + added > limit) return Status.unschedulable(ERR_MAX_VOLUME_COUNT);
    }
    return Status.success();
  }

  /** The pod's CSI volumes by driver: "driver^handle" for bound claims, the claim's key for ones to provision. */
  private volumesOf(pod: Pod): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const ns = pod.metadata?.namespace ?? 'default';
    for (const { claim } of podClaimNames(pod)) {
      const pvc = this.store.tryGet<PVC>('PersistentVolumeClaim', ns, claim);
      if (!pvc) continue;
      const pv = pvc.spec?.volumeName ? this.store.tryGet<PV>('PersistentVolume', undefined, pvc.spec.volumeName) : undefined;
      const driver = pv ? pv.spec?.csi?.driver : this.store.tryGet<SC>('StorageClass', undefined, claimClass(pvc))?.provisioner;
      if (!driver) continue;
      const id = pv?.spec?.csi ? `${driver}^${pv.spec.csi.volumeHandle}` : `${driver}/${ns}/${claim}`;
      const set = out.get(driver) ?? new Set<string>();
      set.add(id);
      out.set(driver, set);
    }
    return out;
  }
}
