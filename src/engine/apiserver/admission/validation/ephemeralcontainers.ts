// Ephemeral containers (core validation validateEphemeralContainers, ValidatePodEphemeralContainersUpdate): the
// debugging containers added through pods/ephemeralcontainers, which may be added but never changed or removed.
import type { Pod } from 'kubernetes-types/core/v1';
import { goQuote } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { validateContainerCommon, validateContainersOnlyForPod } from './containers.ts';
import { asArray, asString, child, duplicate, forbidden, index, isRecord } from './field.ts';
import { semanticEqual } from './semantic.ts';

type Obj = Record<string, unknown>;

const NOT_FOR_EPHEMERAL = 'cannot be set for an Ephemeral Container';

/**
 * allowedEphemeralContainerFields' false entries, in EphemeralContainerCommon's field order: fundamental pod
 * services (ports, probes, lifecycle, resources) must not rely on a debugging container.
 */
const DISALLOWED_FIELDS = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

/** reflect's IsZero on the Go field: an unset field, or a struct with nothing in it (`resources: {}`). */
function isZero(field: string, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  return field === 'resources' && isRecord(v) && Object.values(v).every((x) => x === undefined || x === null);
}

/** validateEphemeralContainers: each is a container, named uniquely across the pod, targeting a pod container. */
export function validateEphemeralContainers(ephemeral: unknown, containers: unknown, initContainers: unknown, volumes: Set<string>, path: string): FieldError[] {
  const list = asArray<Obj>(ephemeral);
  const errs: FieldError[] = [];
  if (list.length === 0) return errs;
  const others = new Set([...asArray<Obj>(containers), ...asArray<Obj>(initContainers)].map((c) => asString(c?.name)));
  const all = new Set(others);
  list.forEach((raw, i) => {
    const c = isRecord(raw) ? raw : {};
    const p = index(path, i);
    errs.push(...validateContainerCommon(c, volumes, p));
    const name = asString(c.name);
    if (all.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else all.add(name);
    const target = asString(c.targetContainerName);
    if (target && !others.has(target)) errs.push({ type: 'NotFound', field: child(p, 'targetContainerName'), value: target });
    for (const f of DISALLOWED_FIELDS) if (!isZero(f, c[f])) errs.push(forbidden(child(p, f), NOT_FOR_EPHEMERAL));
    asArray<Obj>(c.volumeMounts).forEach((m, j) => {
      for (const f of ['subPath', 'subPathExpr']) {
        if (asString(m?.[f])) errs.push(forbidden(child(index(child(p, 'volumeMounts'), j), f), NOT_FOR_EPHEMERAL));
      }
    });
  });
  errs.push(...validateContainersOnlyForPod(list, path));
  return errs;
}

/**
 * The ephemeral-container half of ValidatePodEphemeralContainersUpdate (the caller validates the new pod's
 * metadata and spec): static pods take none, and every existing one is still there, unchanged (order may differ).
 * Simplification: the "may not be changed" message ends at its first line; upstream appends a cmp.Diff of the two.
 */
export function validateEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  if (old.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined) return [forbidden('', 'static pods do not support ephemeral containers')];
  const errs: FieldError[] = [];
  const path = 'spec.ephemeralContainers';
  const byName = new Map(asArray<Obj>(pod.spec?.ephemeralContainers).map((c) => [asString(c?.name), c]));
  for (const prev of asArray<Obj>(old.spec?.ephemeralContainers)) {
    const name = asString(prev?.name);
    const next = byName.get(name);
    if (!next) errs.push(forbidden(path, `existing ephemeral containers ${goQuote(name)} may not be removed\n`));
    else if (!semanticEqual(prev, next)) errs.push(forbidden(path, `existing ephemeral containers ${goQuote(name)} may not be changed\n`));
  }
  return errs;
}
