// x-kubernetes-validations: the rules a CRD writes in CEL, evaluated against `self` (and `oldSelf` on an update)
// by the general evaluator (api/cel, a named subset of CEL).
// Simplification: no messageExpression (its rule's message or "failed rule" is used). An evaluation error fails
// the rule with the error's text.
import type { FieldError } from '../errors.ts';
import { compile, evaluate, type Node } from '../../api/cel/cel.ts';

export interface ValidationRule { rule: string; message?: string; messageExpression?: string; fieldPath?: string; reason?: string }

function referencesOldSelf(n: Node): boolean {
  switch (n.t) {
    case 'id': return n.name === 'oldSelf';
    case 'lit': return false;
    case 'list': return n.items.some(referencesOldSelf);
    case 'member': return referencesOldSelf(n.obj);
    case 'index': return referencesOldSelf(n.obj) || referencesOldSelf(n.idx);
    case 'call': return (n.target ? referencesOldSelf(n.target) : false) || n.args.some(referencesOldSelf);
    case 'un': return referencesOldSelf(n.x);
    case 'bin': return referencesOldSelf(n.l) || referencesOldSelf(n.r);
    case 'cond': return referencesOldSelf(n.c) || referencesOldSelf(n.a) || referencesOldSelf(n.b);
  }
}

/** The value's type as the rule errors name it (`spec: Invalid value: "object": …`). */
function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object' && v !== null) return 'object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return v === null ? 'null' : typeof v;
}

const REASONS: Record<string, FieldError['type']> = { FieldValueRequired: 'Required', FieldValueForbidden: 'Forbidden', FieldValueDuplicate: 'Duplicate', FieldValueInvalid: 'Invalid' };

/**
 * Evaluate the rules at one schema node. A transition rule (one that reads oldSelf) runs only on an update that
 * has an old value there. A rule that fails reports its message (or "failed rule: RULE") at its fieldPath.
 */
export function evaluateRules(rules: ValidationRule[], self: unknown, oldSelf: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const r of rules) {
    let ok: boolean;
    let detail: string | undefined;
    try {
      const node = compile(r.rule);
      if (referencesOldSelf(node) && oldSelf === undefined) continue;
      ok = evaluate(node, new Map<string, unknown>([['self', self], ['oldSelf', oldSelf]])) === true;
    } catch (e) {
      ok = false;
      detail = `${r.rule}: ${(e as Error).message}`;
    }
    if (ok) continue;
    const field = r.fieldPath ? `${path}${r.fieldPath}` : path;
    const type = REASONS[r.reason ?? ''] ?? 'Invalid';
    const message = detail ?? (r.message || `failed rule: ${r.rule}`);
    errs.push(type === 'Invalid' || type === 'Duplicate' ? { type, field, value: typeName(self), detail: message } : { type, field, detail: message });
  }
  return errs;
}
