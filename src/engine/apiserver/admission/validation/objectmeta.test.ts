import { describe, expect, it } from 'vitest';
import { admit, stored } from '../testing.ts';

// Upstream texts (k8s.io/apimachinery/pkg/util/validation, v1.30).
const SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_VALUE = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const NAME_PART = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

const cm = (metadata: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', ...metadata } });

describe('ObjectMeta on create', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a valid name', { name: 'app-config.v1' }, []],
    ['no name', {}, ['metadata.name: Required value: name or generateName is required']],
    ['an upper-case name', { name: 'Web' }, [`metadata.name: Invalid value: "Web": ${SUBDOMAIN}`]],
    ['an underscore', { name: 'my_app' }, [`metadata.name: Invalid value: "my_app": ${SUBDOMAIN}`]],
    ['a name too long', { name: 'a'.repeat(254) }, [`metadata.name: Invalid value: "${'a'.repeat(254)}": must be no more than 253 characters`]],
    // The store generates the name before admission; a bad prefix is reported on both fields.
    ['a bad generateName', { generateName: 'Web-', name: 'Web-x7k2p' }, [
      `metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN}`,
      `metadata.name: Invalid value: "Web-x7k2p": ${SUBDOMAIN}`,
    ]],
    ['a good generateName with its trailing dash', { generateName: 'web-', name: 'web-x7k2p' }, []],
    ['a negative generation', { name: 'a', generation: -1 }, ['metadata.generation: Invalid value: -1: must be greater than or equal to 0']],
    ['a bad label value', { name: 'a', labels: { app: '-web' } }, [`metadata.labels: Invalid value: "-web": ${LABEL_VALUE}`]],
    ['a label value too long', { name: 'a', labels: { app: 'x'.repeat(64) } }, [
      `metadata.labels: Invalid value: "${'x'.repeat(64)}": must be no more than 63 characters`,
    ]],
    ['a bad label key', { name: 'a', labels: { 'my app': 'web' } }, [`metadata.labels: Invalid value: "my app": ${NAME_PART}`]],
    ['a bad label key prefix', { name: 'a', labels: { 'Example.com/app': 'web' } }, [`metadata.labels: Invalid value: "Example.com/app": prefix part ${SUBDOMAIN}`]],
    ['an empty label key name', { name: 'a', labels: { 'example.com/': 'web' } }, [
      'metadata.labels: Invalid value: "example.com/": name part must be non-empty',
      `metadata.labels: Invalid value: "example.com/": ${NAME_PART}`,
    ]],
    ['annotation keys are checked case-insensitively', { name: 'a', annotations: { 'Example.com/Note': 'x' } }, []],
    ['a bad annotation key', { name: 'a', annotations: { 'a/b/c': 'x' } }, [
      `metadata.annotations: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]],
    ['annotations over 256 KiB', { name: 'a', annotations: { big: 'x'.repeat(256 * 1024) } }, ['metadata.annotations: Too long: must have at most 262144 bytes']],
    ['a non-standard finalizer without a domain', { name: 'a', finalizers: ['cleanup'] }, [
      'metadata.finalizers[0]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified',
    ]],
    ['standard and qualified finalizers', { name: 'a', finalizers: ['kubernetes', 'foregroundDeletion', 'example.com/cleanup'] }, []],
    ['orphan and foreground together', { name: 'a', finalizers: ['orphan', 'foregroundDeletion'] }, [
      'metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set',
    ]],
    ['an owner reference without uid', { name: 'a', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1' }] }, [
      'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    ]],
    ['an owner reference without version', { name: 'a', ownerReferences: [{ apiVersion: 'apps/', kind: 'ReplicaSet', name: 'web-1', uid: 'u1' }] }, [
      'metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty',
    ]],
    ['two controller owners', { name: 'a', ownerReferences: [
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: '1', controller: true },
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
    ] }, [
      'metadata.ownerReferences: Invalid value: []v1.OwnerReference{v1.OwnerReference{APIVersion:"apps/v1", Kind:"ReplicaSet", Name:"a", UID:"1", Controller:(*bool)(0xc000010000), BlockOwnerDeletion:(*bool)(nil)}, v1.OwnerReference{APIVersion:"apps/v1", Kind:"ReplicaSet", Name:"b", UID:"2", Controller:(*bool)(0xc000010000), BlockOwnerDeletion:(*bool)(nil)}}: Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b',
    ]],
  ])('%s', (_name, metadata, want) => {
    expect(admit(cm(metadata))).toEqual(want);
  });
});

describe('ObjectMeta on update', () => {
  const old = stored({ ...cm({ name: 'a', uid: 'u-1', resourceVersion: '5' }), data: { k: 'v' } });

  it('allows label and annotation changes', () => {
    expect(admit({ ...old, metadata: { ...old.metadata, labels: { tier: 'x' }, annotations: { note: 'y' } } }, old)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a rename', { name: 'b' }, ['metadata.name: Invalid value: "b": field is immutable']],
    ['another uid', { uid: 'u-2' }, ['metadata.uid: Invalid value: "u-2": field is immutable']],
    ['no uid (filled from storage)', { uid: undefined }, []],
    ['another namespace', { namespace: 'kube-system' }, ['metadata.namespace: Invalid value: "kube-system": field is immutable']],
    ['a bad label', { labels: { app: '-x' } }, [`metadata.labels: Invalid value: "-x": ${LABEL_VALUE}`]],
  ])('rejects %s', (_n, meta, want) => {
    expect(admit({ ...old, metadata: { ...old.metadata, ...meta } }, old)).toEqual(want);
  });

  it('forbids new finalizers once the object is being deleted', () => {
    const deleting = { ...old, metadata: { ...old.metadata, deletionTimestamp: '2024-01-01T00:00:00Z', finalizers: ['example.com/a'] } };
    const next = { ...deleting, metadata: { ...deleting.metadata, finalizers: ['example.com/a', 'example.com/c', 'example.com/b'] } };
    expect(admit(next, deleting)).toEqual([
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b", "example.com/c"}',
    ]);
    expect(admit({ ...deleting, metadata: { ...deleting.metadata, finalizers: [] } }, deleting)).toEqual([]);
  });
});
