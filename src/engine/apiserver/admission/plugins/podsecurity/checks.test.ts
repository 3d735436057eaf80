// Table tests of each Pod Security Standards check at a policy version, with upstream's cases and texts
// (pod-security-admission/policy/check_*_test.go), and the registry's level/version selection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Container, PodSpec, SecurityContext } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import { validateSecurityContexts } from '../../validation/securitycontext.ts';
import { LATEST, v1, type Level, type Version } from './api.ts';
import { BASELINE_CHECKS } from './baseline.ts';
import type { Forbidden } from './check.ts';
import { evaluatePod, forbiddenDetail, forbiddenReason } from './registry.ts';
import { RESTRICTED_CHECKS } from './restricted.ts';

const MAX = 32;

function run(id: string, minor: number, spec: Partial<PodSpec>, meta: ObjectMeta = {}): Forbidden | undefined {
  const check = [...BASELINE_CHECKS, ...RESTRICTED_CHECKS].find((c) => c.id === id)!;
  const revision = check.versions.filter((v) => v.minimumVersion <= minor).at(-1);
  return revision?.checkPod(meta, { containers: [], ...spec });
}

const c = (name: string, securityContext?: SecurityContext, extra: Partial<Container> = {}): Container => ({ name, ...(securityContext ? { securityContext } : {}), ...extra });

interface Case { id: string; name: string; minor?: number; spec: Partial<PodSpec>; meta?: ObjectMeta; want?: Forbidden }

