import { describe, expect, it } from 'vitest';
import type { Pod, ResourceQuota } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { SimClock } from '../../../sim/clock.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { StatusError } from '../../errors.ts';
import { Store } from '../../store.ts';
import { SYSTEM_PRIORITY_CLASSES } from './priority.ts';

function newStore() {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1));
  for (const name of ['default', 'team']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  for (const pc of SYSTEM_PRIORITY_CLASSES) store.create(structuredClone(pc));
  return { clock, store };
}

function errorOf(fn: () => unknown): StatusError {
  try { fn(); } catch (e) { if (e instanceof StatusError) return e; throw e; }
  throw new Error('expected a StatusError');
}

type Container = Record<string, unknown>;
const ctr = (name: string, resources?: Record<string, Record<string, string>>): Container => ({ name, image: 'nginx:1.27', ...(resources ? { resources } : {}) });
const pod = (name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ...meta }, spec: { containers: [ctr('app')], ...spec } });
const obj = (apiVersion: string, kind: string, name: string, body: Record<string, unknown>, namespace: string | undefined = 'default'): KubeObject =>
  ({ apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, ...body });
const limitRange = (limits: unknown[]) => obj('v1', 'LimitRange', 'lr', { spec: { limits } });
const specOf = (o: KubeObject) => (o as Pod).spec!;

describe('NamespaceLifecycle', () => {
  it('refuses writes into a missing namespace', () => {
    const { store } = newStore();
    expect(errorOf(() => store.create({ ...pod('p'), metadata: { name: 'p', namespace: 'nope' } })).message).toBe('namespaces "nope" not found');
  });

  it('refuses creates in a terminating namespace, with the NamespaceTerminating cause', () => {
    const { store } = newStore();
    store.delete('Namespace', undefined, 'team');
    const e = errorOf(() => store.create({ ...pod('p'), metadata: { name: 'p', namespace: 'team' } }));
    expect(e.message).toBe('pods "p" is forbidden: unable to create new content in namespace team because it is being terminated');
    expect(e.status.details?.causes).toEqual([{ reason: 'NamespaceTerminating', message: 'namespace team is being terminated', field: 'metadata.namespace' }]);
  });
});

describe('LimitRanger', () => {
  it('defaults requests and limits from the Container item and says so in an annotation', () => {
    const { store } = newStore();
    store.create(limitRange([{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '250m' } }]));
    const p = store.create(pod('p', { containers: [ctr('app', { requests: { memory: '64Mi' } })], initContainers: [ctr('init')] }));
    expect(specOf(p).containers[0].resources).toEqual({ requests: { memory: '64Mi', cpu: '250m' }, limits: { cpu: '500m', memory: '256Mi' } });
    expect(specOf(p).initContainers![0].resources).toEqual({ requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '500m', memory: '256Mi' } });
    expect(p.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe(
      'LimitRanger plugin set: cpu request for container app; cpu, memory limit for container app; cpu, memory request for init container init; cpu, memory limit for init container init');
    // The QoS class is decided on the defaulted resources.
    expect((p as Pod).status?.qosClass).toBe('Burstable');
  });

  it('defaults a Container item from max, then min (SetDefaults_LimitRangeItem)', () => {
    const { store } = newStore();
    const lr = store.create(limitRange([{ type: 'Container', max: { cpu: '2' }, min: { memory: '32Mi' } }]));
    expect((lr.spec as { limits: unknown[] }).limits[0]).toEqual({ type: 'Container', max: { cpu: '2' }, min: { memory: '32Mi' }, default: { cpu: '2' }, defaultRequest: { cpu: '2', memory: '32Mi' } });
  });

  it.each<[string, unknown[], Record<string, Record<string, string>>, string]>([
    ['a limit above max', [{ type: 'Container', max: { cpu: '1' } }], { limits: { cpu: '2' } }, 'maximum cpu usage per Container is 1, but limit is 2'],
    ['a request below min', [{ type: 'Container', min: { memory: '64Mi' }, defaultRequest: { memory: '64Mi' } }], { requests: { memory: '32Mi' } }, 'minimum memory usage per Container is 64Mi, but request is 32Mi'],
    ['no limit under a max without default', [{ type: 'Pod', max: { cpu: '1' } }], { requests: { cpu: '100m' } }, 'maximum cpu usage per Pod is 1.  No limit is specified'],
    ['a limit/request ratio', [{ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }], { requests: { cpu: '100m' }, limits: { cpu: '500m' } }, 'cpu max limit to request ratio per Container is 2, but provided ratio is 5.000000'],
    ['two violations', [{ type: 'Container', max: { cpu: '1', memory: '1Gi' } }], { limits: { cpu: '2', memory: '2Gi' } },
      '[maximum cpu usage per Container is 1, but limit is 2, maximum memory usage per Container is 1Gi, but limit is 2Gi]'],
  ])('refuses %s with the upstream message', (_n, limits, resources, message) => {
    const { store } = newStore();
    store.create(limitRange(limits));
    expect(errorOf(() => store.create(pod('x', { containers: [ctr('app', resources)] }))).message).toBe(`pods "x" is forbidden: ${message}`);
  });

  it('leaves pod updates alone', () => {
    const { store } = newStore();
    const p = store.create(pod('p'));
    store.create(limitRange([{ type: 'Container', max: { cpu: '1' } }]));
    expect(() => store.update({ ...p, metadata: { ...p.metadata, labels: { a: 'b' } } })).not.toThrow();
  });
});

