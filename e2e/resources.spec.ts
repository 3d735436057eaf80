/// <reference lib="dom" />
// The resource browser: kubectl get's columns per kind, sorting, filtering, virtualized rows, and a row
// opening the object in the detail drawer.
import { expect, test } from '@playwright/test';
import { editorReady, expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('browse resources as kubectl tables, sort, filter, open one in the drawer', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click(); // the sample Deployment: 3 replicas
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);

  await page.getByTestId('view-resources').click();
  const browser = page.getByTestId('resource-browser');
  await expect(browser).toHaveAttribute('data-kind', 'Pod');
  await expect(page.getByTestId('resource-header')).toHaveText(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);

  // Deployments: kubectl's READY UP-TO-DATE AVAILABLE columns.
  await page.getByTestId('resource-kind').selectOption('Deployment');
  await expect(page.getByTestId('resource-header')).toHaveText(['NAMESPACE', 'NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
  const web = page.locator('[data-testid=resource-row][data-key="default/web"]');
  await expect(web).toContainText('3/3');

  // Many pods: the rows are virtualized, sorting and filtering work on all of them.
  await runInTerminal(page, 'kubectl scale deployment web --replicas=60');
  await page.getByTestId('resource-kind').selectOption('Pod');
  await page.getByTestId('resource-filter').fill('web-');
  await expect(page.getByTestId('resource-count')).toHaveText('60 rows');
  const rendered = await page.getByTestId('resource-row').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(50);

  await page.getByTestId('resource-header').filter({ hasText: 'NAME' }).nth(1).click(); // NAME (not NAMESPACE)
  const names = await page.getByTestId('resource-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!));
  expect(names).toEqual([...names].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare));
  await page.getByTestId('resource-header').filter({ hasText: 'NAME' }).nth(1).click();
  const desc = await page.getByTestId('resource-row').first().getAttribute('data-key');
  expect(desc! > names[0]).toBe(true);

  // Scroll to the end: the last rows are rendered on demand.
  await page.getByTestId('resource-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.locator(`[data-testid=resource-row][data-key="${names[0]}"]`)).toBeVisible();

  // A row opens the object in the drawer.
  await page.getByTestId('resource-kind').selectOption('Deployment');
  await page.getByTestId('resource-filter').fill('');
  await web.click();
  await expect(page.getByTestId('detail-drawer')).toHaveAttribute('data-kind', 'Deployment');
  await expect(page.getByTestId('drawer-text')).toContainText(/Replicas:\s+60 desired/);
  await page.getByTestId('drawer-tab-yaml').click();
  await expect(page.getByTestId('drawer-text')).toContainText('kind: Deployment');
  await expect(web).toHaveAttribute('aria-selected', 'true');

  // Chinese labels.
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('view-resources')).toHaveText('资源');
  await expect(page.getByTestId('drawer-tab-describe')).toHaveText('描述');
  await page.screenshot({ path: '/tmp/page-resources.png' });
});
