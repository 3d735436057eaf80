// Per-kind REST strategies (k8s.io/apiserver registry/rest): what create, update and delete do beyond storage.
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { podQOSClass } from '../../api/pod.ts';

export interface Strategy {
  /** metadata.generation is kept and bumped when the spec changes. */
  generation: boolean;
  /** Reset or fill status on create (status is written only through the status subresource). */
  prepareForCreate?(obj: KubeObject): void;
  /** Seconds of graceful deletion for this object (0 deletes at once). */
  deletionGracePeriod?(obj: KubeObject, requested: number | undefined): number;
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
};

const plain: Strategy = { generation: false };

const strategies: Record<string, Strategy> = {
  Pod: pod,
  Deployment: workload,
  ReplicaSet: workload,
  Namespace: namespace,
};

export function strategyFor(kind: string): Strategy {
  return strategies[kind] ?? plain;
}
