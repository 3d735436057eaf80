// Pods of one ReplicaSet (Job, DaemonSet …) carry the same template: the same containers, tolerations, labels
// and owner reference, a kilobyte or more per pod. Stored objects are frozen, so equal parts can be one shared
// object: each pod then keeps only what is its own (name, uid, node, status).
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze, type KubeObject } from '../api/object.ts';

/** How many distinct parts are remembered (the least recently added go first): enough for every live template. */
export const INTERN_CACHE_ENTRIES = 4096;

export class PartInterner {
  private readonly byJson = new Map<string, object>();

  constructor(private readonly max = INTERN_CACHE_ENTRIES) {}

  /**
   * The remembered frozen part equal to v (same JSON), or v itself, frozen and remembered. A part that is frozen
   * already comes from a stored object (a status write keeps its spec): it is shared as it is, at no cost.
   */
  intern<T>(v: T): T {
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
    const key = JSON.stringify(v);
    const hit = this.byJson.get(key);
    if (hit) return hit as T;
    if (this.byJson.size >= this.max) this.byJson.delete(this.byJson.keys().next().value!);
    this.byJson.set(key, deepFreeze(v) as object);
    return v;
  }

  /** Share a pod's template parts with equal ones of earlier pods (the pod is about to be frozen and stored). */
  internPod(pod: Pod & KubeObject): void {
    const meta = pod.metadata as { labels?: unknown; ownerReferences?: unknown };
    if (meta.labels) meta.labels = this.intern(meta.labels);
    if (meta.ownerReferences) meta.ownerReferences = this.intern(meta.ownerReferences);
    const spec = pod.spec as Record<string, unknown> | undefined;
    if (!spec || Object.isFrozen(spec)) return;
    for (const k of SHARED_SPEC_FIELDS) if (spec[k] !== undefined) spec[k] = this.intern(spec[k]);
  }
}

/** The parts of a pod spec that come from its template unchanged. */
const SHARED_SPEC_FIELDS = ['containers', 'initContainers', 'tolerations', 'securityContext', 'volumes', 'affinity', 'topologySpreadConstraints', 'nodeSelector', 'imagePullSecrets', 'readinessGates', 'resourceClaims'] as const;
