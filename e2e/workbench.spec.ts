/// <reference lib="dom" />
// Issue 7's journeys: the diff preview before Apply, templates, a second document and workspace kept across a
// reload, get -w streaming, scrubbing the timeline back and resuming, spec vs status, related objects and the
// last change.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { EngineClient } from '../src/worker/client.ts';
import { clickTile, expectClusterShown, expectTiles, runInTerminal, setEditorText, webDeployment } from './helpers.ts';

/** The page's engine client (the page sets it with ?test). */
type TestWindow = { __kubesimEngine: EngineClient };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// The shared machine runs many suites at once: waits get a minute, not the default quarter of one.
const expect = baseExpect.configure({ timeout: 60_000 });
/** The same minute for the tile helpers, which wait with the base expect. */
const WAIT = 60_000;
// Long journeys on a shared machine: Monaco's chunk alone can take ten seconds to parse under load.
test.beforeEach(() => test.setTimeout(180_000));

/** The editor is usable: Monaco, or the plain editor that stands in while Monaco's chunk loads. */
async function monaco(page: Page) {
  await expect(page.getByTestId('editor-host').getByTestId('yaml-editor').first()).toHaveAttribute('data-ready', 'true');
}


async function deployWeb(page: Page, replicas: number) {
  await setEditorText(page, webDeployment(replicas));
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('deployment.apps/web created');
}

test('diff preview shows what Apply would change, then Apply or Cancel', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  await deployWeb(page, 2);
  await setEditorText(page, webDeployment(4));
  await page.getByTestId('diff').click();
  const preview = page.getByTestId('diff-preview');
  await expect(preview).toHaveAttribute('data-code', '1');
  await expect(preview.locator('[data-diff=del]', { hasText: 'replicas: 2' })).toBeVisible();
  await expect(preview.locator('[data-diff=add]', { hasText: 'replicas: 4' })).toBeVisible();
  await expect(preview).toContainText('/tmp/LIVE-0/apps.v1.Deployment.default.web');
  await page.screenshot({ path: 'test-results/workbench-diff.png' });

  await page.getByTestId('diff-cancel').click();
  await expect(preview).toHaveCount(0);
  await runInTerminal(page, 'kubectl get deployment web -o jsonpath={.spec.replicas}');
  await expect(page.locator('[data-testid=terminal-line][data-kind=out]').last()).toHaveText('2');

  await page.getByTestId('diff').click();
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('deployment.apps/web configured');
  await page.getByTestId('diff').click();
  await expect(page.getByTestId('diff-nochange')).toBeVisible();
});

test('a template opens as a new document and applies cleanly', async ({ page }) => {
  await page.goto('/');
  await monaco(page);
  await page.getByTestId('template-menu').click();
  await page.locator('[data-testid=template-item][data-kind=ConfigMap]').click();
  await expect(page.getByTestId('doc-active-name')).toHaveText('configmap-1.yaml');
  await monaco(page);
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('configmap/app-config created');
});

test('a second document and a second workspace are kept across a reload', async ({ page }) => {
  test.setTimeout(300_000); // two page loads with Monaco and a dozen steps: over three minutes on a loaded machine
  await page.goto('/');
  await monaco(page);
  await page.getByTestId('doc-new').click();
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  await setEditorText(page, 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n');
  // Move it before the sample.
  await page.getByTestId('doc-move-left').click();
  await expect(page.getByTestId('doc-tab').first()).toHaveAttribute('data-name', 'untitled-1.yaml');

  await page.getByTestId('workspace-new').click();
  await expect(page.locator('[data-testid=workspace-select] option')).toHaveCount(2);
  await expect(page.getByTestId('doc-tab')).toHaveCount(1);
  await page.getByTestId('workspace-rename').click();
  await page.getByTestId('workspace-rename-input').fill('staging');
  await page.getByTestId('workspace-rename-input').press('Enter');
  await setEditorText(page, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: staging-only\n');
  await expect(page.getByTestId('editor-host')).toContainText('staging-only');

  await page.reload();
  await monaco(page);
  await expect(page.getByTestId('workspace-select').locator('option:checked')).toHaveText('staging');
  await expect(page.getByTestId('editor-host')).toContainText('staging-only');
  await page.getByTestId('workspace-select').selectOption({ label: 'default' });
  await expect(page.getByTestId('doc-tab')).toHaveCount(2);
  await expect(page.getByTestId('doc-tab').first()).toHaveAttribute('data-name', 'untitled-1.yaml');
  await page.getByTestId('doc-tab').first().click();
  await monaco(page);
  await expect(page.getByTestId('editor-host')).toContainText('name: shop');
});

test('kubectl get pods -w streams a row per change while a Deployment scales, until Ctrl+C', async ({ page }) => {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await deployWeb(page, 1);
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, { tone: 'running' }, 1, WAIT);

  await runInTerminal(page, 'kubectl get pods -w');
  const out = page.getByTestId('terminal-output');
  await expect(page.locator('.terminal-input-row')).toHaveAttribute('data-streaming', 'true');
  await expect(out).toContainText(/NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE/);
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.exec('kubectl scale deployment web --replicas=3'));
  // New pods stream in: Pending first, then Running, each as its own row under the one header.
  await expect(out).toContainText(/web-\S+\s+0\/1\s+Pending/);
  await expect.poll(async () => (await out.innerText()).match(/web-\S+\s+1\/1\s+Running/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  expect((await out.innerText()).match(/NAME\s+READY/g)).toHaveLength(1);
  await page.screenshot({ path: 'test-results/workbench-watch.png' });

  await page.getByTestId('terminal-input').press('Control+c');
  await expect(page.locator('.terminal-input-row')).toHaveAttribute('data-streaming', 'false');
  await expect(out).toContainText('^C');
  const rows = (await out.innerText()).split('\n').length;
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.exec('kubectl scale deployment web --replicas=1'));
  await expectTiles(page, {}, 1, WAIT);
  expect((await out.innerText()).split('\n').length).toBe(rows);

  // -o jsonpath prints only the template's text: with no "\n" in it, each change runs on in the same line.
  await runInTerminal(page, "kubectl get deployment web -w -o jsonpath='{.spec.replicas}'");
  const last = page.locator('[data-testid=terminal-line][data-kind=out]').last();
  await expect(last).toHaveText('1');
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.exec('kubectl scale deployment web --replicas=2'));
  await expect(last).toHaveText(/^12+$/);
  await page.getByTestId('terminal-input').press('Control+c');
});

