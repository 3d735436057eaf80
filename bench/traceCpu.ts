// Thread CPU time from a DevTools trace (each event's `tdur`). On a busy two-core machine wall-clock task
// lengths swing threefold between identical runs, since a thread waits for a core; the CPU a thread used barely
// moves, so it is the figure to compare builds by.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ThreadCpu {
  /** CPU ms per thread, named "process/thread", the busiest first. */
  threads: { name: string; cpuMs: number }[];
  /** The CPU the page's main thread used (its tasks and anything else it ran). */
  mainCpuMs: number;
  /** The page's main-thread tasks: how many, the most CPU one used, and how many used over 50 ms of CPU. */
  tasks: number;
  longestTaskCpuMs: number;
  tasksOver50msCpu: number;
}

const TASK = 'ThreadControllerImpl::RunTask';

export function threadCpu(events: readonly TraceEvent[]): ThreadCpu {
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const e of events) {
    if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
  }
  const timed = events.filter((e) => e.ph === 'X' && e.tdur !== undefined && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  // Only outermost events count: nested ones are already inside their parent's time.
  const cpu = new Map<string, number>();
  const openUntil = new Map<string, number>();
  for (const e of timed) {
    const k = `${e.pid}:${e.tid}`;
    if ((openUntil.get(k) ?? -Infinity) > e.ts) continue;
    openUntil.set(k, e.ts + e.dur!);
    cpu.set(k, (cpu.get(k) ?? 0) + e.tdur! / 1000);
  }
  const name = (k: string) => `${processNames.get(Number(k.split(':')[0])) ?? '?'}/${threadNames.get(k) ?? k}`;
  // The page's main thread: the renderer main thread with the most tasks.
  const taskCount = new Map<string, number>();
  for (const e of timed) if (e.name === TASK && threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') taskCount.set(`${e.pid}:${e.tid}`, (taskCount.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...taskCount].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mainTasks = timed.filter((e) => e.name === TASK && `${e.pid}:${e.tid}` === main).map((e) => e.tdur! / 1000);
  return {
    threads: [...cpu].sort((a, b) => b[1] - a[1]).map(([k, v]) => ({ name: name(k), cpuMs: v })),
    mainCpuMs: main === undefined ? 0 : cpu.get(main) ?? 0,
    tasks: mainTasks.length,
    longestTaskCpuMs: Math.max(0, ...mainTasks),
    tasksOver50msCpu: mainTasks.filter((c) => c > 50).length,
  };
}
