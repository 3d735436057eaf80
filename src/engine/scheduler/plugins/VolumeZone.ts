// VolumeZone (pkg/scheduler/framework/plugins/volumezone): a bound volume labelled with a zone or region can only be
// used from nodes with the same label value (a label may list several zones separated by "__").
import type { Pod } from 'kubernetes-types/core/v1';
import { podClaimNames, type PV, type PVC } from '../../api/storage.ts';
import type { Store } from '../../apiserver/store.ts';
import type { CycleState, FilterPlugin, PreFilterPlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

export const ERR_VOLUME_ZONE_CONFLICT = 'node(s) had no available volume zone';
const TOPOLOGY_LABELS = ['failure-domain.beta.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/region', 'topology.kubernetes.io/zone', 'topology.kubernetes.io/region'];
const STATE_KEY = 'PreFilterVolumeZone';

export class VolumeZone implements PreFilterPlugin, FilterPlugin {
  readonly name = 'VolumeZone';

  constructor(private readonly store: Store) {}

  preFilter(state: CycleState, pod: Pod): { status: Status } {
    const ns = pod.metadata?.namespace ?? 'default';
    const constraints: { key: string; values: Set<string> }[] = [];
    for (const { claim } of podClaimNames(pod)) {
      const pvc = this.store.tryGet<PVC>('PersistentVolumeClaim', ns, claim);
      const pv = pvc?.spec?.volumeName ? this.store.tryGet<PV>('PersistentVolume', undefined, pvc.spec.volumeName) : undefined;
      for (const key of TOPOLOGY_LABELS) {
        const v = pv?.metadata.labels?.[key];
        if (v) constraints.push({ key, values: new Set(v.split('__')) });
      }
    }
    if (!constraints.length) return { status: Status.skip() };
    state.write(STATE_KEY, constraints);
    return { status: Status.success() };
  }

  filter(state: CycleState, _pod: Pod, node: NodeInfo): Status {
    const labels = node.node.metadata?.labels ?? {};
    for (const c of state.read<{ key: string; values: Set<string> }[]>(STATE_KEY) ?? []) {
      if (!c.values.has(labels[c.key] ?? '')) return Status.unresolvable(ERR_VOLUME_ZONE_CONFLICT);
    }
    return Status.success();
  }
}
