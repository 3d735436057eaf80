// Pods on create and update (core validation ValidatePodCreate, ValidatePodUpdate).
import type { Pod } from 'kubernetes-types/core/v1';
import { deepCopy, deepFreeze } from '../../../api/object.ts';
import { sameJson } from '../../../api/samejson.ts';
import type { FieldError } from '../../errors.ts';
import { validateContainersOnlyForPod } from './containers.ts';
import { validateEphemeralContainersUpdate } from './ephemeralcontainers.ts';
import { asArray, asString, child, forbidden, index, invalid, isRecord, required } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validatePodSpec, validateTolerations } from './podspec.ts';
import { semanticEqual } from './semantic.ts';

type Obj = Record<string, unknown>;

const MAX_INT32 = 2147483647;

/** The fields a pod update may touch, as upstream lists them in its Forbidden message. */
export const POD_UPDATABLE_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
].join(',');

/** validatePodMetadataAndSpec: what both create and update check on the new pod. */
function validatePodMetadataAndSpec(pod: Pod): FieldError[] {
  const errs = validateObjectMeta(pod.metadata, nameIsDNSSubdomain);
  errs.push(...validateSpecOfPod(pod.spec));
  return errs;
}

/**
 * A frozen copy of the last pod spec that had no errors. A ReplicaSet creates its pods in runs whose (defaulted)
 * specs are equal, and these checks read nothing but the spec, so a spec with the same JSON (sameJson: the same
 * keys in the same order, the same values) has no errors either: validating it again allocated ~8 KB per pod.
 */
let lastValidSpec: unknown;

function validateSpecOfPod(spec: Pod['spec']): FieldError[] {
  if (lastValidSpec !== undefined && sameJson(spec, lastValidSpec)) return [];
  const errs = validatePodSpec(spec, 'spec');
  errs.push(...validateContainersOnlyForPod(spec?.containers, 'spec.containers'));
  errs.push(...validateContainersOnlyForPod(spec?.initContainers, 'spec.initContainers'));
  // A copy: the caller may change its spec afterwards (the store freezes it, a test may not).
  if (errs.length === 0) lastValidSpec = deepFreeze(deepCopy(spec));
  return errs;
}

export function validatePod(pod: Pod): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod);
  if (asArray(pod.spec?.ephemeralContainers).length > 0) errs.push(forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  if (pod.spec?.nodeName && asArray(pod.spec?.schedulingGates).length > 0) {
    errs.push(forbidden('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

/**
 * ValidatePodEphemeralContainersUpdate: the pod the subresource wrote (the old one with the new
 * spec.ephemeralContainers) is valid, and no existing ephemeral container was removed or changed.
 */
export function validatePodEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod));
  const ephemeral = validateEphemeralContainersUpdate(pod, old);
  // A static pod's answer is that one error alone.
  return ephemeral.length === 1 && ephemeral[0].field === '' ? ephemeral : [...errs, ...ephemeral];
}

/** ValidateContainerUpdates: the same number of containers, each with an image. `stop` ends validation. */
function containerUpdates(next: Obj[], prev: Obj[], path: string): { errs: FieldError[]; stop: boolean } {
  if (next.length !== prev.length) return { errs: [forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  next.forEach((c, i) => {
    const image = asString(c?.image);
    if (!image) errs.push(required(child(index(path, i), 'image')));
    if (image.trim().length !== image.length) errs.push(invalid(child(index(path, i), 'image'), image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** validateOnlyAddedTolerations: every old toleration must still be there (tolerationSeconds may change). */
function onlyAddedTolerations(next: Obj[], prev: Obj[], path: string): FieldError[] {
  for (const old of prev) {
    const found = next.some((t) => semanticEqual({ ...old, tolerationSeconds: t?.tolerationSeconds }, t));
    if (!found) return [forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(next, path);
}

export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod));
  const spec = (isRecord(pod.spec) ? pod.spec : {}) as Obj;
  const oldSpec = (isRecord(old.spec) ? old.spec : {}) as Obj;

  for (const list of ['containers', 'initContainers']) {
    const r = containerUpdates(asArray<Obj>(spec[list]), asArray<Obj>(oldSpec[list]), `spec.${list}`);
    errs.push(...r.errs);
    if (r.stop) return errs;
  }

  // activeDeadlineSeconds: may be set from nil, or lowered; never unset.
  const ads = spec.activeDeadlineSeconds;
  const oldAds = oldSpec.activeDeadlineSeconds;
  if (typeof ads === 'number') {
    if (ads < 0 || ads > MAX_INT32) {
      errs.push(invalid('spec.activeDeadlineSeconds', ads, `must be between 0 and ${MAX_INT32}, inclusive`));
      return errs;
    }
    if (typeof oldAds === 'number' && oldAds < ads) {
      errs.push(invalid('spec.activeDeadlineSeconds', ads, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (typeof oldAds === 'number') {
    errs.push(invalid('spec.activeDeadlineSeconds', 'null', 'must not update from a positive integer to nil value')); // a nil pointer prints as "null"
  }

  // Munge the updatable fields to their old values, then anything left that differs is forbidden.
  const munged: Obj = { ...spec };
  for (const list of ['containers', 'initContainers']) {
    const prev = asArray<Obj>(oldSpec[list]);
    if (Array.isArray(spec[list])) munged[list] = asArray<Obj>(spec[list]).map((c, i) => ({ ...c, image: prev[i]?.image }));
  }
  munged.activeDeadlineSeconds = oldSpec.activeDeadlineSeconds;
  munged.tolerations = oldSpec.tolerations;
  errs.push(...onlyAddedTolerations(asArray<Obj>(spec.tolerations), asArray<Obj>(oldSpec.tolerations), 'spec.tolerations'));
  const tgps = spec.terminationGracePeriodSeconds;
  const oldTgps = oldSpec.terminationGracePeriodSeconds;
  if (typeof oldTgps === 'number' && oldTgps < 0 && tgps === 1) munged.terminationGracePeriodSeconds = oldTgps;
  // Scheduling gates may only be removed.
  const gates = asArray<Obj>(spec.schedulingGates).map((g) => asString(g?.name));
  const oldGates = new Set(asArray<Obj>(oldSpec.schedulingGates).map((g) => asString(g?.name)));
  if (gates.every((g) => oldGates.has(g))) munged.schedulingGates = oldSpec.schedulingGates;
  // Ephemeral containers are not munged: they change only through pods/ephemeralcontainers.
  if (!semanticEqual(munged, oldSpec)) {
    errs.push(forbidden('spec', `pod updates may not change fields other than ${POD_UPDATABLE_FIELDS}`));
  }
  return errs;
}
