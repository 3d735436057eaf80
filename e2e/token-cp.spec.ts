/// <reference lib="dom" />
// A service account's token from the page's terminal (create it, use it: RBAC applies to the service account), and
// kubectl cp between a pod and the editor's documents: a ConfigMap file out of a pod becomes a document, and a
// document copied into an emptyDir is there for exec.
import { expect, test } from '@playwright/test';
import { editorText, expectClusterShown, runInTerminal } from './helpers.ts';

test('kubectl create token prints a token that kubectl then authenticates with, as the service account', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  await runInTerminal(page, 'kubectl create serviceaccount demo');
  await expect(output).toContainText('serviceaccount/demo created');
  await runInTerminal(page, 'kubectl create rolebinding demo-view --clusterrole=view --serviceaccount=default:demo');
  await expect(output).toContainText('rolebinding.rbac.authorization.k8s.io/demo-view created');
  await runInTerminal(page, 'kubectl create token demo');
  // The terminal has no $(…): the token is pasted from the line it printed.
  const tokenLine = page.locator('[data-testid=terminal-line]').filter({ hasText: /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/ });
  await expect(tokenLine).toHaveCount(1);
  const token = (await tokenLine.textContent())!.trim();
  await runInTerminal(page, `kubectl config set-credentials demo --token=${token}`);
  await expect(output).toContainText('User "demo" set.');
  await runInTerminal(page, 'kubectl --user=demo auth whoami');
  await expect(output).toContainText('system:serviceaccount:default:demo');
  await runInTerminal(page, 'kubectl --user=demo get pods');
  await expect(output).toContainText(/No resources found in default namespace|NAME\s+READY/);
  await runInTerminal(page, 'kubectl --user=demo get secrets');
  await expect(output).toContainText('Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:default:demo" cannot list resource "secrets" in API group "" in the namespace "default"');
  await runInTerminal(page, 'kubectl --user=demo --token=garbage get pods');
  await expect(output).toContainText('error: You must be logged in to the server (Unauthorized)');
});

test('kubectl cp takes a ConfigMap file out of a pod into a document, and a document into an emptyDir', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const lines = (text: string) => page.locator('[data-testid=terminal-line]').filter({ hasText: new RegExp(`^${text}$`) });
  await runInTerminal(page, 'kubectl create configmap app --from-literal=app.properties=color=blue');
  await expect(output).toContainText('configmap/app created');
  const spec = { spec: { containers: [{ name: 'web', image: 'busybox', command: ['sleep', '3600'], volumeMounts: [
    { name: 'cfg', mountPath: '/etc/app/app.properties', subPath: 'app.properties' }, { name: 'scratch', mountPath: '/data' }] }],
  volumes: [{ name: 'cfg', configMap: { name: 'app' } }, { name: 'scratch', emptyDir: {} }] } };
  await runInTerminal(page, `kubectl run web --image=busybox --overrides='${JSON.stringify(spec)}'`);
  await expect(output).toContainText('pod/web created');
  await runInTerminal(page, 'sim advance 30s');

  await runInTerminal(page, 'kubectl cp web:/etc/app/app.properties app.properties');
  await expect(output).toContainText("tar: removing leading '/' from member names");
  await expect(page.getByTestId('doc-tab').filter({ hasText: 'app.properties' })).toHaveCount(1);
  await expect(page.getByTestId('doc-active-name')).toContainText('app.properties');
  await expect.poll(() => editorText(page)).toBe('color=blue');

  await runInTerminal(page, 'kubectl cp app.properties web:/data/copied.properties');
  await runInTerminal(page, 'kubectl exec web -- cat /data/copied.properties');
  await expect(lines('color=blue')).toHaveCount(1);
  // The ConfigMap's mount is read-only, as tar in the container finds.
  await runInTerminal(page, 'kubectl cp app.properties web:/etc/app/app.properties');
  await expect(output).toContainText("tar: can't open 'app.properties': Read-only file system");
});
