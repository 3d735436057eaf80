/// <reference lib="dom" />
// Node actions from the map's node menu, and workloads reacting to them on the map: a stopped machine's pods
// are replaced elsewhere; a rolling update replaces old ReplicaSet's pods with the new one's.
import { expect, test, type Page } from '@playwright/test';
import { drawnTiles, editorReady, expectClusterShown, expectTiles, firstTile, runInTerminal } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function nodeAction(page: Page, node: string, action: string): Promise<void> {
  await page.locator(`[data-testid=node-card][data-node=${node}] [data-testid=node-menu-button]`).click();
  await page.getByTestId(`node-action-${action}`).click();
}

async function owners(page: Page): Promise<string[]> {
  return (await drawnTiles(page, { tone: 'running' })).map((t) => t.owner);
}

test('a machine stopped from the page: its node goes NotReady and its pods are replaced on other nodes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click(); // the sample Deployment: 3 replicas
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);
  const victim = (await firstTile(page, { tone: 'running' })).node;
  const onVictim = (await drawnTiles(page, { node: victim })).length;

  await nodeAction(page, victim, 'stop');
  await expect(page.getByTestId('terminal-output')).toContainText(`sim node stop ${victim}`);
  // node-monitor-grace-period (50 s), then the not-ready taint's 300 s toleration: a few wall seconds at 100×.
  await expect(page.locator(`[data-testid=node-card][data-node=${victim}]`)).toHaveAttribute('data-ready', 'false');
  await expectTiles(page, { node: victim, tone: 'terminating' }, onVictim, 45_000);
  await expectTiles(page, { tone: 'running' }, 3, 45_000);
  for (const { node } of await drawnTiles(page, { tone: 'running' })) {
    expect(node).not.toBe(victim);
  }
  await page.screenshot({ path: '/tmp/page-node-stopped.png' });

  // Deleting the machine removes the Node and, with it, the pods stuck on it.
  await nodeAction(page, victim, 'delete');
  await expect(page.getByTestId('node-card')).toHaveCount(2);
  await expectTiles(page, { node: victim }, 0);
  await expectTiles(page, { tone: 'running' }, 3);
});

test('cordon and drain from the node menu move pods off the node', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click();
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);
  const node = (await firstTile(page, { tone: 'running' })).node;

  await nodeAction(page, node, 'drain');
  await expect(page.getByTestId('terminal-output')).toContainText(`kubectl drain ${node}`);
  await expect(page.getByTestId('terminal-output')).toContainText(`node/${node} drained`);
  await expect(page.locator(`[data-testid=node-card][data-node=${node}]`)).toHaveAttribute('data-unschedulable', 'true');
  await expectTiles(page, { node }, 0);
  await expectTiles(page, { tone: 'running' }, 3);

  await nodeAction(page, node, 'uncordon');
  await expect(page.locator(`[data-testid=node-card][data-node=${node}]`)).toHaveAttribute('data-unschedulable', 'false');

  // Details opens the Node in the drawer.
  await nodeAction(page, node, 'details');
  await expect(page.getByTestId('detail-drawer')).toHaveAttribute('data-kind', 'Node');
  await expect(page.getByTestId('drawer-text')).toContainText(new RegExp(`Name:\\s+${node}`));
});

test('a rolling update on the map: the old ReplicaSet\'s pods give way to the new one\'s', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click();
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);
  const before = new Set(await owners(page));
  expect(before.size).toBe(1);
  const oldRs = [...before][0];
  expect(oldRs).toMatch(/^web-[a-z0-9]+$/);

  // Slow enough to watch both ReplicaSets on the map at once.
  await page.getByTestId('time-play-1').click();
  await runInTerminal(page, 'kubectl set image deployment/web nginx=nginx:1.28');
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps/web image updated');
  await firstTile(page, (t) => t.owner.startsWith('web-') && t.owner !== oldRs); // a new ReplicaSet's pod is drawn
  await firstTile(page, { owner: oldRs }); // while an old one's still is
  await page.screenshot({ path: '/tmp/page-rolling-update.png' });

  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { owner: oldRs }, 0);
  await expectTiles(page, { tone: 'running' }, 3);
  const after = new Set(await owners(page));
  expect(after.size).toBe(1);
  expect([...after][0]).not.toBe(oldRs);
});

test('the Add nodes menu adds GPU nodes with labels and taints through sim node add, and refuses a bad count', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const button = page.getByTestId('nodes-menu-button');
  await expect(button).toContainText('3 nodes');
  await button.click();
  await expect(page.getByTestId('nodes-name')).toHaveValue('w4');
  await page.getByTestId('nodes-count').fill('0');
  await expect(page.getByTestId('nodes-count-error')).toBeVisible();
  await expect(page.getByTestId('nodes-add')).toBeDisabled();

  await page.getByTestId('nodes-name').fill('g1');
  await page.getByTestId('nodes-count').fill('2');
  await page.getByTestId('nodes-cpu').fill('32');
  await page.getByTestId('nodes-gpus').fill('4');
  await page.getByTestId('nodes-labels').fill('pool=gpu');
  await page.getByTestId('nodes-taints').fill('dedicated=gpu:NoSchedule');
  await expect(page.getByTestId('nodes-preview')).toHaveText('sim node add g1 --cpu 32 --gpus 4 --labels pool=gpu --taints dedicated=gpu:NoSchedule\nsim node add g2 --cpu 32 --gpus 4 --labels pool=gpu --taints dedicated=gpu:NoSchedule');
  await page.screenshot({ path: '/tmp/page-nodes-menu.png' });
  await page.getByTestId('nodes-add').click();
  await expect(page.getByTestId('nodes-menu')).toHaveCount(0);
  await expect(page.getByTestId('terminal-output')).toContainText('sim node add g2 --cpu 32');
  await expect(page.getByTestId('node-card')).toHaveCount(5);
  const g2 = page.locator('[data-testid=node-card][data-node=g2]');
  await expect(g2.getByTestId('bar-gpus')).toHaveAttribute('data-total', '4');
  await expect(g2.getByTestId('bar-cpu')).toHaveAttribute('data-total', '32000');
  await expect(button).toContainText('5 nodes');
  await runInTerminal(page, 'kubectl get node g1 -o jsonpath={.spec.taints[0].key}');
  await expect(page.getByTestId('terminal-output')).toContainText('dedicated');
});
