import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { objectHash } from './hash.ts';

// k8s.io/kubectl/pkg/util/hash/hash_test.go's cases (Secret and binaryData values as json encodes []byte).
describe('kubectl --append-hash (hash.ConfigMapHash, hash.SecretHash)', () => {
  it.each([
    ['empty data', { kind: 'ConfigMap', name: '', data: {} }, '42745tchd9'],
    ['one key', { kind: 'ConfigMap', name: '', data: { one: '' } }, '9g67k2htb6'],
    ['three keys', { kind: 'ConfigMap', name: '', data: { two: '2', one: '', three: '3' } }, 'f5h7t85m9b'],
    ['empty binary data', { kind: 'ConfigMap', name: '', data: null, binaryData: {} }, 'dk855m5d49'],
    ['one key with binary data', { kind: 'ConfigMap', name: '', data: null, binaryData: { one: '' } }, 'mk79584b8c'],
    ['three keys with binary data', { kind: 'ConfigMap', name: '', data: null, binaryData: { two: 'Mg==', one: '', three: 'Mw==' } }, 't458mc6db2'],
    ['two keys with one each', { kind: 'ConfigMap', name: '', data: { one: '' }, binaryData: { two: '' } }, '698h7c7t9m'],
    ['secret, empty data', { kind: 'Secret', name: '', type: 'my-type', data: {} }, 't75bgf6ctb'],
    ['secret, one key', { kind: 'Secret', name: '', type: 'my-type', data: { one: '' } }, '74bd68bm66'],
    ['secret, three keys', { kind: 'Secret', name: '', type: 'my-type', data: { two: 'Mg==', one: '', three: 'Mw==' } }, 'dgcb6h9tmk'],
  ] as const)('%s', (_, obj, want) => {
    expect(objectHash(structuredClone(obj) as Parameters<typeof objectHash>[0])).toBe(want);
  });

  it('never yields the digits 0, 1, 3 or the letters a, e (the swapped characters)', () => {
    fc.assert(fc.property(fc.string(), fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (name, data) => {
      expect(objectHash({ kind: 'ConfigMap', name, data })).toMatch(/^[^013ae]{10}$/);
    }));
  });

  // dd4c2h6khd: sha256 of {"data":{"mode":"fast"},"kind":"ConfigMap","name":"app"} is dd4c21631d…
  it('names the created object NAME-HASH, and the same data always gets the same name', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create configmap app --from-literal=mode=fast --append-hash').stdout).toBe('configmap/app-dd4c2h6khd created\n');
    expect(c.exec('kubectl create configmap app --from-literal=mode=fast --append-hash').stderr).toBe('error: failed to create configmap: configmaps "app-dd4c2h6khd" already exists\n');
    expect(c.exec('kubectl create configmap app --from-literal=mode=slow --append-hash').stdout).not.toContain('app-dd4c2h6khd');
    expect(c.exec('kubectl create secret generic db --from-literal=password=s3cret --append-hash -o name').stdout).toMatch(/^secret\/db-[^013ae]{10}\n$/);
  });
});
