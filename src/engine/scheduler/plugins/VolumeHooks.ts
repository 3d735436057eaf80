// The volume plugins of the default profile: VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone.
// Simplification: PersistentVolumeClaims arrive with the storage work; until then a pod without claims is
// skipped (as upstream does) and a pod that names a claim waits with upstream's "not found" reason.
import type { Pod } from 'kubernetes-types/core/v1';
import type { CycleState, FilterPlugin, PreFilterPlugin } from '../framework/interface.ts';
import { Status } from '../framework/status.ts';

function claims(pod: Pod): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : []));
}

export class VolumePlugin implements PreFilterPlugin, FilterPlugin {
  constructor(readonly name: string, private readonly claimExists: (namespace: string, name: string) => boolean) {}
  preFilter(_s: CycleState, pod: Pod): { status: Status } {
    const names = claims(pod);
    if (!names.length) return { status: Status.skip() };
    const missing = names.find((n) => !this.claimExists(pod.metadata?.namespace ?? 'default', n));
    if (missing && this.name === 'VolumeBinding') return { status: Status.unresolvable(`persistentvolumeclaim "${missing}" not found`) };
    return { status: Status.success() };
  }
  filter(): Status { return Status.success(); }
}
