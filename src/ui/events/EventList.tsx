// Cluster Events, newest first; Warnings stand out. Only the rows in view are rendered (spacers hold the rest of
// the scroll height). The rows are blocks of fixed height in normal flow, not a table: Events arrive several times
// a second at speed, and a table laid itself out whole (collapsed borders and all) for each new row, 7-10 ms a
// time with 2,000 pods rolling at 100x. Nor are they placed absolutely: a positioned row is a paint layer of its
// own, and layerizing fifty of them each frame cost more than the table had.
import { useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cachedT } from '../i18n/cachedT.ts';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../format.ts';
import { useClusterView, useClusterViewEvery, type ClusterViewStore } from '../state/clusterStore.ts';
import { EVENTS_EVERY_MS } from '../state/feedPacer.ts';
import { countWarnings, newestAfter, newestEvents, warningsAfter } from './newestEvents.ts';
import { useIncremental } from '../state/useIncremental.ts';

const MAX_ROWS = 300;
/** A collapsed row (24 px cells, the collapsed border inside them: styles.css). Expanded rows are measured. */
const ROW_HEIGHT = 24;
/** The sticky header's height: the rows start below it. */
const HEAD_HEIGHT = 24;

export function EventList({ store }: { store: ClusterViewStore }) {
  const { t } = useTranslation();
  const events = useClusterView(store, (s) => s.events);
  // Ages tick with the virtual clock, once per virtual second but at most as often as Events arrive: at 100x a
  // virtual second is every frame, and the pane re-rendered with each.
  const nowSec = useClusterViewEvery(store, (s) => Math.floor(s.clock.nowMs / 1000), EVENTS_EVERY_MS);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
    // A row that collapses goes back to its estimated height.
    virtualizer.measure();
  };
  const rows = useIncremental(events, (all) => newestEvents(all.values(), MAX_ROWS), (prev, changes) => newestAfter(prev, changes, MAX_ROWS));
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => rows[i].key,
    scrollMargin: HEAD_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start - HEAD_HEIGHT : 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1].end - HEAD_HEIGHT) : 0;
  const warnings = useIncremental(events, (all) => countWarnings(all.values()), warningsAfter);
  return (
    <section className="pane events" data-testid="event-list">
      <div className="pane-head">
        <span className="pane-title">{cachedT(t, 'events.title')}</span>
        <span className="pane-count">{events.size}</span>
        {warnings > 0 && <span className="chip chip-warn">{cachedT(t, 'events.warnings', { count: warnings })}</span>}
      </div>
      <div className="events-scroll" ref={scroller} tabIndex={0} aria-label={cachedT(t, 'events.title')}>
        {rows.length === 0 ? (
          <div className="empty">{cachedT(t, 'events.empty')}</div>
        ) : (
          <div className="events-table" role="table" aria-rowcount={rows.length + 1}>
            <div className="events-head" role="row">
              <span role="columnheader" className="col-age">{cachedT(t, 'events.age')}</span>
              <span role="columnheader" className="col-reason">{cachedT(t, 'events.reason')}</span>
              <span role="columnheader" className="col-object">{cachedT(t, 'events.object')}</span>
              <span role="columnheader" className="col-message">{cachedT(t, 'events.message')}</span>
            </div>
            <div className="events-body" role="rowgroup">
              {before > 0 && <div className="events-spacer" style={{ height: before }} aria-hidden="true" />}
              {items.map(({ index }) => {
                const e = rows[index];
                return (
                  <div
                    key={e.key}
                    role="row"
                    aria-rowindex={index + 2}
                    // Only an expanded row is measured (the others are ROW_HEIGHT): measuring each new row forced a layout per frame.
                    ref={expanded.has(e.key) ? virtualizer.measureElement : undefined}
                    data-index={index}
                    className={`event-row ${e.type === 'Warning' ? 'warning' : ''} ${expanded.has(e.key) ? 'expanded' : ''}`}
                    data-testid="event-row"
                    data-type={e.type}
                    data-reason={e.reason}
                    onClick={() => toggle(e.key)}
                  >
                    <span role="cell" className="col-age">{e.lastMs ? formatAge(nowSec * 1000 - e.lastMs) : ''}</span>
                    <span role="cell" className="col-reason" title={`${e.type}: ${e.reason}`}>
                      {e.type === 'Warning' && <span className="warn-icon" aria-label={e.type}>▲ </span>}
                      {e.reason}
                    </span>
                    <span role="cell" className="col-object" title={e.object}>{e.object}</span>
                    <span role="cell" className="col-message" title={e.message}>
                      {e.message}
                      {e.count > 1 && <span className="count">{cachedT(t, 'events.count', { count: e.count })}</span>}
                    </span>
                  </div>
                );
              })}
              {after > 0 && <div className="events-spacer" style={{ height: after }} aria-hidden="true" />}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
