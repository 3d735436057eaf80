import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { Store } from '../apiserver/store.ts';
import { SimClock } from '../sim/clock.ts';
import { SeededRng } from '../sim/rng.ts';
import { Controller } from './controller.ts';
import { SharedInformerFactory, type Informer } from './informer.ts';
import { ControllerLoops } from './loops.ts';
import { LOOP_TRACE_CAPACITY, type LoopEvent } from './looptrace.ts';

/** A controller that copies each ConfigMap's data.want into its "seen" annotation; fails `failures` times first. */
class CopyController extends Controller {
  readonly cms: Informer;
  failures = 0;
  /** Each sync first lists its namespace's ConfigMaps by index. */
  listFirst = false;
  constructor(readonly store: Store, clock: SimClock, informers: SharedInformerFactory) {
    super('copy-controller', clock);
    this.cms = informers.informerFor('ConfigMap');
  }
  start(): void {
    this.cms.addEventHandler({ add: (o) => this.queue.add(key(o)), update: (_o, n) => this.queue.add(key(n)) });
  }
  protected sync(k: string): void {
    const [ns, name] = k.split('/');
    if (this.listFirst) this.cms.listByIndex('namespace', ns);
    const cm = this.cms.getByName(ns, name) as KubeObject & { data?: Record<string, string> };
    if (!cm) return;
    if (this.failures > 0) { this.failures--; throw new Error('injected'); }
    if (cm.metadata.annotations?.seen === cm.data?.want) return;
    this.store.patch('ConfigMap', ns, name, { metadata: { annotations: { seen: cm.data?.want ?? '' } } });
  }
}
const key = (o: KubeObject) => `${o.metadata.namespace}/${o.metadata.name}`;

function setup(resyncMs = 60_000) {
  const clock = new SimClock(0);
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const informers = new SharedInformerFactory(store, clock, resyncMs);
  const ctl = new CopyController(store, clock, informers);
  const loops = new ControllerLoops(() => [ctl], store, clock);
  ctl.loop.registerHandlers(() => ctl.start());
  informers.start();
  clock.runUntilIdle();
  const cm = (want: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' }, data: { want } });
  return { clock, store, ctl, loops, cm };
}
const seen = (s: Store) => s.get('ConfigMap', 'default', 'a').metadata.annotations?.seen;
const brief = (e: LoopEvent) => e.type === 'queue' ? `queue ${e.op}${e.delayMs !== undefined ? ` ${e.delayMs}` : ''}`
  : e.type === 'informer' ? `informer ${e.op} ${e.source}${e.dropped ? ' dropped' : ''}`
  : e.type === 'sync-end' ? `sync ${e.result}` : e.type === 'read' || e.type === 'write' ? `${e.type} ${e.verb} ${e.kind}` : e.type;

describe('loop trace', () => {
  it('records nothing until traced, but always counts syncs', () => {
    const { clock, store, ctl, loops, cm } = setup();
    store.create(cm('1'));
    clock.advance(1000);
    expect(ctl.loop.events()).toEqual([]);
    expect(loops.list()[0]).toMatchObject({ name: 'copy-controller', syncs: 2, errors: 0, tracing: false, queueDepth: 0 });
  });

  it('records informer → queue → sync with its reads and writes, in order, with virtual time', () => {
    const { clock, store, loops, cm } = setup();
    loops.trace('copy-controller');
    clock.advance(5000);
    store.create(cm('1'));
    clock.advance(1000);
    const ev = loops.view('copy-controller').events;
    expect(ev.slice(0, 10).map(brief)).toEqual([
      'informer add watch', 'queue add', 'queue get', 'sync-start', 'read get ConfigMap', 'write update ConfigMap',
      'sync ok', 'queue forget', 'queue done', 'informer update watch',
    ]);
    expect(ev.every((e) => e.t === 5000)).toBe(true);
    expect(ev.map((e) => e.seq)).toEqual(ev.map((_, i) => i + 1));
    expect(loops.view('copy-controller', 9).events.map((e) => e.seq)[0]).toBe(10);
  });

  it('records an index read with "index=value" as its target', () => {
    const { clock, store, ctl, loops, cm } = setup();
    ctl.listFirst = true;
    loops.trace('copy-controller');
    store.create(cm('1'));
    clock.advance(1000);
    const lists = loops.view('copy-controller').events.filter((e) => e.type === 'read' && e.verb === 'list');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((e) => e.type === 'read' && e.kind === 'ConfigMap' && e.target === 'namespace=default')).toBe(true);
  });

  it('records each retry with the rate limiter backoff (5 ms doubling) and the error', () => {
    const { clock, store, ctl, loops, cm } = setup();
    loops.trace('copy-controller');
    ctl.failures = 3;
    store.create(cm('1'));
    clock.advance(1000);
    const ev = loops.view('copy-controller').events;
    const retries = ev.filter((e) => e.type === 'queue' && e.op === 'addRateLimited');
    expect(retries.map((e) => e.type === 'queue' && [e.delayMs, e.requeues])).toEqual([[5, 1], [10, 2], [20, 3]]);
    expect(ev.filter((e) => e.type === 'sync-end' && e.result === 'error').map((e) => e.type === 'sync-end' && e.error)).toEqual(['injected', 'injected', 'injected']);
    expect(ctl.loop.errors).toBe(3);
    expect(seen(store)).toBe('1');
  });

  it('keeps a bounded ring', () => {
    const { clock, store, loops, cm } = setup();
    loops.trace('copy-controller');
    store.create(cm('0'));
    for (let i = 1; i < 300; i++) { store.patch('ConfigMap', 'default', 'a', { data: { want: String(i) } }); clock.advance(10); }
    const ev = loops.view('copy-controller').events;
    expect(ev).toHaveLength(LOOP_TRACE_CAPACITY);
    expect(ev[ev.length - 1].seq - ev[0].seq).toBe(LOOP_TRACE_CAPACITY - 1);
  });
});

