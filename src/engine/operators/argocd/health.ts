// Resource health as gitops-engine's pkg/health assesses the kinds kubesim has, and the application's health as
// the worst of its resources'. Kinds without a rule (ConfigMap, Secret, ServiceAccount …) have no health.
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import type { Job } from 'kubernetes-types/batch/v1';
import type { PersistentVolumeClaim, Pod, Service } from 'kubernetes-types/core/v1';
import type { Ingress } from 'kubernetes-types/networking/v1';
import type { KubeObject } from '../../api/object.ts';
import type { HealthStatus, HealthStatusCode } from './types.ts';

/** health.IsWorse's order: a later status is worse. */
const ORDER: HealthStatusCode[] = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'];
export const isWorse = (current: HealthStatusCode, next: HealthStatusCode) => ORDER.indexOf(next) > ORDER.indexOf(current);

const healthy = (message?: string): HealthStatus => (message ? { status: 'Healthy', message } : { status: 'Healthy' });
const progressing = (message?: string): HealthStatus => (message ? { status: 'Progressing', message } : { status: 'Progressing' });
const degraded = (message?: string): HealthStatus => (message ? { status: 'Degraded', message } : { status: 'Degraded' });
const observed = (o: KubeObject & { status?: { observedGeneration?: number } }) => (o.metadata.generation ?? 0) <= (o.status?.observedGeneration ?? 0);

function deployment(d: Deployment & KubeObject): HealthStatus {
  if (d.spec?.paused) return { status: 'Suspended', message: 'Deployment is paused' };
  if (!observed(d)) return progressing('Waiting for rollout to finish: observed deployment generation less than desired generation');
  const s = d.status ?? {};
  if (s.conditions?.some((c) => c.type === 'Progressing' && c.reason === 'ProgressDeadlineExceeded')) return degraded(`Deployment "${d.metadata.name}" exceeded its progress deadline`);
  const replicas = d.spec?.replicas ?? 1, updated = s.updatedReplicas ?? 0, total = s.replicas ?? 0, available = s.availableReplicas ?? 0;
  if (updated < replicas) return progressing(`Waiting for rollout to finish: ${updated} out of ${replicas} new replicas have been updated...`);
  if (total > updated) return progressing(`Waiting for rollout to finish: ${total - updated} old replicas are pending termination...`);
  if (available < updated) return progressing(`Waiting for rollout to finish: ${available} of ${updated} updated replicas are available...`);
  return healthy();
}

function statefulSet(s: StatefulSet & KubeObject): HealthStatus {
  const st = s.status ?? { replicas: 0 };
  if (!st.observedGeneration || !observed(s)) return progressing('Waiting for statefulset spec update to be observed...');
  const replicas = s.spec?.replicas ?? 1;
  if ((st.readyReplicas ?? 0) < replicas) return progressing(`Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...`);
  if (s.spec?.updateStrategy?.type === 'OnDelete') return healthy(`statefulset has ${st.readyReplicas ?? 0} ready pods`);
  if (st.updateRevision !== st.currentRevision) return progressing(`waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision}...`);
  return healthy(`statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...`);
}

function daemonSet(d: DaemonSet & KubeObject): HealthStatus {
  if (!observed(d)) return progressing('Waiting for rollout to finish: observed daemon set generation less than desired generation');
  const s = d.status ?? { currentNumberScheduled: 0, desiredNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0 };
  if (d.spec?.updateStrategy?.type === 'OnDelete') return healthy(`daemon set ${s.currentNumberScheduled} out of ${s.desiredNumberScheduled} new pods have been updated`);
  if ((s.updatedNumberScheduled ?? 0) < s.desiredNumberScheduled) return progressing(`Waiting for daemon set "${d.metadata.name}" rollout to finish: ${s.updatedNumberScheduled ?? 0} out of ${s.desiredNumberScheduled} new pods have been updated...`);
  if ((s.numberAvailable ?? 0) < s.desiredNumberScheduled) return progressing(`Waiting for daemon set "${d.metadata.name}" rollout to finish: ${s.numberAvailable ?? 0} of ${s.desiredNumberScheduled} updated pods are available...`);
  return healthy();
}

