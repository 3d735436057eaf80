// events.k8s.io/v1 Event: the same Events the API server stores as core/v1, served in the newer shape. The
// registry keys kinds by name, so the group is a read-only view resolved here and converted when an Event is
// printed as an object (the conversion of pkg/apis/events/v1: message → note, involvedObject → regarding, …).
// Simplification: read-only (get, list); Events are written through core/v1 only.
import type { Event } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../api/kinds.ts';
import type { KubeObject } from '../api/object.ts';

export const EVENTS_V1: KindInfo = {
  kind: 'Event', group: 'events.k8s.io', version: 'v1', plural: 'events', singular: 'event', shortNames: ['ev'], namespaced: true, hasStatus: false,
};

/** The view kinds kubectl resolves besides the registry's (api-resources lists them too). */
export const VIEW_KINDS: KindInfo[] = [EVENTS_V1];

/** "events.events.k8s.io", "ev.v1.events.k8s.io", "event.events.k8s.io". */
export function resolveView(typed: string): KindInfo | undefined {
  const lower = typed.toLowerCase();
  const dot = lower.indexOf('.');
  if (dot < 0) return undefined;
  const name = lower.slice(0, dot);
  const group = lower.slice(dot + 1);
  if (group !== 'events.k8s.io' && group !== 'v1.events.k8s.io') return undefined;
  return ['events', 'event', 'ev'].includes(name) ? EVENTS_V1 : undefined;
}

/** Convert_core_Event_To_v1_Event. */
export function toEventsV1(obj: KubeObject): KubeObject {
  const ev = obj as Event & KubeObject;
  return {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: ev.metadata,
    eventTime: ev.eventTime ?? null,
    ...(ev.series ? { series: { count: ev.series.count, lastObservedTime: ev.series.lastObservedTime } } : {}),
    reportingController: ev.reportingComponent ?? '',
    reportingInstance: ev.reportingInstance ?? '',
    ...(ev.action ? { action: ev.action } : {}),
    ...(ev.reason ? { reason: ev.reason } : {}),
    regarding: ev.involvedObject,
    ...(ev.related ? { related: ev.related } : {}),
    ...(ev.message ? { note: ev.message } : {}),
    ...(ev.type ? { type: ev.type } : {}),
    ...(ev.source && (ev.source.component || ev.source.host) ? { deprecatedSource: ev.source } : {}),
    ...(ev.firstTimestamp ? { deprecatedFirstTimestamp: ev.firstTimestamp } : {}),
    ...(ev.lastTimestamp ? { deprecatedLastTimestamp: ev.lastTimestamp } : {}),
    ...(ev.count ? { deprecatedCount: ev.count } : {}),
  } as KubeObject;
}

/** Objects as the requested kind presents them. */
export function viewOf(info: KindInfo, items: KubeObject[]): KubeObject[] {
  return info === EVENTS_V1 ? items.map(toEventsV1) : items;
}
