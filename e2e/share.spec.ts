/// <reference lib="dom" />
// Share links: a link made in one browser opens the same scenario in a fresh one (after a preview), and a
// tampered, foreign or invalid link is refused with a message, leaving the cluster alone.
import { expect, test, type Page } from '@playwright/test';
import { expectClusterShown } from './helpers.ts';
import { encodeShareHash } from '../src/share/codec.ts';

async function openFromGallery(page: Page, id: string) {
  await page.getByTestId('open-gallery').click();
  await page.locator(`[data-testid=gallery-item][data-id=${id}] [data-testid=gallery-open]`).click();
  await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-scenario', id, { timeout: 60_000 });
}

test('a shared link opens the same scenario in a fresh browser context', async ({ page, browser }) => {
  test.setTimeout(240_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  await openFromGallery(page, 'node-failure');
  await expect(page.getByTestId('node-card')).toHaveCount(4);
  const goal = await page.getByTestId('exercise-goal').first().innerText();
  await page.getByTestId('open-share').click();
  await page.getByTestId('share-make-link').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  // A preview first: nothing is replaced before the student says so.
  await expect(other.getByTestId('share-preview-title')).toHaveAttribute('data-id', 'node-failure');
  await expect(other.getByTestId('share-preview-nodes')).toHaveText('4');
  await expect(other.getByTestId('share-preview-snapshot')).toHaveText('no');
  await expect(other.getByTestId('node-card')).toHaveCount(3);
  await other.getByTestId('share-load').click();
  await expect(other.getByTestId('exercise-panel')).toHaveAttribute('data-scenario', 'node-failure', { timeout: 60_000 });
  await expect(other.getByTestId('node-card')).toHaveCount(4);
  await expect(other.getByTestId('exercise-goal').first()).toHaveText(goal);
  expect(new URL(other.url()).hash).toBe(''); // a reload does not ask again
  await other.screenshot({ path: test.info().outputPath('share-landed.png') });
  await context.close();
});

test('a tampered, foreign or invalid link is refused with a message', async ({ page }) => {
  test.setTimeout(240_000); // long journeys on a busy machine
  const good = encodeShareHash({ scenario: 'apiVersion: kubesim.io/v1alpha1\nkind: Scenario\n' });
  const cases: [string, RegExp][] = [
    [`share=${good.slice(6, 12)}!!${good.slice(12)}`, /characters a share link never has/],
    [`share=${good.slice(6, good.length - 8)}`, /damaged/],
    [`share=${'B'.repeat(40)}`, /newer kubesim|unknown format|damaged/],
    [good, /The scenario is invalid/],
  ];
  await page.goto('/');
  await expectClusterShown(page, 3);
  for (const [hash, message] of cases) {
    await page.goto(`/#${hash}`);
    await expect(page.getByTestId('share-refused-message')).toHaveText(message);
    await expect(page.getByTestId('share-load')).toHaveCount(0);
    await page.getByTestId('dialog-close').click();
    await expect(page.getByTestId('share-refused')).toHaveCount(0);
  }
  await page.goto(`/#${encodeShareHash({ scenario: 'a: 1' })}`);
  await expect(page.getByTestId('share-refused-message')).toContainText('is invalid');
  await page.screenshot({ path: test.info().outputPath('share-refused.png') });
  await expect(page.getByTestId('node-card')).toHaveCount(3); // the cluster is untouched
});
