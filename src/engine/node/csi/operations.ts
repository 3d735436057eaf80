// Calls to the CSI backend take virtual time: a sidecar starts an operation, comes back when it is due, and only
// then makes the call (level-triggered: if the object changed meanwhile, the sync decides again).
import type { SimClock } from '../../sim/clock.ts';
import type { WorkQueue } from '../../client/workqueue.ts';

export class PendingOperations {
  private readonly dueAt = new Map<string, number>();

  constructor(private readonly clock: SimClock, private readonly queue: WorkQueue) {}

  /** True once the operation named `key` has run for `ms`; the first call starts it (and `onStart` runs). */
  due(key: string, ms: number, onStart?: () => void): boolean {
    const at = this.dueAt.get(key);
    if (at === undefined) {
      this.dueAt.set(key, this.clock.now() + ms);
      this.queue.addAfter(key, ms);
      onStart?.();
      return false;
    }
    if (this.clock.now() < at) { this.queue.addAfter(key, at - this.clock.now()); return false; }
    return true;
  }

  /** The operation finished (or is no longer wanted). */
  done(key: string): void { this.dueAt.delete(key); }
}