function replicaSet(r: ReplicaSet & KubeObject): HealthStatus {
  if (!observed(r)) return progressing('Waiting for rollout to finish: observed replica set generation less than desired generation');
  const failure = r.status?.conditions?.find((c) => c.type === 'ReplicaFailure' && c.status === 'True');
  if (failure) return degraded(failure.message);
  if ((r.status?.availableReplicas ?? 0) < (r.spec?.replicas ?? 1)) return progressing(`Waiting for rollout to finish: ${r.status?.availableReplicas ?? 0} out of ${r.spec?.replicas ?? 1} new replicas are available...`);
  return healthy();
}

const loadBalanced = (s: { loadBalancer?: { ingress?: unknown[] } } | undefined) => (s?.loadBalancer?.ingress?.length ?? 0) > 0;

function service(s: Service & KubeObject): HealthStatus {
  if (s.spec?.type === 'LoadBalancer' && !loadBalanced(s.status)) return progressing();
  return healthy();
}

function ingress(i: Ingress & KubeObject): HealthStatus {
  return loadBalanced(i.status) ? healthy() : progressing();
}

function pvc(p: PersistentVolumeClaim & KubeObject): HealthStatus {
  switch (p.status?.phase) {
    case 'Lost': return degraded();
    case 'Pending': return progressing();
    case 'Bound': return healthy();
    default: return { status: 'Unknown' };
  }
}

/** The waiting reasons gitops-engine counts as a failed pod. */
const FAILED_WAITING = /^(Err|CrashLoopBackOff|ImagePullBackOff|InvalidImageName|CreateContainerConfigError|RunContainerError)/;

function pod(p: Pod & KubeObject): HealthStatus {
  const statuses = [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])];
  const failing = statuses.find((c) => c.state?.waiting?.reason && FAILED_WAITING.test(c.state.waiting.reason));
  switch (p.status?.phase) {
    case 'Pending': return failing ? degraded(failing.state!.waiting!.message) : progressing(p.status.message);
    case 'Succeeded': return healthy(p.status.message);
    case 'Failed': return degraded(p.status.message ?? statuses.find((c) => c.state?.terminated)?.state?.terminated?.message);
    case 'Running': {
      if (failing) return degraded(failing.state!.waiting!.message);
      if ((p.spec?.restartPolicy ?? 'Always') !== 'Always') return progressing(p.status.message);
      return p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ? healthy(p.status.message) : progressing(p.status.message);
    }
    default: return { status: 'Unknown', message: p.status?.message };
  }
}

function job(j: Job & KubeObject): HealthStatus {
  const failed = j.status?.conditions?.find((c) => c.type === 'Failed' && c.status === 'True');
  if (failed) return degraded(failed.message);
  const complete = j.status?.conditions?.find((c) => c.type === 'Complete' && c.status === 'True');
  if (complete) return healthy(complete.message);
  if (j.spec?.suspend) return { status: 'Suspended', message: 'Job is suspended' };
  return progressing();
}

function hpa(h: HorizontalPodAutoscaler & KubeObject): HealthStatus {
  const failed = h.status?.conditions?.find((c) => (c.type === 'AbleToScale' || c.type === 'ScalingActive') && c.status === 'False' && c.reason !== 'ScalingDisabled');
  if (failed) return degraded(failed.message);
  return h.status?.conditions?.length ? healthy() : progressing('Waiting to Autoscale');
}

const RULES: Record<string, (o: never) => HealthStatus> = {
  'apps/Deployment': deployment, 'apps/StatefulSet': statefulSet, 'apps/DaemonSet': daemonSet, 'apps/ReplicaSet': replicaSet,
  '/Service': service, 'networking.k8s.io/Ingress': ingress, '/PersistentVolumeClaim': pvc, '/Pod': pod,
  'batch/Job': job, 'autoscaling/HorizontalPodAutoscaler': hpa,
};

/** The object's health, or undefined for a kind that has none. */
export function resourceHealth(group: string, obj: KubeObject): HealthStatus | undefined {
  const rule = RULES[`${group}/${obj.kind}`];
  if (!rule) return undefined;
  if (obj.metadata.deletionTimestamp) return progressing('Pending deletion');
  return rule(obj as never);
}
