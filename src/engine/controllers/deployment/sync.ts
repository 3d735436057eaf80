// deployment/sync.go: finding or creating the new ReplicaSet, scaling with events, status and cleanup.
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { SimClock } from '../../sim/clock.ts';
import { controllerRefTo } from '../podcontrol.ts';
import {
  DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, POD_TEMPLATE_HASH, REVISION_ANNOTATION,
  byCreation, equalIgnoreHash, maxUnavailable, resolveFenceposts, revisionOf, specReplicas,
} from './util.ts';
import { computeHash } from '../hash.ts';

export type D = Deployment & KubeObject;
export type RS = ReplicaSet & KubeObject;

export interface SyncContext {
  store: Store;
  clock: SimClock;
  event: ReturnType<EventRecorder['forSource']>;
  requeueAfter(d: D, ms: number): void;
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's (ignoring the hash label). */
export function findNewReplicaSet(d: D, rsList: RS[]): RS | undefined {
  return [...rsList].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** Returns the new ReplicaSet (created when missing and asked to) and the old ones; syncs revisions. */
export function getAllReplicaSetsAndSyncRevision(ctx: SyncContext, d: D, rsList: RS[], create: boolean): { newRS?: RS; oldRSs: RS[] } {
  const existing = findNewReplicaSet(d, rsList);
  const oldRSs = rsList.filter((rs) => rs !== existing);
  const maxOld = oldRSs.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
  const newRevision = String(maxOld + 1);
  const { maxSurge } = resolveFenceposts(d);
  const replicas = d.spec?.replicas ?? 1;
  const annotations = (rs: RS | undefined): Record<string, string> => ({
    ...(rs?.metadata.annotations ?? {}),
    ...copiedAnnotations(d),
    [DESIRED_REPLICAS_ANNOTATION]: String(replicas),
    [MAX_REPLICAS_ANNOTATION]: String(replicas + (d.spec?.strategy?.type === 'RollingUpdate' ? maxSurge : 0)),
    [REVISION_ANNOTATION]: revisionOf(rs ?? ({} as RS)) > maxOld ? String(revisionOf(rs!)) : newRevision,
  });
  let newRS = existing;
  if (existing) {
    const want = annotations(existing);
    if (!jsonEqual(want, existing.metadata.annotations ?? {})) {
      newRS = ctx.store.update({ ...existing, metadata: { ...existing.metadata, annotations: want } }) as RS;
    }
  } else if (create) {
    newRS = createNewReplicaSet(ctx, d, oldRSs, annotations(undefined));
  }
  setDeploymentRevision(ctx, d, newRS ? newRS.metadata.annotations![REVISION_ANNOTATION] : newRevision);
  return { newRS, oldRSs };
}

/** copyDeploymentAnnotationsToReplicaSet: the Deployment's annotations (change-cause …) minus the skipped ones. */
const SKIPPED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration', REVISION_ANNOTATION, 'deployment.kubernetes.io/revision-history', DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, 'deprecated.deployment.rollback.to']);
function copiedAnnotations(d: D): Record<string, string> {
  return Object.fromEntries(Object.entries(d.metadata.annotations ?? {}).filter(([k]) => !SKIPPED_ANNOTATIONS.has(k)));
}

function createNewReplicaSet(ctx: SyncContext, d: D, oldRSs: RS[], annotations: Record<string, string>): RS {
  const hash = computeHash(d.spec!.template!, d.status?.collisionCount);
  const template = structuredClone(d.spec!.template!);
  template.metadata = { ...(template.metadata ?? {}), labels: { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH]: hash } };
  const selector = structuredClone(d.spec!.selector);
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [POD_TEMPLATE_HASH]: hash };
  // A brand-new ReplicaSet starts at the size the rollout allows right now (NewRSNewReplicas).
  const replicas = newRSNewReplicas(d, oldRSs);
  const rs: RS = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`, namespace: d.metadata.namespace,
      labels: template.metadata.labels, annotations, ownerReferences: [controllerRefTo(d)],
    },
    spec: { replicas, minReadySeconds: d.spec?.minReadySeconds ?? 0, selector, template },
  };
  try {
    const created = ctx.store.create(rs) as RS;
    if (replicas > 0) ctx.event(d, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name} from 0 to ${replicas}`);
    return created;
  } catch (e) {
    if (isStatusError(e, 'AlreadyExists')) {
      // A hash collision with a ReplicaSet of another template: bump collisionCount and retry (requeue).
      ctx.store.update({ ...ctx.store.get<Deployment>('Deployment', d.metadata.namespace, d.metadata.name!), status: { ...d.status, collisionCount: (d.status?.collisionCount ?? 0) + 1 } } as D, { subresource: 'status' });
    }
    throw e;
  }
}

