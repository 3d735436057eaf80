// The RuntimeClass admission plugin, with the cases of upstream's admission_test.go, through the store's admission
// chain; and RuntimeClass validation.
import { describe, expect, it } from 'vitest';
import type { Pod, Toleration } from 'kubernetes-types/core/v1';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import type { KubeObject } from '../../../api/object.ts';
import { SimClock } from '../../../sim/clock.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { StatusError } from '../../errors.ts';
import { Store } from '../../store.ts';

function newStore(...classes: Omit<RuntimeClass, 'apiVersion' | 'kind' | 'metadata'>[]): Store {
  const store = new Store(new SimClock(), new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'test' } });
  classes.forEach((rc, i) => store.create({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: i ? `foo${i}` : 'foo' }, ...rc } as KubeObject));
  return store;
}

const pod = (name: string, spec: Pod['spec'] = { containers: [] }): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'test' }, spec: { ...spec, containers: [{ name: 'foo-0', image: 'foo:V0' }] } } as KubeObject);

function errorOf(fn: () => unknown): string {
  try { fn(); } catch (e) { if (e instanceof StatusError) return e.message; throw e; }
  throw new Error('expected a StatusError');
}

describe('RuntimeClass admission: overhead (TestSetOverhead, TestValidate)', () => {
  const overhead = { podFixed: { cpu: '100m', memory: '1' } };

  it('sets the class overhead on a pod that has none', () => {
    const created = newStore({ handler: 'bar', overhead }).create(pod('no-resource-req-no-overhead', { runtimeClassName: 'foo', containers: [] })) as Pod;
    expect(created.spec!.overhead).toEqual({ cpu: '100m', memory: '1' });
  });

  it('accepts a pod whose overhead equals the class one, compared by value', () => {
    const created = newStore({ handler: 'bar', overhead }).create(pod('same', { runtimeClassName: 'foo', overhead: { cpu: '0.1', memory: '1' }, containers: [] })) as Pod;
    expect(created.spec!.overhead).toEqual({ cpu: '100m', memory: '1' });
  });

  it('refuses a pod whose overhead differs from the class one', () => {
    const store = newStore({ handler: 'bar', overhead: { podFixed: { cpu: '10', memory: '10G' } } });
    expect(errorOf(() => store.create(pod('empty-requiremennts-overhead', { runtimeClassName: 'foo', overhead: { cpu: '100m', memory: '1' }, containers: [] }))))
      .toBe(`pods "empty-requiremennts-overhead" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`);
  });

  it('refuses an overhead without a class that defines one', () => {
    expect(errorOf(() => newStore({ handler: 'bar' }).create(pod('no-class', { overhead: { cpu: '100m' }, containers: [] }))))
      .toBe('pods "no-class" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    expect(errorOf(() => newStore({ handler: 'bar' }).create(pod('class-without', { runtimeClassName: 'foo', overhead: { cpu: '100m' }, containers: [] }))))
      .toBe('pods "class-without" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
  });

  it('refuses a class that does not exist (TestAdmit)', () => {
    expect(errorOf(() => newStore().create(pod('podname', { runtimeClassName: 'runtimeClassName', containers: [] }))))
      .toBe('pods "podname" is forbidden: pod rejected: RuntimeClass "runtimeClassName" not found');
  });
});

describe('RuntimeClass admission: scheduling (TestSetScheduling)', () => {
  const NS = (k: string, v: string): Toleration => ({ key: k, operator: 'Equal', value: v, effect: 'NoSchedule' });
  // What DefaultTolerationSeconds adds to every pod, ahead of the class's tolerations.
  const DEFAULT_TOLERATIONS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }));
  const admitted = (rc: Omit<RuntimeClass, 'apiVersion' | 'kind' | 'metadata'>, spec: Partial<Pod['spec']>) =>
    (newStore(rc).create(pod('p', { runtimeClassName: 'foo', containers: [], ...spec })) as Pod).spec!;

  it.each([
    ['nil scheduling', { handler: 'bar' }, { nodeSelector: { foo: 'bar' } }, { foo: 'bar' }],
    ['nil node selector', { handler: 'bar', scheduling: { nodeSelector: { foo: 'bar' } } }, {}, { foo: 'bar' }],
    ['node selector with the same key value', { handler: 'bar', scheduling: { nodeSelector: { foo: 'bar' } } }, { nodeSelector: { foo: 'bar' } }, { foo: 'bar' }],
    ['node selector with different key value', { handler: 'bar', scheduling: { nodeSelector: { foo: 'bar', fizz: 'buzz' } } }, { nodeSelector: { foo: 'bar' } }, { foo: 'bar', fizz: 'buzz' }],
  ])('%s', (_, rc, spec, nodeSelector) => {
    expect(admitted(rc, spec).nodeSelector).toEqual(nodeSelector);
  });

  it('refuses a conflicting node selector', () => {
    const store = newStore({ handler: 'bar', scheduling: { nodeSelector: { foo: 'conflict' } } });
    expect(errorOf(() => store.create(pod('pod-with-conflict-node-selector', { runtimeClassName: 'foo', nodeSelector: { foo: 'bar' }, containers: [] }))))
      .toBe('pods "pod-with-conflict-node-selector" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[foo] = conflict; pod.spec.nodeSelector[foo] = bar');
  });

  it('merges multiple tolerations, keeping the pod\'s own first', () => {
    const spec = admitted({ handler: 'bar', scheduling: { tolerations: [NS('foo', 'bar'), NS('fizz', 'buzz')] } }, { nodeSelector: { foo: 'bar' }, tolerations: [NS('foo', 'bar')] });
    expect(spec.tolerations).toEqual([NS('foo', 'bar'), ...DEFAULT_TOLERATIONS, NS('fizz', 'buzz')]);
  });

  it('leaves pods without a class, and updates, alone', () => {
    const store = newStore({ handler: 'bar', scheduling: { nodeSelector: { gpu: 'true' } } });
    const plain = store.create(pod('plain')) as Pod;
    expect(plain.spec!.nodeSelector).toBeUndefined();
    const withClass = store.create(pod('p', { runtimeClassName: 'foo', containers: [] })) as Pod & KubeObject;
    store.delete('RuntimeClass', undefined, 'foo');
    // An update of a pod whose class is gone is not re-admitted (the plugin handles creates only).
    expect(() => store.update({ ...withClass, metadata: { ...withClass.metadata, labels: { a: 'b' } } })).not.toThrow();
  });
});

