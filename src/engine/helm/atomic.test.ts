// helm install/upgrade --atomic (the failed release uninstalled or rolled back, in helm's words) and
// helm test --logs (each test pod's log after the status).
import { describe, expect, it } from 'vitest';
import { cluster, ok, run } from '../testing/helmcluster.ts';

describe('--atomic', () => {
  it('uninstalls a release that does not become ready, and waits without --wait', () => {
    const c = cluster();
    ok(c, 'helm create web');
    const start = c.now();
    const r = run(c, 'helm install web ./web --set resources.requests.cpu=64 --atomic --timeout 20s');
    expect(r).toMatchObject({ code: 1, stderr: 'Error: INSTALLATION FAILED: release web failed, and has been uninstalled due to atomic being set: context deadline exceeded\n' });
    expect(c.now() - start).toBeGreaterThanOrEqual(20_000);
    expect(ok(c, 'helm list -a')).not.toContain('web');
    expect(ok(c, 'kubectl get deploy,svc -o name')).not.toContain('web');
    // The name is free again.
    expect(run(c, 'helm install web ./web --atomic --timeout 60s').code).toBe(0);
  });

  it('rolls a failed upgrade back to the last deployed revision', () => {
    const c = cluster();
    ok(c, 'helm create web');
    ok(c, 'helm install web ./web --wait');
    const r = run(c, 'helm upgrade web ./web --set resources.requests.cpu=64 --atomic --timeout 20s');
    expect(r.stderr).toBe('Error: UPGRADE FAILED: release web failed, and has been rolled back due to atomic being set: context deadline exceeded\n');
    const history = ok(c, 'helm history web').split('\n').slice(1, 4).map((l) => l.split('\t').map((x) => x.trim()).filter((_x, i) => i === 0 || i === 2 || i === 5));
    expect(history).toEqual([
      ['1', 'superseded', 'Install complete'],
      ['2', 'failed', 'Upgrade "web" failed: context deadline exceeded'],
      ['3', 'deployed', 'Rollback to 1'],
    ]);
    expect(ok(c, 'kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].resources}')).not.toContain('64');
  });

  it('leaves a failed install in place without it', () => {
    const c = cluster();
    ok(c, 'helm create web');
    expect(run(c, 'helm install web ./web --set resources.requests.cpu=64 --wait --timeout 5s').stderr).toBe('Error: INSTALLATION FAILED: context deadline exceeded\n');
    expect(ok(c, 'helm list -a')).toMatch(/web\s+default\s+1\s+.*failed/);
  });
});

describe('helm test --logs', () => {
  it('prints each test pod\'s log after the status', () => {
    const c = cluster();
    ok(c, 'helm create web');
    c.setFile('web/templates/tests/test-echo.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-test-echo\n  annotations: {"helm.sh/hook": test, "helm.sh/hook-weight": "-1"}\nspec:\n  restartPolicy: Never\n  containers: [{name: echo, image: busybox, command: [sh, -c, "echo all good"]}]\n');
    ok(c, 'helm install web ./web --wait');
    const out = ok(c, 'helm test web --logs');
    expect(out).toContain('\nPhase:          Succeeded\n');
    // The chart's test-connection pod runs busybox's wget against the Service (no progress meter without a terminal).
    expect(out.slice(out.indexOf('\n\nPOD LOGS'))).toMatch(/^\n\nPOD LOGS: web-test-echo\nall good\n\nPOD LOGS: web-test-connection\nConnecting to web:80 \(10(\.\d+){3}:80\)\nsaving to 'index.html'\n'index.html' saved\n\n$/);
  });

  it('ends with helm\'s error when a test pod is gone', () => {
    const c = cluster();
    ok(c, 'helm create web');
    c.setFile('web/templates/tests/test-connection.yaml', c.exec('helm template web ./web -s templates/tests/test-connection.yaml').stdout.replace('"helm.sh/hook": test', '"helm.sh/hook": test\n    "helm.sh/hook-delete-policy": hook-succeeded'));
    ok(c, 'helm install web ./web --wait');
    const r = run(c, 'helm test web --logs');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Error: unable to get pod logs for web-test-connection: pods "web-test-connection" not found\n');
  });
});

describe('--cleanup-on-fail', () => {
  const failing = 'helm upgrade web ./web --set ingress.enabled=true --set resources.requests.cpu=64 --wait --timeout 5s';

  it('deletes what a failed upgrade created, and keeps what was there', () => {
    const c = cluster();
    ok(c, 'helm create web');
    ok(c, 'helm install web ./web --wait');
    expect(run(c, `${failing} --cleanup-on-fail`).stderr).toBe('Error: UPGRADE FAILED: context deadline exceeded\n');
    expect(run(c, 'kubectl get ingress web').stderr).toBe('Error from server (NotFound): ingresses.networking.k8s.io "web" not found\n');
    expect(ok(c, 'kubectl get deploy,svc,sa -o name')).toBe('deployment.apps/web\nservice/kubernetes\nservice/web\nserviceaccount/default\nserviceaccount/web\n');
    expect(ok(c, 'helm history web')).toMatch(/2\s.*failed\s.*Upgrade "web" failed: context deadline exceeded/);
  });

  it('leaves them without it', () => {
    const c = cluster();
    ok(c, 'helm create web');
    ok(c, 'helm install web ./web --wait');
    expect(run(c, failing).code).toBe(1);
    expect(ok(c, 'kubectl get ingress -o name')).toBe('ingress.networking.k8s.io/web\n');
  });

  it('cleans up before --atomic rolls back', () => {
    const c = cluster();
    ok(c, 'helm create web');
    ok(c, 'helm install web ./web --wait');
    const r = run(c, `${failing.replace('--wait ', '')} --atomic --cleanup-on-fail`);
    expect(r.stderr).toBe('Error: UPGRADE FAILED: release web failed, and has been rolled back due to atomic being set: context deadline exceeded\n');
    expect(ok(c, 'kubectl get ingress -o name')).toBe('');
    expect(ok(c, 'helm status web')).toContain('REVISION: 3');
  });

  it('is an upgrade and rollback flag, not an install one (helm 3.16)', () => {
    const c = cluster();
    ok(c, 'helm create web');
    expect(run(c, 'helm install web ./web --cleanup-on-fail').stderr).toContain('unknown flag: --cleanup-on-fail');
    ok(c, 'helm install web ./web');
    ok(c, 'helm upgrade web ./web --set ingress.enabled=true');
    expect(ok(c, 'helm rollback web 1 --cleanup-on-fail')).toBe('Rollback was a success! Happy Helming!\n');
    expect(ok(c, 'kubectl get ingress -o name')).toBe('');
  });
});
