import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/object.ts';
import { applyDefaults } from '../defaults.ts';
import { admit, stored } from '../testing.ts';

const NOT_MATCH = '`selector` does not match template `labels`';

function statefulSet(spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}, name = 'web') {
  return {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name, namespace: 'default' },
    spec: {
      serviceName: 'web', selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }], ...podSpec } },
      ...spec,
    },
  };
}

function daemonSet(spec: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'fluentd:v1' }], ...podSpec } },
      ...spec,
    },
  };
}

describe('StatefulSet validation', () => {
  it('accepts a minimal StatefulSet', () => {
    expect(admit(statefulSet())).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['no selector', statefulSet({ selector: undefined }), ['spec.selector: Required value', `spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}`]],
    ['an empty selector', statefulSet({ selector: {} }), [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset',
    ]],
    ['a selector that misses the template', statefulSet({ selector: { matchLabels: { app: 'db' } } }), [`spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: ${NOT_MATCH}`]],
    ['an unknown pod management policy', statefulSet({ podManagementPolicy: 'Burst' }), ['spec.podManagementPolicy: Invalid value: "Burst": must be \'OrderedReady\' or \'Parallel\'']],
    ['an unknown update strategy', statefulSet({ updateStrategy: { type: 'Canary' } }), [
      'spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"Canary", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be \'RollingUpdate\' or \'OnDelete\'',
    ]],
    ['OnDelete with a rollingUpdate block', statefulSet({ updateStrategy: { type: 'OnDelete', rollingUpdate: {} } }), [
      'spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:0, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy \'RollingUpdate\'',
    ]],
    ['a negative partition', statefulSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1 } } }), [
      'spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0',
    ]],
    ['a maxUnavailable of 0', statefulSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } } }), [
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: cannot be 0',
    ]],
    ['an unknown retention policy', statefulSet({ persistentVolumeClaimRetentionPolicy: { whenScaled: 'Keep' } }), [
      'spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "Keep": supported values: "Retain", "Delete"',
    ]],
    ['negative replicas and minReadySeconds', statefulSet({ replicas: -1, minReadySeconds: -2 }), [
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0', 'spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0',
    ]],
    ['a negative start ordinal', statefulSet({ ordinals: { start: -1 } }), ['spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0']],
    ['restartPolicy Never', statefulSet({}, { restartPolicy: 'Never' }), ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    ['activeDeadlineSeconds', statefulSet({}, { activeDeadlineSeconds: 5 }), ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported']],
  ])('rejects %s', (_name, obj, errors) => {
    expect(admit(obj)).toEqual(errors);
  });

  it('wants a DNS label as name, since pods use it as their hostname', () => {
    expect(admit(statefulSet({}, {}, 'web.v1'))).toEqual([
      'metadata.name: Invalid value: "web.v1": must not contain dots',
    ]);
  });

  it('leaves the pod spec to pod creation, as upstream does', () => {
    expect(admit(statefulSet({}, { containers: [{ name: 'web' }] }))).toEqual([]);
  });

  it('allows only replicas, template, updateStrategy and a few more to change', () => {
    const old = stored(statefulSet());
    expect(admit(statefulSet({ replicas: 5, revisionHistoryLimit: 2, minReadySeconds: 3, updateStrategy: { type: 'OnDelete' } }), old)).toEqual([]);
    expect(admit(statefulSet({ serviceName: 'other' }), old)).toEqual([
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ]);
  });
});

describe('DaemonSet validation', () => {
  it('accepts a minimal DaemonSet', () => {
    expect(admit(daemonSet())).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['no selector', daemonSet({ selector: undefined }), [`spec.template.metadata.labels: Invalid value: map[string]string{"app":"agent"}: ${NOT_MATCH}`]],
    ['an empty selector', daemonSet({ selector: {} }), [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset',
    ]],
    ['a container without an image', daemonSet({}, { containers: [{ name: 'agent' }] }), ['spec.template.spec.containers[0].image: Required value']],
    ['a maxUnavailable over 100%', daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } } }), [
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%',
    ]],
    ['both maxSurge and maxUnavailable', daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '10%' } } }), [
      'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"10%"}: may not be set when maxUnavailable is non-zero',
    ]],
    ['an unknown update strategy', daemonSet({ updateStrategy: { type: 'Canary' } }), [
      'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Canary", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
    ]],
    ['restartPolicy OnFailure', daemonSet({}, { restartPolicy: 'OnFailure' }), ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"']],
    ['activeDeadlineSeconds', daemonSet({}, { activeDeadlineSeconds: 5 }), ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported']],
  ])('rejects %s', (_name, obj, errors) => {
    expect(admit(obj)).toEqual(errors);
  });

  it('counts template generations: 1 on create, one more per template change', () => {
    const generation = (obj: unknown, old?: unknown) => {
      const o = structuredClone(obj) as KubeObject;
      applyDefaults(o, old as KubeObject | undefined);
      return o.metadata.annotations?.['deprecated.daemonset.template.generation'];
    };
    const first = stored(daemonSet());
    expect(generation(daemonSet())).toBe('1');
    expect(generation(daemonSet({ minReadySeconds: 5 }), first)).toBe('1');
    expect(generation(daemonSet({}, { containers: [{ name: 'agent', image: 'fluentd:v2' }] }), first)).toBe('2');
  });
});

describe('ControllerRevision validation', () => {
  const cr = (extra: Record<string, unknown> = {}) => ({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'web-1', namespace: 'default' }, data: { a: 1 }, revision: 1, ...extra });

  it('wants data and a revision that is not negative', () => {
    expect(admit(cr())).toEqual([]);
    expect(admit(cr({ data: undefined, revision: -1 }))).toEqual(['data: Required value: data is mandatory', 'revision: Invalid value: -1: must be greater than or equal to 0']);
  });

  it('lets the revision number change but not the data', () => {
    const old = stored(cr());
    expect(admit(cr({ revision: 4 }), old)).toEqual([]);
    expect(admit(cr({ data: { a: 2 } }), old)).toEqual([
      'data: Invalid value: runtime.RawExtension{Raw:[]uint8{0x7b, 0x22, 0x61, 0x22, 0x3a, 0x32, 0x7d}, Object:runtime.Object(nil)}: field is immutable',
    ]);
  });
});
