// Cluster Events, newest first; Warnings stand out.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../format.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { newestEvents } from './newestEvents.ts';

const MAX_ROWS = 300;

export function EventList({ store }: { store: ClusterViewStore }) {
  const { t } = useTranslation();
  const events = useClusterView(store, (s) => s.events);
  // Ages tick with the virtual clock, but only once per virtual second.
  const nowSec = useClusterView(store, (s) => Math.floor(s.clock.nowMs / 1000));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const rows = useMemo(() => newestEvents(events.values(), MAX_ROWS), [events]);
  const warnings = useMemo(() => [...events.values()].filter((e) => e.type === 'Warning').length, [events]);
  return (
    <section className="pane events" data-testid="event-list">
      <div className="pane-head">
        <span className="pane-title">{t('events.title')}</span>
        <span className="pane-count">{events.size}</span>
        {warnings > 0 && <span className="chip chip-warn">{t('events.warnings', { count: warnings })}</span>}
      </div>
      <div className="events-scroll" tabIndex={0} aria-label={t('events.title')}>
        {rows.length === 0 ? (
          <div className="empty">{t('events.empty')}</div>
        ) : (
          <table className="events-table">
            <thead>
              <tr>
                <th className="col-age">{t('events.age')}</th>
                <th className="col-reason">{t('events.reason')}</th>
                <th className="col-object">{t('events.object')}</th>
                <th>{t('events.message')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr
                  key={e.key}
                  className={`${e.type === 'Warning' ? 'warning' : ''} ${expanded.has(e.key) ? 'expanded' : ''}`}
                  data-testid="event-row"
                  data-type={e.type}
                  data-reason={e.reason}
                  onClick={() => toggle(e.key)}
                >
                  <td className="col-age">{e.lastMs ? formatAge(nowSec * 1000 - e.lastMs) : ''}</td>
                  <td className="col-reason" title={`${e.type}: ${e.reason}`}>
                    {e.type === 'Warning' && <span className="warn-icon" aria-label={e.type}>▲ </span>}
                    {e.reason}
                  </td>
                  <td className="col-object" title={e.object}>{e.object}</td>
                  <td className="col-message" title={e.message}>
                    {e.message}
                    {e.count > 1 && <span className="count">{t('events.count', { count: e.count })}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
