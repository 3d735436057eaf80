/// <reference lib="dom" />
// GPUs on the map: a GPU node's slots fill as a GPU Deployment scales, and the cluster occupancy panel agrees.
import { expect, test } from '@playwright/test';
import { engineApply } from './engine.ts';
import { CUDA } from '../src/worker/testing/dataplaneFixtures.ts';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('GPU slots on the map fill as a GPU Deployment scales', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'sim node add g1 --gpus 4 --gpu-model A100-80GB');
  const strip = page.locator('[data-testid=gpu-strip][data-node=g1]');
  await expect(strip).toHaveAttribute('data-total', '4');
  await expect(strip.locator('[data-testid=gpu-slot][data-state=free]')).toHaveCount(4);

  await engineApply(page, CUDA(1));
  await page.getByTestId('time-play-100').click();
  await expect(strip).toHaveAttribute('data-held', '1', { timeout: 30_000 });
  await runInTerminal(page, 'kubectl scale deployment train --replicas=3');
  await expect(strip).toHaveAttribute('data-held', '3', { timeout: 30_000 });
  await page.getByTestId('time-pause').click();
  await expect(strip.locator('[data-testid=gpu-slot][data-state=held]')).toHaveCount(3);
  const holder = await strip.locator('[data-testid=gpu-slot][data-state=held]').first().getAttribute('title');
  expect(holder).toMatch(/A100-80GB[\s\S]*Healthy[\s\S]*default\/train-/);

  await page.getByTestId('dock-gpus').click();
  const panel = page.getByTestId('gpu-panel');
  await expect(panel).toHaveAttribute('data-held', '3');
  await expect(panel).toHaveAttribute('data-total', '4');
  await expect(panel.locator('[data-testid=gpu-node][data-node=g1] tbody tr')).toHaveCount(4);
  await page.screenshot({ path: '/tmp/page-gpu-slots.png' });
});
