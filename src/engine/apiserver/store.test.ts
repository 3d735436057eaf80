import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import type { KubeObject } from '../api/object.ts';
import { KEEP, nextVersion, Store, type StoreEvent } from './store.ts';
import { StatusError } from './errors.ts';
import { parseSelector } from '../api/labels.ts';
import { parseFieldSelector } from '../api/fields.ts';

function newStore(window?: number) {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1), undefined, window);
  for (const name of ['default', 'kube-system']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return { clock, store };
}

const cm = (name: string, data: Record<string, string> = {}, ns = 'default'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data });

const deploy = (name: string, replicas = 1): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } } },
});

function statusOf(fn: () => unknown): StatusError {
  try { fn(); } catch (e) { if (e instanceof StatusError) return e; throw e; }
  throw new Error('expected a StatusError');
}

describe('Store', () => {
  it('assigns uid, creationTimestamp and a global, increasing resourceVersion', () => {
    const { store } = newStore();
    const a = store.create(cm('a'));
    const b = store.create(cm('b'));
    expect(a.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.metadata.uid).not.toBe(b.metadata.uid);
    expect(a.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(Number(b.metadata.resourceVersion)).toBe(Number(a.metadata.resourceVersion) + 1);
  });

  it('rejects duplicates with AlreadyExists and missing objects with NotFound, in upstream words', () => {
    const { store } = newStore();
    store.create(cm('a'));
    expect(statusOf(() => store.create(cm('a'))).message).toBe('configmaps "a" already exists');
    expect(statusOf(() => store.get('Deployment', 'default', 'x')).message).toBe('deployments.apps "x" not found');
    expect(statusOf(() => store.create(cm('z', {}, 'nope'))).message).toBe('namespaces "nope" not found');
  });

  it('refuses an update with a stale resourceVersion (409 Conflict)', () => {
    const { store } = newStore();
    const a = store.create(cm('a', { k: '1' }));
    store.update({ ...a, data: { k: '2' } });
    const e = statusOf(() => store.update({ ...a, data: { k: '3' } }));
    expect(e.code).toBe(409);
    expect(e.message).toBe('Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again');
  });

  it('bumps generation on spec changes only; status writes leave spec and generation alone', () => {
    const { store } = newStore();
    const d = store.create(deploy('web'));
    expect(d.metadata.generation).toBe(1);
    const labelled = store.update({ ...d, metadata: { ...d.metadata, labels: { x: 'y' } } });
    expect(labelled.metadata.generation).toBe(1);
    const scaled = store.update({ ...labelled, spec: { ...(labelled.spec as object), replicas: 3 } });
    expect(scaled.metadata.generation).toBe(2);
    const withStatus = store.update({ ...scaled, spec: { ...(scaled.spec as object), replicas: 9 }, status: { replicas: 3 } }, { subresource: 'status' });
    expect(withStatus.metadata.generation).toBe(2);
    expect((withStatus.spec as { replicas: number }).replicas).toBe(3);
    expect(withStatus.status).toEqual({ replicas: 3 });
    const specWrite = store.update({ ...withStatus, status: { replicas: 0 } });
    expect(specWrite.status).toEqual({ replicas: 3 });
  });

  it('a status write keeps frozen (stored) parts of the new status and copies the rest', () => {
    const { store } = newStore();
    const d = store.create(deploy('web'));
    const first = store.update({ ...d, status: { conditions: [{ type: 'Available', status: 'True' }], replicas: 1 } }, { subresource: 'status' });
    const conditions = (first.status as { conditions: object[] }).conditions;
    const fresh = { replicas: 2 };
    const next = store.update({ ...first, status: { conditions, fresh } }, { subresource: 'status' });
    expect((next.status as { conditions: object[] }).conditions).toBe(conditions);
    expect((next.status as { fresh: object }).fresh).not.toBe(fresh);
    expect(Object.isFrozen((next.status as { fresh: object }).fresh)).toBe(true);
  });

  it('stores a handed-over object itself (no copy), with the system fields set', () => {
    const { store } = newStore();
    const input = cm('a', { k: '1' });
    const created = store.create(input, { handOver: true });
    expect(created).toBe(input);
    expect(store.get('ConfigMap', 'default', 'a')).toBe(input);
    expect(created.metadata.uid).toBeTruthy();
    expect(Object.isFrozen(input)).toBe(true);
    const copied = cm('b');
    expect(store.create(copied)).not.toBe(copied);
  });

  it('stores a handed-over object under the key its creator built, the name being the key\'s tail', () => {
    const { store } = newStore();
    const keys: string[] = [];
    store.watch('ConfigMap', {}, (e) => keys.push(e.key));
    const key = 'default/a-long-name.0123456789';
    const input = cm(key.slice('default/'.length));
    store.create(input, { handOver: true, key });
    expect(keys).toEqual([key]);
    expect(store.get('ConfigMap', 'default', 'a-long-name.0123456789')).toBe(input);
    expect(store.tryGetByKey('ConfigMap', key)).toBe(input);
    expect(store.delete('ConfigMap', 'default', 'a-long-name.0123456789').metadata.name).toBe('a-long-name.0123456789');
    expect(store.count('ConfigMap')).toBe(0);
  });

  it('hands the mutating and the validating admission chain one set of attributes per write, as upstream\'s record of a request', () => {
    const { store } = newStore();
    const seen: { phase: string; a: object; operation: string; namespace?: string; dryRun: boolean }[] = [];
    store.registerWebhook({
      name: 'recorder',
      admit: (a) => { seen.push({ phase: 'admit', a, operation: a.operation, namespace: a.namespace, dryRun: a.dryRun }); },
      validate: (a) => { seen.push({ phase: 'validate', a, operation: a.operation, namespace: a.namespace, dryRun: a.dryRun }); },
    });
    const created = store.create(cm('a'));
    store.update({ ...created, data: { k: '2' } });
    store.create(cm('b'), { dryRun: true });
    expect(seen.map(({ phase, operation, namespace, dryRun }) => `${phase} ${operation} ${namespace} ${dryRun}`)).toEqual([
      'admit CREATE default false', 'validate CREATE default false', 'admit UPDATE default false', 'validate UPDATE default false',
      'admit CREATE default true', 'validate CREATE default true',
    ]);
    for (let i = 0; i < seen.length; i += 2) expect(seen[i + 1].a).toBe(seen[i].a);
    expect(seen[2].a).not.toBe(seen[0].a);
  });

  it('property: an object is stored under its name, namespaced or not, given or generated, however long', () => {
    // Namespaced names are stored as the part of the key after "namespace/" (nameInKey).
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,14}[a-z0-9])?$/);
    const name = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('.'));
    fc.assert(fc.property(name, fc.constantFrom('default', 'kube-system'), fc.boolean(), (n, ns, generate) => {
      const { store } = newStore();
      const meta = generate ? { generateName: `${n}-`, namespace: ns } : { name: n, namespace: ns };
      const created = store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta });
      const want = generate ? created.metadata.name! : n;
      expect(created.metadata.name).toBe(want);
      if (generate) expect(want.slice(0, n.length + 1)).toBe(`${n}-`);
      expect(store.get('ConfigMap', ns, want).metadata.name).toBe(want);
      expect(store.list('ConfigMap', { namespace: ns }).map((o) => o.metadata.name)).toEqual([want]);
      const nsName = `x${n.replaceAll('.', '-')}`;
      expect(store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: nsName } }).metadata.name).toBe(nsName);
    }), { numRuns: 300 });
  });

  it('property: a handed-over status is stored as a copied one would be (same JSON, frozen, frozen parts shared), its nested objects kept', () => {
    const json = fc.jsonValue({ maxDepth: 3 }).filter((v) => v !== null);
    const status = fc.dictionary(fc.constantFrom('phase', 'conditions', 'hostIP', 'startTime', 'containerStatuses'), fc.oneof(json, fc.array(fc.dictionary(fc.string(), json))));
    fc.assert(fc.property(status, status, fc.boolean(), (before, after, keepFrozen) => {
      const run = (handOver: boolean) => {
        const { store } = newStore();
        const d = store.create(deploy('web'));
        const first = store.update({ ...d, status: structuredClone(before) }, { subresource: 'status' });
        const next: Record<string, unknown> = structuredClone(after);
        // Parts of the stored status, frozen, as a kubelet passes its unchanged parts on.
        if (keepFrozen) for (const k in first.status as object) next[k] = (first.status as Record<string, unknown>)[k];
        const nested = Object.values(next).find((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.isFrozen(v));
        const stored = store.update({ ...first, status: next }, { subresource: 'status', handOver }).status as Record<string, unknown>;
        if (handOver && nested) expect(Object.values(stored)).toContain(nested);
        for (const k in stored) if (Object.isFrozen(next[k]) && typeof next[k] === 'object') expect(stored[k]).toBe(next[k]);
        expect(Object.isFrozen(stored)).toBe(true);
        return JSON.stringify(store.get('Deployment', 'default', 'web'));
      };
      expect(run(true)).toBe(run(false));
    }), { numRuns: 100 });
  });

  it('an update of a kind with a status keeps the stored status, in the place of the input\'s', () => {
    const { store } = newStore();
    const d = store.create(deploy('web'));
    store.update({ ...d, status: { replicas: 3 } }, { subresource: 'status' });
    const { status: _s, ...noStatus } = store.get('Deployment', 'default', 'web');
    const moved = store.update({ status: { replicas: 9 }, ...noStatus, metadata: { ...noStatus.metadata, labels: { x: 'y' } } } as KubeObject);
    expect(Object.keys(moved)).toEqual(['status', 'apiVersion', 'kind', 'metadata', 'spec']);
    expect(moved.status).toEqual({ replicas: 3 });
    const { status: _m, ...current } = moved;
    expect(Object.keys(store.update({ ...current, spec: { ...(current.spec as object), replicas: 2 } } as KubeObject))).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  });

  it('tryGetByKey answers as tryGet does, under objectKey, through updates and deletion', () => {
    const { store } = newStore();
    const a = store.create(cm('a', { k: '1' }));
    expect(store.tryGetByKey('ConfigMap', 'default/a')).toBe(a);
    const b = store.update({ ...a, data: { k: '2' } });
    expect(store.tryGetByKey('ConfigMap', 'default/a')).toBe(b);
    expect(store.tryGetByKey('Namespace', 'default')).toBe(store.tryGet('Namespace', undefined, 'default'));
    store.delete('ConfigMap', 'default', 'a');
    expect(store.tryGetByKey('ConfigMap', 'default/a')).toBeUndefined();
  });

  it('does not bump resourceVersion for a no-op update', () => {
    const { store } = newStore();
    const a = store.create(cm('a', { k: '1' }));
    const same = store.update({ ...a });
    expect(same.metadata.resourceVersion).toBe(a.metadata.resourceVersion);
  });

  it('applies defaults and canonical quantities, and rejects invalid objects with field errors', () => {
    const { store } = newStore();
    const d = store.create(deploy('web')) as KubeObject & { spec: { strategy: { type: string }; revisionHistoryLimit: number } };
    expect(d.spec.strategy.type).toBe('RollingUpdate');
    expect(d.spec.revisionHistoryLimit).toBe(10);
    const bad = deploy('bad');
    (bad.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels = { app: 'other' };
    const e = statusOf(() => store.create(bad));
    expect(e.code).toBe(422);
    expect(e.status.details?.causes?.[0]?.field).toBe('spec.template.metadata.labels');
    const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '0.5', memory: '1.5Gi' } } }] } };
    const created = store.create(pod) as KubeObject & { spec: { containers: { resources: { requests: Record<string, string> } }[] } };
    expect(created.spec.containers[0].resources.requests).toEqual({ cpu: '500m', memory: '1536Mi' });
    const badQ = { ...pod, metadata: { name: 'q', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1x' } } }] } };
    expect(statusOf(() => store.create(badQ)).message).toContain('Pod in version "v1" cannot be handled as a Pod: ');
  });

  it('replays a watch from a resourceVersion and delivers later changes', () => {
    const { store } = newStore();
    const a = store.create(cm('a'));
    const from = Number(a.metadata.resourceVersion);
    store.create(cm('b'));
    store.delete('ConfigMap', 'default', 'a');
    const seen: StoreEvent[] = [];
    store.watch('ConfigMap', { resourceVersion: from }, (e) => seen.push(e));
    store.create(cm('c'));
    expect(seen.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED b', 'DELETED a', 'ADDED c']);
  });

  it('hands live watchers the old object; a replay from the window carries the change alone', () => {
    const { store } = newStore();
    const a = store.create(cm('a'));
    const live: StoreEvent[] = [];
    store.watch('ConfigMap', {}, (e) => live.push(e));
    store.update({ ...a, data: { k: 'v' } });
    store.delete('ConfigMap', 'default', 'a');
    expect(live.map((e) => e.prevObject?.metadata.resourceVersion)).toEqual([a.metadata.resourceVersion, live[0].object.metadata.resourceVersion]);
    const replayed: StoreEvent[] = [];
    store.watch('ConfigMap', { resourceVersion: Number(a.metadata.resourceVersion) }, (e) => replayed.push(e));
    expect(replayed.map((e) => [e.type, e.object, e.prevObject])).toEqual([['MODIFIED', live[0].object, undefined], ['DELETED', live[1].object, undefined]]);
  });

  it('a watch of one namespace sees only its changes, live and replayed', () => {
    const { store } = newStore();
    const from = store.resourceVersion;
    store.create(cm('a'));
    store.create(cm('b', {}, 'kube-system'));
    const live: string[] = [];
    const replayed: string[] = [];
    store.watch('ConfigMap', { namespace: 'kube-system' }, (e) => live.push(e.key));
    store.watch('ConfigMap', { namespace: 'kube-system', resourceVersion: from }, (e) => replayed.push(e.key));
    store.create(cm('c'));
    store.create(cm('d', {}, 'kube-system'));
    expect(live).toEqual(['kube-system/d']);
    expect(replayed).toEqual(['kube-system/b', 'kube-system/d']);
  });

  it('answers 410 Gone for a watch from before the retained window', () => {
    const { store } = newStore(5);
    for (let i = 0; i < 30; i++) store.create(cm(`c${i}`));
    const e = statusOf(() => store.watch('ConfigMap', { resourceVersion: 3 }, () => {}));
    expect(e.code).toBe(410);
    expect(e.reason).toBe('Expired');
    expect(e.message).toMatch(/^too old resource version: 3 \(\d+\)$/);
  });

  it('lists with label and field selectors', () => {
    const { store } = newStore();
    store.create({ ...cm('a'), metadata: { name: 'a', namespace: 'default', labels: { tier: 'web' } } });
    store.create({ ...cm('b'), metadata: { name: 'b', namespace: 'kube-system', labels: { tier: 'db' } } });
    expect(store.list('ConfigMap', { labelSelector: parseSelector('tier in (web)') }).map((o) => o.metadata.name)).toEqual(['a']);
    expect(store.list('ConfigMap', { fieldSelector: parseFieldSelector('metadata.namespace=kube-system', ['metadata.name', 'metadata.namespace']) }).map((o) => o.metadata.name)).toEqual(['b']);
  });

  it('deletes bound pods gracefully and others at once; finalizers hold deletion', () => {
    const { store } = newStore();
    const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    store.create(pod('unbound'));
    store.delete('Pod', 'default', 'unbound');
    expect(store.tryGet('Pod', 'default', 'unbound')).toBeUndefined();
    store.create(pod('bound'));
    store.bind('default', 'bound', 'w1');
    const deleting = store.delete('Pod', 'default', 'bound');
    expect(deleting.metadata.deletionTimestamp).toBe('2026-01-01T00:00:30Z');
    expect(deleting.metadata.deletionGracePeriodSeconds).toBe(30);
    store.delete('Pod', 'default', 'bound', { gracePeriodSeconds: 0 });
    expect(store.tryGet('Pod', 'default', 'bound')).toBeUndefined();
    const f = store.create({ ...cm('f'), metadata: { name: 'f', namespace: 'default', finalizers: ['example.com/hold'] } });
    store.delete('ConfigMap', 'default', 'f');
    const held = store.get('ConfigMap', 'default', 'f');
    expect(held.metadata.deletionTimestamp).toBeDefined();
    store.update({ ...held, metadata: { ...held.metadata, finalizers: [] } });
    expect(store.tryGet('ConfigMap', 'default', 'f')).toBeUndefined();
    void f;
  });

  it('binding sets nodeName and PodScheduled once; a second binding conflicts', () => {
    const { store } = newStore();
    store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const bound = store.bind('default', 'p', 'w1') as KubeObject & { spec: { nodeName: string }; status: { conditions: { type: string; status: string }[] } };
    expect(bound.spec.nodeName).toBe('w1');
    expect(bound.status.conditions).toContainEqual(expect.objectContaining({ type: 'PodScheduled', status: 'True' }));
    expect(statusOf(() => store.bind('default', 'p', 'w2')).message).toBe('Operation cannot be fulfilled on pods "p": pod p is already assigned to node "w1"');
    expect(statusOf(() => store.bind('default', 'nope', 'w1')).message).toBe('pods "nope" not found');
  });

  it('a binding is a change of the pod under its key, for the node\'s watchers too', () => {
    const { store } = newStore();
    store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a-long-pod-name', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const seen: string[] = [];
    store.watch('Pod', {}, (e) => seen.push(`${e.type} ${e.key}`));
    store.watch('Pod', { nodeName: 'w1' }, (e) => seen.push(`w1 ${e.type} ${e.key}`));
    const bound = store.bind('default', 'a-long-pod-name', 'w1');
    expect(seen).toEqual(['MODIFIED default/a-long-pod-name', 'w1 MODIFIED default/a-long-pod-name']);
    expect(store.tryGet('Pod', 'default', 'a-long-pod-name')).toBe(bound);
  });

  it('returns frozen objects so that shared cache entries cannot be mutated', () => {
    const { store } = newStore();
    const a = store.create(cm('a', { k: 'v' }));
    expect(() => { (a.data as Record<string, string>).k = 'x'; }).toThrow();
  });

  it('property: resourceVersions of committed events strictly increase and watchers see every change in order', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('create', 'update', 'delete'), fc.integer({ min: 0, max: 4 })), { maxLength: 60 }), (ops) => {
      const { store } = newStore();
      const live: StoreEvent[] = [];
      store.watch('ConfigMap', {}, (e) => live.push(e));
      let n = 0;
      for (const [op, i] of ops) {
        const name = `c${i}`;
        const live = store.tryGet('ConfigMap', 'default', name);
        if (op === 'create' && !live) store.create(cm(name));
        else if (op === 'update' && live) store.update({ ...live, data: { n: String(n++) } });
        else if (op === 'delete' && live) store.delete('ConfigMap', 'default', name);
      }
      for (let i = 1; i < live.length; i++) expect(live[i].resourceVersion).toBeGreaterThan(live[i - 1].resourceVersion);
      const replay: StoreEvent[] = [];
      store.watch('ConfigMap', { resourceVersion: 0 }, (e) => replay.push(e));
      // The window keeps each change's object and type; a replay rebuilds the rest as the live change had it.
      const change = (e: StoreEvent) => [e.type, e.object, e.resourceVersion, e.key];
      expect(replay.map(change)).toEqual(live.map(change));
      const from = live.length > 2 ? live[1].resourceVersion : 0;
      const later: StoreEvent[] = [];
      store.watch('ConfigMap', { resourceVersion: from }, (e) => later.push(e));
      expect(later.map(change)).toEqual(live.filter((e) => e.resourceVersion > from).map(change));
    }), { numRuns: 50 });
  });
});