describe('RuntimeClass validation (pkg/apis/node/validation)', () => {
  const create = (body: Record<string, unknown>) => newStore().create({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'rc' }, ...body } as KubeObject);

  it.each([
    [{ handler: '' }, `RuntimeClass.node.k8s.io "rc" is invalid: handler: Invalid value: "": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`],
    [{ handler: 'Kata.Containers' }, `RuntimeClass.node.k8s.io "rc" is invalid: handler: Invalid value: "Kata.Containers": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`],
    [{ handler: 'kata', overhead: { podFixed: { cpu: '-1' } } }, 'RuntimeClass.node.k8s.io "rc" is invalid: overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
    [{ handler: 'kata', scheduling: { nodeSelector: { 'bad key!': 'x' } } }, `RuntimeClass.node.k8s.io "rc" is invalid: scheduling.nodeSelector: Invalid value: "bad key!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`],
    [{ handler: 'kata', scheduling: { tolerations: [{ operator: 'Equal', value: 'x' }] } }, 'RuntimeClass.node.k8s.io "rc" is invalid: scheduling.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"'],
  ])('refuses %j', (body, message) => {
    expect(errorOf(() => create(body))).toBe(message);
  });

  it('keeps the handler immutable', () => {
    const store = newStore({ handler: 'kata' });
    const rc = store.tryGet('RuntimeClass', undefined, 'foo')!;
    expect(errorOf(() => store.update({ ...rc, handler: 'runsc' } as KubeObject)))
      .toBe('RuntimeClass.node.k8s.io "foo" is invalid: handler: Invalid value: "runsc": field is immutable');
  });
});
