/// <reference lib="dom" />
// Issue 7's last editor journeys: close a tab with × (and reopen it), drag a tab to a new place and find it there
// after a reload, and markers from a server dry run while typing that leave the cluster as it was.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { NEW_DOCUMENT_TEXT } from '../src/storage/defaults.ts';
import type { EngineClient } from '../src/worker/client.ts';
import { editorReady, editorText, expectClusterShown, setEditorText, webDeployment } from './helpers.ts';

type TestWindow = { __kubesimEngine: EngineClient };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// A shared machine: Monaco's chunk alone can take many seconds to parse under load.
const expect = baseExpect.configure({ timeout: 60_000 });
test.beforeEach(() => test.setTimeout(300_000));

const tabNames = (page: Page) => page.getByTestId('doc-tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-name')));

test('× closes a tab from the keyboard, Reopen brings it back, closing the last leaves a fresh document', async ({ page }) => {
  await page.goto('/');
  await editorReady(page);
  await page.getByTestId('doc-new').click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  await setEditorText(page, 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n');
  await expect(page.getByTestId('editor-host')).toContainText('name: shop');

  const close = page.getByRole('button', { name: 'Close untitled-1.yaml' });
  await close.focus();
  await page.getByTestId('editor-panel').screenshot({ path: 'test-results/editor-tabs-close.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('doc-tab')).toHaveCount(1);
  await expect(page.getByTestId('doc-active-name')).toHaveText('web-deployment.yaml');

  await page.getByTestId('doc-reopen').click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  expect(await tabNames(page)).toEqual(['web-deployment.yaml', 'untitled-1.yaml']);
  await expect(page.getByTestId('doc-active-name')).toHaveText('untitled-1.yaml');
  expect(await editorText(page)).toContain('name: shop');
  await expect(page.getByTestId('doc-reopen')).toHaveCount(0);

  for (const name of ['untitled-1.yaml', 'web-deployment.yaml']) await page.getByRole('button', { name: `Close ${name}` }).click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(1);
  await expect(page.getByTestId('doc-active-name')).toHaveText(/^untitled-\d+\.yaml$/);
  await expect(page.getByTestId('editor-host')).toContainText(NEW_DOCUMENT_TEXT.split('\n')[1]); // kind: Pod, the empty skeleton
  await expect(page.getByTestId('doc-reopen')).toContainText('web-deployment.yaml');
});

test('a tab dragged before the first keeps its place across a reload', async ({ page }) => {
  await page.goto('/');
  await editorReady(page);
  await page.getByTestId('doc-new').click();
  await page.getByTestId('doc-new').click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(3);
  expect(await tabNames(page)).toEqual(['web-deployment.yaml', 'untitled-1.yaml', 'untitled-2.yaml']);

  const first = page.getByTestId('doc-tab-wrap').first();
  const box = (await first.boundingBox())!;
  await page.locator('[data-testid=doc-tab-wrap]', { has: page.locator('[data-name="untitled-2.yaml"]') })
    .dragTo(first, { targetPosition: { x: 4, y: box.height / 2 } });
  await expect.poll(() => tabNames(page)).toEqual(['untitled-2.yaml', 'web-deployment.yaml', 'untitled-1.yaml']);
  await page.getByTestId('editor-panel').screenshot({ path: 'test-results/editor-tabs-dragged.png' });

  await page.reload();
  await editorReady(page);
  await expect(page.getByTestId('doc-tab')).toHaveCount(3);
  expect(await tabNames(page)).toEqual(['untitled-2.yaml', 'web-deployment.yaml', 'untitled-1.yaml']);
});

test('an invalid field gets a marker from the server dry run while typing, gone when fixed; the cluster is unchanged', async ({ page }) => {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await editorReady(page);
  const engine = (line: string) => page.evaluate((l) => (window as unknown as TestWindow).__kubesimEngine.exec(l), line);
  const objects = async () => (await engine('kubectl get deployments,replicasets,pods -A -o name')).stdout;
  const before = await objects();

  const squiggles = page.locator('[data-testid=editor-host] .squiggly-error');
  await setEditorText(page, webDeployment(-1));
  await expect(squiggles.first()).toBeVisible(); // no Apply: the schema allows -1, the API server does not
  // Monaco's text layer lies over its decorations: point at the squiggle rather than hover the element.
  const mark = (await squiggles.first().boundingBox())!;
  await page.mouse.move(mark.x + Math.min(mark.width / 2, 40), mark.y + mark.height / 2);
  await expect(page.locator('.monaco-hover', { hasText: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0' }).first()).toBeVisible();
  await page.getByTestId('editor-panel').screenshot({ path: 'test-results/editor-dryrun-marker.png' });

  // The marker's hover lies over the first lines, where setEditorText clicks: the editor still has the focus, so
  // select all and paste from the keyboard.
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => navigator.clipboard.writeText(t), webDeployment(2));
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('editor-host')).toContainText('replicas: 2');
  await expect(squiggles).toHaveCount(0);
  await expect(page.getByTestId('apply-result')).toHaveCount(0); // nothing was applied
  expect(await objects()).toBe(before);
  expect((await engine('kubectl get deployment web')).stderr).toContain('deployments.apps "web" not found');
});
