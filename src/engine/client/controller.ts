// The shape every controller shares: informers feed keys into a workqueue; a worker calls sync(key);
// an error requeues the key with backoff. Level-triggered: sync reads the current state, never the event.
import type { SimClock } from '../sim/clock.ts';
import { WorkQueue, type RateLimiter } from './workqueue.ts';
import { LoopTap } from './looptrace.ts';

export abstract class Controller {
  readonly queue: WorkQueue;
  lastError: { key: string; message: string } | undefined;
  /** The loop made visible: counters always, a trace on demand, the drop-events fault. */
  readonly loop: LoopTap;

  /** `rateLimiter`: the retry backoff of failed syncs, when the controller's differs from the default one. */
  constructor(readonly name: string, protected readonly clock: SimClock, rateLimiter?: RateLimiter) {
    // The sync is handed over as one function bound here, not as a closure over each key (one per sync).
    const sync = (key: string) => this.sync(key);
    this.queue = new WorkQueue(clock, (key) => this.loop.sync(key, sync), rateLimiter);
    this.loop = new LoopTap(name, clock, this.queue);
    this.queue.onError = (key, err) => {
      this.lastError = { key, message: err instanceof Error ? err.message : String(err) };
    };
  }

  /** Bring the object named by key to its desired state. Throw to retry with backoff. */
  protected abstract sync(key: string): void;

  /** Called in sync: this sync lasts `ms` of virtual time (adds of its key meanwhile coalesce into one more sync). */
  protected syncTakes(ms: number): void { this.queue.takes(ms); }

  /** Register informer handlers; called once by the composition root before informers start. */
  abstract start(): void;

  /**
   * The controller-manager is stopped (or cannot reach the API server): workers take no keys, while the
   * informers keep filling the queue. resume() lets them catch up, level-triggered.
   */
  pause(): void { this.queue.pause(); }
  resume(): void { this.queue.resume(); }
  get paused(): boolean { return this.queue.isPaused; }
}
