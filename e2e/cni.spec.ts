/// <reference lib="dom" />
// The missing-CNI scenario repaired from the page: the CNI menu shows every node's NetworkReady=false, installs
// flannel, and the nodes go Ready.
import { expect, test } from '@playwright/test';
import { expectClusterShown } from './helpers.ts';
import { engineLoadScenario } from './engine.ts';

test('the no-CNI scenario repaired from the page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
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
  await expectClusterShown(page, 3);
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

test('the pod network menu resets the cluster with another pod CIDR, refuses a bad mask and keeps it across a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const button = page.getByTestId('cni-menu-button');
  await button.click();
  await expect(page.getByTestId('pod-cidr-usage')).toHaveText('10.244.0.0/16, /24 per node: 3 of 256 node ranges allocated');
  await expect(page.getByTestId('cni-node-pod-cidr').first()).toHaveText('10.244.0.0/24');

  // A mask shorter than the cluster prefix: node IPAM's own refusal, and the running cluster stays.
  await page.getByTestId('pod-cidr-cluster').fill('10.100.0.0/22');
  await page.getByTestId('pod-cidr-mask').fill('20');
  const reset = page.getByTestId('pod-cidr-reset');
  await reset.click();
  await expect(reset).toHaveAttribute('data-armed', 'true');
  await reset.click();
  await expect(page.getByTestId('pod-cidr-error')).toHaveText('nodeCIDRMaskSize: Invalid value: 20: mask size of cluster CIDR must be less than or equal to --node-cidr-mask-size configured for CIDR family (/22 > 20)');
  await expect(page.getByTestId('pod-cidr-usage')).toContainText('10.244.0.0/16');

  await page.getByTestId('pod-cidr-mask').fill('24');
  await reset.click();
  await reset.click();
  await expect(page.getByTestId('pod-cidr-error')).toHaveCount(0);
  await expect(page.getByTestId('pod-cidr-usage')).toHaveText('10.100.0.0/22, /24 per node: 3 of 4 node ranges allocated', { timeout: 20_000 });
  await expect(page.getByTestId('cni-node-pod-cidr')).toHaveText(['10.100.0.0/24', '10.100.1.0/24', '10.100.2.0/24']);
  await page.screenshot({ path: '/tmp/page-pod-cidr.png' });

  await page.getByTestId('time-pause').click();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'true');
  await page.reload();
  await expectClusterShown(page, 3);
  await page.getByTestId('cni-menu-button').click();
  await expect(page.getByTestId('pod-cidr-usage')).toHaveText('10.100.0.0/22, /24 per node: 3 of 4 node ranges allocated');
});
