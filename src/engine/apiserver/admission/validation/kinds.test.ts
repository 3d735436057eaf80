import { describe, expect, it } from 'vitest';
import { admit, stored } from '../testing.ts';

const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const CONFIG_KEY = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

describe('Namespace', () => {
  const ns = (name: string, spec?: unknown) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, ...(spec ? { spec } : {}) });

  it.each<[string, unknown, string[]]>([
    ['team-a', ns('team-a'), []],
    ['a name with dots', ns('team.a'), ['metadata.name: Invalid value: "team.a": must not contain dots']],
    ['an upper-case name', ns('Team'), [`metadata.name: Invalid value: "Team": ${DNS_LABEL}`]],
    // The defaulted kubernetes.io/metadata.name label then fails as a label value too, as upstream's does.
    ['a name over 63 characters', ns('a'.repeat(64)), [
      `metadata.name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`,
      `metadata.labels: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`,
    ]],
    ['an unknown spec finalizer', ns('a', { finalizers: ['cleanup'] }), ['spec.finalizers: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified']],
  ])('%s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });
});

describe('ConfigMap', () => {
  const cm = (rest: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'default' }, ...rest });

  it.each<[string, unknown, string[]]>([
    ['good keys', cm({ data: { 'app.properties': 'x', KEY_NAME: 'y', 'key-name': 'z' } }), []],
    ['a key with a space', cm({ data: { 'my key': 'x' } }), [`data[my key]: Invalid value: "my key": ${CONFIG_KEY}`]],
    ['a key with a slash', cm({ data: { 'a/b': 'x' } }), [`data[a/b]: Invalid value: "a/b": ${CONFIG_KEY}`]],
    ['the key ..', cm({ data: { '..': 'x' } }), ['data[..]: Invalid value: "..": must not be \'..\'']],
    ['a key starting with ..', cm({ data: { '..data': 'x' } }), ['data[..data]: Invalid value: "..data": must not start with \'..\'']],
    ['a key in data and binaryData', cm({ data: { a: 'x' }, binaryData: { a: 'eA==' } }), ['data[a]: Invalid value: "a": duplicate of key present in binaryData']],
    ['a bad binaryData key', cm({ binaryData: { 'a b': 'eA==' } }), [`binaryData[a b]: Invalid value: "a b": ${CONFIG_KEY}`]],
    ['more than 1 MiB', cm({ data: { a: 'x'.repeat(1024 * 1024), b: 'y' } }), ['[]: Too long: must have at most 1048576 bytes']],
    ['a bad name', cm({ metadata: { name: 'App', namespace: 'default' } }), [`metadata.name: Invalid value: "App": ${SUBDOMAIN}`]],
  ])('%s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });

  it('an immutable ConfigMap keeps its data and its immutability', () => {
    const old = stored(cm({ data: { a: '1' }, immutable: true }));
    expect(admit({ ...old, metadata: { ...old.metadata, labels: { x: 'y' } } }, old)).toEqual([]);
    expect(admit({ ...old, data: { a: '2' } }, old)).toEqual(['data: Forbidden: field is immutable when `immutable` is set']);
    expect(admit({ ...old, immutable: false }, old)).toEqual(['immutable: Forbidden: field is immutable when `immutable` is set']);
    const mutable = stored(cm({ data: { a: '1' } }));
    expect(admit({ ...mutable, data: { a: '2' }, immutable: true }, mutable)).toEqual([]);
  });
});

describe('Node', () => {
  const node = (spec: Record<string, unknown> = {}, name = 'worker-1') => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec });

  it.each<[string, unknown, string[]]>([
    ['a valid node', node({ taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] }), []],
    ['a node name with dots', node({}, 'ip-10-0-0-1.ec2.internal'), []],
    ['an upper-case name', node({}, 'Worker'), [`metadata.name: Invalid value: "Worker": ${SUBDOMAIN}`]],
    // Taint errors sit under metadata.taints, as upstream's do.
    ['a taint without effect', node({ taints: [{ key: 'gpu' }] }), ['metadata.taints[0].effect: Required value']],
    ['a taint with an unknown effect', node({ taints: [{ key: 'gpu', effect: 'NoRun' }] }), [
      'metadata.taints[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ]],
    ['a taint without key', node({ taints: [{ effect: 'NoSchedule' }] }), [
      'metadata.taints[0].key: Invalid value: "": name part must be non-empty',
      "metadata.taints[0].key: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]],
    ['two taints with one key and effect', node({ taints: [{ key: 'gpu', value: 'a', effect: 'NoSchedule' }, { key: 'gpu', value: 'b', effect: 'NoSchedule' }] }), [
      'metadata.taints[1]: Duplicate value: core.Taint{Key:"gpu", Value:"b", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
    ]],
    ['one key with two effects', node({ taints: [{ key: 'gpu', effect: 'NoSchedule' }, { key: 'gpu', effect: 'NoExecute' }] }), []],
    ['a negative capacity', { ...node(), status: { capacity: { cpu: '-1' } } }, [
      'status.capacity[cpu]: Invalid value: "-1": must be greater than or equal to 0',
      'status.allocatable[cpu]: Invalid value: "-1": must be greater than or equal to 0',
    ]],
  ])('%s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });

  it('lets a podCIDR be set once', () => {
    const old = stored(node());
    const set = { ...old, spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'] } };
    expect(admit(set, old)).toEqual([]);
    expect(admit({ ...set, spec: { podCIDR: '10.244.2.0/24', podCIDRs: ['10.244.2.0/24'] } }, stored(set))).toEqual([
      'spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid',
    ]);
  });
});

describe('Event (core/v1: legacy validation only)', () => {
  const ev = (meta: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
    apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.17a2b', namespace: 'default', ...meta },
    involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' }, reason: 'Scheduled', message: 'ok', type: 'Normal', ...rest,
  });

  it.each<[string, unknown, string[]]>([
    ['a normal event', ev({}), []],
    ['a name any path segment allows', ev({ name: 'Web_Pod.17A2B' }), []],
    ['another namespace than its object', ev({ namespace: 'kube-system' }), ['involvedObject.namespace: Invalid value: "default": does not match event.namespace']],
    ['a cluster-scoped object in default', ev({}, { involvedObject: { kind: 'Node', name: 'w1' } }), []],
    ['no name', ev({ name: undefined }), ['metadata.name: Required value: name or generateName is required']],
    ['a name with a slash', ev({ name: 'a/b' }), ['metadata.name: Invalid value: "a/b": may not contain \'/\'']],
    ['a new-style event without reporting fields', ev({}, { eventTime: '2024-01-01T00:00:00.000000Z' }), [
      'reportingComponent: Required value',
      "reportingComponent: Invalid value: \"\": name part must be non-empty",
      "reportingComponent: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'reportingInstance: Required value',
      'action: Required value',
    ]],
  ])('%s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });
});

describe('Lease', () => {
  const lease = (spec: Record<string, unknown>) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'worker-1', namespace: 'kube-node-lease' }, spec });

  it.each<[string, unknown, string[]]>([
    ['a node lease', lease({ holderIdentity: 'worker-1', leaseDurationSeconds: 40 }), []],
    ['a zero duration', lease({ leaseDurationSeconds: 0 }), ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0']],
    ['negative transitions', lease({ leaseTransitions: -1 }), ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0']],
  ])('%s', (_n, obj, want) => {
    expect(admit(obj)).toEqual(want);
  });
});
