// A StepQueue must run each step when, and in the order, a closure per timer would have run it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../sim/clock.ts';
import { StepQueue } from './stepqueue.ts';

type Op = { kind: 'schedule'; queue: number; item: number; then?: number } | { kind: 'advance'; ms: number } | { kind: 'other'; ms: number };

const DELAYS = [0, 100, 500];

/** Runs the ops with StepQueues (or a closure per timer) and logs every step as "time queue item". */
function run(ops: Op[], queued: boolean): string[] {
  const clock = new SimClock(0);
  const log: string[] = [];
  const schedulers = DELAYS.map((delay, q) => {
    const step = (item: number) => {
      log.push(`${clock.now()} q${q} ${item}`);
      // A step may ask for more steps while it runs (a sync that queues a flush and another sync).
      if (item >= 1000 && item < 1003) schedulers[(q + 1) % DELAYS.length](item + 1);
    };
    if (queued) {
      const queue = new StepQueue<number>(clock, delay, step);
      return (item: number) => queue.schedule(item);
    }
    return (item: number) => { clock.after(delay, () => step(item)); };
  });
  for (const op of ops) {
    if (op.kind === 'schedule') schedulers[op.queue](op.item);
    else if (op.kind === 'other') clock.after(op.ms, () => log.push(`${clock.now()} other`));
    else clock.advance(op.ms);
  }
  clock.runUntilIdle();
  return log;
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('schedule' as const), queue: fc.nat(DELAYS.length - 1), item: fc.oneof(fc.nat(999), fc.constant(1000)) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 50, 100, 499, 500, 700) }),
  fc.record({ kind: fc.constant('other' as const), ms: fc.constantFrom(0, 100, 300, 500) }),
);

describe('StepQueue', () => {
  it('property: runs the same steps at the same moments, in the same order, as a closure per timer', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      expect(run(ops, true)).toEqual(run(ops, false));
    }), { numRuns: 300, seed: 5 });
  });

  it('keeps its order across compactions of a queue that never empties', () => {
    const clock = new SimClock(0);
    const seen: number[] = [];
    const queue = new StepQueue<number>(clock, 10, (i) => seen.push(i));
    // A step asked for every millisecond: 10 always wait, so the FIFO drains only at the end.
    for (let i = 0; i < 10_000; i++) { queue.schedule(i); clock.advance(1); }
    clock.runUntilIdle();
    expect(seen).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });
});
