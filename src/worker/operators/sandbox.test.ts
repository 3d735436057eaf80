// The sandbox runner with the real sandbox source in a real second thread: answers, errors of every kind,
// an infinite loop stopped by the wall-clock budget, and the globals user code must not reach.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReconcileRequest } from '../../engine/operators/external.ts';
import { SandboxRunner } from './sandbox.ts';
import { spawnNodeSandbox } from './testing/nodeSandbox.ts';

const website = { apiVersion: 'demo.kubesim.io/v1', kind: 'Website', metadata: { name: 'blog', namespace: 'default', uid: 'u-1' }, spec: { image: 'nginx:1.27' } };
const request = (id = 1): ReconcileRequest => ({ id, operator: 'web', key: 'default/blog', object: website, owned: [] });

const runners: SandboxRunner[] = [];
const runner = (code: string, budgetMs = 500) => {
  const r = new SandboxRunner(code, { spawn: spawnNodeSandbox, budgetMs });
  runners.push(r);
  return r;
};
afterEach(() => { for (const r of runners.splice(0)) r.dispose(); });

describe('the sandbox runner', () => {
  it('turns client calls into actions, with the controller reference set', async () => {
    const r = runner(`function reconcile(site, client) {
      if (client.get('Deployment', site.metadata.name)) return;
      client.create(client.setControllerReference({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: site.metadata.name } }));
      client.event('Normal', 'Created', 'Created Deployment ' + site.metadata.name);
      client.requeueAfter(30);
    }`);
    expect(await r.reconcile(request(), Date.UTC(2026, 0, 1))).toEqual({
      actions: [
        { op: 'create', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'blog', namespace: 'default', ownerReferences: [{ apiVersion: 'demo.kubesim.io/v1', kind: 'Website', name: 'blog', uid: 'u-1', controller: true, blockOwnerDeletion: true }] } } },
        { op: 'event', type: 'Normal', reason: 'Created', message: 'Created Deployment blog' },
      ],
      requeueAfterSeconds: 30,
    });
  });

  it('reports what a throwing reconcile threw', async () => {
    const r = runner('function reconcile(site) { return site.spec.missing.field; }');
    expect(await r.reconcile(request(), 0)).toEqual({ error: "TypeError: Cannot read properties of undefined (reading 'field')" });
  });

  it('reports a syntax error and code without a reconcile function', async () => {
    const bad = runner('function reconcile(site { }');
    const answer = await bad.reconcile(request(), 0);
    expect(answer.error).toMatch(/^SyntaxError: /);
    expect(bad.loadError).toBe(answer.error);
    expect(await runner('const x = 1;').reconcile(request(), 0)).toEqual({ error: 'the code must define a function reconcile(object, client)' });
  });

  it('stops an infinite loop with the budget and answers the next reconcile from a fresh worker', async () => {
    const r = runner('let calls = 0; function reconcile(site, client) { if (site.metadata.name === "blog") for (;;) {} client.event("Normal", "Fine", "ok"); }', 200);
    expect(await r.reconcile(request(1), 0)).toEqual({ error: 'the reconcile did not finish within 200 ms: its worker was stopped and a fresh one started' });
    const other = { ...request(2), key: 'default/shop', object: { ...website, metadata: { ...website.metadata, name: 'shop' } } };
    expect(await r.reconcile(other, 0)).toEqual({ actions: [{ op: 'event', type: 'Normal', reason: 'Fine', message: 'ok' }] });
    expect(r.starts).toBe(2);
  });

  it('removes network, storage, worker and eval globals before the code runs', async () => {
    const names = ['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'eval', 'Function', 'setTimeout', 'postMessage'];
    const r = runner(`const seen = ${JSON.stringify(names)}.map((n) => n + '=' + typeof globalThis[n]);
      function reconcile(site, client) { client.event('Normal', 'Globals', seen.join(' ') + ' ctor=' + typeof (() => 0).constructor); }`);
    const answer = await r.reconcile(request(), 0);
    expect(answer.actions?.[0]).toMatchObject({ message: names.map((n) => `${n}=undefined`).join(' ') + ' ctor=undefined' });
  });

  it('gives virtual time and a seeded Math.random: the same request, the same answer', async () => {
    const code = "function reconcile(site, client) { client.event('Normal', 'Now', Date.now() + ' ' + new Date().toISOString() + ' ' + Math.random()); }";
    const a = await runner(code).reconcile(request(7), Date.UTC(2026, 0, 1, 0, 0, 30));
    const b = await runner(code).reconcile(request(7), Date.UTC(2026, 0, 1, 0, 0, 30));
    expect(a).toEqual(b);
    expect((a.actions?.[0] as { message: string }).message).toMatch(/^1767225630000 2026-01-01T00:00:30.000Z 0\.\d+$/);
  });

  it('refuses an answer of the wrong shape and data that is not plain', async () => {
    const r = runner("function reconcile(site, client) { client.patch('Deployment', '', {}); }");
    expect(await r.reconcile(request(), 0)).toEqual({ error: 'invalid reconcile result: actions[0] must name the kind and name of the object to patch' });
    const cyclic = runner("function reconcile(site, client) { const o = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }; o.self = o; client.create(o); }");
    expect((await cyclic.reconcile(request(), 0)).error).toMatch(/^TypeError: the object to create is not plain data: TypeError: Converting circular structure to JSON/);
  });
});
