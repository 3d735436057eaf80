// The worker's batches wait here for the next frame, and one frame takes at most a budget of pod changes: a
// rollout of thousands of pods is drawn over several frames instead of blocking the page for one long render.
// The budget adapts to how long the last full frame took, so a fast machine catches up at once.
import type { Delta } from '../../worker/protocol.ts';

/**
 * When the store may publish, how long the page then worked to draw what it published (measured once drawn), a
 * wait of some milliseconds, and the wall clock (the browser's, or a test's).
 */
export interface Pacing {
  frame(publish: () => void): void;
  rendered(measure: (drawMs: number) => void): void;
  after(ms: number, fn: () => void): void;
  now(): number;
}

/** Runs fn in a task of its own after the current one; posted in a frame's callback, once that frame is drawn. */
const nextTask = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
const queued: (() => void)[] = [];
if (nextTask) nextTask.port1.onmessage = () => queued.shift()?.();
function afterTask(fn: () => void): void {
  if (!nextTask) return void setTimeout(fn, 0);
  queued.push(fn);
  nextTask.port2.postMessage(null);
}
const nextFrame = (fn: () => void): void => void (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => fn()) : setTimeout(fn, 16));
const wallNow = (): number => performance.now();

/**
 * The store publishes in a task of its own just after a frame is drawn, and the browser draws what React changed
 * in the next frame: React's render and commit, and the browser's style, layout, paint and compositing, are two
 * tasks rather than one long one (on two cores each waits for a core about as long as it works, so halving the
 * longest piece of main-thread work is what keeps the page from blocking 50 ms). The drawing time handed to the
 * budget is both pieces, without the idle gap between them.
 */
export const browserPacing: Pacing = {
  frame: (publish) => nextFrame(() => afterTask(publish)),
  rendered: (measure) => {
    const began = wallNow();
    afterTask(() => {
      const scripted = wallNow() - began;
      nextFrame(() => {
        const frameBegan = wallNow();
        afterTask(() => measure(scripted + wallNow() - frameBegan));
      });
    });
  },
  after: (ms, fn) => void setTimeout(fn, ms),
  now: wallNow,
};

/**
 * A frame that draws pod changes should take about this long, from its callback until the browser has drawn it.
 * The page's long-task budget is 50 ms, but on two cores a frame waits for a core about as long as it works (the
 * worker, the compositor and raster threads want one too), so its wall time is about twice its CPU: aiming at
 * 20 ms left the worst frames at 30-40 ms of CPU and 65-80 ms of wall in a 2,000-pod rollout at 100x.
 * Measured from one frame to the next, as it once was, no frame can look shorter than the display's refresh
 * (16.7 ms at 60 Hz), so a target below that starved the budget; it is measured by the frame's own work.
 */
export const TARGET_FRAME_MS = 12;
/**
 * The share of the main thread that drawing pod changes may take while they keep coming: after a frame that drew
 * some, the next waits (1 / FEED_SHARE - 1) times as long as that one took. In a churn of thousands of pods the
 * map then redraws about 15 times a second, each pod showing its latest state, and input, panning and the other
 * panes keep four fifths of the thread; a quiet cluster's few changes take a millisecond and wait a few.
 */
export const FEED_SHARE = 0.2;
export const MIN_BUDGET = 25;
export const MAX_BUDGET = 20_000;
export const INITIAL_BUDGET = 400;
/**
 * Events reach the page at most this often: a rollout writes several per pod, and copying thousands of them
 * and re-picking the newest for the Events pane on every frame cost more than the map's own drawing.
 */
export const EVENTS_EVERY_MS = 250;

/**
 * What drawing one more node's card costs, in pod changes: a frame's time goes mostly to the cards it touches
 * (each re-renders and repaints whole), so a frame that spreads 25 changes over 20 cards is slower than one with
 * 200 changes on 3. Counting cards lets the adaptive budget bound the work a frame does.
 */
export const CARD_COST = 20;

/** Changes by key, the latest winning, in the order the keys first changed (null: deleted). */
export class PendingDelta<T> {
  private readonly changes = new Map<string, T | null>();

  /** `groupOf`: which card a change redraws (the budget charges CARD_COST per card); without it, none. */
  constructor(private readonly keyOf: (v: T) => string, private readonly groupOf?: (key: string, v: T | null) => string) {}

  get size(): number {
    return this.changes.size;
  }

  /** Within one batch deletes come before upserts, as the store applies them. */
  add(delta: Delta<T>): void {
    for (const k of delta.deletes) this.changes.set(k, null);
    for (const v of delta.upserts) this.changes.set(this.keyOf(v), v);
  }

  /**
   * The oldest changes that fit in `budget`, removed from what waits: each costs 1 and each card it redraws
   * first CARD_COST more. A change for a card that no longer fits waits for a later frame (keys are independent,
   * so the order across them does not matter); the oldest change is always taken.
   */
  take(budget: number): Delta<T> {
    const out: Delta<T> = { upserts: [], deletes: [] };
    const cards = new Set<string>();
    let spent = 0;
    for (const [k, v] of this.changes) {
      if (spent >= budget) break;
      if (this.groupOf) {
        const card = this.groupOf(k, v);
        if (!cards.has(card)) {
          if (cards.size > 0 && spent + CARD_COST + 1 > budget) continue;
          cards.add(card);
          spent += CARD_COST;
        }
      }
      spent++;
      if (v === null) out.deletes.push(k);
      else out.upserts.push(v);
      this.changes.delete(k);
    }
    return out;
  }

  clear(): void {
    this.changes.clear();
  }
}

/**
 * The longest the feed rests after one frame. A frame can take seconds when every core is busy (a GC pause, two
 * browsers and their workers on two cores): resting four times that could keep nodes, pods and the clock on the page a
 * quarter of a minute behind the cluster. Past this, the adaptive budget alone makes the next frames cheaper.
 */
export const MAX_REST_MS = 1000;

/** How long the feed rests after a frame that took `drawMs` to draw its pod changes. */
export function restAfter(drawMs: number): number {
  return Math.min(MAX_REST_MS, Math.max(0, drawMs) * (1 / FEED_SHARE - 1));
}

/** The next budget after a frame that used the whole budget took `frameMs` to draw. */
export function nextBudget(budget: number, frameMs: number): number {
  const factor = Math.min(2, Math.max(0.5, TARGET_FRAME_MS / Math.max(frameMs, 1)));
  return Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(budget * factor)));
}
