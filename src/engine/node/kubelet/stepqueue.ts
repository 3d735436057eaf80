// Delayed steps of the pod workers without a closure per step. The clock runs timers in (due time, creation) order,
// so timers made with one fixed delay run in the order they were made: a FIFO of what each is for, and one
// callback shared by all of them, run the same steps at the same moments as a closure per timer would. Those
// closures (and the contexts they held) waited in the clock's queue through young-generation GCs: they were most
// of the kubelet's objects that outlived one.
import type { SimClock } from '../../sim/clock.ts';

/** Compact the FIFO once this many entries have run and they are at least half of it (as the clock's due list). */
const COMPACT_AT = 4096;

export class StepQueue<T> {
  /** Entries head..tail-1 wait. An emptied queue starts again at 0 and keeps its array (it empties often). */
  private items: (T | undefined)[] = [];
  private head = 0;
  private tail = 0;
  /** The timers' one callback: the oldest entry's step (the timer made first runs first). */
  private readonly fire = (): void => {
    const item = this.items[this.head] as T;
    this.items[this.head++] = undefined;
    if (this.head === this.tail) { this.head = 0; this.tail = 0; }
    else if (this.head >= COMPACT_AT && this.head * 2 >= this.tail) {
      this.items = this.items.slice(this.head, this.tail);
      this.tail -= this.head;
      this.head = 0;
    }
    this.run(item);
  };

  constructor(private readonly clock: SimClock, private readonly delayMs: number, private readonly run: (item: T) => void) {}

  /** run(item) after the queue's delay. The timer cannot be cancelled: a step checks whether it is still wanted. */
  schedule(item: T): void {
    if (this.tail < this.items.length) this.items[this.tail] = item;
    else this.items.push(item);
    this.tail++;
    this.clock.after(this.delayMs, this.fire);
  }
}
