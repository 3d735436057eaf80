/// <reference lib="dom" />
// The detail drawer's scheduling explanation: why a pod is Pending (or on its node), node by node, with the
// map highlighting the verdicts while the drawer is open.
import { expect, test } from '@playwright/test';
import { clickTile, expectClusterShown, expectTiles, firstTile, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const podYaml = (name: string, cpu: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: "${cpu}"
`;

test('a Pending pod explains itself node by node, and the map shows why', async ({ page }) => {
  test.setTimeout(180_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);

  // Cordon w3 from its node menu: the terminal shows the command it stands for.
  await page.locator('[data-testid=node-card][data-node=w3] [data-testid=node-menu-button]').click();
  await expect(page.getByTestId('node-menu')).toBeVisible();
  await page.getByTestId('node-action-cordon').click();
  await expect(page.getByTestId('terminal-output')).toContainText('kubectl cordon w3');
  await expect(page.getByTestId('terminal-output')).toContainText('node/w3 cordoned');
  await expect(page.locator('[data-testid=node-card][data-node=w3]')).toHaveAttribute('data-unschedulable', 'true');

  // A pod that asks for more CPU than any node has.
  await setEditorText(page, podYaml('huge', '6'));
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('pod/huge created');
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { pod: 'huge', node: '' }, 1); // in the unscheduled lane
  await expect(page.getByTestId('event-list')).toContainText('FailedScheduling');
  // Stand still while reading the explanation: 100× for the rest of the journey only loads a busy machine.
  await page.getByTestId('time-pause').click();

  await clickTile(page, { pod: 'huge' });
  const drawer = page.getByTestId('detail-drawer');
  await expect(drawer).toHaveAttribute('data-name', 'huge');
  await expect(page.getByTestId('drawer-body')).toHaveAttribute('data-tab', 'scheduling');
  await expect(page.getByTestId('explain-result')).toHaveText('Unschedulable');
  await expect(page.getByTestId('explain-message')).toContainText('0/3 nodes are available');
  const rows = page.getByTestId('explain-row');
  await expect(rows).toHaveCount(3);
  for (const n of ['w1', 'w2']) {
    const row = page.locator(`[data-testid=explain-row][data-node=${n}]`);
    await expect(row).toHaveAttribute('data-state', 'rejected');
    await expect(row).toContainText('NodeResourcesFit');
    await expect(row).toContainText('Insufficient cpu');
  }
  await expect(page.locator('[data-testid=explain-row][data-node=w3]')).toContainText('NodeUnschedulable');

  // The map marks every node as filtered, with the plugin and the reason.
  const w1 = page.locator('[data-testid=node-card][data-node=w1]');
  await expect(w1).toHaveAttribute('data-verdict', 'rejected');
  await expect(w1.getByTestId('node-verdict')).toContainText('NodeResourcesFit: Insufficient cpu');
  await expect(page.locator('[data-testid=node-card][data-node=w3] [data-testid=node-verdict]')).toContainText('NodeUnschedulable');
  await expectTiles(page, (t) => t.pod === 'huge' && t.selected, 1);
  await page.screenshot({ path: '/tmp/page-scheduling-pending.png' });

  // The other tabs run kubectl for the pod.
  await page.getByTestId('drawer-tab-describe').click();
  await expect(page.getByTestId('drawer-text')).toContainText(/Status:\s+Pending/);
  await page.getByTestId('drawer-tab-events').click();
  await expect(page.getByTestId('drawer-text')).toContainText('FailedScheduling');
  await page.getByTestId('drawer-tab-yaml').click();
  await expect(page.getByTestId('drawer-text')).toContainText('kind: Pod');

  // In Chinese too.
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('drawer-tab-scheduling')).toHaveText('调度');
  await page.getByTestId('drawer-tab-scheduling').click();
  await expect(page.getByTestId('explain')).toContainText('结果');
  await page.getByTestId('lang-en').click();

  // Closing the drawer clears the map's highlight.
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(w1).toHaveAttribute('data-verdict', '');
});

test('a scheduled pod shows its scores and the chosen node', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  await setEditorText(page, podYaml('small', '500m'));
  await page.getByTestId('apply').click();
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, (t) => t.pod === 'small' && t.node !== '', 1); // on a node
  const { node } = await firstTile(page, { pod: 'small' });

  await clickTile(page, { pod: 'small' });
  await page.getByTestId('drawer-tab-scheduling').click();
  await expect(page.getByTestId('explain-result')).toHaveText('Scheduled');
  await expect(page.getByTestId('explain')).toHaveAttribute('data-node', node);
  await expect(page.locator(`[data-testid=explain-row][data-node=${node}]`)).toHaveAttribute('data-state', 'chosen');
  await expect(page.getByTestId('explain-table')).toContainText('NodeResourcesFit');
  await expect(page.getByTestId('explain-table')).toContainText('TaintToleration');
  await expect(page.locator(`[data-testid=node-card][data-node=${node}]`)).toHaveAttribute('data-verdict', 'chosen');
  await expectTiles(page, {}, 1);
  await page.screenshot({ path: '/tmp/page-scheduling-scheduled.png' });
});
