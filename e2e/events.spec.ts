/// <reference lib="dom" />
// The Events pane renders only the rows in view: the scroll height still holds every row (300 at most, as
// before), scrolling renders the oldest, and a row expands in place.
import { expect, test } from '@playwright/test';
import { engineApply, engineExec } from './engine.ts';
import { expectTiles, webDeployment } from './helpers.ts';

test('the events pane is virtualized: few rows rendered, all reachable by scrolling', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 });
  await engineApply(page, webDeployment(30));
  await expectTiles(page, { tone: 'running' }, 30, 90_000);
  await page.getByTestId('time-pause').click();

  const list = page.getByTestId('event-list');
  // The pane hears of Events at most every 250 ms, and not while the map's feed rests (longer on a loaded
  // machine): read it once it holds every Event the paused engine has.
  const engineEvents = (await engineExec(page, 'kubectl get events -A --no-headers')).trim().split('\n').length;
  await expect(list.locator('.pane-count')).toHaveText(String(engineEvents), { timeout: 30_000 });
  const total = engineEvents;
  expect(total).toBeGreaterThan(150); // 30 pods × Scheduled, Pulled, Created, Started, and the nodes' own
  const rows = list.getByTestId('event-row');
  const rendered = await rows.count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  const scroller = list.locator('.events-scroll');
  const rowHeight = (await rows.nth(1).boundingBox())!.height;
  const head = (await list.locator('.events-head').boundingBox())!.height;
  expect(await scroller.evaluate((el) => el.scrollHeight)).toBeCloseTo(head + Math.min(total, 300) * rowHeight, -1);

  // The newest row is on top; at the bottom the oldest is rendered, the newest no longer is, and the last row
  // ends where the scroll height does.
  // A row by what it says, not its age: the page's clock may still catch up with the paused engine's.
  const said = (row: typeof rows) => row.locator('.col-reason, .col-object, .col-message');
  const newest = await said(rows.first()).allTextContents();
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(said(rows.first())).not.toHaveText(newest);
  const last = list.locator('.events-body > .event-row:last-child');
  await expect(last).toHaveAttribute('data-index', String(Math.min(total, 300) - 1));
  expect(Number(await rows.first().getAttribute('data-index'))).toBeGreaterThan(0);
  const [lastBox, scrollBox] = [(await last.boundingBox())!, (await scroller.boundingBox())!];
  expect(lastBox.y + lastBox.height).toBeCloseTo(scrollBox.y + scrollBox.height, -1);

  // Expanding a row wraps its message; the row grows in place.
  await last.click();
  await expect(last).toHaveClass(/expanded/);
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(said(rows.first())).toHaveText(newest);

  // Ages follow the virtual clock even while paused and nothing new arrives.
  await page.getByTestId('time-advance-10m').click();
  await expect(rows.first().locator('.col-age')).toHaveText(/^(9m[0-9]+s|10m)/);
});
