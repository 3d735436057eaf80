import { describe, expect, it } from 'vitest';
import { threadCpu } from './traceCpu.ts';

const meta = (pid: number, tid: number, kind: 'thread_name' | 'process_name', name: string) => ({ name: kind, ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number, name = 'ThreadControllerImpl::RunTask') => ({ name, ph: 'X', pid, tid, ts, dur, tdur });

describe('threadCpu', () => {
  it('sums outermost CPU per thread and finds the page main thread by its task count', () => {
    const events = [
      meta(1, 10, 'process_name', 'Renderer'), meta(1, 10, 'thread_name', 'CrRendererMain'), meta(1, 11, 'thread_name', 'DedicatedWorker thread'),
      meta(2, 20, 'process_name', 'Renderer'), meta(2, 20, 'thread_name', 'CrRendererMain'),
      // 120 ms of wall, 30 of CPU, with a nested step that must not count twice.
      task(1, 10, 0, 120_000, 30_000), task(1, 10, 10_000, 50_000, 20_000, 'Paint'),
      task(1, 10, 200_000, 80_000, 60_000),
      task(1, 11, 0, 500_000, 400_000),
      // Another renderer's main thread with fewer tasks (an extension page, say).
      task(2, 20, 0, 90_000, 90_000),
    ];
    const out = threadCpu(events);
    expect(out.threads).toEqual([
      { name: 'Renderer/DedicatedWorker thread', cpuMs: 400 },
      { name: 'Renderer/CrRendererMain', cpuMs: 90 },
      { name: 'Renderer/CrRendererMain', cpuMs: 90 },
    ]);
    expect(out).toMatchObject({ mainCpuMs: 90, tasks: 2, longestTaskCpuMs: 60, tasksOver50msCpu: 1 });
  });
});
