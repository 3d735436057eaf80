// PodSpec and PodTemplateSpec (core validation ValidatePodSpec, ValidateVolumes, ValidateTolerations …).
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { validateEphemeralContainers } from './ephemeralcontainers.ts';
import { validateContainers, validateDNS1123Label, validateInitContainers } from './containers.ts';
import { asArray, asString, child, duplicate, forbidden, index, invalid, isRecord, notSupported, required, withGoValue } from './field.ts';
import { goToleration } from './gotext.ts';
import { validateAnnotations, validateLabelName, validateLabels } from './labels.ts';
import { validateResourceRequirements } from './resources.ts';
import { validateSecurityContexts } from './securitycontext.ts';

type Obj = Record<string, unknown>;

const MAX_INT32 = 2147483647;

const volumeSources = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile',
  'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume',
  'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];

/** The names a container may mount. */
function validateVolumes(volumes: unknown, path: string): { names: Set<string>; errs: FieldError[] } {
  const names = new Set<string>();
  const errs: FieldError[] = [];
  asArray<Obj>(volumes).forEach((raw, i) => {
    const vol = isRecord(raw) ? raw : {};
    const p = index(path, i);
    const el: FieldError[] = [];
    let count = 0;
    for (const src of volumeSources) {
      const s = vol[src];
      if (s === undefined || s === null) continue;
      if (count++ > 0) {
        el.push(forbidden(child(p, src), 'may not specify more than 1 volume type'));
        continue;
      }
      const so = isRecord(s) ? s : {};
      if (src === 'configMap' && !asString(so.name)) el.push(required(child(p, src, 'name')));
      if (src === 'secret' && !asString(so.secretName)) el.push(required(child(p, src, 'secretName')));
      if (src === 'persistentVolumeClaim' && !asString(so.claimName)) el.push(required(child(p, src, 'claimName')));
      if (src === 'hostPath' && !asString(so.path)) el.push(required(child(p, src, 'path')));
    }
    if (count === 0) el.push(required(p, 'must specify a volume type'));
    const name = asString(vol.name);
    if (!name) el.push(required(child(p, 'name')));
    else el.push(...validateDNS1123Label(name, child(p, 'name')));
    if (names.has(name)) el.push(duplicate(child(p, 'name'), name));
    if (el.length === 0) names.add(name);
    else errs.push(...el);
  });
  return { names, errs };
}

/** validateTaintEffect: an empty effect means all effects where allowEmpty (tolerations), else is required (taints). */
export function validateTaintEffect(effect: string, allowEmpty: boolean, path: string): FieldError[] {
  if (!allowEmpty && !effect) return [required(path)];
  const valid = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
  return valid.includes(effect) ? [] : [notSupported(path, effect, valid)];
}

