// TimedWorkerQueue (tainteviction/timed_workers.go) on the simulated clock: per pod, one piece of work due at
// a moment. Work that has fired stays registered (as null) so that it is not scheduled again until cancelled.
import type { SimClock, TimerId } from '../../sim/clock.ts';

export interface TimedWorker { createdAt: number; fireAt: number; timer: TimerId }

export class TimedWorkerQueue {
  private readonly workers = new Map<string, TimedWorker | null>();

  constructor(private readonly clock: SimClock, private readonly fire: (key: string) => void) {}

  /** Schedule work unless some is already registered for the key; due work fires at once. */
  addWork(key: string, createdAt: number, fireAt: number): void {
    if (this.workers.has(key)) return;
    const delay = fireAt - this.clock.now();
    if (delay <= 0) {
      this.workers.set(key, null);
      this.fire(key);
      return;
    }
    const timer = this.clock.after(delay, () => {
      this.workers.set(key, null);
      this.fire(key);
    });
    this.workers.set(key, { createdAt, fireAt, timer });
  }

  /** Drop the key's work; true when work was still waiting to fire. */
  cancelWork(key: string): boolean {
    if (!this.workers.has(key)) return false;
    const w = this.workers.get(key);
    if (w) this.clock.cancel(w.timer);
    this.workers.delete(key);
    return !!w;
  }

  /** The key's waiting work (undefined when none, or when it has already fired). */
  getWorker(key: string): TimedWorker | undefined {
    return this.workers.get(key) ?? undefined;
  }

  /** Whether the key's work has fired and was not cancelled since. */
  hasFired(key: string): boolean {
    return this.workers.has(key) && this.workers.get(key) === null;
  }

  /** Work that failed is forgotten, so that the next update schedules it again. */
  failed(key: string): void {
    if (this.hasFired(key)) this.workers.delete(key);
  }
}
