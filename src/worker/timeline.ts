// The timeline's data: how many objects changed, and how many Events (Warnings apart) were recorded, per
// slice of virtual time from the oldest moment the history keeps to the live one.
import type { Event as KubeEvent } from 'kubernetes-types/core/v1';
import type { ClusterHistory } from './history.ts';
import type { TimelineView } from './protocol.ts';

export const TIMELINE_BUCKETS = 120;

export function timelineView(history: ClusterHistory, liveMs: number, viewingMs?: number, buckets = TIMELINE_BUCKETS): TimelineView {
  const fromMs = Math.min(history.fromMs, liveMs);
  const span = Math.max(1, liveMs - fromMs);
  const width = span / buckets;
  const out = Array.from({ length: buckets }, (_, i) => ({ at: Math.round(fromMs + i * width), changes: 0, events: 0, warnings: 0 }));
  for (const c of history.changesSince(fromMs)) {
    const b = out[Math.min(buckets - 1, Math.floor((c.at - fromMs) / width))];
    if (c.object.kind === 'Event') {
      if (c.type === 'DELETED') continue;
      b.events++;
      if ((c.object as unknown as KubeEvent).type === 'Warning') b.warnings++;
    } else if (c.object.kind !== 'Lease') {
      b.changes++; // node heartbeats (Leases) would drown every other change
    }
  }
  return { fromMs, liveMs, ...(viewingMs !== undefined ? { viewingMs } : {}), buckets: out };
}
