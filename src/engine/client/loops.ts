// Every controller's loop, by name: the read model of `sim controller` and the page's Control loops view.
import type { Store } from '../apiserver/store.ts';
import type { SimClock } from '../sim/clock.ts';
import type { Controller } from './controller.ts';
import type { DropFault, LoopEvent, LoopStats } from './looptrace.ts';

/** What the page draws for one controller: its counters, the queue now, the informers' resync, new events. */
export interface LoopView {
  stats: LoopStats;
  queue: { queued: string[]; processing: string[]; waiting: { key: string; dueAt: number; requeues: number }[] };
  resync: { kind: string; periodMs: number; nextAt: number }[];
  events: LoopEvent[];
  /** The seq of the newest event (pass it back as sinceSeq). */
  lastSeq: number;
  now: number;
}

export class UnknownControllerError extends Error {}

export class ControllerLoops {
  constructor(private readonly controllers: () => readonly Controller[], private readonly store: Store, private readonly clock: SimClock) {}

  names(): string[] { return this.controllers().map((c) => c.name).sort(); }

  list(): LoopStats[] {
    return [...this.controllers()].sort((a, b) => a.name.localeCompare(b.name)).map((c) => c.loop.stats(c.paused));
  }

  /** Start (or stop) recording one controller's loop. */
  trace(name: string, on = true): void {
    const c = this.get(name);
    if (on) c.loop.trace((h) => this.store.watchAll(h)); else c.loop.untraceAll();
  }

  /** The controller's loop since `sinceSeq`; tracing starts on the first look. */
  view(name: string, sinceSeq = 0): LoopView {
    const c = this.get(name);
    this.trace(name);
    const events = c.loop.events(sinceSeq);
    const resync = [...c.loop.resyncOf].filter(([, r]) => r.periodMs > 0).map(([kind, r]) => ({ kind, periodMs: r.periodMs, nextAt: r.nextAt() }));
    return {
      stats: c.loop.stats(c.paused), queue: c.queue.contents(), resync, events,
      lastSeq: events.length ? events[events.length - 1].seq : sinceSeq, now: this.clock.now(),
    };
  }

  dropEvents(name: string, fault: DropFault): void { this.get(name).loop.dropEvents(fault); }

  /** Pending drop-events faults, for the cluster snapshot. */
  faults(): Record<string, DropFault> {
    const out: Record<string, DropFault> = {};
    for (const c of this.controllers()) { const f = c.loop.pendingDrops; if (f) out[c.name] = f; }
    return out;
  }

  restoreFaults(faults: Record<string, DropFault> | undefined): void {
    for (const [name, f] of Object.entries(faults ?? {})) this.controllers().find((c) => c.name === name)?.loop.dropEvents(f);
  }

  private get(name: string): Controller {
    const c = this.controllers().find((x) => x.name === name);
    if (!c) throw new UnknownControllerError(`controller "${name}" not found; known controllers: ${this.names().join(', ')}`);
    return c;
  }
}
