// One policy evaluated for one binding and one parameter (validating.validator's Validate): matchConditions first
// (any false: the policy does not apply; errors: failurePolicy decides), then every validation, each an admit or a
// deny decision with its message — messageExpression's result, else message, else "failed expression: …".
import type { MatchCondition, ValidatingAdmissionPolicySpec, Validation, Variable } from 'kubernetes-types/admissionregistration/v1';
import { evaluate, LazyMap } from '../../../../api/cel/cel.ts';
import { compileExpression, type Environment } from './compile.ts';

export interface Decision {
  deny: boolean;
  message: string;
  /** The Status reason a denial answers with (validation.reason; Invalid when unset). */
  reason?: string;
}

/** CEL's values of a request: object, oldObject, request, namespaceObject and (with a paramKind) params. */
export type Activation = Record<'object' | 'oldObject' | 'request' | 'namespaceObject', unknown> & { params?: unknown };

/** upstream's MaxEvaluatedMessageExpressionSizeBytes. */
const MAX_MESSAGE_BYTES = 5 * 1024;

type Outcome = { value: unknown } | { error: string };

function run(expr: string, env: Environment, vars: Map<string, unknown>): Outcome {
  const c = compileExpression(expr, env);
  if ('error' in c) return { error: `compilation error: ${c.error}` };
  try {
    return { value: evaluate(c.node, vars) };
  } catch (e) {
    return { error: `expression '${expr}' resulted in error: ${(e as Error).message}` };
  }
}

function message(v: Validation, env: Environment, vars: Map<string, unknown>): string {
  if (v.messageExpression) {
    const m = run(v.messageExpression, env, vars);
    // A message that is not a string, is blank, too long or spans lines falls back to the static one.
    if ('value' in m && typeof m.value === 'string') {
      const text = m.value.trim();
      if (text && new TextEncoder().encode(text).length <= MAX_MESSAGE_BYTES && !text.includes('\n')) return text;
    }
  }
  if (v.message?.trim()) return v.message.trim();
  return `failed expression: ${v.expression.trim()}`;
}

export function validate(spec: ValidatingAdmissionPolicySpec, activation: Activation): Decision[] {
  const failClosed = (spec.failurePolicy ?? 'Fail') === 'Fail';
  const variables = (spec.variables ?? []) as Variable[];
  const names = variables.map((v) => v.name);
  const env: Environment = { params: spec.paramKind !== undefined, ...(names.length ? { variables: names } : {}) };
  const vars = new Map<string, unknown>(Object.entries(activation));
  if (names.length) {
    // A variable's error is the error of the expression that reads it.
    vars.set('variables', new LazyMap(names, (name) => {
      const i = names.indexOf(name);
      const c = compileExpression(variables[i].expression, { ...env, variables: names.slice(0, i) });
      if ('error' in c) throw new Error(c.error);
      return evaluate(c.node, vars);
    }));
  }
  const errors: string[] = [];
  for (const c of (spec.matchConditions ?? []) as MatchCondition[]) {
    const r = run(c.expression, { params: env.params }, vars);
    if ('error' in r) errors.push(r.error);
    else if (r.value === false) return [];
  }
  if (errors.length) {
    // utilerrors.NewAggregate's text: one error as it is, several in brackets.
    return failClosed ? [{ deny: true, message: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` }] : [];
  }
  return ((spec.validations ?? []) as Validation[]).map((v) => {
    const r = run(v.expression, env, vars);
    if ('error' in r) return { deny: failClosed, message: r.error };
    if (r.value === true) return { deny: false, message: '' };
    return { deny: true, message: message(v, env, vars), reason: v.reason ?? 'Invalid' };
  });
}
