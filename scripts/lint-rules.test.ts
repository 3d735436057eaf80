// The layer and determinism rules of DESIGN.md are lint errors: prove each one fires.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath });
  return res.messages.map((m) => `${m.ruleId}@${m.line}`);
}

// The first lintText loads the ESLint config and its plugins: seconds, more on a loaded machine.
describe('engine determinism and layer rules', { timeout: 60_000 }, () => {
  it.each([
    ['export const t = Date.now();', 'no-restricted-properties@1'],
    ['export const r = Math.random();', 'no-restricted-properties@1'],
    ['export const d = new Date();', 'no-restricted-syntax@1'],
    ['setTimeout(() => {}, 1);', 'no-restricted-globals@1'],
    ['setInterval(() => {}, 1);', 'no-restricted-globals@1'],
    ['export const p = performance.now();', 'no-restricted-globals@1'],
    ["import { useState } from 'react';\nexport const u = useState;", 'no-restricted-imports@1'],
    ["import { App } from '../ui/App.tsx';\nexport const a = App;", 'no-restricted-imports@1'],
  ])('%s is an error under src/engine', async (code, rule) => {
    expect(await ruleIds(code, 'src/engine/sim/example.ts')).toContain(rule);
  });

  it('allows the same code outside the engine', async () => {
    expect(await ruleIds('export const t = Date.now();', 'src/worker/example.ts')).toEqual([]);
  });

  it('keeps components apart and api/ at the bottom', async () => {
    expect(await ruleIds("import { Scheduler } from '../../scheduler/scheduler.ts';\nexport const s = Scheduler;", 'src/engine/controllers/x/example.ts')).toContain('no-restricted-imports@1');
    expect(await ruleIds("import { Store } from '../apiserver/store.ts';\nexport const s = Store;", 'src/engine/api/example.ts')).toContain('no-restricted-imports@1');
  });

  it('lets the page import engine types only', async () => {
    expect(await ruleIds("import { createCluster } from '../engine/index.ts';\nexport const c = createCluster;", 'src/ui/example.ts')).toContain('@typescript-eslint/no-restricted-imports@1');
    expect(await ruleIds("import type { KubeObject } from '../engine/index.ts';\nexport type K = KubeObject;", 'src/ui/example.ts')).toEqual([]);
  });
});
