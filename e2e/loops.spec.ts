/// <reference lib="dom" />
// The Control loops view: scale a Deployment and watch the ReplicaSet controller's informer deliver the change,
// its workqueue take the key, and a reconcile write the new Pods.
import { expect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('the ReplicaSet controller loop: informer → workqueue → reconcile with writes', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=3');
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3, 60_000);
  await page.getByTestId('time-play-10').click();

  await page.getByTestId('view-loops').click();
  const view = page.getByTestId('loops-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('loops-controller')).toHaveValue('replicaset-controller');
  await expect(page.getByTestId('loops-resync')).toContainText(/next resync in \d+ s/, { timeout: 30_000 });

  await runInTerminal(page, 'kubectl scale deployment web --replicas=5');
  const events = page.getByTestId('loops-events');
  await expect(events).toContainText(/informer update ReplicaSet default\/web-\w+ \(watch\)/, { timeout: 30_000 });
  await expect(events).toContainText(/queue add default\/web-\w+ \(depth \d+\)/);
  const writes = page.getByTestId('loops-writes').filter({ hasText: /create Pod default\/web-/ });
  await expect(writes.first()).toBeVisible();
  await expect(page.getByTestId('loops-token-api')).toBeVisible();

  await page.screenshot({ path: 'test-results/loops.png', fullPage: false });

  // Follow the ReplicaSet's key: only its events remain.
  const key = (await events.textContent())!.match(/default\/web-[a-z0-9]+(?=[ )])/)![0];
  await page.getByTestId('loops-follow').fill(key);
  await expect(page.getByTestId('loops-sync').first()).toContainText(key);
  await expect(events).not.toContainText('coredns');
});
