/// <reference lib="dom" />
// Teacher mode: build an exercise from the current cluster (pick objects, write a goal, a check and a hint), preview
// it as a student, make a link, and open the link in a fresh browser context to find the same exercise there.
import { expect, test } from '@playwright/test';
import { engineApply } from './engine.ts';
import { expectClusterShown, expectTiles, webDeployment } from './helpers.ts';

test('a teacher builds an exercise from the cluster, previews it as a student and shares it by link', async ({ page, browser }) => {
  test.setTimeout(480_000); // a long journey, and two browsers, on a busy machine
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineApply(page, webDeployment(2));
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 2, 30_000);
  await page.getByTestId('time-pause').click();

  // Build: the web Deployment from the cluster, one step "scale to 3" checked by podsReady, with a nudge.
  await page.getByTestId('open-teacher').click();
  const dialog = page.getByTestId('teacher-dialog');
  const web = dialog.locator('[data-testid=teacher-object][data-key="Deployment/default/web"]');
  await expect(web).toBeVisible({ timeout: 30_000 });
  await web.check();
  await dialog.getByTestId('teacher-name').fill('scale-web');
  await dialog.getByLabel('Title (English)').fill('Scale the web tier');
  await dialog.getByLabel('Description (English)').fill('The shop expects more visitors.');
  await dialog.getByLabel('Goal (English)').fill('Run three ready web pods.');
  await dialog.getByLabel('Hint 1: a nudge').fill('Which field of a Deployment says how many pods it wants?');
  await expect(dialog.getByTestId('teacher-check-body')).toHaveValue('{ owner: deployment/web, count: 3 }');
  await dialog.getByTestId('teacher-solution').fill('kubectl scale deployment web --replicas=3');

  // A link, made from the same draft (checked by the worker's scenario validator first).
  await dialog.getByTestId('teacher-link').click();
  const link = await dialog.getByTestId('teacher-link-text').inputValue();
  expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/);
  await expect(dialog.getByTestId('teacher-error')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/page-teacher-dialog.png' });

  // Preview as a student: the exercise opens here; its check fails with two pods and the hint ladder gives the nudge.
  await dialog.getByTestId('teacher-preview').click();
  const panel = page.getByTestId('exercise-panel');
  await expect(panel).toHaveAttribute('data-scenario', 'scale-web', { timeout: 60_000 });
  await expect(panel.getByTestId('exercise-title')).toHaveText('Scale the web tier');
  await expect(panel.getByTestId('exercise-goal').first()).toHaveText('Run three ready web pods.');
  await panel.getByTestId('exercise-check').click();
  await expect(panel.locator('[data-testid=exercise-check-result][data-pass=false]')).toHaveCount(1);
  await panel.getByTestId('exercise-hint-button').click();
  await expect(panel.getByTestId('exercise-hint').first()).toHaveText('Which field of a Deployment says how many pods it wants?');

  // The link in a fresh browser: a preview, then the same exercise with the Deployment from the teacher's cluster.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link, { waitUntil: 'commit', timeout: 120_000 });
  await expect(other.getByTestId('share-preview-title')).toHaveAttribute('data-id', 'scale-web', { timeout: 60_000 });
  await expect(other.getByTestId('share-preview-title')).toHaveText('Scale the web tier');
  await expect(other.getByTestId('share-preview-nodes')).toHaveText('3');
  await other.getByTestId('share-load').click();
  const otherPanel = other.getByTestId('exercise-panel');
  await expect(otherPanel).toHaveAttribute('data-scenario', 'scale-web', { timeout: 60_000 });
  await expect(otherPanel.getByTestId('exercise-goal').first()).toHaveText('Run three ready web pods.');
  await other.getByTestId('time-play-100').click();
  await expectTiles(other, { tone: 'running' }, 2, 30_000);
  await other.getByTestId('time-pause').click();
  await other.screenshot({ path: '/tmp/page-teacher-student.png' });
  await context.close();
});
