/// <reference lib="dom" />
// The keyboard side of the page: terminal completion and colour, the command palette, the theme switch,
// the fault menu, and accessibility checks (axe) of the main views.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { clickTile, editorReady, expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('terminal: Tab completes commands, kinds and names; output is coloured; kubectl run and expose', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const input = page.getByTestId('terminal-input');
  await input.fill('kubectl desc');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl describe ');
  await input.pressSequentially('no');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl describe nodes ');
  await input.pressSequentially('w');
  await input.press('Tab'); // w1 w2 w3: nothing in common beyond "w", so they are listed
  await expect(page.locator('[data-testid=terminal-line][data-kind=info]')).toContainText('w1  w2  w3');
  await input.pressSequentially('2');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl describe nodes w2 ');
  await input.press('Enter');
  await expect(page.getByTestId('terminal-output')).toContainText(/Name:\s+w2/);

  await runInTerminal(page, 'kubectl get nodes');
  await expect(page.locator('.term-line.out .tc-ok').filter({ hasText: 'Ready' }).first()).toBeVisible();
  await expect(page.locator('.term-line.out .tc-head').filter({ hasText: 'STATUS' }).first()).toBeVisible();

  // The two commands tutorials start with: a pod from an image, then a Service in front of it.
  await input.fill('kubectl ru');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl run ');
  await input.pressSequentially('web --image=nginx:1.27 --port=80');
  await input.press('Enter');
  await expect(page.getByTestId('terminal-output')).toContainText('pod/web created');
  await expectTiles(page, (t) => t.pod === 'web' && t.node !== '', 1);
  await runInTerminal(page, 'kubectl expose pod web --name=web-svc --type=NodePort');
  await expect(page.getByTestId('terminal-output')).toContainText('service/web-svc exposed');
  await runInTerminal(page, 'kubectl get svc web-svc');
  await expect(page.getByTestId('terminal-output')).toContainText(/web-svc\s+NodePort\s+10\.\d+\.\d+\.\d+\s+<none>\s+80:3\d{4}\/TCP/);
});

test('command palette, theme switch and fault menu', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);

  // Ctrl+K: find and run a command by typing.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-palette')).toBeVisible();
  await page.getByTestId('palette-input').fill('resource tables');
  await expect(page.getByTestId('palette-item')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
  await expect(page.getByTestId('resource-browser')).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('cluster-map')).toBeVisible();

  // Palette: cordon a node through its command.
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill('kubectl cordon w2');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid=node-card][data-node=w2]')).toHaveAttribute('data-unschedulable', 'true');

  // Theme: system → light → dark, remembered across a reload.
  const bg = () => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await bg();
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bg()).not.toBe(light);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await page.screenshot({ path: '/tmp/page-dark.png' });

  // Faults: stop the scheduler; a new pod stays Pending until it is started again.
  await page.getByTestId('fault-menu-button').click();
  await page.getByTestId('fault-stop-scheduler').click();
  await expect(page.getByTestId('terminal-output')).toContainText('sim controlplane stop scheduler');
  await runInTerminal(page, 'kubectl create deployment solo --image=nginx:1.27');
  await page.getByTestId('time-advance-1m').click();
  await expect(page.getByTestId('terminal-output')).toContainText('advanced 60s');
  await expectTiles(page, { owner: /^solo-/, node: '' }, 1); // in the unscheduled lane
  await page.getByTestId('fault-menu-button').click();
  await page.getByTestId('fault-start-scheduler').click();
  await page.getByTestId('time-advance-1m').click();
  await expectTiles(page, (t) => /^solo-/.test(t.owner) && t.node !== '', 1); // on a node now
});

test('accessibility: no serious axe violations in the map, drawer, resources and palette', async ({ page }) => {
  test.setTimeout(180_000); // axe takes a while on a busy page
  await page.goto('/');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click();
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running' }, 3);
  await page.getByTestId('time-pause').click();

  const check = async (what: string) => {
    // Monaco's own DOM is excluded: it is a third-party widget with its own accessibility mode.
    const r = await new AxeBuilder({ page }).exclude('.monaco-editor').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  };
  await check('map');
  await clickTile(page, {});
  await expect(page.getByTestId('drawer-text')).toBeVisible();
  await check('drawer');
  await page.getByTestId('drawer-close').click();
  await page.getByTestId('view-resources').click();
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  await check('resources');
  await page.getByTestId('side-scheduler').click();
  await check('scheduler');
  await page.keyboard.press('Control+k');
  await check('palette');
});
