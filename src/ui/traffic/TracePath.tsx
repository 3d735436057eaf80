// One traced request drawn on the map hop by hop: the path grows from the client through DNS, the node's
// kube-proxy and the Service to the chosen pod (or to where it failed), one step every STEP_MS, with the step's
// caption below the map. ‹ and › step by hand; it stays until dismissed (✕ or Escape); replay draws it again.
import { useEffect, useMemo, useRef } from 'react';
import { Panel, useNodes, useReactFlow, useStore, ViewportPortal } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { mapGeometry, type Rect } from '../map/geometry.ts';
import { usePodPositions } from '../map/mapContext.ts';
import { useDataPlane } from '../network/dataPlane.ts';
import { edgePath } from './edges.ts';
import { frameBelow, stopsBounds, traceStops, type TraceStop } from './tracePath.ts';
import { advanceTrace, dismissTrace, replayTrace, stepTrace, useTrace, type TraceState } from './traceStore.ts';

/** Wall ms each step stays current before the next one is drawn. */
export const STEP_MS = 900;
const MARK_R = 9;

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The name shown above a stop that is not a pod tile (pods show their own names on hover). */
function useStopLabel(): (s: TraceStop) => string | undefined {
  const { t } = useTranslation();
  return (s) => {
    if (s.on === 'pod') return undefined;
    if (s.on === 'node') return s.hop.kind === 'proxy' ? 'kube-proxy' : s.hop.kind === 'dns' ? 'CoreDNS' : s.hop.pod?.split('/')[1];
    if (s.hop.kind === 'service') return s.hop.service;
    if (s.hop.kind === 'client') return t('dataPlane.trace.external');
    if (s.hop.kind === 'ingress') return t('dataPlane.trace.ingress');
    if (s.hop.kind === 'dns') return t('dataPlane.trace.outsideDns');
    return undefined;
  };
}

function Caption({ stops, step, ok, result }: { stops: TraceStop[]; step: number; ok: boolean; result: string }) {
  const { t } = useTranslation();
  const current = stops[Math.min(step, stops.length) - 1];
  const done = step > stops.length;
  return (
    <div className={`trace-caption ${done ? (ok ? 'trace-caption-ok' : 'trace-caption-bad') : ''}`} role="status" data-testid="trace-caption" data-step={step} data-done={done}>
      <div className="trace-caption-head">
        <strong>{done ? t(ok ? 'dataPlane.trace.succeeded' : 'dataPlane.trace.failed') : t('dataPlane.trace.step', { n: step, total: stops.length, kind: t(`dataPlane.trace.kind.${current.hop.kind}`) })}</strong>
        <button type="button" className="btn btn-ghost btn-small" data-testid="trace-prev" aria-label={t('dataPlane.trace.prev')} disabled={step <= 1} onClick={() => stepTrace(-1)}>‹</button>
        <button type="button" className="btn btn-ghost btn-small" data-testid="trace-next" aria-label={t('dataPlane.trace.next')} disabled={done} onClick={() => stepTrace(1)}>›</button>
        <button type="button" className="btn btn-ghost btn-small" data-testid="trace-replay" onClick={replayTrace}>{t('dataPlane.trace.replay')}</button>
        <button type="button" className="btn btn-ghost btn-small" data-testid="trace-dismiss" aria-label={t('dataPlane.trace.dismiss')} onClick={dismissTrace}>✕</button>
      </div>
      <div className="trace-caption-text">{done ? result : current.hop.text}</div>
    </div>
  );
}

/** Nothing to draw (and no map geometry to follow) until a request is traced. */
export function TracePath() {
  const state = useTrace();
  return state.trace ? <TraceOverlay {...state} trace={state.trace} /> : null;
}

function TraceOverlay({ trace, step, seq, paused }: TraceState & { trace: NonNullable<TraceState['trace']> }) {
  const nodes = useNodes();
  const { podAt, coveredTop } = usePodPositions();
  const geometry = useMemo(() => mapGeometry(nodes, podAt), [nodes, podAt]);
  const { services } = useDataPlane();
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const stopLabel = useStopLabel();
  const stops = useMemo(() => {
    const pods = new Map(services.map((s) => [s.key, [...new Set(s.endpoints.flatMap((e) => (e.pod ? [e.pod] : [])))]]));
    return traceStops(trace, geometry, (svc) => pods.get(svc) ?? []);
  }, [trace, geometry, services]);

  useEffect(() => {
    if (paused || step > trace.hops.length) return;
    const id = setTimeout(() => advanceTrace(seq), STEP_MS);
    return () => clearTimeout(id);
  }, [trace, step, seq, paused]);

  // Frame the map and the whole path once per trace.
  const framed = useRef(-1);
  useEffect(() => {
    if (!stops.length || framed.current === seq) return;
    framed.current = seq;
    void flow.setViewport(frameBelow(union(geometry.grid, stopsBounds(stops)), width, height, coveredTop), { duration: 250 });
  }, [stops, seq, flow, geometry, width, height, coveredTop]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && dismissTrace();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!stops.length) return null;
  const shown = stops.slice(0, step);
  const current = shown.at(-1);
  return (
    <>
      <ViewportPortal>
        <svg className="trace-path" data-testid="trace-map" data-ok={trace.ok} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }} width={1} height={1}>
          {current?.box && step <= stops.length && (
            <rect className={`trace-box ${current.failed ? 'trace-bad' : ''}`} x={current.box.x - 3} y={current.box.y - 3} width={current.box.width + 6} height={current.box.height + 6} rx={6} />
          )}
          {shown.slice(1).map((s, i) => {
            const from = shown[i].at;
            if (from.x === s.at.x && from.y === s.at.y) return null;
            return <path key={`seg-${s.step}`} d={edgePath(from, s.at).d} className={`trace-segment ${s.failed ? 'trace-bad' : ''}`} data-testid="trace-segment" />;
          })}
          {shown.map((s) => {
            const label = stopLabel(s);
            const isCurrent = s === current && step <= stops.length;
            return (
              <g key={`hop-${s.step}`} data-testid="trace-hop" data-step={s.step} data-kind={s.hop.kind} data-pod={s.hop.pod} data-node={s.hop.node} data-failed={s.failed} className={isCurrent ? 'trace-current' : ''}>
                <circle cx={s.at.x} cy={s.at.y} r={MARK_R} className={`trace-mark ${s.failed ? 'trace-bad' : ''}`} />
                <text x={s.at.x} y={s.at.y + 4} className="trace-mark-text">{s.failed ? '✕' : s.step}</text>
                {label && <text x={s.at.x} y={s.at.y - MARK_R - 5} className="trace-label">{label}</text>}
              </g>
            );
          })}
        </svg>
      </ViewportPortal>
      <Panel position="bottom-center">
        <Caption stops={stops} step={step} ok={trace.ok} result={trace.result} />
      </Panel>
    </>
  );
}
