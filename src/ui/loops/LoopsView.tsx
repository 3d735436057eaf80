// The Control loops view: one controller's informer → workqueue → reconcile → API server, drawn from what its
// loop really did (the engine's loop trace), with the queue's keys and backoff timers, each sync's reads and
// writes, and the informer's resync tick. "Follow a key" filters everything to one object; slow motion reveals
// the events one by one and holds the simulation while the page is behind.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { LoopEvent, LoopStats, LoopView } from '../../worker/protocol.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { appendEvents, follows, keyOf, stageCounts, stageOf, syncLog, type Stage } from './loopModel.ts';
import './loops.css';

interface Props {
  engine: Pick<EngineClient, 'loops' | 'loopTrace' | 'play' | 'pause'>;
  store: ClusterViewStore;
}

const POLL_MS = 400;
const SLOW_STEP_MS = 350;
const STAGES: Stage[] = ['informer', 'queue', 'reconcile', 'api'];

export function LoopsView({ engine, store }: Props) {
  const { t } = useTranslation();
  // Only the start matters here: the view's own `now` comes with each poll (no re-render per clock frame).
  const startMs = useClusterView(store, (s) => s.clock.startMs);
  const [controllers, setControllers] = useState<LoopStats[]>([]);
  const [controller, setController] = useState('replicaset-controller');
  const [view, setView] = useState<LoopView>();
  const [events, setEvents] = useState<LoopEvent[]>([]);
  const [follow, setFollow] = useState('');
  const [slow, setSlow] = useState(false);
  const [revealed, setRevealed] = useState(0);
  const lastSeq = useRef(0);

  useEffect(() => {
    let live = true;
    void engine.loops().then((l) => live && setControllers(l));
    return () => { live = false; };
  }, [engine]);

  // Poll the chosen controller's loop; a new choice starts from an empty page.
  useEffect(() => {
    let live = true;
    lastSeq.current = 0;
    setEvents([]);
    setRevealed(0);
    const poll = async () => {
      const v = await engine.loopTrace(controller, lastSeq.current).catch(() => undefined);
      if (!live || !v) return;
      lastSeq.current = v.lastSeq;
      setView(v);
      setEvents((prev) => appendEvents(prev, v.events));
    };
    void poll();
    const id = setInterval(() => void poll(), POLL_MS);
    return () => { live = false; clearInterval(id); };
  }, [engine, controller]);

  const visible = useMemo(() => (follow ? events.filter((e) => follows(e, follow)) : events), [events, follow]);
  const shown = useMemo(() => (slow ? visible.slice(0, revealed) : visible), [slow, visible, revealed]);

  // Slow motion: one event per step; the simulation waits while the page is behind, then runs at 1×.
  useEffect(() => {
    if (!slow) { setRevealed(visible.length); return; }
    if (revealed >= visible.length) { void engine.play(1); return; }
    void engine.pause();
    const id = setTimeout(() => setRevealed((r) => r + 1), SLOW_STEP_MS);
    return () => clearTimeout(id);
  }, [slow, revealed, visible.length, engine]);

  const counts = useMemo(() => stageCounts(shown), [shown]);
  const log = useMemo(() => syncLog(shown), [shown]);
  const last = shown[shown.length - 1];
  const lastOf = (stage: Stage) => { for (let i = shown.length - 1; i >= 0; i--) if (stageOf(shown[i]) === stage) return shown[i]; return undefined; };
  const keys = useMemo(() => [...new Set(events.map(keyOf).filter((k): k is string => !!k))].sort(), [events]);
  const now = view?.now ?? startMs;
  const nextResync = view?.resync.length ? Math.min(...view.resync.map((r) => r.nextAt)) : undefined;
  const keep = (k: string) => !follow || k === follow;
  const stats = view?.stats;

  return (
    <div className="loops-view" data-testid="loops-view">
      <div className="loops-toolbar">
        <label>
          {t('loops.controller')}{' '}
          <select value={controller} onChange={(e) => setController(e.target.value)} data-testid="loops-controller">
            {(controllers.length ? controllers.map((c) => c.name) : [controller]).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <label>
          {t('loops.follow')}{' '}
          <input list="loops-keys" value={follow} placeholder={t('loops.followPlaceholder')} onChange={(e) => setFollow(e.target.value.trim())} data-testid="loops-follow" />
          <datalist id="loops-keys">{keys.map((k) => <option key={k} value={k} />)}</datalist>
        </label>
        <label title={t('loops.slowTitle')}>
          <input type="checkbox" checked={slow} onChange={(e) => { setRevealed(visible.length); setSlow(e.target.checked); }} data-testid="loops-slow" /> {t('loops.slow')}
        </label>
        {stats && <span className="loops-summary">{t('loops.summary', { syncs: stats.syncs, errors: stats.errors, depth: stats.queueDepth })}{stats.pendingDrops ? ` · ${t('loops.pendingDrops', { count: stats.pendingDrops })}` : ''}{stats.paused ? ` · ${t('loops.stopped')}` : ''}</span>}
      </div>

      <div className="loops-since">{t('loops.sinceOpened')}</div>
      <div className="loops-diagram" data-testid="loops-diagram">
        {STAGES.map((stage, i) => {
          const tok = lastOf(stage);
          return (
            <div key={stage} className="loops-stage-wrap">
              <div className={`loops-stage ${last && stageOf(last) === stage ? 'active' : ''}`} data-testid={`loops-stage-${stage}`}>
                <div className="loops-stage-title">{t(`loops.stage.${stage}`)}</div>
                <div className="loops-stage-counters">{stageCounters(stage, counts, t)}</div>
                {stage === 'informer' && nextResync !== undefined && (
                  <div className="loops-resync" data-testid="loops-resync">{t('loops.nextResync', { seconds: Math.max(0, Math.round((nextResync - now) / 1000)) })}</div>
                )}
                {stage === 'queue' && view && <QueueContents view={view} now={now} keep={keep} />}
                {tok && <div key={tok.seq} className={`loops-token ${tok.type === 'informer' && tok.dropped ? 'dropped' : ''} ${tok.type === 'sync-end' && tok.result === 'error' ? 'error' : ''}`} data-testid={`loops-token-${stage}`}>{tokenText(tok)}</div>}
              </div>
              {i < STAGES.length - 1 && <div className="loops-arrow" aria-hidden>→</div>}
            </div>
          );
        })}
      </div>

      <div className="loops-panes">
        <section className="loops-pane">
          <h3>{t('loops.syncs')}</h3>
          <ol className="loops-sync-log" data-testid="loops-sync-log">
            {log.map((s) => (
              <li key={s.seq} className={`loops-sync ${s.result ?? 'running'}`} data-testid="loops-sync">
                <span className="loops-time">T+{formatSeconds(s.t - startMs)}</span> <b>{s.key}</b>{' '}
                <span className="loops-result">{s.result === 'error' ? t('loops.error', { message: s.error }) : s.result === 'ok' ? t('loops.ok') : t('loops.running')}</span>
                {s.reads.length > 0 && <div className="loops-reads">{t('loops.reads')}: {s.reads.join(' · ')}</div>}
                {s.writes.length > 0 && <div className="loops-writes" data-testid="loops-writes">{t('loops.writes')}: {s.writes.join(' · ')}</div>}
              </li>
            ))}
          </ol>
        </section>
        <section className="loops-pane">
          <h3>{t('loops.events')}</h3>
          <ol className="loops-events" data-testid="loops-events">
            {shown.slice(-200).reverse().map((e) => (
              <li key={e.seq} className={`loops-event ${e.type} ${e.type === 'informer' && e.dropped ? 'dropped' : ''}`}>
                <span className="loops-time">T+{formatSeconds(e.t - startMs)}</span> {eventText(e, t)}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function QueueContents({ view, now, keep }: { view: LoopView; now: number; keep: (k: string) => boolean }) {
  const { t } = useTranslation();
  const q = view.queue;
  return (
    <ul className="loops-queue" data-testid="loops-queue">
      {q.processing.filter(keep).map((k) => <li key={`p${k}`} className="processing">{t('loops.processing', { key: k })}</li>)}
      {q.queued.filter(keep).map((k) => <li key={`q${k}`} className="queued">{k}</li>)}
      {q.waiting.filter((w) => keep(w.key)).map((w) => (
        <li key={`w${w.key}`} className="waiting">{t('loops.waiting', { key: w.key, ms: Math.max(0, w.dueAt - now), retries: w.requeues })}</li>
      ))}
    </ul>
  );
}

function stageCounters(stage: Stage, c: ReturnType<typeof stageCounts>, t: T): string {
  switch (stage) {
    case 'informer': return t('loops.count.informer', { delivered: c.informer, dropped: c.dropped, resyncs: c.resyncs });
    case 'queue': return t('loops.count.queue', { added: c.queued, retries: c.retries });
    case 'reconcile': return t('loops.count.reconcile', { syncs: c.syncs, errors: c.errors });
    case 'api': return t('loops.count.api', { writes: c.writes });
  }
}

function tokenText(e: LoopEvent): string {
  return e.type === 'resync' ? `⟳ ${e.kind}` : e.type === 'write' ? `${e.verb} ${e.target}` : e.key;
}

function eventText(e: LoopEvent, t: T): string {
  switch (e.type) {
    case 'informer': return t(e.dropped ? 'loops.ev.dropped' : 'loops.ev.informer', { op: e.op, kind: e.kind, key: e.key, source: t(`loops.source.${e.source}`) });
    case 'resync': return t('loops.ev.resync', { kind: e.kind });
    case 'queue': return t('loops.ev.queue', { op: e.op, key: e.key, depth: e.depth }) + (e.delayMs !== undefined ? ` ${t('loops.ev.delay', { ms: e.delayMs })}` : '') + (e.requeues ? ` ${t('loops.ev.retry', { n: e.requeues })}` : '');
    case 'sync-start': return t('loops.ev.syncStart', { key: e.key });
    case 'sync-end': return e.result === 'ok' ? t('loops.ev.syncOk', { key: e.key }) : t('loops.ev.syncError', { key: e.key, message: e.error });
    case 'read': return t('loops.ev.read', { verb: e.verb, kind: e.kind, target: e.target ?? '' });
    case 'write': return t('loops.ev.write', { verb: e.verb, kind: e.kind, target: e.target });
  }
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}
