// deployment/rolling.go: surge the new ReplicaSet up and the old ones down within maxSurge/maxUnavailable.
import { maxUnavailable, resolveFenceposts, byCreation, specReplicas, sumAvailable, sumSpec } from './util.ts';
import { cleanupDeployment, scaleReplicaSet, syncRolloutStatus, type D, type RS, type SyncContext } from './sync.ts';

export function rolloutRolling(ctx: SyncContext, d: D, newRS: RS, oldRSs: RS[]): void {
  let allRSs = [...oldRSs, newRS];
  const scaledUp = reconcileNewReplicaSet(ctx, d, allRSs, newRS);
  if (scaledUp) return syncRolloutStatus(ctx, d, allRSs, newRS);
  allRSs = [...oldRSs, newRS];
  if (reconcileOldReplicaSets(ctx, d, allRSs, oldRSs.filter((rs) => specReplicas(rs) > 0), newRS)) {
    return syncRolloutStatus(ctx, d, allRSs, newRS);
  }
  const replicas = d.spec?.replicas ?? 1;
  const complete = (newRS.status?.replicas ?? 0) === replicas && (newRS.status?.availableReplicas ?? 0) === replicas && oldRSs.every((rs) => (rs.status?.replicas ?? 0) === 0);
  if (complete) cleanupDeployment(ctx, d, oldRSs);
  syncRolloutStatus(ctx, d, allRSs, newRS);
}

function reconcileNewReplicaSet(ctx: SyncContext, d: D, allRSs: RS[], newRS: RS): boolean {
  const replicas = d.spec?.replicas ?? 1;
  const current = specReplicas(newRS);
  if (current === replicas) return false;
  if (current > replicas) {
    scaleReplicaSet(ctx, d, newRS, replicas);
    return true;
  }
  // NewRSNewReplicas: never more than replicas + maxSurge pods in total.
  const { maxSurge } = resolveFenceposts(d);
  const currentPodCount = sumSpec(allRSs);
  const maxTotal = replicas + maxSurge;
  if (currentPodCount >= maxTotal) return false;
  const scaleUp = Math.min(maxTotal - currentPodCount, replicas - current);
  scaleReplicaSet(ctx, d, newRS, current + scaleUp);
  return true;
}

function reconcileOldReplicaSets(ctx: SyncContext, d: D, allRSs: RS[], oldRSs: RS[], newRS: RS): boolean {
  if (sumSpec(oldRSs) === 0) return false;
  const replicas = d.spec?.replicas ?? 1;
  const minAvailable = replicas - maxUnavailable(d);
  const newRSUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = sumSpec(allRSs) - minAvailable - newRSUnavailable;
  if (maxScaledDown <= 0) return false;
  // First scale down old ReplicaSets' unhealthy pods: they do not count towards availability anyway.
  let cleaned = 0;
  const sorted = [...oldRSs].sort(byCreation);
  const after: RS[] = [];
  for (const rs of sorted) {
    const spec = specReplicas(rs);
    const avail = rs.status?.availableReplicas ?? 0;
    if (cleaned >= maxScaledDown || spec === 0 || spec === avail) { after.push(rs); continue; }
    const down = Math.min(maxScaledDown - cleaned, spec - avail);
    after.push(scaleReplicaSet(ctx, d, rs, spec - down));
    cleaned += down;
  }
  // Then scale down healthy ones as far as minAvailable allows.
  const available = sumAvailable([...after, newRS]);
  let scaled = 0;
  if (available > minAvailable) {
    const total = available - minAvailable;
    for (const rs of after) {
      if (scaled >= total) break;
      const spec = specReplicas(rs);
      if (spec === 0) continue;
      const down = Math.min(spec, total - scaled);
      scaleReplicaSet(ctx, d, rs, spec - down);
      scaled += down;
    }
  }
  return cleaned + scaled > 0;
}
