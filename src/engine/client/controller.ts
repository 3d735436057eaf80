// The shape every controller shares: informers feed keys into a workqueue; a worker calls sync(key);
// an error requeues the key with backoff. Level-triggered: sync reads the current state, never the event.
import type { SimClock } from '../sim/clock.ts';
import { WorkQueue } from './workqueue.ts';

export abstract class Controller {
  readonly queue: WorkQueue;
  lastError: { key: string; message: string } | undefined;

  constructor(readonly name: string, protected readonly clock: SimClock) {
    this.queue = new WorkQueue(clock, (key) => this.sync(key));
    this.queue.onError = (key, err) => {
      this.lastError = { key, message: err instanceof Error ? err.message : String(err) };
    };
  }

  /** Bring the object named by key to its desired state. Throw to retry with backoff. */
  protected abstract sync(key: string): void;

  /** Register informer handlers; called once by the composition root before informers start. */
  abstract start(): void;
}