function setDeploymentRevision(ctx: SyncContext, d: D, revision: string): void {
  const current = ctx.store.get<Deployment>('Deployment', d.metadata.namespace, d.metadata.name!);
  if (current.metadata.annotations?.[REVISION_ANNOTATION] === revision) return;
  ctx.store.update({ ...current, metadata: { ...current.metadata, annotations: { ...(current.metadata.annotations ?? {}), [REVISION_ANNOTATION]: revision } } } as D);
}

/** NewRSNewReplicas for a ReplicaSet about to be created: Recreate takes all, RollingUpdate what maxSurge leaves. */
function newRSNewReplicas(d: D, oldRSs: RS[]): number {
  const replicas = d.spec?.replicas ?? 1;
  if (d.spec?.strategy?.type !== 'RollingUpdate') return replicas;
  const maxTotal = replicas + resolveFenceposts(d).maxSurge;
  const current = oldRSs.reduce((s, rs) => s + specReplicas(rs), 0);
  return current >= maxTotal ? 0 : Math.min(maxTotal - current, replicas);
}

/** scaleReplicaSetAndRecordEvent. */
export function scaleReplicaSet(ctx: SyncContext, d: D, rs: RS, replicas: number): RS {
  const from = specReplicas(rs);
  if (from === replicas) return rs;
  const current = ctx.store.get<ReplicaSet>('ReplicaSet', rs.metadata.namespace, rs.metadata.name!);
  const { maxSurge } = resolveFenceposts(d);
  const dReplicas = d.spec?.replicas ?? 1;
  const annotations = {
    ...(current.metadata.annotations ?? {}),
    [DESIRED_REPLICAS_ANNOTATION]: String(dReplicas),
    [MAX_REPLICAS_ANNOTATION]: String(dReplicas + (d.spec?.strategy?.type === 'RollingUpdate' ? maxSurge : 0)),
  };
  const next = ctx.store.update({ ...current, metadata: { ...current.metadata, annotations }, spec: { ...current.spec!, replicas } } as RS) as RS;
  ctx.event(d, 'Normal', 'ScalingReplicaSet', `Scaled ${from < replicas ? 'up' : 'down'} replica set ${rs.metadata.name} from ${from} to ${replicas}`);
  return next;
}

/** cleanupDeployment: delete the oldest unused ReplicaSets beyond revisionHistoryLimit. */
export function cleanupDeployment(ctx: SyncContext, d: D, oldRSs: RS[]): void {
  const limit = d.spec?.revisionHistoryLimit ?? 10;
  const cleanable = oldRSs.filter((rs) => specReplicas(rs) === 0 && (rs.status?.replicas ?? 0) === 0 && !rs.metadata.deletionTimestamp).sort(byCreation);
  for (const rs of cleanable.slice(0, Math.max(0, cleanable.length - limit))) {
    ctx.store.delete('ReplicaSet', rs.metadata.namespace, rs.metadata.name!);
  }
}

/**
 * syncRolloutStatus: calculateStatus (counts and the Available condition) and, with a progress deadline, the
 * Progressing condition (NewReplicaSetAvailable, ReplicaSetUpdated on progress, ProgressDeadlineExceeded).
 * A rollout still in progress is looked at again when its deadline would pass (requeueStuckDeployment).
 */
