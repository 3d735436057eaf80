// Per-kind REST strategies (k8s.io/apiserver registry/rest): what create, update and delete do beyond storage.
import type { Namespace, Pod } from 'kubernetes-types/core/v1';
import { applyAppArmorVersionSkew } from './apparmor.ts';
import type { KubeObject } from '../../api/object.ts';
import { podQOSClass } from '../../api/pod.ts';
import { prepareJobForCreate } from './job.ts';
import type { UserInfo } from '../rbac/authorizer.ts';
import { csrStrategy } from './certificates.ts';

export interface Strategy {
  /** metadata.generation is kept and bumped when the spec changes. */
  generation: boolean;
  /** Reset or fill status on create (status is written only through the status subresource); `user` sent the request. */
  prepareForCreate?(obj: KubeObject, user?: UserInfo): void;
  /** What an update of the resource may not change is put back from the stored object. */
  prepareForUpdate?(obj: KubeObject, old: KubeObject): void;
  /** Seconds of graceful deletion for this object (0 deletes at once). */
  deletionGracePeriod?(obj: KubeObject, requested: number | undefined): number;
  /**
   * The kind's own finalizers (a Namespace's spec.finalizers, which its controller removes) hold a deleted object
   * in storage as metadata.finalizers do. `begin` is what the first delete also changes; `conflict` is the answer
   * to a later delete while they remain.
   */
  specFinalizers?: { pending(obj: KubeObject): boolean; begin(obj: KubeObject): void; conflict: string };
}

const workload: Strategy = {
  generation: true,
  prepareForCreate(obj) { obj.status = {}; },
};

const pod: Strategy = {
  generation: false,
  prepareForCreate(obj) {
    const p = obj as Pod & KubeObject;
    p.status = { phase: 'Pending', qosClass: podQOSClass(p) };
    applyAppArmorVersionSkew(p);
  },
  // pkg/registry/core/pod/strategy.go CheckGracefulDelete: unscheduled or terminal pods go at once;
  // otherwise the request's period, else the pod's terminationGracePeriodSeconds.
  deletionGracePeriod(obj, requested) {
    const p = obj as Pod;
    if (!p.spec?.nodeName) return 0;
    if (p.status?.phase === 'Failed' || p.status?.phase === 'Succeeded') return 0;
    return requested ?? p.spec?.terminationGracePeriodSeconds ?? 30;
  },
};

const namespace: Strategy = {
  generation: false,
  prepareForCreate(obj) { obj.status = { phase: 'Active' }; },
  // pkg/registry/core/namespace/storage: the first delete turns the namespace Terminating; it is purged once the
  // namespace controller has removed every object in it and its "kubernetes" finalizer.
  specFinalizers: {
    pending: (obj) => ((obj as Namespace).spec?.finalizers ?? []).length > 0,
    begin: (obj) => { obj.status = { ...(obj.status as Namespace['status']), phase: 'Terminating' }; },
    conflict: 'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.',
  },
};

const job: Strategy = { generation: true, prepareForCreate: prepareJobForCreate };

// PodDisruptionBudget: status starts at zero (its counts are not omitempty) until the disruption controller sets it.
const pdb: Strategy = {
  generation: true,
  prepareForCreate(obj) { obj.status = { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 }; },
};

const statusReset: Strategy = { generation: false, prepareForCreate(obj) { obj.status = {}; } };

// A custom resource with a status subresource (apiextensions customResourceStrategy): create drops status.
const customResource: Strategy = { generation: true, prepareForCreate(obj) { delete obj.status; } };

// Service and Ingress: status starts as an empty load balancer status (loadBalancer is not omitted when empty).
const loadBalanced = (generation: boolean): Strategy => ({ generation, prepareForCreate(obj) { obj.status = { loadBalancer: {} }; } });

const plain: Strategy = { generation: false };

// PersistentVolumes and claims start Pending (the status is reset, then defaulted); a VolumeAttachment starts detached.
const pendingStatus: Strategy = { generation: false, prepareForCreate(obj) { obj.status = { phase: 'Pending' }; } };
const volumeAttachment: Strategy = { generation: false, prepareForCreate(obj) { obj.status = { attached: false }; } };

const strategies: Record<string, Strategy> = {
  Pod: pod,
  Deployment: workload,
  ReplicaSet: workload,
  StatefulSet: workload,
  DaemonSet: workload,
  Namespace: namespace,
  Job: job,
  CronJob: workload,
  PodDisruptionBudget: pdb,
  ResourceQuota: statusReset,
  PriorityClass: { generation: true },
  PodGroup: customResource,
  // PrepareForCreate resets status; Go writes the non-omitempty fields of the empty status.
  HorizontalPodAutoscaler: { generation: false, prepareForCreate(obj) { obj.status = { currentMetrics: null, desiredReplicas: 0 }; } },
  PersistentVolume: pendingStatus,
  PersistentVolumeClaim: pendingStatus,
  VolumeAttachment: volumeAttachment,
  Service: loadBalanced(false),
  Ingress: loadBalanced(true),
  IngressClass: { generation: true },
  NetworkPolicy: { generation: true },
  CertificateSigningRequest: csrStrategy,
};

export function strategyFor(kind: string): Strategy {
  return strategies[kind] ?? plain;
}
