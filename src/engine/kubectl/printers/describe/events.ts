// The Events section closing most describe outputs: the object's events (searchEvents) sorted by time, as a
// Type / Reason / Age / From / Message table (DescribeEvents).
import type { Event } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { parseTime, translateTimestampSince } from '../time.ts';
import { listOrEmpty, type DescribeContext } from './context.ts';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer.ts';

export interface EventQuery {
  /** Match involvedObject.kind (upstream leaves it out for pods). */
  kind?: string;
  /** Accepted involvedObject.uid values; none means any. */
  uids?: string[];
}

/**
 * Events whose involvedObject names the object: same name and namespace, and the kind and uid when given —
 * the field selector kubectl's searchEvents sends.
 */
export function searchEvents(obj: KubeObject, ctx: DescribeContext, query: EventQuery = {}): Event[] {
  const name = obj.metadata?.name ?? '';
  const namespace = obj.metadata?.namespace ?? '';
  return listOrEmpty(ctx, 'Event', namespace || undefined).map((o) => typed<Event>(o)).filter((e) => {
    const ref = e.involvedObject ?? {};
    if ((ref.name ?? '') !== name || (ref.namespace ?? '') !== namespace) return false;
    if (query.kind !== undefined && (ref.kind ?? '') !== query.kind) return false;
    if (query.uids && query.uids.length > 0 && !query.uids.includes(ref.uid ?? '')) return false;
    return true;
  });
}

/** The event's time for sorting: series last observation, else lastTimestamp, else eventTime. */
function eventTime(e: Event): number {
  if (e.series) return parseTime(e.series.lastObservedTime) ?? 0;
  return parseTime(e.lastTimestamp) ?? parseTime(e.eventTime) ?? 0;
}

export function describeEvents(events: Event[], w: PrefixWriter, now: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  const sorted = [...events].sort((a, b) => eventTime(a) - eventTime(b));
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const first = e.eventTime ? translateTimestampSince(e.eventTime, now) : translateTimestampSince(e.firstTimestamp, now);
    let interval: string;
    if (e.series) {
      interval = `${translateTimestampSince(e.series.lastObservedTime, now)} (x${e.series.count ?? 0} over ${first})`;
    } else if ((e.count ?? 0) > 1) {
      interval = `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
    } else {
      interval = first;
    }
    const source = e.source?.component || e.reportingComponent || '';
    let message = (e.message ?? '').trim();
    if (e.involvedObject?.fieldPath) message = `${e.involvedObject.fieldPath}: ${message}`;
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${message}\n`);
  }
}
