// Commands that block while the cluster works (helm --wait, argocd app wait) run the simulation under them: the
// command returns when its condition holds or its timeout has passed in virtual time, as any other event in the run.
// SIMULATION: a command that a scenario's timeline runs (inside a clock timer), or one issued while the clock is
// held for an outside answer, cannot move time: it checks once, and what is not ready then is a timeout.
import type { SimClock } from './clock.ts';

/**
 * Run the simulation until `poll` answers (a value that is not undefined) or `timeoutMs` has passed; with
 * `intervalMs` the answer is asked for at that interval (a poll), otherwise after every event (a watch).
 */
export function until<T>(clock: SimClock, timeoutMs: number, poll: () => T | undefined, intervalMs?: number): T | undefined {
  const deadline = clock.now() + timeoutMs;
  let answer = poll();
  while (answer === undefined) {
    const left = deadline - clock.now();
    if (left <= 0 || clock.stepping || clock.held) return undefined;
    if (intervalMs !== undefined) {
      clock.advance(Math.min(intervalMs, left));
      answer = poll();
    } else {
      clock.advance(left, () => (answer = poll()) !== undefined);
    }
  }
  return answer;
}
