// Validation of the policy kinds (pkg/apis/admissionregistration/validation: ValidateValidatingAdmissionPolicy,
// ValidateValidatingAdmissionPolicyBinding and their updates), with upstream's paths and texts. Expressions are
// compiled at create, as upstream does; a compile error is the field's Invalid value.
import type { ParamKind, ParamRef, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding, Validation } from 'kubernetes-types/admissionregistration/v1';
import { isDNS1035Label, isDNS1123Subdomain, isQualifiedName } from '../../../../api/validation.ts';
import type { FieldError } from '../../../errors.ts';
import { asArray, child, duplicate, forbidden, index, invalid, notSupported, required, withGoValue } from '../../validation/field.ts';
import { validateLabelSelector } from '../../validation/labels.ts';
import { nameIsDNSSubdomain, pathSegmentName, validateObjectMeta, validateObjectMetaUpdate } from '../../validation/objectmeta.ts';
import { compileError, type Environment } from './compile.ts';
import type { MatchRules, NamedRule } from './types.ts';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const VALIDATION_ACTIONS = ['Audit', 'Deny', 'Warn'];
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const CEL_RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

/** Go's %#v of a typed string slice: []admissionregistration.OperationType{"*", "CREATE"}. */
const goSlice = (type: string, values: readonly string[]) => `[]admissionregistration.${type}{${values.map((v) => JSON.stringify(v)).join(', ')}}`;

const blank = (s: string | undefined) => !s || s.trim() === '';

