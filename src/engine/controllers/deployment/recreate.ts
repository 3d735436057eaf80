// deployment/recreate.go: scale every old ReplicaSet to zero, wait for their pods to go, then scale up the new.
import type { Pod } from 'kubernetes-types/core/v1';
import { cleanupDeployment, scaleReplicaSet, syncRolloutStatus, type D, type RS, type SyncContext } from './sync.ts';
import { specReplicas } from './util.ts';

export function rolloutRecreate(ctx: SyncContext, d: D, newRS: RS, oldRSs: RS[], podsOf: (rs: RS) => Pod[]): void {
  const running = (p: Pod) => p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded';
  const active = oldRSs.filter((rs) => specReplicas(rs) > 0);
  if (active.length) {
    for (const rs of active) scaleReplicaSet(ctx, d, rs, 0);
    return syncRolloutStatus(ctx, d, [...oldRSs, newRS], newRS);
  }
  // Old pods must be gone (not merely terminating) before the new ones start.
  if (oldRSs.some((rs) => podsOf(rs).some(running))) {
    return syncRolloutStatus(ctx, d, [...oldRSs, newRS], newRS);
  }
  const replicas = d.spec?.replicas ?? 1;
  if (specReplicas(newRS) !== replicas) scaleReplicaSet(ctx, d, newRS, replicas);
  else if ((newRS.status?.availableReplicas ?? 0) === replicas) cleanupDeployment(ctx, d, oldRSs);
  syncRolloutStatus(ctx, d, [...oldRSs, newRS], newRS);
}