describe('drop-events', () => {
  it('a dropped watch event leaves the state wrong until the resync re-delivers the cache', () => {
    const resync = 60_000;
    const { clock, store, loops, cm } = setup(resync);
    store.create(cm('1'));
    clock.advance(1000);
    loops.dropEvents('copy-controller', { count: 1, kind: 'ConfigMap' });
    store.patch('ConfigMap', 'default', 'a', { data: { want: '2' } });
    clock.advance(resync - 1000 - 1);
    expect(seen(store)).toBe('1');
    clock.advance(1);
    expect(seen(store)).toBe('2');
    const ev = loops.view('copy-controller').events;
    expect(ev.map(brief)).toContain('informer update watch dropped');
    expect(loops.faults()).toEqual({});
  });

  it('drops only the kind asked for, counts down, and survives as state', () => {
    const { clock, store, loops, cm } = setup();
    loops.dropEvents('copy-controller', { count: 2, kind: 'Secret' });
    store.create(cm('1'));
    clock.advance(10);
    expect(seen(store)).toBe('1');
    expect(loops.faults()).toEqual({ 'copy-controller': { count: 2, kind: 'Secret' } });
    expect(() => loops.dropEvents('nope', { count: 1 })).toThrow(/controller "nope" not found/);
  });
});

describe('an idle tap', () => {
  /** A controller whose handler object counts its deliveries through `this`, and the informer's handler list. */
  function counting() {
    const clock = new SimClock(0);
    const store = new Store(clock, new SeededRng(1));
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
    const informers = new SharedInformerFactory(store, clock);
    const handlers = { seen: 0, add(this: { seen: number }) { this.seen++; }, update(this: { seen: number }) { this.seen++; } };
    class Counter extends Controller {
      readonly cms = informers.informerFor('ConfigMap');
      start(): void { this.cms.addEventHandler(handlers); }
      protected sync(): void {}
    }
    const ctl = new Counter('counter', clock);
    const loops = new ControllerLoops(() => [ctl], store, clock);
    ctl.loop.registerHandlers(() => ctl.start());
    const installed = () => (ctl.cms as unknown as { handlers: unknown[] }).handlers[0];
    const cm = (want: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' }, data: { want } });
    return { clock, store, handlers, loops, installed, cm, informers };
  }

  it('has the informer call the handlers as registered, and wraps them only while traced or dropping events', () => {
    const { clock, store, handlers, loops, installed, cm, informers } = counting();
    informers.start();
    expect(installed()).toBe(handlers);
    loops.trace('counter');
    expect(installed()).not.toBe(handlers);
    loops.trace('counter', false);
    expect(installed()).toBe(handlers);
    loops.dropEvents('counter', { count: 1 });
    expect(installed()).not.toBe(handlers);
    store.create(cm('1'));
    clock.advance(10);
    expect(handlers.seen).toBe(0);
    expect(installed()).toBe(handlers);
    store.patch('ConfigMap', 'default', 'a', { data: { want: '2' } });
    clock.advance(10);
    expect(handlers.seen).toBe(1);
  });

  it('records the initial list when tracing starts before it is delivered', () => {
    const { clock, store, loops, cm, informers } = counting();
    store.create(cm('1'));
    informers.start();
    loops.trace('counter');
    clock.advance(10);
    expect(loops.view('counter').events.map(brief)).toEqual(['informer add watch']);
  });
});
