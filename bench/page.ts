// Page benchmark: the built site in Debian's Chromium through Playwright. Prints figures, asserts nothing.
//   npm run build && npx tsx bench/page.ts [--busy-pods 2000] [--pan-pods 1000] [--feed-pods 10000] [--seconds 8]
//     [--only load,rollout,pan,feed] [--runs N] [--trace] [--trace-out FILE]
//   --trace also records a DevTools trace of the rollout and the feed and prints thread CPU (bench/traceCpu.ts):
//   the figure that holds still on a busy machine, where wall-clock task lengths do not. --trace-out FILE also
//   keeps the traces, with JS samples, as FILE-rollout and FILE-feed (open them in DevTools' Performance panel).
//   BENCH_PORT chooses the preview port (default 4179), BENCH_DIST a built site other than dist/.
// Figures: first contentful paint; interactive (the first cluster view drawn and the terminal answering);
// the longest main-thread task while the simulation runs at 100× with --busy-pods pods; frames per second
// while panning the map with --pan-pods pods; the change feed's cost per frame while --feed-pods pods change.
/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import type { FeedStats } from '../src/ui/state/clusterStore.ts';
import { threadCpu } from './traceCpu.ts';
import type { EngineClient } from '../src/worker/client.ts';

/** What the page exposes with `?test` (see App.tsx). */
type TestWindow = { __kubesimEngine: EngineClient; __kubesimFeedStats?: FeedStats };

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const PORT = Number(process.env.BENCH_PORT ?? 4179);
const URL_ = `http://127.0.0.1:${PORT}/?test`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

/** Run command lines through the page's engine client (the same worker the UI uses). */
async function exec(page: Page, lines: string[]): Promise<void> {
  await page.evaluate(async (ls) => {
    for (const l of ls) {
      const r = await (window as unknown as TestWindow).__kubesimEngine.exec(l);
      if (r.code !== 0) throw new Error(`${l}: ${r.stderr}`);
    }
  }, lines);
}

/** Nodes enough for `pods` pods (110 each, a few spare) plus a Deployment of that many. */
async function clusterWith(page: Page, pods: number): Promise<void> {
  const nodes = Math.ceil(pods / 100);
  const lines = Array.from({ length: nodes }, (_, i) => `sim node add b${i} --cpu 64 --memory 256Gi --pods 110`);
  lines.push(`kubectl create deployment bench --image=nginx:1.27 --replicas=${pods}`);
  await exec(page, lines);
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.play(100));
  const t0 = Date.now();
  await page.waitForFunction((n) => Number(document.querySelector('.legend-item[data-tone=running]')?.getAttribute('data-count')) >= n, pods, { timeout: 900_000, polling: 500 });
  console.log(`  ${pods} pods Running on ${nodes} nodes after ${((Date.now() - t0) / 1000).toFixed(1)} s wall`);
}

/** Main-thread time spent in tasks (Chromium's TaskDuration metric, seconds) as counted by one DevTools session. */
async function taskMeter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  };
}

