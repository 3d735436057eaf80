// kubectl get events: LAST SEEN TYPE REASON OBJECT MESSAGE; wide adds SUBOBJECT and SOURCE before MESSAGE and
// FIRST SEEN, COUNT, NAME after it.
import type { Event, EventSource } from 'kubernetes-types/core/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

/** "component, host", falling back to reportingController / reportingInstance, host omitted when empty. */
export function formatEventSource(es: EventSource | undefined, reportingController?: string, reportingInstance?: string): string {
  const component = es?.component || reportingController || '';
  const instance = es?.host || reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

export const eventTable: TableDef = {
  columns: [
    { name: 'Last Seen' }, { name: 'Type' }, { name: 'Reason' }, { name: 'Object' },
    { name: 'Subobject', wide: true }, { name: 'Source', wide: true }, { name: 'Message' },
    { name: 'First Seen', wide: true }, { name: 'Count', wide: true }, { name: 'Name', wide: true },
  ],
  row(obj, { now }) {
    const e = typed<Event>(obj);
    const firstSeen = e.firstTimestamp
      ? translateTimestampSince(e.firstTimestamp, now)
      : translateTimestampSince(e.eventTime, now);
    let lastSeen = e.lastTimestamp ? translateTimestampSince(e.lastTimestamp, now) : firstSeen;
    let count = e.count ?? 0;
    if (e.series) {
      lastSeen = translateTimestampSince(e.series.lastObservedTime, now);
      count = e.series.count ?? 0;
    } else if (count === 0) {
      count = 1; // singleton events of the events.k8s.io API carry no count
    }
    const kind = (e.involvedObject?.kind ?? '').toLowerCase();
    const target = e.involvedObject?.name ? `${kind}/${e.involvedObject.name}` : kind;
    return [
      lastSeen, e.type ?? '', e.reason ?? '', target, e.involvedObject?.fieldPath ?? '',
      formatEventSource(e.source, e.reportingComponent, e.reportingInstance), (e.message ?? '').trim(),
      firstSeen, String(count), e.metadata?.name ?? '',
    ];
  },
};