describe('Store updates and the deletion fields', () => {
  it('an update has deletionTimestamp and deletionGracePeriodSeconds exactly when the stored object has them', () => {
    const { store } = newStore();
    store.create(cm('plain'));
    const updated = store.update(cm('plain', { v: '2' }));
    expect('deletionTimestamp' in updated.metadata).toBe(false);
    expect('deletionGracePeriodSeconds' in updated.metadata).toBe(false);
    expect(Object.keys(updated.metadata)).toEqual(['name', 'namespace', 'uid', 'creationTimestamp', 'resourceVersion']);
    // A client cannot set them by update.
    const forged = store.update({ ...cm('plain', { v: '3' }), metadata: { name: 'plain', namespace: 'default', deletionTimestamp: '2030-01-01T00:00:00Z' } });
    expect('deletionTimestamp' in forged.metadata).toBe(false);
    // An object held by a finalizer keeps both through later updates.
    store.create({ ...cm('held'), metadata: { name: 'held', namespace: 'default', finalizers: ['example.com/hold'] } });
    store.delete('ConfigMap', 'default', 'held');
    const held = store.update({ ...store.get('ConfigMap', 'default', 'held'), data: { v: 'later' } } as KubeObject);
    expect(held.metadata.deletionTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(held.metadata.deletionGracePeriodSeconds).toBe(0);
  });
});

describe('nextVersion', () => {
  it('property: is the spread { ...old, metadata, spec, status } (KEEP: without that part), key order included', () => {
    const key = fc.constantFrom('apiVersion', 'kind', 'metadata', 'spec', 'status', 'data');
    const part = fc.constantFrom<unknown>(KEEP, undefined, null, { x: 1 }, 'text');
    fc.assert(fc.property(fc.uniqueArray(key, { maxLength: 6 }), fc.boolean(), part, part, (keys, usual, spec, status) => {
      // Half of the runs take the usual layout, the literal's case.
      const layout = usual ? ['apiVersion', 'kind', 'metadata', 'spec', 'status'] : keys;
      const old = Object.freeze(Object.fromEntries(layout.map((k) => [k, { k }]))) as unknown as KubeObject;
      const metadata = { name: 'next' };
      const want: Record<string, unknown> = { ...old, metadata, ...(spec === KEEP ? {} : { spec }), ...(status === KEEP ? {} : { status }) };
      const got = nextVersion(old, metadata, spec, status);
      expect(Object.keys(got)).toEqual(Object.keys(want));
      for (const k of Object.keys(want)) expect(got[k]).toBe(want[k]);
    }), { numRuns: 500 });
  });
});
