// PriorityClasses (scheduling validation) and PodDisruptionBudgets (policy validation).
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { FieldError } from '../../errors.ts';
import { percentValue, positiveIntOrPercent } from './deployment.ts';
import { HIGHEST_USER_DEFINABLE_PRIORITY, SYSTEM_PRIORITY_CLASSES } from '../plugins/priority.ts';
import { child, forbidden, invalid, notSupported, withGoValue } from './field.ts';
import { goIntOrString } from './gotext.ts';
import { validateLabelSelector } from './labels.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

/** IsKnownSystemPriorityClass. */
function knownSystemClassError(pc: PriorityClass): string | undefined {
  const name = pc.metadata?.name ?? '';
  const known = SYSTEM_PRIORITY_CLASSES.find((s) => s.metadata?.name === name);
  if (!known) return `${name} is not a known system priority class`;
  if (pc.value !== known.value) return `value of ${name} PriorityClass must be ${known.value}`;
  if (pc.globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

export function validatePriorityClass(pc: PriorityClass): FieldError[] {
  const errs = validateObjectMeta(pc.metadata, nameIsDNSSubdomain);
  if ((pc.metadata?.name ?? '').startsWith('system-')) {
    const why = knownSystemClassError(pc);
    if (why) errs.push(forbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${why}`));
  } else if (pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  return errs;
}

export function validatePriorityClassUpdate(pc: PriorityClass, old: PriorityClass): FieldError[] {
  const errs = validateObjectMetaUpdate(pc.metadata, old.metadata);
  if (pc.value !== old.value) errs.push(forbidden('value', 'may not be changed in an update.'));
  if ((pc.preemptionPolicy ?? null) !== (old.preemptionPolicy ?? null)) errs.push(invalid('preemptionPolicy', pc.preemptionPolicy ?? null, FIELD_IMMUTABLE));
  return errs;
}

/** IsNotMoreThan100Percent. */
function notOver100Percent(v: unknown, path: string): FieldError[] {
  const p = percentValue(v);
  return p !== undefined && p > 100 ? [withGoValue('Invalid', path, goIntOrString(v), 'must not be greater than 100%')] : [];
}

/** ValidatePodDisruptionBudgetSpec. */
function validatePDBSpec(pdb: PodDisruptionBudget): FieldError[] {
  const spec = pdb.spec ?? {};
  const errs: FieldError[] = [];
  // Simplification: upstream prints the whole spec struct (with pointer addresses) as the bad value.
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) errs.push({ type: 'Invalid', field: 'spec', detail: 'minAvailable and maxUnavailable cannot be both set' });
  for (const f of ['minAvailable', 'maxUnavailable'] as const) {
    if (spec[f] === undefined) continue;
    errs.push(...positiveIntOrPercent(spec[f], child('spec', f)), ...notOver100Percent(spec[f], child('spec', f)));
  }
  errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && policy !== 'AlwaysAllow' && policy !== 'IfHealthyBudget') {
    errs.push(notSupported('spec.unhealthyPodEvictionPolicy', policy, ['AlwaysAllow', 'IfHealthyBudget']));
  }
  return errs;
}

export function validatePodDisruptionBudget(pdb: PodDisruptionBudget): FieldError[] {
  return [...validateObjectMeta(pdb.metadata, nameIsDNSSubdomain), ...validatePDBSpec(pdb)];
}

export function validatePodDisruptionBudgetUpdate(pdb: PodDisruptionBudget, old: PodDisruptionBudget): FieldError[] {
  return [...validateObjectMetaUpdate(pdb.metadata, old.metadata), ...validatePDBSpec(pdb)];
}
