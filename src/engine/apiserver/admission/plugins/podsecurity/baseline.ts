// The baseline level's checks (pod-security-admission/policy/check_*.go), in upstream's registration order (by file
// name), with their minimum policy versions and forbidden reason/detail texts.
import type { Capabilities } from 'kubernetes-types/core/v1';
import { goQuote } from '../../../../api/validation.ts';
import { APPARMOR_ANNOTATION_PREFIX } from '../../../registry/apparmor.ts';
import { containersPhrase, joinQuote, pluralize, podSc, sc, setters, sortedSet, visitContainers, type Check, type CheckPod } from './check.ts';


// ---- appArmorProfile ----
// It reads the deprecated annotations: on create the pod strategy copies the appArmorProfile fields to them
// (registry/apparmor.ts), so a pod's Unconfined field is refused here as its "unconfined" annotation.
const allowedAppArmorAnnotation = (v: string) => v === '' || v === 'runtime/default' || v.startsWith('localhost/');

const appArmorProfile1_0: CheckPod = (meta) => {
  const forbidden = Object.entries(meta.annotations ?? {})
    .filter(([k, v]) => k.startsWith(APPARMOR_ANNOTATION_PREFIX) && !allowedAppArmorAnnotation(v))
    .map(([k, v]) => `${k}=${goQuote(v)}`);
  if (!forbidden.length) return undefined;
  return { reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', forbidden.length), detail: sortedSet(forbidden).join(', ') };
};

// ---- capabilities_baseline ----
const DEFAULT_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

const capabilitiesBaseline1_0: CheckPod = (_meta, spec) => {
  const badContainers: string[] = [];
  const nonDefault: string[] = [];
  visitContainers(spec, (c) => {
    const caps: Capabilities | undefined = sc(c)?.capabilities;
    const bad = (caps?.add ?? []).filter((cap) => !DEFAULT_CAPABILITIES.has(cap));
    if (bad.length) { badContainers.push(c.name); nonDefault.push(...bad); }
  });
  if (!badContainers.length) return undefined;
  return { reason: 'non-default capabilities', detail: `${containersPhrase(badContainers)} must not include ${joinQuote(sortedSet(nonDefault))} in securityContext.capabilities.add` };
};

// ---- hostNamespaces ----
const hostNamespaces1_0: CheckPod = (_meta, spec) => {
  const set = [spec.hostNetwork && 'hostNetwork=true', spec.hostPID && 'hostPID=true', spec.hostIPC && 'hostIPC=true'].filter((s): s is string => !!s);
  return set.length ? { reason: 'host namespaces', detail: set.join(', ') } : undefined;
};

// ---- hostPathVolumes ----
const hostPathVolumes1_0: CheckPod = (_meta, spec) => {
  const names = (spec.volumes ?? []).filter((v) => v.hostPath).map((v) => v.name);
  return names.length ? { reason: 'hostPath volumes', detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}` } : undefined;
};

// ---- hostPorts ----
const hostPorts1_0: CheckPod = (_meta, spec) => {
  const badContainers: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    const used = (c.ports ?? []).filter((p) => (p.hostPort ?? 0) !== 0).map((p) => String(p.hostPort));
    if (used.length) { badContainers.push(c.name); ports.push(...used); }
  });
  if (!badContainers.length) return undefined;
  const list = sortedSet(ports);
  return {
    reason: 'hostPort',
    detail: `${containersPhrase(badContainers)} ${pluralize('uses', 'use', badContainers.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`,
  };
};

// ---- privileged ----
const privileged1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => { if (sc(c)?.privileged === true) bad.push(c.name); });
  return bad.length ? { reason: 'privileged', detail: `${containersPhrase(bad)} must not set securityContext.privileged=true` } : undefined;
};

// ---- procMount ----
const procMount1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const pm = sc(c)?.procMount;
    if (pm !== undefined && pm !== 'Default') { bad.push(c.name); types.push(pm); }
  });
  return bad.length ? { reason: 'procMount', detail: `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}` } : undefined;
};

// ---- seLinuxOptions ----
const SELINUX_TYPES_1_0 = ['', 'container_t', 'container_init_t', 'container_kvm_t'];
const SELINUX_TYPES_1_31 = [...SELINUX_TYPES_1_0, 'container_engine_t'];

function seLinuxOptions(allowedTypes: readonly string[]): CheckPod {
  return (_meta, spec) => {
    const badTypes: string[] = [];
    let setUser = false;
    let setRole = false;
    const valid = (o: { type?: string; user?: string; role?: string }) => {
      let ok = true;
      if (!allowedTypes.includes(o.type ?? '')) { ok = false; badTypes.push(o.type ?? ''); }
      if (o.user) { ok = false; setUser = true; }
      if (o.role) { ok = false; setRole = true; }
      return ok;
    };
    const podOpts = podSc(spec)?.seLinuxOptions;
    const podBad = podOpts !== undefined && !valid(podOpts);
    const badContainers: string[] = [];
    visitContainers(spec, (c) => { const o = sc(c)?.seLinuxOptions; if (o && !valid(o)) badContainers.push(c.name); });
    const who = setters(podBad, badContainers);
    if (!who.length) return undefined;
    const types = sortedSet(badTypes);
    const data = [
      ...(types.length ? [`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`] : []),
      ...(setUser ? ['user may not be set'] : []),
      ...(setRole ? ['role may not be set'] : []),
    ];
    return { reason: 'seLinuxOptions', detail: `${who.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}` };
  };
}

// ---- seccompProfile_baseline ----
const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const allowedSeccompAnnotation = (v: string) => v === '' || v === 'runtime/default' || v === 'docker/default' || v.startsWith('localhost/');
export const allowedSeccompType = (t: string) => t === 'RuntimeDefault' || t === 'Localhost';

/** Before 1.19 the seccomp profile was given in annotations. */
const seccompProfileBaseline1_0: CheckPod = (meta, spec) => {
  const annotations = meta.annotations ?? {};
  const forbidden: string[] = [];
  const podValue = annotations[SECCOMP_POD_ANNOTATION];
  if (podValue !== undefined && !allowedSeccompAnnotation(podValue)) forbidden.push(`${SECCOMP_POD_ANNOTATION}=${goQuote(podValue)}`);
  visitContainers(spec, (c) => {
    const key = SECCOMP_CONTAINER_ANNOTATION_PREFIX + c.name;
    const v = annotations[key];
    if (v !== undefined && !allowedSeccompAnnotation(v)) forbidden.push(`${key}=${goQuote(v)}`);
  });
  const list = sortedSet(forbidden);
  return list.length ? { reason: 'seccompProfile', detail: `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}` } : undefined;
};

const seccompProfileBaseline1_19: CheckPod = (_meta, spec) => {
  const badValues: string[] = [];
  const podType = podSc(spec)?.seccompProfile?.type;
  const podBad = podType !== undefined && !allowedSeccompType(podType);
  if (podBad) badValues.push(podType);
  const badContainers: string[] = [];
  visitContainers(spec, (c) => {
    const t = sc(c)?.seccompProfile?.type;
    if (t !== undefined && !allowedSeccompType(t)) { badContainers.push(c.name); badValues.push(t); }
  });
  const who = setters(podBad, badContainers);
  return who.length ? { reason: 'seccompProfile', detail: `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}` } : undefined;
};

// ---- sysctls ----
const SYSCTLS_1_0 = ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start'];
const SYSCTLS_1_27 = [...SYSCTLS_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SYSCTLS_1_29 = [...SYSCTLS_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SYSCTLS_1_32 = [...SYSCTLS_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctls(allowed: readonly string[]): CheckPod {
  return (_meta, spec) => {
    const bad = (podSc(spec)?.sysctls ?? []).map((s) => s.name).filter((n) => !allowed.includes(n));
    return bad.length ? { reason: 'forbidden sysctls', detail: bad.join(', ') } : undefined;
  };
}

// ---- windowsHostProcess ----
const windowsHostProcess1_0: CheckPod = (_meta, spec) => {
  const podBad = podSc(spec)?.windowsOptions?.hostProcess === true;
  const bad: string[] = [];
  visitContainers(spec, (c) => { if (sc(c)?.windowsOptions?.hostProcess === true) bad.push(c.name); });
  const who = setters(podBad, bad);
  return who.length ? { reason: 'hostProcess', detail: `${who.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true` } : undefined;
};

export const CHECK_CAPABILITIES_BASELINE = 'capabilities_baseline';
export const CHECK_HOST_PATH_VOLUMES = 'hostPathVolumes';
export const CHECK_SECCOMP_BASELINE = 'seccompProfile_baseline';

export const BASELINE_CHECKS: Check[] = [
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: appArmorProfile1_0 }] },
  { id: CHECK_CAPABILITIES_BASELINE, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: capabilitiesBaseline1_0 }] },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostNamespaces1_0 }] },
  { id: CHECK_HOST_PATH_VOLUMES, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPathVolumes1_0 }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPorts1_0 }] },
  { id: 'privileged', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: privileged1_0 }] },
  { id: 'procMount', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: procMount1_0 }] },
  { id: 'seLinuxOptions', level: 'baseline', versions: [
    { minimumVersion: 0, checkPod: seLinuxOptions(SELINUX_TYPES_1_0) },
    { minimumVersion: 31, checkPod: seLinuxOptions(SELINUX_TYPES_1_31) },
  ] },
  { id: CHECK_SECCOMP_BASELINE, level: 'baseline', versions: [
    { minimumVersion: 0, checkPod: seccompProfileBaseline1_0 },
    { minimumVersion: 19, checkPod: seccompProfileBaseline1_19 },
  ] },
  { id: 'sysctls', level: 'baseline', versions: [
    { minimumVersion: 0, checkPod: sysctls(SYSCTLS_1_0) },
    { minimumVersion: 27, checkPod: sysctls(SYSCTLS_1_27) },
    { minimumVersion: 29, checkPod: sysctls(SYSCTLS_1_29) },
    { minimumVersion: 32, checkPod: sysctls(SYSCTLS_1_32) },
  ] },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: windowsHostProcess1_0 }] },
];
