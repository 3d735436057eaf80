// The pod strategy's applyAppArmorVersionSkew (pkg/registry/core/pod/strategy.go): on create, a container's AppArmor
// profile field (or the pod's, which it inherits) is copied to the deprecated per-container annotation when that
// annotation is absent, and an annotation is copied to a container without the field. Readers of either form, such as
// PodSecurity's appArmorProfile check (which reads the annotations), see the same profile.
import type { AppArmorProfile, Pod } from 'kubernetes-types/core/v1';

export const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

function annotationForField(p: AppArmorProfile): string {
  if (p.type === 'RuntimeDefault') return 'runtime/default';
  if (p.type === 'Unconfined') return 'unconfined';
  if (p.type === 'Localhost' && p.localhostProfile) return `localhost/${p.localhostProfile}`;
  return '';
}

/** apparmorFieldForAnnotation, keeping only values whose field would be valid (a Localhost profile needs a name). */
function fieldForAnnotation(value: string): AppArmorProfile | undefined {
  if (value === 'runtime/default') return { type: 'RuntimeDefault' };
  if (value === 'unconfined') return { type: 'Unconfined' };
  if (value.startsWith('localhost/') && value.length > 'localhost/'.length) return { type: 'Localhost', localhostProfile: value.slice('localhost/'.length) };
  return undefined;
}

const sameProfile = (a: AppArmorProfile | undefined, b: AppArmorProfile | undefined) =>
  a?.type === b?.type && (a?.localhostProfile ?? '') === (b?.localhostProfile ?? '');

export function applyAppArmorVersionSkew(pod: Pod): void {
  const spec = pod.spec;
  if (!spec || spec.os?.name === 'windows') return;
  const podProfile = spec.securityContext?.appArmorProfile;
  const meta = (pod.metadata ??= {});
  for (const c of [...(spec.initContainers ?? []), ...spec.containers, ...(spec.ephemeralContainers ?? [])]) {
    const key = APPARMOR_ANNOTATION_PREFIX + c.name;
    const annotation = meta.annotations?.[key];
    const containerProfile = c.securityContext?.appArmorProfile;
    if (annotation === undefined) {
      const value = containerProfile ? annotationForField(containerProfile) : podProfile ? annotationForField(podProfile) : '';
      if (value) meta.annotations = { ...(meta.annotations ?? {}), [key]: value };
    } else if (!containerProfile) {
      const field = fieldForAnnotation(annotation);
      if (field && !sameProfile(field, podProfile)) c.securityContext = { ...(c.securityContext ?? {}), appArmorProfile: field };
    }
  }
}
