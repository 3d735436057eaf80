// argocd app wait (the clock runs under it; --resource), app get -o tree (and tree=detailed), app resources and app
// manifests, in argocd's layout.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubesimCluster } from '../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../testing/fixtures.ts';

const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n';
const CREATE = 'argocd app create shop --repo kubesim://documents --path shop --dest-server https://kubernetes.default.svc --dest-namespace shop --revision HEAD --sync-option CreateNamespace=true';

function shop(deployment = deploymentYaml('web', 2)): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'sim operator install argocd');
  c.setFile('shop/deployment.yaml', deployment);
  c.setFile('shop/service.yaml', SERVICE);
  return c;
}

describe('argocd app wait', () => {
  it('runs the clock until an automated application is synced and healthy, printing each change, then the final status', () => {
    const c = shop();
    mustExec(c, `${CREATE} --sync-policy automated`);
    const start = c.now();
    const out = mustExec(c, 'argocd app wait shop --timeout 60');
    expect(c.now()).toBeGreaterThan(start);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^TIMESTAMP {2,}GROUP {2,}KIND {2,}NAMESPACE {2,}NAME {2,}STATUS {2,}HEALTH {2,}HOOK {2,}MESSAGE$/);
    expect(out).toMatch(/\+00:00 +apps +Deployment +shop +web +OutOfSync +Missing/);
    expect(out).toContain('\nName:               argocd/shop\n');
    expect(out).toContain('\nHealth Status:      Healthy\n\nOperation:          Sync\n');
    expect(out).toMatch(/\nGROUP {2}KIND {8}NAMESPACE {2}NAME {2}STATUS {3}HEALTH {3}HOOK {2}MESSAGE\n/);
  });

  it('prints only the final status for an application that is ready at once', () => {
    const c = shop();
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(30);
    const out = mustExec(c, 'argocd app wait shop --sync --health');
    expect(out.startsWith('\nName:               argocd/shop\n')).toBe(true);
    expect(out).not.toContain('TIMESTAMP');
    expect(out).not.toContain('Operation:');
  });

  it('times out in virtual time with argocd\'s words, and FATA counts the seconds waited', () => {
    const c = shop(deploymentYaml('web', 1, { cpu: '64' }));
    mustExec(c, `${CREATE} --sync-policy automated`);
    const start = c.now();
    const r = c.exec('argocd app wait shop --health --timeout 5');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('FATA[0005] timed out (5s) waiting for app "shop" match desired state\n');
    expect(c.now() - start).toBe(5000);
    expect(r.stdout).toContain('Health Status:      Progressing\n');
  });

  it('stops when a resource turns Degraded', () => {
    const c = shop(deploymentYaml('web', 1, { cpu: '64' }).replace('spec:\n', 'spec:\n  progressDeadlineSeconds: 10\n'));
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(2);
    const r = c.exec('argocd app wait shop --health --timeout 60');
    expect(r.stderr).toMatch(/^FATA\[00\d\d\] application 'shop' health state has transitioned from Progressing to Degraded\n$/);
  });

  it('--resource waits only for the selected resources and prints only their changes', () => {
    const c = shop(deploymentYaml('web', 1, { cpu: '64' }));
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(2);
    // The application stays Progressing (its Deployment cannot schedule), yet its Service is Healthy.
    const svc = c.exec('argocd app wait shop --health --resource :Service:web --resource :Service:shop/web --timeout 30');
    expect(svc.code).toBe(0);
    expect(svc.stdout).toContain('Health Status:      Progressing\n');
    const start = c.now();
    const deploy = c.exec('argocd app wait shop --health --resource apps:Deployment:web --timeout 5');
    expect(deploy.stderr).toBe('FATA[0005] timed out (5s) waiting for app "shop" match desired state\n');
    expect(c.now() - start).toBe(5000);
    const progress = deploy.stdout.slice(0, deploy.stdout.indexOf('\nName:'));
    expect(progress).toMatch(/\+00:00 +apps +Deployment +shop +web +OutOfSync +Progressing/);
    expect(progress).not.toContain('Service');
    // A selection that names another namespace matches nothing, and nothing is left to wait for (as upstream).
    expect(c.exec('argocd app wait shop --health --resource apps:Deployment:other/web --timeout 5').code).toBe(0);
    expect(c.exec('argocd app wait shop --resource apps:Deployment').stderr).toBe('FATA[0000] Resource should have GROUP:KIND:NAME, but instead got: apps:Deployment\n');
  });

  it('refuses what argocd refuses', () => {
    const c = shop();
    mustExec(c, CREATE);
    expect(c.exec('argocd app wait shop --timeout 1m')).toMatchObject({ code: 1, stderr: 'Error: invalid argument "1m" for "--timeout" flag: strconv.ParseUint: parsing "1m": invalid syntax\n' });
    // pflag's errors print as cobra's "Error: …", not as a logrus FATA line.
    expect(c.exec('argocd app wait shop --bogus')).toMatchObject({ code: 1, stderr: 'Error: unknown flag: --bogus\n' });
    expect(c.exec('argocd app wait shop -Z')).toMatchObject({ code: 1, stderr: 'Error: unknown shorthand flag: \'Z\' in -Z\n' });
    expect(c.exec('argocd app wait nope').stderr).toBe('FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "nope" not found\n');
    expect(c.exec('argocd app wait').stdout).toContain('argocd app wait [APPNAME.. | -l selector] [flags]');
    expect(c.exec('argocd app manifests shop --source cache').stderr).toBe('FATA[0000] Unknown source type \'cache\'\n');
  });
});

