// The timeline under the header: object changes and Events per slice of virtual time, a slider to scrub back
// to a past moment (the worker then shows the cluster as it was, read-only), and the banner that says so
// with a way back to the live moment.
import { memo, useEffect, useRef, useState } from 'react';
import { cachedT } from '../i18n/cachedT.ts';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { TimelineView } from '../../worker/protocol.ts';
import { formatAge, formatElapsed } from '../format.ts';
import { useClusterView, useClusterViewEvery, type ClusterViewStore } from '../state/clusterStore.ts';
import './workbench.css';

const REFRESH_MS = 1000;
const COMMIT_DELAY_MS = 200;

export interface TimelineBarProps {
  engine: Pick<EngineClient, 'timeline' | 'viewAt'>;
  store: ClusterViewStore;
}

/**
 * The bars, drawn again only when the worker's timeline changes (about once a second), not with every tick of the
 * clock; a bar's tooltip is written when the pointer first rests on it (a translation per bar per redraw added up).
 */
const TimelineBars = memo(function TimelineBars({ view, startMs }: { view: TimelineView | undefined; startMs: number }) {
  const { t } = useTranslation();
  const maxChanges = Math.max(1, ...(view?.buckets.map((b) => b.changes + b.events) ?? [1]));
  return (
    <div className="timeline-bars" aria-hidden="true">
      {view?.buckets.map((b, i) => (
        <span
          // By place, not by time: the buckets slide as time goes on, and keyed by time every bar was remade.
          key={i}
          className={`timeline-bar ${b.warnings ? 'warn' : ''}`}
          style={{ height: `${Math.round(((b.changes + b.events) / maxChanges) * 100)}%` }}
          onMouseEnter={(e) => (e.currentTarget.title = t('workbench.timeline.bucket', { at: formatElapsed(b.at - startMs), changes: b.changes, events: b.events, warnings: b.warnings }))}
        />
      ))}
    </div>
  );
});

export function TimelineBar({ engine, store }: TimelineBarProps) {
  const { t } = useTranslation();
  const clock = useClusterView(store, (s) => s.clock);
  const seq = useClusterViewEvery(store, (s) => s.seq, REFRESH_MS);
  const [view, setView] = useState<TimelineView | undefined>();
  const [draft, setDraft] = useState<number | undefined>();
  const commit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const past = clock.liveMs !== undefined;

  useEffect(() => {
    let live = true;
    engine.timeline().then((v) => live && setView(v), () => undefined);
    return () => void (live = false);
  }, [engine, seq, past]);
  useEffect(() => () => clearTimeout(commit.current), []);

  const from = view?.fromMs ?? clock.startMs;
  const liveMs = clock.liveMs ?? clock.nowMs;
  const value = draft ?? clock.nowMs;
  const scrub = (ms: number) => {
    setDraft(ms);
    clearTimeout(commit.current);
    commit.current = setTimeout(() => {
      void engine.viewAt(ms >= liveMs ? null : ms).finally(() => setDraft(undefined));
    }, COMMIT_DELAY_MS);
  };

  return (
    <div className={`timeline ${past ? 'timeline-past' : ''}`} data-testid="timeline">
      <div className="timeline-row">
        <span className="timeline-label">{cachedT(t, 'workbench.timeline.label')}</span>
        <div className="timeline-track">
          <TimelineBars view={view} startMs={clock.startMs} />
          <input
            type="range"
            className="timeline-slider"
            data-testid="timeline-slider"
            aria-label={cachedT(t, 'workbench.timeline.scrub')}
            title={cachedT(t, 'workbench.timeline.scrub')}
            min={from}
            max={liveMs}
            step={1}
            value={Math.min(Math.max(value, from), liveMs)}
            onChange={(e) => scrub(Number(e.target.value))}
          />
        </div>
        <span className="timeline-time mono">{past ? `T−${formatAge(liveMs - value)}` : cachedT(t, 'workbench.timeline.live')}</span>
      </div>
      {past && (
        <div className="banner timeline-banner" role="status" data-testid="past-banner">
          <span>{t('workbench.timeline.viewing', { ago: `T−${formatAge(liveMs - clock.nowMs)}`, at: formatElapsed(clock.nowMs - clock.startMs) })}</span>
          <button type="button" className="btn btn-primary btn-xs" data-testid="timeline-resume" onClick={() => void engine.viewAt(null)}>
            {cachedT(t, 'workbench.timeline.resume')}
          </button>
        </div>
      )}
    </div>
  );
}