function validateResources(resources: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!resources.length) errs.push(required(path));
  const wildcardSubresources = new Set<string>(), wildcardResources = new Set<string>();
  let single = false, withoutSubresource = false;
  resources.forEach((rs, i) => {
    if (rs === '') { errs.push(required(index(path, i))); return; }
    if (rs === '*') single = true;
    const slash = rs.indexOf('/');
    if (slash < 0) { withoutSubresource = rs !== '*'; return; }
    const res = rs.slice(0, slash), sub = rs.slice(slash + 1);
    if (wildcardSubresources.has(res)) errs.push(invalid(index(path, i), rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (wildcardResources.has(sub)) errs.push(invalid(index(path, i), rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === '*') wildcardSubresources.add(res);
    if (res === '*') wildcardResources.add(sub);
  });
  if (resources.length > 1 && resources.includes('*/*')) errs.push(invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (single && withoutSubresource) errs.push(invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

/** validateNamedRule: resourceNames, operations, then the rule's groups, versions, resources and scope. */
function validateRule(rule: NamedRule, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  asArray<string>(rule.resourceNames).forEach((n, i) => {
    for (const msg of pathSegmentName(n, false)) errs.push(invalid(index(child(path, 'resourceNames'), i), n, msg));
    if (names.has(n)) errs.push(duplicate(index(child(path, 'resourceNames'), i), n));
    names.add(n);
  });
  const ops = asArray<string>(rule.operations);
  if (!ops.length) errs.push(required(child(path, 'operations')));
  if (ops.length > 1 && ops.includes('*')) errs.push(withGoValue('Invalid', child(path, 'operations'), goSlice('OperationType', ops), "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => { if (!OPERATIONS.includes(op)) errs.push(notSupported(index(child(path, 'operations'), i), op, OPERATIONS)); });
  const groups = asArray<string>(rule.apiGroups), versions = asArray<string>(rule.apiVersions);
  if (!groups.length) errs.push(required(child(path, 'apiGroups')));
  if (groups.length > 1 && groups.includes('*')) errs.push(invalid(child(path, 'apiGroups'), groups, "if '*' is present, must not specify other API groups"));
  if (!versions.length) errs.push(required(child(path, 'apiVersions')));
  if (versions.length > 1 && versions.includes('*')) errs.push(invalid(child(path, 'apiVersions'), versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => { if (v === '') errs.push(required(index(child(path, 'apiVersions'), i))); });
  errs.push(...validateResources(asArray<string>(rule.resources), child(path, 'resources')));
  if (rule.scope !== undefined && !SCOPES.includes(rule.scope)) errs.push(notSupported(child(path, 'scope'), rule.scope, SCOPES));
  return errs;
}

function validateMatchResources(m: MatchRules, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (m.matchPolicy === undefined) errs.push(required(child(path, 'matchPolicy')));
  else if (!MATCH_POLICIES.includes(m.matchPolicy)) errs.push(notSupported(child(path, 'matchPolicy'), m.matchPolicy, MATCH_POLICIES));
  if (m.namespaceSelector === undefined) errs.push(required(child(path, 'namespaceSelector')));
  else errs.push(...validateLabelSelector(m.namespaceSelector, child(path, 'namespaceSelector')));
  if (m.objectSelector === undefined) errs.push(required(child(path, 'objectSelector')));
  else errs.push(...validateLabelSelector(m.objectSelector, child(path, 'objectSelector')));
  asArray<NamedRule>(m.resourceRules).forEach((r, i) => errs.push(...validateRule(r, index(child(path, 'resourceRules'), i))));
  asArray<NamedRule>(m.excludeResourceRules).forEach((r, i) => errs.push(...validateRule(r, index(child(path, 'excludeResourceRules'), i))));
  return errs;
}

function validateParamKind(pk: ParamKind, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = pk.apiVersion ?? '';
  const p = child(path, 'apiVersion');
  if (!apiVersion) errs.push(required(p));
  else if (apiVersion.split('/').length > 2) errs.push(invalid(p, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  else {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    if (group) { const e = isDNS1123Subdomain(group); if (e.length) errs.push(invalid(p, group, e.join(','))); }
    if (!version) errs.push(invalid(p, apiVersion, 'version must be specified'));
    else { const e = isDNS1035Label(version); if (e.length) errs.push(invalid(p, version, e.join(','))); }
  }
  if (!pk.kind) errs.push(required(child(path, 'kind')));
  else { const e = isDNS1035Label(pk.kind.toLowerCase()); if (e.length) errs.push(invalid(child(path, 'kind'), pk.kind, `may have mixed case, but should otherwise match: ${e.join(',')}`)); }
  return errs;
}

function compiled(expr: string, env: Environment, path: string): FieldError[] {
  const err = compileError(expr, env);
  return err ? [invalid(path, expr, err)] : [];
}

function validateValidation(v: Validation, env: Environment, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (blank(v.expression)) errs.push(required(child(path, 'expression'), 'expression is not specified'));
  else errs.push(...compiled(v.expression, env, child(path, 'expression')));
  const me = v.messageExpression;
  if (me !== undefined && me.length > 0 && me.trim() === '') errs.push(invalid(child(path, 'messageExpression'), me, 'must be non-empty if specified'));
  else if (me?.trim()) errs.push(...compiled(me, env, child(path, 'messageExpression')));
  const msg = v.message;
  if (msg !== undefined && msg.length > 0 && msg.trim() === '') errs.push(invalid(child(path, 'message'), msg, 'message must be non-empty if specified'));
  else if (msg && /[\n\r]/.test(msg.trim())) errs.push(invalid(child(path, 'message'), msg, 'message must not contain line breaks'));
  if (v.reason !== undefined && !REASONS.includes(v.reason)) errs.push(notSupported(child(path, 'reason'), v.reason, REASONS));
  return errs;
}

function validatePolicySpec(policy: ValidatingAdmissionPolicy): FieldError[] {
  const spec = policy.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.failurePolicy === undefined) errs.push(required('spec.failurePolicy'));
  else if (!FAILURE_POLICIES.includes(spec.failurePolicy)) errs.push(notSupported('spec.failurePolicy', spec.failurePolicy, FAILURE_POLICIES));
  if (spec.paramKind) errs.push(...validateParamKind(spec.paramKind, 'spec.paramKind'));
  if (!spec.matchConstraints) errs.push(required('spec.matchConstraints'));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints'));
    if (!spec.matchConstraints.resourceRules?.length) errs.push(required('spec.matchConstraints.resourceRules'));
  }
  const base: Environment = { params: spec.paramKind !== undefined };
  const conditions = asArray<{ name: string; expression: string }>(spec.matchConditions);
  if (conditions.length > 64) errs.push({ type: 'TooMany', field: 'spec.matchConditions', detail: `${conditions.length}: must have at most 64 items` });
  const conditionNames = new Set<string>();
  conditions.forEach((c, i) => {
    const p = index('spec.matchConditions', i);
    if (blank(c.expression)) errs.push(required(child(p, 'expression')));
    else errs.push(...compiled(c.expression.trim(), base, child(p, 'expression')));
    if (!c.name) errs.push(required(child(p, 'name')));
    else for (const msg of isQualifiedName(c.name)) errs.push(invalid(child(p, 'name'), c.name, msg));
    if (c.name && conditionNames.has(c.name)) errs.push(duplicate(child(p, 'name'), c.name));
    conditionNames.add(c.name);
  });
  // Each variable sees the ones before it, as the composited compiler stores them in order.
  const variables: string[] = [];
  asArray<{ name: string; expression: string }>(spec.variables).forEach((v, i) => {
    const p = index('spec.variables', i);
    if (blank(v.name)) errs.push(required(child(p, 'name'), 'name is not specified'));
    else if (!/^[_a-zA-Z][_a-zA-Z0-9]*$/.test(v.name) || CEL_RESERVED.has(v.name)) errs.push(invalid(child(p, 'name'), v.name, 'name is not a valid CEL identifier'));
    if (blank(v.expression)) errs.push(required(child(p, 'expression'), 'expression is not specified'));
    else errs.push(...compiled(v.expression, { ...base, variables: [...variables] }, child(p, 'expression')));
    variables.push(v.name);
  });
  const validations = asArray<Validation>(spec.validations);
  if (!validations.length && !spec.auditAnnotations?.length) {
    errs.push(required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
    errs.push(required('spec.auditAnnotations', 'validations or auditAnnotations must contain at least one item'));
  }
  const env: Environment = spec.variables?.length ? { ...base, variables } : base;
  validations.forEach((v, i) => errs.push(...validateValidation(v, env, index('spec.validations', i))));
  if (validations.length || spec.auditAnnotations?.length) errs.push(...validateAuditAnnotations(policy, env));
  return errs;
}

/** auditAnnotations: at most 20, keys unique and qualified names under the policy's name, values that compile. */
function validateAuditAnnotations(policy: ValidatingAdmissionPolicy, env: Environment): FieldError[] {
  const list = asArray<{ key: string; valueExpression: string }>(policy.spec?.auditAnnotations);
  const errs: FieldError[] = [];
  if (list.length > 20) {
    const items = list.map((a) => `admissionregistration.AuditAnnotation{Key:${JSON.stringify(a.key ?? '')}, ValueExpression:${JSON.stringify(a.valueExpression ?? '')}}`);
    errs.push(withGoValue('Invalid', 'spec.auditAnnotations', `[]admissionregistration.AuditAnnotation{${items.join(', ')}}`, 'must not have more than 20 auditAnnotations'));
  }
  const keys = new Set<string>();
  const name = policy.metadata?.name ?? '';
  list.forEach((a, i) => {
    const p = index('spec.auditAnnotations', i);
    if (name) for (const msg of isQualifiedName(`${name}/${a.key}`)) errs.push(invalid(child(p, 'key'), `${name}/${a.key}`, msg));
    else errs.push(invalid(child(p, 'key'), a.key, 'requires metadata.name be non-empty'));
    const value = a.valueExpression?.trim() ?? '';
    if (!value) errs.push(required(child(p, 'valueExpression'), 'valueExpression is not specified'));
    else if (value.length > 5 * 1024) errs.push(required(child(p, 'valueExpression'), 'must not exceed 5120 bytes in length'));
    else errs.push(...compiled(value, env, child(p, 'valueExpression')));
    if (keys.has(a.key)) errs.push(duplicate(child(p, 'key'), a.key));
    keys.add(a.key);
  });
  return errs;
}

export function validateValidatingAdmissionPolicy(p: ValidatingAdmissionPolicy): FieldError[] {
  return [...validateObjectMeta(p.metadata, nameIsDNSSubdomain), ...validatePolicySpec(p)];
}

export function validateValidatingAdmissionPolicyUpdate(p: ValidatingAdmissionPolicy, old: ValidatingAdmissionPolicy): FieldError[] {
  return [...validateObjectMetaUpdate(p.metadata, old.metadata), ...validatePolicySpec(p)];
}

function validateParamRef(pr: ParamRef, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (pr.name) {
    for (const msg of pathSegmentName(pr.name, false)) errs.push(invalid(child(path, 'name'), pr.name, msg));
    if (pr.selector) errs.push(forbidden(child(path, 'name'), 'name and selector are mutually exclusive'));
  }
  if (pr.selector) {
    errs.push(...validateLabelSelector(pr.selector, child(path, 'selector')));
    if (pr.name) errs.push(forbidden(child(path, 'selector'), 'name and selector are mutually exclusive'));
  }
  if (!pr.name && !pr.selector) errs.push(required(path, 'one of name or selector must be specified'));
  const action = pr.parameterNotFoundAction;
  if (!action) errs.push(required(child(path, 'parameterNotFoundAction')));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(notSupported(child(path, 'parameterNotFoundAction'), action, ['Deny', 'Allow']));
  return errs;
}

function validateValidationActions(actions: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!VALIDATION_ACTIONS.includes(a)) errs.push(notSupported(index(path, i), a, VALIDATION_ACTIONS));
    if (seen.has(a)) errs.push(duplicate(index(path, i), a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) errs.push(withGoValue('Invalid', path, goSlice('ValidationAction', actions), 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
  if (!seen.size) errs.push(required(path, 'at least one validation action is required'));
  return errs;
}

function validateBindingSpec(b: ValidatingAdmissionPolicyBinding): FieldError[] {
  const spec = b.spec ?? {};
  const errs: FieldError[] = [];
  if (!spec.policyName) errs.push(required('spec.policyName'));
  else for (const msg of nameIsDNSSubdomain(spec.policyName, false)) errs.push(invalid('spec.policyName', spec.policyName, msg));
  if (spec.paramRef) errs.push(...validateParamRef(spec.paramRef, 'spec.paramRef'));
  // Upstream's path has this spelling.
  if (spec.matchResources) errs.push(...validateMatchResources(spec.matchResources, 'spec.matchResouces'));
  errs.push(...validateValidationActions(asArray<string>(spec.validationActions), 'spec.validationActions'));
  return errs;
}

export function validateValidatingAdmissionPolicyBinding(b: ValidatingAdmissionPolicyBinding): FieldError[] {
  return [...validateObjectMeta(b.metadata, nameIsDNSSubdomain), ...validateBindingSpec(b)];
}

export function validateValidatingAdmissionPolicyBindingUpdate(b: ValidatingAdmissionPolicyBinding, old: ValidatingAdmissionPolicyBinding): FieldError[] {
  return [...validateObjectMetaUpdate(b.metadata, old.metadata), ...validateBindingSpec(b)];
}
