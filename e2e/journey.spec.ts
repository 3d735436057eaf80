// The walking skeleton, end to end in real Chromium against the built site.
import { expect, test } from '@playwright/test';
import { drawnTiles, editorText, expectClusterShown, expectTiles, runInTerminal, setEditorText, watchRequests, webDeployment } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('deploy, run, scale, reload to the same moment, switch to Chinese — all offline', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000); // a long journey; CI machines may be busy
  const requests = watchRequests(context, new URL(baseURL!).origin);
  await page.goto('/');

  // Three worker nodes on the map.
  const nodes = page.getByTestId('node-card');
  await expect(nodes).toHaveCount(3);
  for (const name of ['w1', 'w2', 'w3']) await expect(page.locator(`[data-testid=node-card][data-node=${name}]`)).toBeVisible();
  await expect(page.getByTestId('unscheduled-lane')).toBeVisible();

  // Apply a Deployment of 5 replicas from the editor.
  await setEditorText(page, webDeployment(5));
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('apply-result')).toContainText('deployment.apps/web created');

  // Play time: five Running pods appear on the map, inside nodes, and the nodes account for them.
  await page.getByTestId('time-play-100').click();
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-speed', '100');
  await expectTiles(page, { tone: 'running' }, 5);
  await expectTiles(page, (t) => !t.visible, 0); // every tile drawn on a laid-out card
  await expectTiles(page, { node: '' }, 0);
  await expect(page.getByTestId('event-row').first()).toBeVisible();

  // Scale down from the terminal.
  await runInTerminal(page, 'kubectl scale deployment web --replicas=2');
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps/web scaled');
  await expectTiles(page, {}, 2);
  await expectTiles(page, { tone: 'running' }, 2);

  // Pause; once saved, reload and find the same cluster at the same moment, and the same document.
  await page.getByTestId('time-pause').click();
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-playing', 'false');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'true');
  const before = {
    now: Number(await page.getByTestId('clock').getAttribute('data-now-ms')),
    pods: (await drawnTiles(page)).map((t) => t.pod).sort(),
    doc: await page.getByTestId('doc-active-name').innerText(),
  };
  expect(before.pods).toHaveLength(2);

  await page.reload();
  await expectClusterShown(page, 3);
  await expectTiles(page, { tone: 'running' }, 2);
  const after = {
    now: Number(await page.getByTestId('clock').getAttribute('data-now-ms')),
    pods: (await drawnTiles(page)).map((t) => t.pod).sort(),
    doc: await page.getByTestId('doc-active-name').innerText(),
  };
  expect(after.pods).toEqual(before.pods);
  expect(Math.abs(after.now - before.now)).toBeLessThan(1000);
  expect(after.doc).toBe(before.doc);
  expect(await editorText(page)).toContain('replicas: 5');
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-playing', 'false');

  // The kubectl view agrees with the map.
  await runInTerminal(page, 'kubectl get deployment web');
  await expect(page.getByTestId('terminal-output')).toContainText(/web\s+2\/2/);

  // Chinese labels, remembered across a reload.
  await page.getByTestId('lang-zh').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('event-list')).toContainText('事件');
  await expect(page.getByTestId('terminal')).toContainText('终端');
  await expect(page.getByTestId('apply')).toContainText('应用');
  await expect(page.locator('[data-testid=node-card][data-node=w1]')).toContainText('内存');
  await page.reload();
  await expect(page.getByTestId('event-list')).toContainText('事件');
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('event-list')).toContainText('Events');

  // Nothing left the origin: no fonts, CDNs or telemetry.
  expect(requests.urls.length).toBeGreaterThan(0);
  expect(requests.foreign()).toEqual([]);
});
