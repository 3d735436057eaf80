// The walking skeleton, end to end in real Chromium against the built site.
import { expect, test } from '@playwright/test';
import { editorText, podTiles, runInTerminal, setEditorText, watchRequests, webDeployment } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('deploy, run, scale, reload to the same moment, switch to Chinese — all offline', async ({ page, context, baseURL }) => {
  const T0 = Date.now();
  const requests = watchRequests(context, new URL(baseURL!).origin);
  await page.goto('/');
  console.log('STEP 1', ((Date.now() - T0) / 1000).toFixed(1), "await page.goto('/');");

  // Three worker nodes on the map.
  const nodes = page.getByTestId('node-card');
  await expect(nodes).toHaveCount(3);
  console.log('STEP 2', ((Date.now() - T0) / 1000).toFixed(1), 'await expect(nodes).toHaveCount(3);');
  for (const name of ['w1', 'w2', 'w3']) await expect(page.locator(`[data-testid=node-card][data-node=${name}]`)).toBeVisible();
  await expect(page.getByTestId('unscheduled-lane')).toBeVisible();
  console.log('STEP 3', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('unscheduled-lane')).toBeVisib");

  // Apply a Deployment of 5 replicas from the editor.
  await setEditorText(page, webDeployment(5));
  console.log('STEP 4', ((Date.now() - T0) / 1000).toFixed(1), 'await setEditorText(page, webDeployment(5));');
  await page.getByTestId('apply').click();
  console.log('STEP 5', ((Date.now() - T0) / 1000).toFixed(1), "await page.getByTestId('apply').click();");
  await expect(page.getByTestId('apply-result')).toHaveAttribute('data-ok', 'true');
  console.log('STEP 6', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('apply-result')).toHaveAttribu");
  await expect(page.getByTestId('apply-result')).toContainText('deployment.apps/web created');
  console.log('STEP 7', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('apply-result')).toContainText");

  // Play time: five Running pods appear on the map, inside nodes, and the nodes account for them.
  await page.getByTestId('time-play-100').click();
  console.log('STEP 8', ((Date.now() - T0) / 1000).toFixed(1), "await page.getByTestId('time-play-100').click();");
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-speed', '100');
  console.log('STEP 9', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('time-controls')).toHaveAttrib");
  await expect(podTiles(page, 'running')).toHaveCount(5);
  console.log('STEP 10', ((Date.now() - T0) / 1000).toFixed(1), "await expect(podTiles(page, 'running')).toHaveCount(5);");
  for (const tile of await podTiles(page).all()) await expect(tile).toBeVisible();
  await expect(page.locator('[data-testid=pod-tile][data-node=""]')).toHaveCount(0);
  console.log('STEP 11', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.locator('[data-testid=pod-tile][data-node=");
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  console.log('STEP 12', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('event-row').first()).toBeVisi");

  // Scale down from the terminal.
  await runInTerminal(page, 'kubectl scale deployment web --replicas=2');
  console.log('STEP 13', ((Date.now() - T0) / 1000).toFixed(1), "await runInTerminal(page, 'kubectl scale deployment web --re");
  await expect(page.getByTestId('terminal-output')).toContainText('deployment.apps/web scaled');
  console.log('STEP 14', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('terminal-output')).toContainT");
  await expect(podTiles(page)).toHaveCount(2);
  console.log('STEP 15', ((Date.now() - T0) / 1000).toFixed(1), 'await expect(podTiles(page)).toHaveCount(2);');
  await expect(podTiles(page, 'running')).toHaveCount(2);
  console.log('STEP 16', ((Date.now() - T0) / 1000).toFixed(1), "await expect(podTiles(page, 'running')).toHaveCount(2);");

  // Pause; once saved, reload and find the same cluster at the same moment, and the same document.
  await page.getByTestId('time-pause').click();
  console.log('STEP 17', ((Date.now() - T0) / 1000).toFixed(1), "await page.getByTestId('time-pause').click();");
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-playing', 'false');
  console.log('STEP 18', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('time-controls')).toHaveAttrib");
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'true');
  console.log('STEP 19', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('save-state')).toHaveAttribute");
  const before = {
    now: Number(await page.getByTestId('clock').getAttribute('data-now-ms')),
    pods: (await podTiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-pod')))).sort(),
    doc: await page.getByTestId('doc-active-name').innerText(),
  };
  expect(before.pods).toHaveLength(2);
  console.log('STEP 20', ((Date.now() - T0) / 1000).toFixed(1), 'expect(before.pods).toHaveLength(2);');

  await page.reload();
  console.log('STEP 21', ((Date.now() - T0) / 1000).toFixed(1), 'await page.reload();');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  console.log('STEP 22', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('node-card')).toHaveCount(3);");
  await expect(podTiles(page, 'running')).toHaveCount(2);
  console.log('STEP 23', ((Date.now() - T0) / 1000).toFixed(1), "await expect(podTiles(page, 'running')).toHaveCount(2);");
  const after = {
    now: Number(await page.getByTestId('clock').getAttribute('data-now-ms')),
    pods: (await podTiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-pod')))).sort(),
    doc: await page.getByTestId('doc-active-name').innerText(),
  };
  expect(after.pods).toEqual(before.pods);
  console.log('STEP 24', ((Date.now() - T0) / 1000).toFixed(1), 'expect(after.pods).toEqual(before.pods);');
  expect(Math.abs(after.now - before.now)).toBeLessThan(1000);
  console.log('STEP 25', ((Date.now() - T0) / 1000).toFixed(1), 'expect(Math.abs(after.now - before.now)).toBeLessThan(1000);');
  expect(after.doc).toBe(before.doc);
  console.log('STEP 26', ((Date.now() - T0) / 1000).toFixed(1), 'expect(after.doc).toBe(before.doc);');
  expect(await editorText(page)).toContain('replicas: 5');
  console.log('STEP 27', ((Date.now() - T0) / 1000).toFixed(1), "expect(await editorText(page)).toContain('replicas: 5');");
  await expect(page.getByTestId('time-controls')).toHaveAttribute('data-playing', 'false');
  console.log('STEP 28', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('time-controls')).toHaveAttrib");

  // The kubectl view agrees with the map.
  await runInTerminal(page, 'kubectl get deployment web');
  console.log('STEP 29', ((Date.now() - T0) / 1000).toFixed(1), "await runInTerminal(page, 'kubectl get deployment web');");
  await expect(page.getByTestId('terminal-output')).toContainText(/web\s+2\/2/);
  console.log('STEP 30', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('terminal-output')).toContainT");

  // Chinese labels, remembered across a reload.
  await page.getByTestId('lang-zh').click();
  console.log('STEP 31', ((Date.now() - T0) / 1000).toFixed(1), "await page.getByTestId('lang-zh').click();");
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  console.log('STEP 32', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.locator('html')).toHaveAttribute('lang', '");
  await expect(page.getByTestId('event-list')).toContainText('事件');
  console.log('STEP 33', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('event-list')).toContainText('");
  await expect(page.getByTestId('terminal')).toContainText('终端');
  console.log('STEP 34', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('terminal')).toContainText('终端");
  await expect(page.getByTestId('apply')).toContainText('应用');
  console.log('STEP 35', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('apply')).toContainText('应用');");
  await expect(page.locator('[data-testid=node-card][data-node=w1]')).toContainText('内存');
  console.log('STEP 36', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.locator('[data-testid=node-card][data-node");
  await page.reload();
  console.log('STEP 37', ((Date.now() - T0) / 1000).toFixed(1), 'await page.reload();');
  await expect(page.getByTestId('event-list')).toContainText('事件');
  console.log('STEP 38', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('event-list')).toContainText('");
  await page.getByTestId('lang-en').click();
  console.log('STEP 39', ((Date.now() - T0) / 1000).toFixed(1), "await page.getByTestId('lang-en').click();");
  await expect(page.getByTestId('event-list')).toContainText('Events');
  console.log('STEP 40', ((Date.now() - T0) / 1000).toFixed(1), "await expect(page.getByTestId('event-list')).toContainText('");

  // Nothing left the origin: no fonts, CDNs or telemetry.
  expect(requests.urls.length).toBeGreaterThan(0);
  console.log('STEP 41', ((Date.now() - T0) / 1000).toFixed(1), 'expect(requests.urls.length).toBeGreaterThan(0);');
  expect(requests.foreign()).toEqual([]);
  console.log('STEP 42', ((Date.now() - T0) / 1000).toFixed(1), 'expect(requests.foreign()).toEqual([]);');
});
