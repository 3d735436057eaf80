import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Event } from 'kubernetes-types/core/v1';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import { EventRecorder, hexNanos } from './events.ts';
import { AGGREGATE_INTERVAL_MS, MAX_LRU_CACHE_ENTRIES } from './eventcorrelator.ts';

function setup() {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const pod = store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
  const rec = new EventRecorder(store, clock);
  const event = rec.forSource({ component: 'kubelet', host: 'w1' });
  const events = () => store.list<Event>('Event').map((e) => e as Event & KubeObject);
  return { clock, store, pod, rec, event, events };
}

describe('EventRecorder and the EventCorrelator', () => {
  it('writes an Event with its fields in the API order and one shared source per component', () => {
    const { pod, event, events } = setup();
    event(pod, 'Normal', 'Pulled', 'Container image "x" already present on machine', 'spec.containers{c}');
    event(pod, 'Normal', 'Created', 'Created container: c', 'spec.containers{c}');
    const [a, b] = events();
    expect(Object.keys(a)).toEqual(['apiVersion', 'kind', 'metadata', 'involvedObject', 'reason', 'message', 'type', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'eventTime', 'reportingComponent', 'reportingInstance']);
    expect(Object.keys(a.metadata)).toEqual(['name', 'namespace', 'uid', 'creationTimestamp', 'resourceVersion']);
    expect(a.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.involvedObject).toEqual({ kind: 'Pod', namespace: 'default', name: 'p', uid: (pod as KubeObject).metadata.uid, apiVersion: 'v1', resourceVersion: (pod as KubeObject).metadata.resourceVersion, fieldPath: 'spec.containers{c}' });
    expect(b.source).toBe(a.source);
    expect(Object.isFrozen(a.source)).toBe(true);
  });

  it('Events about one stored object version and fieldPath in a row share their involvedObject; another fieldPath has its own', () => {
    const { pod, event, events } = setup();
    event(pod, 'Normal', 'Created', 'Created container: c', 'spec.containers{c}');
    event(pod, 'Normal', 'Started', 'Started container c', 'spec.containers{c}');
    event(pod, 'Normal', 'Killing', 'Stopping container i', 'spec.initContainers{i}');
    const [created, started, killing] = events();
    expect(started.involvedObject).toBe(created.involvedObject);
    expect(killing.involvedObject).toEqual({ ...created.involvedObject, fieldPath: 'spec.initContainers{i}' });
  });

  it('an object\'s Events share its involvedObject across other objects\' Events in between, until its version changes', () => {
    const { store, pod, event, events } = setup();
    const other = store.create({ ...pod, metadata: { name: 'q', namespace: 'default' } });
    event(pod, 'Normal', 'Pulled', 'Pulled', 'spec.containers{c}');
    event(other, 'Normal', 'Pulled', 'Pulled', 'spec.containers{c}');
    event(pod, 'Normal', 'Created', 'Created container: c', 'spec.containers{c}');
    const next: KubeObject = store.update({ ...pod, metadata: { ...pod.metadata, labels: { a: 'b' } } });
    event(next, 'Normal', 'Started', 'Started container c', 'spec.containers{c}');
    const [pulled, otherPulled, created, started] = events();
    expect(created.involvedObject).toBe(pulled.involvedObject);
    expect(otherPulled.involvedObject.name).toBe('q');
    expect(started.involvedObject).toEqual({ ...created.involvedObject, resourceVersion: next.metadata.resourceVersion });
  });

  it('property: every Event\'s involvedObject is its object\'s reference at the time, however references are shared', () => {
    const occurrence = fc.record({ pod: fc.nat(2), change: fc.boolean(), path: fc.constantFrom(undefined, 'spec.containers{c}', 'spec.containers{d}'), reason: fc.constantFrom('Pulled', 'Created', 'Started') });
    fc.assert(fc.property(fc.array(occurrence, { maxLength: 20 }), (occurrences) => {
      const { store, pod, event, events } = setup();
      const pods: KubeObject[] = [pod, ...['q', 'r'].map((name) => store.create({ ...pod, metadata: { name, namespace: 'default' } }))];
      const want: unknown[] = [];
      occurrences.forEach((o, i) => {
        if (o.change) pods[o.pod] = store.update({ ...pods[o.pod], metadata: { ...pods[o.pod].metadata, labels: { n: String(i) } } });
        const p = pods[o.pod];
        // A reason of its own each time: every occurrence is an Event of its own.
        event(p, 'Normal', `${o.reason}${i}`, 'm', o.path);
        const m = p.metadata;
        want.push({ kind: 'Pod', namespace: 'default', name: m.name, uid: m.uid, apiVersion: 'v1', resourceVersion: m.resourceVersion, ...(o.path ? { fieldPath: o.path } : {}) });
      });
      expect(events().map((e) => e.involvedObject)).toEqual(want);
    }), { numRuns: 300 });
  });

  it('stores each Event under its namespace and name: the object\'s namespace, or default for a cluster-scoped object', () => {
    const { store, event, events } = setup();
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    const other = store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'team-a' } });
    const node = store.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' } });
    event(other, 'Normal', 'Synced', 'synced');
    event(node, 'Normal', 'NodeReady', 'Node w1 status is now: NodeReady');
    const [a, b] = events();
    expect([a.metadata.namespace, b.metadata.namespace]).toEqual(['team-a', 'default']);
    expect(a.metadata.name).toMatch(/^settings\.[0-9a-f]+$/);
    expect(b.metadata.name).toMatch(/^w1\.[0-9a-f]+$/);
    expect(store.get('Event', 'team-a', a.metadata.name!)).toBe(a);
    expect(store.get('Event', 'default', b.metadata.name!)).toBe(b);
  });

  it('folds repeats into count and lastTimestamp on one Event', () => {
    const { clock, pod, event, events } = setup();
    event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container');
    clock.advance(10_000);
    event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container');
    const [e] = events();
    expect(events()).toHaveLength(1);
    expect(e).toMatchObject({ count: 2, firstTimestamp: '2026-01-01T00:00:00Z', lastTimestamp: '2026-01-01T00:00:10Z', source: { component: 'kubelet', host: 'w1' } });
    expect(e.metadata.name).toMatch(/^p\.[0-9a-f]+$/);
  });

  it('combines more than ten distinct messages of the same reason', () => {
    const { clock, pod, event, events } = setup();
    for (let i = 0; i < 12; i++) { event(pod, 'Normal', 'Pulled', `message ${i}`); clock.advance(1000); }
    const all = events();
    expect(all).toHaveLength(10);
    const combined = all.find((e) => e.message!.startsWith('(combined from similar events): '))!;
    expect(combined.message).toBe('(combined from similar events): message 11');
    expect(combined.count).toBe(3);
  });

  it('drops events beyond a burst of 25 per object and refills one every 5 minutes', () => {
    const { clock, pod, event, events } = setup();
    for (let i = 0; i < 30; i++) event(pod, 'Warning', `Reason${i}`, 'm');
    expect(events()).toHaveLength(25);
    clock.advance(300_000);
    event(pod, 'Warning', 'Late', 'm');
    event(pod, 'Warning', 'Later', 'm');
    expect(events().map((e) => e.reason)).toContain('Late');
    expect(events().map((e) => e.reason)).not.toContain('Later');
  });

  it('remembers at most maxLruCacheEntries objects, forgetting the least recently used first', () => {
    const { store, pod, event, events } = setup();
    const other = (i: number) => ({ ...pod, metadata: { ...pod.metadata, name: `o${i}`, uid: `o${i}` } }) as KubeObject;
    event(pod, 'Warning', 'BackOff', 'm');
    event(other(0), 'Warning', 'BackOff', 'm');
    // Touching pod again keeps it recent; o0 becomes the least recently used.
    event(pod, 'Warning', 'BackOff', 'm');
    for (let i = 1; i < MAX_LRU_CACHE_ENTRIES; i++) event(other(i), 'Normal', 'Seen', 'm');
    event(pod, 'Warning', 'BackOff', 'm');
    event(other(0), 'Warning', 'BackOff', 'm');
    const backOffs = events().filter((e) => e.reason === 'BackOff');
    // pod's repeats still fold into one Event; o0 was forgotten, so its repeat is a new Event.
    expect(backOffs.filter((e) => e.involvedObject.name === 'p').map((e) => e.count)).toEqual([3]);
    expect(backOffs.filter((e) => e.involvedObject.name === 'o0').map((e) => e.count)).toEqual([1, 1]);
    expect(store.count('Event')).toBe(1 + 2 + (MAX_LRU_CACHE_ENTRIES - 1));
  });

  it('keeps forgetting the least recently used object through many evictions', () => {
    const { pod, event, events } = setup();
    const other = (i: number) => ({ ...pod, metadata: { ...pod.metadata, name: `o${i}`, uid: `o${i}` } }) as KubeObject;
    const n = 3 * MAX_LRU_CACHE_ENTRIES;
    for (let i = 0; i < n; i++) {
      event(other(i), 'Normal', 'Seen', 'm');
      // pod is touched often enough never to be the oldest.
      if (i % 1000 === 0) event(pod, 'Warning', 'BackOff', 'm');
    }
    // Remembered: pod and the newest MAX-1 others. Forgotten: everything older.
    event(pod, 'Warning', 'BackOff', 'm');
    event(other(n - 1), 'Normal', 'Seen', 'm');
    event(other(n - MAX_LRU_CACHE_ENTRIES + 1), 'Normal', 'Seen', 'm');
    event(other(n - MAX_LRU_CACHE_ENTRIES - 5), 'Normal', 'Seen', 'm');
    const counts = (name: string, reason: string) => events().filter((e) => e.involvedObject.name === name && e.reason === reason).map((e) => e.count);
    expect(counts('p', 'BackOff')).toEqual([Math.ceil(n / 1000) + 1]);
    expect(counts(`o${n - 1}`, 'Seen')).toEqual([2]);
    expect(counts(`o${n - MAX_LRU_CACHE_ENTRIES + 1}`, 'Seen')).toEqual([2]);
    expect(counts(`o${n - MAX_LRU_CACHE_ENTRIES - 5}`, 'Seen')).toEqual([1, 1]);
  });

  it('counts distinct messages anew once the aggregation interval has passed', () => {
    const { clock, pod, event, events } = setup();
    for (let i = 0; i < 9; i++) event(pod, 'Normal', 'Pulled', `message ${i}`);
    clock.advance(AGGREGATE_INTERVAL_MS + 1000);
    // Nine more distinct messages after a quiet interval: still under ten, so none is combined.
    for (let i = 9; i < 18; i++) event(pod, 'Normal', 'Pulled', `message ${i}`);
    expect(events().filter((e) => e.message!.startsWith('(combined'))).toHaveLength(0);
    expect(events()).toHaveLength(18);
  });

  it('after prune, a repeat of an Event that no longer exists is written as a new Event', () => {
    const clock = new SimClock();
    const store = new Store(clock, new SeededRng(1));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    const pod = store.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const rec = new EventRecorder(store, clock);
    const event = rec.forSource({ component: 'kubelet', host: 'w1' });
    event(pod, 'Warning', 'BackOff', 'm', 'spec.containers{c}');
    event(pod, 'Warning', 'BackOff', 'm', 'spec.containers{c}');
    const [first] = store.list<Event>('Event');
    expect(first.count).toBe(2);
    store.delete('Event', 'default', first.metadata!.name!);
    rec.prune();
    event(pod, 'Warning', 'BackOff', 'm', 'spec.containers{c}');
    expect(store.list<Event>('Event').map((e) => e.count)).toEqual([1]);
    // Another field path is another Event.
    event(pod, 'Warning', 'BackOff', 'm', 'spec.containers{d}');
    expect(store.list<Event>('Event').map((e) => e.count)).toEqual([1, 1]);
  });

  it('property: after the interval and a prune, a reason whose Event is gone writes anew, the others still count', () => {
    const reasons = ['Pulling', 'Pulled', 'Created', 'Started', 'Killing'];
    const arb = fc.uniqueArray(fc.record({ reason: fc.constantFrom(...reasons), gone: fc.boolean() }), { selector: (x) => x.reason, minLength: 1, maxLength: 5 });
    fc.assert(fc.property(arb, (entries) => {
      const { clock, store, pod, rec, event, events } = setup();
      for (const e of entries) event(pod, 'Normal', e.reason, `${e.reason} message`);
      for (const e of entries) if (e.gone) store.delete('Event', 'default', events().find((x) => x.reason === e.reason)!.metadata.name!);
      clock.advance(AGGREGATE_INTERVAL_MS + 1000);
      rec.prune();
      for (const e of entries) event(pod, 'Normal', e.reason, `${e.reason} message`);
      const counts = events().map((x) => `${x.reason} ${x.count}`).sort();
      expect(counts).toEqual(entries.map((e) => `${e.reason} ${e.gone ? 1 : 2}`).sort());
    }), { numRuns: 200 });
  });

  it('writes one Event per distinct (reason, message, fieldPath) of an object, counting its repeats, in any order', () => {
    // Within the burst, the interval and ten messages a reason: nothing is dropped or combined.
    const occurrence = fc.record({ reason: fc.constantFrom('Pulled', 'Created'), message: fc.constantFrom('m1', 'm2', 'm3'), path: fc.constantFrom(undefined, 'spec.containers{c}', 'spec.initContainers{i}') });
    fc.assert(fc.property(fc.array(occurrence, { maxLength: 24 }), (occurrences) => {
      const { clock, pod, event, events } = setup();
      const want = new Map<string, number>();
      for (const o of occurrences) {
        event(pod, 'Normal', o.reason, o.message, o.path);
        const key = `${o.reason}|${o.message}|${o.path ?? ''}`;
        want.set(key, (want.get(key) ?? 0) + 1);
        clock.advance(1_000);
      }
      const got = new Map(events().map((e) => [`${e.reason}|${e.message}|${e.involvedObject.fieldPath ?? ''}`, e.count]));
      expect(got).toEqual(want);
    }), { numRuns: 200 });
  });

  it('property: Events keep their own message and fieldPath, whatever was recorded before under the same reason', () => {
    // Messages and paths are shared with the last equal one recorded (sharedMessage, sharedPath): a stale one must
    // never be handed out. Other reasons and objects in between, equal and different texts alternating.
    const occurrence = fc.record({ reason: fc.constantFrom('Pulled', 'Created', 'Scheduled'), message: fc.constantFrom('m', 'm ', 'n', 'Created container: c'), path: fc.constantFrom(undefined, 'spec.containers{c}', 'spec.containers{d}') });
    fc.assert(fc.property(fc.array(occurrence, { maxLength: 20 }), (occurrences) => {
      const { store, pod, event, events } = setup();
      const pods = [pod, store.create({ ...pod, metadata: { name: 'q', namespace: 'default' } })];
      occurrences.forEach((o, i) => event(pods[i % 2], 'Normal', o.reason, o.message, o.path));
      const want = new Set(occurrences.map((o, i) => `${pods[i % 2].metadata.name}|${o.reason}|${o.message}|${o.path ?? ''}`));
      expect(new Set(events().map((e) => `${e.involvedObject.name}|${e.reason}|${e.message}|${e.involvedObject.fieldPath ?? ''}`))).toEqual(want);
    }), { numRuns: 300 });
  });
});