export function syncRolloutStatus(ctx: SyncContext, d: D, allRSs: RS[], newRS: RS | undefined): void {
  const sum = (f: (rs: RS) => number) => allRSs.reduce((s, rs) => s + f(rs), 0);
  const replicas = d.spec?.replicas ?? 1;
  const available = sum((rs) => rs.status?.availableReplicas ?? 0);
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation,
    replicas: sum((rs) => rs.status?.replicas ?? 0),
    updatedReplicas: newRS?.status?.replicas ?? 0,
    readyReplicas: sum((rs) => rs.status?.readyReplicas ?? 0),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sum(specReplicas) - available),
    ...(d.status?.collisionCount !== undefined ? { collisionCount: d.status.collisionCount } : {}),
  };
  const nowMs = ctx.clock.now();
  const now = ctx.clock.nowRFC3339();
  const conditions = [...(d.status?.conditions ?? [])];
  setCondition(conditions, available >= replicas - maxUnavailable(d)
    ? { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' }
    : { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' }, now);
  let requeueMs: number | undefined;
  const deadline = d.spec?.progressDeadlineSeconds;
  const current = conditions.find((c) => c.type === 'Progressing');
  if (d.spec?.paused) {
    if (current?.reason !== 'DeploymentPaused') setCondition(conditions, { type: 'Progressing', status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' }, now);
  } else if (current?.reason === 'DeploymentPaused') {
    setCondition(conditions, { type: 'Progressing', status: 'Unknown', reason: 'DeploymentResumed', message: 'Deployment is resumed' }, now);
  } else if (deadline !== undefined && deadline < 2147483647) {
    const subject = newRS ? `ReplicaSet "${newRS.metadata.name}"` : `Deployment "${d.metadata.name}"`;
    const complete = status.updatedReplicas === replicas && status.replicas === replicas && available === replicas && (status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
    const old = d.status ?? {};
    const progressing = (status.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0)
      || (status.replicas ?? 0) - (status.updatedReplicas ?? 0) < (old.replicas ?? 0) - (old.updatedReplicas ?? 0)
      || (status.readyReplicas ?? 0) > (old.readyReplicas ?? 0)
      || available > (old.availableReplicas ?? 0);
    if (!current && newRS) {
      setCondition(conditions, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetCreated', message: `Created new replica set "${newRS.metadata.name}"` }, now);
    } else if (complete) {
      setCondition(conditions, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: `${subject} has successfully progressed.` }, now);
    } else if (progressing) {
      // Progress refreshes lastUpdateTime even with the same reason: the deadline counts from the last progress.
      const i = conditions.findIndex((c) => c.type === 'Progressing');
      const next: DeploymentCondition = { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: `${subject} is progressing.`, lastUpdateTime: now, lastTransitionTime: current?.status === 'True' ? current.lastTransitionTime : now };
      if (i >= 0) conditions[i] = next; else conditions.push(next);
    } else if (current && current.reason !== 'NewReplicaSetAvailable' && current.reason !== 'ProgressDeadlineExceeded') {
      const due = Date.parse(current.lastUpdateTime ?? now) + deadline * 1000;
      if (nowMs > due) setCondition(conditions, { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: `${subject} has timed out progressing.` }, now);
      else requeueMs = due - nowMs + 1000;
    }
    if (!complete && requeueMs === undefined && conditions.find((c) => c.type === 'Progressing')?.reason !== 'ProgressDeadlineExceeded') requeueMs = deadline * 1000 + 1000;
  }
  status.conditions = conditions;
  const live = ctx.store.get<Deployment>('Deployment', d.metadata.namespace, d.metadata.name!);
  const cleaned = omitZeros(status);
  if (!jsonEqual(live.status, cleaned)) ctx.store.update({ ...live, status: cleaned } as D, { subresource: 'status' });
  if (requeueMs !== undefined) ctx.requeueAfter(d, requeueMs);
}

/** SetDeploymentCondition: lastTransitionTime changes only when status does; lastUpdateTime on any change. */
function setCondition(list: DeploymentCondition[], c: DeploymentCondition, now: string): void {
  const i = list.findIndex((x) => x.type === c.type);
  const old = i >= 0 ? list[i] : undefined;
  if (old && old.status === c.status && old.reason === c.reason && old.message === c.message) return;
  const next: DeploymentCondition = {
    ...c,
    lastUpdateTime: now,
    lastTransitionTime: old && old.status === c.status ? old.lastTransitionTime : now,
  };
  if (i >= 0) list[i] = next; else list.push(next);
}

function omitZeros(s: DeploymentStatus): DeploymentStatus {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (v !== 0 && v !== undefined) out[k] = v;
  return out as DeploymentStatus;
}
