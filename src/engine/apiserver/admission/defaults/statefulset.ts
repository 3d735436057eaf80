// StatefulSet defaults (pkg/apis/apps/v1 SetDefaults_StatefulSet, and SetDefaults_PersistentVolumeClaim for the
// claim templates), with the pod template getting the PodSpec defaults.
import { setPodSpecDefaults } from './podspec.ts';
import { ensureObj, isObj, type Obj } from './objects.ts';

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

export function setStatefulSetDefaults(spec: Obj): void {
  if (absent(spec.podManagementPolicy)) spec.podManagementPolicy = 'OrderedReady';
  const strategy = ensureObj(spec, 'updateStrategy');
  if (absent(strategy.type)) {
    strategy.type = 'RollingUpdate';
    if (!isObj(strategy.rollingUpdate)) strategy.rollingUpdate = {};
  }
  if (strategy.type === 'RollingUpdate' && isObj(strategy.rollingUpdate) && absent(strategy.rollingUpdate.partition)) strategy.rollingUpdate.partition = 0;
  const retention = ensureObj(spec, 'persistentVolumeClaimRetentionPolicy');
  if (absent(retention.whenDeleted)) retention.whenDeleted = 'Retain';
  if (absent(retention.whenScaled)) retention.whenScaled = 'Retain';
  if (absent(spec.replicas)) spec.replicas = 1;
  if (absent(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  setPodSpecDefaults(ensureObj(ensureObj(spec, 'template'), 'spec'));
  if (Array.isArray(spec.volumeClaimTemplates)) {
    for (const claim of spec.volumeClaimTemplates.filter(isObj)) {
      // Embedded claims serialize with their type and a Pending status, as a real API server returns them.
      if (absent(claim.apiVersion)) claim.apiVersion = 'v1';
      if (absent(claim.kind)) claim.kind = 'PersistentVolumeClaim';
      const claimSpec = ensureObj(claim, 'spec');
      if (absent(claimSpec.volumeMode)) claimSpec.volumeMode = 'Filesystem';
      const status = ensureObj(claim, 'status');
      if (absent(status.phase)) status.phase = 'Pending';
    }
  }
}
