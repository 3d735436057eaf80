/// <reference lib="dom" />
// Pod tiles are painted on their card's canvases: the colour at a tile's place is its status colour, the
// pointer finds the tile under it (tooltip, hover ring, click opens the pod), the selected pod gets a ring,
// and a screen reader hears each card's pods summed up by status.
import { expect, test, type Page } from '@playwright/test';
import { engineApply } from './engine.ts';
import { clickTile, expectTiles, firstTile, webDeployment, type DrawnTile } from './helpers.ts';

/** The RGBA a tile's canvas holds at the tile's centre. */
async function paintedAt(page: Page, tile: DrawnTile): Promise<number[]> {
  return page.evaluate(({ x, y, node, motion }) => {
    const card = node ? `[data-testid=node-card][data-node="${node}"]` : '[data-testid=unscheduled-lane]';
    const canvas = document.querySelector<HTMLCanvasElement>(`${card} canvas.motion-${motion || 'still'}`)!;
    const r = canvas.getBoundingClientRect();
    const px = Math.floor(((x - r.left) * canvas.width) / r.width);
    const py = Math.floor(((y - r.top) * canvas.height) / r.height);
    return [...canvas.getContext('2d')!.getImageData(px, py, 1, 1).data];
  }, tile);
}

function hex(css: string): number[] {
  const m = /^#(..)(..)(..)$/.exec(css.trim())!;
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16), 255];
}

test('tiles are painted in their status colour and answer the pointer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 });
  await engineApply(page, `${webDeployment(3)}\n---\napiVersion: v1\nkind: Pod\nmetadata: { name: huge }\nspec: { containers: [{ name: c, image: nginx, resources: { requests: { cpu: "500" } } }] }\n`);
  await expectTiles(page, { tone: 'running', owner: /^web-/ }, 3, 60_000);
  await expectTiles(page, { pod: 'huge', node: '', tone: 'pending', motion: 'pulse' }, 1);

  const running = await firstTile(page, { tone: 'running' }, undefined, 'inView');
  const css = (name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n), name);
  expect(await paintedAt(page, running)).toEqual(hex(await css('--tone-running')));
  const pending = await firstTile(page, { pod: 'huge' }, undefined, 'inView');
  expect(await paintedAt(page, pending)).toEqual(hex(await css('--tone-pending')));

  // The card's grid speaks for its canvases.
  const grid = page.locator(`[data-testid=node-card][data-node="${running.node}"] [data-testid=pod-grid]`);
  await expect(grid).toHaveAttribute('aria-label', /\d+ pods?: .*\d+ Running/);
  await expect(page.locator('[data-testid=unscheduled-lane] [data-testid=pod-grid]')).toHaveAttribute('aria-label', '1 pod: 1 Pending');

  // Hovering writes the tooltip; between tiles there is none.
  await page.mouse.move(running.x, running.y);
  await expect(grid).toHaveAttribute('title', new RegExp(`^${running.pod}\\nStatus: Running`));
  const zoom = await grid.evaluate((el) => el.getBoundingClientRect().width / (el as HTMLElement).offsetWidth);
  await page.mouse.move(running.x + 11.5 * zoom, running.y); // the middle of the 5 px gap right of the 18 px tile
  await expect(grid).toHaveAttribute('title', '');

  // A click opens the pod, whose tile then carries the selection ring.
  await clickTile(page, { pod: running.pod });
  await expect(page.getByTestId('detail-drawer')).toHaveAttribute('data-name', running.pod);
  await expectTiles(page, (t) => t.pod === running.pod && t.selected, 1);
  await page.getByTestId('drawer-close').click();
  await expectTiles(page, (t) => t.selected, 0);
});
