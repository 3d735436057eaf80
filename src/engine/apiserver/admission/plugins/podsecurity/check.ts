// The shape of a Pod Security Standards check (pod-security-admission/policy/checks.go) and the helpers the checks
// share: container visiting, pluralizing and quoting as upstream prints them.
import type { Container, EphemeralContainer, PodSecurityContext, PodSpec, SecurityContext } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type { Level } from './api.ts';

/** A forbidden result: the succinct reason, always printed, and the optional detail of a single pod's evaluation. */
export interface Forbidden { reason: string; detail: string }

/** undefined when the pod is allowed. */
export type CheckPod = (meta: ObjectMeta, spec: PodSpec) => Forbidden | undefined;

export interface VersionedCheck {
  /** The first v1.<minor> policy version this revision applies to. */
  minimumVersion: number;
  checkPod: CheckPod;
  /** Baseline checks a restricted check replaces at this version (OverrideCheckIDs). */
  overrideCheckIDs?: string[];
}

export interface Check {
  id: string;
  level: Exclude<Level, 'privileged'>;
  /** Strictly increasing minimum versions. */
  versions: VersionedCheck[];
}

/** visitContainers: init containers, then containers, then ephemeral containers. */
export function visitContainers(spec: PodSpec, visit: (c: Container | EphemeralContainer) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c);
}

export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** joinQuote: `"a", "b"`. */
export function joinQuote(items: readonly string[]): string {
  return items.length ? `"${items.join('", "')}"` : '';
}

/** `container "a"` / `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

/** sets.NewString(...).List(): distinct and sorted by bytes. */
export function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The pod's OS is Windows (spec.os.name): from 1.25 some restricted checks skip such pods. */
export function isWindowsPod(spec: PodSpec): boolean {
  return spec.os?.name === 'windows';
}

export const sc = (c: Container | EphemeralContainer): SecurityContext | undefined => c.securityContext;
export const podSc = (spec: PodSpec): PodSecurityContext | undefined => spec.securityContext;

/** "pod", `containers "a", "b"` and the like, which the checks join with " and " to say who set a bad value. */
export function setters(pod: boolean, containers: readonly string[], ...more: string[]): string[] {
  return [...(pod ? ['pod'] : []), ...(containers.length ? [containersPhrase(containers)] : []), ...more];
}
