// The traffic panel: traffic sources (add and remove: `sim traffic …`), each Service's requests/s, p50/p99 and error
// rate over virtual time, the selected Service's endpoints live, and a form to trace one request (drawn on the map).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecResult } from '../../worker/protocol.ts';
import { useDataPlane } from '../network/dataPlane.ts';
import { SeriesChart } from './SeriesChart.tsx';
import { parseTrace, traceCommand } from './trace.ts';
import { dismissTrace, showTrace, useTrace } from './traceStore.ts';

type Exec = (line: string) => Promise<ExecResult>;

function percent(r: number): string {
  return `${(r * 100).toFixed(1)}%`;
}

function SourceForm({ exec }: { exec: Exec }) {
  const { t } = useTranslation();
  const [name, setName] = useState('load');
  const [url, setUrl] = useState('http://web');
  const [rps, setRps] = useState('20');
  const [from, setFrom] = useState('external');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fromFlag = from.trim() && from.trim() !== 'external' ? ` --from ${from.trim()}` : '';
    const r = await exec(`sim traffic add ${name.trim()} ${url.trim()} --rps ${rps.trim()}${fromFlag}`);
    setError(r.code === 0 ? '' : r.stderr.trim());
  };
  return (
    <form className="dp-form" data-testid="traffic-add-form" onSubmit={(e) => void submit(e)}>
      <label>{t('dataPlane.traffic.name')}<input value={name} onChange={(e) => setName(e.target.value)} data-testid="traffic-name" required /></label>
      <label>{t('dataPlane.traffic.url')}<input value={url} onChange={(e) => setUrl(e.target.value)} data-testid="traffic-url" required /></label>
      <label>{t('dataPlane.traffic.rate')}<input value={rps} onChange={(e) => setRps(e.target.value)} data-testid="traffic-rps" inputMode="numeric" size={4} /></label>
      <label>{t('dataPlane.traffic.from')}<input value={from} onChange={(e) => setFrom(e.target.value)} data-testid="traffic-from" size={10} /></label>
      <button type="submit" className="btn" data-testid="traffic-add">{t('dataPlane.traffic.add')}</button>
      {error && <div className="dp-bad" role="alert" data-testid="traffic-error">{error}</div>}
    </form>
  );
}

