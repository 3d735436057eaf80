// The admission policy kinds' tables, as printers.go prints them (paramKind as apiVersion/kind, paramRef as
// namespace/name, */name without a namespace, or the selector's generated String()).
import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { printTable } from '../table.ts';

const kinds = new KindRegistry();
const NOW = Date.parse('2026-06-10T12:31:00Z');
const created = new Date(NOW - 90_000).toISOString().replace('.000Z', 'Z');
const rows = (kind: string, objects: Record<string, unknown>[]) =>
  printTable(kinds.byKindName(kind)!, objects.map((o) => ({ kind, apiVersion: 'admissionregistration.k8s.io/v1', ...o }) as KubeObject), { wide: false, withNamespace: false, now: NOW })
    .trimEnd().split('\n').map((l) => l.split(/ {2,}/));

describe('admission policy tables', () => {
  it('ValidatingAdmissionPolicy: NAME VALIDATIONS PARAMKIND AGE', () => {
    expect(rows('ValidatingAdmissionPolicy', [
      { metadata: { name: 'replicas', creationTimestamp: created }, spec: { validations: [{ expression: 'true' }, { expression: 'true' }] } },
      { metadata: { name: 'limits', creationTimestamp: created }, spec: { paramKind: { apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit' }, validations: [{ expression: 'true' }] } },
    ])).toEqual([['NAME', 'VALIDATIONS', 'PARAMKIND', 'AGE'], ['replicas', '2', '<unset>', '90s'], ['limits', '1', 'rules.example.com/v1/ReplicaLimit', '90s']]);
  });

  it('ValidatingAdmissionPolicyBinding: NAME POLICYNAME PARAMREF AGE', () => {
    const b = (name: string, paramRef?: unknown) => ({ metadata: { name, creationTimestamp: created }, spec: { policyName: 'limits', validationActions: ['Deny'], paramRef } });
    expect(rows('ValidatingAdmissionPolicyBinding', [
      b('none'), b('named', { name: 'l', namespace: 'prod', parameterNotFoundAction: 'Deny' }), b('any-ns', { name: 'l', parameterNotFoundAction: 'Deny' }),
      b('selected', { selector: { matchLabels: { env: 'test' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] }, parameterNotFoundAction: 'Allow' }),
    ])).toEqual([
      ['NAME', 'POLICYNAME', 'PARAMREF', 'AGE'],
      ['none', 'limits', '<unset>', '90s'],
      ['named', 'limits', 'prod/l', '90s'],
      ['any-ns', 'limits', '*/l', '90s'],
      ['selected', 'limits', '&LabelSelector{MatchLabels:map[string]string{env: test,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:tier,Operator:In,Values:[a b],},},}', '90s'],
    ]);
  });
});
