// Validation of the policy kinds with upstream's texts (pkg/apis/admissionregistration/validation's tests), after
// the v1 defaults the API server applies first.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { KubeObject } from '../../../../api/object.ts';
import { fieldErrorText } from '../../../errors.ts';
import { applyDefaults } from '../../defaults.ts';
import { validateValidatingAdmissionPolicy, validateValidatingAdmissionPolicyBinding } from './validation.ts';

const RULE = '{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}';

function policy(spec: string): string[] {
  const obj = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p.example.com' }, spec: parse(spec) } as KubeObject;
  applyDefaults(obj);
  return validateValidatingAdmissionPolicy(obj as never).map(fieldErrorText);
}

function binding(spec: string): string[] {
  const obj = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'b.example.com' }, spec: parse(spec) } as KubeObject;
  applyDefaults(obj);
  return validateValidatingAdmissionPolicyBinding(obj as never).map(fieldErrorText);
}

describe('ValidatingAdmissionPolicy validation', () => {
  it('defaults failurePolicy to Fail, matchPolicy to Equivalent, the selectors to match-all and a rule\'s scope to *', () => {
    const obj = { kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' }, spec: parse(`{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true'}]}`) } as KubeObject;
    applyDefaults(obj);
    expect(obj.spec).toEqual({
      failurePolicy: 'Fail',
      matchConstraints: { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, resourceRules: [{ ...parse(RULE), scope: '*' }] },
      validations: [{ expression: 'true' }],
    });
  });

  it.each([
    ['a valid policy', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'object.spec.replicas <= 5'}]}`, []],
    ['no matchConstraints', `{validations: [{expression: 'true'}]}`, ['spec.matchConstraints: Required value']],
    ['no resourceRules', `{matchConstraints: {}, validations: [{expression: 'true'}]}`, ['spec.matchConstraints.resourceRules: Required value']],
    ['neither validations nor auditAnnotations', `{matchConstraints: {resourceRules: [${RULE}]}}`, [
      'spec.validations: Required value: validations or auditAnnotations must contain at least one item',
      'spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item',
    ]],
    ['an unknown failurePolicy', `{failurePolicy: Maybe, matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true'}]}`, ['spec.failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"']],
    ['an unknown matchPolicy', `{matchConstraints: {matchPolicy: Close, resourceRules: [${RULE}]}, validations: [{expression: 'true'}]}`, ['spec.matchConstraints.matchPolicy: Unsupported value: "Close": supported values: "Equivalent", "Exact"']],
    ['an unknown operation', `{matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [PATCH], resources: [deployments]}]}, validations: [{expression: 'true'}]}`,
      ['spec.matchConstraints.resourceRules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"']],
    ['* with other operations', `{matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: ['*', CREATE], resources: [deployments]}]}, validations: [{expression: 'true'}]}`,
      [`spec.matchConstraints.resourceRules[0].operations: Invalid value: []admissionregistration.OperationType{"*", "CREATE"}: if '*' is present, must not specify other operations`]],
    ['a rule without groups, versions or resources', `{matchConstraints: {resourceRules: [{operations: [CREATE]}]}, validations: [{expression: 'true'}]}`, [
      'spec.matchConstraints.resourceRules[0].apiGroups: Required value',
      'spec.matchConstraints.resourceRules[0].apiVersions: Required value',
      'spec.matchConstraints.resourceRules[0].resources: Required value',
    ]],
    ['* with other resources', `{matchConstraints: {resourceRules: [{apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: ['*', pods]}]}, validations: [{expression: 'true'}]}`,
      [`spec.matchConstraints.resourceRules[0].resources: Invalid value: []string{"*", "pods"}: if '*' is present, must not specify other resources without subresources`]],
    ['pods/* and pods/log', `{matchConstraints: {resourceRules: [{apiGroups: [''], apiVersions: [v1], operations: ['*'], resources: ['pods/*', pods/log]}]}, validations: [{expression: 'true'}]}`,
      [`spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "pods/log": if 'pods/*' is present, must not specify pods/log`]],
    ['an unknown scope', `{matchConstraints: {resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments], scope: Global}]}, validations: [{expression: 'true'}]}`,
      ['spec.matchConstraints.resourceRules[0].scope: Unsupported value: "Global": supported values: "*", "Cluster", "Namespaced"']],
    ['an empty expression', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: ' '}]}`, ['spec.validations[0].expression: Required value: expression is not specified']],
    ['an expression that does not parse', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'object.spec.replicas <='}]}`,
      ['spec.validations[0].expression: Invalid value: "object.spec.replicas <=": compilation failed: ERROR: <input>: Syntax error: unexpected end of expression']],
    ['params without a paramKind', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'object.spec.replicas <= params.max'}]}`,
      [`spec.validations[0].expression: Invalid value: "object.spec.replicas <= params.max": compilation failed: ERROR: <input>: undeclared reference to 'params' (in container '')`]],
    ['a variable that is not defined', `{matchConstraints: {resourceRules: [${RULE}]}, variables: [{name: a, expression: '1'}], validations: [{expression: 'variables.b > 0'}]}`,
      [`spec.validations[0].expression: Invalid value: "variables.b > 0": compilation failed: ERROR: <input>: undefined field 'b'`]],
    ['a variable named by a reserved word', `{matchConstraints: {resourceRules: [${RULE}]}, variables: [{name: 'if', expression: '1'}], validations: [{expression: 'true'}]}`,
      ['spec.variables[0].name: Invalid value: "if": name is not a valid CEL identifier']],
    ['a blank message and a multi-line one', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true', message: ' '}, {expression: 'true', message: "a\\nb"}]}`, [
      'spec.validations[0].message: Invalid value: " ": message must be non-empty if specified',
      'spec.validations[1].message: Invalid value: "a\\nb": message must not contain line breaks',
    ]],
    ['a blank messageExpression', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true', messageExpression: ' '}]}`,
      ['spec.validations[0].messageExpression: Invalid value: " ": must be non-empty if specified']],
    ['an unknown reason', `{matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true', reason: NotFound}]}`,
      ['spec.validations[0].reason: Unsupported value: "NotFound": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"']],
    ['a paramKind without kind and a bad apiVersion', `{paramKind: {apiVersion: 'a/b/c'}, matchConstraints: {resourceRules: [${RULE}]}, validations: [{expression: 'true'}]}`, [
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      'spec.paramKind.kind: Required value',
    ]],
    ['auditAnnotations alone, one key twice and one value that does not compile', `{matchConstraints: {resourceRules: [${RULE}]}, auditAnnotations: [{key: replicas, valueExpression: 'string(object.spec.replicas)'}, {key: replicas, valueExpression: 'object.'}]}`, [
      'spec.auditAnnotations[1].valueExpression: Invalid value: "object.": compilation failed: ERROR: <input>: Syntax error: expected a field name',
      'spec.auditAnnotations[1].key: Duplicate value: "replicas"',
    ]],
    ['a matchCondition without a name, and a duplicate one', `{matchConstraints: {resourceRules: [${RULE}]}, matchConditions: [{expression: 'true'}, {name: a, expression: 'true'}, {name: a, expression: 'true'}], validations: [{expression: 'true'}]}`, [
      'spec.matchConditions[0].name: Required value',
      'spec.matchConditions[2].name: Duplicate value: "a"',
    ]],
  ])('%s', (_, spec, want) => {
    expect(policy(spec)).toEqual(want);
  });
});

