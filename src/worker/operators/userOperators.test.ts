// User operators through the engine host, with the real engine and the real sandbox in a second thread: an
// operator converges its objects, survives a save and restore, and an endless loop is stopped with a clear
// message while the cluster keeps running.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import type { SavedCluster } from '../../storage/db.ts';
import { EngineHost } from '../host.ts';
import type { UserOperatorSource } from './protocol.ts';
import { spawnNodeSandbox } from './testing/nodeSandbox.ts';

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: websites.demo.kubesim.io}
spec:
  group: demo.kubesim.io
  scope: Namespaced
  names: {plural: websites, singular: website, kind: Website}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {image: {type: string}}}
`;
const site = (name: string) => `apiVersion: demo.kubesim.io/v1\nkind: Website\nmetadata: {name: ${name}}\nspec: {image: nginx}\n`;

const configMapper: UserOperatorSource = {
  name: 'site-config', kind: 'Website', owns: ['ConfigMap'], language: 'typescript',
  code: `function reconcile(site: { metadata: { name: string }; spec: { image: string } } | undefined, client: any): void {
  if (!site || client.get('ConfigMap', site.metadata.name)) return;
  client.create(client.setControllerReference({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: site.metadata.name }, data: { image: site.spec.image } }));
}`,
};

function setup(saved?: SavedCluster) {
  const store = {
    record: saved,
    load: async () => store.record,
    save: async (r: Omit<SavedCluster, 'id'>) => { store.record = { id: 'current', ...structuredClone(r) }; },
    clear: async () => { store.record = undefined; },
  };
  const host = new EngineHost({ createCluster, store, wallNow: () => 0, every: () => () => undefined, spawnSandbox: spawnNodeSandbox, scenario: [] });
  const sh = async (line: string, stdin?: string) => {
    const r = await host.exec(line, stdin);
    if (r.code !== 0) throw new Error(`${line}: ${r.stderr}`);
    return r.stdout;
  };
  /** Advance virtual time a second at a time, letting the sandbox answer, until `done` (at most `rounds` times). */
  const until = async (done: () => Promise<boolean>, rounds = 200) => {
    for (let i = 0; i < rounds && !(await done()); i++) {
      await sh('sim advance 1s');
      await new Promise((r) => setTimeout(r, 25));
    }
    return done();
  };
  return { host, store, sh, until };
}

describe('user operators in the engine host', () => {
  it('installs an operator whose objects appear, and restores it from the saved code', async () => {
    const a = setup();
    await a.host.init();
    await a.sh('kubectl apply -f -', CRD);
    const views = await a.host.installOperator(configMapper);
    expect(views.map((v) => [v.name, v.state])).toEqual([['site-config', 'running']]);
    await a.sh('kubectl apply -f -', site('blog'));
    const hasConfigMap = (h: typeof a, name: string) => async () => (await h.host.exec(`kubectl get configmap ${name}`)).code === 0;
    expect(await a.until(hasConfigMap(a, 'blog'))).toBe(true);
    expect(await a.sh('kubectl get configmap blog -o jsonpath={.metadata.ownerReferences[0].kind}')).toBe('Website');
    expect((await a.host.userOperators())[0].reconciles).toBeGreaterThan(0);
    await a.host.save();
    a.host.dispose();
    expect(a.store.record?.operators).toEqual([{ ...configMapper }]);

    const b = setup(a.store.record);
    expect((await b.host.init()).restored).toBe(true);
    expect((await b.host.userOperators()).map((v) => v.name)).toEqual(['site-config']);
    await b.sh('kubectl apply -f -', site('shop'));
    expect(await b.until(hasConfigMap(b, 'shop'))).toBe(true);
    await b.host.removeOperator('site-config');
    expect(await b.host.userOperators()).toEqual([]);
    b.host.dispose();
  });

  it('refuses a bad name or an unknown kind with a clear error', async () => {
    const { host } = setup();
    await host.init();
    await expect(host.installOperator({ ...configMapper, name: 'Site_Config' })).rejects.toThrow(/^operator name "Site_Config": a lowercase RFC 1123 label must consist of/);
    await expect(host.installOperator(configMapper)).rejects.toThrow('the server doesn\'t have a resource type "Website"');
    expect(await host.userOperators()).toEqual([]);
    host.dispose();
  });

  it('stops an operator that loops forever, with a Warning Event, and the cluster keeps running', async () => {
    const { host, sh, until } = setup();
    await host.init();
    await sh('kubectl apply -f -', CRD);
    await host.installOperator({ ...configMapper, name: 'spinner', language: 'javascript', code: 'function reconcile() { for (;;) {} }' });
    await sh('kubectl apply -f -', site('blog'));
    const stopped = async () => (await host.userOperators())[0].state === 'stopped';
    expect(await until(stopped, 400)).toBe(true);
    const [view] = await host.userOperators();
    expect(view.stoppedReason).toBe('the operator is stopped: 3 reconciles in a row did not finish within their time budget (an endless loop?); fix the code and install it again');
    const events = await sh('kubectl get events --field-selector involvedObject.name=blog -o custom-columns=TYPE:.type,REASON:.reason,MESSAGE:.message --no-headers');
    expect(events).toContain('Warning   ReconcileError    Reconciler error: the reconcile did not finish within 500 ms: its worker was stopped and a fresh one started');
    expect(events).toContain('Warning   OperatorStopped   the operator is stopped: 3 reconciles');
    await sh('sim node add w1');
    await sh('sim advance 30s');
    expect(await sh('kubectl get nodes w1 --no-headers')).toMatch(/^w1\s+Ready/);
    host.dispose();
  });
});
