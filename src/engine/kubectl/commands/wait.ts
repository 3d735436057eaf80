// kubectl wait (TYPE NAME | TYPE/NAME | TYPE -l SELECTOR | TYPE --all) --for=delete | --for=condition=C[=V] |
// --for=jsonpath='{…}'[=VALUE] [--timeout=30s].
// Simplification: virtual time cannot pass inside one command, so the condition is checked once: met prints
// "… condition met", unmet fails as the timeout would ("timed out waiting for the condition on …"; with
// --timeout=0, kubectl's own check-once answer "condition not met for …"). Advance time and wait again.
import type { Condition } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../../api/object.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { JsonPath, JsonPathParseError, relaxedJsonPathExpression } from '../printers/jsonpath/jsonpath.ts';
import { goValueText } from '../printers/jsonpath/gofmt.ts';
import { durationFlag } from './numericflags.ts';
import { printResult } from './printresult.ts';
import { findTargets, objectName, type Target } from './targets.ts';

type Check = (obj: KubeObject) => boolean;

/** ConditionalWait.checkCondition: the named condition has the value, and is not older than the spec. */
function conditionCheck(name: string, value: string): Check {
  return (obj) => {
    const status = obj.status as { conditions?: (Condition & { observedGeneration?: number })[]; observedGeneration?: number } | undefined;
    const c = status?.conditions?.find((x) => x.type?.toLowerCase() === name.toLowerCase());
    if (!c || c.status === undefined) return false;
    const generation = obj.metadata.generation;
    const observed = c.observedGeneration ?? status?.observedGeneration;
    if (generation !== undefined && observed !== undefined && observed < generation) return false;
    return c.status.toLowerCase() === value.toLowerCase();
  };
}

/** splitJSONPathInput: split on a single "=", "==" stays part of the expression. */
function splitJsonPathInput(input: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] !== '=') { cur += input[i]; continue; }
    if (input[i + 1] === '=') { cur += '=='; i++; continue; }
    out.push(cur);
    cur = '';
  }
  return [...out, cur];
}

/** JSONPathWait.checkCondition: one value found (any, or equal to the expected one). */
function jsonPathCheck(input: string): Check {
  const parts = splitJsonPathInput(input);
  if (parts.length < 1 || parts.length > 2) throw new CommandError("jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'");
  let expr: string;
  try {
    expr = relaxedJsonPathExpression(parts[0]);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  if (expr === '') throw new CommandError('jsonpath expression cannot be empty');
  const expected = parts.length === 2 ? parts[1].replace(/^['"]+|['"]+$/g, '') : undefined;
  if (parts.length === 2 && !expected) throw new CommandError("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3");
  let jp: JsonPath;
  try {
    jp = new JsonPath(expr, true);
  } catch (e) {
    if (e instanceof JsonPathParseError) throw new CommandError(e.message);
    throw e;
  }
  return (obj) => {
    const results = jp.findResults(obj);
    if (!results.length || !results[0].length) return false;
    if (results.length > 1) throw new CommandError('given jsonpath expression matches more than one list');
    if (results[0].length > 1) throw new CommandError('given jsonpath expression matches more than one value');
    if (expected === undefined) return true;
    const v = results[0][0];
    if (typeof v === 'object' && v !== null) throw new CommandError('jsonpath leads to a nested object or list which is not supported');
    return goValueText(v).trim() === expected.trim();
  };
}

export function waitCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const forCondition = flag(args, 'for') ?? '';
  const timeoutMs = durationFlag(args, 'timeout', 30_000);
  const isDelete = forCondition.toLowerCase() === 'delete';
  let check: Check | undefined;
  if (forCondition.startsWith('condition=')) {
    const spec = forCondition.slice('condition='.length);
    const eq = spec.indexOf('=');
    check = eq < 0 ? conditionCheck(spec, 'true') : conditionCheck(spec.slice(0, eq), spec.slice(eq + 1));
  } else if (forCondition.startsWith('jsonpath=')) check = jsonPathCheck(forCondition.slice('jsonpath='.length));
  else if (!isDelete) throw new CommandError(`unrecognized condition: "${forCondition}"`);
  const { targets, errors } = findTargets(ctx, args, args.positional);
  // Waiting for a deletion is satisfied by objects that are already gone.
  if (errors.length && !isDelete) {
    ctx.err.push(...errors);
    return 1;
  }
  if (!targets.length) {
    if (isDelete) return 0;
    throw new CommandError('no matching resources found');
  }
  for (const t of targets) {
    try {
      if (isDelete || !check!(t.obj)) throw new CommandError(unmet(t, timeoutMs));
      printResult(ctx, args, t.info, t.obj, 'condition met');
    } catch (e) {
      ctx.err.push(formatError(e));
      return 1;
    }
  }
  return 0;
}

function unmet(t: Target, timeoutMs: number): string {
  return timeoutMs === 0 ? `condition not met for ${objectName(t)}` : `timed out waiting for the condition on ${objectName(t)}`;
}
