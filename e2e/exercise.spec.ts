/// <reference lib="dom" />
// An exercise solved in the page: a student's variant from their name, a failing check in red with its reason,
// the solution typed in the terminal turning the checks green, the hint ladder, and progress kept across a reload.
import { expect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('solve an exercise step in the terminal; checks turn green; progress survives a reload', async ({ page }) => {
  test.setTimeout(240_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  await page.getByTestId('open-gallery').click();
  await expect(page.locator('[data-testid=gallery-item]').first()).toBeVisible();
  expect(await page.locator('[data-testid=gallery-item]').count()).toBeGreaterThanOrEqual(18);
  await page.getByTestId('student-name').fill('ada');
  await page.locator('[data-testid=gallery-item][data-id=desired-state] [data-testid=gallery-open]').click();
  const panel = page.getByTestId('exercise-panel');
  await expect(panel).toHaveAttribute('data-scenario', 'desired-state', { timeout: 60_000 });
  const variant = await page.getByTestId('exercise-variant').innerText();
  const app = /app=([a-z]+)/.exec(variant)?.[1];
  expect(app).toBeTruthy();
  await expect(page.getByTestId('exercise-goal').first()).toContainText(`named ${app}`);

  // Not solved yet: the check is red and says why.
  const declare = page.locator('[data-testid=exercise-step][data-step=declare]');
  await declare.getByTestId('exercise-check').click();
  await expect(declare.locator('[data-testid=exercise-check-result][data-pass=false]')).toHaveCount(1);
  await expect(declare.getByTestId('exercise-check-result')).toContainText(app!);
  await expect(declare).toContainText('Attempts: 1');

  // The nudge first, then the stronger hint.
  await declare.getByTestId('exercise-hint-button').click();
  await expect(declare.getByTestId('exercise-hint')).toHaveCount(1);

  await runInTerminal(page, `kubectl create deployment ${app} --image=nginx:1.27 --replicas=3`);
  await runInTerminal(page, 'sim advance 30s');
  await expect(declare).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(declare.locator('[data-testid=exercise-check-result][data-pass=true]')).toHaveCount(1);
  await expect(declare.locator('.check-pass')).toHaveCSS('color', 'rgb(19, 122, 58)');
  const next = page.locator('[data-testid=exercise-step][data-step=self-heal]');
  await expect(next).toHaveAttribute('data-state', 'current');
  await page.screenshot({ path: test.info().outputPath('exercise-green.png') });

  await page.reload();
  await expect(page.getByTestId('exercise-panel')).toHaveAttribute('data-scenario', 'desired-state', { timeout: 60_000 });
  await expect(page.locator('[data-testid=exercise-step][data-step=declare]')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[data-testid=exercise-step][data-step=declare]')).toContainText('Attempts: 1 · Hints used: 1');
  await expect(page.locator('[data-testid=exercise-step][data-step=self-heal]')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('exercise-variant')).toHaveText(variant);
  // The cluster came back too: restoring it after a reload waits, like the panel above, on a busy machine.
  await expectTiles(page, {}, 3, 60_000);
});
