// A scenario's timeline: command lines that run at a virtual moment ("at 30s: sim node stop w2"). The entries
// are clock timers; the ones still waiting belong to the cluster's snapshot, so a reload keeps them.
import type { SimClock } from '../sim/clock.ts';
import type { ExecResult, ScheduledCommand } from '../index.ts';

export type ScheduledRunListener = (cmd: ScheduledCommand, result: ExecResult) => void;

export class CommandTimeline {
  /** By the order of scheduling: same-moment commands run in it. */
  private readonly waiting = new Map<number, ScheduledCommand>();
  private seq = 0;
  private readonly listeners = new Set<ScheduledRunListener>();

  constructor(private readonly clock: SimClock, private readonly exec: (line: string, stdin?: string) => ExecResult) {}

  /** Run the command at cmd.at (virtual ms since the epoch); a moment already past runs at once. */
  schedule(cmd: ScheduledCommand): void {
    const entry = { ...cmd };
    const id = ++this.seq;
    this.clock.after(Math.max(0, entry.at - this.clock.now()), () => {
      this.waiting.delete(id);
      const result = this.exec(entry.run, entry.stdin);
      for (const l of this.listeners) l(entry, result);
    });
    this.waiting.set(id, entry);
  }

  /** The commands still waiting, in the order they will run. */
  pending(): ScheduledCommand[] {
    return [...this.waiting.entries()].sort(([ia, a], [ib, b]) => a.at - b.at || ia - ib).map(([, c]) => ({ ...c }));
  }

  onRun(listener: ScheduledRunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