function Sources({ exec }: { exec: Exec }) {
  const { t } = useTranslation();
  const sources = useDataPlane().sources;
  if (sources.length === 0) return <p className="dp-empty">{t('dataPlane.traffic.noSources')}</p>;
  return (
    <table className="dp-table" data-testid="traffic-sources">
      <thead>
        <tr><th>{t('dataPlane.traffic.name')}</th><th>{t('dataPlane.traffic.url')}</th><th>{t('dataPlane.traffic.rps')}</th><th>{t('dataPlane.traffic.errors')}</th><th /></tr>
      </thead>
      <tbody>
        {sources.map((s) => (
          <tr key={s.name} data-testid="traffic-source" data-name={s.name} title={s.note ?? s.from}>
            <td>{s.name}</td>
            <td>{s.url}</td>
            <td>{s.last ? `${s.last.rps}/${s.rps}` : `–/${s.rps}`}</td>
            <td className={s.last && s.last.errorRate > 0 ? 'dp-bad' : ''}>{s.last ? percent(s.last.errorRate) : '–'}</td>
            <td>
              <button type="button" className="btn btn-ghost btn-small" data-testid="traffic-remove" aria-label={t('dataPlane.traffic.remove', { name: s.name })} onClick={() => void exec(`sim traffic remove ${s.name}`)}>
                ✕
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Endpoints({ service }: { service: string }) {
  const { t } = useTranslation();
  const { services, podTraffic } = useDataPlane();
  const svc = services.find((s) => s.key === service);
  if (!svc) return null;
  return (
    <table className="dp-table" data-testid="service-endpoints" data-service={service}>
      <thead>
        <tr><th>{t('dataPlane.traffic.endpoint')}</th><th>{t('dataPlane.traffic.pod')}</th><th>{t('dataPlane.traffic.node')}</th><th>{t('dataPlane.traffic.conditions')}</th><th title={t('dataPlane.traffic.waitingTitle')}>{t('dataPlane.traffic.waiting')}</th></tr>
      </thead>
      <tbody>
        {svc.endpoints.length === 0 && (
          <tr><td colSpan={5} className="dp-bad">{t('dataPlane.traffic.noEndpoints')}</td></tr>
        )}
        {svc.endpoints.map((e) => (
          <tr key={`${e.portName}/${e.ip}:${e.port}`} data-testid="endpoint-row" data-ready={e.ready}>
            <td>{e.ip}:{e.port}</td>
            <td>{e.pod ?? '—'}</td>
            <td>{e.nodeName ?? '—'}</td>
            <td className={e.ready ? '' : 'dp-bad'}>
              {[e.ready && 'ready', e.serving && 'serving', e.terminating && 'terminating'].filter(Boolean).join(', ') || t('dataPlane.traffic.notReady')}
            </td>
            <td data-testid="endpoint-waiting">{(e.pod ? podTraffic[e.pod]?.waiting : undefined) ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Traces one request; the map draws it hop by hop (TracePath) and this list follows the step being drawn. */
function TraceView({ exec }: { exec: Exec }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('http://web');
  const [from, setFrom] = useState('external');
  const [error, setError] = useState('');
  const { trace, step } = useTrace();
  const run = async (e: FormEvent) => {
    e.preventDefault();
    const r = await exec(traceCommand(url.trim(), from.trim()));
    const got = r.code === 0 ? parseTrace(r.stdout) : undefined;
    setError(got ? '' : r.stderr.trim() || r.stdout.trim());
    if (got) showTrace(got);
    else dismissTrace();
  };
  return (
    <div className="trace-view">
      <form className="dp-form" onSubmit={(e) => void run(e)}>
        <label>{t('dataPlane.traffic.traceUrl')}<input value={url} onChange={(e) => setUrl(e.target.value)} data-testid="trace-url" required /></label>
        <label>{t('dataPlane.traffic.from')}<input value={from} onChange={(e) => setFrom(e.target.value)} data-testid="trace-from" size={10} /></label>
        <button type="submit" className="btn" data-testid="trace-run">{t('dataPlane.traffic.trace')}</button>
      </form>
      {error && <div className="dp-bad" role="alert">{error}</div>}
      {trace && (
        <ol className="trace-steps" data-testid="trace-steps" data-ok={trace.ok}>
          {trace.hops.map((h, i) => (
            <li key={i} className={`trace-step ${i + 1 === step ? 'active' : ''}`} data-testid="trace-step">{h.text}</li>
          ))}
          <li className={`trace-result ${trace.ok ? 'dp-ok' : 'dp-bad'}`} data-testid="trace-result">{trace.result}</li>
        </ol>
      )}
    </div>
  );
}

export function TrafficPanel({ exec }: { exec: Exec }) {
  const { t } = useTranslation();
  const { services, serviceTraffic } = useDataPlane();
  const [selected, setSelected] = useState<string | undefined>();
  const withTraffic = serviceTraffic.filter((s) => s.samples.length > 0);
  return (
    <div className="traffic-panel" data-testid="traffic-panel">
      <h4>{t('dataPlane.traffic.sources')}</h4>
      <Sources exec={exec} />
      <SourceForm exec={exec} />
      <h4>{t('dataPlane.traffic.services')}</h4>
      {withTraffic.length === 0 && <p className="dp-empty">{t('dataPlane.traffic.noTraffic')}</p>}
      {withTraffic.map((s) => {
        const last = s.samples.at(-1);
        return (
          <section key={s.key} className="traffic-service" data-testid="traffic-service" data-service={s.key} data-rps={last?.rps ?? 0}>
            <button type="button" className={`traffic-service-head ${selected === s.key ? 'active' : ''}`} onClick={() => setSelected(selected === s.key ? undefined : s.key)}>
              <strong>{s.key}</strong>
              {last && (
                <span className="traffic-stats" data-testid="traffic-stats">
                  {t('dataPlane.traffic.stats', { rps: last.rps, p50: last.p50Ms, p99: last.p99Ms, errors: percent(last.errorRate) })}
                </span>
              )}
            </button>
            <SeriesChart samples={s.samples} />
            {selected === s.key && <Endpoints service={s.key} />}
          </section>
        );
      })}
      <h4>{t('dataPlane.traffic.endpointsTitle')}</h4>
      <select className="dp-select" data-testid="service-select" value={selected ?? ''} onChange={(e) => setSelected(e.target.value || undefined)}>
        <option value="">{t('dataPlane.traffic.pickService')}</option>
        {services.map((s) => <option key={s.key} value={s.key}>{s.key}</option>)}
      </select>
      {selected && !withTraffic.some((s) => s.key === selected) && <Endpoints service={selected} />}
      <h4>{t('dataPlane.traffic.traceTitle')}</h4>
      <TraceView exec={exec} />
    </div>
  );
}
