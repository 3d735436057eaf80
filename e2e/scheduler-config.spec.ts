/// <reference lib="dom" />
// The scheduler configuration editor: a bad KubeSchedulerConfiguration is refused with the engine's message
// and the running one kept; MostAllocated instead of LeastAllocated changes where the next pods land.
import { expect, test, type Page } from '@playwright/test';
import { clickTile, drawnTiles, editorReady, expectClusterShown, runInTerminal } from './helpers.ts';

const MOST_ALLOCATED = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      disabled:
      - name: PodTopologySpread
      - name: NodeResourcesBalancedAllocation
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
        resources:
        - name: cpu
          weight: 1
        - name: memory
          weight: 1
`;

const BAD_WEIGHT = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      enabled:
      - name: NodeResourcesFit
        weight: 500
`;

async function nodesOf(page: Page, owner: string): Promise<string[]> {
  const tiles = await drawnTiles(page, (t) => t.owner.startsWith(`${owner}-`) && t.tone === 'running');
  return tiles.map((t) => t.node);
}

test('a scheduler configuration from the page: refused when bad, and MostAllocated packs the next pods', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);

  // With the default LeastAllocated scoring and topology spreading, replicas spread over the nodes.
  await runInTerminal(page, 'kubectl create deployment spread --image=nginx:1.27 --replicas=3');
  await page.getByTestId('time-play-100').click();
  await expect.poll(async () => (await nodesOf(page, 'spread')).length).toBe(3);
  expect(new Set(await nodesOf(page, 'spread')).size).toBeGreaterThan(1);
  await page.getByTestId('time-pause').click();

  // The running configuration is shown.
  await page.getByTestId('side-scheduler').click();
  const text = page.getByTestId('scheduler-editor').locator('textarea');
  await expect(text).toHaveValue(/kind: KubeSchedulerConfiguration/);
  const running = await text.inputValue();

  // A weight out of range is refused with the engine's message; the running configuration stays.
  await text.fill(BAD_WEIGHT);
  await page.getByTestId('scheduler-apply').click();
  const result = page.getByTestId('scheduler-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('invalid scheduler configuration, keeping the running one');
  await expect(result).toContainText('weight: Invalid value: 500: must be in the range [0, 100]');
  await page.getByTestId('scheduler-reload').click();
  await expect(text).toHaveValue(running);

  // MostAllocated: the next deployment's pods all go to one node.
  await text.fill(MOST_ALLOCATED);
  await text.press('Control+Enter');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('scheduler configuration loaded');
  await page.getByTestId('scheduler-reload').click();
  await expect(text).toHaveValue(/type: MostAllocated/);

  await runInTerminal(page, 'kubectl create deployment packed --image=nginx:1.27 --replicas=4');
  await page.getByTestId('time-play-100').click();
  await expect.poll(async () => (await nodesOf(page, 'packed')).length).toBe(4);
  expect(new Set(await nodesOf(page, 'packed')).size).toBe(1);

  // The explanation shows the configured scoring: NodeResourcesFit scores, no PodTopologySpread column.
  await clickTile(page, { owner: /^packed-/ });
  await page.getByTestId('drawer-tab-scheduling').click();
  await expect(page.getByTestId('explain-table')).toContainText('NodeResourcesFit');
  await expect(page.getByTestId('explain-table')).not.toContainText('PodTopologySpread');
  await page.screenshot({ path: '/tmp/page-scheduler-config.png' });
});
