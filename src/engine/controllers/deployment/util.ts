// deployment/util: template hashing, revisions, maxSurge/maxUnavailable resolution.
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { hashString } from '../../sim/rng.ts';

type IntOrString = number | string;

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/**
 * ComputeHash: FNV-32a of the template (and collisionCount), encoded with rand.SafeEncodeString.
 * Simplification: upstream hashes a spew dump of the Go struct; we hash canonical JSON, so the hash
 * differs from a real cluster's for the same template, but is stable and changes exactly when it should.
 */
export function computeHash(template: PodTemplateSpec, collisionCount?: number): string {
  let text = canonicalJson(template);
  if (collisionCount !== undefined) text += `#${collisionCount}`;
  return safeEncode(String(hashString(text)));
}

/** rand.SafeEncodeString: each byte mapped into an alphabet without vowels or look-alike digits. */
function safeEncode(s: string): string {
  const alphanums = 'bcdfghjklmnpqrstvwxz2456789';
  let out = '';
  for (let i = 0; i < s.length; i++) out += alphanums[s.charCodeAt(i) % alphanums.length];
  return out;
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Template equality ignoring the pod-template-hash label (EqualIgnoreHash). */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  const strip = (t: PodTemplateSpec | undefined) => {
    const c = structuredClone(t ?? {});
    if (c.metadata?.labels) delete c.metadata.labels[POD_TEMPLATE_HASH];
    return canonicalJson(c);
  };
  return strip(a) === strip(b);
}

export function revisionOf(rs: ReplicaSet): number {
  const v = Number(rs.metadata?.annotations?.[REVISION_ANNOTATION] ?? 0);
  return Number.isFinite(v) ? v : 0;
}

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(v: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return Number(v) || 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** ResolveFenceposts: maxSurge rounds up, maxUnavailable down; both zero means one may be unavailable. */
export function resolveFenceposts(d: Deployment): { maxSurge: number; maxUnavailable: number } {
  const replicas = d.spec?.replicas ?? 1;
  const ru = d.spec?.strategy?.rollingUpdate;
  const maxSurge = scaledValue(ru?.maxSurge ?? '25%', replicas, true);
  let maxUnavailable = scaledValue(ru?.maxUnavailable ?? '25%', replicas, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** MaxUnavailable as the rolling logic uses it: never more than the replicas. */
export function maxUnavailable(d: Deployment): number {
  const replicas = d.spec?.replicas ?? 1;
  if (d.spec?.strategy?.type !== 'RollingUpdate' || replicas === 0) return 0;
  return Math.min(resolveFenceposts(d).maxUnavailable, replicas);
}

export const specReplicas = (rs: ReplicaSet | undefined) => rs?.spec?.replicas ?? 0;
export const sumSpec = (list: ReplicaSet[]) => list.reduce((s, rs) => s + specReplicas(rs), 0);
export const sumAvailable = (list: ReplicaSet[]) => list.reduce((s, rs) => s + (rs.status?.availableReplicas ?? 0), 0);

export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const d = Date.parse(a.metadata?.creationTimestamp ?? '') - Date.parse(b.metadata?.creationTimestamp ?? '');
  return d !== 0 ? d : (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}