const cases: Case[] = [
  { id: 'allowPrivilegeEscalation', name: 'multiple containers', spec: { containers: [c('a'), c('b', {}), c('c', { allowPrivilegeEscalation: true }), c('d', { allowPrivilegeEscalation: false })] },
    want: { reason: 'allowPrivilegeEscalation != false', detail: 'containers "a", "b", "c" must set securityContext.allowPrivilegeEscalation=false' } },
  { id: 'allowPrivilegeEscalation', name: 'windows pod is exempt from 1.25', spec: { os: { name: 'windows' }, containers: [c('a')] } },
  { id: 'allowPrivilegeEscalation', name: 'windows pod is checked before 1.25', minor: 24, spec: { os: { name: 'windows' }, containers: [c('a')] },
    want: { reason: 'allowPrivilegeEscalation != false', detail: 'container "a" must set securityContext.allowPrivilegeEscalation=false' } },
  { id: 'allowPrivilegeEscalation', name: 'not checked before 1.8', minor: 7, spec: { containers: [c('a')] } },
  { id: 'appArmorProfile', name: 'multiple containers', spec: {}, meta: { annotations: {
    'container.apparmor.security.beta.kubernetes.io/': 'bogus', 'container.apparmor.security.beta.kubernetes.io/a': '',
    'container.apparmor.security.beta.kubernetes.io/b': 'runtime/default', 'container.apparmor.security.beta.kubernetes.io/c': 'localhost/',
    'container.apparmor.security.beta.kubernetes.io/d': 'localhost/foo', 'container.apparmor.security.beta.kubernetes.io/e': 'unconfined',
    'container.apparmor.security.beta.kubernetes.io/f': 'unknown' } },
  want: { reason: 'forbidden AppArmor profiles', detail: 'container.apparmor.security.beta.kubernetes.io/="bogus", container.apparmor.security.beta.kubernetes.io/e="unconfined", container.apparmor.security.beta.kubernetes.io/f="unknown"' } },
  { id: 'appArmorProfile', name: 'extra annotations', spec: {}, meta: { annotations: { env: 'prod', 'container.apparmor.security.beta.kubernetes.io/test': 'runtime/default' } } },
  { id: 'capabilities_baseline', name: 'multiple containers', spec: { containers: [c('a', { capabilities: { add: ['FOO', 'BAR'] } }), c('b', { capabilities: { add: ['BAR', 'BAZ'] } }), c('c', { capabilities: { add: ['NET_BIND_SERVICE', 'CHOWN'] } })] },
    want: { reason: 'non-default capabilities', detail: 'containers "a", "b" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add' } },
  { id: 'capabilities_restricted', name: 'multiple containers', spec: { containers: [
    c('a'), c('b', { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } }), c('c', { capabilities: { drop: ['ALL'], add: ['FOO'] } }), c('d', { capabilities: { drop: ['BAR'], add: ['BAR', 'BAZ'] } })] },
  want: { reason: 'unrestricted capabilities', detail: 'containers "a", "d" must set securityContext.capabilities.drop=["ALL"]; containers "c", "d" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add' } },
  { id: 'capabilities_restricted', name: 'windows pod is exempt from 1.25', spec: { os: { name: 'windows' }, containers: [c('a')] } },
  { id: 'capabilities_restricted', name: 'not checked before 1.22', minor: 21, spec: { containers: [c('a')] } },
  { id: 'hostNamespaces', name: 'all three', spec: { hostNetwork: true, hostPID: true, hostIPC: true },
    want: { reason: 'host namespaces', detail: 'hostNetwork=true, hostPID=true, hostIPC=true' } },
  { id: 'hostPathVolumes', name: 'multiple volumes', spec: { volumes: [{ name: 'a', hostPath: { path: '/a' } }, { name: 'b', emptyDir: {} }, { name: 'c', hostPath: { path: '/c' } }] },
    want: { reason: 'hostPath volumes', detail: 'volumes "a", "c"' } },
  { id: 'hostPorts', name: 'multiple containers', spec: { containers: [
    c('a', undefined, { ports: [{ containerPort: 1, hostPort: 0 }, { containerPort: 2, hostPort: 10 }, { containerPort: 3, hostPort: 20 }] }),
    c('b', undefined, { ports: [{ containerPort: 1, hostPort: 10 }, { containerPort: 2, hostPort: 30 }] }),
    c('c', undefined, { ports: [{ containerPort: 1 }] })] },
  want: { reason: 'hostPort', detail: 'containers "a", "b" use hostPorts 10, 20, 30' } },
  { id: 'hostPorts', name: 'one container, one port', spec: { initContainers: [c('i', undefined, { ports: [{ containerPort: 80, hostPort: 8080 }] })] },
    want: { reason: 'hostPort', detail: 'container "i" uses hostPort 8080' } },
  { id: 'privileged', name: 'multiple containers', spec: { containers: [c('a'), c('b', { privileged: false }), c('c', { privileged: true }), c('d', { privileged: true })] },
    want: { reason: 'privileged', detail: 'containers "c", "d" must not set securityContext.privileged=true' } },
  { id: 'procMount', name: 'multiple containers', spec: { containers: [c('a', { procMount: 'Default' }), c('b', { procMount: 'Unmasked' }), c('c', { procMount: 'other' })] },
    want: { reason: 'procMount', detail: 'containers "b", "c" must not set securityContext.procMount to "Unmasked", "other"' } },
  { id: 'seLinuxOptions', name: 'invalid pod and containers', spec: {
    securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
    containers: [c('a', { seLinuxOptions: { type: 'container_t' } }), c('b', { seLinuxOptions: { type: 'container_init_t' } }), c('c', { seLinuxOptions: { type: 'container_kvm_t' } }),
      c('d', { seLinuxOptions: { type: 'container_engine_t' } }), c('e', { seLinuxOptions: { type: 'bar' } }), c('f', { seLinuxOptions: { user: 'bar' } }), c('g', { seLinuxOptions: { role: 'baz' } })] },
  want: { reason: 'seLinuxOptions', detail: 'pod and containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set' } },
  { id: 'seLinuxOptions', name: 'container_engine_t before 1.31', minor: 30, spec: { containers: [c('d', { seLinuxOptions: { type: 'container_engine_t' } })] },
    want: { reason: 'seLinuxOptions', detail: 'container "d" set forbidden securityContext.seLinuxOptions: type "container_engine_t"' } },
  { id: 'seLinuxOptions', name: 'bad role', spec: { securityContext: { seLinuxOptions: { role: 'bad' } } },
    want: { reason: 'seLinuxOptions', detail: 'pod set forbidden securityContext.seLinuxOptions: role may not be set' } },
  { id: 'seccompProfile_baseline', name: 'pod and containers', spec: { securityContext: { seccompProfile: { type: 'Unconfined' } },
    containers: [c('a'), c('b', { seccompProfile: { type: 'RuntimeDefault' } }), c('c', { seccompProfile: { type: 'Unconfined' } }), c('d', { seccompProfile: { type: 'Localhost', localhostProfile: 'p' } })] },
  want: { reason: 'seccompProfile', detail: 'pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined"' } },
  { id: 'seccompProfile_baseline', name: 'annotations before 1.19', minor: 18, spec: { containers: [c('a'), c('b')] },
    meta: { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined', 'container.seccomp.security.alpha.kubernetes.io/a': 'runtime/default', 'container.seccomp.security.alpha.kubernetes.io/b': 'bogus' } },
    want: { reason: 'seccompProfile', detail: 'forbidden annotations container.seccomp.security.alpha.kubernetes.io/b="bogus", seccomp.security.alpha.kubernetes.io/pod="unconfined"' } },
  { id: 'sysctls', name: 'forbidden sysctls', spec: { securityContext: { sysctls: [{ name: 'a', value: 'a' }, { name: 'kernel.shm_rmid_forced', value: '0' }, { name: 'b', value: 'b' }] } },
    want: { reason: 'forbidden sysctls', detail: 'a, b' } },
  { id: 'sysctls', name: 'ip_local_reserved_ports before 1.27', minor: 26, spec: { securityContext: { sysctls: [{ name: 'net.ipv4.ip_local_reserved_ports', value: '1' }] } },
    want: { reason: 'forbidden sysctls', detail: 'net.ipv4.ip_local_reserved_ports' } },
  { id: 'sysctls', name: 'ip_local_reserved_ports from 1.27', minor: 27, spec: { securityContext: { sysctls: [{ name: 'net.ipv4.ip_local_reserved_ports', value: '1' }] } } },
  { id: 'sysctls', name: 'tcp_keepalive_time from 1.29', minor: 29, spec: { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_keepalive_time', value: '1' }] } } },
  { id: 'sysctls', name: 'tcp_rmem before 1.32', minor: 31, spec: { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_rmem', value: '1' }] } },
    want: { reason: 'forbidden sysctls', detail: 'net.ipv4.tcp_rmem' } },
  { id: 'sysctls', name: 'tcp_wmem from 1.32', minor: 32, spec: { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_wmem', value: '1' }] } } },
  { id: 'windowsHostProcess', name: 'pod and a container', spec: { securityContext: { windowsOptions: { hostProcess: true } }, containers: [c('a', { windowsOptions: { hostProcess: true } }), c('b', { windowsOptions: { hostProcess: false } })] },
    want: { reason: 'hostProcess', detail: 'pod and container "a" must not set securityContext.windowsOptions.hostProcess=true' } },
  { id: 'restrictedVolumes', name: 'multiple volumes', spec: { volumes: [
    { name: 'a', configMap: { name: 'x' } }, { name: 'b', hostPath: { path: '/' } }, { name: 'c', nfs: { server: 's', path: '/' } }, { name: 'd', gitRepo: { repository: 'r' } }, { name: 'e', projected: {} }] },
  want: { reason: 'restricted volume types', detail: 'volumes "b", "c", "d" use restricted volume types "gitRepo", "hostPath", "nfs"' } },
  { id: 'restrictedVolumes', name: 'one volume', spec: { volumes: [{ name: 'host', hostPath: { path: '/' } }] },
    want: { reason: 'restricted volume types', detail: 'volume "host" uses restricted volume type "hostPath"' } },
  { id: 'runAsNonRoot', name: 'pod and containers set false', spec: { securityContext: { runAsNonRoot: false }, containers: [c('a'), c('b', {}), c('c', { runAsNonRoot: false }), c('d', { runAsNonRoot: false }), c('e', { runAsNonRoot: true })] },
    want: { reason: 'runAsNonRoot != true', detail: 'pod and containers "c", "d" must not set securityContext.runAsNonRoot=false' } },
  { id: 'runAsNonRoot', name: 'pod unset, containers fall through', spec: { containers: [c('a'), c('b', {}), c('d', { runAsNonRoot: true })] },
    want: { reason: 'runAsNonRoot != true', detail: 'pod or containers "a", "b" must set securityContext.runAsNonRoot=true' } },
  { id: 'runAsNonRoot', name: 'pod true covers containers', spec: { securityContext: { runAsNonRoot: true }, containers: [c('a'), c('b', {})] } },
  { id: 'runAsUser', name: 'pod and a container run as root', spec: { securityContext: { runAsUser: 0 }, containers: [c('a', { runAsUser: 0 }), c('b', { runAsUser: 1000 })] },
    want: { reason: 'runAsUser=0', detail: 'pod and container "a" must not set runAsUser=0' } },
  { id: 'runAsUser', name: 'not checked before 1.23', minor: 22, spec: { securityContext: { runAsUser: 0 } } },
  { id: 'seccompProfile_restricted', name: 'containers fall through', spec: { containers: [c('a'), c('b', { seccompProfile: { type: 'RuntimeDefault' } })] },
    want: { reason: 'seccompProfile', detail: 'pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"' } },
  { id: 'seccompProfile_restricted', name: 'explicitly bad', spec: { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [c('a'), c('c', { seccompProfile: { type: 'Unconfined' } })] },
    want: { reason: 'seccompProfile', detail: 'pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined"' } },
  { id: 'seccompProfile_restricted', name: 'pod RuntimeDefault covers containers', spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [c('a')] } },
  { id: 'seccompProfile_restricted', name: 'ephemeral containers are checked', spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, ephemeralContainers: [{ name: 'dbg', securityContext: { seccompProfile: { type: 'Unconfined' } } }] },
    want: { reason: 'seccompProfile', detail: 'container "dbg" must not set securityContext.seccompProfile.type to "Unconfined"' } },
];

describe('Pod Security Standards checks', () => {
  it.each(cases)('$id: $name', ({ id, minor, spec, meta, want }) => {
    expect(run(id, minor ?? MAX, spec, meta)).toEqual(want);
  });
});

const lv = (level: Level, version: Version = LATEST) => ({ level, version });
const rootPod: PodSpec = { containers: [{ name: 'c', image: 'nginx' }] };

describe('evaluatePod (the check registry)', () => {
  it('restricted:latest names the four restricted checks a plain pod fails, in upstream order', () => {
    const r = evaluatePod(lv('restricted'), {}, rootPod);
    expect(forbiddenReason(r)).toBe('allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile');
    expect(forbiddenDetail(r)).toBe('allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")');
  });

  it('baseline checks come first; restricted replaces hostPathVolumes with restrictedVolumes', () => {
    const spec: PodSpec = { hostNetwork: true, volumes: [{ name: 'h', hostPath: { path: '/' } }], containers: [{ name: 'c', securityContext: { privileged: true } }] };
    expect(forbiddenReason(evaluatePod(lv('baseline'), {}, spec))).toBe('host namespaces, hostPath volumes, privileged');
    expect(forbiddenReason(evaluatePod(lv('restricted'), {}, spec))).toBe('host namespaces, privileged, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, seccompProfile');
  });

  it('restricted:v1.21 still runs capabilities_baseline (capabilities_restricted starts at 1.22)', () => {
    const spec: PodSpec = { containers: [{ name: 'c', securityContext: { capabilities: { add: ['NET_ADMIN'] } } }] };
    expect(forbiddenReason(evaluatePod(lv('restricted', v1(21)), {}, spec))).toBe('non-default capabilities, allowPrivilegeEscalation != false, runAsNonRoot != true, seccompProfile');
    expect(forbiddenReason(evaluatePod(lv('restricted', v1(22)), {}, spec))).toBe('allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile');
  });

  it('a version newer than every check evaluates as latest', () => {
    expect(evaluatePod(lv('restricted', v1(40)), {}, rootPod)).toEqual(evaluatePod(lv('restricted'), {}, rootPod));
  });

  it('a pod that follows the restricted standard passes it', () => {
    const spec: PodSpec = { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'c', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }] };
    expect(evaluatePod(lv('restricted'), {}, spec).allowed).toBe(true);
  });
});

// Pods drawn from the fields the checks read.
const securityContextArb: fc.Arbitrary<SecurityContext> = fc.record({
  allowPrivilegeEscalation: fc.boolean(), privileged: fc.boolean(), runAsNonRoot: fc.boolean(), runAsUser: fc.constantFrom(0, 1000),
  procMount: fc.constantFrom('Default', 'Unmasked'),
  capabilities: fc.record({ add: fc.subarray(['NET_BIND_SERVICE', 'CHOWN', 'NET_ADMIN', 'SYS_ADMIN']), drop: fc.subarray(['ALL', 'NET_RAW']) }, { requiredKeys: [] }),
  seccompProfile: fc.record({ type: fc.constantFrom('RuntimeDefault', 'Localhost', 'Unconfined') }),
  seLinuxOptions: fc.record({ type: fc.constantFrom('container_t', 'spc_t'), user: fc.constantFrom('', 'u') }, { requiredKeys: [] }),
  windowsOptions: fc.record({ hostProcess: fc.boolean() }),
}, { requiredKeys: [] });

const podArb: fc.Arbitrary<PodSpec> = fc.record({
  hostNetwork: fc.boolean(), hostPID: fc.boolean(),
  os: fc.constantFrom({ name: 'linux' }, { name: 'windows' }),
  securityContext: fc.record({
    runAsNonRoot: fc.boolean(), runAsUser: fc.constantFrom(0, 1000),
    seccompProfile: fc.record({ type: fc.constantFrom('RuntimeDefault', 'Unconfined') }),
    sysctls: fc.subarray([{ name: 'kernel.shm_rmid_forced', value: '0' }, { name: 'net.ipv4.tcp_rmem', value: '1' }, { name: 'kernel.msgmax', value: '1' }]),
  }, { requiredKeys: [] }),
  volumes: fc.subarray([{ name: 'e', emptyDir: {} }, { name: 'h', hostPath: { path: '/' } }, { name: 'n', nfs: { server: 's', path: '/' } }]),
  containers: fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), securityContext: securityContextArb, ports: fc.constantFrom([], [{ containerPort: 80, hostPort: 80 }]) }, { requiredKeys: ['name'] }), { minLength: 1, maxLength: 3 }),
}, { requiredKeys: ['containers'] });

const versionArb: fc.Arbitrary<Version> = fc.oneof(fc.constant(LATEST), fc.integer({ min: 0, max: 35 }).map(v1));

describe('Pod Security Standards levels (properties)', () => {
  it('a pod that passes restricted passes baseline, and every pod passes privileged, at any version', () => {
    fc.assert(fc.property(podArb, versionArb, (spec, version) => {
      // Only pods the API server accepts: a windows pod may not set the Linux fields restricted exempts it from.
      fc.pre(validateSecurityContexts(spec as unknown as Record<string, unknown>, 'spec').length === 0);
      expect(evaluatePod(lv('privileged', version), {}, spec).allowed).toBe(true);
      if (evaluatePod(lv('restricted', version), {}, spec).allowed) expect(evaluatePod(lv('baseline', version), {}, spec).allowed).toBe(true);
    }), { numRuns: 500, maxSkipsPerRun: 1000 });
  });
});