describe('argocd app get -o tree, resources, manifests', () => {
  it('draws the resource tree: managed resources with their status, their ReplicaSets and Pods below', () => {
    const c = shop();
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(30);
    const out = mustExec(c, 'argocd app get shop -o tree');
    const tree = out.slice(out.indexOf('KIND/NAME')).trimEnd().split('\n');
    const rs = /ReplicaSet\/(web-[a-z0-9]+)/.exec(out)![1];
    const [p1, p2] = [...out.matchAll(/Pod\/(web-[a-z0-9]+-[a-z0-9]+)/g)].map((m) => m[1]);
    const slice = /EndpointSlice\/(web-[a-z0-9]+)/.exec(out)![1];
    const w = 'KIND/NAME'.length + Math.max(0, `  ├─Pod/${p1}`.length - 'KIND/NAME'.length) + 2;
    const col = (s: string) => s.padEnd(w);
    expect(tree).toEqual([
      `${col('KIND/NAME')}STATUS  HEALTH   MESSAGE`,
      `${col('Service/web')}Synced  Healthy  service/web created`,
      `${col(`└─EndpointSlice/${slice}`)}                 `,
      `${col('Deployment/web')}Synced  Healthy  deployment.apps/web created`,
      `${col(`└─ReplicaSet/${rs}`)}        Healthy  `,
      `${col(`  ├─Pod/${p1}`)}        Healthy  `,
      `${col(`  └─Pod/${p2}`)}        Healthy`,
    ]);
  });

  it('-o tree=detailed adds each node\'s AGE and its health message as REASON', () => {
    const c = shop(deploymentYaml('web', 1, { cpu: '64' }));
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(90);
    const out = mustExec(c, 'argocd app get shop -o tree=detailed');
    const tree = out.slice(out.indexOf('KIND/NAME')).trimEnd().split('\n').map((l) => l.split(/ {2,}/));
    expect(tree[0]).toEqual(['KIND/NAME', 'STATUS', 'HEALTH', 'AGE', 'MESSAGE', 'REASON']);
    expect(tree.find((r) => r[0] === 'Deployment/web')).toEqual(['Deployment/web', 'OutOfSync', 'Progressing', '90s', 'deployment.apps/web created', 'Waiting for rollout to finish: 0 of 1 updated replicas are available...']);
    expect(tree.find((r) => r[0].startsWith('└─ReplicaSet/'))?.slice(1)).toEqual(['Progressing', '90s', 'Waiting for rollout to finish: 0 out of 1 new replicas are available...']);
    // The final status of a wait takes the same format.
    expect(mustExec(c, 'argocd app wait shop --sync --resource :Service:web -o tree=detailed')).toMatch(/\nKIND\/NAME +STATUS +HEALTH +AGE +MESSAGE +REASON\n/);
    expect(c.exec('argocd app get shop -o tree=full').stderr).toBe('FATA[0000] unknown output format: tree=full\n');
  });

  it('lists the top-level resources, none orphaned', () => {
    const c = shop();
    mustExec(c, `${CREATE} --sync-policy automated`);
    c.advance(30);
    expect(mustExec(c, 'argocd app resources shop')).toBe([
      'GROUP  KIND        NAMESPACE  NAME  ORPHANED',
      '       Service     shop       web   No',
      'apps   Deployment  shop       web   No',
      '',
    ].join('\n'));
    expect(mustExec(c, 'argocd app resources shop --orphaned')).toBe('GROUP  KIND  NAMESPACE  NAME  ORPHANED\n');
  });

  it('prints the target manifests (with the tracking label) or the live objects, each after "---"', () => {
    const c = shop();
    mustExec(c, CREATE);
    c.advance(5);
    const git = mustExec(c, 'argocd app manifests shop');
    expect(git.startsWith('---\napiVersion: v1\nkind: Service\nmetadata:\n  labels:\n    app.kubernetes.io/instance: shop\n  name: web\n  namespace: shop\n')).toBe(true);
    expect(git.match(/^---$/gm)).toHaveLength(2);
    expect(mustExec(c, 'argocd app manifests shop --source live')).toBe(''); // nothing synced yet
    mustExec(c, 'argocd app sync shop');
    const live = mustExec(c, 'argocd app manifests shop --source live');
    expect(live).toContain('  uid: ');
    expect(live).not.toContain('managedFields');
  });
});

describe('the tree\'s branches', () => {
  it('draw a pipe for every open branch above and a blank under a last child, whatever the fan-out', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), (replicas) => {
      const c = shop(deploymentYaml('web', replicas));
      mustExec(c, `${CREATE} --sync-policy automated`);
      c.advance(30);
      const out = mustExec(c, 'argocd app get shop -o tree');
      const pods = out.split('\n').filter((l) => l.includes('Pod/'));
      expect(pods).toHaveLength(replicas);
      pods.forEach((l, i) => expect(l.startsWith(i === replicas - 1 ? '  └─Pod/' : '  ├─Pod/')).toBe(true));
    }), { numRuns: 4 });
  });
});

describe('argocd app sync --resource', () => {
  it('picks the resource in any namespace when the selection names none, as SyncOperationResource.Compare', () => {
    const c = shop();
    mustExec(c, CREATE);
    mustExec(c, 'argocd app sync shop --resource apps:Deployment:web');
    c.advance(5);
    expect(c.list('Deployment').filter((d) => d.metadata.namespace === 'shop').map((d) => d.metadata.name)).toEqual(['web']);
    expect(c.list('Service').filter((s) => s.metadata.namespace === 'shop')).toEqual([]);
    mustExec(c, 'argocd app sync shop --resource :Service:other/web');
    c.advance(5);
    expect(c.list('Service').filter((s) => s.metadata.namespace === 'shop')).toEqual([]);
  });
});
