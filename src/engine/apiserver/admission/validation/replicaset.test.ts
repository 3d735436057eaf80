import { describe, expect, it } from 'vitest';
import { admit, deployment, stored } from '../testing.ts';

const rs = (overrides: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}) => ({ ...deployment(overrides, podSpec), kind: 'ReplicaSet' });

describe('ReplicaSet', () => {
  it('accepts a minimal ReplicaSet', () => {
    expect(admit(rs())).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['negative replicas', rs({ replicas: -2 }), ['spec.replicas: Invalid value: -2: must be greater than or equal to 0']],
    // Upstream names "deployment" in the ReplicaSet message too.
    ['an empty selector', rs({ selector: { matchLabels: {} } }), [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ]],
    ['restartPolicy OnFailure', rs({}, { restartPolicy: 'OnFailure' }), ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"']],
    ['a selector that misses', rs({ selector: { matchLabels: { app: 'api' } } }), [
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
    ]],
  ])('rejects %s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });

  it('keeps its selector on update', () => {
    const old = stored({ ...rs(), metadata: { name: 'web', namespace: 'default', uid: 'u1' } });
    const spec = old.spec as Record<string, unknown>;
    expect(admit({ ...old, spec: { ...spec, replicas: 0 } }, old)).toEqual([]);
    expect(admit({ ...old, spec: { ...spec, selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] } } }, old)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"DoesNotExist", Values:[]string(nil)}}}: field is immutable',
    ]);
  });
});
