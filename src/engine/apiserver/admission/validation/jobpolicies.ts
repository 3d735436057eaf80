// The policies of a JobSpec (batch validation validatePodFailurePolicy, validateSuccessPolicy,
// validatePodReplacementPolicy, validateIndexesFormat).
import { goQuote, isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, asString, child, duplicate, index, invalid, isRecord, nonNegative, notSupported, required, withGoValue } from './field.ts';

type Obj = Record<string, unknown>;

const MAX_POD_FAILURE_POLICY_RULES = 20;
const MAX_ON_EXIT_CODES_VALUES = 255;
const MAX_ON_POD_CONDITIONS_PATTERNS = 20;
const MAX_SUCCESS_POLICY_RULES = 20;
const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;

const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];

/** Go's %q of a []string, as the "valid values" details print them: ["In" "NotIn"]. */
const quotedList = (values: string[]): string => `[${values.map(goQuote).join(' ')}]`;

const tooMany = (field: string, actual: number, max: number): FieldError => ({ type: 'TooMany', field, value: actual, detail: `must have at most ${max} items` });

/** %#v of a []int32. */
function goInt32Slice(v: unknown): string {
  return Array.isArray(v) ? `[]int32{${v.join(', ')}}` : '[]int32(nil)';
}

function validateOnExitCodes(req: Obj, path: string, containerNames: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const operator = asString(req.operator);
  const opPath = child(path, 'operator');
  if (!operator) errs.push(required(opPath, `valid values: ${quotedList(OPERATORS)}`));
  else if (!OPERATORS.includes(operator)) errs.push(notSupported(opPath, operator, OPERATORS));
  if (typeof req.containerName === 'string' && !containerNames.has(req.containerName)) {
    errs.push(invalid(child(path, 'containerName'), req.containerName, 'must be one of the container or initContainer names in the pod template'));
  }
  const valuesPath = child(path, 'values');
  const values = asArray<number>(req.values);
  if (values.length === 0) errs.push(withGoValue('Invalid', valuesPath, goInt32Slice(req.values), 'at least one value is required'));
  else if (values.length > MAX_ON_EXIT_CODES_VALUES) errs.push(tooMany(valuesPath, values.length, MAX_ON_EXIT_CODES_VALUES));
  const seen = new Set<number>();
  let ordered = true;
  values.forEach((v, j) => {
    const p = index(valuesPath, j);
    if (operator === 'In' && v === 0) errs.push(invalid(p, v, 'must not be 0 for the In operator'));
    if (seen.has(v)) errs.push(duplicate(p, v));
    else seen.add(v);
    if (j > 0 && values[j - 1] > v) ordered = false;
  });
  if (!ordered) errs.push(withGoValue('Invalid', valuesPath, goInt32Slice(values), 'must be ordered'));
  return errs;
}

function validateOnPodConditions(patterns: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (patterns.length > MAX_ON_POD_CONDITIONS_PATTERNS) errs.push(tooMany(path, patterns.length, MAX_ON_POD_CONDITIONS_PATTERNS));
  patterns.forEach((raw, j) => {
    const pattern = isRecord(raw) ? raw : {};
    const p = index(path, j);
    const type = asString(pattern.type);
    for (const msg of isQualifiedName(type)) errs.push(invalid(child(p, 'type'), type, msg));
    const status = asString(pattern.status);
    if (!status) errs.push(required(child(p, 'status'), `valid values: ${quotedList(CONDITION_STATUSES)}`));
    else if (!CONDITION_STATUSES.includes(status)) errs.push(notSupported(child(p, 'status'), status, CONDITION_STATUSES));
  });
  return errs;
}

export function validatePodFailurePolicy(spec: Obj, policy: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const rulesPath = child(path, 'rules');
  const rules = asArray<Obj>(policy.rules);
  if (rules.length > MAX_POD_FAILURE_POLICY_RULES) errs.push(tooMany(rulesPath, rules.length, MAX_POD_FAILURE_POLICY_RULES));
  const podSpec = isRecord(spec.template) && isRecord(spec.template.spec) ? spec.template.spec : {};
  const containerNames = new Set([...asArray<Obj>(podSpec.containers), ...asArray<Obj>(podSpec.initContainers)].map((c) => asString(c?.name)));
  rules.forEach((raw, i) => {
    const rule = isRecord(raw) ? raw : {};
    const p = index(rulesPath, i);
    const actionPath = child(p, 'action');
    const action = asString(rule.action);
    if (!action) errs.push(required(actionPath, `valid values: ${quotedList(ACTIONS)}`));
    else if (action === 'FailIndex') {
      if (spec.backoffLimitPerIndex === undefined || spec.backoffLimitPerIndex === null) errs.push(invalid(actionPath, action, 'requires the backoffLimitPerIndex to be set'));
    } else if (!ACTIONS.includes(action)) errs.push(notSupported(actionPath, action, ACTIONS));
    const onExitCodes = isRecord(rule.onExitCodes) ? rule.onExitCodes : undefined;
    const onPodConditions = asArray<Obj>(rule.onPodConditions);
    if (onExitCodes) errs.push(...validateOnExitCodes(onExitCodes, child(p, 'onExitCodes'), containerNames));
    if (onPodConditions.length > 0) errs.push(...validateOnPodConditions(onPodConditions, child(p, 'onPodConditions')));
    if (onExitCodes && onPodConditions.length > 0) errs.push({ type: 'Invalid', field: p, detail: 'specifying both OnExitCodes and OnPodConditions is not supported' });
    if (!onExitCodes && onPodConditions.length === 0) errs.push({ type: 'Invalid', field: p, detail: 'specifying one of OnExitCodes and OnPodConditions is required' });
  });
  return errs;
}

