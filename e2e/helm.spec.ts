/// <reference lib="dom" />
// helm from the page's terminal: install kubesim/nginx and see its pod on the map, upgrade --set replicaCount=3 and
// see three, history, rollback to one, list; then helm create opens a chart's files in the editor, whose Apply
// installs the chart folder with helm upgrade --install.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 60_000 });

test('helm install, upgrade, history, rollback and list from the terminal, pods on the map', async ({ page }) => {
  test.setTimeout(300_000); // a long journey on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const input = page.getByTestId('terminal-input');
  const output = page.getByTestId('terminal-output');

  // Tab completes helm's commands and the built-in repository's charts.
  await input.fill('helm ins');
  await input.press('Tab');
  await expect(input).toHaveValue('helm install ');
  await input.fill('helm install web kubesim/ng');
  await input.press('Tab');
  await expect(input).toHaveValue('helm install web kubesim/nginx ');
  await input.press('Enter');
  await expect(output).toContainText('NAME: web');
  await expect(output).toContainText('STATUS: deployed');
  await expect(output).toContainText('1. Get the application URL by running these commands:');
  await runInTerminal(page, 'sim advance 30s');
  await expectTiles(page, { pod: /^web-nginx-/ }, 1, 60_000);

  await runInTerminal(page, 'helm upgrade web kubesim/nginx --set replicaCount=3');
  await expect(output).toContainText('Release "web" has been upgraded. Happy Helming!');
  await expect(output).toContainText('REVISION: 2');
  await runInTerminal(page, 'sim advance 30s');
  await expectTiles(page, { pod: /^web-nginx-/ }, 3, 60_000);

  await runInTerminal(page, 'helm history web');
  await expect(output).toContainText(/1\s+\S.*superseded\s+nginx-0\.1\.0\s+1\.27\.0\s+Install complete/);
  await expect(output).toContainText(/2\s+\S.*deployed\s+nginx-0\.1\.0\s+1\.27\.0\s+Upgrade complete/);

  // Release names complete from the release Secrets.
  await input.fill('helm rollback w');
  await input.press('Tab');
  await expect(input).toHaveValue('helm rollback web ');
  await input.fill('helm rollback web 1');
  await input.press('Enter');
  await expect(output).toContainText('Rollback was a success! Happy Helming!');
  await runInTerminal(page, 'sim advance 60s');
  await expectTiles(page, { pod: /^web-nginx-/ }, 1, 60_000);

  await runInTerminal(page, 'helm list');
  await expect(output).toContainText(/NAME\s+NAMESPACE\s+REVISION\s+UPDATED\s+STATUS\s+CHART\s+APP VERSION/);
  await expect(output).toContainText(/web\s+default\s+3\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d.* \+0000 UTC\s+deployed\s+nginx-0\.1\.0\s+1\.27\.0/);
  await runInTerminal(page, 'kubectl get secrets -l owner=helm');
  await expect(output).toContainText(/sh\.helm\.release\.v1\.web\.v3\s+helm\.sh\/release\.v1/);
  await page.getByTestId('terminal-output').screenshot({ path: 'test-results/helm-terminal.png' });
});

test('helm create opens a chart in the editor; Apply on its files installs the folder', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'helm create demo');
  await expect(page.getByTestId('terminal-output')).toContainText('Creating demo');
  await expect(page.getByTestId('doc-active-name')).toHaveText(/^demo\//);
  await expect(page.getByTestId('apply-hint')).toHaveText("A Helm chart's file: Apply runs helm upgrade --install demo demo, Diff the same with --dry-run.");
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('Release "demo" does not exist. Installing it now.');
  await expect(page.getByTestId('apply-result')).toHaveAttribute('data-ok', 'true');
  // Neither the Kubernetes schema nor a dry run marks a template.
  await expect(page.getByTestId('editor-host').locator('.squiggly-error')).toHaveCount(0);
  await runInTerminal(page, 'sim advance 30s');
  await expectTiles(page, { pod: /^demo-/ }, 1, 60_000);
});