/** Long tasks, rAF frame intervals and main-thread work over `seconds` of wall time, while `during` runs. */
async function observe(page: Page, seconds: number, during?: () => Promise<void>) {
  const taskSeconds = await taskMeter(page);
  const busyBefore = await taskSeconds();
  // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const obs = (window.__obs = { tasks: [], frames: [], done: false });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) obs.tasks.push(e.duration); }).observe({ type: 'longtask' });
    let last = performance.now();
    const start = last;
    const frame = () => {
      const now = performance.now();
      obs.frames.push(now - last);
      last = now;
      if (now - start < ${seconds * 1000}) requestAnimationFrame(frame);
      else obs.done = true;
    };
    requestAnimationFrame(frame);
  })()`);
  if (during) await during();
  await page.waitForFunction(() => (window as unknown as { __obs: { done: boolean } }).__obs.done, undefined, { timeout: seconds * 1000 + 60_000 });
  const obs = await page.evaluate(() => (window as unknown as { __obs: { tasks: number[]; frames: number[] } }).__obs);
  const busyMs = ((await taskSeconds()) - busyBefore) * 1000;
  return { ...obs, busyMs };
}

/**
 * observe(), under a DevTools trace with --trace or --trace-out FILE (kept as FILE with the section's name before
 * its extension, JS samples included), printing thread CPU: the figure that holds still on a busy machine.
 */
async function observeTraced(page: Page, seconds: number, section: string) {
  const traceOutAt = process.argv.indexOf('--trace-out');
  const traceOut = traceOutAt >= 0 ? process.argv[traceOutAt + 1].replace(/(\.\w+)?$/, (ext) => `-${section}${ext}`) : undefined;
  if (traceOut === undefined && !process.argv.includes('--trace')) return observe(page, seconds);
  const categories = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
  if (traceOut) categories.push('disabled-by-default-v8.cpu_profiler');
  await page.context().browser()!.startTracing(page, { path: traceOut, categories });
  const run = await observe(page, seconds);
  const traced = threadCpu(JSON.parse((await page.context().browser()!.stopTracing()).toString()).traceEvents);
  // Task durations are wall time (a task waiting for a core, or for the compositor, counts); this is the CPU.
  const cpuPerFrame = (traced.mainCpuMs / Math.max(1, run.frames.length)).toFixed(1);
  console.log(`  thread CPU: longest main-thread task ${ms(traced.longestTaskCpuMs)} of CPU, ${traced.tasksOver50msCpu} of ${traced.tasks} tasks over 50 ms of CPU; main-thread CPU ${cpuPerFrame} ms per frame`);
  console.log(`  CPU per thread over the ${seconds} s: ${traced.threads.slice(0, 6).map((t) => `${t.name} ${ms(t.cpuMs)}`).join(', ')}`);
  return run;
}

/** Main-thread work per frame drawn (all tasks: feed, React, layout, paint). */
function workPerFrame(run: { busyMs: number; frames: number[] }): string {
  return `main-thread work ${(run.busyMs / Math.max(1, run.frames.length)).toFixed(1)} ms per frame`;
}

function frameFigures(frames: number[]): string {
  const sorted = [...frames].sort((a, b) => a - b);
  const total = frames.reduce((a, b) => a + b, 0);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return `${(frames.length / (total / 1000)).toFixed(1)} fps (p95 frame ${ms(p95)}, worst ${ms(sorted[sorted.length - 1] ?? 0)})`;
}

type Fresh = () => Promise<Page>;

async function loadSection(fresh: Fresh): Promise<void> {
  console.log('page: load');
  const page = await fresh();
  await page.goto(URL_);
  await page.waitForSelector('[data-testid=app][data-ready=true]');
  await page.waitForSelector('[data-testid=node-card]');
  const loaded = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    mapDrawn: performance.now(),
  }));
  const t0 = Date.now();
  await page.getByTestId('terminal-input').fill('kubectl get nodes');
  await page.getByTestId('terminal-input').press('Enter');
  await page.waitForSelector('[data-testid=terminal-line][data-kind=out]');
  console.log(`  first contentful paint ${ms(loaded.fcp)}; cluster map drawn at ${ms(loaded.mapDrawn)}; first command answered ${ms(Date.now() - t0)} later`);
  await page.context().close();
}

async function rolloutSection(fresh: Fresh, seconds: number): Promise<void> {
  const busy = arg('busy-pods', 2000);
  console.log(`page: ${busy} pods, simulation at 100×`);
  const page = await fresh();
  await page.goto(URL_);
  await page.waitForSelector('[data-testid=node-card]');
  await clusterWith(page, busy);
  await exec(page, ['kubectl rollout restart deployment bench']);
  const run = await observeTraced(page, seconds, 'rollout');
  const longest = Math.max(0, ...run.tasks);
  const blocking = run.tasks.reduce((a, d) => a + Math.max(0, d - 50), 0);
  console.log(`  rolling restart at 100× for ${seconds} s: longest main-thread task ${ms(longest)}, ${run.tasks.length} long tasks, total blocking ${ms(blocking)}; ${frameFigures(run.frames)}; ${workPerFrame(run)}`);
  await page.context().close();
}

async function panSection(fresh: Fresh, seconds: number): Promise<void> {
  const pan = arg('pan-pods', 1000);
  console.log(`page: panning the map with ${pan} pods (paused)`);
  const page = await fresh();
  await page.goto(URL_);
  await page.waitForSelector('[data-testid=node-card]');
  await clusterWith(page, pan);
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.pause());
  const box = (await page.getByTestId('cluster-map').boundingBox())!;
  const panning = await observe(page, seconds, async () => {
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const end = Date.now() + seconds * 1000 - 200;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 0; Date.now() < end; i++) await page.mouse.move(cx + Math.sin(i / 10) * 300, cy + Math.cos(i / 10) * 150, { steps: 2 });
    await page.mouse.up();
  });
  console.log(`  ${frameFigures(panning.frames)}; longest task ${ms(Math.max(0, ...panning.tasks))}; ${workPerFrame(panning)}`);
  await page.context().close();
}

async function feedSection(fresh: Fresh, seconds: number): Promise<void> {
  const feed = arg('feed-pods', 10000);
  console.log(`page: change feed with ${feed} pods changing`);
  const page = await fresh();
  await page.goto(URL_);
  await page.waitForSelector('[data-testid=node-card]');
  await clusterWith(page, feed);
  await page.evaluate(() => void ((window as unknown as TestWindow).__kubesimFeedStats = {}));
  await exec(page, ['kubectl rollout restart deployment bench']);
  const churn = await observeTraced(page, seconds, 'feed');
  const stats = await page.evaluate(() => (window as unknown as TestWindow).__kubesimFeedStats ?? {});
  const frames = churn.frames.length;
  const perBatch = (stats.reduceMs ?? 0) / Math.max(1, stats.batches ?? 1);
  console.log(`  ${stats.batches ?? 0} batches carrying ${stats.upserts ?? 0} pod changes in ${seconds} s, drawn in ${stats.frames ?? 0} frames; store update ${perBatch.toFixed(1)} ms per batch; ${frameFigures(churn.frames)}; longest task ${ms(Math.max(0, ...churn.tasks))} over ${frames} frames; ${workPerFrame(churn)}`);
  await page.context().close();
}

const SECTIONS = ['load', 'rollout', 'pan', 'feed'] as const;

async function main(): Promise<void> {
  const seconds = arg('seconds', 8);
  // --only rollout,feed runs some sections; --runs N repeats each (figures vary between runs on a busy machine).
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1].split(',') : [...SECTIONS];
  const runs = arg('runs', 1);
  const dist = process.env.BENCH_DIST ? ['--outDir', process.env.BENCH_DIST] : [];
  const server = spawn('node_modules/.bin/vite', ['preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', ...dist], { stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForServer();
    const fresh = async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      return context.newPage();
    };
    for (let r = 0; r < runs; r++) {
      if (only.includes('load')) await loadSection(fresh);
      if (only.includes('rollout')) await rolloutSection(fresh, seconds);
      if (only.includes('pan')) await panSection(fresh, seconds);
      if (only.includes('feed')) await feedSection(fresh, seconds);
    }
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
