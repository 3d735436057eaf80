/// <reference lib="dom" />
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_DOCUMENT_TEXT } from '../src/storage/defaults.ts';
import type { DrawnTile } from '../src/ui/map/drawnTiles.ts';

export type { DrawnTile };

/** The sample Deployment of the default document, with a chosen replica count. */
export function webDeployment(replicas: number): string {
  return DEFAULT_DOCUMENT_TEXT.replace(/replicas: \d+/, `replicas: ${replicas}`);
}

/** Wait until the real editor (Monaco, or the plain fallback if it failed) is in place. */
export async function editorReady(page: Page): Promise<void> {
  const host = page.getByTestId('editor-host');
  // Monaco's chunk alone can take many seconds to parse on a busy machine.
  await expect(host.getByTestId('yaml-editor')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.locator('.editor-loading')).toHaveCount(0, { timeout: 60_000 });
}

/** Replace the active document's text the way a user would: select all, paste. */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await editorReady(page);
  const host = page.getByTestId('editor-host');
  // Into the text area, right of the line numbers.
  await host.locator('.monaco-editor, textarea').first().click({ position: { x: 160, y: 12 } });
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** A new editor document with this text, renamed to `name` (the page must grant clipboard access). */
export async function newDocument(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('doc-new').click();
  await setEditorText(page, text);
  await page.getByTestId('doc-rename').click();
  const input = page.getByTestId('doc-rename-input');
  await input.fill(name);
  await input.press('Enter');
  await expect(page.getByTestId('doc-active-name')).toHaveText(name, { timeout: 60_000 });
}

/** The text the editor shows (Monaco renders lines; the fallback is a textarea). */
export async function editorText(page: Page): Promise<string> {
  await editorReady(page);
  const host = page.getByTestId('editor-host');
  const textarea = host.locator('textarea.textarea-input');
  if (await textarea.count()) return textarea.inputValue();
  const text = await host.locator('.monaco-editor .view-lines').innerText();
  return text.replace(/\u00a0/g, ' ');
}

export async function runInTerminal(page: Page, line: string): Promise<void> {
  const input = page.getByTestId('terminal-input');
  await input.fill(line);
  await input.press('Enter');
}

/** Which tiles: fields that must match (a RegExp tests the field) or a predicate. */
export type TileQuery = Partial<Record<'pod' | 'namespace' | 'node' | 'owner' | 'tone' | 'motion', string | RegExp>> | ((t: DrawnTile) => boolean);

function matches(t: DrawnTile, q: TileQuery): boolean {
  if (typeof q === 'function') return q(t);
  return Object.entries(q).every(([k, want]) => {
    const have = t[k as keyof DrawnTile] as string;
    return want instanceof RegExp ? want.test(have) : have === want;
  });
}

/** The tiles drawn now that match the query, in drawing order (cards in map order, then the lane). */
export async function drawnTiles(page: Page, q: TileQuery = {}): Promise<DrawnTile[]> {
  const all = await page.evaluate(() => (window as unknown as { __kubesimTiles?: () => DrawnTile[] }).__kubesimTiles?.() ?? []);
  return all.filter((t) => matches(t, q));
}

/** Wait until exactly `count` drawn tiles match (expect's default timeout unless given). */
export async function expectTiles(page: Page, q: TileQuery, count: number, timeout?: number): Promise<void> {
  await expect.poll(async () => (await drawnTiles(page, q)).length, { timeout, message: `tiles matching ${String(typeof q === 'function' ? q : JSON.stringify(q, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)))}` }).toBe(count);
}

/** Wait for a matching tile drawn on a laid-out card (`inView`: inside the map's visible area) and return the first. */
export async function firstTile(page: Page, q: TileQuery, timeout?: number, where: 'visible' | 'inView' = 'visible'): Promise<DrawnTile> {
  await expect.poll(async () => (await drawnTiles(page, q)).filter((t) => t[where]).length, { timeout }).toBeGreaterThan(0);
  return (await drawnTiles(page, q)).find((t) => t[where])!;
}

/** Click the first matching tile in view the way a user would: the mouse on its centre. */
export async function clickTile(page: Page, q: TileQuery, timeout?: number): Promise<DrawnTile> {
  await firstTile(page, q, timeout);
  // A busy page can leave the map framed for an earlier container size (see the closing note): fit it, as a user would.
  if (!(await drawnTiles(page, q)).some((t) => t.inView)) await page.locator('.react-flow__controls-fitview').click();
  const tile = await firstTile(page, q, timeout, 'inView');
  await page.mouse.click(tile.x, tile.y);
  return tile;
}

/** Record every request of the context; foreign() lists those that left the page's origin. */
export function watchRequests(context: BrowserContext, origin: string) {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return {
    urls,
    foreign: () => urls.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')),
  };
}

/** The page has booted its cluster: `nodes` node cards. The worker builds the cluster first, slow on a busy machine. */
export async function expectClusterShown(page: Page, nodes: number): Promise<void> {
  await expect(page.getByTestId('node-card')).toHaveCount(nodes, { timeout: 60_000 });
}
