// controller_utils.ComputeHash: the pod-template-hash that names ReplicaSets and ControllerRevisions.
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { hashString } from '../sim/rng.ts';

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

export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