describe('ValidatingAdmissionPolicyBinding validation', () => {
  it.each([
    ['a valid binding', '{policyName: p.example.com, validationActions: [Deny]}', []],
    ['no policyName and no validationActions', '{}', ['spec.policyName: Required value', 'spec.validationActions: Required value: at least one validation action is required']],
    ['an unknown and a duplicate action', '{policyName: p, validationActions: [Audit, Block, Audit]}', [
      'spec.validationActions[1]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"',
      'spec.validationActions[2]: Duplicate value: "Audit"',
    ]],
    ['Deny with Warn', '{policyName: p, validationActions: [Deny, Warn]}', [
      'spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    ]],
    ['a paramRef with name and selector and no action', '{policyName: p, validationActions: [Deny], paramRef: {name: a, selector: {}}}', [
      'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.parameterNotFoundAction: Required value',
    ]],
    ['a paramRef with neither', '{policyName: p, validationActions: [Deny], paramRef: {parameterNotFoundAction: Skip}}', [
      'spec.paramRef: Required value: one of name or selector must be specified',
      'spec.paramRef.parameterNotFoundAction: Unsupported value: "Skip": supported values: "Deny", "Allow"',
    ]],
    ['matchResources with a bad matchPolicy (upstream spells the path matchResouces)', '{policyName: p, validationActions: [Deny], matchResources: {matchPolicy: Close}}', [
      'spec.matchResouces.matchPolicy: Unsupported value: "Close": supported values: "Equivalent", "Exact"',
    ]],
  ])('%s', (_, spec, want) => {
    expect(binding(spec)).toEqual(want);
  });
});