describe('ServiceAccount', () => {
  it('runs a pod as "default" and copies the account\'s imagePullSecrets', () => {
    const { store } = newStore();
    store.create(obj('v1', 'ServiceAccount', 'builder', { imagePullSecrets: [{ name: 'regcred' }] }));
    expect(specOf(store.create(pod('a'))).serviceAccountName).toBe('default');
    const b = specOf(store.create(pod('b', { serviceAccountName: 'builder' })));
    expect([b.serviceAccountName, b.serviceAccount, b.imagePullSecrets]).toEqual(['builder', 'builder', [{ name: 'regcred' }]]);
  });

  it('refuses a missing account, naming the generateName before the name is generated', () => {
    const { store } = newStore();
    expect(errorOf(() => store.create(pod('x', { serviceAccountName: 'nope' }))).message)
      .toBe('pods "x" is forbidden: error looking up service account default/nope: serviceaccount "nope" not found');
    expect(errorOf(() => store.create(pod('', { serviceAccountName: 'nope' }, { name: undefined, generateName: 'web-7d4b9c8f-' }))).message)
      .toBe('pods "web-7d4b9c8f-" is forbidden: error looking up service account default/nope: serviceaccount "nope" not found');
  });
});

describe('Priority', () => {
  const pc = (name: string, value: number, extra: Record<string, unknown> = {}) => obj('scheduling.k8s.io/v1', 'PriorityClass', name, { value, ...extra }, undefined);

  it('resolves the class to priority and preemptionPolicy; system classes are built in', () => {
    const { store } = newStore();
    store.create(pc('high', 1000, { preemptionPolicy: 'Never' }));
    expect(specOf(store.create(pod('a', { priorityClassName: 'high' })))).toMatchObject({ priority: 1000, preemptionPolicy: 'Never' });
    expect(specOf(store.create(pod('b', { priorityClassName: 'system-node-critical' })))).toMatchObject({ priority: 2000001000, preemptionPolicy: 'PreemptLowerPriority' });
    const c = specOf(store.create(pod('c')));
    expect(c).toMatchObject({ priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
    expect(c.priorityClassName).toBeUndefined();
  });

  it('gives a pod without a class the global default', () => {
    const { store } = newStore();
    store.create(pc('normal', 100, { globalDefault: true }));
    expect(specOf(store.create(pod('a')))).toMatchObject({ priorityClassName: 'normal', priority: 100 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing class', { priorityClassName: 'nope' }, 'no PriorityClass with name nope was found'],
    ['a priority that disagrees with the class', { priorityClassName: 'system-cluster-critical', priority: 5 },
      'the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 2000000000 from the given PriorityClass name'],
  ])('refuses %s', (_n, spec, message) => {
    const { store } = newStore();
    expect(errorOf(() => store.create(pod('x', spec))).message).toBe(`pods "x" is forbidden: ${message}`);
  });

  it('keeps the priority on an update that omits it', () => {
    const { store } = newStore();
    store.create(pc('high', 1000));
    const p = store.create(pod('a', { priorityClassName: 'high' }));
    const { priority: _p, preemptionPolicy: _pp, ...rest } = specOf(p);
    const next = store.update({ ...p, metadata: { ...p.metadata, labels: { x: 'y' } }, spec: rest });
    expect(specOf(next)).toMatchObject({ priority: 1000, preemptionPolicy: 'PreemptLowerPriority' });
  });

  it.each<[string, () => KubeObject, string]>([
    ['a second global default', () => pc('b', 2, { globalDefault: true }), 'priorityclasses.scheduling.k8s.io "b" is forbidden: PriorityClass a is already marked as default. Only one default can exist'],
    ['a value above the user range', () => pc('huge', 1_000_000_001), 'PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000'],
    ['an unknown system- name', () => pc('system-x', 1), "PriorityClass.scheduling.k8s.io \"system-x\" is invalid: metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-x is not a known system priority class"],
  ])('refuses %s', (_n, make, message) => {
    const { store } = newStore();
    store.create(pc('a', 1, { globalDefault: true }));
    expect(errorOf(() => store.create(make())).message).toBe(message);
  });

  it('defaults preemptionPolicy, keeps value immutable and the system classes undeletable', () => {
    const { store } = newStore();
    const a = store.create(pc('a', 1));
    expect(a).toMatchObject({ preemptionPolicy: 'PreemptLowerPriority', metadata: { generation: 1 } });
    expect(errorOf(() => store.update({ ...a, value: 2 })).message).toBe('PriorityClass.scheduling.k8s.io "a" is invalid: value: Forbidden: may not be changed in an update.');
    expect(errorOf(() => store.delete('PriorityClass', undefined, 'system-node-critical')).message)
      .toBe('priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted');
  });
});

describe('ResourceQuota', () => {
  /** A quota whose status the controller has already filled in. */
  function quota(store: Store, hard: Record<string, string>, used: Record<string, string>, name = 'q'): void {
    const q = store.create(obj('v1', 'ResourceQuota', name, { spec: { hard } }));
    store.update({ ...q, status: { hard, used } } as KubeObject, { subresource: 'status' });
  }
  const usedOf = (store: Store, name = 'q') => store.get<ResourceQuota>('ResourceQuota', 'default', name).status?.used;

  it('charges what it admits to status.used', () => {
    const { store } = newStore();
    quota(store, { pods: '5', 'requests.cpu': '2', 'limits.memory': '1Gi' }, { pods: '0', 'requests.cpu': '0', 'limits.memory': '0' });
    store.create(pod('a', { containers: [ctr('app', { requests: { cpu: '500m' }, limits: { memory: '256Mi' } })] }));
    expect(usedOf(store)).toEqual({ 'limits.memory': '256Mi', pods: '1', 'requests.cpu': '500m' });
  });

  it.each<[string, Record<string, string>, Record<string, string>, Record<string, Record<string, string>>, string]>([
    ['requests.cpu', { 'requests.cpu': '1' }, { 'requests.cpu': '1' }, { requests: { cpu: '500m' } },
      'exceeded quota: q, requested: requests.cpu=500m, used: requests.cpu=1, limited: requests.cpu=1'],
    ['two resources', { 'requests.cpu': '1', 'requests.memory': '1Gi' }, { 'requests.cpu': '800m', 'requests.memory': '900Mi' }, { requests: { cpu: '500m', memory: '256Mi' } },
      'exceeded quota: q, requested: requests.cpu=500m,requests.memory=256Mi, used: requests.cpu=800m,requests.memory=900Mi, limited: requests.cpu=1,requests.memory=1Gi'],
    ['pods', { pods: '2' }, { pods: '2' }, {}, 'exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2'],
  ])('refuses a pod that exceeds %s', (_n, hard, used, resources, message) => {
    const { store } = newStore();
    quota(store, hard, used);
    expect(errorOf(() => store.create(pod('x', { containers: [ctr('app', resources)] }))).message).toBe(`pods "x" is forbidden: ${message}`);
    expect(usedOf(store)).toEqual(used);
  });

  it('requires every container to state the cpu and memory a quota covers', () => {
    const { store } = newStore();
    quota(store, { 'requests.cpu': '4', 'limits.memory': '4Gi' }, { 'requests.cpu': '0', 'limits.memory': '0' });
    const spec = { containers: [ctr('app', { requests: { cpu: '100m' } }), ctr('side')], initContainers: [ctr('init', { limits: { memory: '1Gi' } })] };
    expect(errorOf(() => store.create(pod('x', spec))).message)
      .toBe('pods "x" is forbidden: failed quota: q: must specify limits.memory for: app,side; requests.cpu for: init,side');
  });

  it('ignores a quota the controller has not seen, refuses one without usage, and counts objects per kind', () => {
    const { store } = newStore();
    const hard = { 'requests.cpu': '1' };
    const q = store.create(obj('v1', 'ResourceQuota', 'q', { spec: { hard } }));
    // generic.Matches reads status.hard: a quota is enforced once the controller has filled it in.
    expect(() => store.create(pod('early', { containers: [ctr('app', { requests: { cpu: '1' } })] }))).not.toThrow();
    store.update({ ...q, status: { hard } } as KubeObject, { subresource: 'status' });
    expect(errorOf(() => store.create(pod('x', { containers: [ctr('app', { requests: { cpu: '1' } })] }))).message)
      .toBe('pods "x" is forbidden: status unknown for quota: q, resources: requests.cpu');
    quota(store, { 'count/configmaps': '1', configmaps: '5' }, { 'count/configmaps': '1', configmaps: '1' }, 'objects');
    expect(errorOf(() => store.create(obj('v1', 'ConfigMap', 'c', {}))).message)
      .toBe('configmaps "c" is forbidden: exceeded quota: objects, requested: count/configmaps=1, used: count/configmaps=1, limited: count/configmaps=1');
  });

  it('names the generated pod name (quota runs after name generation) and does not charge a dry run', () => {
    const { store } = newStore();
    quota(store, { pods: '1' }, { pods: '0' });
    store.create(pod('', {}, { name: undefined, generateName: 'web-' }), { dryRun: true });
    expect(usedOf(store)).toEqual({ pods: '0' });
    store.create(pod('a'));
    expect(errorOf(() => store.create(pod('', {}, { name: undefined, generateName: 'web-' }))).message).toMatch(/^pods "web-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1/);
  });

  it('applies a scoped quota only to pods in its scope', () => {
    const { store } = newStore();
    const hard = { pods: '0' };
    const q = store.create(obj('v1', 'ResourceQuota', 'besteffort', { spec: { hard, scopes: ['BestEffort'] } }));
    store.update({ ...q, status: { hard, used: { pods: '0' } } } as KubeObject, { subresource: 'status' });
    expect(() => store.create(pod('burstable', { containers: [ctr('app', { requests: { cpu: '100m' } })] }))).not.toThrow();
    expect(errorOf(() => store.create(pod('x'))).message).toBe('pods "x" is forbidden: exceeded quota: besteffort, requested: pods=1, used: pods=0, limited: pods=0');
  });

  it('validates hard resources', () => {
    const { store } = newStore();
    expect(errorOf(() => store.create(obj('v1', 'ResourceQuota', 'bad', { spec: { hard: { pods: '1.5', cpu: '-1', widgets: '1' } } }))).message).toBe(
      'ResourceQuota "bad" is invalid: [spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0, spec.hard[pods]: Invalid value: "1500m": must be an integer, spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota]');
  });
});
