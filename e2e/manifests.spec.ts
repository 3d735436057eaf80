/// <reference lib="dom" />
// The editor side: apply errors land on the failing document's lines; documents are managed and persist.
import { expect, test } from '@playwright/test';
import { clickTile, editorReady, editorText, expectClusterShown, expectTiles, runInTerminal, setEditorText, webDeployment } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a bad manifest shows an error marker and message at its lines', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  const good = webDeployment(1);
  const goodLines = good.split('\n').length - 1; // the text ends with a newline
  // Well-formed for the schema (so any squiggle is kubesim's marker), invalid for the API server.
  const bad = webDeployment(-1).replace('name: web\n', 'name: broken\n');
  await setEditorText(page, `${good}---\n${bad}`);
  await page.getByTestId('apply').click();

  const results = page.getByTestId('apply-result');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAttribute('data-ok', 'true');
  const failed = page.locator('[data-testid=apply-result][data-ok=false]');
  await expect(failed).toContainText('spec.replicas: Invalid value: -1');
  const start = Number(await failed.getAttribute('data-start-line'));
  expect(start).toBeGreaterThan(goodLines); // the second document, after the separator
  expect(start).toBeLessThanOrEqual(goodLines + 2);
  await expect(failed).toContainText(String(start));

  // The editor marks it: Monaco draws a squiggle (the plain editor marks the gutter).
  await expect(page.locator('[data-testid=editor-host] .squiggly-error, [data-testid=editor-host] .gutter-line.error').first()).toBeVisible();

  // The good document was applied all the same.
  await runInTerminal(page, 'kubectl get deployments');
  await expect(page.getByTestId('terminal-output')).toContainText('web');
  await expect(page.getByTestId('terminal-output')).not.toContainText('broken');

  // A typo: the API server's strict decoding (kubectl's default --validate=strict) refuses it, and nothing is created.
  await setEditorText(page, webDeployment(1).replace('name: web\n', 'name: typo\n').replace('image: nginx:1.27', 'imagee: nginx:1.27'));
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=false]')).toContainText(
    'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].imagee"');
  await runInTerminal(page, 'kubectl get deployment typo');
  await expect(page.locator('[data-testid=terminal-line][data-kind=err]').last()).toContainText('deployments.apps "typo" not found');
});

test('documents: new, rename, switch, delete, and they persist', async ({ page }) => {
  test.setTimeout(120_000); // two page loads with Monaco: 55 s in CI with two workers, close to the default minute
  await page.goto('/');
  await editorReady(page);
  await expect(page.getByTestId('doc-tab')).toHaveCount(1);
  await expect(page.getByTestId('doc-active-name')).toHaveText('web-deployment.yaml');

  await page.getByTestId('doc-new').click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  await expect(page.getByTestId('doc-active-name')).toHaveText('untitled-1.yaml');
  await setEditorText(page, 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n');

  await page.getByTestId('doc-rename').click();
  const input = page.getByTestId('doc-rename-input');
  await input.fill('namespace.yaml');
  await input.press('Enter');
  await expect(page.getByTestId('doc-active-name')).toHaveText('namespace.yaml');

  // A tab's click swaps the editor's model a moment later: poll rather than read once (a one-shot read flaked in CI).
  await page.locator('[data-testid=doc-tab][data-name="web-deployment.yaml"]').click();
  await expect.poll(() => editorText(page)).toContain('kind: Deployment');
  await page.locator('[data-testid=doc-tab][data-name="namespace.yaml"]').click();
  await expect.poll(() => editorText(page)).toContain('kind: Namespace');

  await page.waitForTimeout(500); // the editor saves after a short pause in typing
  await page.reload();
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  await expect(page.getByTestId('doc-active-name')).toHaveText('namespace.yaml');
  expect(await editorText(page)).toContain('name: shop');

  // Closing the active tab makes its neighbour active.
  await page.getByRole('button', { name: 'Close namespace.yaml' }).click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(1);
  await expect(page.getByTestId('doc-active-name')).toHaveText('web-deployment.yaml');
});

test('terminal: stderr in red, history with the arrow keys, clear', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'kubectl get nodes');
  await expect(page.getByTestId('terminal-output')).toContainText(/w1\s+Ready/);
  await runInTerminal(page, 'kubectl get pod does-not-exist');
  const err = page.locator('[data-testid=terminal-line][data-kind=err]');
  await expect(err).toContainText('NotFound');
  expect(await err.first().evaluate((e) => getComputedStyle(e).color)).toMatch(/rgb\(2\d\d, \d{1,3}, \d{1,3}\)/);

  const input = page.getByTestId('terminal-input');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('kubectl get pod does-not-exist');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('kubectl get nodes');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('kubectl get pod does-not-exist');

  await runInTerminal(page, 'sim node add w4 --cpu 2 --memory 8Gi');
  await expect(page.getByTestId('node-card')).toHaveCount(4);
  await expect(page.locator('[data-testid=node-card][data-node=w4]')).toBeVisible();

  // kubectl reads the editor's documents by name.
  await runInTerminal(page, 'kubectl apply -f web-deployment.yaml');
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps/web created');
  // replace --force: the Deployment is deleted and created again from the document (a new uid).
  await runInTerminal(page, 'kubectl replace --force -f web-deployment.yaml');
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps "web" deleted');
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps/web replaced');
  await runInTerminal(page, 'kubectl cluster-info');
  await expect(page.getByTestId('terminal-output')).toContainText('CoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy');
  await runInTerminal(page, 'kubectl apply -f missing.yaml');
  await expect(page.getByTestId('terminal-output')).toContainText('error: the path "missing.yaml" does not exist');

  await runInTerminal(page, 'clear');
  await expect(page.getByTestId('terminal-line')).toHaveCount(0);
});

test('clicking a pod opens its details; reset starts a new cluster', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click(); // the sample Deployment: 3 replicas
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);
  const name = (await clickTile(page, {})).pod;
  await expect(page.getByTestId('detail-drawer')).toHaveAttribute('data-name', name);
  await page.getByTestId('drawer-tab-describe').click();
  await expect(page.getByTestId('drawer-text')).toContainText(new RegExp(`Name:\\s+${name}`));
  await expect(page.getByTestId('drawer-text')).toContainText(/Status:\s+Running/);
  await page.getByTestId('drawer-close').click();
  await expect(page.getByTestId('detail-drawer')).toHaveCount(0);

  const reset = page.getByTestId('reset-cluster');
  await reset.click();
  await expect(reset).toHaveAttribute('data-armed', 'true'); // asks once more first
  await expectTiles(page, {}, 3);
  await reset.click();
  await expect(reset).toHaveAttribute('data-armed', 'false');
  await expectTiles(page, {}, 0);
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await expect(page.getByTestId('clock-elapsed')).toHaveText(/^T\+00:00:0\d$/);
});