describe('Event names', () => {
  it('property: hexNanos is ms × 10^6 + nanos in hex, as with BigInt', () => {
    const check = (ms: number, nanos: number) => { expect(hexNanos(ms, nanos)).toBe((BigInt(ms) * 1_000_000n + BigInt(nanos)).toString(16)); };
    fc.assert(fc.property(fc.oneof(fc.nat(), fc.integer({ min: 0, max: 2 ** 50 }), fc.constantFrom(0, 2 ** 24 - 1, 2 ** 24, Date.UTC(2026, 0, 1))), fc.integer({ min: 0, max: 999_999 }), check), { numRuns: 2000 });
  });
});

describe('recorded Events through the API server', () => {
  // The store takes a recorder's Event (CreateOptions.recordedEvent) without the defaulting and full validation that
  // cannot change or refuse it: what it stores, or how it refuses, must be what the full create path gives.
  const name = fc.string({ unit: fc.constantFrom('a', 'b', '1', '-', '.', '/', '%', 'A', '_'), maxLength: 6 });
  const object = fc.record({
    kind: fc.constantFrom('Pod', 'Node', 'ConfigMap'),
    name,
    namespace: fc.constantFrom(undefined, '', 'default', 'team-a', 'gone', 'ending', 'Bad_NS'),
  });

  function cluster(full: boolean) {
    const clock = new SimClock();
    const store = new Store(clock, new SeededRng(1));
    for (const n of ['default', 'team-a', 'ending', 'Bad_NS']) store.load([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: n }, status: { phase: n === 'ending' ? 'Terminating' : 'Active' } }], 0);
    if (full) {
      // The full create path: the same options without recordedEvent.
      const create = store.create.bind(store);
      store.create = (obj, opts) => create(obj, { ...opts, recordedEvent: undefined });
    }
    const event = new EventRecorder(store, clock).forSource({ component: 'kubelet', host: 'w1' });
    return { clock, store, event };
  }

  it('property: a recorded Event is stored, or refused, as the full create path does it', () => {
    fc.assert(fc.property(fc.array(object, { minLength: 1, maxLength: 8 }), fc.boolean(), (objects, webhook) => {
      const runs = [cluster(false), cluster(true)].map(({ clock, store, event }) => {
        // A webhook that labels Events: the recorded path must still run the admission plugins.
        if (webhook) store.registerWebhook({ name: 'label-events', admit: (a) => { if (a.kind.kind === 'Event') a.object.metadata.labels = { seen: 'yes' }; } });
        const refused: string[] = [];
        for (const o of objects) {
          const obj: KubeObject = Object.freeze({ apiVersion: 'v1', kind: o.kind, metadata: Object.freeze({ name: o.name, namespace: o.namespace, uid: `uid-${o.name}` }) });
          try { event(obj, 'Normal', 'Synced', `synced ${o.name}`); } catch (e) { refused.push(String(e)); }
          clock.advance(1);
        }
        return { objects: JSON.stringify(store.list('Event')), rv: store.resourceVersion, refused };
      });
      expect(runs[0]).toEqual(runs[1]);
    }), { numRuns: 300 });
  });
});