export function validatePodReplacementPolicy(spec: Obj, path: string): FieldError[] {
  const policy = spec.podReplacementPolicy;
  if (policy === undefined || policy === null) return [];
  if (isRecord(spec.podFailurePolicy)) return policy === 'Failed' ? [] : [notSupported(path, policy, ['Failed'])];
  return policy === 'Failed' || policy === 'TerminatingOrFailed' ? [] : [notSupported(path, policy, ['Failed', 'TerminatingOrFailed'])];
}

/** parseIndexInterval: "3" or "3-7", each index below completions and increasing. */
function parseIndexInterval(text: string, completions: number): [number, number] {
  const limits = text.split('-');
  if (limits.length > 2) throw new Error(`the fragment ${goQuote(text)} violates the requirement that an index interval can have at most two parts separated by '-'`);
  const parse = (s: string): number => {
    if (!/^[+-]?[0-9]+$/.test(s)) throw new Error(`cannot convert string to integer for index: ${goQuote(s)}`);
    const n = Number(s);
    if (n >= completions) throw new Error(`too large index: ${goQuote(s)}`);
    return n;
  };
  const x = parse(limits[0]);
  if (limits.length === 1) return [x, x];
  const y = parse(limits[1]);
  if (x >= y) throw new Error(`non-increasing order, previous: ${x}, current: ${y}`);
  return [x, y];
}

/** validateIndexesFormat: how many indexes "1,3-5" holds, or the format error. */
export function validateIndexesFormat(text: string, completions: number): number {
  if (text === '') return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const [x, y] = parseIndexInterval(interval, completions);
    if (last !== undefined && last >= x) throw new Error(`non-increasing order, previous: ${last}, current: ${x}`);
    total += y - x + 1;
    last = y;
  }
  return total;
}

/** %#v of a batch.SuccessPolicy; pointers print as an address, which a simulator cannot know. */
function goSuccessPolicy(policy: Obj): string {
  const rules = asArray<Obj>(policy.rules).map((r) => {
    const idx = typeof r?.succeededIndexes === 'string' ? '(*string)(0xc000010000)' : '(*string)(nil)';
    const count = typeof r?.succeededCount === 'number' ? '(*int32)(0xc000010008)' : '(*int32)(nil)';
    return `batch.SuccessPolicyRule{SucceededIndexes:${idx}, SucceededCount:${count}}`;
  });
  return `batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{${rules.join(', ')}}}`;
}

export function validateSuccessPolicy(spec: Obj, policy: Obj, path: string): FieldError[] {
  if (spec.completionMode !== 'Indexed') return [withGoValue('Invalid', path, goSuccessPolicy(policy), 'requires indexed completion mode')];
  const errs: FieldError[] = [];
  const rulesPath = child(path, 'rules');
  const rules = asArray<Obj>(policy.rules);
  if (rules.length === 0) errs.push(required(rulesPath, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > MAX_SUCCESS_POLICY_RULES) errs.push(tooMany(rulesPath, rules.length, MAX_SUCCESS_POLICY_RULES));
  const completions = typeof spec.completions === 'number' ? spec.completions : 0;
  rules.forEach((raw, i) => {
    const rule = isRecord(raw) ? raw : {};
    const p = index(rulesPath, i);
    const indexes = rule.succeededIndexes;
    const count = rule.succeededCount;
    if (typeof indexes !== 'string' && typeof count !== 'number') errs.push(required(p, 'at least one of succeededCount or succeededIndexes must be specified'));
    let total = 0;
    if (typeof indexes === 'string') {
      const ip = child(p, 'succeededIndexes');
      if (indexes.length > MAX_SUCCEEDED_INDEXES_LENGTH) errs.push({ type: 'TooLong', field: ip, detail: `must have at most ${MAX_SUCCEEDED_INDEXES_LENGTH} bytes` });
      try {
        total = validateIndexesFormat(indexes, completions);
      } catch (e) {
        errs.push(invalid(ip, indexes, `error parsing succeededIndexes: ${(e as Error).message}`));
      }
    }
    if (typeof count === 'number') {
      const cp = child(p, 'succeededCount');
      errs.push(...nonNegative(count, cp));
      if (count > completions) errs.push(invalid(cp, count, `must be less than or equal to ${completions} (the number of specified completions)`));
      if (typeof indexes === 'string' && count > total) errs.push(invalid(cp, count, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
    }
  });
  return errs;
}
