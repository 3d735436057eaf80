/// <reference lib="dom" />
// The missing-CNI scenario repaired from the page: the CNI menu shows every node's NetworkReady=false, installs
// flannel, and the nodes go Ready.
import { expect, test } from '@playwright/test';
import { engineLoadScenario } from './engine.ts';

test('the no-CNI scenario repaired from the page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await engineLoadScenario(page, 'missing-cni');
  const cards = page.getByTestId('node-card');
  await expect(cards).toHaveCount(2);
  await expect(page.locator('[data-testid=node-card][data-ready=true]')).toHaveCount(0);

  const button = page.getByTestId('cni-menu-button');
  await expect(button).toHaveAttribute('data-installed', '');
  await button.click();
  await expect(page.locator('[data-testid=cni-node][data-ready=false]')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/page-cni-missing.png' });
  await page.getByTestId('cni-install-flannel').click();
  await expect(page.getByTestId('terminal-output')).toContainText('sim cni install flannel');
  await page.getByTestId('time-play-100').click();
  await expect(page.locator('[data-testid=node-card][data-ready=true]')).toHaveCount(2, { timeout: 45_000 });
  await page.getByTestId('time-pause').click();
  await expect(button).toHaveAttribute('data-installed', 'flannel');
  await button.click();
  await expect(page.locator('[data-testid=cni-node][data-ready=true]')).toHaveCount(2);
  await expect(page.getByTestId('cni-uninstall')).toBeVisible();
  await page.screenshot({ path: '/tmp/page-cni-repaired.png' });
});

test('a node the cluster CIDR has no room for: its card says it has no podCIDR and why it is NotReady', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await engineLoadScenario(page, { yaml: [
    'apiVersion: kubesim.io/v1alpha1', 'kind: Scenario', 'metadata: {name: small-cidr}',
    'spec:', '  title: {en: Small CIDR, zh: 小网段}', '  description: {en: D, zh: 述}', '  seed: 1',
    '  cluster: {clusterCIDR: 10.8.0.0/23, nodeCIDRMaskSize: 24, nodes: [{name: w, count: 3}]}',
  ].join('\n') });
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await page.getByTestId('time-play-100').click();
  await expect(page.locator('[data-testid=node-card][data-ready=true]')).toHaveCount(2, { timeout: 30_000 });
  await page.getByTestId('time-pause').click();
  const stuck = page.locator('[data-testid=node-card][data-ready=false]');
  await expect(stuck).toHaveCount(1);
  await expect(stuck.getByTestId('node-no-podcidr')).toBeVisible();
  await expect(stuck.getByTestId('node-not-ready-message')).not.toBeEmpty();
  await expect(page.getByTestId('node-no-podcidr')).toHaveCount(1);
  await stuck.screenshot({ path: '/tmp/page-node-no-podcidr.png' });
});
