// The security context fields of a pod and its containers (core validation: validatePodSpecSecurityContext,
// ValidateSecurityContext, validateSeccompProfileField, ValidateAppArmorProfileField, ValidateProcMountType, the
// pod OS checks validateWindows/validateLinux): what PodSecurity's checks read is well-formed.
// Simplification: the two errors whose bad value Go prints as a whole struct with pointer addresses (a
// localhostProfile beside a non-Localhost seccomp type; allowPrivilegeEscalation=false with privileged or CAP_SYS_ADMIN)
// are not reported.
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, index, invalid, isRecord, nonNegative, notSupported, required } from './field.ts';

type Obj = Record<string, unknown>;
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];

function seccompProfile(sp: unknown, path: string): FieldError[] {
  if (!isRecord(sp)) return [];
  const type = sp.type;
  const errs: FieldError[] = [];
  if (type === undefined || type === '') errs.push(required(child(path, 'type'), 'type is required when seccompProfile is set'));
  else if (!PROFILE_TYPES.includes(String(type))) errs.push(notSupported(child(path, 'type'), type, PROFILE_TYPES));
  if (type === 'Localhost' && sp.localhostProfile == null) errs.push(required(child(path, 'localhostProfile'), 'must be set when seccomp type is Localhost'));
  return errs;
}

function appArmorProfile(p: unknown, path: string): FieldError[] {
  if (!isRecord(p)) return [];
  const type = p.type;
  const localhost = p.localhostProfile;
  if (type === 'Localhost') {
    if (typeof localhost === 'string' && localhost.trim() !== localhost) return [invalid(child(path, 'localhostProfile'), localhost, 'must not be padded with whitespace')];
    return typeof localhost === 'string' && localhost !== '' ? [] : [required(child(path, 'localhostProfile'), 'must be set when AppArmor type is Localhost')];
  }
  if (type === 'RuntimeDefault' || type === 'Unconfined') {
    return localhost != null ? [invalid(child(path, 'localhostProfile'), localhost, 'can only be set when AppArmor type is Localhost')] : [];
  }
  if (type === undefined || type === '') return [required(child(path, 'type'), 'type is required when appArmorProfile is set')];
  return [notSupported(child(path, 'type'), type, PROFILE_TYPES)];
}

/** The containers of every kind with their paths, as VisitContainersWithPath walks them. */
function containersWithPath(spec: Obj, path: string): [Obj, string][] {
  const out: [Obj, string][] = [];
  for (const kind of ['initContainers', 'containers', 'ephemeralContainers']) {
    asArray<Obj>(spec[kind]).forEach((c, i) => { if (isRecord(c)) out.push([c, index(child(path, kind), i)]); });
  }
  return out;
}

function containerSecurityContext(sc: Obj, path: string): FieldError[] {
  const errs = [...nonNegative(sc.runAsUser, child(path, 'runAsUser')), ...nonNegative(sc.runAsGroup, child(path, 'runAsGroup'))];
  if (sc.procMount != null && sc.procMount !== 'Default' && sc.procMount !== 'Unmasked') errs.push(notSupported(child(path, 'procMount'), sc.procMount, ['Default', 'Unmasked']));
  errs.push(...seccompProfile(sc.seccompProfile, child(path, 'seccompProfile')));
  errs.push(...appArmorProfile(sc.appArmorProfile, child(path, 'appArmorProfile')));
  return errs;
}

const WINDOWS_FORBIDDEN_POD = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'sysctls', 'runAsUser', 'runAsGroup', 'supplementalGroups', 'supplementalGroupsPolicy'];
const WINDOWS_FORBIDDEN_CONTAINER = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup'];
const present = (o: Obj, k: string) => o[k] != null && !(k === 'sysctls' && asArray(o[k]).length === 0);

/** The pod's and its containers' security contexts, then the OS-specific rules of spec.os. */
export function validateSecurityContexts(spec: Obj, path: string): FieldError[] {
  const podSc = isRecord(spec.securityContext) ? spec.securityContext : undefined;
  const scPath = child(path, 'securityContext');
  const errs: FieldError[] = [];
  if (podSc) {
    errs.push(...nonNegative(podSc.runAsUser, child(scPath, 'runAsUser')), ...nonNegative(podSc.runAsGroup, child(scPath, 'runAsGroup')));
    errs.push(...seccompProfile(podSc.seccompProfile, child(scPath, 'seccompProfile')));
    errs.push(...appArmorProfile(podSc.appArmorProfile, child(scPath, 'appArmorProfile')));
  }
  const containers = containersWithPath(spec, path);
  for (const [c, p] of containers) if (isRecord(c.securityContext)) errs.push(...containerSecurityContext(c.securityContext, child(p, 'securityContext')));

  const os = isRecord(spec.os) ? spec.os : undefined;
  if (!os) return errs;
  const name = typeof os.name === 'string' ? os.name : '';
  if (!name) errs.push(required(child(path, 'os', 'name')));
  else if (name !== 'linux' && name !== 'windows') errs.push(notSupported(child(path, 'os', 'name'), name, ['linux', 'windows']));
  if (name === 'windows') {
    if (spec.hostUsers != null) errs.push(forbidden(child(path, 'hostUsers'), 'cannot be set for a windows pod'));
    for (const k of WINDOWS_FORBIDDEN_POD) if (podSc && present(podSc, k)) errs.push(forbidden(child(scPath, k), 'cannot be set for a windows pod'));
    if (spec.shareProcessNamespace != null) errs.push(forbidden(child(path, 'shareProcessNamespace'), 'cannot be set for a windows pod'));
    for (const [c, p] of containers) {
      if (!isRecord(c.securityContext)) continue;
      for (const k of WINDOWS_FORBIDDEN_CONTAINER) if (present(c.securityContext, k)) errs.push(forbidden(child(p, 'securityContext', k), 'cannot be set for a windows pod'));
    }
  } else if (name === 'linux') {
    if (podSc?.windowsOptions != null) errs.push(forbidden(child(scPath, 'windowsOptions'), 'windows options cannot be set for a linux pod'));
    for (const [c, p] of containers) {
      if (isRecord(c.securityContext) && c.securityContext.windowsOptions != null) errs.push(forbidden(child(p, 'securityContext', 'windowsOptions'), 'windows options cannot be set for a linux pod'));
    }
  }
  return errs;
}
