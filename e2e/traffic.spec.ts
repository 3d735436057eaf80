/// <reference lib="dom" />
// Traffic on the page: a source added from the traffic panel shows as animated edges on the map with rates, the
// panel charts the Service's requests/s, lists its endpoints, and draws one request's path step by step.
import { expect, test } from '@playwright/test';
import { engineApply } from './engine.ts';
import { WEB } from '../src/worker/testing/dataplaneFixtures.ts';
import { podTiles } from './helpers.ts';

test('traffic visible on the map; rates in the panel', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await engineApply(page, WEB);
  await page.getByTestId('time-play-100').click();
  await expect(podTiles(page, 'running')).toHaveCount(3, { timeout: 30_000 });
  await page.getByTestId('time-play-1').click();

  await page.getByTestId('dock-traffic').click();
  await page.getByTestId('traffic-url').fill('http://web/');
  await page.getByTestId('traffic-rps').fill('40');
  await page.getByTestId('traffic-from').fill('client');
  await page.getByTestId('traffic-add').click();
  await expect(page.locator('[data-testid=traffic-source][data-name=load]')).toBeVisible();

  // The map: a badge for the Service and an edge to each of its two pods, with a rate.
  const badge = page.locator('[data-testid=traffic-badge][data-service="default/web"]');
  await expect(badge).toBeVisible({ timeout: 30_000 });
  await expect(badge.locator('[data-testid=traffic-edge]')).toHaveCount(2);
  await expect(badge.locator('[data-testid=traffic-edge][data-tone=ok]')).toHaveCount(2);
  await expect(badge.locator('text.traffic-rate').first()).toHaveText(/^\d+(\.\d+)?\/s$/);

  // The panel: requests/s near the source's rate, a chart, and the endpoints.
  const svc = page.locator('[data-testid=traffic-service][data-service="default/web"]');
  await expect(svc.getByTestId('traffic-stats')).toContainText('req/s');
  await expect.poll(async () => Number(await svc.getAttribute('data-rps'))).toBeGreaterThan(30);
  await expect(svc.locator('[data-testid=traffic-chart] canvas')).toHaveCount(1);
  await svc.locator('.traffic-service-head').click();
  await expect(svc.locator('[data-testid=endpoint-row][data-ready=true]')).toHaveCount(2);

  await page.getByTestId('trace-url').fill('http://web/');
  await page.getByTestId('trace-from').fill('client');
  await page.getByTestId('trace-run').click();
  await expect(page.getByTestId('trace-result')).toContainText('200 OK from pod default/web-', { timeout: 20_000 });
  expect(await page.getByTestId('trace-step').count()).toBeGreaterThan(2);
  await page.screenshot({ path: '/tmp/page-traffic.png' });
  await page.getByTestId('dock-traffic').click();
  await expect(badge).toBeVisible();
  await page.screenshot({ path: '/tmp/page-traffic-map.png' });
});
