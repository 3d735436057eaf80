// The restricted level's checks (pod-security-admission/policy/check_*.go), in upstream's registration order; three
// of them replace a baseline check from their first version (OverrideCheckIDs).
import type { Volume } from 'kubernetes-types/core/v1';
import { allowedSeccompType, CHECK_CAPABILITIES_BASELINE, CHECK_HOST_PATH_VOLUMES, CHECK_SECCOMP_BASELINE } from './baseline.ts';
import { containersPhrase, isWindowsPod, joinQuote, pluralize, podSc, sc, setters, sortedSet, visitContainers, type Check, type CheckPod } from './check.ts';

/** From 1.25 a pod whose spec.os.name is windows is exempt from the Linux-only checks. */
const exceptWindows = (check: CheckPod): CheckPod => (meta, spec) => (isWindowsPod(spec) ? undefined : check(meta, spec));

// ---- allowPrivilegeEscalation ----
const allowPrivilegeEscalation1_8: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => { if (sc(c)?.allowPrivilegeEscalation !== false) bad.push(c.name); });
  return bad.length ? { reason: 'allowPrivilegeEscalation != false', detail: `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false` } : undefined;
};

// ---- capabilities_restricted ----
const capabilitiesRestricted1_22: CheckPod = (_meta, spec) => {
  const missingDropAll: string[] = [];
  const addingForbidden: string[] = [];
  const forbidden: string[] = [];
  visitContainers(spec, (c) => {
    const caps = sc(c)?.capabilities;
    if (!caps) { missingDropAll.push(c.name); return; }
    if (!(caps.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const bad = (caps.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (bad.length) { addingForbidden.push(c.name); forbidden.push(...bad); }
  });
  const details = [
    ...(missingDropAll.length ? [`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`] : []),
    ...(addingForbidden.length ? [`${containersPhrase(addingForbidden)} must not include ${joinQuote(sortedSet(forbidden))} in securityContext.capabilities.add`] : []),
  ];
  return details.length ? { reason: 'unrestricted capabilities', detail: details.join('; ') } : undefined;
};

// ---- restrictedVolumes ----
const ALLOWED_VOLUMES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'] as const;
/** The restricted volume types named in the detail, in the order upstream's switch tests them. */
const RESTRICTED_VOLUMES = ['gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'fc', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos', 'hostPath'] as const;

const restrictedVolumes1_0: CheckPod = (_meta, spec) => {
  const badVolumes: string[] = [];
  const badTypes: string[] = [];
  for (const v of spec.volumes ?? []) {
    const source = v as Volume & Record<string, unknown>;
    if (ALLOWED_VOLUMES.some((t) => source[t] != null)) continue;
    badVolumes.push(v.name);
    badTypes.push(RESTRICTED_VOLUMES.find((t) => source[t] != null) ?? 'unknown');
  }
  if (!badVolumes.length) return undefined;
  const types = sortedSet(badTypes);
  return {
    reason: 'restricted volume types',
    detail: `${pluralize('volume', 'volumes', badVolumes.length)} ${joinQuote(badVolumes)} ${pluralize('uses', 'use', badVolumes.length)} ${pluralize('restricted volume type', 'restricted volume types', types.length)} ${joinQuote(types)}`,
  };
};

// ---- runAsNonRoot ----
const runAsNonRoot1_0: CheckPod = (_meta, spec) => {
  const podValue = podSc(spec)?.runAsNonRoot;
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (c) => {
    const v = sc(c)?.runAsNonRoot;
    if (v !== undefined) { if (!v) explicitlyBad.push(c.name); } else if (podValue !== true) implicitlyBad.push(c.name);
  });
  const who = setters(podValue === false, explicitlyBad);
  if (who.length) return { reason: 'runAsNonRoot != true', detail: `${who.join(' and ')} must not set securityContext.runAsNonRoot=false` };
  if (implicitlyBad.length) return { reason: 'runAsNonRoot != true', detail: `pod or ${containersPhrase(implicitlyBad)} must set securityContext.runAsNonRoot=true` };
  return undefined;
};

// ---- runAsUser ----
const runAsUser1_23: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => { if (sc(c)?.runAsUser === 0) bad.push(c.name); });
  const who = setters(podSc(spec)?.runAsUser === 0, bad);
  return who.length ? { reason: 'runAsUser=0', detail: `${who.join(' and ')} must not set runAsUser=0` } : undefined;
};

// ---- seccompProfile_restricted ----
const seccompProfileRestricted1_19: CheckPod = (_meta, spec) => {
  const badValues: string[] = [];
  const podType = podSc(spec)?.seccompProfile?.type;
  const podBad = podType !== undefined && !allowedSeccompType(podType);
  if (podBad) badValues.push(podType);
  const podSet = podType !== undefined && !podBad;
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (c) => {
    const t = sc(c)?.seccompProfile?.type;
    if (t !== undefined) { if (!allowedSeccompType(t)) { explicitlyBad.push(c.name); badValues.push(t); } } else if (!podSet) implicitlyBad.push(c.name);
  });
  const who = setters(podBad, explicitlyBad);
  if (who.length) return { reason: 'seccompProfile', detail: `${who.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}` };
  if (implicitlyBad.length) return { reason: 'seccompProfile', detail: `pod or ${containersPhrase(implicitlyBad)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"` };
  return undefined;
};

export const RESTRICTED_CHECKS: Check[] = [
  { id: 'allowPrivilegeEscalation', level: 'restricted', versions: [
    { minimumVersion: 8, checkPod: allowPrivilegeEscalation1_8 },
    { minimumVersion: 25, checkPod: exceptWindows(allowPrivilegeEscalation1_8) },
  ] },
  { id: 'capabilities_restricted', level: 'restricted', versions: [
    { minimumVersion: 22, checkPod: capabilitiesRestricted1_22, overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE] },
    { minimumVersion: 25, checkPod: exceptWindows(capabilitiesRestricted1_22), overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE] },
  ] },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: restrictedVolumes1_0, overrideCheckIDs: [CHECK_HOST_PATH_VOLUMES] }] },
  { id: 'runAsNonRoot', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: runAsNonRoot1_0 }] },
  { id: 'runAsUser', level: 'restricted', versions: [{ minimumVersion: 23, checkPod: runAsUser1_23 }] },
  { id: 'seccompProfile_restricted', level: 'restricted', versions: [
    { minimumVersion: 19, checkPod: seccompProfileRestricted1_19, overrideCheckIDs: [CHECK_SECCOMP_BASELINE] },
    { minimumVersion: 25, checkPod: exceptWindows(seccompProfileRestricted1_19), overrideCheckIDs: [CHECK_SECCOMP_BASELINE] },
  ] },
];
