// ControllerExpectations (pkg/controller/controller_utils.go): after a controller creates or deletes pods it
// waits to see them in its informer before acting again, so that a slow watch never causes double creates.
import type { SimClock } from '../sim/clock.ts';

/** ExpectationsTimeout: a controller stops waiting for lost watch events after 5 minutes. */
const EXPECTATIONS_TIMEOUT_MS = 5 * 60_000;

interface Expectation { add: number; del: number; at: number }

export class ControllerExpectations {
  private readonly items = new Map<string, Expectation>();
  constructor(private readonly clock: SimClock) {}

  satisfied(key: string): boolean {
    const e = this.items.get(key);
    if (!e) return true;
    return (e.add <= 0 && e.del <= 0) || this.clock.now() - e.at > EXPECTATIONS_TIMEOUT_MS;
  }

  expect(key: string, add: number, del: number): void {
    this.items.set(key, { add, del, at: this.clock.now() });
  }

  creationObserved(key: string): void { this.lower(key, 1, 0); }
  deletionObserved(key: string): void { this.lower(key, 0, 1); }
  forget(key: string): void { this.items.delete(key); }

  private lower(key: string, add: number, del: number): void {
    const e = this.items.get(key);
    if (e) { e.add -= add; e.del -= del; }
  }
}

/**
 * slowStartBatch: create in batches of 1, 2, 4 … so that a systematic failure (quota, bad template) costs
 * one call, not hundreds. Returns how many succeeded; stops at the first failure.
 */
export function slowStartBatch(count: number, initialBatch: number, fn: () => void): { successes: number; error?: unknown } {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initialBatch); batch > 0; batch = Math.min(2 * batch, remaining)) {
    for (let i = 0; i < batch; i++) {
      try {
        fn();
        successes++;
      } catch (error) {
        return { successes, error };
      }
    }
    remaining -= batch;
  }
  return { successes };
}
