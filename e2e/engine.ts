/// <reference lib="dom" />
// The engine client the page exposes with `?test`, for set-up steps that are not what a spec is about.
import type { Page } from '@playwright/test';
import type { EngineClient } from '../src/worker/client.ts';
import type { ScenarioSource } from '../src/worker/protocol.ts';

type TestWindow = { __kubesimEngine: EngineClient };

export async function engineApply(page: Page, yaml: string): Promise<void> {
  await page.evaluate((text) => (window as unknown as TestWindow).__kubesimEngine.apply(text), yaml);
}

/** A gallery scenario by id, or a scenario's YAML. */
export async function engineLoadScenario(page: Page, source: string | ScenarioSource): Promise<void> {
  const s = typeof source === 'string' ? { id: source } : source;
  await page.evaluate((scenario) => (window as unknown as TestWindow).__kubesimEngine.loadScenario(scenario), s);
}

export async function engineExec(page: Page, line: string): Promise<string> {
  return page.evaluate(async (l) => (await (window as unknown as TestWindow).__kubesimEngine.exec(l)).stdout, line);
}
