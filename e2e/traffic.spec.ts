/// <reference lib="dom" />
// Traffic on the page: a source added from the traffic panel shows as animated edges on the map with rates, the
// panel charts the Service's requests/s and lists its endpoints; one traced request is drawn on the map hop by hop.
import { expect, test, type Page } from '@playwright/test';
import { engineApply } from './engine.ts';
import { WEB } from '../src/worker/testing/dataplaneFixtures.ts';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

/** The default cluster with the web Deployment's pods (and CoreDNS's) Running. */
async function webRunning(page: Page): Promise<void> {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineApply(page, WEB);
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3, 30_000);
}

test('traffic visible on the map; rates in the panel', async ({ page }) => {
  test.setTimeout(240_000);
  await webRunning(page);
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
  // Each endpoint's num_requests_waiting: a light load keeps the queue near empty, but it is measured.
  await expect(svc.getByTestId('endpoint-waiting')).toHaveText([/^\d+(\.\d+)?$/, /^\d+(\.\d+)?$/]);
  await svc.getByTestId('service-endpoints').screenshot({ path: '/tmp/page-traffic-endpoints.png' });

  await page.screenshot({ path: '/tmp/page-traffic.png' });
  await page.getByTestId('dock-traffic').click();
  await expect(badge).toBeVisible();
  await page.screenshot({ path: '/tmp/page-traffic-map.png' });
});

test("one request's path drawn on the map hop by hop, from the panel and from the terminal; a failure marked where it happened", async ({ page }) => {
  test.setTimeout(240_000);
  await webRunning(page);
  await page.getByTestId('time-pause').click();

  await page.getByTestId('dock-traffic').click();
  await page.getByTestId('trace-url').fill('http://web/');
  await page.getByTestId('trace-from').fill('client');
  await page.getByTestId('trace-run').click();
  await page.getByTestId('dock-traffic').click();

  // The path grows by itself; stepping back by hand stops it, so each step can be checked in order.
  const map = page.getByTestId('trace-map');
  const caption = page.getByTestId('trace-caption');
  await expect(map).toBeVisible();
  for (let i = 0; i < 8; i++) await page.getByTestId('trace-prev').click({ force: true });
  await expect(caption).toHaveAttribute('data-step', '1');
  await expect(caption).toContainText('Step 1 of 7 · Client');
  await expect(map.getByTestId('trace-hop')).toHaveCount(1);
  await expect(map.locator('[data-testid=trace-hop][data-step="1"]')).toHaveAttribute('data-pod', 'default/client');
  const captions = ['Client', 'DNS', 'DNS', 'kube-proxy', 'Service', 'Endpoint chosen', 'Pod'];
  for (let n = 2; n <= 4; n++) {
    await page.getByTestId('trace-next').click();
    await expect(caption).toContainText(`Step ${n} of 7 · ${captions[n - 1]}`);
    await expect(map.getByTestId('trace-hop')).toHaveCount(n);
  }
  await expect(map.locator('.trace-box')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/page-trace-step.png' });
  // Replay draws it again by itself, to the end.
  await page.getByTestId('trace-replay').click();
  await expect(caption).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await expect(caption).toContainText('The request succeeded');
  await expect(caption).toContainText('200 OK from pod default/web-');
  const kinds = await map.getByTestId('trace-hop').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
  expect(kinds).toEqual(['client', 'dns', 'dns', 'proxy', 'service', 'endpoint', 'pod']);
  const served = (await caption.locator('.trace-caption-text').innerText()).replace('200 OK from pod ', '');
  await expect(map.locator('[data-testid=trace-hop][data-kind=pod]')).toHaveAttribute('data-pod', served);
  await expect(map.getByTestId('trace-segment').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/page-trace-done.png' });
  await page.getByTestId('trace-dismiss').click();
  await expect(map).toHaveCount(0);

  // From the terminal: a name nobody serves fails at DNS, and the map marks the DNS step as where it failed.
  await runInTerminal(page, 'sim trace request http://nope/ --from client');
  await expect(page.getByTestId('terminal-output')).toContainText('result: curl: (6) Could not resolve host: nope');
  await expect(caption).toContainText('The request failed', { timeout: 30_000 });
  await expect(caption).toContainText('Could not resolve host: nope');
  await expect(map.locator('[data-testid=trace-hop][data-failed=true]')).toHaveAttribute('data-kind', 'dns');
  await page.screenshot({ path: '/tmp/page-trace-failed.png' });
  await page.keyboard.press('Escape');
  await expect(map).toHaveCount(0);
});
