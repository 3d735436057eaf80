import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../api/object.ts';
import { QuantityError } from '../../api/quantity.ts';
import { canonicalizeQuantities, canonicalResourceQuantity } from './quantities.ts';
import { deployment, pod } from './testing.ts';

describe('canonicalResourceQuantity', () => {
  // What `kubectl get -o yaml` shows after creating a pod with these values.
  const canonical: [string | number, string][] = [
    ['500m', '500m'],
    ['0.5', '500m'],
    ['1000m', '1'],
    [1, '1'],
    [0.25, '250m'],
    ['2', '2'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['1000Mi', '1000Mi'],
    ['128974848', '128974848'],
    ['129e6', '129e6'],
    ['129M', '129M'],
    ['1e3', '1e3'],
    ['0.0001', '1m'], // SetDefaults_ResourceList rounds up to milli precision
    ['100u', '1m'],
    ['1500u', '2m'],
    ['0', '0'],
  ];
  it.each(canonical)('%j → %j', (input, want) => {
    expect(canonicalResourceQuantity(input)).toBe(want);
  });

  const bad = ['1.5.5', 'abc', '10Mb', '', '1 Gi'];
  it.each(bad)('rejects %j with the upstream QuantityError text', (b) => {
    expect(() => canonicalResourceQuantity(b)).toThrow(QuantityError);
  });

  it('property: the same answers in any order and repeated (canonical strings are remembered, errors are not)', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom(...canonical), fc.constantFrom(...bad).map((b) => [b, undefined] as const)), { maxLength: 20 }), (seq) => {
      for (const [input, want] of seq) {
        if (want === undefined) expect(() => canonicalResourceQuantity(input)).toThrow(QuantityError);
        else expect(canonicalResourceQuantity(input)).toBe(want);
      }
    }));
  });

  it('has the text the API server puts in its BadRequest', () => {
    expect(() => canonicalResourceQuantity('1.5.5')).toThrow("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });
});

describe('canonicalizeQuantities', () => {
  it('rewrites containers, init containers and overhead of a Pod', () => {
    const p = pod({
      containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '0.1', memory: '1024Mi' }, limits: { cpu: 1 } } }],
      initContainers: [{ name: 'i', image: 'busybox', resources: { requests: { 'ephemeral-storage': '1.5Gi' } } }],
      overhead: { cpu: '0.05' },
    });
    canonicalizeQuantities(p);
    expect(p.spec).toMatchObject({
      containers: [{ resources: { requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1' } } }],
      initContainers: [{ resources: { requests: { 'ephemeral-storage': '1536Mi' } } }],
      overhead: { cpu: '50m' },
    });
  });

  it('rewrites a Deployment template and a ReplicaSet template', () => {
    for (const kind of ['Deployment', 'ReplicaSet']) {
      const d = { ...deployment({}, { containers: [{ name: 'c', image: 'nginx', resources: { limits: { memory: '0.5Gi' } } }] }), kind };
      canonicalizeQuantities(d);
      expect((d.spec as { template: { spec: { containers: { resources: unknown }[] } } }).template.spec.containers[0].resources).toEqual({ limits: { memory: '512Mi' } });
    }
  });

  it('rewrites a Node status capacity and allocatable', () => {
    const n: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { capacity: { cpu: 8, memory: '32768Mi', 'nvidia.com/gpu': '2' }, allocatable: { cpu: '7.5' } } };
    canonicalizeQuantities(n);
    expect(n.status).toEqual({ capacity: { cpu: '8', memory: '32Gi', 'nvidia.com/gpu': '2' }, allocatable: { cpu: '7500m' } });
  });

  it('throws the QuantityError of a bad quantity anywhere', () => {
    const p = pod({ containers: [{ name: 'c', image: 'nginx', resources: { limits: { memory: '1GB' } } }] });
    expect(() => canonicalizeQuantities(p)).toThrow(QuantityError);
    const q = pod({ containers: [{ name: 'c', image: 'nginx', resources: { limits: { memory: { big: true } } } }] });
    expect(() => canonicalizeQuantities(q)).toThrow(QuantityError);
  });

  it('leaves kinds without quantities alone', () => {
    const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { cpu: '0.5' } };
    canonicalizeQuantities(cm);
    expect(cm.data).toEqual({ cpu: '0.5' });
  });
});