export function validateTolerations(tolerations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray<Obj>(tolerations).forEach((raw, i) => {
    const t = isRecord(raw) ? raw : {};
    const p = index(path, i);
    const key = asString(t.key);
    const operator = asString(t.operator);
    const effect = asString(t.effect);
    const value = asString(t.value);
    if (key) errs.push(...validateLabelName(key, child(p, 'key')));
    if (!key && operator !== 'Exists') {
      errs.push(invalid(child(p, 'operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null && effect !== 'NoExecute') {
      errs.push(invalid(child(p, 'effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    switch (operator) {
      case 'Equal':
      case '': {
        const msgs = isValidLabelValue(value);
        if (msgs.length) errs.push(invalid(child(p, 'operator'), value, msgs.join(';')));
        break;
      }
      case 'Exists':
        if (value) errs.push(withGoValue('Invalid', child(p, 'operator'), goToleration(t), "value must be empty when `operator` is 'Exists'"));
        break;
      default:
        errs.push(notSupported(child(p, 'operator'), operator, ['Equal', 'Exists']));
    }
    if (effect) errs.push(...validateTaintEffect(effect, true, child(p, 'effect')));
  });
  return errs;
}

function subdomainName(value: string, path: string): FieldError[] {
  return isDNS1123Subdomain(value).map((msg) => invalid(path, value, msg));
}

/** ValidatePodSpec, in upstream's order for the fields the simulator knows. */
export function validatePodSpec(spec: unknown, path: string): FieldError[] {
  const s = isRecord(spec) ? spec : {};
  const { names: volumes, errs } = validateVolumes(s.volumes, child(path, 'volumes'));
  errs.push(...validateContainers(s.containers, volumes, child(path, 'containers')));
  errs.push(...validateInitContainers(s.initContainers, s.containers, volumes, child(path, 'initContainers')));
  errs.push(...validateEphemeralContainers(s.ephemeralContainers, s.containers, s.initContainers, volumes, child(path, 'ephemeralContainers')));

  const restartPolicy = asString(s.restartPolicy);
  if (!restartPolicy) errs.push(required(child(path, 'restartPolicy')));
  else if (!['Always', 'OnFailure', 'Never'].includes(restartPolicy)) {
    errs.push(notSupported(child(path, 'restartPolicy'), restartPolicy, ['Always', 'OnFailure', 'Never']));
  }
  const dnsPolicy = asString(s.dnsPolicy);
  const dnsPolicies = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
  if (!dnsPolicy) errs.push(required(child(path, 'dnsPolicy')));
  else if (!dnsPolicies.includes(dnsPolicy)) errs.push(notSupported(child(path, 'dnsPolicy'), dnsPolicy, dnsPolicies));
  errs.push(...validateLabels(s.nodeSelector, child(path, 'nodeSelector')));

  const sa = asString(s.serviceAccountName);
  if (sa) errs.push(...subdomainName(sa, child(path, 'serviceAccountName')));
  const nodeName = asString(s.nodeName);
  if (nodeName) errs.push(...subdomainName(nodeName, child(path, 'nodeName')));
  const ads = s.activeDeadlineSeconds;
  if (typeof ads === 'number' && (ads < 1 || ads > MAX_INT32)) {
    errs.push(invalid(child(path, 'activeDeadlineSeconds'), ads, `must be between 1 and ${MAX_INT32}, inclusive`));
  }
  const hostname = asString(s.hostname);
  if (hostname) errs.push(...validateDNS1123Label(hostname, child(path, 'hostname')));
  const subdomain = asString(s.subdomain);
  if (subdomain) errs.push(...validateDNS1123Label(subdomain, child(path, 'subdomain')));
  errs.push(...validateTolerations(s.tolerations, child(path, 'tolerations')));
  errs.push(...validateSecurityContexts(s, path));
  const pcn = asString(s.priorityClassName);
  if (pcn) errs.push(...subdomainName(pcn, child(path, 'priorityClassName')));
  if (s.preemptionPolicy !== undefined && s.preemptionPolicy !== null) {
    const pp = asString(s.preemptionPolicy);
    if (!pp) errs.push(required(child(path, 'preemptionPolicy')));
    else if (pp !== 'PreemptLowerPriority' && pp !== 'Never') {
      errs.push(notSupported(child(path, 'preemptionPolicy'), pp, ['PreemptLowerPriority', 'Never']));
    }
  }
  if (isRecord(s.overhead)) errs.push(...validateResourceRequirements({ limits: s.overhead }, child(path, 'overhead')));
  asArray<Obj>(s.schedulingGates).forEach((g, i) => {
    const p = index(child(path, 'schedulingGates'), i);
    const name = asString(g?.name);
    errs.push(...isQualifiedName(name).map((msg) => invalid(p, name, msg)));
    if (asArray<Obj>(s.schedulingGates).slice(0, i).some((o) => asString(o?.name) === name)) errs.push(duplicate(p, name));
  });
  return errs;
}

/**
 * ValidatePodTemplateSpec: the template's labels and annotations, then its pod spec. Upstream reports label and
 * annotation errors at `<template>.labels` and `<template>.annotations` (without "metadata"); so does this.
 */
export function validatePodTemplateSpec(template: unknown, path: string): FieldError[] {
  const t = isRecord(template) ? template : {};
  const meta = isRecord(t.metadata) ? t.metadata : {};
  const errs = validateLabels(meta.labels, child(path, 'labels'));
  errs.push(...validateAnnotations(meta.annotations, child(path, 'annotations')));
  errs.push(...validatePodSpec(t.spec, child(path, 'spec')));
  if (isRecord(t.spec) && asArray(t.spec.ephemeralContainers).length > 0) {
    errs.push(forbidden(child(path, 'spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
