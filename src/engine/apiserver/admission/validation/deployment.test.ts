import { describe, expect, it } from 'vitest';
import { KindRegistry } from '../../../api/kinds.ts';
import { invalid } from '../../errors.ts';
import { applyDefaults } from '../defaults.ts';
import { admit, deployment, stored } from '../testing.ts';
import { validateObject } from '../validation.ts';

const NOT_MATCH = '`selector` does not match template `labels`';
const withTemplateLabels = (labels: Record<string, string> | undefined) => {
  const d = deployment();
  (d.spec as { template: { metadata: { labels?: unknown } } }).template.metadata.labels = labels;
  return d;
};
const strategy = (rollingUpdate: Record<string, unknown>, type = 'RollingUpdate') => deployment({ strategy: { type, rollingUpdate } });

describe('Deployment create', () => {
  it('accepts a minimal Deployment', () => {
    expect(admit(deployment())).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['negative replicas', deployment({ replicas: -1 }), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['no selector', deployment({ selector: undefined }), [
      'spec.selector: Required value',
      `spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}`,
    ]],
    ['an empty selector', deployment({ selector: {} }), [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ]],
    ['a selector that misses the template', withTemplateLabels({ app: 'api' }), [`spec.template.metadata.labels: Invalid value: map[string]string{"app":"api"}: ${NOT_MATCH}`]],
    ['a template without labels', withTemplateLabels(undefined), [`spec.template.metadata.labels: Invalid value: map[string]string(nil): ${NOT_MATCH}`]],
    ['a matchExpressions selector that misses', deployment({ selector: { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] } }), [
      `spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}`,
    ]],
    ['an In expression without values', deployment({ selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }), [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"In", Values:[]string(nil)}}}: invalid label selector',
    ]],
    ['an Exists expression with values', deployment({ selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Exists', values: ['x'] }] } }), [
      "spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"Exists", Values:[]string{"x"}}}}: invalid label selector',
    ]],
    ['a bad selector value', deployment({ selector: { matchLabels: { app: 'web!' } } }), [
      "spec.selector.matchLabels: Invalid value: \"web!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web!"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: invalid label selector',
    ]],
    ['restartPolicy Never', deployment({}, { restartPolicy: 'Never' }), ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    ['activeDeadlineSeconds', deployment({}, { activeDeadlineSeconds: 30 }), ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported']],
    ['a container without image', deployment({}, { containers: [{ name: 'web' }] }), ['spec.template.spec.containers[0].image: Required value']],
    ['requests above limits in the template', deployment({}, { containers: [{ name: 'web', image: 'nginx', resources: { requests: { memory: '1Gi' }, limits: { memory: '512Mi' } } }] }), [
      'spec.template.spec.containers[0].resources.requests: Invalid value: "1Gi": must be less than or equal to memory limit of 512Mi',
    ]],
    // Upstream reports template label errors at spec.template.labels (no "metadata").
    ['a bad template label key', withTemplateLabels({ app: 'web', 'bad key': 'x' }), [
      "spec.template.labels: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]],
    ['maxSurge and maxUnavailable both 0', strategy({ maxSurge: 0, maxUnavailable: 0 }), [
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
    ]],
    ['0% and 0', strategy({ maxSurge: 0, maxUnavailable: '0%' }), [
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"0%"}: may not be 0 when `maxSurge` is 0',
    ]],
    ['maxUnavailable above 100%', strategy({ maxUnavailable: '150%' }), [
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%',
    ]],
    ['maxSurge not a percent', strategy({ maxSurge: 'abc' }), [
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"abc\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]],
    ['a negative maxUnavailable', strategy({ maxUnavailable: -1 }), ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0']],
    ['Recreate with rollingUpdate', strategy({ maxSurge: 1 }, 'Recreate'), ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]],
    ['an unknown strategy', deployment({ strategy: { type: 'BlueGreen' } }), [
      'spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"BlueGreen", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"',
    ]],
    ['negative minReadySeconds', deployment({ minReadySeconds: -1 }), ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0']],
    ['negative revisionHistoryLimit', deployment({ revisionHistoryLimit: -1 }), ['spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0']],
    ['progressDeadlineSeconds not above minReadySeconds', deployment({ minReadySeconds: 10, progressDeadlineSeconds: 10 }), [
      'spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds',
    ]],
  ])('rejects %s', (_name, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });

  it.each<[string, unknown]>([
    ['maxSurge above 100%', strategy({ maxSurge: '200%' })],
    ['maxSurge 0 with maxUnavailable 1', strategy({ maxSurge: 0, maxUnavailable: 1 })],
    ['Recreate', deployment({ strategy: { type: 'Recreate' } })],
    ['zero replicas', deployment({ replicas: 0 })],
    ['a selector that is a subset of the labels', withTemplateLabels({ app: 'web', tier: 'frontend' })],
  ])('accepts %s', (_name, obj) => {
    expect(admit(obj)).toEqual([]);
  });

  it('reads as kubectl prints it, through the API error', () => {
    const d = deployment({ selector: undefined });
    applyDefaults(d);
    const info = new KindRegistry().byKindName('Deployment')!;
    expect(invalid(info, 'web', validateObject(info, d)).message).toBe(
      `Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}]`,
    );
  });
});

describe('Deployment update', () => {
  const old = stored({ ...deployment(), metadata: { name: 'web', namespace: 'default', uid: 'u1', resourceVersion: '7', generation: 1 } });
  const spec = old.spec as Record<string, unknown> & { template: { metadata: Record<string, unknown>; spec: Record<string, unknown> & { containers: Record<string, unknown>[] } } };

  it('allows scaling and a new template', () => {
    expect(admit({ ...old, spec: { ...spec, replicas: 5 } }, old)).toEqual([]);
    const template = { ...spec.template, spec: { ...spec.template.spec, containers: [{ ...spec.template.spec.containers[0], image: 'nginx:1.26' }] } };
    expect(admit({ ...old, spec: { ...spec, template } }, old)).toEqual([]);
  });

  it('rejects a new selector: field is immutable (apps/v1)', () => {
    const template = { ...spec.template, metadata: { labels: { app: 'web2' } } };
    expect(admit({ ...old, spec: { ...spec, selector: { matchLabels: { app: 'web2' } }, template } }, old)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
  });

  it('reports validation errors of the new spec before the immutable selector', () => {
    expect(admit({ ...old, spec: { ...spec, selector: { matchLabels: { app: 'web2' } } } }, old)).toEqual([
      `spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}`,
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
  });
});
