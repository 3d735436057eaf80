import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Job } from 'kubernetes-types/batch/v1';
import type { KubesimCluster } from '../index.ts';
import { compareHooks, hooksOf } from './hooks.ts';
import { decodeRelease, type Hook } from './storage.ts';
import { base64Decode } from '../api/base64.ts';
import type { Secret } from 'kubernetes-types/core/v1';

import { cluster, ok, run } from '../testing/helmcluster.ts';

function fails(c: KubesimCluster, line: string): string {
  const r = run(c, line);
  expect(r.code, line).toBe(1);
  return r.stderr;
}

/** A Job hook whose container runs `script` (busybox sh -c). */
function jobHook(name: string, events: string, script: string, extra: Record<string, string> = {}): string {
  const annotations = Object.entries({ 'helm.sh/hook': events, ...extra }).map(([k, v]) => `    "${k}": "${v}"\n`).join('');
  return `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
  annotations:
${annotations}spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox
        command: ["sh", "-c", "${script}"]
`;
}

/** A chart "app" with a ConfigMap and the given hook templates. */
function chart(c: KubesimCluster, hooks: Record<string, string>): void {
  c.setFile('app/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  c.setFile('app/values.yaml', 'code: 0\n');
  c.setFile('app/templates/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  rev: "{{ .Release.Revision }}"\n');
  for (const [name, text] of Object.entries(hooks)) c.setFile(`app/templates/${name}.yaml`, text);
}

const jobs = (c: KubesimCluster) => c.list('Job').filter((j) => j.metadata.namespace === 'default') as Job[];
const lastRelease = (c: KubesimCluster, name: string) => {
  const secrets = (c.list('Secret') as Secret[]).filter((s) => s.type === 'helm.sh/release.v1' && s.metadata?.labels?.name === name);
  secrets.sort((a, b) => Number(a.metadata?.labels?.version) - Number(b.metadata?.labels?.version));
  return decodeRelease(base64Decode(secrets[secrets.length - 1].data!.release));
};

describe('helm hooks', () => {
  it('runs a pre-install Job before the release objects and waits for it in virtual time', () => {
    const c = cluster();
    chart(c, { migrate: jobHook('migrate', 'pre-install', 'sleep 20') });
    const before = c.now();
    ok(c, 'helm install a ./app');
    // helm returned after the Job completed: the simulation ran under it.
    expect(c.now() - before).toBeGreaterThanOrEqual(20_000);
    const job = jobs(c).find((j) => j.metadata?.name === 'migrate')!;
    expect(job.status?.conditions?.some((x) => x.type === 'Complete' && x.status === 'True')).toBe(true);
    // Hooks are not part of the release's objects: no ownership label.
    expect(job.metadata?.labels?.['app.kubernetes.io/managed-by']).toBeUndefined();
    const rel = lastRelease(c, 'a');
    expect(rel.info.status).toBe('deployed');
    expect(rel.hooks?.[0]).toMatchObject({ name: 'migrate', kind: 'Job', path: 'app/templates/migrate.yaml', events: ['pre-install'], delete_policies: ['before-hook-creation'], last_run: { phase: 'Succeeded' } });
  });

  it.each([
    ['a post-install Job that fails', { seed: jobHook('seed', 'post-install', 'exit 1') }, 'helm install a ./app',
      'Error: INSTALLATION FAILED: failed post-install: 1 error occurred:\n\t* job seed failed: BackoffLimitExceeded\n\n\n', 'failed'],
    ['a pre-install Job that outlives --timeout', { slow: jobHook('slow', 'pre-install', 'sleep 600') }, 'helm install a ./app --timeout 30s',
      'Error: INSTALLATION FAILED: failed pre-install: 1 error occurred:\n\t* timed out waiting for the condition\n\n\n', 'failed'],
    ['a pre-install Pod that fails', { check: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: check\n  annotations:\n    helm.sh/hook: pre-install\nspec:\n  restartPolicy: Never\n  containers:\n  - name: c\n    image: busybox\n    command: ["false"]\n' },
      'helm install a ./app', 'Error: INSTALLATION FAILED: failed pre-install: 1 error occurred:\n\t* pod check failed\n\n\n', 'failed'],
  ])('%s fails the install in helm words and marks the release failed', (_name, hooks, line, stderr, status) => {
    const c = cluster();
    chart(c, hooks);
    expect(fails(c, line)).toBe(stderr);
    const rel = lastRelease(c, 'a');
    expect(rel.info.status).toBe(status);
    expect(rel.info.description).toBe(`Release "a" failed: ${stderr.slice('Error: INSTALLATION FAILED: '.length, -1)}`);
    expect(rel.hooks?.[0].last_run.phase).toBe('Failed');
  });

  it('a failing pre-install hook leaves the release objects uncreated; --no-hooks skips the hooks', () => {
    const c = cluster();
    chart(c, { gate: jobHook('gate', 'pre-install', 'exit 2') });
    fails(c, 'helm install a ./app');
    expect(c.list('ConfigMap').some((m) => m.metadata.name === 'cfg')).toBe(false);
    ok(c, 'helm uninstall a');
    ok(c, 'kubectl delete job gate');
    const t = c.now();
    ok(c, 'helm install a ./app --no-hooks');
    expect(c.now()).toBe(t);
    expect(jobs(c)).toHaveLength(0);
    expect(c.list('ConfigMap').some((m) => m.metadata.name === 'cfg')).toBe(true);
  });

  it('runs hooks in weight order, then kind, then name', () => {
    const c = cluster();
    chart(c, {
      b: jobHook('b', 'post-install', 'sleep 1', { 'helm.sh/hook-weight': '5' }),
      a: jobHook('a', 'post-install', 'sleep 1', { 'helm.sh/hook-weight': '5' }),
      z: jobHook('z', 'post-install', 'sleep 1', { 'helm.sh/hook-weight': '-3' }),
      cm: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: zz-settings\n  annotations:\n    "helm.sh/hook": post-install\n    "helm.sh/hook-weight": "5"\n',
    });
    ok(c, 'helm install a ./app');
    const started = (lastRelease(c, 'a').hooks ?? []).map((h) => [h.name, h.last_run.started_at] as const).sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
    expect(started.map(([n]) => n)).toEqual(['z', 'zz-settings', 'a', 'b']);
  });

  it('deletes hooks by policy: hook-succeeded after success, hook-failed after failure, before-hook-creation on the next run', () => {
    const c = cluster();
    chart(c, {
      gone: jobHook('gone', 'post-install,post-upgrade', 'true', { 'helm.sh/hook-delete-policy': 'hook-succeeded' }),
      kept: jobHook('kept', 'post-install,post-upgrade', 'true'),
    });
    ok(c, 'helm install a ./app');
    expect(jobs(c).map((j) => j.metadata?.name)).toEqual(['kept']);
    const firstUid = jobs(c)[0].metadata?.uid;
    ok(c, 'helm upgrade a ./app');
    // before-hook-creation: the old Job went and a new one ran.
    expect(jobs(c).map((j) => j.metadata?.name)).toEqual(['kept']);
    expect(jobs(c)[0].metadata?.uid).not.toBe(firstUid);

    const d = cluster();
    chart(d, { bad: jobHook('bad', 'post-install', 'exit 1', { 'helm.sh/hook-delete-policy': 'hook-failed' }) });
    fails(d, 'helm install a ./app');
    expect(jobs(d)).toHaveLength(0);
  });

  it('upgrade and rollback hooks fail in helm words', () => {
    const c = cluster();
    chart(c, { pre: jobHook('pre', 'pre-upgrade,pre-rollback', 'exit {{ .Values.code }}') });
    ok(c, 'helm install a ./app');
    expect(fails(c, 'helm upgrade a ./app --set code=3')).toBe('Error: UPGRADE FAILED: pre-upgrade hooks failed: 1 error occurred:\n\t* job pre failed: BackoffLimitExceeded\n\n\n');
    expect(lastRelease(c, 'a').info).toMatchObject({ status: 'failed', description: 'Upgrade "a" failed: pre-upgrade hooks failed: 1 error occurred:\n\t* job pre failed: BackoffLimitExceeded\n\n' });
    // Rolling back to revision 2 runs its pre-rollback hook (exit 3): helm returns the hook's error as it is and
    // leaves the new revision pending.
    expect(fails(c, 'helm rollback a 2')).toBe('Error: 1 error occurred:\n\t* job pre failed: BackoffLimitExceeded\n\n\n');
    expect(lastRelease(c, 'a').info.status).toBe('pending-rollback');
  });

  it('runs pre-delete and post-delete hooks around uninstall', () => {
    const c = cluster();
    chart(c, { bye: jobHook('bye', 'pre-delete', 'sleep 5') });
    ok(c, 'helm install a ./app');
    expect(jobs(c)).toHaveLength(0);
    const t = c.now();
    expect(ok(c, 'helm uninstall a')).toBe('release "a" uninstalled\n');
    expect(c.now() - t).toBeGreaterThanOrEqual(5_000);
    expect(jobs(c).map((j) => j.metadata?.name)).toEqual(['bye']);
  });
});

describe('helm run by a scenario timeline', () => {
  it('cannot move time from inside a timer: it checks the hook once (a timeout), and the clock never goes back', () => {
    const c = cluster();
    chart(c, { migrate: jobHook('migrate', 'pre-install', 'sleep 20') });
    const results: string[] = [];
    c.onScheduledRun((_cmd, r) => results.push(r.stderr));
    const start = c.now();
    c.schedule({ at: start + 5_000, run: 'helm install a ./app' });
    c.advance(10);
    expect(c.now()).toBe(start + 10_000);
    expect(results).toEqual(['Error: INSTALLATION FAILED: failed pre-install: 1 error occurred:\n\t* timed out waiting for the condition\n\n\n']);
  });
});

describe('helm test', () => {
  const NOTES_HEAD = 'NOTES:\n1. Get the application URL by running these commands:\n';

  it('runs the chart test hooks and prints the status with the TEST SUITE phase lines', () => {
    const c = cluster();
    const install = ok(c, 'helm install web kubesim/nginx');
    // A test hook that has not run prints no TEST SUITE line at all.
    expect(install).not.toContain('TEST SUITE');
    c.advance(30);
    const out = ok(c, 'helm test web');
    expect(out).toBe(`NAME: web
LAST DEPLOYED: Thu Jan  1 00:00:00 2026
NAMESPACE: default
STATUS: deployed
REVISION: 1
TEST SUITE:     web-nginx-test-connection
Last Started:   Thu Jan  1 00:00:30 2026
Last Completed: Thu Jan  1 00:00:31 2026
Phase:          Succeeded
${out.slice(out.indexOf(NOTES_HEAD))}`);
    expect(out).toContain(NOTES_HEAD);
    expect(ok(c, 'helm status web')).toContain('TEST SUITE:     web-nginx-test-connection\nLast Started:   Thu Jan  1 00:00:30 2026\n');
    expect(ok(c, 'helm test web --hide-notes')).not.toContain('NOTES:');
    expect(ok(c, 'kubectl get pod web-nginx-test-connection --no-headers')).toMatch(/Completed/);
  });

  it('prints the status and fails when a test fails; an unknown release is "release: not found"', () => {
    const c = cluster();
    chart(c, { t: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: t\n  annotations:\n    helm.sh/hook: test\nspec:\n  restartPolicy: Never\n  containers:\n  - name: c\n    image: busybox\n    command: ["sh", "-c", "exit 1"]\n' });
    ok(c, 'helm install a ./app');
    const r = run(c, 'helm test a');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('TEST SUITE:     t\n');
    expect(r.stdout).toContain('Phase:          Failed\n');
    expect(r.stderr).toBe('Error: 1 error occurred:\n\t* pod t failed\n\n\n');
    expect(fails(c, 'helm test nope')).toBe('Error: release: not found\n');
  });
});

describe('hook records and printing', () => {
  it('helm get hooks prints each hook; helm template --skip-tests drops test hooks and --no-hooks all of them', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    expect(ok(c, 'helm get hooks web')).toMatch(/^---\n# Source: nginx\/templates\/tests\/test-connection.yaml\napiVersion: v1\nkind: Pod\n/);
    expect(ok(c, 'helm template web kubesim/nginx')).toContain('# Source: nginx/templates/tests/test-connection.yaml');
    expect(ok(c, 'helm template web kubesim/nginx --skip-tests')).not.toContain('test-connection');
    chart(c, { pre: jobHook('pre', 'pre-install', 'true') });
    expect(ok(c, 'helm template x ./app --skip-tests')).toContain('# Source: app/templates/pre.yaml');
    expect(ok(c, 'helm template x ./app --no-hooks')).not.toContain('# Source: app/templates/pre.yaml');
  });

  it.each([
    ['pre-install, post-install', ['pre-install', 'post-install']],
    [' Test-Success ', ['test']],
    ['pre-install,crd-install', undefined],
  ])('helm.sh/hook %j gives the events %j (an unknown event skips the hook)', (annotation, events) => {
    const object = { kind: 'Job', metadata: { name: 'j', annotations: { 'helm.sh/hook': annotation, 'helm.sh/hook-weight': 'x', 'helm.sh/hook-delete-policy': 'hook-succeeded, hook-failed' } } };
    const hooks = hooksOf([{ source: 'c/templates/j.yaml', content: '', kind: 'Job', object }]);
    if (!events) return expect(hooks).toEqual([]);
    expect(hooks).toEqual([{ name: 'j', kind: 'Job', path: 'c/templates/j.yaml', manifest: '', events, weight: 0, delete_policies: ['hook-succeeded', 'hook-failed'], last_run: { started_at: '', completed_at: '', phase: '' } }]);
  });

  it('orders hooks totally: by weight, then install order of the kind (unknown kinds last), then name', () => {
    const kinds = ['Job', 'Pod', 'ConfigMap', 'Secret', 'ServiceAccount', 'Widget', 'Gadget'];
    const hook = fc.record({ weight: fc.integer({ min: -3, max: 3 }), kind: fc.constantFrom(...kinds), name: fc.constantFrom('a', 'b', 'c') })
      .map(({ weight, kind, name }): Hook => ({ name, kind, weight, path: '', manifest: '', events: ['test'], last_run: { started_at: '', completed_at: '', phase: '' } }));
    fc.assert(fc.property(hook, hook, hook, (a, b, x) => {
      const same = a.weight === b.weight && a.kind === b.kind && a.name === b.name;
      expect(Math.sign(compareHooks(a, b)) + Math.sign(compareHooks(b, a))).toBe(0);
      if (!same) expect(compareHooks(a, b)).not.toBe(0);
      if (compareHooks(a, b) < 0 && compareHooks(b, x) < 0) expect(compareHooks(a, x)).toBeLessThan(0);
      if ((a.weight ?? 0) < (b.weight ?? 0)) expect(compareHooks(a, b)).toBeLessThan(0);
    }));
    const sorted = [
      { name: 'b', kind: 'Widget', weight: 0 }, { name: 'a', kind: 'Job', weight: 0 }, { name: 'z', kind: 'ConfigMap', weight: 0 },
      { name: 'a', kind: 'Gadget', weight: 0 }, { name: 'q', kind: 'Pod', weight: 1 }, { name: 'a', kind: 'Widget', weight: -1 },
    ].map((h) => ({ ...h, path: '', manifest: '', events: ['test'], last_run: { started_at: '', completed_at: '', phase: '' } }) as Hook).sort(compareHooks);
    expect(sorted.map((h) => `${h.weight}/${h.kind}/${h.name}`)).toEqual(['-1/Widget/a', '0/ConfigMap/z', '0/Job/a', '0/Gadget/a', '0/Widget/b', '1/Pod/q']);
  });
});

describe('helm --wait', () => {
  it('waits for the Deployment to be ready; a pod that never gets ready fails with "context deadline exceeded"', () => {
    const c = cluster();
    const t = c.now();
    ok(c, 'helm install web kubesim/nginx --wait');
    expect(c.now()).toBeGreaterThan(t);
    expect(ok(c, 'kubectl get deploy web-nginx --no-headers')).toMatch(/^web-nginx\s+1\/1/);
    const u = c.now();
    expect(fails(c, 'helm upgrade web kubesim/nginx --set image.tag=nope --wait --timeout 1m')).toBe('Error: UPGRADE FAILED: context deadline exceeded\n');
    expect(c.now() - u).toBe(60_000);
    expect(lastRelease(c, 'web').info).toMatchObject({ status: 'failed', description: 'Upgrade "web" failed: context deadline exceeded' });
    expect(fails(c, 'helm install x kubesim/nginx --timeout soon')).toBe('Error: invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"\n');
  });

  it('without --wait returns at once', () => {
    const c = cluster();
    const t = c.now();
    ok(c, 'helm install web kubesim/nginx');
    expect(c.now()).toBe(t);
  });
});
