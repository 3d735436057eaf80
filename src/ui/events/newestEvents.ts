// The Events list shows the newest few hundred of thousands: pick them without sorting them all each update.
import type { EventView } from '../../worker/protocol.ts';

/** Newest first; ties by key, descending. */
export function compareEvents(a: EventView, b: EventView): number {
  return b.lastMs - a.lastMs || (a.key === b.key ? 0 : a.key < b.key ? 1 : -1);
}

export function sortEvents(events: Iterable<EventView>): EventView[] {
  return [...events].sort(compareEvents);
}

/** The first `limit` of sortEvents(events), kept sorted while scanning once. */
export function newestEvents(events: Iterable<EventView>, limit: number): EventView[] {
  const top: EventView[] = [];
  for (const e of events) {
    if (top.length === limit && compareEvents(e, top[limit - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareEvents(top[mid], e) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, e);
    if (top.length > limit) top.pop();
  }
  return top;
}
