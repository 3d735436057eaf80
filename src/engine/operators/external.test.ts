// A user-written operator driven by the engine's loop: it converges, its errors and runaway loops are reported
// and stopped while the cluster keeps running, and an asynchronous driver (a worker) is waited for.
import { describe, expect, it } from 'vitest';
import type { ConfigMap, Event } from 'kubernetes-types/core/v1';
import { createCluster } from '../index.ts';
import type { Cluster } from '../cluster.ts';
import { inDefault, mustExec } from '../testing/fixtures.ts';
import type { ReconcileRequest, ReconcileResult } from './external.ts';

const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: greetings.demo.kubesim.io}
spec:
  group: demo.kubesim.io
  scope: Namespaced
  names: {plural: greetings, kind: Greeting}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {message: {type: string}}}
          status: {type: object, properties: {ready: {type: boolean}}}
`;

const greeting = (name: string, message: string) => `apiVersion: demo.kubesim.io/v1\nkind: Greeting\nmetadata: {name: ${name}}\nspec: {message: ${message}}\n`;

/** A tiny operator: one ConfigMap per Greeting holding its message, then status.ready. */
function reconcile(req: ReconcileRequest): ReconcileResult {
  const g = req.object;
  if (!g) return {};
  const message = (g.spec as { message: string }).message;
  const cm = req.owned.find((o) => o.kind === 'ConfigMap');
  const actions: ReconcileResult['actions'] = [];
  if (!cm) {
    actions.push({ op: 'create', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${g.metadata.name}-greeting`, namespace: g.metadata.namespace, ownerReferences: [{ apiVersion: g.apiVersion, kind: g.kind, name: g.metadata.name!, uid: g.metadata.uid!, controller: true }] }, data: { message } } });
    actions.push({ op: 'event', type: 'Normal', reason: 'Created', message: `Created ConfigMap ${g.metadata.name}-greeting` });
  } else if ((cm as ConfigMap).data?.message !== message) {
    actions.push({ op: 'patch', kind: 'ConfigMap', namespace: cm.metadata.namespace, name: cm.metadata.name!, patch: { data: { message } } });
  }
  if (!(g.status as { ready?: boolean } | undefined)?.ready) actions.push({ op: 'update', object: { ...g, status: { ready: true } }, subresource: 'status' });
  return { actions };
}

function setup(): Cluster {
  const c = createCluster({ seed: 2 }) as Cluster;
  mustExec(c, 'kubectl apply -f -', crd);
  return c;
}

const events = (c: Cluster, reason: string) => (inDefault(c, 'Event') as unknown as Event[]).filter((e) => e.reason === reason);

