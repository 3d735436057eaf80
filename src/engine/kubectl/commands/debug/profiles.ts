// kubectl debug's profiles (k8s.io/kubectl/pkg/cmd/debug/profiles.go, v1.32): what each one changes in the
// debugging pod, by how the debugging is done (an ephemeral container, a copy of the pod, a node's pod).
import type { Capabilities, Container, Pod, SecurityContext } from 'kubernetes-types/core/v1';
import { CommandError } from '../../context.ts';

export type DebugStyle = 'ephemeral' | 'podCopy' | 'node';

export const PROFILES = ['legacy', 'general', 'baseline', 'restricted', 'netadmin', 'sysadmin'] as const;
export type Profile = (typeof PROFILES)[number];

/** KeepFlags: what a pod copy keeps of the original (--keep-labels … --keep-init-containers). */
export interface KeepFlags { labels: boolean; annotations: boolean; liveness: boolean; readiness: boolean; startup: boolean; initContainers: boolean }

export function parseProfile(name: string): Profile {
  if (!(PROFILES as readonly string[]).includes(name)) throw new CommandError(`unknown profile: ${name}`);
  return name as Profile;
}

/** The ProfileApplier's Apply: `container` names the debugging container of `pod` (a copy the caller owns). */
export function applyProfile(profile: Profile, keep: KeepFlags, pod: Pod, container: string, style: DebugStyle): void {
  const c = containerNamed(pod, container);
  const copyRemovals = () => {
    removeLabels(pod, keep);
    if (!keep.annotations && pod.metadata) delete pod.metadata.annotations;
    removeProbes(pod, keep);
    if (!keep.initContainers && pod.spec) delete pod.spec.initContainers;
  };
  switch (profile) {
    case 'legacy':
      if (style === 'node') { mountRootPartition(pod, c); useHostNamespaces(pod); }
      if (style === 'podCopy') removeLabels(pod, { ...keep, labels: false });
      return;
    case 'general':
      if (style === 'node') { mountRootPartition(pod, c); clearSecurityContext(c); useHostNamespaces(pod); }
      if (style === 'podCopy') { copyRemovals(); addCapability(c, 'SYS_PTRACE'); shareProcessNamespace(pod); }
      if (style === 'ephemeral') addCapability(c, 'SYS_PTRACE');
      return;
    case 'baseline':
      clearSecurityContext(c);
      if (style === 'podCopy') { copyRemovals(); shareProcessNamespace(pod); }
      return;
    case 'restricted': {
      clearSecurityContext(c);
      const sc = securityContext(c);
      sc.runAsNonRoot = true;
      sc.capabilities = { ...sc.capabilities, drop: ['ALL'] };
      delete sc.capabilities.add;
      sc.allowPrivilegeEscalation = false;
      sc.seccompProfile = { type: 'RuntimeDefault' };
      if (style === 'podCopy') { copyRemovals(); shareProcessNamespace(pod); }
      return;
    }
    case 'netadmin':
      addCapability(c, 'NET_ADMIN');
      addCapability(c, 'NET_RAW');
      if (style === 'node') useHostNamespaces(pod);
      if (style === 'podCopy') { copyRemovals(); shareProcessNamespace(pod); }
      return;
    case 'sysadmin':
      securityContext(c).privileged = true;
      if (style === 'node') { useHostNamespaces(pod); mountRootPartition(pod, c); }
      if (style === 'podCopy') { copyRemovals(); shareProcessNamespace(pod); }
  }
}

function containerNamed(pod: Pod, name: string): Container {
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...((pod.spec?.ephemeralContainers ?? []) as Container[])];
  return all.find((c) => c.name === name)!;
}

function removeLabels(pod: Pod, keep: KeepFlags): void {
  if (!keep.labels && pod.metadata) delete pod.metadata.labels;
}

function removeProbes(pod: Pod, keep: KeepFlags): void {
  for (const c of pod.spec?.containers ?? []) {
    if (!keep.liveness) delete c.livenessProbe;
    if (!keep.readiness) delete c.readinessProbe;
    if (!keep.startup) delete c.startupProbe;
  }
}

/** mountRootPartition: the host's / at /host. */
function mountRootPartition(pod: Pod, c: Container): void {
  pod.spec!.volumes = [...(pod.spec!.volumes ?? []), { name: 'host-root', hostPath: { path: '/' } }];
  c.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: '/host', name: 'host-root' }];
}

function useHostNamespaces(pod: Pod): void {
  Object.assign(pod.spec!, { hostNetwork: true, hostPID: true, hostIPC: true });
}

function shareProcessNamespace(pod: Pod): void {
  if (pod.spec!.shareProcessNamespace === undefined) pod.spec!.shareProcessNamespace = true;
}

function clearSecurityContext(c: Container): void {
  delete c.securityContext;
}

function securityContext(c: Container): SecurityContext {
  return (c.securityContext ??= {});
}

function addCapability(c: Container, cap: string): void {
  const caps: Capabilities = (securityContext(c).capabilities ??= {});
  caps.add = [...(caps.add ?? []), cap];
}
