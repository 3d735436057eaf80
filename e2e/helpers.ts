/// <reference lib="dom" />
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_DOCUMENT_TEXT } from '../src/storage/defaults.ts';

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

export function podTiles(page: Page, tone?: string) {
  return page.locator(tone ? `[data-testid=pod-tile][data-tone=${tone}]` : '[data-testid=pod-tile]');
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
