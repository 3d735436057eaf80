// kubectl explain of the admission policy kinds: the kind's header and fields, a nested field's type, and a
// rule's resources and scope (which kubernetes-types lacks).
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

describe('kubectl explain validatingadmissionpolicies', () => {
  const c = createCluster({ seed: 1 });

  it('explains the kind with its group, version and fields', () => {
    const out = c.exec('kubectl explain validatingadmissionpolicies').stdout;
    expect(out.startsWith('GROUP:      admissionregistration.k8s.io\nKIND:       ValidatingAdmissionPolicy\nVERSION:    v1\n')).toBe(true);
    expect(out).toContain('  spec\t<ValidatingAdmissionPolicySpec>\n');
    expect(out).toContain('  status\t<ValidatingAdmissionPolicyStatus>\n');
  });

  it('explains nested fields, required ones marked', () => {
    const out = c.exec('kubectl explain validatingadmissionpolicy.spec.validations').stdout;
    expect(out).toContain('FIELD: validations <[]Validation>');
    expect(out).toContain('  expression\t<string> -required-\n');
    expect(out).toContain('  messageExpression\t<string>\n');
    expect(c.exec('kubectl explain validatingadmissionpolicy.spec.matchConstraints.resourceRules').stdout).toMatch(/ {2}resources\t<\[\]string>\n[^]* {2}scope\t<string>\n/);
    expect(c.exec('kubectl explain validatingadmissionpolicybinding.spec').stdout).toContain('  validationActions\t<[]string>\n');
  });
});