test('scrub the timeline back to see the past read-only, then resume live', async ({ page }) => {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await deployWeb(page, 2);
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, { tone: 'running' }, 2, WAIT);
  const before = await page.evaluate(async () => (await (window as unknown as TestWindow).__kubesimEngine.timeline()).liveMs);
  await page.waitForTimeout(1000); // ten virtual seconds between the moment kept and the scale-up
  await runInTerminal(page, 'kubectl scale deployment web --replicas=4');
  await expectTiles(page, { tone: 'running' }, 4, WAIT);

  await page.getByTestId('timeline-slider').fill(String(before));
  const banner = page.getByTestId('past-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Viewing T−\d+s/);
  await expectTiles(page, {}, 2, WAIT);
  await runInTerminal(page, 'kubectl get deployment web');
  await expect(page.getByTestId('terminal-output')).toContainText(/web\s+2\/2/);
  await runInTerminal(page, 'kubectl scale deployment web --replicas=1');
  await expect(page.getByTestId('terminal-output')).toContainText('(read-only): resume the live cluster to run "kubectl scale"');
  await page.screenshot({ path: 'test-results/workbench-past.png' });

  await page.getByTestId('timeline-resume').click();
  await expect(banner).toHaveCount(0);
  await expectTiles(page, { tone: 'running' }, 4, WAIT);
});

test('the drawer: spec vs status, related objects (clickable) and the last change', async ({ page }) => {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await deployWeb(page, 2);
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, { tone: 'running' }, 2, WAIT);
  await page.getByTestId('time-pause').click();
  await clickTile(page, { tone: 'running' }, WAIT);
  const drawer = page.getByTestId('detail-drawer');
  await expect(drawer).toHaveAttribute('data-kind', 'Pod');

  await page.getByTestId('drawer-tab-specstatus').click();
  await expect(page.getByTestId('specstatus-reconcilers')).toContainText(/kubelet on w\d/);
  await expect(page.locator('[data-testid=specstatus-row][data-observed-path="status.containerStatuses[nginx].state"]')).toContainText('running, ready');

  await page.getByTestId('drawer-tab-related').click();
  await expect(page.getByTestId('related-owner').getByTestId('related-link')).toHaveCount(2);
  await expect(page.getByTestId('related-node').getByTestId('related-link')).toHaveCount(1);
  await page.locator('[data-testid=related-link][data-kind=Deployment]').click();
  await expect(drawer).toHaveAttribute('data-kind', 'Deployment');

  // Scale while time stands still: the desired count leads the observed ones.
  await runInTerminal(page, 'kubectl scale deployment web --replicas=5');
  await page.getByTestId('drawer-tab-specstatus').click();
  await expect(page.getByTestId('specstatus-reconcilers')).toContainText('deployment-controller');
  const ready = page.locator('[data-testid=specstatus-row][data-observed-path="status.readyReplicas"]');
  await expect(ready).toHaveAttribute('data-differs', 'true');
  await expect(ready).toContainText('5');
  await page.screenshot({ path: 'test-results/workbench-specstatus.png' });

  await page.getByTestId('drawer-tab-related').click();
  const diff = page.getByTestId('last-change-diff');
  await expect(diff.locator('[data-diff=add]', { hasText: 'replicas: 5' })).toBeVisible();
  await expect(page.getByTestId('related-owned').getByTestId('related-link')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/workbench-related.png' });
});
