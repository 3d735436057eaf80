// Nodes (core validation ValidateNode, ValidateNodeUpdate). Taint errors sit at metadata.taints, as upstream's do.
import type { Node } from 'kubernetes-types/core/v1';
import { isValidLabelValue } from '../../../api/validation.ts';
import { Quantity } from '../../../api/quantity.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, asString, child, forbidden, index, invalid, isRecord, key, sortedEntries, withGoValue } from './field.ts';
import { goTaint } from './gotext.ts';
import { validateLabelName } from './labels.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { validateTaintEffect } from './podspec.ts';

type Obj = Record<string, unknown>;

function validateTaints(taints: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Map<string, Set<string>>();
  asArray<Obj>(taints).forEach((raw, i) => {
    const t = isRecord(raw) ? raw : {};
    const p = index(path, i);
    const k = asString(t.key);
    const value = asString(t.value);
    const effect = asString(t.effect);
    errs.push(...validateLabelName(k, child(p, 'key')));
    const msgs = isValidLabelValue(value);
    if (msgs.length) errs.push(invalid(child(p, 'value'), value, msgs.join(';')));
    errs.push(...validateTaintEffect(effect, false, child(p, 'effect')));
    const keys = unique.get(effect) ?? new Set<string>();
    if (keys.has(k)) {
      errs.push(withGoValue('Duplicate', p, goTaint(t), 'taints must be unique by key and effect pair'));
      return;
    }
    keys.add(k);
    unique.set(effect, keys);
  });
  return errs;
}

/** ValidateNodeResources: capacity and allocatable quantities are not negative. */
function validateNodeResources(node: Node): FieldError[] {
  const errs: FieldError[] = [];
  for (const list of ['capacity', 'allocatable'] as const) {
    for (const [name, v] of sortedEntries(node.status?.[list] as Record<string, unknown> | undefined)) {
      let q: Quantity;
      try { q = Quantity.parse(v as string); } catch { continue; }
      if (q.sign() < 0) errs.push(invalid(key(child('status', list), name), q.toString(), 'must be greater than or equal to 0'));
    }
  }
  return errs;
}

function validateNodeSpec(node: Node): FieldError[] {
  const errs = validateTaints(node.spec?.taints, 'metadata.taints');
  errs.push(...validateNodeResources(node));
  return errs;
}

export function validateNode(node: Node): FieldError[] {
  return [...validateObjectMeta(node.metadata, nameIsDNSSubdomain), ...validateNodeSpec(node)];
}

export function validateNodeUpdate(node: Node, old: Node): FieldError[] {
  const errs = [...validateObjectMetaUpdate(node.metadata, old.metadata), ...validateNodeSpec(node)];
  // podCIDR(s) may go from unset to set, never change afterwards.
  const oldCIDRs = asArray<string>(old.spec?.podCIDRs);
  const newCIDRs = asArray<string>(node.spec?.podCIDRs);
  if (oldCIDRs.length > 0 && oldCIDRs.join(',') !== newCIDRs.join(',')) {
    errs.push(forbidden('spec.podCIDRs', 'node updates may not change podCIDR except from "" to valid'));
  }
  if (old.spec?.providerID && node.spec?.providerID !== old.spec.providerID) {
    errs.push(forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  return errs;
}
