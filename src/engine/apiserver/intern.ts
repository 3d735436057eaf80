// Pods of one ReplicaSet (Job, DaemonSet …) carry the same template: the same containers, tolerations, labels
// and owner reference, a kilobyte or more per pod; pods that change together have the same conditions. Stored objects are frozen, so equal parts can be one shared
// object: each pod then keeps only what is its own (name, uid, node, status).
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze, type KubeObject } from '../api/object.ts';
import { sameJson } from '../api/samejson.ts';

/** How many distinct parts are remembered (the least recently added go first): enough for every live template. */
export const INTERN_CACHE_ENTRIES = 4096;

/** The part a field was interned as last, under its JSON. */
interface Recent { json: string; part: object }

export class PartInterner {
  private readonly byJson = new Map<string, object>();
  /**
   * Per field, the part it was interned as last: pods come in runs of one template (a ReplicaSet's burst), so
   * the next pod's part is most often that one, found by comparing the two rather than serializing the new one.
   */
  private readonly recent = new Map<string, Recent>();

  constructor(private readonly max = INTERN_CACHE_ENTRIES) {}

  /**
   * The remembered frozen part equal to v (same JSON), or v itself, frozen and remembered. A part that is frozen
   * already comes from a stored object (a status write keeps its spec): it is shared as it is, at no cost.
   * `field` names where v goes (e.g. "spec.containers"), for the shortcut through the field's recent part.
   */
  intern<T>(v: T, field?: string): T {
    if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
    const last = field === undefined ? undefined : this.recent.get(field);
    // Still remembered under its JSON: the answer the lookup below would give.
    if (last && sameJson(v, last.part) && this.byJson.get(last.json) === last.part) return last.part as T;
    const json = JSON.stringify(v);
    let part = this.byJson.get(json);
    if (!part) {
      if (this.byJson.size >= this.max) this.byJson.delete(this.byJson.keys().next().value!);
      this.byJson.set(json, (part = deepFreeze(v) as object));
    }
    if (field !== undefined) this.recent.set(field, { json, part });
    return part as T;
  }

  /** Share a pod's template parts with equal ones of earlier pods (the pod is about to be frozen and stored). */
  internPod(pod: Pod & KubeObject): void {
    const meta = pod.metadata as { labels?: unknown; ownerReferences?: unknown };
    if (meta.labels) meta.labels = this.intern(meta.labels, 'metadata.labels');
    if (meta.ownerReferences) meta.ownerReferences = this.intern(meta.ownerReferences, 'metadata.ownerReferences');
    // Pods that change in the same second share their conditions too: a burst's pods are scheduled, start and
    // become ready together, and their condition lists are alike (the same transition times and messages).
    const status = pod.status as { conditions?: unknown } | undefined;
    if (status?.conditions && !Object.isFrozen(status)) status.conditions = this.intern(status.conditions, 'status.conditions');
    const spec = pod.spec as Record<string, unknown> | undefined;
    if (!spec || Object.isFrozen(spec)) return;
    for (const k of SHARED_SPEC_FIELDS) if (spec[k] !== undefined) spec[k] = this.intern(spec[k], k);
  }
}

/** The parts of a pod spec that come from its template unchanged. */
const SHARED_SPEC_FIELDS = ['containers', 'initContainers', 'tolerations', 'securityContext', 'volumes', 'affinity', 'topologySpreadConstraints', 'nodeSelector', 'imagePullSecrets', 'readinessGates', 'resourceClaims'] as const;
