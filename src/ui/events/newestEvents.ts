// The Events list shows the newest few hundred of thousands: pick them without sorting them all each update.
import type { EventView } from '../../worker/protocol.ts';
import type { ViewChanges } from '../state/mapView.ts';

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

/**
 * newestEvents after `changes`, from the rows it gave before (`prev`) instead of every Event; undefined when a row
 * left without a successor that still sorts within the old last row, since then an Event outside the rows could
 * move up and only a full scan finds it.
 */
export function newestAfter(prev: readonly EventView[], changes: ViewChanges<EventView>, limit: number): EventView[] | undefined {
  const gone = new Set<string>();
  for (const e of changes.removed) gone.add(e.key);
  // The last write of a key wins, as in the map.
  const written = new Map<string, EventView>();
  for (const e of changes.upserts) written.set(e.key, e);
  const kept = prev.filter((e) => !gone.has(e.key));
  if (prev.length === limit && kept.length < limit) {
    const last = prev[limit - 1];
    const staysWithin = (key: string) => {
      const e = written.get(key);
      return e !== undefined && compareEvents(e, last) <= 0;
    };
    if (prev.some((e) => gone.has(e.key) && !staysWithin(e.key))) return undefined;
  }
  return newestEvents([...kept, ...written.values()], limit);
}

export const isWarning = (e: EventView) => e.type === 'Warning';

export function countWarnings(events: Iterable<EventView>): number {
  let n = 0;
  for (const e of events) if (isWarning(e)) n++;
  return n;
}

/** The Warning count after `changes`: what was removed or replaced counted out, what was written counted in. */
export function warningsAfter(prev: number, changes: ViewChanges<EventView>): number {
  return prev - countWarnings(changes.removed) + countWarnings(changes.upserts);
}