describe('user-written operators', () => {
  it('converges and follows changes; an idle loop writes nothing', () => {
    const c = setup();
    let calls = 0;
    c.operators.installExternal({ name: 'greeter', kind: 'Greeting', owns: ['ConfigMap'] }, (r) => { calls++; return reconcile(r); });
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(2);
    expect(inDefault(c, 'ConfigMap').find((o) => o.metadata.name === 'hello-greeting')?.data).toEqual({ message: 'hi' });
    expect((inDefault(c, 'Greeting')[0].status as { ready: boolean }).ready).toBe(true);
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'bonjour'));
    c.advance(2);
    expect(inDefault(c, 'ConfigMap').find((o) => o.metadata.name === 'hello-greeting')?.data).toEqual({ message: 'bonjour' });
    const versions = () => [...inDefault(c, 'Greeting'), ...inDefault(c, 'ConfigMap')].map((o) => o.metadata.resourceVersion);
    const rv = versions();
    const before = calls;
    c.advance(60);
    expect(versions()).toEqual(rv);
    expect(calls).toBe(before);
    expect(events(c, 'Created').length).toBe(1);
  });

  it('reports a reconcile that throws and retries it with backoff', () => {
    const c = setup();
    let calls = 0;
    c.operators.installExternal({ name: 'broken', kind: 'Greeting' }, () => { calls++; throw new TypeError("Cannot read properties of undefined (reading 'spec')"); });
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(30);
    const errs = events(c, 'ReconcileError');
    expect(errs[0].message).toBe("Reconciler error: Cannot read properties of undefined (reading 'spec')");
    expect(calls).toBeGreaterThan(2);
    expect(calls).toBeLessThan(20); // backoff, not a hot loop
    mustExec(c, 'kubectl get greetings');
  });

  it('stops an operator that loops, and the cluster keeps running', () => {
    const c = setup();
    // Every reconcile writes the object again: a new event, a new reconcile, in the same simulated instant.
    const op = c.operators.installExternal({ name: 'looper', kind: 'Greeting' }, (r) => r.object ? { actions: [{ op: 'patch', kind: 'Greeting', namespace: 'default', name: 'hello', patch: { metadata: { annotations: { n: String(r.id) } } } }] } : {});
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(5);
    expect(op.stopped).toBe('default/hello was reconciled more than 100 times within one second of simulated time: the operator is stopped');
    expect(events(c, 'ReconcileLoop').length).toBe(1);
    mustExec(c, 'sim node add w1');
    c.advance(30);
    expect(mustExec(c, 'kubectl get nodes --no-headers')).toContain('Ready');
  });

  it('refuses more writes than the budget, making none', () => {
    const c = setup();
    c.operators.installExternal({ name: 'greedy', kind: 'Greeting', maxWritesPerReconcile: 2 }, (r) => ({ actions: Array.from({ length: 3 }, (_, i) => ({ op: 'create' as const, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${r.id}-${i}`, namespace: 'default' } } })) }));
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(1);
    expect(events(c, 'ReconcileError')[0].message).toBe('Reconciler error: the reconcile asked for 3 writes, more than its budget of 2: none was made');
    expect(inDefault(c, 'ConfigMap').filter((o) => o.metadata.name!.startsWith('cm-'))).toEqual([]);
  });

  it('waits for an asynchronous driver and coalesces changes that arrive meanwhile', async () => {
    const c = setup();
    const pending: { req: ReconcileRequest; resolve: (r: ReconcileResult) => void }[] = [];
    c.operators.installExternal({ name: 'async', kind: 'Greeting', owns: ['ConfigMap'] }, (req) => new Promise((resolve) => pending.push({ req, resolve })));
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(1);
    expect(pending.length).toBe(1);
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'again'));
    c.advance(1);
    expect(pending.length).toBe(1); // in flight: the change waits
    const first = pending.shift()!;
    first.resolve(reconcile(first.req));
    await Promise.resolve();
    c.advance(1);
    expect(pending.length).toBe(1);
    expect((pending[0].req.object!.spec as { message: string }).message).toBe('again');
  });

  it('holds virtual time while an asynchronous reconcile is out, and runs on once it answers', async () => {
    const c = setup();
    let answer: ((r: ReconcileResult) => void) | undefined;
    c.operators.installExternal({ name: 'slow', kind: 'Greeting', owns: ['ConfigMap'] }, (req) => new Promise((resolve) => { answer = (r) => resolve(r); void req; }));
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(1);
    expect(answer).toBeDefined();
    const at = c.now();
    c.advance(30);
    mustExec(c, 'sim advance 30s');
    expect(c.now()).toBe(at); // the simulation waits for the answer, however long it takes
    answer!({ actions: [{ op: 'event', type: 'Normal', reason: 'Answered', message: 'late' }] });
    await c.clock.whenReleased();
    c.advance(5);
    expect(c.now()).toBe(at + 5000);
    expect(events(c, 'Answered').length).toBe(1);
  });

  it('traces an asynchronous reconcile like any loop: it ends when the answer comes, with its writes', async () => {
    const c = setup();
    const pending: { req: ReconcileRequest; resolve: (r: ReconcileResult) => void }[] = [];
    c.operators.installExternal({ name: 'traced', kind: 'Greeting', owns: ['ConfigMap'] }, (req) => new Promise((resolve) => pending.push({ req, resolve })));
    c.loops.trace('traced');
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(1);
    const types = () => c.loopTrace('traced').events.map((e) => (e.type === 'write' ? `write ${e.verb} ${e.kind}` : e.type === 'sync-end' ? `sync-end ${e.result}` : e.type));
    const before = types();
    expect(before).toContain('sync-start');
    expect(before.filter((t) => t.startsWith('sync-end') || t.startsWith('write'))).toEqual([]); // still out
    pending[0].resolve(reconcile(pending[0].req));
    await c.clock.whenReleased();
    expect(types().slice(before.length).filter((t) => t.startsWith('sync-end') || t.startsWith('write'))).toEqual(['write create ConfigMap', 'write create Event', 'write update Greeting', 'sync-end ok']);
  });

  it('stops the operator when the runner gives up, and lists its loop with the controllers', () => {
    const c = setup();
    const op = c.operators.installExternal({ name: 'quitter', kind: 'Greeting' }, () => ({ error: 'the reconcile did not finish in time', stop: 'the operator is stopped: it keeps overrunning' }));
    expect(mustExec(c, 'sim controller list')).toMatch(/\nquitter\s+0\s+0\s+0\s+/);
    mustExec(c, 'kubectl apply -f -', greeting('hello', 'hi'));
    c.advance(30);
    expect(op.stopped).toBe('the operator is stopped: it keeps overrunning');
    expect(events(c, 'ReconcileError')[0].message).toBe('Reconciler error: the reconcile did not finish in time');
    expect(events(c, 'OperatorStopped')[0].message).toBe('the operator is stopped: it keeps overrunning');
    expect(op.reconciles).toBe(1);
    expect(op.failures).toBe(1);
  });
});
